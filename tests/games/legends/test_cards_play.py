"""Playing magic and potions (R63–R69, R25, R34, R36, R37, R82, R84, A6): who may play what,
when, the play itself, and what a hostile effect may reach; worked example E16."""

from tavola.core import Action, Table

from .battle_tables import (
    END_TURN,
    EVIL_POTION,
    GOOD_POTION,
    PASS,
    POTION,
    attack,
    ch,
    char,
    events,
    fight,
    hand,
    hp,
    on,
    pass_all,
    refused,
    types,
)
from .card_tables import (
    WARD_MOD,
    damage,
    duel,
    equipment,
    heal,
    held,
    magic,
    modify,
    play,
    position,
    potion,
    wake,
)

LANCE = magic("X-LANCE", "one_enemy_character", damage(150))
TONIC = potion("X-TONIC", "one_ally_character", heal(100))
BOLT = potion("X-BOLT", "one_enemy_character", damage(100))
STORM = magic("X-STORM", "all_enemy_characters", damage(100))
CURSE = potion("X-CURSE", "one_character", damage(50))
BALM = potion("X-BALM", "one_character", heal(50))
ROUSE = potion("X-ROUSE", "one_ally_character", wake())


def lance_duel(caster, *cards, **options):
    """P1's `caster` entry holds Lance (Q) against P2's plain X."""
    return duel(
        LANCE, *cards, p1=[caster], h1=[held("X-LANCE", "Q")], p2=[on("X-TARGET", "X")], **options
    )


# -- R63: permission ------------------------------------------------------------------------


def test_r63_a_card_of_a_side_the_seat_may_not_use_is_refused():
    table = position({"P1": {"main": "S1-001", "hand": [held(EVIL_POTION, "Q")]}, "P2": {}})
    assert refused(table, "P1", play("Q", "mP1")) == "alignment_forbidden"


def test_r63_a_neutral_main_plays_cards_of_every_side():
    table = duel(
        p1=[on("X-TARGET", "A", damage=250)], h1=[held(EVIL_POTION, "E"), held(GOOD_POTION, "G")]
    )
    table.act("P1", play("E", "A"))
    table.act("P1", play("G", "A"))
    assert ch(table, "A").damage == 30  # 250 − 120 − 100
    assert hand(table, "P1") == []


# -- R64: the magic requirement (E16) ---------------------------------------------------------


def test_r64_e16_magic_is_refused_when_the_best_mp_is_50():
    table = lance_duel(on("X-M50", "S"), char("X-M50", 200, 10, 50, 20))
    assert refused(table, "P1", play("Q", "X")) == "magic_requirement_unmet"


def test_r64_e16_magic_is_allowed_when_the_best_mp_is_51():
    table = lance_duel(on("X-M51", "S"), char("X-M51", 200, 10, 51, 20))
    table.act("P1", play("Q", "X"))
    assert hp(table, "X") == 150


def test_r64_sc9_placing_a_seer_enables_the_magic():
    table = duel(LANCE, h1=[held("X-LANCE", "Q"), held("X-SEER", "S")], p2=[on("X-TARGET", "X")])
    assert refused(table, "P1", play("Q", "X")) == "magic_requirement_unmet"
    table.act("P1", Action("place_character", iid="S"))
    table.act("P1", play("Q", "X"))
    assert hp(table, "X") == 150


def test_r64_the_requirement_counts_mp_given_by_equipment():
    amulet = equipment("X-AMULET", modify("mp", 20))
    table = lance_duel(
        on("X-M40", "S", equipment="X-AMULET"), char("X-M40", 200, 10, 40, 20), amulet
    )
    table.act("P1", play("Q", "X"))
    assert hp(table, "X") == 150


def test_r64_the_requirement_counts_mp_lowered_by_modifiers():
    lowered = [{"stat": "mp", "amount": -10, "duration": "round"}]  # MP 60 → 50
    table = lance_duel(on("X-SEER", "S", modifiers=lowered))
    assert refused(table, "P1", play("Q", "X")) == "magic_requirement_unmet"


def test_r64_a_teammates_seer_does_not_enable_the_casters_magic():
    table = position(
        {
            "P1": {"hand": [held("X-LANCE", "Q")]},
            "P2": {"table": [on("X-SEER", "S")]},
            "P3": {"table": [on("X-TARGET", "X")]},
        },
        LANCE,
        teams={"P1": "A", "P2": "A", "P3": "B"},
    )
    assert refused(table, "P1", play("Q", "X")) == "magic_requirement_unmet"


def test_r64_potions_have_no_requirement():
    table = duel(BOLT, h1=[held("X-BOLT", "Q")], p2=[on("X-TARGET", "X")])
    table.act("P1", play("Q", "X"))
    assert hp(table, "X") == 200


# -- R65: when cards are played ---------------------------------------------------------------


def wounded_defender():
    """P1's Brute A (STR 60) faces P2's X (DEF 10, damage 100); P2 holds Tonic (heal 100)."""
    return duel(
        TONIC,
        p1=[on("X-BRUTE", "A")],
        p2=[on("X-TARGET", "X", damage=100)],
        h2=[held("X-TONIC", "Q")],
    )


def test_r25_cards_are_played_in_the_main_phase_before_and_after_a_combat():
    table = duel(
        BOLT,
        p1=[on("X-BRUTE", "A")],
        h1=[held("X-BOLT", "Q"), held("X-BOLT", "R")],
        p2=[on("X-TARGET", "X")],
    )
    table.act("P1", play("Q", "X"))
    fight(table, "P1", attack("A", target="X"))
    assert (table.state.phase, hp(table, "X")) == ("main", 100)
    table.act("P1", play("R", "X"))
    assert ch(table, "X") is None


def test_r65_a_card_is_played_in_the_own_counter_attack_phase():
    table = wounded_defender()
    fight(table, "P1", attack("A", target="X"))
    table.act("P1", END_TURN)
    assert (table.state.phase, table.to_act) == ("counter", {"P2"})
    assert ch(table, "X").damage == 200
    table.act("P2", play("Q", "X"))
    assert ch(table, "X").damage == 100


def test_r65_a_card_is_played_while_holding_priority_in_a_window():
    table = wounded_defender()
    table.act("P1", attack("A", target="X"))
    table.act("P2", Action("defence_ready"))
    table.act("P1", PASS)  # its main could reinforce
    assert (table.state.phase, table.to_act) == ("window", {"P2"})
    table.act("P2", play("Q", "X"))
    assert ch(table, "X").damage == 0


def test_r65_no_card_is_played_during_the_defence_setup():
    table = wounded_defender()
    table.act("P1", attack("A", target="X"))
    assert table.state.phase == "defence_setup"
    assert refused(table, "P2", play("Q", "X")) == "wrong_phase"


def test_r65_no_card_is_played_in_another_seats_main_phase():
    table = wounded_defender()
    assert refused(table, "P2", play("Q", "X")) == "not_your_decision"


def test_r65_no_card_is_played_during_setup():
    players = [
        {"age": 10, "main_card_id": "S1-012", "contribution": [POTION] * 6},
        {"age": 20, "main_card_id": "S1-012", "contribution": [POTION] * 6},
    ]
    table = Table("legends", {"mode": "classic", "players": players}, 0)
    assert table.to_act == {"P2"}  # the cutter (S6)
    table.act("P2", Action("cut_deck", k=1))
    assert table.state.phase == "setup_formation"
    card = hand(table, "P1")[0]
    assert refused(table, "P1", play(card, "mP1")) == "wrong_phase"


# -- R66: the play ------------------------------------------------------------------------------


def test_r66_the_card_leaves_the_hand_resolves_then_goes_to_the_discard_pile():
    table = lance_duel(on("X-SEER", "S"))
    count = len(table.events)
    table.act("P1", play("Q", "X"))
    assert types(table, count) == ["card_played", "damage_dealt", "effect_applied"]
    assert events(table, "card_played", count) == [
        {"seat": "P1", "iid": "Q", "card_id": "X-LANCE", "target": "X"}
    ]
    assert "Q" not in hand(table, "P1")
    assert table.state.discard == ["Q"]


def test_r66_effects_resolve_in_list_order():
    hurt_then_heal = potion("X-HH", "one_enemy_character", damage(100), heal(60))
    heal_then_hurt = potion("X-HT", "one_enemy_character", heal(60), damage(100))
    table = duel(
        hurt_then_heal,
        heal_then_hurt,
        h1=[held("X-HH", "Q1"), held("X-HT", "Q2")],
        p2=[on("X-TARGET", "X"), on("X-TARGET", "Y")],
    )
    table.act("P1", play("Q1", "X"))
    table.act("P1", play("Q2", "Y"))
    assert (ch(table, "X").damage, ch(table, "Y").damage) == (40, 100)


def test_r66_one_effect_applied_event_per_effect_and_target_in_list_order():
    rally = potion("X-RALLY", "all_ally_characters", modify("str", 5, "turn"), heal(10))
    table = duel(rally, p1=[on("X-TARGET", "A")], h1=[held("X-RALLY", "Q")])
    count = len(table.events)
    table.act("P1", play("Q"))
    applied = [(e["kind"], e["target"]) for e in events(table, "effect_applied", count)]
    assert applied == [
        ("modify_stat", "mP1"),
        ("modify_stat", "A"),
        ("heal", "mP1"),
        ("heal", "A"),
    ]


# -- R67: targets chosen at play ----------------------------------------------------------------


def test_r67_a_target_the_spec_does_not_allow_is_invalid_target():
    table = duel(TONIC, h1=[held("X-TONIC", "Q")], p2=[on("X-TARGET", "X")])
    assert refused(table, "P1", play("Q", "X")) == "invalid_target"


def test_r67_an_area_card_with_nothing_affected_is_still_legal():
    # P2's only character is its main, warded: opponents' area magic skips it (R70).
    table = position(
        {
            "P1": {"table": [on("X-SEER", "S")], "hand": [held("X-STORM", "Q")]},
            "P2": {"main": {"card": "X-MAIN", "modifiers": [WARD_MOD]}},
        },
        STORM,
    )
    assert play("Q") in table.game.legal_actions(table.state, "P1")
    count = len(table.events)
    table.act("P1", play("Q"))
    assert types(table, count) == ["card_played"]
    assert table.state.discard == ["Q"]
    assert hp(table, "mP2") == 500


# -- R68, R69, R34: hostile and friendly effects --------------------------------------------------


def test_r68_an_effect_on_an_own_character_is_friendly_whatever_its_sign():
    # Damage on the caster's own protected main is friendly: R34 does not apply (R36).
    table = duel(CURSE, p1=[on("X-TARGET", "A")], h1=[held("X-CURSE", "Q")])
    table.act("P1", play("Q", "mP1"))
    assert hp(table, "mP1") == 450


def test_r68_a_heal_on_an_opponents_character_is_hostile():
    # Hostility follows the owner: a heal on P2's protected main is refused like damage.
    table = duel(BALM, h1=[held("X-BALM", "Q")], p2=[on("X-TARGET", "X")])
    assert refused(table, "P1", play("Q", "mP2")) == "main_protected"


def test_r69_hostile_area_effects_skip_a_protected_main():
    table = duel(STORM, p1=[on("X-SEER", "S")], h1=[held("X-STORM", "Q")], p2=[on("X-TARGET", "X")])
    table.act("P1", play("Q"))
    assert (hp(table, "X"), hp(table, "mP2")) == (200, 500)


def test_r69_hostile_area_effects_reach_an_unprotected_main():
    table = duel(STORM, p1=[on("X-SEER", "S")], h1=[held("X-STORM", "Q")])
    table.act("P1", play("Q"))
    assert hp(table, "mP2") == 400


def test_r34_a_hostile_card_may_not_target_a_protected_main():
    table = lance_duel(on("X-SEER", "S"))
    assert play("Q", "mP2") not in table.game.legal_actions(table.state, "P1")
    assert refused(table, "P1", play("Q", "mP2")) == "main_protected"


def test_r36_a_friendly_card_may_target_a_teammates_protected_main():
    table = position(
        {
            "P1": {"table": [on("X-TARGET", "A")], "hand": [held("X-TONIC", "Q")]},
            "P2": {"main": on("X-MAIN", "mP2", damage=200), "table": [on("X-TARGET", "B")]},
            "P3": {},
        },
        TONIC,
        teams={"P1": "A", "P2": "A", "P3": "B"},
    )
    table.act("P1", play("Q", "mP2"))
    assert hp(table, "mP2") == 400


def test_r37_a_declared_target_stays_the_target_when_protection_changes_in_the_window():
    # Y is attackable while X sleeps; waking X in the window makes X Tier 1 (R32), yet the
    # attack on Y goes on.
    table = duel(
        ROUSE,
        p1=[on("X-BRUTE", "A")],
        p2=[on("X-TARGET", "X", sleep=1), on("X-TARGET", "Y", exhausted=True)],
        h2=[held("X-ROUSE", "Q")],
    )
    table.act("P1", attack("A", target="Y"))
    table.act("P2", Action("defence_ready"))
    table.act("P1", PASS)
    table.act("P2", play("Q", "X"))
    assert ch(table, "X").sleep_remaining == 0
    pass_all(table)
    assert hp(table, "Y") == 200


# -- R82, R84: what card targets are not restricted by, and what they never reach -------------


def test_r82_a_card_may_target_a_character_an_attack_may_not():
    table = duel(
        LANCE,
        p1=[on("X-SEER", "S")],
        h1=[held("X-LANCE", "Q")],
        p2=[on("X-TARGET", "X"), on("X-TARGET", "W", exhausted=True)],
    )
    assert refused(table, "P1", attack("S", target="W")) == "protected_target"
    table.act("P1", play("Q", "W"))
    assert hp(table, "W") == 150


def test_r84_a_character_card_in_a_hand_is_not_a_target():
    table = duel(
        LANCE,
        p1=[on("X-SEER", "S")],
        h1=[held("X-LANCE", "Q")],
        p2=[on("X-TARGET", "X")],
        h2=[held("X-TARGET", "H")],
    )
    assert refused(table, "P1", play("Q", "H")) == "invalid_target"


def test_r84_a_character_card_in_the_discard_pile_is_not_a_target():
    table = lance_duel(on("X-SEER", "S"), discard=["X-TARGET"])
    (dead,) = table.state.discard
    assert refused(table, "P1", play("Q", dead)) == "invalid_target"
