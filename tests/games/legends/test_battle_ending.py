"""Elimination and the end of a battle (§5.12, R104–R109) and conceding (A15)."""

from tavola.core import Action, Table
from tavola.games.legends.turns import eliminate

from .battle_tables import (
    CONCEDE,
    END_TURN,
    POTION,
    attack,
    battle,
    char,
    events,
    fight,
    on,
    refused,
)

S = char("X-S", 300, 50, 0, 10)
M2 = char("X-M2", 100, 10, 10, 40)  # SC37's M2(100/10/10/40)


def test_r104_a_dead_main_eliminates_its_seat_and_discards_its_cards():
    # SC37: P2 controls only its main M2; P1 attacks it with STR 50.
    table = battle(
        {"P1": {"table": [on("X-S", "A")]}, "P2": {"main": on("X-M2", "mP2"), "hand": [POTION]}},
        cards=[S, M2],
    )
    (card,) = table.state.seats["P2"].hand
    result = fight(table, "P1", attack("A", target="mP2"))
    assert (result["result"], result["damage"]) == ("hit", 100)
    assert events(table, "seat_eliminated") == [{"seat": "P2", "reason": "main_died"}]
    p2 = table.state.seats["P2"]
    assert (p2.eliminated, p2.hand, p2.table, p2.elimination_order) == (True, [], [], 1)
    assert {"mP2", card} <= set(table.state.discard)


def test_r104_concede_eliminates_and_discards_every_card():
    table = battle(
        {"P1": {"table": [on("X-S", "A")], "hand": [POTION]}, "P2": {}, "P3": {}},
        cards=[S],
        deck=[POTION] * 3,
    )
    (card,) = table.state.seats["P1"].hand
    table.act("P1", CONCEDE)
    assert events(table, "seat_eliminated") == [{"seat": "P1", "reason": "concede"}]
    assert set(table.state.discard) == {"mP1", "A", card}
    assert table.state.battle.active_seat == "P2"


def test_r104_elimination_order_counts_earlier_eliminations():
    table = battle({"P1": {}, "P2": {}, "P3": {}}, deck=[POTION] * 3)
    table.act("P1", CONCEDE)
    table.act("P2", CONCEDE)
    orders = {s: table.state.seats[s].elimination_order for s in ("P1", "P2", "P3")}
    assert orders == {"P1": 1, "P2": 2, "P3": None}


def test_r105_the_last_seat_standing_wins():
    table = battle(
        {"P1": {"table": [on("X-S", "A")]}, "P2": {"main": on("X-M2", "mP2")}}, cards=[S, M2]
    )
    fight(table, "P1", attack("A", target="mP2"))
    outcome = table.outcome
    assert (outcome.winners, outcome.reason, outcome.draw) == (("P1",), "last_team", False)
    assert events(table, "game_over")[0]["winners"] == ["P1"]
    assert table.to_act == frozenset()


def test_r105_every_seat_of_the_winning_team_wins_eliminated_ones_included():
    # SC38: teams A {P1, P2}, B {P3}; P2 was eliminated earlier; P3's main dies.
    table = battle(
        {"P1": {"table": [on("X-S", "A")]}, "P2": {}, "P3": {"main": on("X-M2", "mP3")}},
        cards=[S, M2],
        teams={"P1": "A", "P2": "A", "P3": "B"},
        turn_order=["P2", "P1", "P3"],
        deck=[POTION] * 3,
    )
    table.act("P2", CONCEDE)
    assert table.outcome is None
    fight(table, "P1", attack("A", target="mP3"))
    assert (set(table.outcome.winners), table.outcome.reason) == ({"P1", "P2"}, "last_team")
    assert table.outcome.placements == {"P1": 1, "P2": 1, "P3": 3}


def test_r105_conceding_the_last_opponent_ends_the_game():
    table = battle({"P1": {}, "P2": {}})
    table.act("P1", CONCEDE)
    assert table.outcome.winners == ("P2",)


def test_r106_seats_falling_together_with_nobody_left_draw():
    """A draw among the seats the last event felled (R106). No battle event fells every
    remaining seat today (attacks and hostile cards spare their own side, a friendly card
    hits only its own team, R75 keeps characters alive when an aura ends), so the
    elimination step is called directly."""
    table = battle({"P1": {}, "P2": {}, "P3": {}})
    eliminate(table.state, ["P1"], "concede", [])
    eliminate(table.state, ["P2", "P3"], "main_died", [])
    result = table.state.result
    assert (result.winners, result.reason, result.draw) == (
        ["P2", "P3"],
        "mutual_elimination",
        True,
    )


def test_r107_an_active_seat_eliminated_in_its_turn_gets_no_counter_phases():
    table = battle(
        {
            "P1": {"table": [on("X-S", "A")]},
            "P2": {"table": [on("X-S", "X")]},
            "P3": {},
        },
        cards=[S],
        deck=[POTION] * 3,
    )
    fight(table, "P1", attack("A", target="X"))
    table.act("P1", CONCEDE)
    assert "counter_started" not in [e.type for e in table.events]
    assert (table.state.phase, table.state.battle.active_seat) == ("main", "P2")


def test_r108_round_cap_ranks_teams_by_alive_characters():
    # SC39: after round 2 P1 has 3 alive characters and P2 has 2.
    table = battle(
        {
            "P1": {"table": [on("X-S", "A"), on("X-S", "B")]},
            "P2": {"table": [on("X-S", "C")]},
        },
        cards=[S],
        round_no=2,
        max_rounds=2,
        active="P2",
    )
    table.act("P2", END_TURN)
    outcome = table.outcome
    assert (outcome.winners, outcome.reason, outcome.draw) == (("P1",), "round_cap", False)
    assert outcome.placements == {"P1": 1, "P2": 2}


def test_r108_equal_counts_rank_by_total_current_hp():
    # SC39: 2 and 2 characters, total HP 700 against 650.
    table = battle(
        {
            "P1": {"main": on("X-M400", "mP1"), "table": [on("X-H300", "A")]},
            "P2": {"main": on("X-M400", "mP2"), "table": [on("X-H250", "B")]},
        },
        cards=[char("X-M400", 400), char("X-H300", 300), char("X-H250", 250)],
        max_rounds=1,
        active="P2",
    )
    table.act("P2", END_TURN)
    assert table.outcome.winners == ("P1",)


def test_r108_equal_hp_ranks_by_printed_hp_of_the_mains():
    table = battle(
        {
            "P1": {"main": on("X-M400", "mP1"), "table": [on("X-H300", "A")]},
            "P2": {"main": on("X-M500", "mP2"), "table": [on("X-H200", "B")]},
        },
        cards=[char("X-M400", 400), char("X-M500", 500), char("X-H300", 300), char("X-H200", 200)],
        max_rounds=1,
        active="P2",
    )
    table.act("P2", END_TURN)
    assert table.outcome.winners == ("P2",)


def test_r108_full_tie_at_the_cap_is_a_draw():
    table = battle({"P1": {}, "P2": {}}, max_rounds=1, active="P2")
    table.act("P2", END_TURN)
    outcome = table.outcome
    assert (set(outcome.winners), outcome.draw, outcome.reason) == ({"P1", "P2"}, True, "round_cap")


def test_r108_epic_cap_counts_current_hp_after_damage():
    table = battle(
        {"P1": {"table": [on("X-S", "A", damage=100)]}, "P2": {"table": [on("X-S", "B")]}},
        cards=[S],
        mode="epic",
        max_rounds=1,
        active="P2",
    )
    table.act("P2", END_TURN)
    assert table.outcome.winners == ("P2",)


def test_r109_placements_rank_later_eliminations_higher():
    # P4 concedes first, P3 second, then P2's main dies: P1, P2, P3, P4.
    table = battle(
        {
            "P1": {"table": [on("X-S", "A")]},
            "P2": {"main": on("X-M2", "mP2")},
            "P3": {},
            "P4": {},
        },
        cards=[S, M2],
        turn_order=["P4", "P3", "P2", "P1"],
        deck=[POTION] * 5,
    )
    table.act("P4", CONCEDE)
    table.act("P3", CONCEDE)
    table.act("P2", END_TURN)
    fight(table, "P1", attack("A", target="mP2"))
    assert table.outcome.placements == {"P1": 1, "P2": 2, "P3": 3, "P4": 4}


def test_r109_at_the_cap_seats_still_in_rank_above_eliminated_ones():
    table = battle(
        {
            "P1": {"table": [on("X-S", "A")]},
            "P2": {},
            "P3": {"table": [on("X-S", "B"), on("X-S", "C")]},
        },
        cards=[S],
        max_rounds=1,
        deck=[POTION] * 5,
    )
    table.act("P1", CONCEDE)
    table.act("P2", END_TURN)
    table.act("P3", END_TURN)
    assert table.outcome.placements == {"P3": 1, "P2": 2, "P1": 3}


def test_a15_concede_needs_a_pending_decision():
    table = battle({"P1": {}, "P2": {}})
    assert refused(table, "P2", CONCEDE) == "not_your_decision"


def test_a15_a_defender_may_concede_in_its_defence_setup():
    table = battle(
        {
            "P1": {"table": [on("X-S", "A")]},
            "P2": {"table": [on("X-S", "X")], "hand": [POTION]},
            "P3": {},
        },
        cards=[S],
    )
    table.act("P1", attack("A", target="X"))
    assert table.to_act == {"P2"}
    table.act("P2", CONCEDE)
    assert table.state.seats["P2"].eliminated
    assert table.to_act == {"P1"}


def test_a15_a_seat_may_concede_while_choosing_its_main():
    players = [
        {"age": 10, "contribution": [POTION] * 4},
        {"age": 20, "contribution": [POTION] * 4},
        {"age": 30, "contribution": [POTION] * 4},
    ]
    table = Table("legends", {"mode": "classic", "players": players}, 0)
    table.act("P2", CONCEDE)
    table.act("P1", Action("choose_main", card_id="S1-012"))
    table.act("P3", Action("choose_main", card_id="S1-012"))
    assert table.state.seats["P2"].eliminated
    assert (table.state.phase, table.to_act) == ("setup_cut", {"P3"})


def test_a15_the_cutter_may_concede():
    players = [
        {"age": 10, "main_card_id": "S1-012", "contribution": [POTION] * 4},
        {"age": 20, "main_card_id": "S1-012", "contribution": [POTION] * 4},
    ]
    table = Table("legends", {"mode": "classic", "players": players}, 0)
    assert table.to_act == {"P2"}
    table.act("P2", CONCEDE)
    assert table.outcome.winners == ("P1",)
