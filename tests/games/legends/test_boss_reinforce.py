"""BP12: the boss holding priority in a window of its own attack on a character: if
A ≤ D_val it reinforces with the character of R with the smallest val that makes A >
D_val, else with the highest-val one; it passes when R is empty, when A > D_val already,
or when the target is an EG."""

from tavola.core import Action

from .boss_tables import (
    FILLER,
    aura,
    boss_battle,
    decide,
    declare,
    eg,
    hero,
    modify,
    on,
    potion,
    step,
    villain,
)

V25 = villain("X-V25", 300, 25, 0, 20)
V36 = villain("X-V36", 300, 36, 0, 20)
V40 = villain("X-V40", 300, 40, 0, 20)
V70 = villain("X-V70", 300, 70, 0, 20)
MAGE = villain("X-MAGE", 300, 10, 45, 20)
X = hero("X-X", 300, 10, 20, 60)
FORT = hero("X-FORT", 300, 10, 0, 100)
TOWER = eg("X-TOWER", 3, aura(modify("def", 10), "ally_characters"))
COVER = potion("X-COVER", "one_ally_character", modify("def", 30, "combat"), side="good")
CARDS = [V25, V36, V40, V70, MAGE, X, FORT, TOWER, COVER]
PASS = Action("pass")


def reinforce(iid, stat="str"):
    return Action("reinforce", iid=iid, stat=stat)


def boss_attacks(first, others, *, target="X-X", hand=(FILLER,), **options):
    """The boss declares `first` (its card id, iid F) alone on P1's T; `others` are
    its further characters (entries). The boss holds priority in the window."""
    table = boss_battle(
        {
            "P1": {"table": [on(target, "T")]},
            "B": {"hand": list(hand), "table": [on(first, "F"), *others]},
        },
        cards=CARDS,
        **options,
    )
    table.act("B", declare("F", target="T"))
    assert table.to_act == frozenset({"B"}) and table.state.phase == "window"
    return table


def test_bp12_passes_when_the_attack_already_beats_the_defence():
    table = boss_attacks("X-V70", [on("X-V40", "V1")])  # 70 > 60
    assert decide(table) == PASS


def test_bp12_adds_the_smallest_val_that_makes_the_attack_hit():
    # 25 ≤ 60; the others: V70 (→ 95), V40 (→ 65), V36 (→ 61): V36 is enough.
    table = boss_attacks("X-V25", [on("X-V70", "V1"), on("X-V40", "V2"), on("X-V36", "V3")])
    assert decide(table) == reinforce("V3")


def test_bp12_skips_characters_too_weak_to_make_it_hit():
    # 25 ≤ 60; V25 (→ 50) is not enough, V40 (→ 65) is.
    table = boss_attacks("X-V25", [on("X-V25", "V1"), on("X-V40", "V2")])
    assert decide(table) == reinforce("V2")


def test_bp12_equal_smallest_sufficient_reinforcers_go_to_the_lower_iid():
    table = boss_attacks("X-V25", [on("X-V40", "c21"), on("X-V40", "c22")])
    assert decide(table) == reinforce("c21")


def test_bp12_adds_the_highest_val_when_nothing_is_enough():
    # 25 ≤ 100; 25 + 40 and 25 + 36 are still ≤ 100: the strongest joins.
    table = boss_attacks("X-V25", [on("X-V36", "V1"), on("X-V40", "V2")], target="X-FORT")
    assert decide(table) == reinforce("V2")


def test_bp12_equal_highest_vals_go_to_the_lower_iid():
    table = boss_attacks("X-V25", [on("X-V40", "c22"), on("X-V40", "c21")], target="X-FORT")
    assert decide(table) == reinforce("c21")


def test_bp12_keeps_reinforcing_until_the_attack_hits():
    table = boss_attacks(
        "X-V25", [on("X-V36", "V1"), on("X-V40", "V2"), on("X-V25", "V3")], target="X-FORT"
    )
    assert step(table) == reinforce("V2")  # 65 ≤ 100
    assert step(table) == reinforce("V1")  # 101 > 100 with V1 (36): the smallest enough
    assert decide(table) == PASS


def test_bp12_reinforces_with_the_stat_giving_val():
    table = boss_attacks("X-V25", [on("X-MAGE", "M")])  # 25 + 45 (MP) = 70 > 60
    assert decide(table) == reinforce("M", "mp")


def test_bp12_passes_when_r_is_empty():
    table = boss_attacks("X-V25", [on("X-V40", "V1", exhausted=True)])
    assert decide(table) == PASS


def test_bp12_passes_when_max_joint_attackers_is_reached():
    table = boss_attacks("X-V25", [on("X-V40", "V1")], max_joint_attackers=1)
    assert decide(table) == PASS


def test_bp12_passes_when_the_target_is_an_eg():
    table = boss_battle(
        {
            "P1": {"egs": [{"card": "X-TOWER", "iid": "G"}], "table": [on("X-X", "T", sleep=1)]},
            "B": {"hand": [FILLER], "table": [on("X-V25", "F"), on("X-V40", "V1")]},
        },
        cards=CARDS,
    )
    table.act("B", declare("F", target="G"))
    assert decide(table) == PASS


def test_bp12_reinforces_after_the_defender_raises_its_defence():
    # V70 alone beats X (70 > 60); P1 answers with DEF +30 (90): the boss adds V25.
    table = boss_battle(
        {
            "P1": {"hand": [on("X-COVER", "P")], "table": [on("X-X", "T")]},
            "B": {"table": [on("X-V70", "F"), on("X-V40", "V1"), on("X-V25", "V2")]},
        },
        cards=CARDS,
    )
    assert step(table) == declare("F", target="T")
    table.act("P1", Action("defence_ready"))
    assert step(table) == PASS
    table.act("P1", Action("play_card", iid="P", target="T"))
    assert decide(table) == reinforce("V2")  # 70 + 25 = 95 > 90: the smallest enough
