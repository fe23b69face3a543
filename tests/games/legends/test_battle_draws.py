"""Drawing (§5.3, R14–R19): the turn draw, the empty deck, and where a drawn card goes.
Draws granted by equipment or EG auras (R14's extra draws and discards) need cards."""

from tavola.core import Viewer

from .battle_tables import (
    END_TURN,
    EVIL_CHAR,
    EVIL_POTION,
    GOOD_CHAR,
    GOOD_POTION,
    POTION,
    battle,
    cards_of,
    char,
    events,
    hand,
    on,
    types,
)

N = char("X-N", 100, 10, 0, 10)
PASSED_EVIL = "S1-019"  # a chaotic evil character
GOOD_MAIN, EVIL_MAIN = "S1-001", "S1-017"


def test_r14_turn_start_draws_one_card_from_the_top():
    table = battle({"P1": {}, "P2": {}}, deck=[POTION, GOOD_POTION, POTION])
    top = table.state.deck[0]
    table.act("P1", END_TURN)
    assert hand(table, "P2") == [top]
    assert len(table.state.deck) == 2


def test_r14_drawn_card_is_private_to_the_drawer():
    table = battle({"P1": {}, "P2": {}}, deck=[POTION, POTION])
    table.act("P1", END_TURN)
    drawn = [e for e in table.events if e.type == "card_drawn"][-1]
    public = table.events_for(Viewer.seat("P1"), drawn.seq - 1)[0]
    assert drawn.data["card_id"] == POTION
    assert public.data == {"seat": "P2"}


def test_r16_empty_deck_is_refilled_from_the_shuffled_discard_pile():
    # SC58: the deck is empty and the discard pile holds 4 cards.
    table = battle({"P1": {}, "P2": {}}, discard=[POTION] * 4)
    table.act("P1", END_TURN)
    assert events(table, "deck_reshuffled") == [{"size": 4}]
    assert (len(hand(table, "P2")), len(table.state.deck), table.state.discard) == (1, 3, [])


def test_r16_with_nothing_to_draw_the_draw_is_skipped():
    table = battle({"P1": {}, "P2": {}})
    table.act("P1", END_TURN)
    assert "draw_skipped" in types(table)
    assert hand(table, "P2") == []


def test_r16_without_reshuffle_an_empty_deck_skips_the_draw():
    table = battle({"P1": {}, "P2": {}}, discard=[POTION] * 4, reshuffle_discard=False)
    table.act("P1", END_TURN)
    assert "draw_skipped" in types(table)
    assert "deck_reshuffled" not in types(table)
    assert (hand(table, "P2"), len(table.state.discard)) == ([], 4)


def test_r17_a_neutral_main_keeps_an_evil_character():
    # SC7: P1 with a neutral main draws an evil character.
    table = battle({"P1": {}, "P2": {}}, deck=[EVIL_CHAR], turn_order=["P2", "P1"])
    table.act("P2", END_TURN)
    assert cards_of(table, hand(table, "P1")) == [EVIL_CHAR]


def test_r17_an_evil_main_keeps_a_neutral_potion():
    table = battle({"P1": {"main": EVIL_MAIN}, "P2": {}}, deck=[POTION], turn_order=["P2", "P1"])
    table.act("P2", END_TURN)
    assert cards_of(table, hand(table, "P1")) == [POTION]


def test_r18_an_evil_character_goes_to_the_evil_seat_with_fewest_characters():
    # SC4: E1 has 3 alive characters, E2 has 2; the good-main drawer passes to E2.
    table = battle(
        {
            "P1": {"main": EVIL_MAIN, "table": [on("X-N", "A"), on("X-N", "B")]},
            "P2": {"main": GOOD_MAIN},
            "P3": {"main": EVIL_MAIN, "table": [on("X-N", "C")]},
        },
        cards=[N],
        deck=[PASSED_EVIL],
    )
    (card,) = table.state.deck
    table.act("P1", END_TURN)
    passed = events(table, "card_passed")
    assert passed == [{"from": "P2", "to": "P3", "iid": card, "card_id": PASSED_EVIL}]
    assert (hand(table, "P2"), hand(table, "P3")) == ([], [card])
    seen_by_p1 = [e for e in table.events_for(Viewer.seat("P1")) if e.type == "card_passed"]
    assert seen_by_p1[0].data["card_id"] == PASSED_EVIL  # public, face shown


def test_r18_equal_characters_pass_to_the_smaller_hand():
    # SC5: E1 and E2 each control 2 characters; hands 4 and 3.
    table = battle(
        {
            "P1": {"main": GOOD_MAIN},
            "P2": {"main": EVIL_MAIN, "table": [on("X-N", "A")], "hand": [POTION] * 4},
            "P3": {"main": EVIL_MAIN, "table": [on("X-N", "B")], "hand": [POTION] * 3},
        },
        cards=[N],
        deck=[PASSED_EVIL],
        start="turn",
    )
    assert events(table, "card_passed")[0]["to"] == "P3"


def test_r18_full_tie_passes_to_the_earliest_in_turn_order():
    table = battle(
        {
            "P1": {"main": GOOD_MAIN},
            "P2": {"main": EVIL_MAIN, "table": [on("X-N", "A")], "hand": [POTION] * 3},
            "P3": {"main": EVIL_MAIN, "table": [on("X-N", "B")], "hand": [POTION] * 3},
        },
        cards=[N],
        deck=[PASSED_EVIL],
        turn_order=["P1", "P3", "P2"],
        start="turn",
    )
    assert events(table, "card_passed")[0]["to"] == "P3"


def test_r18_without_an_evil_seat_the_character_is_discarded():
    table = battle({"P1": {"main": GOOD_MAIN}, "P2": {}}, deck=[PASSED_EVIL], start="turn")
    (card,) = table.state.discard
    assert events(table, "card_discarded") == [{"seat": "P1", "iid": card, "card_id": PASSED_EVIL}]
    assert "card_passed" not in types(table)


def test_r19_a_good_character_drawn_by_an_evil_main_is_discarded():
    # SC6 for a player seat: discarded, hand unchanged, no replacement draw.
    table = battle({"P1": {"main": EVIL_MAIN}, "P2": {}}, deck=[GOOD_CHAR, POTION], start="turn")
    assert cards_of(table, table.state.discard) == [GOOD_CHAR]
    assert events(table, "card_discarded")[0]["card_id"] == GOOD_CHAR
    assert hand(table, "P1") == []
    assert len(table.state.deck) == 1


def test_r19_a_forbidden_non_character_is_discarded_not_passed():
    table = battle(
        {"P1": {"main": GOOD_MAIN}, "P2": {"main": EVIL_MAIN}}, deck=[EVIL_POTION], start="turn"
    )
    assert cards_of(table, table.state.discard) == [EVIL_POTION]
    assert "card_passed" not in types(table)
    assert hand(table, "P2") == []
