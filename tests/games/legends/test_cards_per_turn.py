"""Extra draws and discards at turn start (R14, R83, R89): `draw_per_turn` from equipment
and ally EG auras, `discard_per_turn` from enemy EG auras."""

from .battle_tables import END_TURN, POTION, events, hand, on, types
from .card_tables import (
    assign,
    aura,
    build,
    discard_per_turn,
    draw_per_turn,
    duel,
    eg,
    equipment,
    held,
    position,
    standing,
)

SATCHEL = equipment("X-SATCHEL", draw_per_turn(1))
LIBRARY = eg("X-LIBRARY", 2, aura(draw_per_turn(1), "ally_players"))
DRAIN = eg("X-DRAIN", 2, aura(discard_per_turn(1), "enemy_players"))
DRAIN2 = eg("X-DRAIN2", 2, aura(discard_per_turn(2), "enemy_players"))
CARDS = (SATCHEL, LIBRARY, DRAIN, DRAIN2)


def turn_start(*, p1=(), h1=(), g1=(), g2=(), deck=(POTION,) * 6, **options):
    """P1's turn starts (R13–R14) in the given position; P2 stands by."""
    return duel(*CARDS, p1=p1, h1=h1, g1=g1, g2=g2, deck=list(deck), start="turn", **options)


# -- R14: draws ----------------------------------------------------------------------------------


def test_r14_without_per_turn_effects_the_seat_draws_one_card():
    table = turn_start()
    assert len(hand(table, "P1")) == 1


def test_r14_draw_per_turn_equipment_adds_its_count():
    table = turn_start(p1=[on("X-TARGET", "A", equipment="X-SATCHEL")])
    assert len(hand(table, "P1")) == 2


def test_r14_a_complete_ally_eg_aura_adds_its_count():
    table = turn_start(g1=[standing("X-LIBRARY", "G")])
    assert len(hand(table, "P1")) == 2


def test_r14_an_eg_under_construction_adds_nothing():
    table = turn_start(g1=[standing("X-LIBRARY", "G", progress=1)])
    assert len(hand(table, "P1")) == 1


def test_r14_extra_draws_from_every_source_add_up():
    table = turn_start(
        p1=[on("X-TARGET", "A", equipment="X-SATCHEL"), on("X-TARGET", "B", equipment="X-SATCHEL")],
        g1=[standing("X-LIBRARY", "G")],
    )
    assert len(hand(table, "P1")) == 4


def test_r14_a_teammates_ally_players_aura_benefits_the_seat():
    table = position(
        {"P1": {}, "P2": {"egs": [standing("X-LIBRARY", "G")]}, "P3": {}},
        *CARDS,
        teams={"P1": "A", "P2": "A", "P3": "B"},
        deck=[POTION] * 4,
        start="turn",
    )
    assert len(hand(table, "P1")) == 2


def test_r14_an_opponents_ally_players_aura_does_not_benefit_the_seat():
    table = turn_start(g2=[standing("X-LIBRARY", "G")])
    assert len(hand(table, "P1")) == 1


# -- R14: discards ---------------------------------------------------------------------------------


def test_r14_an_enemy_discard_aura_discards_after_the_draws():
    table = turn_start(h1=[POTION], g2=[standing("X-DRAIN", "G")])
    kinds = [t for t in types(table) if t in ("turn_started", "card_drawn", "card_discarded")]
    assert kinds == ["turn_started", "card_drawn", "card_discarded"]
    assert len(hand(table, "P1")) == 1
    assert len(table.state.discard) == 1


def test_r14_a_discard_aura_takes_fewer_cards_from_a_smaller_hand():
    table = turn_start(g2=[standing("X-DRAIN2", "G")], deck=[POTION])
    assert hand(table, "P1") == []
    assert len(events(table, "card_discarded")) == 1


def test_r14_a_discard_aura_spares_its_controllers_team():
    table = turn_start(h1=[POTION], g1=[standing("X-DRAIN", "G")])
    assert len(hand(table, "P1")) == 2
    assert events(table, "card_discarded") == []


def test_r14_an_enemy_discard_aura_under_construction_discards_nothing():
    table = turn_start(h1=[POTION], g2=[standing("X-DRAIN", "G", progress=1)])
    assert len(hand(table, "P1")) == 2


# -- R83: only at turn start -----------------------------------------------------------------------


def test_r83_assigning_draw_equipment_draws_nothing_at_once():
    table = duel(*CARDS, p1=[on("X-TARGET", "A")], h1=[held("X-SATCHEL", "E")], deck=[POTION] * 3)
    table.act("P1", assign("E", "A"))
    assert hand(table, "P1") == []
    assert len(table.state.deck) == 3


def test_r83_completing_a_draw_aura_eg_draws_nothing_at_once():
    table = duel(
        *CARDS,
        p1=[on("X-BRUTE", "B"), on("X-SEER", "S"), on("X-KNAVE", "K")],
        g1=[standing("X-LIBRARY", "G", progress=1)],
        deck=[POTION] * 3,
    )
    table.act("P1", build("G", "K"))
    assert table.state.battle.egs["G"].complete
    assert (hand(table, "P1"), len(table.state.deck)) == ([], 3)


def test_r83_per_turn_effects_do_not_act_at_another_seats_turn_start():
    table = duel(
        *CARDS,
        p1=[on("X-TARGET", "A", equipment="X-SATCHEL")],
        h1=[POTION],
        g2=[standing("X-DRAIN", "G")],
        deck=[POTION] * 3,
    )
    table.act("P1", END_TURN)
    assert table.state.battle.active_seat == "P2"
    assert len(hand(table, "P1")) == 1
    assert len(hand(table, "P2")) == 1  # its own single turn draw


# -- R89: the bearer's controller benefits ---------------------------------------------------------


def test_r89_draw_equipment_on_an_opponents_character_benefits_that_opponent():
    table = duel(
        *CARDS,
        h1=[held("X-SATCHEL", "E")],
        p2=[on("X-TARGET", "X")],
        deck=[POTION] * 4,
    )
    table.act("P1", assign("E", "X"))
    table.act("P1", END_TURN)
    assert table.state.battle.active_seat == "P2"
    assert len(hand(table, "P2")) == 2
    assert hand(table, "P1") == []
