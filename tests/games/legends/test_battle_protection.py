"""Targeting and protection (§5.5, R31–R33): opponents only, the three target tiers and the
protected main. R34–R37 concern card targets and changes during a window (cards)."""

from .battle_tables import attack, battle, ch, char, fight, on, refused

S = char("X-S", 300, 50, 0, 10)  # an attacker
N = char("X-N", 100, 10, 0, 10)  # a defender's non-main


def targets(table, seat):
    """Every target of the seat's legal declare_attack actions."""
    return {
        a.get("target")
        for a in table.game.legal_actions(table.state, seat)
        if a.type == "declare_attack"
    }


def test_r31_a_teammates_character_cannot_be_attacked():
    table = battle(
        {"P1": {"table": [on("X-S", "A")]}, "P2": {"table": [on("X-N", "X")]}, "P3": {}},
        cards=[S, N],
        teams={"P1": "A", "P2": "A", "P3": "B"},
    )
    assert refused(table, "P1", attack("A", target="X")) == "target_not_opponent"
    assert "X" not in targets(table, "P1")


def test_r31_own_characters_cannot_be_attacked():
    table = battle(
        {"P1": {"table": [on("X-S", "A"), on("X-N", "B")]}, "P2": {}},
        cards=[S, N],
    )
    assert refused(table, "P1", attack("A", target="B")) == "target_not_opponent"


def test_r32_only_tier_1_while_a_ready_non_main_stands():
    # SC10: D controls main M, X ready and Y exhausted.
    table = battle(
        {
            "P1": {"table": [on("X-S", "A")]},
            "P2": {"table": [on("X-N", "X"), on("X-N", "Y", exhausted=True)]},
        },
        cards=[S, N],
    )
    assert refused(table, "P1", attack("A", target="Y")) == "protected_target"
    assert refused(table, "P1", attack("A", target="mP2")) == "main_protected"
    assert targets(table, "P1") == {"X"}
    result = fight(table, "P1", attack("A", target="X"))
    assert (result["result"], ch(table, "X")) == ("hit", None)  # 100 HP: one hit kills it


def test_r32_tier_2_opens_when_no_ready_non_main_is_left():
    # SC11: D controls main M (ready) and Y (exhausted).
    table = battle(
        {
            "P1": {"table": [on("X-S", "A")]},
            "P2": {"table": [on("X-N", "Y", exhausted=True)]},
        },
        cards=[S, N],
    )
    assert targets(table, "P1") == {"Y"}
    assert refused(table, "P1", attack("A", target="mP2")) == "main_protected"


def test_r32_an_asleep_non_main_is_tier_2():
    table = battle(
        {"P1": {"table": [on("X-S", "A")]}, "P2": {"table": [on("X-N", "Y", sleep=2)]}},
        cards=[S, N],
    )
    assert targets(table, "P1") == {"Y"}


def test_r32_main_is_attackable_once_no_non_main_is_alive():
    # SC11 continued: after Y dies, M is attackable.
    table = battle(
        {
            "P1": {"table": [on("X-S", "A"), on("X-S", "B")]},
            "P2": {"table": [on("X-N", "Y", exhausted=True)]},
        },
        cards=[S, N],
    )
    fight(table, "P1", attack("A", target="Y"))
    assert ch(table, "Y") is None
    assert targets(table, "P1") == {"mP2"}
    result = fight(table, "P1", attack("B", target="mP2"))
    assert (result["result"], ch(table, "mP2").damage) == ("hit", 100)


def test_r32_main_with_no_non_main_is_attackable_even_when_ready():
    table = battle({"P1": {"table": [on("X-S", "A")]}, "P2": {}}, cards=[S])
    assert targets(table, "P1") == {"mP2"}


def test_r33_team_protection_extends_to_teammates_characters():
    seats = {"P1": {}, "P2": {"table": [on("X-N", "X")]}, "P3": {"table": [on("X-S", "A")]}}
    teams = {"P1": "A", "P2": "A", "P3": "B"}
    guarded = battle(seats, cards=[S, N], teams=teams, active="P3", team_protection=True)
    assert refused(guarded, "P3", attack("A", target="mP1")) == "main_protected"
    open_main = battle(seats, cards=[S, N], teams=teams, active="P3")
    assert "mP1" in targets(open_main, "P3")
