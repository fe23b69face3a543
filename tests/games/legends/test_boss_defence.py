"""The boss defending: BP13 (defence setup: a positive item on the target, then
`defence_ready` with the better stat), BP11 (its priority in a window against one of its
characters: pass, parry, the smallest sufficient boost, sleep or weaken the strongest
attacker, a saving heal), BP15 (never concedes; otherwise passes) and SC44."""

from tavola.core import Action

from .boss_tables import (
    FILLER,
    aura,
    boss_battle,
    decide,
    declare,
    eg,
    equipment,
    heal,
    hero,
    modify,
    on,
    parry,
    play,
    potion,
    sleep,
    villain,
)

K = villain("X-K", 300, 20, 10, 30)  # SC44's K(300/20/10/30)
SAGE = villain("X-SAGE", 300, 20, 50, 30)  # DEF 30, MP 50
A50 = hero("X-A50", 300, 50, 0, 20)
A40 = hero("X-A40", 300, 40, 0, 20)
A25 = hero("X-A25", 300, 25, 0, 20)
A10 = hero("X-A10", 300, 10, 0, 20)
A_MAGE = hero("X-AMAGE", 300, 10, 40, 20)
TOWER = eg("X-TOWER", 3, aura(modify("def", 10), "ally_characters"))

GUARD = potion("X-GUARD", "combat_target", parry())
DEF30 = potion("X-DEF30", "one_ally_character", modify("def", 30, "combat"))
DEF20 = potion("X-DEF20", "one_ally_character", modify("def", 20, "combat"))
DEF5 = potion("X-DEF5", "one_ally_character", modify("def", 5, "combat"))
MP45 = potion("X-MP45", "one_ally_character", modify("mp", 45, "combat"))
COVER = potion("X-COVER", "combat_target", modify("def", 25, "combat"))
STR_UP = potion("X-STRUP", "one_ally_character", modify("str", 40, "combat"))
DOZE = potion("X-DOZE", "one_enemy_character", sleep(1))
SAP = potion("X-SAP", "one_enemy_character", modify("str", -20, "combat"))
SAP_MP = potion("X-SAPMP", "one_enemy_character", modify("mp", -40, "combat"))
SAP_DEF = potion("X-SAPDEF", "one_enemy_character", modify("def", -20, "combat"))
MEND = potion("X-MEND", "one_ally_character", heal(150))
DROP = potion("X-DROP", "one_ally_character", heal(50))
PLATE = equipment("X-PLATE", modify("def", 20))
CURSE = equipment("X-CURSE", modify("def", -20))
CARDS = [
    K, SAGE, A50, A40, A25, A10, A_MAGE, TOWER, GUARD, DEF30, DEF20, DEF5, MP45, COVER, STR_UP,
    DOZE, SAP, SAP_MP, SAP_DEF, MEND, DROP, PLATE, CURSE,
]  # fmt: skip
PASS = Action("pass")


def attacked(hand, attackers, *, target=("X-K", {}), boss_extra=(), p1_extra=(), **options):
    """P1 attacks the boss's K with `attackers` (card ids, or (card id, stat); P1's A1,
    A2, …); the boss holds `hand` (iids C1, C2, …). Returns the table at the boss's
    defence setup, or at its first priority in the window if it has no setup."""
    card, status = target
    stats = [a[1] if isinstance(a, tuple) else "str" for a in attackers]
    attackers = [a[0] if isinstance(a, tuple) else a for a in attackers]
    table = boss_battle(
        {
            "P1": {"table": [on(c, f"A{i + 1}") for i, c in enumerate(attackers)] + list(p1_extra)},
            "B": {
                "hand": [on(c, f"C{i + 1}") for i, c in enumerate(hand)],
                "table": [on(card, "K", **status), *boss_extra],
            },
        },
        cards=CARDS,
        active="P1",
        **options,
    )
    table.act("P1", declare(*[(f"A{i + 1}", st) for i, st in enumerate(stats)], target="K"))
    return table


def at_window(table):
    """Through the boss's defence setup (`defence_ready` as the policy says) and P1's
    first pass: the boss holds priority."""
    if table.state.phase == "defence_setup":
        table.act("B", decide(table, "B"))
    if table.to_act == frozenset({"P1"}):
        table.act("P1", PASS)
    assert table.to_act == frozenset({"B"}) and table.state.phase == "window"
    return table


def boss_defends_and_p1_passes(table):
    """Until the combat ends: the boss acts by the policy, P1 passes."""
    while table.state.battle.combat is not None:
        (seat,) = table.to_act
        table.act(seat, decide(table, seat) if seat == "B" else PASS)


def defending(hand, attackers, **kw):
    return at_window(attacked(hand, attackers, **kw))


# -- BP11 -------------------------------------------------------------------------------------


def test_sc44_boss_parries_an_attack_that_would_hit():
    table = defending(["X-GUARD"], ["X-A50"])  # A 50 > D_val 30
    assert decide(table) == play("C1")


def test_sc44_the_parry_is_accepted_and_k_keeps_its_hp():
    table = defending(["X-GUARD"], ["X-A50"])
    boss_defends_and_p1_passes(table)
    assert table.state.battle.characters["K"].damage == 0


def test_bp11_passes_when_the_attack_does_not_beat_the_defence():
    table = defending(["X-GUARD"], ["X-A25"])  # 25 ≤ 30
    assert decide(table) == PASS


def test_bp11_passes_when_the_attack_only_ties_the_defence():
    table = defending(["X-GUARD"], ["X-A10", "X-A10", "X-A10"])  # 30 ≤ 30
    assert decide(table) == PASS


def test_bp11_passes_once_the_attack_is_parried():
    table = defending(["X-GUARD", "X-GUARD"], ["X-A50"])
    table.act("B", decide(table))  # the first parry
    table.act("P1", PASS)
    assert decide(table) == PASS


def test_bp11_a_parry_comes_before_a_sufficient_boost():
    table = defending(["X-DEF30", "X-GUARD"], ["X-A50"])
    assert decide(table) == play("C2")


def test_bp11_plays_the_smallest_sufficient_def_boost_on_the_target():
    table = defending(["X-DEF30", "X-DEF20", "X-DEF5"], ["X-A50"])  # needs DEF ≥ 50
    assert decide(table) == play("C2", "K")


def test_bp11_an_mp_boost_counts_through_max_of_def_and_mp():
    table = defending(["X-MP45"], ["X-A50"])  # max(30, 10 + 45) = 55 ≥ 50
    assert decide(table) == play("C1", "K")


def test_bp11_a_combat_target_boost_is_played_without_a_target():
    table = defending(["X-COVER"], ["X-A50"])  # 30 + 25 ≥ 50
    assert decide(table) == play("C1")


def test_bp11_an_insufficient_boost_is_not_played():
    table = defending(["X-DEF5"], ["X-A50"])
    assert decide(table) == PASS


def test_bp11_no_boost_on_a_vulnerable_target():
    table = defending(["X-DEF30"], ["X-A50"], target=("X-K", {"exhausted": True}))
    assert decide(table) == PASS


def test_bp11_a_str_boost_does_not_defend():
    table = defending(["X-STRUP"], ["X-A50"])
    assert decide(table) == PASS


def test_bp11_puts_the_strongest_attacker_to_sleep_when_that_parries():
    table = defending(["X-DOZE"], ["X-A25", "X-A40"])  # 65 > 30; without A2: 25 ≤ 30
    assert decide(table) == play("C1", "A2")


def test_bp11_no_sleep_when_the_rest_still_hits():
    table = defending(["X-DOZE"], ["X-A40", "X-A40"])  # 80; without one: 40 > 30
    assert decide(table) == PASS


def test_bp11_weakens_the_strongest_attacker_when_that_parries():
    table = defending(["X-SAP"], ["X-A10", "X-A40"])  # 50; A2 40 − 20: 30 ≤ 30
    assert decide(table) == play("C1", "A2")


def test_bp11_a_weakening_must_hit_the_stat_the_attacker_uses():
    table = defending(["X-SAP"], [("X-AMAGE", "mp")])  # MP 40; −20 STR changes nothing
    assert table.state.battle.combat.attackers[0].stat == "mp"
    assert decide(table) == PASS


def test_bp11_an_mp_weakening_stops_a_magic_attacker():
    table = defending(["X-SAPMP"], [("X-AMAGE", "mp")])  # MP 40 − 40 = 0 ≤ 30
    assert decide(table) == play("C1", "A1")


def test_bp11_a_def_weakening_is_not_a_defence():
    table = defending(["X-SAPDEF"], ["X-A50"])
    assert decide(table) == PASS


def test_bp11_heals_the_target_when_the_hit_would_kill_and_the_heal_saves_it():
    # classic: a hit deals 100; K has 100 HP left; 100 + 150 > 100.
    table = defending(["X-MEND"], ["X-A50"], target=("X-K", {"damage": 200}))
    assert decide(table) == play("C1", "K")


def test_bp11_no_heal_when_the_hit_would_not_kill():
    table = defending(["X-MEND"], ["X-A50"], target=("X-K", {"damage": 100}))  # 200 HP left
    assert decide(table) == PASS


def test_bp11_no_heal_when_it_cannot_save_the_target():
    # epic: A − D = 90 − 30 = 60 damage; K has 10 HP left; 10 + 50 = 60 is not > 60.
    table = defending(["X-DROP"], ["X-A50", "X-A40"], target=("X-K", {"damage": 290}), mode="epic")
    assert decide(table) == PASS


def test_bp11_the_sleep_comes_before_a_heal():
    table = defending(["X-MEND", "X-DOZE"], ["X-A25", "X-A40"], target=("X-K", {"damage": 200}))
    assert decide(table) == play("C2", "A2")


def test_bp11_passes_when_its_eg_is_attacked():
    table = boss_battle(
        {
            "P1": {"table": [on("X-A50", "A1")]},
            "B": {
                "hand": [on("X-GUARD", "C1"), on("X-DEF30", "C2")],
                "egs": [{"card": "X-TOWER", "iid": "G"}],
            },
        },
        cards=CARDS,
        active="P1",
    )
    table.act("P1", declare("A1", target="G"))
    at_window(table)
    assert decide(table) == PASS


# -- BP13 -------------------------------------------------------------------------------------


def test_bp13_assigns_a_positive_item_to_the_unequipped_target():
    table = attacked(["X-PLATE"], ["X-A50"])
    assert table.state.phase == "defence_setup"
    assert decide(table) == Action("assign_equipment", eq_iid="C1", char_iid="K")


def test_bp13_then_sets_the_defence_ready_with_def():
    table = attacked(["X-PLATE"], ["X-A50"])
    table.act("B", decide(table))
    assert decide(table) == Action("defence_ready", defence_stat="def")


def test_bp13_the_positive_item_goes_to_the_target_not_the_strongest_character():
    table = attacked(["X-PLATE"], ["X-A50"], boss_extra=[on("X-SAGE", "S")])
    assert decide(table) == Action("assign_equipment", eq_iid="C1", char_iid="K")


def test_bp13_no_item_for_an_equipped_target():
    table = attacked(["X-PLATE"], ["X-A50"], target=("X-K", {"equipment": "X-PLATE"}))
    assert decide(table) == Action("defence_ready", defence_stat="def")


def test_bp13_a_cursed_item_is_not_assigned():
    table = attacked(["X-CURSE"], ["X-A50"])
    assert decide(table) == Action("defence_ready", defence_stat="def")


def test_bp13_defends_with_mp_when_it_is_higher():
    table = attacked([FILLER], ["X-A50"], target=("X-SAGE", {}))
    assert decide(table) == Action("defence_ready", defence_stat="mp")


def test_bp13_defends_with_def_on_a_tie():
    table = attacked([FILLER], ["X-A50"], target=("X-SAGE", {"modifiers": [
        {"stat": "def", "amount": 20, "duration": "permanent"}]}))  # fmt: skip
    assert decide(table) == Action("defence_ready", defence_stat="def")


def test_bp13_the_stated_stat_counts_under_the_choice_rule():
    # SC78-like: with `choice`, MP 50 is stated and A 50 is parried (50 ≤ 50).
    table = attacked([FILLER], ["X-A50"], target=("X-SAGE", {}), defence_stat_rule="choice")
    table.act("B", decide(table))
    assert table.state.battle.combat.defence_stat == "mp"


def test_sc78_the_item_assigned_in_defence_setup_parries_the_attack():
    table = attacked(["X-PLATE"], ["X-A50"])  # DEF 30 + 20 = 50 ≥ 50
    boss_defends_and_p1_passes(table)
    k = table.state.battle.characters["K"]
    assert (k.damage, k.equipment_iid) == (0, "C1")


# -- BP15 -------------------------------------------------------------------------------------


def test_bp15_the_boss_never_concedes_a_lost_looking_defence():
    # The boss main alone, nearly dead, and nothing useful in hand: it passes.
    table = boss_battle(
        {
            "P1": {"table": [on("X-A50", "A1")]},
            "B": {"hand": [on("X-STRUP", "C1")], "main": {"card": "X-BOSS", "damage": 750}},
        },
        cards=CARDS,
        active="P1",
    )
    table.act("P1", declare("A1", target="mB"))
    actions = []
    while table.state.battle.combat is not None:
        (seat,) = table.to_act
        action = decide(table, seat)
        if seat == "B":
            actions.append(action)
        table.act(seat, action)
    assert actions and all(a.type != "concede" for a in actions)
    assert actions[-1] == PASS
