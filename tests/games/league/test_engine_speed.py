"""The engine's fast paths (DECISIONS, engine speed): a listed object is applied without a
working copy, anything else keeps every check; the listing is a cache, never state."""

import copy
import pickle

import pytest

from tavola.core import Action, IllegalAction, Table
from tavola.core.protocol import state_hash

from .engine_support import table


def tactic_table() -> Table:
    return table({"start": "tactic", "attacker": 0, "pools": [8, 8]})


def test_a_listed_action_is_applied_in_place_with_the_same_events_as_its_json_copy() -> None:
    fast, checked = tactic_table(), tactic_table()
    listed = next(
        a for a in fast.game.legal_actions(fast.state, "0") if a.type == "designate_legend"
    )
    copied = Action.from_json(listed.to_json())
    assert fast.game.apply(fast.state, "0", listed) == checked.game.apply(
        checked.state, "0", copied
    )
    assert state_hash(fast.game, fast.state) == state_hash(checked.game, checked.state)


def test_a_listed_action_gone_stale_is_checked_and_refused_leaving_the_state() -> None:
    t = tactic_table()
    stale = next(a for a in t.game.legal_actions(t.state, "0") if a.type == "designate_legend")
    t.game.apply(t.state, "0", stale)
    before = state_hash(t.game, t.state)
    with pytest.raises(IllegalAction) as refused:
        t.game.apply(t.state, "0", stale)
    assert refused.value.code == "NOT_YOUR_TURN"  # the defender's tactic step now
    assert state_hash(t.game, t.state) == before


def test_the_listing_is_handed_out_again_unchanged_by_what_the_caller_did_to_its_list() -> None:
    t = tactic_table()
    first = t.game.legal_actions(t.state, "0")
    expected = list(first)
    first.clear()
    first.append(Action("declare_attack"))
    assert t.game.legal_actions(t.state, "0") == expected


def test_a_listed_state_pickles_and_deep_copies_without_its_listing() -> None:
    t = tactic_table()
    t.game.legal_actions(t.state, "0")
    for twin in (pickle.loads(pickle.dumps(t.state)), copy.deepcopy(t.state)):
        assert twin.listed is None
        assert state_hash(t.game, twin) == state_hash(t.game, t.state)


def test_a_clone_starts_without_its_originals_listing() -> None:
    t = tactic_table()
    t.game.legal_actions(t.state, "0")
    assert t.game.clone(t.state).listed is None
