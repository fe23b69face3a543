"""`LegendsGame.evaluate`: the heuristic the search bots stop at. It ranks what R108 ranks
(characters, then HP), sees an open combat as resolved, prices vulnerable characters the
opponents can kill, and counts piles in the simplified mode."""

from tavola.core import Action, state_hash
from tavola.games.legends.evaluate import WIN

from .battle_tables import attack, battle, char, on, pass_all
from .tables import FILLER, simplified

PAWN = char("X-PAWN", hp=200, str_=60, def_=20)
BRUTE = char("X-BRUTE", hp=300, str_=90, def_=10)
GUARD = char("X-GUARD", hp=300, str_=10, def_=10)


def value(table, seat="P1"):
    return table.game.evaluate(table.state, seat)


def duel(**seats):
    """P1 and P2 with the default 500-HP mains; P1 to act in its main phase."""
    return battle(
        {"P1": seats.get("P1", {}), "P2": seats.get("P2", {})},
        cards=[PAWN, BRUTE, GUARD],
        deck=["S1-003"] * 8,
    )


def test_two_seats_see_one_position_from_opposite_sides():
    table = duel(P1={"table": [on("X-PAWN", "A")]}, P2={"hand": ["X-PAWN"]})
    assert value(table, "P1") == -value(table, "P2")


def test_an_even_position_is_worth_nothing():
    table = duel(P1={"table": [on("X-PAWN", "A")]}, P2={"table": [on("X-PAWN", "B")]})
    assert value(table) == 0


def test_r108_a_character_on_the_table_beats_the_same_card_in_hand():
    table = duel(P1={"hand": ["X-PAWN"]})
    before = value(table)
    (iid,) = table.state.seats["P1"].hand
    table.act("P1", Action("place_character", iid=iid))
    assert value(table) > before


def test_r108_more_hp_left_is_better():
    hurt = duel(P2={"table": [on("X-GUARD", "B", damage=100)]}, P1={"table": [on("X-GUARD", "A")]})
    assert value(hurt) > 0


def test_an_open_combat_counts_as_resolved():
    table = duel(P1={"table": [on("X-BRUTE", "A")]}, P2={"table": [on("X-PAWN", "B", damage=100)]})
    before = value(table)
    table.act("P1", attack("A", target="B"))  # 90 > 20: the hit kills B (100 HP left)
    declared = value(table)
    pass_all(table)
    assert declared > before
    assert value(table) == declared


def test_r32_a_vulnerable_character_without_a_guard_is_priced_as_likely_lost():
    foe = {"table": [on("X-BRUTE", "B")]}
    exposed = duel(P1={"table": [on("X-PAWN", "A", exhausted=True)]}, P2=foe)
    ready = duel(P1={"table": [on("X-PAWN", "A")]}, P2=foe)
    assert value(exposed) < value(ready)


def test_r32_a_ready_guard_shields_the_vulnerable_ones():
    foe = {"table": [on("X-BRUTE", "B")]}
    guard = on("X-GUARD", "G")
    exposed = duel(P1={"table": [on("X-PAWN", "A", exhausted=True), guard]}, P2=foe)
    ready = duel(P1={"table": [on("X-PAWN", "A"), guard]}, P2=foe)
    assert value(exposed) == value(ready)


def test_a_finished_battle_is_a_win_or_a_loss():
    table = duel(P2={"main": {"card": "X-MAIN", "damage": 450}}, P1={"table": [on("X-BRUTE", "A")]})
    table.act("P1", attack("A", target="mP2"))
    pass_all(table)
    assert table.outcome is not None
    assert value(table, "P1") == WIN and value(table, "P2") == -WIN


def test_evaluating_changes_nothing():
    table = duel(P1={"table": [on("X-BRUTE", "A")]}, P2={"table": [on("X-PAWN", "B")]})
    table.act("P1", attack("A", target="B"))
    before = state_hash(table.game, table.state)
    value(table)
    assert state_hash(table.game, table.state) == before


def test_r127_the_simplified_mode_counts_cards_in_piles():
    table = simplified({"P1": [FILLER] * 5, "P2": [FILLER] * 3})
    assert value(table, "P1") > 0 > value(table, "P2")
