"""BP6: the boss plays each magic or potion (iid order, when playable now) on the target
its first effect's row of the table gives, holding the card otherwise; and the acceptance
scenario SC43."""

from tavola.core import Action

from .boss_tables import (
    FILLER,
    WARDED,
    aura,
    boss_battle,
    damage,
    decide,
    declare,
    discard,
    draw,
    eg,
    heal,
    hero,
    magic,
    modify,
    on,
    parry,
    play,
    potion,
    revive,
    settle,
    siege,
    sleep,
    step,
    villain,
    wake,
    ward,
)

V70 = villain("X-V70", 300, 70, 0, 20)
V40 = villain("X-V40", 300, 40, 0, 20)
SEER = villain("X-SEER", 300, 20, 80, 20)  # MP 80: the boss meets R64 and may cast magic
Y = hero("X-Y", 300, 10, 0, 20)
STRONG = hero("X-STRONG", 300, 60, 0, 20)
FORT = hero("X-FORT", 300, 10, 0, 95)
TOWER = eg("X-TOWER", 3, aura(modify("def", 10), "ally_characters"))
KEEP = eg("X-KEEP", 4, aura(modify("def", 10), "ally_characters"))

HEAL = potion("X-HEAL", "one_ally_character", heal(200))
HEAL_ANY = potion("X-HEAL-ANY", "one_character", heal(200))
HEAL_MAGIC = magic("X-HEAL-MAGIC", "one_ally_character", heal(200))
BOOST = potion("X-BOOST", "one_ally_character", modify("str", 20, "turn"))
BOOST_ANY = potion("X-BOOST-ANY", "one_character", modify("str", 20, "turn"))
WEAKEN = potion("X-WEAKEN", "one_enemy_character", modify("def", -20, "round"))
WEAKEN_ANY = potion("X-WEAKEN-ANY", "one_character", modify("def", -20, "round"))
WEAKEN_MAGIC = magic("X-WEAKEN-MAGIC", "one_enemy_character", modify("def", -20, "round"))
BOLT = potion("X-BOLT", "one_enemy_character", damage(150))
BOLT_MAGIC = magic("X-BOLT-MAGIC", "one_enemy_character", damage(150))
STORM = potion("X-STORM", "all_enemy_characters", damage(50))
STORM_MAGIC = magic("X-STORM-MAGIC", "all_enemy_characters", damage(50))
RALLY = potion("X-RALLY", "all_ally_characters", modify("str", 10, "turn"))
BALM = potion("X-BALM", "all_ally_characters", heal(100))
DOZE = potion("X-DOZE", "one_enemy_character", sleep(1))
DOZE_MAGIC = magic("X-DOZE-MAGIC", "one_enemy_character", sleep(1))
ROUSE = potion("X-ROUSE", "one_ally_character", wake())
SHIELD = potion("X-SHIELD", "one_ally_character", ward("round"))
GUARD = potion("X-GUARD", "combat_target", parry())
STUDY = potion("X-STUDY", "self_player", draw(1))
THIEF = potion("X-THIEF", "one_enemy_player", discard(1))
PURGE = potion("X-PURGE", "all_enemy_players", discard(1))
RAISE = potion("X-RAISE", "own_discard_character", revive(100))
RAM = potion("X-RAM", "one_enemy_eg", siege(1))
CARDS = [
    V70, V40, SEER, Y, STRONG, FORT, TOWER, KEEP, HEAL, HEAL_ANY, HEAL_MAGIC, BOOST, BOOST_ANY,
    WEAKEN, WEAKEN_ANY, WEAKEN_MAGIC, BOLT, BOLT_MAGIC, STORM, STORM_MAGIC, RALLY, BALM, DOZE,
    DOZE_MAGIC, ROUSE, SHIELD, GUARD, STUDY, THIEF, PURGE, RAISE, RAM,
]  # fmt: skip
END = Action("end_turn")


def position(hand, boss_table=(), p1=None, p2=None, main=None, **options):
    """The boss holds `hand` (card ids or entries, iids C1, C2, …) and controls
    `boss_table`; P1 (and P2) as given, P1 by default a lone FORT the boss cannot beat."""
    cards = [on(c, f"C{i + 1}") if isinstance(c, str) else c for i, c in enumerate(hand)]
    seats = {
        "P1": p1 if p1 is not None else {"table": [on("X-FORT", "Y1")]},
        "B": {"hand": cards, "table": list(boss_table), **({"main": main} if main else {})},
    }
    if p2 is not None:
        seats["P2"] = p2
    return boss_battle(seats, cards=CARDS, **options)


def tired(card, iid, **status):
    """A boss character that already acted: not in R, still on the table."""
    return on(card, iid, exhausted=True, **status)


# -- general ----------------------------------------------------------------------------------


def test_bp6_cards_are_tried_in_iid_order():
    table = position([on("X-BOOST", "C2"), on("X-HEAL", "C1")], [tired("X-V70", "V1", damage=100)])
    assert decide(table) == play("C1", "V1")


def test_bp6_a_card_not_playable_now_is_skipped_for_the_next():
    # No boss character has MP > 50: the heal magic cannot be cast (R64), the potion can.
    table = position(["X-HEAL-MAGIC", "X-HEAL"], [tired("X-V70", "V1", damage=100)])
    assert decide(table) == play("C2", "V1")


def test_bp6_magic_is_played_when_the_boss_meets_the_magic_requirement():
    table = position(["X-HEAL-MAGIC"], [tired("X-V70", "V1", damage=100), tired("X-SEER", "S")])
    assert decide(table) == play("C1", "V1")


def test_bp6_a_held_card_lets_the_next_one_play():
    table = position(["X-GUARD", "X-HEAL"], [tired("X-V70", "V1", damage=100)])
    assert decide(table) == play("C2", "V1")


def test_bp6_the_play_is_accepted_and_applies():
    table = position(["X-HEAL"], [tired("X-V70", "V1", damage=100)])
    step(table)
    assert table.state.battle.characters["V1"].damage == 0


# -- heal -------------------------------------------------------------------------------------


def test_bp6_heal_goes_to_the_ally_with_the_highest_damage():
    table = position(
        ["X-HEAL"], [tired("X-V70", "V1", damage=50), tired("X-V40", "V2", damage=150)]
    )
    assert decide(table) == play("C1", "V2")


def test_bp6_heal_ties_on_damage_go_to_the_main_first():
    table = position(
        ["X-HEAL"],
        [tired("X-V70", "c1", damage=100)],
        main={"card": "X-BOSS", "exhausted": True, "damage": 100},
    )
    assert decide(table) == play("C1", "mB")


def test_bp6_heal_one_character_goes_to_an_ally_not_an_enemy():
    table = position(
        ["X-HEAL-ANY"],
        [tired("X-V70", "V1", damage=50)],
        p1={"table": [on("X-FORT", "Y1", damage=200)]},
    )
    assert decide(table) == play("C1", "V1")


def test_bp6_heal_is_held_when_no_ally_is_damaged():
    table = position(["X-HEAL"], [tired("X-V70", "V1")])
    assert decide(table) == END


# -- modify_stat ------------------------------------------------------------------------------


def test_bp6_a_boost_goes_to_the_ready_ally_with_the_highest_pot():
    table = position(["X-BOOST"], [on("X-V40", "V2"), on("X-V70", "V1"), tired("X-SEER", "S")])
    assert decide(table) == play("C1", "V1")


def test_bp6_a_boost_on_one_character_goes_to_an_ally():
    table = position(["X-BOOST-ANY"], [on("X-V40", "V2")])
    assert decide(table) == play("C1", "V2")


def test_bp6_a_boost_is_held_without_a_ready_ally():
    table = position(["X-BOOST"], [tired("X-V70", "V1")])
    assert decide(table) == END


def _two_opponents(hand, **kw):
    """O = [P2 (age 60), P1 (age 20)]; P2's target order: Y3 (dv 20), Y2 (dv 95)."""
    return position(
        hand,
        [tired("X-SEER", "S")],
        p1={"table": [on("X-Y", "Y1")]},
        p2={"table": [on("X-FORT", "Y2"), on("X-Y", "Y3")]},
        ages={"P1": 20, "P2": 60},
        **kw,
    )


def test_bp6_a_weakening_goes_to_the_first_character_in_the_target_order_of_o():
    table = _two_opponents(["X-WEAKEN"])
    assert decide(table) == play("C1", "Y3")


def test_bp6_a_weakening_on_one_character_goes_to_an_enemy():
    table = _two_opponents(["X-WEAKEN-ANY"])
    assert decide(table) == play("C1", "Y3")


def test_bp6_a_weakening_magic_skips_warded_characters():
    table = position(
        ["X-WEAKEN-MAGIC"],
        [tired("X-SEER", "S")],
        p1={"table": [on("X-Y", "Y1", modifiers=[WARDED]), on("X-FORT", "Y2")]},
    )
    assert decide(table) == play("C1", "Y2")


def test_bp6_a_weakening_is_held_when_it_may_target_nobody():
    table = position(
        ["X-WEAKEN-MAGIC"],
        [tired("X-SEER", "S")],
        p1={"table": [on("X-Y", "Y1", modifiers=[WARDED])]},
    )
    assert decide(table) == END


# -- damage -----------------------------------------------------------------------------------


def test_bp6_damage_kills_the_killable_enemy_with_the_highest_pot():
    table = position(
        ["X-BOLT"],
        p1={
            "table": [
                on("X-Y", "Y1", damage=200),
                on("X-STRONG", "Y2", damage=150),
                on("X-Y", "Y3"),
            ]
        },
    )
    assert decide(table) == play("C1", "Y2")


def test_bp6_damage_prefers_a_killable_main():
    table = position(
        ["X-BOLT"],
        p1={"main": {"card": "X-HERO", "damage": 400}},
        p2={"table": [on("X-STRONG", "Y2", damage=200)]},
        ages={"P1": 20, "P2": 60},
    )
    assert decide(table) == play("C1", "mP1")


def test_bp6_damage_may_kill_a_character_outside_the_attack_tiers():
    # Y2 is exhausted behind the ready Y1 (R32), but cards ignore Tier 1 (R82).
    table = position(
        ["X-BOLT"], p1={"table": [on("X-Y", "Y1"), on("X-Y", "Y2", exhausted=True, damage=200)]}
    )
    assert decide(table) == play("C1", "Y2")


def test_bp6_damage_never_aims_at_a_protected_main():
    table = position(
        ["X-BOLT"], p1={"main": {"card": "X-HERO", "damage": 400}, "table": [on("X-FORT", "Y1")]}
    )
    assert decide(table) == play("C1", "Y1")


def test_bp6_damage_without_a_kill_goes_to_the_first_in_the_target_order_of_o():
    table = _two_opponents(["X-BOLT"])
    assert decide(table) == play("C1", "Y3")


def test_bp6_damage_is_held_without_a_legal_target():
    table = position(
        ["X-BOLT-MAGIC"],
        [tired("X-SEER", "S")],
        p1={"table": [on("X-Y", "Y1", modifiers=[WARDED])]},
    )
    assert decide(table) == END


# -- area effects -----------------------------------------------------------------------------


def test_bp6_a_hostile_area_card_is_played_when_it_affects_an_enemy():
    table = position(["X-STORM"])
    assert decide(table) == play("C1")


def test_bp6_a_hostile_area_card_is_held_when_it_affects_nobody():
    # Magic: the only enemy non-main is warded, and the main it protects is spared (R35).
    table = position(
        ["X-STORM-MAGIC"],
        [tired("X-SEER", "S")],
        p1={"table": [on("X-Y", "Y1", modifiers=[WARDED])]},
    )
    assert decide(table) == END


def test_bp6_a_hostile_area_discard_is_played_when_an_enemy_holds_cards():
    table = position(["X-PURGE"], p1={"hand": [FILLER], "table": [on("X-FORT", "Y1")]})
    assert decide(table) == play("C1")


def test_bp6_an_ally_area_boost_is_always_played():
    table = position(["X-RALLY"], [tired("X-V70", "V1")])
    assert decide(table) == play("C1")


def test_bp6_an_ally_area_heal_is_played_when_an_ally_is_damaged():
    table = position(["X-BALM"], [tired("X-V70", "V1", damage=50)])
    assert decide(table) == play("C1")


def test_bp6_an_ally_area_heal_is_held_when_no_ally_is_damaged():
    table = position(["X-BALM"], [tired("X-V70", "V1")])
    assert decide(table) == END


# -- sleep and wake ---------------------------------------------------------------------------


def test_bp6_sleep_goes_to_a_ready_non_main_of_the_first_seat_in_o_having_one():
    table = position(
        ["X-DOZE"],
        p1={"table": [on("X-Y", "Y1")]},
        p2={"table": [on("X-Y", "Y2", exhausted=True)]},
        ages={"P1": 20, "P2": 60},
    )
    # P2 (oldest) has no ready non-main; P1 has Y1.
    assert decide(table) == play("C1", "Y1")


def test_bp6_sleep_takes_the_first_ready_non_main_of_that_seat():
    table = position(
        ["X-DOZE"],
        p1={"table": [on("X-Y", "Y1")]},
        p2={"table": [on("X-STRONG", "Y2"), on("X-Y", "Y3", exhausted=True)]},
        ages={"P1": 20, "P2": 60},
    )
    assert decide(table) == play("C1", "Y2")


def test_bp6_sleep_without_a_ready_non_main_goes_to_the_first_in_the_target_order_of_o():
    table = position(
        ["X-DOZE"],
        p1={"table": [on("X-Y", "Y1", exhausted=True), on("X-Y", "Y2", exhausted=True, damage=50)]},
    )
    assert decide(table) == play("C1", "Y2")  # vulnerable by current HP: Y2 (250) first


def test_bp6_sleep_is_held_without_a_legal_target():
    table = position(
        ["X-DOZE-MAGIC"],
        [tired("X-SEER", "S")],
        p1={"table": [on("X-Y", "Y1", modifiers=[WARDED])]},
    )
    assert decide(table) == END


def test_bp6_wake_goes_to_the_asleep_ally_with_the_highest_pot():
    table = position(["X-ROUSE"], [on("X-V40", "V2", sleep=1), on("X-SEER", "S", sleep=2)])
    assert decide(table) == play("C1", "S")


def test_bp6_wake_is_held_when_no_ally_is_asleep():
    table = position(["X-ROUSE"], [tired("X-V70", "V1")])
    assert decide(table) == END


# -- protect_magic ----------------------------------------------------------------------------


def test_bp6_a_ward_goes_to_the_unwarded_boss_main():
    table = position(["X-SHIELD"], [on("X-V70", "V1")])
    assert decide(table) == play("C1", "mB")


def test_bp6_a_ward_goes_to_the_ready_unwarded_ally_with_the_highest_pot_if_the_main_is_warded():
    table = position(
        ["X-SHIELD"],
        [on("X-V40", "V2"), on("X-V70", "V1"), on("X-SEER", "S", modifiers=[WARDED])],
        main={"card": "X-BOSS", "exhausted": True, "modifiers": [WARDED]},
    )
    assert decide(table) == play("C1", "V1")


def test_bp6_a_ward_is_held_when_all_are_warded():
    table = position(
        ["X-SHIELD"],
        [tired("X-V70", "V1", modifiers=[WARDED])],
        main={"card": "X-BOSS", "exhausted": True, "modifiers": [WARDED]},
    )
    assert decide(table) == END


# -- parry, draw, discard, revive, siege --------------------------------------------------------


def test_bp6_a_parry_is_always_held_in_the_main_phase():
    table = position(["X-GUARD"], [tired("X-V70", "V1", damage=100)])
    assert decide(table) == END


def test_bp6_draw_is_played_on_the_boss_itself():
    table = position(["X-STUDY"], deck=[FILLER])
    assert decide(table) == play("C1")


def test_bp6_discard_goes_to_the_first_seat_in_o_with_a_card_in_hand():
    table = position(
        ["X-THIEF"],
        p1={"hand": [FILLER], "table": [on("X-FORT", "Y1")]},
        p2={"table": [on("X-FORT", "Y2")]},
        ages={"P1": 20, "P2": 60},
    )
    assert decide(table) == play("C1", "P1")  # P2 (oldest) holds nothing


def test_bp6_discard_goes_to_the_oldest_when_both_hold_cards():
    table = position(
        ["X-THIEF"],
        p1={"hand": [FILLER], "table": [on("X-FORT", "Y1")]},
        p2={"hand": [FILLER], "table": [on("X-FORT", "Y2")]},
        ages={"P1": 20, "P2": 60},
    )
    assert decide(table) == play("C1", "P2")


def test_bp6_discard_is_held_when_all_enemy_hands_are_empty():
    table = position(["X-THIEF"])
    assert decide(table) == END


HP = {"X-V40": 300, "X-V70": 300, "X-TALL": 400}


def _after_two_deaths(first, second):
    """P1 kills the boss's characters K1 (`first`) and K2 (`second`), 50 HP left each, in
    its turn; then the boss's turn starts with a revive potion in hand."""
    table = boss_battle(
        {
            "P1": {"table": [on("X-STRONG", "A1"), on("X-STRONG", "A2")]},
            "B": {
                "hand": [on("X-RAISE", "C1")],
                "table": [
                    on(first, "K1", damage=HP[first] - 50),
                    on(second, "K2", damage=HP[second] - 50),
                ],
                "main": {"card": "X-BOSS", "sleep": 3},
            },
        },
        cards=[*CARDS, villain("X-TALL", 400, 70, 0, 20)],
        active="P1",
        deck=[FILLER] * 4,
    )
    for attacker, target in (("A1", "K1"), ("A2", "K2")):
        table.act("P1", declare(attacker, target=target))
        settle(table)
    table.act("P1", END)
    while table.state.battle.active_seat != "B":
        step(table)
    return table


def test_bp6_revive_brings_back_the_discarded_character_with_the_highest_pot():
    table = _after_two_deaths("X-V40", "X-V70")
    assert {"K1", "K2"} <= set(table.state.discard)
    assert decide(table) == play("C1", "K2")


def test_bp6_revive_ties_on_pot_go_to_the_higher_printed_hp():
    table = _after_two_deaths("X-V70", "X-TALL")
    assert decide(table) == play("C1", "K2")


def test_bp6_revive_is_held_with_nothing_to_revive():
    table = position(["X-RAISE"])
    assert decide(table) == END


def test_bp6_siege_goes_to_the_enemy_eg_with_the_fewest_remaining_hits():
    table = position(
        ["X-RAM"],
        p1={
            "table": [on("X-FORT", "Y1")],
            "egs": [{"card": "X-TOWER", "iid": "G1"}, {"card": "X-KEEP", "iid": "G2", "hits": 3}],
        },
    )
    assert decide(table) == play("C1", "G2")


def test_bp6_siege_equal_remaining_hits_go_to_the_older_seat():
    table = position(
        ["X-RAM"],
        p1={"table": [on("X-FORT", "Y1")], "egs": [{"card": "X-TOWER", "iid": "G1"}]},
        p2={"table": [on("X-FORT", "Y2")], "egs": [{"card": "X-TOWER", "iid": "G2"}]},
        ages={"P1": 20, "P2": 60},
    )
    assert decide(table) == play("C1", "G2")


def test_bp6_siege_is_held_without_an_enemy_eg():
    table = position(["X-RAM"])
    assert decide(table) == END


# -- SC43 --------------------------------------------------------------------------------------


def _sc43(drawn):
    """The boss's turn starts; it draws `drawn`; its character V1 has damage 150 and
    could attack P1's Y1 (70 > 20)."""
    return boss_battle(
        {
            "P1": {"table": [on("X-Y", "Y1")]},
            "B": {"table": [on("X-V70", "V1", damage=150)], "main": {"card": "X-BOSS", "sleep": 3}},
        },
        cards=CARDS,
        deck=[drawn],
        start="turn",
    )


def test_sc43_a_drawn_heal_is_played_on_the_damaged_character_before_attacking():
    table = _sc43("X-HEAL")
    assert table.state.seats["B"].hand == ["c1"]
    assert step(table) == play("c1", "V1")
    assert table.state.battle.characters["V1"].damage == 0
    assert decide(table) == declare("V1", target="Y1")


def test_sc43_a_drawn_parry_is_held():
    table = _sc43("X-GUARD")
    assert decide(table) == declare("V1", target="Y1")
    assert table.state.seats["B"].hand == ["c1"]
