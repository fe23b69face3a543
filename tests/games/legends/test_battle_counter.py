"""Counter-attack phases (§5.7, R57–R62)."""

from tavola.core import Action

from .battle_tables import (
    CONCEDE,
    END_COUNTER,
    END_TURN,
    attack,
    battle,
    ch,
    char,
    events,
    fight,
    hp,
    on,
    refused,
    types,
)

A1 = char("X-A1", 300, 50, 0, 20)  # SC20's A1(300/50/0/20)
XC = char("X-XC", 300, 35, 0, 60)  # SC20's X(300/35/0/60)
N = char("X-N", 300, 10, 0, 10)


def sc20(**options):
    """SC20: P1 controls main M1 and A1; P2 controls main M2 and X."""
    return battle(
        {"P1": {"table": [on("X-A1", "A1")]}, "P2": {"table": [on("X-XC", "X")]}},
        cards=[A1, XC],
        **options,
    )


def test_r57_attacked_seat_counter_attacks_after_the_main_phase():
    table = sc20()
    assert fight(table, "P1", attack("A1", target="X"))["result"] == "parried"
    table.act("P1", END_TURN)
    assert events(table, "counter_started") == [{"seat": "P2", "against": "P1"}]
    assert (table.state.phase, table.to_act) == ("counter", {"P2"})
    # A1 is exhausted and P1 has no ready protector: X attacks it, A = 35 > 0.
    result = fight(table, "P2", attack("X", target="A1"))
    assert (result["A"], result["D_val"], result["result"]) == (35, 0, "hit")
    assert hp(table, "A1") == 200


def test_r57_counter_phases_follow_turn_order_after_the_active_seat():
    seats = {f"P{i}": {"table": [on("X-N", f"N{i}")]} for i in range(1, 5)}
    seats["P3"]["table"] += [on("X-A1", "A"), on("X-A1", "B"), on("X-A1", "C")]
    table = battle(seats, cards=[A1, N], active="P3")
    for attacker, target in (("A", "N1"), ("B", "N4"), ("C", "N2")):
        fight(table, "P3", attack(attacker, target=target))
    table.act("P3", END_TURN)
    order = []
    while table.state.phase == "counter":
        (seat,) = table.to_act
        order.append(seat)
        table.act(seat, END_COUNTER)
    assert order == ["P4", "P1", "P2"]


def test_r57_a_seat_not_attacked_gets_no_counter_phase():
    table = battle(
        {"P1": {"table": [on("X-A1", "A1")]}, "P2": {"table": [on("X-XC", "X")]}, "P3": {}},
        cards=[A1, XC],
    )
    fight(table, "P1", attack("A1", target="X"))
    table.act("P1", END_TURN)
    table.act("P2", END_COUNTER)
    assert [e["seat"] for e in events(table, "counter_started")] == ["P2"]
    assert table.state.battle.active_seat == "P2"


def test_r57_next_turn_mode_has_no_counter_phase():
    # SC22.
    table = sc20(counter_attack_mode="next_turn")
    fight(table, "P1", attack("A1", target="X"))
    table.act("P1", END_TURN)
    assert "counter_started" not in types(table)
    assert (table.state.phase, table.state.battle.active_seat) == ("main", "P2")


def test_r58_counter_is_skipped_without_a_ready_character():
    table = battle(
        {
            "P1": {"table": [on("X-A1", "A1")]},
            "P2": {
                "main": on("X-MAIN", "mP2", exhausted=True),
                "table": [on("X-XC", "X", sleep=1)],
            },
        },
        cards=[A1, XC],
    )
    fight(table, "P1", attack("A1", target="X"))
    table.act("P1", END_TURN)
    assert events(table, "counter_skipped") == [{"seat": "P2", "against": "P1"}]
    assert table.state.battle.active_seat == "P2"


def test_r59_counter_phase_allows_no_placing_and_no_forgoing():
    table = battle(
        {"P1": {"table": [on("X-A1", "A1")]}, "P2": {"table": [on("X-XC", "X")], "hand": ["X-N"]}},
        cards=[A1, XC, N],
    )
    fight(table, "P1", attack("A1", target="X"))
    table.act("P1", END_TURN)
    hand_card = table.state.seats["P2"].hand[0]
    assert refused(table, "P2", Action("place_character", iid=hand_card)) == "wrong_phase"
    assert refused(table, "P2", Action("forgo", iids=["X"])) == "wrong_phase"


def test_r59_counter_attacks_respect_the_protection_tiers():
    table = battle(
        {
            "P1": {"table": [on("X-A1", "A1"), on("X-N", "G"), on("X-N", "H", exhausted=True)]},
            "P2": {"table": [on("X-XC", "X")]},
        },
        cards=[A1, XC, N],
    )
    fight(table, "P1", attack("A1", target="X"))
    table.act("P1", END_TURN)
    assert refused(table, "P2", attack("X", target="A1")) == "protected_target"
    assert refused(table, "P2", attack("X", target="mP1")) == "main_protected"
    fight(table, "P2", attack("X", target="G"))
    assert ch(table, "G").damage == 100


def test_r60_counter_combat_has_the_active_seat_as_defender_and_grants_no_counter():
    table = sc20()
    fight(table, "P1", attack("A1", target="X"))
    table.act("P1", END_TURN)
    table.act("P2", attack("X", target="A1"))
    fight_state = table.state.battle.combat
    assert (fight_state.attacking_seat, fight_state.defending_seat) == ("P2", "P1")
    while table.state.phase == "window":
        (seat,) = table.to_act
        table.act(seat, Action("pass"))
    assert table.state.battle.attacked_seats_this_turn == ["P2"]
    table.act("P2", END_COUNTER)
    assert [e["seat"] for e in events(table, "counter_started")] == ["P2"]
    assert (table.state.phase, table.state.battle.active_seat) == ("main", "P2")


def test_r61_counter_attackers_stay_exhausted_until_their_controllers_turn():
    # SC20: X attacked in P2's counter phase; it is ready again when P2's turn starts.
    table = sc20()
    fight(table, "P1", attack("A1", target="X"))
    table.act("P1", END_TURN)
    fight(table, "P2", attack("X", target="A1"))
    table.act("P2", END_COUNTER)
    assert table.state.battle.active_seat == "P2"
    assert ch(table, "X").exhausted is False


def test_r61_counter_attackers_stay_vulnerable_in_later_turns_of_others():
    # Order P1, P2, P3: X counter-attacks in P2's turn and is still exhausted in P3's.
    table = battle(
        {
            "P1": {"table": [on("X-XC", "X")]},
            "P2": {"table": [on("X-A1", "A1")]},
            "P3": {"table": [on("X-A1", "A3")]},
        },
        cards=[A1, XC],
        active="P2",
    )
    fight(table, "P2", attack("A1", target="X"))
    table.act("P2", END_TURN)
    fight(table, "P1", attack("X", target="A1"))
    table.act("P1", END_COUNTER)
    assert table.state.battle.active_seat == "P3"
    result = fight(table, "P3", attack("A3", target="X"))
    assert (result["D_val"], result["result"]) == (0, "hit")


def test_r62_counter_phase_ends_with_end_counter():
    table = sc20()
    fight(table, "P1", attack("A1", target="X"))
    table.act("P1", END_TURN)
    count = len(table.events)
    table.act("P2", END_COUNTER)
    assert types(table, count)[:3] == ["counter_ended", "turn_ended", "turn_started"]
    assert (table.state.phase, table.state.battle.active_seat) == ("main", "P2")


def test_r62_counter_phase_ends_when_the_counter_seat_concedes():
    table = battle(
        {
            "P1": {"table": [on("X-A1", "A"), on("X-A1", "B")]},
            "P2": {"table": [on("X-XC", "X")]},
            "P3": {"table": [on("X-XC", "Y")]},
        },
        cards=[A1, XC],
    )
    fight(table, "P1", attack("A", target="X"))
    fight(table, "P1", attack("B", target="Y"))
    table.act("P1", END_TURN)
    table.act("P2", CONCEDE)
    assert table.state.battle.counter_seat == "P3"
    assert [e["seat"] for e in events(table, "counter_started")] == ["P2", "P3"]


def test_r62_attackers_elimination_skips_the_remaining_counter_phases():
    # P1 attacks P2 and P3; in P2's counter phase P2 kills P1's B, then P1's main.
    fragile = char("X-F", 100, 60, 0, 10)
    table = battle(
        {
            "P1": {"main": on("X-F", "mP1"), "table": [on("X-F", "B")]},
            "P2": {"table": [on("X-XC", "X"), on("X-XC", "X2")]},
            "P3": {"table": [on("X-XC", "Y")]},
        },
        cards=[fragile, XC],
    )
    fight(table, "P1", attack("mP1", target="X"))
    fight(table, "P1", attack("B", target="Y"))
    table.act("P1", END_TURN)
    assert table.state.battle.counter_queue == ["P3"]
    fight(table, "P2", attack("X", target="B"))
    fight(table, "P2", attack("X2", target="mP1"))
    assert events(table, "seat_eliminated") == [{"seat": "P1", "reason": "main_died"}]
    assert [e["seat"] for e in events(table, "counter_started")] == ["P2"]
    assert (table.state.phase, table.state.battle.active_seat) == ("main", "P2")


def test_r62_counter_seat_conceding_mid_combat_cancels_it_and_ends_its_phase():
    table = battle(
        {
            "P1": {"table": [on("X-A1", "A"), on("X-A1", "B")]},
            "P2": {"table": [on("X-XC", "X")], "hand": ["X-N"]},
            "P3": {"table": [on("X-XC", "Y")]},
        },
        cards=[A1, XC, N],
    )
    fight(table, "P1", attack("A", target="X"))
    fight(table, "P1", attack("B", target="Y"))
    table.act("P1", END_TURN)
    table.act("P2", attack("X", target="A"))
    assert table.to_act == {"P2"}  # P2 holds priority: it has a card
    table.act("P2", CONCEDE)
    assert events(table, "attack_resolved")[-1]["result"] == "cancelled"
    assert (table.state.phase, table.state.battle.counter_seat) == ("counter", "P3")
