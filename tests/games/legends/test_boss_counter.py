"""BP14: the boss's counter-attack phase: (1) equipment by BP5 before its first attack,
(2) card plays by BP6, (3) attacks by BP8 with O = [the active seat], (4) `end_counter`.
No placing, building or forgoing."""

from tavola.core import Action

from .boss_tables import (
    FILLER,
    WARDED,
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
    settle,
    step,
    villain,
)

V70 = villain("X-V70", 300, 70, 0, 20)
V40 = villain("X-V40", 300, 40, 0, 20)
SEER = villain("X-SEER", 300, 20, 80, 20)
A10 = hero("X-A10", 300, 10, 0, 20)
SOFT = hero("X-SOFT", 300, 10, 0, 20)
FORT = hero("X-FORT", 300, 10, 0, 95)
WALL = hero("X-WALL", 300, 10, 0, 100)
BRUTE = villain("X-BRUTE", 300, 60, 0, 20)
SWORD = equipment("X-SWORD", modify("str", 15))
HEAL = potion("X-HEAL", "one_ally_character", heal(200))
TOWER = eg("X-TOWER", 3, aura(modify("def", 10), "ally_characters"))
CARDS = [V70, V40, SEER, A10, SOFT, FORT, WALL, BRUTE, SWORD, HEAL, TOWER]
END_COUNTER = Action("end_counter")


def counter(hand=(), boss_table=(), p1_table=None, p2=None, **options):
    """P1 (the active seat) attacks the boss's K (V40, DEF 20) with A1 (STR 10: parried;
    every seat passes, the boss sets up no defence) and ends its turn: the boss's counter
    phase starts."""
    seats = {
        "P1": {"table": p1_table or [on("X-A10", "A1"), on("X-SOFT", "Y1")]},
        "B": {
            "hand": [on(c, f"C{i + 1}") if isinstance(c, str) else c for i, c in enumerate(hand)],
            "table": [on("X-V40", "K"), *boss_table],
        },
    }
    if p2 is not None:
        seats["P2"] = p2
    table = boss_battle(seats, cards=CARDS, active="P1", **options)
    table.act("P1", declare("A1", target="K"))
    while table.state.battle.combat is not None:
        (seat,) = table.to_act
        ready = table.state.phase == "defence_setup"
        table.act(seat, Action("defence_ready") if ready else Action("pass"))
    table.act("P1", Action("end_turn"))
    assert table.state.phase == "counter" and table.to_act == frozenset({"B"})
    return table


def test_bp14_assigns_equipment_before_the_first_counter_attack():
    table = counter(["X-SWORD"])
    assert decide(table) == Action("assign_equipment", eq_iid="C1", char_iid="K")


def test_bp14_plays_cards_by_bp6():
    table = counter(["X-HEAL"], [on("X-SEER", "S", damage=100)])
    assert decide(table) == play("C1", "S")


def test_bp14_attacks_the_active_seat():
    table = counter()
    # P1's target order: A1 is exhausted (vulnerable) but Y1 is ready: only Y1 (R32).
    assert decide(table) == declare("K", target="Y1")


def test_bp14_attacks_only_the_active_seat_even_if_another_opponent_is_older():
    table = counter(p2={"table": [on("X-SOFT", "Y2")]}, ages={"P1": 20, "P2": 60})
    assert decide(table) == declare("K", target="Y1")


def test_bp14_ends_the_counter_when_no_group_is_found():
    table = counter(p1_table=[on("X-A10", "A1"), on("X-FORT", "Y1")])
    assert decide(table) == END_COUNTER


def test_bp14_ends_the_counter_after_its_attacks():
    table = counter()
    step(table)
    settle(table)
    assert decide(table) == END_COUNTER


def test_bp14_never_places_builds_or_forgoes():
    # A character and an EG in hand; R90 met (BRUTE, SEER); R = [K, S] (|R| = 2); no group
    # beats the warded FORT (40 + 20 ≤ 100): in a main phase the boss would place, build
    # or forgo; in a counter phase it ends.
    table = counter(
        ["X-V70", "X-TOWER"],
        [on("X-SEER", "S"), on("X-BRUTE", "B1", exhausted=True)],
        p1_table=[on("X-A10", "A1"), on("X-WALL", "Y1", modifiers=[WARDED])],
        deck=[FILLER],
    )
    assert decide(table) == END_COUNTER


def test_bp14_equipment_is_held_after_the_first_counter_attack():
    table = counter(["X-SWORD"])
    table.act("B", declare("K", target="Y1"))
    settle(table)
    assert table.state.battle.equip_window_open is False
    assert decide(table) == END_COUNTER
