"""BP4: the boss's main-phase decision, first applicable of: place the lowest-iid
character in hand (table not full), equipment (only while the equip window is open),
a card play, one build, an attack, forgo, `end_turn`."""

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
    play,
    potion,
    run,
    settle,
    step,
    villain,
)

BRUTE = villain("X-BRUTE", 300, 60, 0, 20)
SEER = villain("X-SEER", 300, 20, 80, 20)
KNAVE = villain("X-KNAVE", 300, 20, 10, 20)
IMP = villain("X-IMP", 300, 30, 0, 20)
V70 = villain("X-V70", 300, 70, 0, 20)
Y = hero("X-Y", 300, 10, 0, 20)
BULWARK = hero("X-BULWARK", 500, 10, 0, 60)
FORT = hero("X-FORT", 300, 10, 0, 95)
SWORD = equipment("X-SWORD", modify("str", 15))
HEAL = potion("X-HEAL", "one_ally_character", heal(200))
TOWER = eg("X-TOWER", 3, aura(modify("def", 10), "ally_characters"))
CARDS = [BRUTE, SEER, KNAVE, IMP, V70, Y, BULWARK, FORT, SWORD, HEAL, TOWER]
END = Action("end_turn")


def boss_turn(hand=(), boss_table=(), p1_table=None, **options):
    return boss_battle(
        {
            "P1": {"table": p1_table or [on("X-Y", "Y1")]},
            "B": {"hand": list(hand), "table": list(boss_table)},
        },
        cards=CARDS,
        **options,
    )


def test_bp4_places_the_lowest_iid_character_in_hand_first():
    table = boss_turn(
        [on("X-SWORD", "c10"), on("X-V70", "c12"), on("X-IMP", "c11")], [on("X-BRUTE", "V1")]
    )
    assert decide(table) == Action("place_character", iid="c11")


def test_bp4_places_every_character_before_anything_else():
    table = boss_turn([on("X-V70", "c12"), on("X-IMP", "c11")], [on("X-BRUTE", "V1")])
    assert step(table) == Action("place_character", iid="c11")
    assert step(table) == Action("place_character", iid="c12")
    assert decide(table).type == "declare_attack"


def test_bp4_does_not_place_when_the_table_is_full():
    table = boss_turn([on("X-IMP", "c11")], [on("X-BRUTE", "V1")], max_characters_on_table=2)
    assert decide(table) == declare("V1", target="Y1")


def test_bp4_equipment_comes_before_a_card_play():
    table = boss_turn([on("X-HEAL", "c1"), on("X-SWORD", "c2")], [on("X-BRUTE", "V1", damage=100)])
    assert decide(table) == Action("assign_equipment", eq_iid="c2", char_iid="V1")


def test_bp4_a_card_play_comes_before_a_build():
    table = boss_turn(
        [on("X-TOWER", "c1"), on("X-HEAL", "c2")],
        [on("X-BRUTE", "V1", damage=100), on("X-SEER", "V2"), on("X-KNAVE", "V3")],
    )
    assert decide(table) == play("c2", "V1")


def test_bp4_a_card_play_comes_before_an_attack():
    table = boss_turn([on("X-HEAL", "c1")], [on("X-BRUTE", "V1", damage=100)])
    assert decide(table) == play("c1", "V1")


def test_bp4_equipment_is_held_once_the_equip_window_has_closed():
    # V70 attacks the BULWARK (70 > 60), closing the equip window (R24); IMP cannot beat
    # it and forgoes, drawing a sword: it is not assigned, the turn ends.
    table = boss_turn(
        [], [on("X-V70", "V1"), on("X-IMP", "V2")], p1_table=[on("X-BULWARK", "Y1")],
        deck=["X-SWORD"],
    )  # fmt: skip
    assert step(table) == declare("V1", target="Y1")
    settle(table)
    assert step(table) == Action("forgo", iids=["V2"])
    assert table.state.seats["B"].hand == ["c1"]
    assert table.state.battle.equip_window_open is False
    assert decide(table) == END


def test_bp4_ends_the_turn_when_nothing_is_left_to_do():
    table = boss_turn([on(FILLER, "c1")], [on("X-BRUTE", "V1", exhausted=True)])
    assert decide(table) == END


def test_bp4_a_whole_turn_follows_the_order():
    table = boss_turn(
        [on("X-IMP", "H1"), on("X-SWORD", "H2"), on("X-HEAL", "H3"), on("X-TOWER", "H4")],
        [
            on("X-BRUTE", "V1", damage=100),
            on("X-SEER", "V2"),
            on("X-KNAVE", "V3"),
            on("X-KNAVE", "V4"),
        ],
        p1_table=[on("X-Y", "Y1"), on("X-FORT", "Y2")],
        deck=[FILLER],
    )
    moves = run(table, lambda t: t.state.phase == "main" and decide(t) == END)
    boss = [a for seat, a in moves if seat == "B" and a.type != "pass"]
    assert boss == [
        Action("place_character", iid="H1"),
        Action("assign_equipment", eq_iid="H2", char_iid="V2"),  # pot 80
        play("H3", "V1"),
        Action("build", eg_iid="H4", builders=["V3"]),  # pot 20, lower iid than V4
        declare("H1", target="Y1"),  # 30 > 20, the smallest sufficient single
        declare("V1", target="Y1"),
        declare(("V2", "mp"), target="Y1"),  # Y1's third hit: it dies
        Action("forgo", iids=["V4"]),  # 20 ≤ 95 against Y2
    ]
    assert decide(table) == END
