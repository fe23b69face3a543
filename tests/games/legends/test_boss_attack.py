"""BP8 (whom the boss attacks: the opponent order O, each seat's target order) and the
acceptance scenarios SC42 and SC45 that follow the boss through its attack step."""

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
    hp_of,
    mod,
    modify,
    on,
    run,
    step,
    villain,
)

V1 = villain("X-V1", 300, 70, 0, 20)
V2 = villain("X-V2", 200, 40, 0, 20)
V3 = villain("X-V3", 200, 5, 25, 20)
W = hero("X-W", 200, 10, 10, 10)
X = hero("X-X", 300, 10, 20, 60)
SOFT = hero("X-SOFT", 300, 10, 0, 20)
BULWARK = hero("X-BULWARK", 300, 10, 0, 90)
TOWER = eg("X-TOWER", 3, aura(modify("def", 10), "ally_characters"))
KEEP = eg("X-KEEP", 4, aura(modify("def", 10), "ally_characters"))


def test_bp8_attacks_the_oldest_opponent_first():
    table = boss_battle(
        {
            "P1": {"table": [on("X-SOFT", "Y1")]},
            "P2": {"table": [on("X-SOFT", "Y2")]},
            "B": {"table": [on("X-V1", "V1")]},
        },
        cards=[SOFT, V1],
        ages={"P1": 20, "P2": 55},
    )
    assert decide(table) == declare("V1", target="Y2")


def test_bp8_equal_ages_attack_the_later_seat_in_turn_order_first():
    table = boss_battle(
        {
            "P1": {"table": [on("X-SOFT", "Y1")]},
            "P2": {"table": [on("X-SOFT", "Y2")]},
            "B": {"table": [on("X-V1", "V1")]},
        },
        cards=[SOFT, V1],
        ages={"P1": 40, "P2": 40},
        turn_order=["P2", "P1", "B"],
    )
    assert decide(table) == declare("V1", target="Y1")


def test_bp8_moves_to_the_next_opponent_when_no_group_beats_the_oldest():
    table = boss_battle(
        {
            "P1": {"table": [on("X-SOFT", "Y1")]},
            "P2": {"table": [on("X-BULWARK", "Y2")]},
            "B": {"table": [on("X-V1", "V1")]},
        },
        cards=[SOFT, BULWARK, V1],
        ages={"P1": 20, "P2": 55},
    )
    assert decide(table) == declare("V1", target="Y1")


def test_bp8_target_order_puts_an_exposed_main_first():
    table = boss_battle(
        {
            "P1": {"egs": [{"card": "X-TOWER", "iid": "G1", "progress": 1}]},
            "B": {"table": [on("X-V1", "V1")]},
        },
        cards=[V1, TOWER],
    )
    assert decide(table) == declare("V1", target="mP1")


def test_bp8_target_order_takes_vulnerable_characters_by_current_hp():
    table = boss_battle(
        {
            "P1": {
                "table": [
                    on("X-SOFT", "Y1", exhausted=True, damage=100),
                    on("X-SOFT", "Y2", exhausted=True, damage=150),
                    on("X-SOFT", "Y3", sleep=1),
                ]
            },
            "B": {"table": [on("X-V1", "V1")]},
        },
        cards=[SOFT, V1],
    )
    assert decide(table) == declare("V1", target="Y2")


def test_bp8_target_order_takes_ready_characters_by_dv_then_current_hp():
    table = boss_battle(
        {
            "P1": {
                "table": [
                    on("X-X", "Y1"),
                    on("X-SOFT", "Y2"),
                    on("X-SOFT", "Y3", damage=100),
                    on("X-W", "Y4"),
                ]
            },
            "B": {"table": [on("X-V1", "V1")]},
        },
        cards=[X, SOFT, W, V1],
    )
    # dv: Y1 60, Y2 20 (HP 300), Y3 20 (HP 200), Y4 10 (HP 200): Y4 first.
    assert decide(table) == declare("V1", target="Y4")
    table.act("B", decide(table))
    assert hp_of(table, "Y4") == 100


def test_bp8_target_order_breaks_equal_dv_by_current_hp():
    table = boss_battle(
        {
            "P1": {"table": [on("X-SOFT", "Y1"), on("X-SOFT", "Y2", damage=100)]},
            "B": {"table": [on("X-V1", "V1")]},
        },
        cards=[SOFT, V1],
    )
    assert decide(table) == declare("V1", target="Y2")


def test_bp8_target_order_breaks_full_ties_by_lower_iid():
    table = boss_battle(
        {
            "P1": {"table": [on("X-SOFT", "c9"), on("X-SOFT", "c10")]},
            "B": {"table": [on("X-V1", "V1")]},
        },
        cards=[SOFT, V1],
    )
    assert decide(table) == declare("V1", target="c9")


def _siege_position(egs):
    """P1's only non-main is warded and asleep; the boss's only attacker has STR 0 and
    MP 60, so it has no value against that character and only the EGs remain."""
    return boss_battle(
        {
            "P1": {
                "table": [on("X-SOFT", "Y1", sleep=1, modifiers=[WARDED])],
                "egs": egs,
            },
            "B": {"table": [on("X-SEER", "S", modifiers=[mod("str", -60)])]},
        },
        cards=[SOFT, villain("X-SEER", 300, 60, 60, 20), TOWER, KEEP],
    )


def test_bp8_target_order_takes_complete_egs_before_those_under_way():
    table = _siege_position(
        [
            {"card": "X-KEEP", "iid": "G1", "progress": 1},
            {"card": "X-TOWER", "iid": "G2"},
        ]
    )
    assert decide(table) == declare(("S", "mp"), target="G2")


def test_bp8_target_order_takes_egs_with_fewer_remaining_hits_first():
    table = _siege_position(
        [
            {"card": "X-TOWER", "iid": "G1"},
            {"card": "X-KEEP", "iid": "G2", "hits": 2},
        ]
    )
    # remaining hits: G1 3, G2 2.
    assert decide(table) == declare(("S", "mp"), target="G2")


def test_bp8_states_each_attackers_stat_by_val():
    table = boss_battle(
        {
            "P1": {"table": [on("X-SOFT", "Y1")]},
            "B": {"table": [on("X-MAGE", "M")]},
        },
        cards=[SOFT, villain("X-MAGE", 300, 30, 70, 20)],
    )
    assert decide(table) == declare(("M", "mp"), target="Y1")


def test_bp8_a_warded_target_is_attacked_with_str():
    table = boss_battle(
        {
            "P1": {"table": [on("X-SOFT", "Y1", modifiers=[WARDED])]},
            "B": {"table": [on("X-MAGE", "M")]},
        },
        cards=[SOFT, villain("X-MAGE", 300, 30, 70, 20)],
    )
    assert decide(table) == declare("M", target="Y1")


def test_bp8_val_ties_between_str_and_mp_attack_with_str():
    table = boss_battle(
        {"P1": {"table": [on("X-SOFT", "Y1")]}, "B": {"table": [on("X-EVEN", "E")]}},
        cards=[SOFT, villain("X-EVEN", 300, 40, 40, 20)],
    )
    assert decide(table) == declare("E", target="Y1")


def test_bp8_dv_is_the_higher_of_def_and_mp():
    table = boss_battle(
        {
            "P1": {"table": [on("X-SAGE", "Y1")]},
            "B": {"table": [on("X-V2", "V2"), on("X-V1", "V1")]},
        },
        cards=[hero("X-SAGE", 300, 10, 65, 20), V1, V2],
    )
    # dv = max(20, 65) = 65: V2 (40) would beat DEF 20 but not dv; V1 (70) does.
    assert decide(table) == declare("V1", target="Y1")


def test_bp8_r_leaves_out_exhausted_asleep_and_forwent_characters():
    table = boss_battle(
        {
            "P1": {"table": [on("X-SOFT", "Y1")]},
            "B": {
                "table": [
                    on("X-V1", "c1", exhausted=True),
                    on("X-V1", "c2", sleep=1),
                    on("X-V1", "c3", forwent=True),
                    on("X-V2", "c4"),
                ]
            },
        },
        cards=[SOFT, V1, V2],
    )
    assert decide(table) == declare("c4", target="Y1")


def test_bp8_the_boss_main_attacks_when_it_is_able():
    table = boss_battle(
        {
            "P1": {"table": [on("X-SOFT", "Y1")]},
            "B": {"main": "X-BIGBOSS"},
        },
        cards=[SOFT, villain("X-BIGBOSS", 800, 50, 0, 30)],
    )
    assert decide(table) == declare("mB", target="Y1")


def test_bp8_without_any_group_the_boss_goes_on_to_forgo():
    table = boss_battle(
        {"P1": {"table": [on("X-BULWARK", "Y1")]}, "B": {"table": [on("X-V1", "V1")]}},
        cards=[BULWARK, V1],
        deck=[FILLER],
    )
    assert decide(table) == Action("forgo", iids=["V1"])


# -- SC42, SC45 -------------------------------------------------------------------------------


def _sc42():
    return boss_battle(
        {
            "P1": {"table": [on("X-W", "W")]},
            "P2": {"table": [on("X-X", "X")]},
            "B": {"table": [on("X-V1", "V1"), on("X-V2", "V2"), on("X-V3", "V3")]},
        },
        cards=[W, X, V1, V2, V3],
        ages={"P1": 20, "P2": 55},
    )


def test_sc42_boss_attacks_the_oldest_with_the_smallest_sufficient_single():
    table = _sc42()
    assert decide(table) == declare("V1", target="X")


def test_sc42_boss_then_attacks_the_same_target_jointly():
    table = _sc42()
    step(table)  # V1 on X (70 > 60)
    assert decide(table) == Action("pass")  # BP12: the attack already beats D_val
    step(table)
    assert hp_of(table, "X") == 200
    assert decide(table) == declare("V2", ("V3", "mp"), target="X")


def test_sc42_whole_attack_step_leaves_x_at_100_and_nothing_for_g1():
    table = _sc42()
    moves = run(table, lambda t: t.state.battle.combat is None and decide(t).type == "end_turn")
    boss_moves = [a for seat, a in moves if seat == "B" and a.type != "pass"]
    assert boss_moves == [declare("V1", target="X"), declare("V2", ("V3", "mp"), target="X")]
    assert hp_of(table, "X") == 100
    assert hp_of(table, "W") == 200  # the boss ends its turn: nothing left for G1


def _sc45():
    return boss_battle(
        {
            "P1": {"table": [on("X-X45", "X")]},
            "B": {"table": [on("X-V1", "V1"), on("X-V2", "V2"), on("X-V3", "V3")]},
        },
        cards=[hero("X-X45", 90, 10, 0, 20), V1, V2, V3],
        mode="epic",
    )


def test_sc45_epic_group_is_the_shortest_killing_prefix():
    table = _sc45()
    assert decide(table) == declare("V1", "V2", target="X")


def test_sc45_the_kill_removes_x():
    table = _sc45()
    step(table)
    run(table, lambda t: t.state.battle.combat is None)
    assert "X" not in table.state.battle.characters


def test_bp8_sc45_the_leftover_attacker_is_matched_against_the_recomputed_target_order():
    table = _sc45()
    step(table)
    run(table, lambda t: t.state.battle.combat is None)
    # P1 is left with its main only (HERO: DEF 10, HP 500): no kill, but 25 > 10.
    assert decide(table) == declare(("V3", "mp"), target="mP1")
