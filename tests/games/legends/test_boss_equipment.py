"""BP5: the boss's equipment. A positive item (stat changes summing ≥ 0, other effects
count as positive) goes to its own unequipped character with the highest pot, then the
highest current HP; a cursed one to the first unequipped enemy in the target order of O
that R34 allows; with no bearer the card is held."""

from tavola.core import Action

from .boss_tables import (
    boss_battle,
    decide,
    declare,
    equipment,
    hero,
    mod,
    modify,
    on,
    step,
    villain,
    ward,
)

V70 = villain("X-V70", 300, 70, 0, 20)
V40 = villain("X-V40", 300, 40, 0, 20)
SEER = villain("X-SEER", 300, 20, 80, 20)
Y = hero("X-Y", 300, 10, 0, 20)
WALL = hero("X-WALL", 300, 10, 0, 95)
SWORD = equipment("X-SWORD", modify("str", 15))
MIXED = equipment("X-MIXED", modify("str", 25), modify("def", -20))
EVEN = equipment("X-EVEN", modify("str", 15), modify("def", -15))
CLOAK = equipment("X-CLOAK", ward())
CURSE = equipment("X-CURSE", modify("str", -15), modify("def", -15))
CARDS = [V70, V40, SEER, Y, WALL, SWORD, MIXED, EVEN, CLOAK, CURSE]


def assign(eq, bearer):
    return Action("assign_equipment", eq_iid=eq, char_iid=bearer)


def boss_with(hand, boss_table, p1_table=(), p2_table=None, main=None, **options):
    seats = {
        "P1": {"table": list(p1_table) or [on("X-WALL", "Y1")]},
        "B": {"hand": hand, "table": boss_table, **({"main": main} if main else {})},
    }
    if p2_table is not None:
        seats["P2"] = {"table": list(p2_table)}
    return boss_battle(seats, cards=CARDS, **options)


# -- positive items ---------------------------------------------------------------------------


def test_bp5_positive_item_goes_to_the_own_character_with_the_highest_pot():
    table = boss_with([on("X-SWORD", "E")], [on("X-V40", "V2"), on("X-V70", "V1")])
    assert decide(table) == assign("E", "V1")


def test_bp5_pot_counts_magic_too():
    table = boss_with([on("X-SWORD", "E")], [on("X-V70", "V1"), on("X-SEER", "S")])
    assert decide(table) == assign("E", "S")  # pot 80 (MP) > 70


def test_bp5_pot_uses_effective_stats():
    table = boss_with(
        [on("X-SWORD", "E")], [on("X-V70", "V1"), on("X-V40", "V2", modifiers=[mod("str", 40)])]
    )
    assert decide(table) == assign("E", "V2")  # 80 > 70


def test_bp5_equal_pot_goes_to_the_higher_current_hp():
    table = boss_with([on("X-SWORD", "E")], [on("X-V70", "V1", damage=100), on("X-V70", "V2")])
    assert decide(table) == assign("E", "V2")


def test_bp5_equal_pot_and_hp_go_to_the_lower_iid():
    table = boss_with([on("X-SWORD", "E")], [on("X-V70", "c12"), on("X-V70", "c11")])
    assert decide(table) == assign("E", "c11")


def test_bp5_an_equipped_character_is_skipped():
    table = boss_with(
        [on("X-SWORD", "E")], [on("X-V70", "V1", equipment="X-SWORD"), on("X-V40", "V2")]
    )
    assert decide(table) == assign("E", "V2")


def test_bp5_the_boss_main_may_bear_a_positive_item():
    table = boss_with([on("X-SWORD", "E")], [], main="X-V70")
    assert decide(table) == assign("E", "mB")


def test_bp5_mixed_item_with_a_non_negative_sum_is_positive():
    table = boss_with([on("X-MIXED", "E")], [on("X-V70", "V1")], p1_table=[on("X-Y", "Y1")])
    assert decide(table) == assign("E", "V1")


def test_bp5_item_with_a_zero_sum_is_positive():
    table = boss_with([on("X-EVEN", "E")], [on("X-V70", "V1")], p1_table=[on("X-Y", "Y1")])
    assert decide(table) == assign("E", "V1")


def test_bp5_item_without_stat_changes_is_positive():
    table = boss_with([on("X-CLOAK", "E")], [on("X-V70", "V1")], p1_table=[on("X-Y", "Y1")])
    assert decide(table) == assign("E", "V1")


def test_bp5_positive_item_with_no_unequipped_bearer_is_held():
    table = boss_with(
        [on("X-SWORD", "E")],
        [on("X-V40", "V1", equipment="X-SWORD")],
        main={"card": "X-BOSS", "exhausted": True, "equipment": "X-SWORD"},
    )
    # held: the boss goes on to BP8 (40 ≤ 95, no attack) and BP10
    assert decide(table) == Action("forgo", iids=["V1"])


# -- cursed items -----------------------------------------------------------------------------


def test_bp5_cursed_item_goes_to_the_first_enemy_in_the_target_order_of_o():
    table = boss_with(
        [on("X-CURSE", "E")],
        [on("X-V40", "V1")],
        p1_table=[on("X-Y", "Y1")],
        p2_table=[on("X-WALL", "Y2"), on("X-Y", "Y3")],
        ages={"P1": 20, "P2": 60},
    )
    # O = [P2, P1]; P2's target order: Y3 (dv 20), Y2 (dv 95).
    assert decide(table) == assign("E", "Y3")


def test_bp5_cursed_item_skips_an_equipped_enemy():
    table = boss_with(
        [on("X-CURSE", "E")],
        [on("X-V40", "V1")],
        p1_table=[on("X-Y", "Y1", equipment="X-SWORD"), on("X-WALL", "Y2")],
    )
    assert decide(table) == assign("E", "Y2")


def test_bp5_cursed_item_goes_to_an_exposed_main():
    table = boss_battle(
        {"P1": {}, "B": {"hand": [on("X-CURSE", "E")], "table": [on("X-V40", "V1")]}},
        cards=CARDS,
    )
    assert decide(table) == assign("E", "mP1")


def test_bp5_cursed_item_with_no_enemy_bearer_is_held():
    table = boss_with(
        [on("X-CURSE", "E")],
        [on("X-V40", "V1")],
        p1_table=[on("X-Y", "Y1", equipment="X-SWORD")],
    )
    # Y1 is equipped and protects P1's main (R34); the own V1 is never a cursed bearer:
    # the item is held and the boss attacks.
    assert decide(table) == declare("V1", target="Y1")


def test_bp5_a_held_item_lets_the_next_equipment_in_iid_order_go():
    table = boss_with(
        [on("X-CURSE", "E1"), on("X-SWORD", "E2")],
        [on("X-V40", "V1")],
        p1_table=[on("X-Y", "Y1", equipment="X-SWORD")],
    )
    assert decide(table) == assign("E2", "V1")


def test_bp5_equipment_goes_in_iid_order():
    table = boss_with([on("X-SWORD", "E2"), on("X-CLOAK", "E1")], [on("X-V40", "V1")])
    assert decide(table) == assign("E1", "V1")


def test_bp5_the_assignment_is_accepted_and_applies():
    table = boss_with([on("X-SWORD", "E")], [on("X-V70", "V1")])
    step(table)
    assert table.state.battle.characters["V1"].equipment_iid == "E"
