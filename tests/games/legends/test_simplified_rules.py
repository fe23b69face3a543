"""The simplified mode, Strappacamicia: one test per rule of §5.15 (R117–R131) and the setup
steps it shares (R2, S4, S6)."""

import json

import pytest

from tavola.core import Action, ConfigError, IllegalAction, Rng, Table, Viewer
from tavola.games.legends.setup import random_cut

from .tables import (
    EG,
    EQUIPMENT,
    FILLER,
    MAGIC,
    POTION,
    character,
    event_types,
    flip_all,
    simplified,
)

FLIP = Action("flip")
KEEP = Action("choose_reference", choice="keep")
SWITCH = Action("choose_reference", choice="switch")


def starter_table(ages=(10, 20), seed=0, **config):
    players = [{"age": a} for a in ages]
    return Table(
        "legends",
        {"mode": "simplified", "deck_source": "starter", "players": players, **config},
        seed,
    )


def events_of(table, kind):
    return [dict(e.data) for e in table.events if e.type == kind]


# -- R117, S1: who may play -------------------------------------------------------------


@pytest.mark.parametrize("count", [1, 9])
def test_r117_simplified_needs_two_to_eight_players(count):
    with pytest.raises(ConfigError) as exc:
        starter_table(ages=[20 + i for i in range(count)])
    assert exc.value.reason == "player_count"


def test_r117_simplified_has_no_boss():
    with pytest.raises(ConfigError) as exc:
        starter_table(boss={"main_card_id": "S1-023"})
    assert exc.value.reason == "player_count"


@pytest.mark.parametrize("age", [0, 100])
def test_s1_age_outside_1_to_99_is_refused(age):
    with pytest.raises(ConfigError) as exc:
        starter_table(ages=(age, 20))
    assert (exc.value.reason, exc.value.field) == ("invalid_age", "players[0].age")


def test_s4_unknown_contributed_card_is_refused():
    players = [{"age": 10, "contribution": ["S1-999"]}, {"age": 20}]
    with pytest.raises(ConfigError) as exc:
        Table("legends", {"mode": "simplified", "players": players}, 0)
    assert exc.value.reason == "unknown_card"


def test_r119_fewer_cards_than_players_is_deck_too_small():
    players = [{"age": 10, "contribution": ["S1-001"]}, {"age": 20}]
    with pytest.raises(ConfigError) as exc:
        Table("legends", {"mode": "simplified", "players": players}, 0)
    assert exc.value.reason == "deck_too_small"


def test_bad_option_names_its_field():
    with pytest.raises(ConfigError) as exc:
        starter_table(simplified={"max_clashes": 0})
    assert exc.value.field == "simplified.max_clashes"


# -- R2, S4, S6, R118: order, deck, shuffle and cut --------------------------------------


def test_r2_youngest_plays_first():
    table = starter_table(ages=(71, 10, 34))
    assert table.state.turn_order == ["P2", "P3", "P1"]


def test_r2_equal_ages_are_ordered_by_a_recorded_lottery():
    orders = set()
    for seed in range(12):
        table = starter_table(ages=(10, 34, 34, 71), seed=seed)
        order = table.state.turn_order
        assert order[0] == "P1" and order[3] == "P4"
        assert events_of(table, "turn_order_set")[0]["lotteries"] == [order[1:3]]
        orders.add(tuple(order))
    assert len(orders) == 2


def test_r2_seat_order_tie_break_keeps_config_order():
    table = starter_table(ages=(10, 34, 34, 71), agility_tie_break="seat_order")
    assert table.state.turn_order == ["P1", "P2", "P3", "P4"]


def test_s4_deck_holds_contributions_in_turn_order_then_the_starter_set():
    players = [{"age": 50, "contribution": ["S1-001"]}, {"age": 10, "contribution": ["S1-002"]}]
    table = Table("legends", {"mode": "simplified", "deck_source": "both", "players": players}, 0)
    instances = table.state.instances
    assert (instances["c1"], instances["c2"], instances["c3"]) == ("S1-002", "S1-001", "S1-001")
    assert len(instances) == 62


def test_r118_first_seat_shuffles_and_the_next_seat_cuts():
    table = starter_table(ages=(40, 12))
    assert events_of(table, "deck_shuffled") == [{"seat": "P2", "size": 60}]
    assert table.to_act == {"P1"}
    assert sorted(table.state.deck) != table.state.deck  # shuffled, not in assembly order


def test_s6_cut_without_k_uses_the_rng_formula():
    table = starter_table()
    expected = random_cut(table.state.rng.clone(), 60)
    table.act("P2", Action("cut_deck"))
    assert events_of(table, "deck_cut") == [{"seat": "P2", "k": expected}]


def test_s6_random_cut_is_between_1_and_size_minus_1():
    rng = Rng(3)
    assert {random_cut(rng, 3) for _ in range(200)} == {1, 2}


@pytest.mark.parametrize("k", [0, 60, -1, "5", True, 2.5])
def test_s6_bad_cut_is_refused_and_changes_nothing(k):
    table = starter_table()
    before = table.hash
    with pytest.raises(IllegalAction) as exc:
        table.act("P2", Action("cut_deck", k=k))
    assert exc.value.code == "invalid_cut"
    assert table.hash == before


# -- R119–R121: piles, reference, sealed flips ---------------------------------------------


def test_r119_piles_are_dealt_from_the_top_in_turn_order():
    deck = [f"S1-{i:03d}" for i in range(1, 8)]
    players = [{"age": 10}, {"age": 20}, {"age": 30}]
    table = Table("legends", {"mode": "simplified", "players": players}, 0, {"deck": deck})
    table.act("P2", Action("cut_deck", k=1))
    piles = {s: table.state.strappa.piles[s] for s in ("P1", "P2", "P3")}
    assert piles == {"P1": ["c2", "c3"], "P2": ["c4", "c5"], "P3": ["c6", "c7"]}
    assert table.state.set_aside == ["c1"]


def test_r120_reference_starts_on_hp():
    table = starter_table()
    table.act("P2", Action("cut_deck", k=7))
    assert table.state.strappa.reference_stat == "hp"


def test_r121_a_flip_stays_sealed_until_every_seat_has_flipped():
    table = simplified({"P1": ["S1-001"], "P2": ["S1-002"]})
    table.act("P1", FLIP)
    view = table.view(Viewer.seat("P2"))
    assert view["clash"]["submitted"] == ["P1"]
    assert view["clash"]["cards"] == {}
    assert "S1-001" not in json.dumps(view)


def test_r121_a17_a_second_flip_in_the_same_clash_is_already_submitted():
    table = simplified({"P1": ["S1-001", FILLER], "P2": ["S1-002", FILLER]})
    table.act("P1", FLIP)
    before = table.hash
    with pytest.raises(IllegalAction) as exc:
        table.act("P1", FLIP)
    assert exc.value.code == "already_submitted"
    assert table.hash == before


def test_r121_all_top_cards_are_revealed_together():
    table = simplified({"P1": ["S1-001", FILLER], "P2": ["S1-002", FILLER]})
    flip_all(table)
    shown = events_of(table, "cards_flipped")[0]["cards"]
    assert [(c["seat"], c["card_id"]) for c in shown] == [("P1", "S1-001"), ("P2", "S1-002")]


# -- R122–R123: special cards ---------------------------------------------------------------


@pytest.mark.parametrize(("special", "stat"), [(MAGIC, "mp"), (EQUIPMENT, "str"), (EG, "def")])
def test_r122_a_special_card_may_switch_the_reference_to_its_stat(special, stat):
    table = simplified({"P1": [special, FILLER], "P2": ["S1-002", FILLER]})
    flip_all(table)
    assert table.to_act == {"P1"}
    assert table.view(Viewer.public())["pending"][0]["switch_to"] == stat
    table.act("P1", SWITCH)
    assert table.state.strappa.reference_stat == stat


def test_r122_a_potion_under_hp_asks_no_choice():
    table = simplified({"P1": [POTION, FILLER], "P2": ["S1-002", FILLER]})
    flip_all(table)
    assert "reference_kept" not in event_types(table)
    assert table.state.strappa.clash_no == 1


def test_r122_choices_are_asked_in_turn_order():
    table = simplified({"P1": [EQUIPMENT, FILLER], "P2": [MAGIC, FILLER]})
    flip_all(table)
    assert table.to_act == {"P1"}
    table.act("P1", KEEP)
    assert table.to_act == {"P2"}


def test_r122_after_a_switch_a_card_of_the_new_stat_asks_nothing():
    table = simplified({"P1": [MAGIC, FILLER], "P2": [MAGIC, FILLER]})
    flip_all(table)
    table.act("P1", SWITCH)
    assert table.state.strappa.clash_no == 1  # P2's magic matches the new reference: settled


def test_r122_switch_applies_next_compares_this_clash_on_the_old_stat():
    cards = [character("X-A", hp=300, mp=0), character("X-B", hp=100, mp=90)]
    table = simplified(
        {"P1": [MAGIC, "X-A", FILLER], "P2": ["X-B", "X-B", FILLER]},
        cards=cards,
        options={"switch_applies": "next"},
    )
    flip_all(table)
    table.act("P1", SWITCH)
    assert table.state.strappa.last_clash["reference"] == "hp"
    assert table.state.strappa.last_clash["values"] == {"P1": 0, "P2": 100}
    flip_all(table)
    assert table.state.strappa.last_clash["reference"] == "mp"


def test_r122_switch_applies_current_compares_this_clash_on_the_new_stat():
    cards = [character("X-B", hp=100, mp=90)]
    table = simplified({"P1": [MAGIC, FILLER], "P2": ["X-B", FILLER]}, cards=cards)
    flip_all(table)
    table.act("P1", SWITCH)
    assert table.state.strappa.last_clash["values"] == {"P1": 0, "P2": 90}


def test_r123_a_special_card_is_worth_zero():
    cards = [character("X-1", hp=1)]
    table = simplified({"P1": [POTION, FILLER], "P2": ["X-1", FILLER]}, cards=cards)
    flip_all(table)
    assert table.state.strappa.last_clash["values"] == {"P1": 0, "P2": 1}


def test_r123_reflip_repeats_while_the_card_is_special():
    cards = [character("X-1", hp=50)]
    table = simplified(
        {"P1": [POTION, POTION, "X-1", FILLER], "P2": ["S1-002", FILLER]},
        cards=cards,
        options={"special_card_value": "reflip"},
    )
    flip_all(table)
    assert len(events_of(table, "card_reflipped")) == 2
    assert table.state.strappa.last_clash["values"]["P1"] == 50


def test_r123_reflip_on_an_empty_pile_is_worth_zero():
    cards = [character("X-1", hp=1)]
    table = simplified(
        {"P1": [POTION], "P2": ["X-1", FILLER]},
        cards=cards,
        options={"special_card_value": "reflip"},
    )
    flip_all(table)
    assert table.state.strappa.last_clash["values"] == {"P1": 0, "P2": 1}
    assert table.outcome.winners == ("P2",)


# -- R124–R130: spoils, wars, outs and the end ---------------------------------------------


def test_r124_pot_goes_under_the_pile_by_clash_then_turn_order():
    cards = [character("X-T", hp=200), character("X-W", hp=300), character("X-L", hp=10)]
    table = simplified(
        {"P1": ["X-T", "X-L", FILLER], "P2": ["X-T", "X-W", FILLER]},
        cards=cards,
    )
    flip_all(table)  # tie
    flip_all(table)  # P2 wins clash 2
    pile = [table.state.instances[i] for i in table.state.strappa.piles["P2"]]
    assert pile == [FILLER, "X-T", "X-T", "X-L", "X-W"]


def test_r124_shuffle_winnings_orders_the_pot_with_the_rng():
    cards = [character(f"X-{i}", hp=10 + i) for i in range(8)]
    ids = [c["card_id"] for c in cards]
    orders = set()
    for seed in range(8):
        table = simplified(
            {"P1": [*ids[:4], FILLER], "P2": [*["S1-008"] * 4, FILLER]},
            cards=cards,
            options={"shuffle_winnings": True},
            seed=seed,
        )
        for _ in range(4):
            flip_all(table)
        orders.add(tuple(table.state.strappa.piles["P2"][1:]))
    assert len(orders) > 1


def test_r125_war_under_all_is_played_by_every_seat_with_cards():
    cards = [character("X-T", hp=200), character("X-S", hp=50)]
    table = simplified(
        {"P1": ["X-T", FILLER], "P2": ["X-T", FILLER], "P3": ["X-S", FILLER]},
        cards=cards,
    )
    flip_all(table)
    assert events_of(table, "clash_tied")[0]["seats"] == ["P1", "P2"]
    assert table.to_act == {"P1", "P2", "P3"}


def test_r126_seats_out_after_the_same_clash_share_a_placement():
    cards = [character("X-W", hp=500), character("X-S", hp=50)]
    table = simplified({"P1": ["X-W", FILLER], "P2": ["X-S"], "P3": ["X-S"]}, cards=cards)
    flip_all(table)
    assert [e["seat"] for e in events_of(table, "player_out")] == ["P2", "P3"]
    assert table.outcome.placements == {"P1": 1, "P2": 2, "P3": 2}


def test_r126_later_outs_rank_higher():
    cards = [character("X-W", hp=500), character("X-S", hp=50), character("X-M", hp=100)]
    table = simplified(
        {"P1": ["X-W", "X-W", FILLER], "P2": ["X-S"], "P3": ["X-M", "X-M"]}, cards=cards
    )
    flip_all(table)  # P2 out after clash 1
    flip_all(table)  # P3 out after clash 2
    assert table.outcome.placements == {"P1": 1, "P3": 2, "P2": 3}


def test_r127_the_last_seat_with_cards_takes_the_pot_and_wins():
    cards = [character("X-T", hp=200)]
    table = simplified({"P1": ["X-T", FILLER], "P2": ["X-T"]}, cards=cards)
    flip_all(table)
    assert events_of(table, "pot_taken") == [{"seat": "P1", "cards": 2}]
    assert len(table.state.strappa.piles["P1"]) == 3
    assert table.outcome.winners == ("P1",)
    assert table.outcome.reason == "last_pile"


def test_r128_everyone_out_in_a_tie_is_a_draw_among_those_who_flipped():
    cards = [character("X-T", hp=200), character("X-S", hp=1)]
    table = simplified(
        {"P1": ["X-T"], "P2": ["X-T"], "P3": ["X-S", "X-S"]},
        cards=cards,
        options={"war_participants": "tied_only"},
    )
    flip_all(table)  # P1 and P2 tie and both run out; P3 still holds a card → P3 wins (R127)
    assert table.outcome.winners == ("P3",)
    table = simplified({"P1": ["X-T"], "P2": ["X-T"]}, cards=cards)
    flip_all(table)
    outcome = table.outcome
    assert (outcome.winners, outcome.draw, outcome.reason) == (
        ("P1", "P2"),
        True,
        "mutual_elimination",
    )
    assert outcome.placements == {"P1": 1, "P2": 1}


def test_r129_tied_only_with_no_tied_cards_sets_the_pot_aside():
    cards = [character("X-T", hp=200), character("X-S", hp=1)]
    table = simplified(
        {"P1": ["X-T"], "P2": ["X-T"], "P3": ["X-S", FILLER], "P4": ["X-S", FILLER]},
        cards=cards,
        options={"war_participants": "tied_only"},
    )
    flip_all(table)
    assert events_of(table, "pot_set_aside") == [{"clash": 1, "cards": 4}]
    assert len(table.state.set_aside) == 4
    assert table.to_act == {"P3", "P4"}


def test_r125_tied_only_war_waits_for_non_tied_seats():
    cards = [character("X-T", hp=200), character("X-S", hp=1)]
    table = simplified(
        {"P1": ["X-T", FILLER], "P2": ["X-T", FILLER], "P3": ["X-S", FILLER]},
        cards=cards,
        options={"war_participants": "tied_only"},
    )
    flip_all(table)
    assert table.to_act == {"P1", "P2"}
    with pytest.raises(IllegalAction) as exc:
        table.act("P3", FLIP)
    assert exc.value.code == "not_your_decision"


def test_r130_cap_ends_the_game_and_ranks_by_pile_size():
    table = simplified(
        {"P1": ["S1-008", FILLER, FILLER], "P2": ["S1-005", FILLER, FILLER]},
        options={"max_clashes": 1},
    )
    flip_all(table)
    assert table.outcome.reason == "clash_cap"
    assert table.outcome.winners == ("P1",)
    assert table.to_act == frozenset()


def test_r130_default_cap_is_1000_clashes():
    table = starter_table()
    assert table.state.config.simplified.max_clashes == 1000


def test_refused_action_after_the_end_is_game_over():
    cards = [character("X-W", hp=500), character("X-S", hp=50)]
    table = simplified({"P1": ["X-W", FILLER], "P2": ["X-S"]}, cards=cards)
    flip_all(table)
    with pytest.raises(IllegalAction) as exc:
        table.act("P1", FLIP)
    assert exc.value.code == "game_over"


# -- R131: the simplified bot -------------------------------------------------------------


def bot_choice(table, seat):
    game = table.game
    return game.reference_bot(0).choose(game, table.state, seat)


def test_r131_bot_always_flips():
    table = simplified({"P1": ["S1-001", FILLER], "P2": ["S1-002", FILLER]})
    assert bot_choice(table, "P1") == FLIP


def test_r131_bot_switches_when_every_other_card_is_worth_zero_under_the_new_stat():
    cards = [character("X-0", hp=300, mp=0)]
    table = simplified({"P1": [MAGIC, FILLER], "P2": ["X-0", FILLER]}, cards=cards)
    flip_all(table)
    assert bot_choice(table, "P1") == SWITCH


def test_r131_bot_keeps_otherwise():
    cards = [character("X-5", hp=300, mp=5)]
    table = simplified({"P1": [MAGIC, FILLER], "P2": ["X-5", FILLER]}, cards=cards)
    flip_all(table)
    assert bot_choice(table, "P1") == KEEP


# -- R110, R115: timeouts ------------------------------------------------------------------


def timed(piles, **kw):
    return simplified(piles, timers={"flip_s": 5, "choice_s": 7}, **kw)


def test_r115_flip_timeout_flips_automatically():
    table = timed({"P1": ["S1-001", FILLER], "P2": ["S1-002", FILLER]})
    table.act("P1", FLIP)
    clock = table.game.clocks(table.state)["P2"]
    assert (clock.seconds, clock.decision_id) == (5, "flip-1")
    table.act("P2", table.game.timeout_action(table.state, "P2"))
    assert table.state.strappa.clash_no == 1
    assert events_of(table, "timeout") == [{"seat": "P2", "decision_id": "flip-1"}]


def test_r115_choice_timeout_keeps_the_reference():
    table = timed({"P1": [MAGIC, FILLER], "P2": ["S1-002", FILLER]})
    flip_all(table)
    assert table.game.clocks(table.state)["P1"].seconds == 7
    table.act("P1", table.game.timeout_action(table.state, "P1"))
    assert table.state.strappa.reference_stat == "hp"
    assert "reference_kept" in event_types(table)


def test_r110_a_timeout_for_a_decision_no_longer_pending_is_stale():
    table = timed({"P1": ["S1-001", FILLER, FILLER], "P2": ["S1-002", FILLER, FILLER]})
    late = table.game.timeout_action(table.state, "P1")
    flip_all(table)
    before = table.hash
    with pytest.raises(IllegalAction) as exc:
        table.act("P1", late)
    assert exc.value.code == "stale_timeout"
    assert table.hash == before


def test_no_clocks_without_timers():
    table = simplified({"P1": ["S1-001"], "P2": ["S1-002"]})
    assert table.game.clocks(table.state) == {}


# -- §6: the action gate leaves the state unchanged ---------------------------------------


@pytest.mark.parametrize(
    ("seat", "action", "code"),
    [
        ("P9", FLIP, "not_your_decision"),
        ("P1", Action("attack"), "unknown_action"),
        ("P1", Action("flip", hard=True), "malformed_action"),
        ("P1", KEEP, "wrong_phase"),
        ("P1", Action("cut_deck", k=1), "wrong_phase"),
    ],
)
def test_sc55_illegal_inputs_are_refused_with_their_code_and_change_nothing(seat, action, code):
    table = simplified({"P1": [MAGIC, FILLER], "P2": ["S1-002", FILLER]})
    before, events = table.hash, len(table.events)
    with pytest.raises(IllegalAction) as exc:
        table.act(seat, action)
    assert exc.value.code == code
    assert exc.value.message and exc.value.message_it != exc.value.message
    assert (table.hash, len(table.events)) == (before, events)


def test_a18_choose_reference_with_a_bad_value_is_invalid_choice():
    table = simplified({"P1": [MAGIC, FILLER], "P2": ["S1-002", FILLER]})
    flip_all(table)
    with pytest.raises(IllegalAction) as exc:
        table.act("P1", Action("choose_reference", choice="maybe"))
    assert exc.value.code == "invalid_choice"


def test_an_out_seat_is_refused_as_eliminated():
    cards = [character("X-W", hp=500), character("X-S", hp=50)]
    table = simplified({"P1": ["X-W", FILLER], "P2": ["X-S"], "P3": ["X-S", FILLER]}, cards=cards)
    flip_all(table)
    with pytest.raises(IllegalAction) as exc:
        table.act("P2", FLIP)
    assert exc.value.code == "seat_eliminated"


# -- §8: what each seat sees ----------------------------------------------------------------


def test_sc71_piles_deck_order_and_rng_are_hidden_from_seats():
    table = starter_table()
    seat_view = json.dumps(table.view(Viewer.seat("P1")))
    for iid in table.state.deck:
        assert json.dumps(iid) not in seat_view
    assert "rng" not in seat_view and "referee" not in seat_view
    table.act("P2", Action("cut_deck", k=3))
    view = table.view(Viewer.seat("P1"))
    assert view["seats"]["P1"]["pile_size"] == 30
    assert not any(json.dumps(i) in json.dumps(view) for i in table.state.strappa.piles["P1"])


def test_referee_view_shows_piles_deck_and_rng():
    table = starter_table()
    referee = table.view(Viewer.referee())["referee"]
    assert referee["deck"] == table.state.deck
    assert referee["rng"] == table.state.rng.to_json()


def test_view_carries_the_faces_of_the_cards_it_shows():
    table = simplified({"P1": ["S1-001", FILLER], "P2": ["S1-002", FILLER]})
    flip_all(table)
    faces = table.view(Viewer.seat("P1"))["card_faces"]
    assert set(faces) == {"S1-001", "S1-002"}
    assert faces["S1-001"]["hp"] > 0


def test_determinize_keeps_what_the_seat_has_seen():
    table = starter_table(ages=(10, 20, 30))
    table.act("P2", Action("cut_deck", k=3))
    flip_all(table)
    game, state = table.game, table.state
    world = game.determinize(state, "P1", Rng(5))
    assert game.view(world, Viewer.seat("P1")) == game.view(state, Viewer.seat("P1"))
    hidden = sorted(game.hidden_from(state, "P1"))
    moved = [s for s in state.seats if world.strappa.piles[s] != state.strappa.piles[s]]
    assert moved and sorted(game.hidden_from(world, "P1")) == hidden


def test_r116_repeated_timeouts_hand_the_seat_to_the_reference_bot():
    piles = {"P1": [f"{FILLER}*8"], "P2": [f"{FILLER}*8"]}
    table = simplified(piles, timers={"autopilot_after": 2})
    for _ in range(2):
        table.act("P1", table.game.timeout_action(table.state, "P1"))
        table.act("P2", FLIP)
    assert events_of(table, "autopilot_on") == [{"seat": "P1"}]
    assert table.view(Viewer.public())["pending"][0]["autopilot"] is True
    table.act("P1", Action("autopilot", action={"type": "flip"}))
    assert table.state.seats["P1"].autopilot is True
    table.act("P2", FLIP)
    table.act("P1", FLIP)  # the player is back
    assert table.state.seats["P1"].autopilot is False
    assert "autopilot_off" in event_types(table)


def test_r116_autopilot_actions_are_refused_for_a_seat_not_on_autopilot():
    table = simplified({"P1": ["S1-001", FILLER], "P2": ["S1-002", FILLER]})
    with pytest.raises(IllegalAction) as exc:
        table.act("P1", Action("autopilot", action={"type": "flip"}))
    assert exc.value.code == "not_your_decision"
