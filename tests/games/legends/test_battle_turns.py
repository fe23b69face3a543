"""Rounds and turns (§5.1, §5.3, §5.11): R1, R4–R6, turn start R13, R20, turn end and round
end R100–R103."""

from tavola.core import Action, Table

from .battle_tables import (
    CONCEDE,
    END_COUNTER,
    END_TURN,
    POTION,
    attack,
    battle,
    ch,
    char,
    events,
    fight,
    hand,
    hp,
    on,
    types,
)

S = char("X-S", 300, 50, 0, 10)
K = char("X-K", 400, 10, 0, 10)
FRAGILE = char("X-F", 100, 10, 0, 10)


def turns_started(table, since=0):
    return [(e["seat"], e["round"]) for e in events(table, "turn_started", since)]


def test_r1_setup_is_followed_by_round_one():
    config = {
        "mode": "classic",
        "players": [
            {"age": 10, "main_card_id": "S1-012", "contribution": [POTION] * 6},
            {"age": 20, "main_card_id": "S1-015", "contribution": [POTION] * 6},
        ],
    }
    table = Table("legends", config, 3)
    assert table.state.phase == "setup_cut"
    table.act("P2", Action("cut_deck", k=1))
    assert table.state.phase == "setup_formation"
    table.act("P1", Action("place_initial", iids=[]))
    table.act("P2", Action("place_initial", iids=[]))
    assert (table.state.phase, table.state.battle.round_no) == ("main", 1)
    assert turns_started(table) == [("P1", 1)]


def test_r4_a_round_gives_each_seat_one_turn_in_order():
    table = battle({"P1": {}, "P2": {}, "P3": {}}, start="turn", deck=[POTION] * 10)
    for seat in ("P1", "P2", "P3"):
        table.act(seat, END_TURN)
    assert turns_started(table) == [("P1", 1), ("P2", 1), ("P3", 1), ("P1", 2)]


def test_r4_an_eliminated_seat_is_skipped():
    table = battle(
        {"P1": {"table": [on("X-S", "A")]}, "P2": {"main": on("X-F", "mP2")}, "P3": {}},
        cards=[S, FRAGILE],
        deck=[POTION] * 10,
    )
    fight(table, "P1", attack("A", target="mP2"))
    assert table.state.seats["P2"].eliminated
    table.act("P1", END_TURN)
    assert table.state.battle.active_seat == "P3"
    table.act("P3", END_TURN)
    assert turns_started(table) == [("P3", 1), ("P1", 2)]


def test_r5_round_ends_after_the_last_seats_counter_phases():
    table = battle(
        {"P1": {"table": [on("X-K", "X")]}, "P2": {"table": [on("X-S", "A")]}},
        cards=[S, K],
        active="P2",
        deck=[POTION] * 5,
    )
    fight(table, "P2", attack("A", target="X"))
    count = len(table.events)
    table.act("P2", END_TURN)
    assert "round_ended" not in types(table, count)
    table.act("P1", END_COUNTER)
    assert types(table, count).index("counter_ended") < types(table, count).index("round_ended")


def test_r5_next_round_starts_with_the_first_seat_still_in():
    table = battle({"P1": {}, "P2": {}, "P3": {}}, deck=[POTION] * 10)
    table.act("P1", CONCEDE)
    table.act("P2", END_TURN)
    table.act("P3", END_TURN)
    assert turns_started(table) == [("P2", 1), ("P3", 1), ("P2", 2)]


def test_r6_a_turn_is_start_draw_main_phase_counters_and_end():
    table = battle(
        {"P1": {"table": [on("X-K", "X")]}, "P2": {"table": [on("X-S", "A")]}},
        cards=[S, K],
        turn_order=["P2", "P1"],
        start="turn",
        deck=[POTION] * 5,
    )
    fight(table, "P2", attack("A", target="X"))
    table.act("P2", END_TURN)
    table.act("P1", END_COUNTER)
    turn = [
        t
        for t in types(table)
        if t
        in {
            "turn_started",
            "card_drawn",
            "attack_declared",
            "main_phase_ended",
            "counter_started",
            "counter_ended",
            "turn_ended",
        }
    ]
    assert turn[:7] == [
        "turn_started",
        "card_drawn",
        "attack_declared",
        "main_phase_ended",
        "counter_started",
        "counter_ended",
        "turn_ended",
    ]


def test_r13_turn_start_readies_the_seats_characters_and_draws():
    # SC3: P1's K exhausted from its previous turn; the deck's top card is one P1 may use.
    table = battle(
        {"P1": {"table": [on("X-K", "K", exhausted=True)]}, "P2": {}},
        cards=[K],
        turn_order=["P2", "P1"],
        deck=[POTION, POTION],
    )
    top = table.state.deck[0]
    count = len(table.events)
    table.act("P2", END_TURN)
    assert turns_started(table, count) == [("P1", 1)]
    assert ch(table, "K").exhausted is False
    assert hand(table, "P1") == [top]
    assert types(table, count)[-2:] == ["turn_started", "card_drawn"]


def test_r13_turn_start_resets_the_turns_counters():
    table = battle(
        {"P1": {"table": [on("X-S", "A")]}, "P2": {"table": [on("X-K", "K")]}},
        cards=[S, K],
        deck=[POTION] * 5,
    )
    fight(table, "P1", attack("A", target="K"))
    table.act("P1", Action("forgo", iids=["mP1"]))
    table.act("P1", END_TURN)
    table.act("P2", END_COUNTER)
    b = table.state.battle
    assert (b.turn_no, b.active_seat) == (2, "P2")
    assert (b.actions_this_turn, b.forgo_draws_this_turn, b.attack_skipped) == (0, 0, False)
    assert (b.attacked_seats_this_turn, b.equip_window_open) == ([], True)


def test_r13_turn_start_clears_acted_this_turn():
    table = battle(
        {"P1": {"table": [on("X-S", "A", acted=True)]}, "P2": {}},
        cards=[S],
        turn_order=["P2", "P1"],
        deck=[POTION] * 3,
    )
    table.act("P2", END_TURN)
    assert ch(table, "A").acted_this_turn is False


def test_r20_after_the_draw_the_active_seat_is_in_its_main_phase():
    table = battle({"P1": {}, "P2": {}}, start="turn", deck=[POTION] * 3)
    assert (table.state.phase, table.to_act) == ("main", {"P1"})


def test_r100_turn_modifiers_expire_at_turn_end_and_round_ones_do_not():
    mods = [
        {"stat": "str", "amount": 20, "duration": "turn"},
        {"stat": "def", "amount": 5, "duration": "round"},
    ]
    table = battle(
        {"P1": {"table": [on("X-S", "A", modifiers=mods)]}, "P2": {}},
        cards=[S],
        deck=[POTION] * 3,
    )
    table.act("P1", END_TURN)
    assert [(m.stat, m.duration) for m in ch(table, "A").modifiers] == [("def", "round")]
    expired = events(table, "modifier_expired")[0]
    assert expired["iid"] == "A"
    assert [m["stat"] for m in expired["modifiers"]] == ["str"]


def test_r100_turn_end_counts_down_sleep_only_for_the_active_seat():
    table = battle(
        {"P1": {"table": [on("X-S", "A", sleep=1)]}, "P2": {"table": [on("X-S", "B", sleep=1)]}},
        cards=[S],
        start="turn",
        deck=[POTION] * 3,
    )
    table.act("P1", END_TURN)
    assert (ch(table, "A").sleep_remaining, ch(table, "B").sleep_remaining) == (0, 1)


def test_r101_the_last_seats_turn_end_is_followed_by_round_end():
    table = battle({"P1": {}, "P2": {}}, deck=[POTION] * 3, active="P2")
    count = len(table.events)
    table.act("P2", END_TURN)
    assert types(table, count)[:4] == [
        "main_phase_ended",
        "turn_ended",
        "hp_regenerated",
        "round_ended",
    ]
    assert turns_started(table, count) == [("P1", 2)]
    assert table.state.battle.round_no == 2


def test_r102_classic_round_end_regenerates_hit_points():
    # SC17: X(400 HP) took two hits this round.
    table = battle(
        {"P1": {}, "P2": {"table": [on("X-K", "X", damage=200)]}},
        cards=[K],
        active="P2",
        deck=[POTION] * 3,
    )
    assert hp(table, "X") == 200
    table.act("P2", END_TURN)
    assert hp(table, "X") == 400
    assert events(table, "hp_regenerated") == [{"characters": ["X"]}]


def test_r102_epic_round_end_keeps_damage():
    # SC16: X took 60 in epic; after round end its HP is still 140.
    table = battle(
        {"P1": {}, "P2": {"table": [on("X-T", "X", damage=60)]}},
        cards=[char("X-T", 200, 10, 5, 20)],
        mode="epic",
        active="P2",
        deck=[POTION] * 3,
    )
    table.act("P2", END_TURN)
    assert hp(table, "X") == 140
    assert "hp_regenerated" not in types(table)


def test_r102_expired_hp_max_leaves_at_least_one_hit_point():
    # SC61/E15: epic, printed HP 300 with a +100 hp_max (round) modifier and damage 350.
    mods = [{"stat": "hp_max", "amount": 100, "duration": "round"}]
    table = battle(
        {"P1": {}, "P2": {"table": [on("X-T", "X", damage=350, modifiers=mods)]}},
        cards=[char("X-T", 300, 10, 5, 20)],
        mode="epic",
        active="P2",
        deck=[POTION] * 3,
    )
    assert hp(table, "X") == 50
    table.act("P2", END_TURN)
    assert (ch(table, "X").damage, hp(table, "X")) == (299, 1)


def test_r102_round_end_events_come_in_order():
    mods = [{"stat": "str", "amount": 5, "duration": "round"}]
    table = battle(
        {"P1": {}, "P2": {"table": [on("X-S", "A", modifiers=mods)]}},
        cards=[S],
        active="P2",
        deck=[POTION] * 3,
    )
    count = len(table.events)
    table.act("P2", END_TURN)
    kinds = types(table, count)
    start = kinds.index("turn_ended")
    assert kinds[start : start + 5] == [
        "turn_ended",
        "modifier_expired",
        "hp_regenerated",
        "round_ended",
        "turn_started",
    ]
    assert events(table, "round_ended") == [{"round": 1}]


def test_r103_round_end_keeps_exhaustion_and_sleep():
    table = battle(
        {
            "P1": {},
            "P2": {"table": [on("X-S", "E", exhausted=True), on("X-S", "Z", sleep=2)]},
            "P3": {},
        },
        cards=[S],
        active="P3",
        deck=[POTION] * 3,
    )
    table.act("P3", END_TURN)  # P3 is last: the round ends, then P1's turn starts
    assert (table.state.battle.round_no, table.state.battle.active_seat) == (2, "P1")
    assert (ch(table, "E").exhausted, ch(table, "Z").sleep_remaining) == (True, 2)
