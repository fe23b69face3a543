"""§8 in battles: hands, the deck's order after a reshuffle, sealed choices. Team views
are scenarios: scenarios/legends/battle/views_team_*.toml."""

import json

from tavola.core import Action, Rng, Table, Viewer
from tavola.core.playout import random_action
from tavola.games.legends import views
from tavola.games.legends.draws import take_top

from .tables import character

CATALOG = ["starter_S1", character("X-A", hp=300, str_=60), character("X-B", hp=200)]


def two_seats(**setup):
    players = [
        {"name": "P", "age": 10, "main_card_id": "S1-001"},
        {"name": "D", "age": 20, "main_card_id": "S1-002"},
    ]
    config = {"mode": "classic", "players": players, "catalog": CATALOG}
    return Table("legends", config, 1, {"turn_order": ["P1", "P2"], **setup})


def test_r16_a_reshuffled_deck_hides_its_new_order():
    table = two_seats(discard=["S1-003", "S1-004", "S1-005", "S1-009"])
    take_top(table.state, [])
    orders = {tuple(table.game.determinize(table.state, "P2", Rng(seed)).deck) for seed in range(6)}
    assert len(orders) > 1


def test_a_seat_sees_its_hand_and_only_the_size_of_others():
    table = two_seats(seats={"P1": {"hand": ["S1-003", "S1-004"]}, "P2": {"hand": ["S1-005"]}})
    p1 = table.view(Viewer.seat("P1"))
    assert [c["card_id"] for c in p1["seats"]["P1"]["hand"]] == ["S1-003", "S1-004"]
    assert "hand" not in p1["seats"]["P2"] and p1["seats"]["P2"]["hand_size"] == 1
    hidden = table.game.hidden_from(table.state, "P1")
    assert hidden and not any(json.dumps(i) in json.dumps(p1) for i in hidden)


def test_a_sealed_main_choice_is_shown_only_to_its_seat():
    players = [{"age": 10}, {"age": 20}]
    config = {"mode": "classic", "players": players, "deck_source": "starter"}
    table = Table("legends", config, 4)
    table.act("P1", Action("choose_main", card_id="S1-016"))
    own = table.view(Viewer.seat("P1"))["seats"]["P1"]
    other = table.view(Viewer.seat("P2"))["seats"]["P1"]
    assert own["sealed_choice"] == "S1-016"
    assert other["sealed"] is True and "sealed_choice" not in other
    assert "S1-016" not in json.dumps([e.to_json() for e in table.events_for(Viewer.seat("P2"))])


def test_card_drawn_is_private_with_a_public_twin():
    table = two_seats(deck=["S1-003"], start="turn")
    mine = [e for e in table.events_for(Viewer.seat("P1")) if e.type == "card_drawn"]
    theirs = [e for e in table.events_for(Viewer.seat("P2")) if e.type == "card_drawn"]
    assert mine[0].data["card_id"] == "S1-003"
    assert dict(theirs[0].data) == {"seat": "P1"}


# -- the faces a view carries ---------------------------------------------------------------


def test_the_faces_of_a_view_are_those_of_every_card_it_shows_over_a_random_game():
    """Read from the view's text, the card ids are exactly those a walk of the view finds,
    for every viewer at every step of a game."""
    players = [{"name": n, "age": a, "kind": "bot"} for n, a in (("A", 9), ("B", 30), ("C", 12))]
    table = Table("legends", {"mode": "classic", "deck_source": "starter", "players": players}, 7)
    rng = Rng(7)
    viewers = [Viewer.seat(s) for s in table.game.seats(table.state)] + [Viewer.public()]
    for _ in range(80):
        for viewer in viewers:
            view = table.view(viewer)
            shown = views._walked_card_ids({k: v for k, v in view.items() if k != "card_faces"})
            assert set(view["card_faces"]) == shown
        if not table.to_act:
            break
        seat = sorted(table.to_act)[0]
        table.act(seat, random_action(table.game, table.state, seat, rng))


def test_card_ids_a_view_text_would_not_show_exactly_are_found_by_walking_it():
    nested = {"a": [{"card_id": "X1"}, {"b": {"card_id": "Y2"}}], "card_id": None}
    assert views.card_ids(nested) == {"X1", "Y2"}
    escaped = {"pile": [{"card_id": 'odd"id'}, {"card_id": "back\\slash"}, {"card_id": "Z"}]}
    assert views.card_ids(escaped) == {'odd"id', "back\\slash", "Z"}
    unwritable = {"pile": [{"card_id": "Q"}], "marks": {1: "a key JSON cannot have"}}
    assert views.card_ids(unwritable) == {"Q"}
