"""BP9: the attack group the boss sends against one target: classic (smallest sufficient
single, else the shortest prefix of R), epic (a killing prefix, else all of R), an EG (the
weakest positive attackers it needs) and the `max_joint_attackers` cap."""

from tavola.core import Action

from .boss_tables import (
    FILLER,
    WARDED,
    aura,
    boss_battle,
    decide,
    declare,
    eg,
    hero,
    mod,
    modify,
    on,
    villain,
)

A70 = villain("X-A70", 300, 70, 0, 20)
A65 = villain("X-A65", 300, 65, 0, 20)
A50 = villain("X-A50", 300, 50, 0, 20)
A40 = villain("X-A40", 300, 40, 0, 20)
A30 = villain("X-A30", 300, 30, 0, 20)
A25 = villain("X-A25", 300, 25, 0, 20)
A20 = villain("X-A20", 300, 20, 0, 20)
DEF60 = hero("X-DEF60", 300, 10, 0, 60)
ALL = [A70, A65, A50, A40, A30, A25, A20, DEF60]
TOWER = eg("X-TOWER", 3, aura(modify("def", 10), "ally_characters"))


def against(target, boss_table, *, cards=(), **options):
    """P1 controls only `target` as T (plus its main); the boss controls `boss_table`."""
    return boss_battle(
        {"P1": {"table": [target]}, "B": {"table": boss_table}},
        cards=[*ALL, *cards],
        **options,
    )


# -- classic ----------------------------------------------------------------------------------


def test_bp9_classic_sends_the_single_with_the_smallest_sufficient_val():
    table = against(on("X-DEF60", "T"), [on("X-A70", "V1"), on("X-A65", "V2"), on("X-A40", "V3")])
    assert decide(table) == declare("V2", target="T")


def test_bp9_classic_equal_sufficient_singles_go_to_the_lower_iid():
    table = against(on("X-DEF60", "T"), [on("X-A65", "c12"), on("X-A65", "c11")])
    assert decide(table) == declare("c11", target="T")


def test_bp9_classic_without_a_sufficient_single_sends_the_shortest_prefix_of_r():
    table = against(on("X-DEF60", "T"), [on("X-A30", "V3"), on("X-A50", "V1"), on("X-A40", "V2")])
    # R by val: V1 50, V2 40, V3 30; 50 + 40 = 90 > 60.
    assert decide(table) == declare("V1", "V2", target="T")


def test_bp9_classic_prefix_takes_equal_vals_by_lower_iid():
    table = against(
        on("X-DEF60", "T"), [on("X-A40", "c12"), on("X-A40", "c13"), on("X-A40", "c11")]
    )
    assert decide(table) == declare("c11", "c12", target="T")


def test_bp9_classic_prefix_sum_must_exceed_dv():
    table = against(on("X-DEF60", "T"), [on("X-A40", "V1"), on("X-A20", "V2"), on("X-A20", "V3")])
    # 40 + 20 = 60 is not > 60: the third attacker is needed.
    assert decide(table) == declare("V1", "V2", "V3", target="T")


def test_bp9_classic_no_group_when_all_of_r_does_not_exceed_dv():
    table = against(on("X-DEF60", "T"), [on("X-A30", "V1"), on("X-A30", "V2")], deck=[FILLER])
    # 30 + 30 = 60 ≤ 60: no attack; BP10 forgoes instead.
    assert decide(table) == Action("forgo", iids=["V1", "V2"])


def test_bp9_classic_a_vulnerable_target_takes_the_weakest_single():
    table = against(on("X-DEF60", "T", exhausted=True), [on("X-A70", "V1"), on("X-A20", "V2")])
    assert decide(table) == declare("V2", target="T")


def test_bp9_classic_prefix_longer_than_max_joint_attackers_is_no_group():
    table = against(
        on("X-DEF60", "T"),
        [on("X-A25", "V1"), on("X-A25", "V2"), on("X-A25", "V3")],
        max_joint_attackers=2,
        deck=[FILLER],
    )
    # 25 + 25 = 50 ≤ 60; the 3-attacker prefix exceeds the cap: none, so forgo.
    assert decide(table) == Action("forgo", iids=["V1", "V2", "V3"])


def test_bp9_classic_prefix_within_max_joint_attackers_is_sent():
    table = against(
        on("X-DEF60", "T"),
        [on("X-A40", "V1"), on("X-A25", "V2"), on("X-A20", "V3")],
        max_joint_attackers=2,
    )
    assert decide(table) == declare("V1", "V2", target="T")


# -- epic -------------------------------------------------------------------------------------


def test_bp9_epic_sends_the_shortest_prefix_that_kills():
    # T: DEF 60, HP 100 → a kill needs 160: 70 + 65 + 40 = 175.
    table = against(
        on("X-DEF60", "T", damage=200),
        [on("X-A70", "V1"), on("X-A65", "V2"), on("X-A40", "V3"), on("X-A30", "V4")],
        mode="epic",
    )
    assert decide(table) == declare("V1", "V2", "V3", target="T")


def test_bp9_epic_a_kill_needs_only_to_reach_dv_plus_hp():
    # T: DEF 60, HP 75 → 70 + 65 = 135 = 60 + 75 is a kill.
    table = against(
        on("X-DEF60", "T", damage=225),
        [on("X-A70", "V1"), on("X-A65", "V2"), on("X-A40", "V3")],
        mode="epic",
    )
    assert decide(table) == declare("V1", "V2", target="T")


def test_bp9_epic_sends_all_of_r_when_it_cannot_kill_but_beats_dv():
    table = against(on("X-DEF60", "T"), [on("X-A40", "V1"), on("X-A30", "V2")], mode="epic")
    assert decide(table) == declare("V1", "V2", target="T")


def test_bp9_epic_no_group_when_all_of_r_does_not_exceed_dv():
    table = against(
        on("X-DEF60", "T"), [on("X-A30", "V1"), on("X-A30", "V2")], mode="epic", deck=[FILLER]
    )
    assert decide(table) == Action("forgo", iids=["V1", "V2"])


def test_bp9_epic_all_of_r_is_truncated_to_max_joint_attackers():
    # No kill (150 < 60 + 300); R truncated to 2: 50 + 50 = 100 > 60 still beats dv.
    table = against(
        on("X-DEF60", "T"),
        [on("X-A50", "V1"), on("X-A50", "V2"), on("X-A50", "V3")],
        mode="epic",
        max_joint_attackers=2,
        deck=[FILLER],
    )
    assert decide(table) == declare("V1", "V2", target="T")


# -- Enchantgineering targets ---------------------------------------------------------------


MAGE = villain("X-MAGE", 300, 50, 50, 20)
ZERO = [mod("str", -50)]  # STR 0: only MP counts, and not against a warded character


def mage(iid, mp):
    return on("X-MAGE", iid, modifiers=[*ZERO, mod("mp", mp - 50)])


def eg_target(boss_table, *, hits=0, cards=(), **options):
    """P1's only targets are an asleep character Z the boss cannot hurt (warded; the
    boss's attackers have STR 0) and a complete 3-phase EG G."""
    return boss_battle(
        {
            "P1": {
                "table": [on("X-DEF60", "Z", sleep=1, modifiers=[WARDED])],
                "egs": [{"card": "X-TOWER", "iid": "G", "hits": hits}],
            },
            "B": {"table": boss_table},
        },
        cards=[*ALL, TOWER, MAGE, *cards],
        **options,
    )


def test_bp9_eg_target_takes_the_needed_weakest_positive_attackers():
    table = eg_target([mage("V1", 70), mage("V2", 40), mage("V3", 25), mage("V4", 60)], hits=1)
    action = decide(table)
    # needed = 3 − 1 = 2: the two lowest positive values, V3 (25) and V2 (40).
    assert action.type == "declare_attack" and action.get("target") == "G"
    assert sorted(a["iid"] for a in action.get("attackers")) == ["V2", "V3"]


def test_bp9_eg_target_takes_all_positive_attackers_when_fewer_than_needed():
    table = eg_target([mage("V1", 70), mage("V2", 0)])
    # needed 3; only V1 has a positive value.
    assert decide(table) == declare(("V1", "mp"), target="G")
