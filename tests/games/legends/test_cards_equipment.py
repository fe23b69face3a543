"""Special equipment (R85–R89, A5): when it may be assigned, to whom, one per character,
attached for good and discarded with its bearer; SC30, SC31, SC78."""

from tavola.core import Action
from tavola.games.legends import stats

from .battle_tables import END_TURN, PASS, attack, ch, char, events, fight, hand, hp, on, refused
from .card_tables import (
    assign,
    aura,
    build,
    damage,
    duel,
    eg,
    equipment,
    held,
    modify,
    play,
    potion,
)

SHIELD = equipment("X-SHIELD", modify("def", 20))
RUST = equipment("X-RUST", modify("def", -20), modify("str", -5))
BANNER = eg("X-BANNER", 3, aura(modify("str", 10), "ally_characters"))


def eff(table, iid, stat):
    return stats.eff(table.state, ch(table, iid), stat)


def armoury(*cards, p1=(), h1=(), p2=(), h2=(), **options):
    """P1 (Brute A) holds Shield E; P2 has X (300/10/0/10)."""
    return duel(
        SHIELD,
        RUST,
        BANNER,
        *cards,
        p1=[on("X-BRUTE", "A"), *p1],
        h1=[held("X-SHIELD", "E"), *h1],
        p2=[on("X-TARGET", "X"), *p2],
        h2=list(h2),
        **options,
    )


# -- R85: timing ---------------------------------------------------------------------------------


def test_r85_the_active_seat_assigns_equipment_in_its_main_phase():
    table = armoury()
    count = len(table.events)
    table.act("P1", assign("E", "A"))
    assert ch(table, "A").equipment_iid == "E"
    assert "E" not in hand(table, "P1")
    assert events(table, "equipment_assigned", count) == [
        {"seat": "P1", "iid": "E", "card_id": "X-SHIELD", "bearer": "A"}
    ]


def test_r85_sc30_no_equipment_after_the_turns_first_attack():
    table = armoury()
    fight(table, "P1", attack("A", target="X"))
    assert refused(table, "P1", assign("E", "A")) == "equipment_timing"


def test_r85_no_equipment_after_the_turns_first_build():
    table = armoury(p1=[on("X-SEER", "S"), on("X-KNAVE", "K")], h1=[held("X-BANNER", "G")])
    table.act("P1", build("G", "K"))
    assert refused(table, "P1", assign("E", "A")) == "equipment_timing"


def test_r85_playing_a_card_keeps_the_equipment_window_open():
    table = armoury(
        potion("X-MEND", "one_ally_character", modify("str", 5, "turn")), h1=[held("X-MEND", "Q")]
    )
    table.act("P1", play("Q", "A"))
    table.act("P1", assign("E", "A"))
    assert ch(table, "A").equipment_iid == "E"


def counter_phase_of_p2():
    """P1's A attacked P2's X; P2 (holding Shield F) is in its counter-attack phase."""
    table = armoury(h2=[held("X-SHIELD", "F")])
    fight(table, "P1", attack("A", target="X"))
    table.act("P1", END_TURN)
    assert (table.state.phase, table.to_act) == ("counter", {"P2"})
    return table


def test_r85_the_counter_attacking_seat_assigns_before_its_first_attack():
    table = counter_phase_of_p2()
    table.act("P2", assign("F", "X"))
    assert eff(table, "X", "def") == 30


def test_r85_the_counter_attacking_seat_assigns_nothing_after_its_first_attack():
    table = counter_phase_of_p2()
    fight(table, "P2", attack("X", target="A"))
    assert table.state.phase == "counter"
    assert refused(table, "P2", assign("F", "X")) == "equipment_timing"


def test_r85_sc78_the_defending_seat_assigns_in_its_defence_setup():
    # D holds def +20; X(300/10/10/45) is targeted with A = 60.
    table = duel(
        SHIELD,
        char("X-SC78", 300, 10, 10, 45),
        p1=[on("X-BRUTE", "A")],
        p2=[on("X-SC78", "X")],
        h2=[held("X-SHIELD", "F")],
    )
    table.act("P1", attack("A", target="X"))
    table.act("P2", assign("F", "X"))
    table.act("P2", Action("defence_ready"))
    table.act("P1", PASS)
    resolved = events(table, "attack_resolved")[0]
    assert (resolved["D_val"], resolved["result"]) == (65, "parried")
    assert ch(table, "X").equipment_iid == "F"


def test_r85_equipment_is_not_assigned_in_another_seats_main_phase():
    table = armoury(h2=[held("X-SHIELD", "F")])
    assert refused(table, "P2", assign("F", "X")) == "not_your_decision"


# -- R86: the bearer ------------------------------------------------------------------------------


def test_r86_equipment_may_go_on_an_opponents_character():
    table = armoury(h1=[held("X-RUST", "R")])
    table.act("P1", assign("R", "X"))
    assert (eff(table, "X", "def"), eff(table, "X", "str")) == (0, 5)


def test_r86_sc31_equipment_may_not_go_on_a_protected_enemy_main():
    table = armoury(h1=[held("X-RUST", "R")])
    assert refused(table, "P1", assign("R", "mP2")) == "main_protected"


def test_r86_equipment_may_go_on_an_unprotected_enemy_main():
    table = duel(RUST, p1=[on("X-BRUTE", "A")], h1=[held("X-RUST", "R")])
    table.act("P1", assign("R", "mP2"))
    assert eff(table, "mP2", "def") == 0


def test_r86_equipment_may_go_on_the_own_protected_main():
    table = armoury()
    table.act("P1", assign("E", "mP1"))
    assert eff(table, "mP1", "def") == 30


def test_r86_one_equipment_per_character():
    table = armoury(p1=[], h1=[held("X-SHIELD", "F")])
    table.act("P1", assign("E", "A"))
    assert refused(table, "P1", assign("F", "A")) == "equipment_slot_full"


def test_r86_the_bearer_must_be_a_character_on_a_table():
    table = armoury(h1=[held("X-TARGET", "H")])
    assert refused(table, "P1", assign("E", "H")) == "invalid_target"


# -- R87, R88: attached for good, discarded with the bearer ---------------------------------------


def test_r87_equipment_effects_last_while_attached():
    table = armoury()
    table.act("P1", assign("E", "A"))
    table.act("P1", END_TURN)
    table.act("P2", END_TURN)
    assert table.state.battle.round_no == 2
    assert eff(table, "A", "def") == 40


def test_r87_assigned_equipment_is_never_moved():
    table = armoury(p1=[on("X-KNAVE", "K")])
    table.act("P1", assign("E", "A"))
    assert refused(table, "P1", assign("E", "K")) == "card_not_in_hand"
    assert (ch(table, "A").equipment_iid, ch(table, "K").equipment_iid) == ("E", None)


def test_r88_sc30_a_dying_bearer_takes_its_equipment_to_the_discard_pile():
    table = armoury(
        potion("X-DOOM", "one_enemy_character", damage(300)),
        h1=[held("X-RUST", "R"), held("X-DOOM", "D")],
    )
    table.act("P1", assign("R", "X"))
    table.act("P1", play("D", "X"))
    assert ch(table, "X") is None
    assert {"X", "R"} <= set(table.state.discard)


def test_r88_cursed_max_hp_equipment_can_kill_its_bearer():
    table = armoury(
        equipment("X-HEX", modify("hp_max", -250)),
        h1=[held("X-HEX", "H")],
        p2=[on("X-TARGET", "Y", damage=60)],
    )
    table.act("P1", assign("H", "Y"))
    assert ch(table, "Y") is None
    assert {"Y", "H"} <= set(table.state.discard)
    assert hp(table, "X") == 300
