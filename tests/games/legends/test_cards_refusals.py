"""The refusal codes of the card actions (A5 `assign_equipment`, A6 `play_card`, A7
`build`): each is refused with its code and leaves the state hash and the event log
unchanged (`refused`). Then the order of each action's checks (§6) where two apply."""

from tavola.core import Action

from .battle_tables import EVIL_CHAR, EVIL_POTION, PASS, POTION, attack, fight, on, refused
from .card_tables import (
    WARD_MOD,
    assign,
    aura,
    build,
    damage,
    duel,
    eg,
    equipment,
    heal,
    held,
    magic,
    modify,
    parry,
    play,
    position,
    potion,
    revive,
    standing,
)

LANCE = magic("X-LANCE", "one_enemy_character", damage(150))
EVIL_LANCE = magic("X-HEXBOLT", "one_enemy_character", damage(150), side="evil")
TONIC = potion("X-TONIC", "one_ally_character", heal(100))
SMOKE = potion("X-SMOKE", "combat_target", parry())
RISE = potion("X-RISE", "own_discard_character", revive(100))
SHIELD = equipment("X-SHIELD", modify("def", 20))
EVIL_SHIELD = equipment("X-SPIKES", modify("str", 10), side="evil")
TRIAD = eg("X-TRIAD", 3, aura(modify("str", 10), "ally_characters"))
EVIL_TRIAD = eg("X-DREAD", 3, aura(modify("str", -10), "enemy_characters"), side="evil")
CARDS = (LANCE, EVIL_LANCE, TONIC, SMOKE, RISE, SHIELD, EVIL_SHIELD, TRIAD, EVIL_TRIAD)
GOOD_MAIN = "S1-001"


def table_for(p1=(), h1=(), p2=(), h2=(), g1=(), g2=(), **options):
    """P1 against P2 (a plain X guards P2's main unless `p2` is given) with every card of
    this file in the catalogue."""
    return duel(
        *CARDS,
        p1=p1,
        h1=h1,
        p2=list(p2) or [on("X-TARGET", "X")],
        h2=h2,
        g1=g1,
        g2=g2,
        **options,
    )


def builders_table(**options):
    """P1 controls Brute B (STR 60), Seer S (MP 60) and Knave K, and holds Triad G."""
    options.setdefault("p1", [on("X-BRUTE", "B"), on("X-SEER", "S"), on("X-KNAVE", "K")])
    options.setdefault("h1", [held("X-TRIAD", "G")])
    return table_for(**options)


# -- A6 play_card --------------------------------------------------------------------------------


def test_a6_card_not_in_hand():
    table = table_for(p1=[on("X-SEER", "S")], h2=[held("X-LANCE", "Q")])
    assert refused(table, "P1", play("Q", "X")) == "card_not_in_hand"


def test_a6_wrong_card_type():
    table = table_for(h1=[held("X-SHIELD", "E")])
    assert refused(table, "P1", play("E", "mP1")) == "wrong_card_type"


def test_a6_alignment_forbidden():
    table = position(
        {
            "P1": {
                "main": GOOD_MAIN,
                "table": [on("X-SEER", "S")],
                "hand": [held("X-HEXBOLT", "Q")],
            },
            "P2": {"table": [on("X-TARGET", "X")]},
        },
        *CARDS,
    )
    assert refused(table, "P1", play("Q", "X")) == "alignment_forbidden"


def test_a6_magic_requirement_unmet():
    table = table_for(p1=[on("X-BRUTE", "B")], h1=[held("X-LANCE", "Q")])
    assert refused(table, "P1", play("Q", "X")) == "magic_requirement_unmet"


def test_a6_not_in_combat():
    table = table_for(h1=[held("X-SMOKE", "Q")])
    assert refused(table, "P1", play("Q")) == "not_in_combat"


def test_a6_nothing_to_revive():
    table = table_for(h1=[held("X-RISE", "Q")])
    assert refused(table, "P1", play("Q", "mP1")) == "nothing_to_revive"


def test_a6_invalid_target():
    table = table_for(h1=[held("X-TONIC", "Q")])
    assert refused(table, "P1", play("Q", "X")) == "invalid_target"


def test_a6_invalid_target_for_a_target_that_is_no_card():
    table = table_for(h1=[held("X-TONIC", "Q")])
    assert refused(table, "P1", play("Q", "P2")) == "invalid_target"


def test_a6_main_protected():
    table = table_for(p1=[on("X-SEER", "S")], h1=[held("X-LANCE", "Q")])
    assert refused(table, "P1", play("Q", "mP2")) == "main_protected"


def test_a6_target_warded():
    table = table_for(
        p1=[on("X-SEER", "S")],
        h1=[held("X-LANCE", "Q")],
        p2=[on("X-TARGET", "X", modifiers=[WARD_MOD])],
    )
    assert refused(table, "P1", play("Q", "X")) == "target_warded"


def capped_window(**options):
    """P1's Brute A attacks X with max_plays_per_window = 1; P1 plays Tonic, so the
    window's single play is used up; P2 now holds priority."""
    table = table_for(
        p1=[on("X-BRUTE", "A")],
        h1=[held("X-TONIC", "T")],
        h2=[held("X-SMOKE", "Q"), POTION],
        max_plays_per_window=1,
        **options,
    )
    table.act("P1", attack("A", target="X"))
    table.act("P2", Action("defence_ready"))
    table.act("P1", play("T", "A"))
    assert table.to_act == {"P2"}
    return table


def test_a6_window_cap_reached():
    table = capped_window()
    assert refused(table, "P2", play("Q")) == "window_cap_reached"
    table.act("P2", PASS)  # only passing is left


# -- A5 assign_equipment ------------------------------------------------------------------------


def test_a5_card_not_in_hand():
    table = table_for(h2=[held("X-SHIELD", "E")])
    assert refused(table, "P1", assign("E", "mP1")) == "card_not_in_hand"


def test_a5_wrong_card_type():
    table = table_for(h1=[held("X-TONIC", "Q")])
    assert refused(table, "P1", assign("Q", "mP1")) == "wrong_card_type"


def test_a5_alignment_forbidden():
    table = position({"P1": {"main": GOOD_MAIN, "hand": [held("X-SPIKES", "E")]}, "P2": {}}, *CARDS)
    assert refused(table, "P1", assign("E", "mP1")) == "alignment_forbidden"


def test_a5_equipment_timing():
    table = table_for(p1=[on("X-BRUTE", "A")], h1=[held("X-SHIELD", "E")])
    fight(table, "P1", attack("A", target="X"))
    assert refused(table, "P1", assign("E", "A")) == "equipment_timing"


def test_a5_invalid_target():
    table = table_for(h1=[held("X-SHIELD", "E"), held("X-TARGET", "H")])
    assert refused(table, "P1", assign("E", "H")) == "invalid_target"


def test_a5_main_protected():
    table = table_for(h1=[held("X-SHIELD", "E")])
    assert refused(table, "P1", assign("E", "mP2")) == "main_protected"


def test_a5_equipment_slot_full():
    table = table_for(h1=[held("X-SHIELD", "E")], p2=[on("X-TARGET", "X", equipment="X-SHIELD")])
    assert refused(table, "P1", assign("E", "X")) == "equipment_slot_full"


# -- A7 build ------------------------------------------------------------------------------------


def test_a7_eg_not_under_construction():
    table = builders_table(h1=[], g1=[standing("X-TRIAD", "G")])
    assert refused(table, "P1", build("G", "K")) == "eg_not_under_construction"


def test_a7_eg_not_under_construction_for_a_card_that_is_no_eg():
    table = builders_table(h1=[held("X-TONIC", "Q")])
    assert refused(table, "P1", build("Q", "K")) == "eg_not_under_construction"


def test_a7_alignment_forbidden():
    table = position(
        {
            "P1": {
                "main": GOOD_MAIN,
                "table": [on("X-BRUTE", "B"), on("X-SEER", "S"), on("X-KNAVE", "K")],
                "hand": [held("X-DREAD", "G")],
            },
            "P2": {},
        },
        *CARDS,
    )
    assert refused(table, "P1", build("G", "K")) == "alignment_forbidden"


def test_a7_eg_requirement_unmet():
    table = builders_table(p1=[on("X-BRUTE", "B"), on("X-KNAVE", "K")])
    assert refused(table, "P1", build("G", "K")) == "eg_requirement_unmet"


def test_a7_builder_overflow():
    table = builders_table(h1=[], g1=[standing("X-TRIAD", "G", progress=2)])
    assert refused(table, "P1", build("G", "K", "B")) == "builder_overflow"


def test_a7_attacks_forgone():
    table = builders_table(extra_draw_mode="per_player", deck=[POTION])
    table.act("P1", Action("skip_attack"))
    assert refused(table, "P1", build("G", "K")) == "attacks_forgone"


def test_a7_combat_in_progress():
    table = builders_table()
    table.act("P1", attack("B", target="X"))
    assert table.to_act == {"P1"}
    assert refused(table, "P1", build("G", "K")) == "combat_in_progress"


# -- §6: the order of the checks -----------------------------------------------------------------


def test_a6_checks_come_in_the_listed_order():
    table = position(
        {
            "P1": {
                "main": GOOD_MAIN,
                "hand": [
                    held(EVIL_CHAR, "C"),
                    held("X-HEXBOLT", "H"),
                    held("X-SMOKE", "P"),
                    held("X-RISE", "R"),
                    held("X-TONIC", "T"),
                    held("X-LANCE", "L"),
                    held("X-SPIKES", "E"),
                ],
            },
            "P2": {"table": [on("X-TARGET", "X")], "hand": [held("X-LANCE", "Q")]},
        },
        *CARDS,
    )
    assert refused(table, "P1", play("NOPE", "X")) == "unknown_card"
    assert refused(table, "P1", play("Q", "NOPE")) == "unknown_card"
    assert refused(table, "P1", play("Q", "X")) == "card_not_in_hand"
    assert refused(table, "P1", play("E", "X")) == "wrong_card_type"  # evil equipment
    assert refused(table, "P1", play("H", "X")) == "alignment_forbidden"  # evil magic, no MP
    assert refused(table, "P1", play("L", "mP2")) == "magic_requirement_unmet"
    assert refused(table, "P1", play("P", "X")) == "not_in_combat"
    assert refused(table, "P1", play("R", "X")) == "nothing_to_revive"
    assert refused(table, "P1", play("T", "mP2")) == "invalid_target"  # ally card, enemy main


def test_a6_main_protected_comes_before_target_warded():
    warded_main = {"card": "X-MAIN", "modifiers": [WARD_MOD]}
    table = position(
        {
            "P1": {"table": [on("X-SEER", "S")], "hand": [held("X-LANCE", "Q")]},
            "P2": {"main": warded_main, "table": [on("X-TARGET", "X")]},
        },
        *CARDS,
    )
    assert refused(table, "P1", play("Q", "mP2")) == "main_protected"


def test_a6_target_warded_comes_before_window_cap_reached():
    # P1 used the window's single play; P2 (whose Seer Z allows magic) holds priority.
    table = table_for(
        p1=[on("X-BRUTE", "A"), on("X-TARGET", "W", modifiers=[WARD_MOD])],
        h1=[held("X-TONIC", "T")],
        p2=[on("X-TARGET", "X"), on("X-SEER", "Z")],
        h2=[held("X-LANCE", "Q")],
        max_plays_per_window=1,
    )
    table.act("P1", attack("A", target="X"))
    table.act("P2", Action("defence_ready"))
    table.act("P1", play("T", "A"))
    assert refused(table, "P2", play("Q", "W")) == "target_warded"
    assert refused(table, "P2", play("Q", "A")) == "window_cap_reached"


def test_a5_checks_come_in_the_listed_order():
    table = position(
        {
            "P1": {
                "main": GOOD_MAIN,
                "table": [on("X-BRUTE", "A")],
                "hand": [held(EVIL_POTION, "V"), held("X-SPIKES", "E"), held("X-SHIELD", "S")],
            },
            "P2": {"table": [on("X-TARGET", "X")], "hand": [held("X-SHIELD", "Q")]},
        },
        *CARDS,
    )
    fight(table, "P1", attack("A", target="X"))  # the equipment window is closed
    assert refused(table, "P1", assign("Q", "A")) == "card_not_in_hand"
    assert refused(table, "P1", assign("V", "A")) == "wrong_card_type"  # an evil potion
    assert refused(table, "P1", assign("E", "A")) == "alignment_forbidden"
    assert refused(table, "P1", assign("S", "NOPE")) == "unknown_card"
    assert refused(table, "P1", assign("S", "Q")) == "equipment_timing"


def test_a5_invalid_target_and_main_protected_come_before_equipment_slot_full():
    equipped_main = {"card": "X-MAIN", "equipment": "X-SHIELD"}
    table = position(
        {
            "P1": {"hand": [held("X-SHIELD", "E"), held("X-TARGET", "H")]},
            "P2": {"main": equipped_main, "table": [on("X-TARGET", "X")]},
        },
        *CARDS,
    )
    assert refused(table, "P1", assign("E", "H")) == "invalid_target"
    assert refused(table, "P1", assign("E", "mP2")) == "main_protected"


def test_a7_checks_come_in_the_listed_order():
    table = position(
        {
            "P1": {
                "main": GOOD_MAIN,
                "table": [
                    on("X-BRUTE", "B"),
                    on("X-KNAVE", "K"),
                    on("X-KNAVE", "Z", exhausted=True),
                ],
                "hand": [held("X-DREAD", "D"), held("X-TRIAD", "G")],
                "egs": [standing("X-TRIAD", "C")],
            },
            "P2": {},
        },
        *CARDS,
    )
    # R90 is unmet throughout (no MP > 50).
    assert refused(table, "P1", build("C", "Z")) == "eg_not_under_construction"
    assert refused(table, "P1", build("D", "Z")) == "alignment_forbidden"
    assert refused(table, "P1", build("G", "Z", "Z")) == "character_exhausted"
    assert refused(table, "P1", build("G", "mP2")) == "not_your_character"
    assert refused(table, "P1", build("G")) == "empty_selection"
    assert refused(table, "P1", build("G", "K", "K")) == "duplicate_card"
    assert refused(table, "P1", build("G", "K", "B", "mP1", "Z")) == "character_exhausted"
    assert refused(table, "P1", build("G", "K", "B", "mP1")) == "eg_requirement_unmet"


def test_a7_builder_overflow_comes_before_attacks_forgone():
    table = builders_table(
        h1=[], g1=[standing("X-TRIAD", "G", progress=2)], extra_draw_mode="per_player"
    )
    table.act("P1", Action("skip_attack"))
    assert refused(table, "P1", build("G", "K", "B")) == "builder_overflow"
    assert refused(table, "P1", build("G", "K")) == "attacks_forgone"
