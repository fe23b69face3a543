"""Ward (`protect_magic`, R70): what it blocks (opponents' magic cards, their area magic,
MP-based attacks, E24) and what it does not (potions, own magic, equipment, EG auras);
where a ward comes from (cards, equipment, EG auras) and how long it lasts."""

from tavola.core import Action
from tavola.games.legends import stats

from .battle_tables import END_TURN, attack, ch, char, fight, hp, on, refused
from .card_tables import (
    WARD_MOD,
    aura,
    damage,
    duel,
    eg,
    equipment,
    held,
    magic,
    modify,
    play,
    position,
    potion,
    standing,
    ward,
)

LANCE = magic("X-LANCE", "one_enemy_character", damage(150))
STORM = magic("X-STORM", "all_enemy_characters", damage(100))
BOLT = potion("X-BOLT", "one_enemy_character", damage(100))


def warded_x(*cards, h1=(), p1=(), g1=(), x_status=None, w_status=None):
    """P1 (a Seer S, so magic is allowed) against P2's warded X (300/10/20/30, E24's
    target) and unwarded W."""
    status = x_status if x_status is not None else {"modifiers": [WARD_MOD]}
    return duel(
        E24_TARGET,
        *cards,
        p1=[on("X-SEER", "S"), *p1],
        h1=list(h1),
        g1=list(g1),
        p2=[on("X-E24", "X", **status), on("X-TARGET", "W", **(w_status or {}))],
    )


E24_TARGET = char("X-E24", 300, 10, 20, 30)
E24_ATTACKER = char("X-E24A", 300, 40, 80, 10)


def test_r70_an_opponents_magic_may_not_target_a_warded_character():
    table = warded_x(LANCE, h1=[held("X-LANCE", "Q")])
    assert refused(table, "P1", play("Q", "X")) == "target_warded"


def test_r70_a_warded_character_is_not_offered_to_an_opponents_magic():
    table = warded_x(LANCE, h1=[held("X-LANCE", "Q")])
    plays = [a for a in table.game.legal_actions(table.state, "P1") if a.type == "play_card"]
    assert plays == [play("Q", "W")]


def test_r70_an_opponents_potion_may_target_a_warded_character():
    table = warded_x(BOLT, h1=[held("X-BOLT", "Q")])
    table.act("P1", play("Q", "X"))
    assert hp(table, "X") == 200


def test_r70_the_controllers_own_magic_may_target_its_warded_character():
    table = position(
        {
            "P1": {
                "table": [on("X-SEER", "S"), on("X-TARGET", "A", modifiers=[WARD_MOD])],
                "hand": [held("X-BLESS", "Q")],
            },
            "P2": {},
        },
        magic("X-BLESS", "one_ally_character", modify("def", 10, "turn")),
    )
    table.act("P1", play("Q", "A"))
    assert stats.eff(table.state, ch(table, "A"), "def") == 20


def test_r70_an_opponents_area_magic_skips_a_warded_character():
    table = warded_x(STORM, h1=[held("X-STORM", "Q")])
    table.act("P1", play("Q"))
    assert (hp(table, "X"), hp(table, "W")) == (300, 200)


def test_r70_an_opponents_area_potion_reaches_a_warded_character():
    table = warded_x(
        potion("X-FLOOD", "all_enemy_characters", damage(100)), h1=[held("X-FLOOD", "Q")]
    )
    table.act("P1", play("Q"))
    assert (hp(table, "X"), hp(table, "W")) == (200, 200)


def test_r70_e24_an_mp_attack_on_a_warded_character_counts_zero():
    table = warded_x(E24_ATTACKER, p1=[on("X-E24A", "A")], w_status={"exhausted": True})
    result = fight(table, "P1", attack(("A", "mp"), target="X"))
    assert (result["A"], result["D_val"], result["result"]) == (0, 30, "parried")


def test_r70_e24_a_str_attack_on_a_warded_character_counts_in_full():
    table = warded_x(E24_ATTACKER, p1=[on("X-E24A", "A")])
    result = fight(table, "P1", attack(("A", "str"), target="X"))
    assert (result["A"], result["D_val"], result["result"]) == (40, 30, "hit")
    assert hp(table, "X") == 200


def test_r70_a_ward_card_wards_its_target():
    table = duel(
        magic("X-AEGIS", "one_ally_character", ward("round")),
        LANCE,
        p1=[on("X-SEER", "S")],
        h1=[held("X-AEGIS", "Q")],
        p2=[on("X-SEER", "Z")],
        h2=[held("X-LANCE", "L")],
    )
    table.act("P1", play("Q", "S"))
    assert stats.is_warded(table.state, ch(table, "S"))
    table.act("P1", END_TURN)
    assert refused(table, "P2", play("L", "S")) == "target_warded"


def test_r70_a_turn_long_ward_ends_with_the_turn():
    table = duel(
        magic("X-AEGIS", "one_ally_character", ward("turn")),
        LANCE,
        p1=[on("X-SEER", "S")],
        h1=[held("X-AEGIS", "Q")],
        p2=[on("X-SEER", "Z")],
        h2=[held("X-LANCE", "L")],
    )
    table.act("P1", play("Q", "S"))
    table.act("P1", END_TURN)
    table.act("P2", play("L", "S"))
    assert hp(table, "S") == 50


def test_r70_ward_equipment_blocks_opponents_magic():
    table = warded_x(
        LANCE,
        equipment("X-CLOAK", ward()),
        h1=[held("X-LANCE", "Q")],
        x_status={"equipment": "X-CLOAK"},
    )
    assert refused(table, "P1", play("Q", "X")) == "target_warded"


def test_r70_a_ward_aura_blocks_opponents_magic():
    table = position(
        {
            "P1": {"table": [on("X-SEER", "S")], "hand": [held("X-LANCE", "Q")]},
            "P2": {"table": [on("X-TARGET", "X")], "egs": [{"card": "X-DOME", "iid": "G"}]},
        },
        LANCE,
        eg("X-DOME", 2, aura(ward(), "ally_characters")),
    )
    assert refused(table, "P1", play("Q", "X")) == "target_warded"


def test_r70_equipment_may_be_assigned_to_a_warded_enemy():
    table = warded_x(equipment("X-RUST", modify("def", -20)), h1=[held("X-RUST", "E")])
    table.act("P1", Action("assign_equipment", eq_iid="E", char_iid="X"))
    assert stats.eff(table.state, ch(table, "X"), "def") == 10


def test_r70_an_enemy_eg_aura_reaches_a_warded_character():
    table = warded_x(
        eg("X-BLIGHT", 1, aura(modify("def", -15), "enemy_characters")),
        g1=[standing("X-BLIGHT", "G")],
    )
    assert stats.eff(table.state, ch(table, "X"), "def") == 15
