"""Actions and events as small immutable values with a stable JSON form."""

import contextlib
import json
from types import MappingProxyType

import pytest

from tavola.core import Action, Event


def test_action_json_form_is_flat():
    assert Action("cut_deck", k=10).to_json() == {"type": "cut_deck", "k": 10}


def test_action_json_round_trip():
    action = Action("choose", choice="switch", cards=["a", "b"], extra={"n": 1})
    again = Action.from_json(json.loads(json.dumps(action.to_json())))
    assert again == action
    assert again.to_json() == action.to_json()


def test_action_from_bare_string_has_no_arguments():
    action = Action.from_json("flip")
    assert action.type == "flip"
    assert dict(action.args) == {}
    assert action == Action("flip")


def test_action_equality_ignores_argument_order():
    assert Action("x", a=1, b=2) == Action("x", b=2, a=1)


def test_action_hash_ignores_argument_order():
    assert hash(Action("x", a=1, b=2)) == hash(Action("x", b=2, a=1))
    assert len({Action("x", a=1, b=2), Action("x", b=2, a=1)}) == 1


def test_action_equality_ignores_list_versus_tuple():
    assert Action("x", cards=[1, 2]) == Action("x", cards=(1, 2))
    assert hash(Action("x", cards=[1, 2])) == hash(Action("x", cards=(1, 2)))


def test_actions_with_different_arguments_differ():
    assert Action("cut_deck", k=1) != Action("cut_deck", k=2)
    assert Action("cut_deck", k=1) != Action("cut", k=1)


def test_action_attribute_cannot_be_set():
    action = Action("flip")
    with pytest.raises(AttributeError):
        action.type = "cut_deck"  # type: ignore[misc]
    assert action.type == "flip"


def test_action_arguments_cannot_be_replaced():
    action = Action("cut_deck", k=1)
    with pytest.raises(TypeError):
        action.args["k"] = 2  # type: ignore[index]
    assert action.get("k") == 1


def test_action_keeps_no_reference_to_the_callers_list():
    cards = [1, 2]
    action = Action("x", cards=cards)
    cards.append(3)
    assert action.to_json() == {"type": "x", "cards": [1, 2]}


def test_action_nested_mapping_argument_cannot_be_mutated():
    action = Action("x", opts={"k": 1})
    with contextlib.suppress(TypeError):
        action.args["opts"]["k"] = 2  # type: ignore[index]
    assert action.to_json() == {"type": "x", "opts": {"k": 1}}


def test_type_as_argument_name_is_refused():
    # Python itself refuses the keyword (it collides with the positional `type`).
    with pytest.raises((TypeError, ValueError), match="type"):
        Action("x", **{"type": "y"})


def test_from_json_without_type_raises_value_error():
    with pytest.raises(ValueError, match="type"):
        Action.from_json({"k": 1})


def test_from_json_with_non_string_type_raises_value_error():
    with pytest.raises(ValueError, match="type"):
        Action.from_json({"type": 5})


def test_action_get_returns_default_for_absent_argument():
    assert Action("cut_deck").get("k", 7) == 7


def test_public_event_json_shape():
    event = Event("deck_cut", {"seat": "P2", "k": 10}, seq=3)
    assert event.to_json() == {
        "seq": 3,
        "type": "deck_cut",
        "visibility": "public",
        "data": {"seat": "P2", "k": 10},
    }


def test_private_event_json_lists_seats_sorted():
    event = Event("card_drawn", {"card": "S1-001"}, visible_to=frozenset({"P3", "P1"}), seq=1)
    assert event.to_json()["visibility"] == ["P1", "P3"]


def test_event_json_turns_tuples_into_lists():
    event = Event("piles_dealt", {"sizes": (20, 20)})
    assert event.to_json()["data"] == {"sizes": [20, 20]}


def test_event_is_immutable():
    event = Event("x")
    with pytest.raises(AttributeError):
        event.type = "y"  # type: ignore[misc]


def test_frozen_action_equals_the_same_action_built_from_plain_values():
    group = (MappingProxyType({"iid": "c1", "stat": "str"}),)
    fast = Action.frozen("declare_attack", {"attackers": group, "target": "c2"})
    plain = Action("declare_attack", attackers=[{"iid": "c1", "stat": "str"}], target="c2")
    assert fast == plain and hash(fast) == hash(plain)
    assert fast.to_json() == plain.to_json()
    with pytest.raises(AttributeError):
        fast.type = "pass"  # type: ignore[misc]
