"""Character statuses (§5.2, R7–R12): ready, vulnerable, exhausted, forwent and asleep."""

from tavola.core import Action, Viewer

from .battle_tables import (
    END_TURN,
    POTION,
    attack,
    battle,
    ch,
    char,
    events,
    fight,
    hp,
    on,
    refused,
)

S = char("X-S", 300, 50, 0, 10)
Z = char("X-Z", 300, 50, 0, 70)  # SC19's Z(300/50/0/70)


def statuses(table, seat, iid):
    entry = next(c for c in table.view(Viewer.public())["seats"][seat]["table"] if c["iid"] == iid)
    return entry["ready"], entry["vulnerable"]


def test_r7_exhausted_and_asleep_characters_are_vulnerable_not_ready():
    table = battle(
        {
            "P1": {},
            "P2": {
                "table": [
                    on("X-S", "R"),
                    on("X-S", "E", exhausted=True),
                    on("X-S", "Z", sleep=1),
                    on("X-S", "F", forwent=True),
                ]
            },
        },
        cards=[S],
    )
    seen = {iid: statuses(table, "P2", iid) for iid in ("R", "E", "Z", "F")}
    assert seen == {
        "R": (True, False),
        "E": (False, True),
        "Z": (False, True),
        "F": (True, False),
    }


def test_r8_declaring_an_attack_exhausts_but_defending_does_not():
    table = battle(
        {"P1": {"table": [on("X-S", "A")]}, "P2": {"table": [on("X-Z", "Y")]}}, cards=[S, Z]
    )
    fight(table, "P1", attack("A", target="Y"))
    assert ch(table, "A").exhausted is True
    assert ch(table, "Y").exhausted is False


def test_r9_exhaustion_lasts_until_its_controllers_next_turn():
    # SC19: order P1, P2, P3; Z attacked in P3's round-1 turn; round 2, P1 attacks Z.
    table = battle(
        {
            "P1": {"table": [on("X-T", "T")]},
            "P2": {},
            "P3": {"table": [on("X-Z", "Z", exhausted=True)]},
        },
        cards=[Z, char("X-T", 300, 15, 0, 10)],
        round_no=2,
    )
    result = fight(table, "P1", attack("T", target="Z"))
    assert (result["D_val"], result["result"], hp(table, "Z")) == (0, "hit", 200)
    table.act("P1", END_TURN)
    table.act("P3", Action("end_counter"))  # P3's main may counter-attack; it does not
    assert table.state.battle.active_seat == "P2"
    assert ch(table, "Z").exhausted is True  # still exhausted in P2's turn
    table.act("P2", END_TURN)
    assert table.state.battle.active_seat == "P3"
    assert ch(table, "Z").exhausted is False


def test_r10_forwent_is_cleared_at_the_end_of_its_controllers_turn():
    table = battle({"P1": {"table": [on("X-S", "A")]}, "P2": {}}, cards=[S], deck=[POTION] * 3)
    table.act("P1", Action("forgo", iids=["A"]))
    assert ch(table, "A").forwent is True
    table.act("P1", END_TURN)
    assert ch(table, "A").forwent is False


def test_r11_a_character_attacks_at_most_once_per_turn():
    table = battle(
        {"P1": {"table": [on("X-S", "A")]}, "P2": {"table": [on("X-Z", "Y")]}}, cards=[S, Z]
    )
    fight(table, "P1", attack("A", target="Y"))
    assert refused(table, "P1", attack("A", target="Y")) == "character_exhausted"


def test_r11_the_main_may_attack():
    strong_main = char("X-BIG", 500, 80, 0, 10)
    table = battle(
        {"P1": {"main": on("X-BIG", "mP1")}, "P2": {"table": [on("X-Z", "Y")]}},
        cards=[strong_main, Z],
    )
    assert fight(table, "P1", attack("mP1", target="Y"))["A"] == 80


def test_r11_only_the_seats_own_characters_attack():
    table = battle(
        {"P1": {"table": [on("X-S", "A")]}, "P2": {"table": [on("X-Z", "Y")]}}, cards=[S, Z]
    )
    assert refused(table, "P1", attack("Y", target="Y")) == "not_your_character"


def test_r11_an_asleep_character_cannot_attack():
    table = battle(
        {"P1": {"table": [on("X-S", "A", sleep=1)]}, "P2": {"table": [on("X-Z", "Y")]}},
        cards=[S, Z],
    )
    assert refused(table, "P1", attack("A", target="Y")) == "character_asleep"


def test_r12_sleep_covers_its_controllers_next_turn_then_wakes():
    # SC34: P2's X asleep for 1 turn: it cannot attack in P2's turn, wakes at its end.
    table = battle(
        {"P1": {"table": [on("X-S", "A")]}, "P2": {"table": [on("X-S", "X", sleep=1)]}},
        cards=[S],
        deck=[POTION] * 4,
    )
    table.act("P1", END_TURN)
    assert refused(table, "P2", attack("X", target="A")) == "character_asleep"
    table.act("P2", END_TURN)
    assert events(table, "character_woke") == [{"iid": "X"}]
    assert ch(table, "X").sleep_remaining == 0


def test_r12_sleep_of_n_covers_n_complete_turns():
    table = battle(
        {"P1": {}, "P2": {"table": [on("X-S", "X", sleep=2)]}},
        cards=[S],
        deck=[POTION] * 6,
    )
    remaining = []
    for _ in range(2):
        table.act("P1", END_TURN)
        table.act("P2", END_TURN)
        remaining.append(ch(table, "X").sleep_remaining)
    assert remaining == [1, 0]
    assert len(events(table, "character_woke")) == 1


def test_r12_sleep_counts_only_at_its_controllers_turn_end():
    table = battle(
        {"P1": {}, "P2": {"table": [on("X-S", "X", sleep=1)]}}, cards=[S], deck=[POTION] * 3
    )
    table.act("P1", END_TURN)  # P1's turn end does not count for P2's character
    assert ch(table, "X").sleep_remaining == 1


def test_r12_sleep_set_before_the_controllers_turn_start_counts_that_turn():
    table = battle(
        {"P1": {"table": [on("X-S", "A", sleep=1)]}, "P2": {}},
        cards=[S],
        start="turn",
        deck=[POTION] * 3,
    )
    assert ch(table, "A").sleep_counts is True
    table.act("P1", END_TURN)
    assert events(table, "character_woke") == [{"iid": "A"}]
