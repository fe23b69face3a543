"""Dummbot's turn (R9–R17): energy, transmutation, crystals, star and draw symbols, the
draw pile (R14–R16)."""

from __future__ import annotations

import pytest

from .engine_support import act, array, first, hand, human_view, new, refused, types


@pytest.mark.parametrize(
    ("month", "face", "gain"),
    [
        (1, "2W +3c /1", 5),  # §7: 2·1 + 3
        (2, "1F * /2", 2),  # rare energy
        (10, "2E * /1", 4),  # rate 2 in autumn
        (7, "2W * /1", 4),  # summer
        (4, "2A * /1", 4),  # spring
        (1, "+6c /2", 6),  # crystals only
    ],
)
def test_r9_r11_energy_at_the_season_rate_plus_crystals(month, face, gain):
    """R9, R11 (§7's table)."""
    state = new({"mode": "practice"}, month=month, dummbot_face=face)
    events = act(state, "end_human_turn")
    assert first(events, "crystals_changed") == {"source": "die", "applied": gain, "crystals": gain}


def test_s8_energy_and_crystals_then_advance():
    """Scenario 8 (R9, R11, R18): month 1, `2W +3c /1` → +5, month 2, no season change."""
    state = new(month=1, dummbot_face="2W +3c /1")
    events = act(state, "end_human_turn")
    assert state.dummbot.crystals == 5 and state.month == 2
    events = act(state, "end_round")
    assert "season_changed" not in types(events)


@pytest.mark.parametrize(("level", "gain"), [("apprentice", 4), ("wizard", 6), ("archmage", 8)])
def test_s10_r10_transmute_is_a_flat_amount_and_two_hand_cards(level, gain):
    """Scenario 10 (R10, R12): winter `1F * T /3` → +4/+6/+8 and a prompt for 2 cards."""
    state = new({"difficulty": level}, month=1, dummbot_face="1F * T /3")
    act(state, "end_human_turn")
    assert state.dummbot.crystals == gain
    assert state.prompt == {
        "kind": "name_cards",
        "purpose": "hand_draw",
        "count": 2,
        "source": "die",
    }
    assert state.phase == "DUMMBOT_TURN"


def test_s11_r10_transmute_of_two_tokens_is_still_flat():
    """Scenario 11 (R10): winter `2A T /2`, Wizard → +6 (not 2·1), no card."""
    state = new(month=1, dummbot_face="2A T /2")
    events = act(state, "end_human_turn")
    assert state.dummbot.crystals == 6 and state.prompt is None
    assert "card_to_hand" not in types(events)


def test_r10_transmute_crystals_setting_overrides_the_level():
    state = new({"transmute_crystals": 0}, month=1, dummbot_face="1F * T /3")
    act(state, "end_human_turn")
    assert state.dummbot.crystals == 0


def test_s9_r12_star_prompts_for_one_card_then_advances():
    """Scenario 9 (R9, R12, R20): month 2, `1F * /2` → +2, a hand_draw prompt; after
    naming, month 4; end_round changes the season to spring."""
    state = new(month=2, dummbot_face="1F * /2")
    act(state, "end_human_turn")
    assert state.dummbot.crystals == 2 and state.prompt["count"] == 1
    assert state.month == 2  # the advance waits behind the prompt (R1)
    events = act(state, "name_cards", names=["Amulet of Air"])
    assert types(events) == ["cards_named", "card_to_hand", "season_token_moved"]
    assert state.month == 4 and state.phase == "END_OF_ROUND"
    assert hand(state) == ["Amulet of Air"] and state.seen == []
    events = act(state, "end_round")
    assert first(events, "season_changed")["to"] == "spring"


def test_r14_a_named_card_stays_hidden_from_the_human_view():
    """R14, §8: names typed at draw are not shown (unless show_dummbot_hand)."""
    state = new(month=2, dummbot_face="1F * /2")
    act(state, "end_human_turn")
    events = act(state, "name_cards", names=["Amulet of Air"])
    view = human_view(state)
    assert view["dummbot"]["hand_size"] == 1 and view["dummbot"]["hand_known"] == []
    drawn = next(e for e in events if e.type == "card_to_hand")
    assert drawn.visible_to == frozenset() and drawn.public == {"count": 1, "source": "die"}
    shown = new({"show_dummbot_hand": True}, month=2, dummbot_face="1F * /2")
    act(shown, "end_human_turn")
    act(shown, "name_cards", names=["Amulet of Air"])
    assert [c["name"] for c in human_view(shown)["dummbot"]["hand_known"]] == ["Amulet of Air"]


def test_r14_blind_draw_needs_no_prompt():
    """Scenario 36 (R14): blind mode, star face → no prompt, hand +1 unknown."""
    state = new({"hand_tracking": "blind_until_revealed"}, month=1, dummbot_face="2W * /2")
    events = act(state, "end_human_turn")
    assert state.prompt is None
    assert first(events, "card_to_hand") == {"count": 1, "source": "die"}
    assert [state.instances[i] for i in state.dummbot.hand] == ["unknown"]


def test_r14_practice_draws_the_top_card_unseen():
    state = new(
        {"mode": "practice"},
        month=1,
        dummbot_face="2W * /2",
        deck=["Kairn the Destroyer", "Potion of Life"],
    )
    act(state, "end_human_turn")
    assert hand(state) == ["Kairn the Destroyer"] and len(state.deck) == 1
    assert human_view(state)["dummbot"]["hand_known"] == []


def test_s12_r13_r15_draw_symbol_summons_the_top_card():
    """Scenario 12 (R13, R15): practice, top Runic Cube of Eolis, `D /2` → array +30."""
    state = new(
        {"mode": "practice"},
        dummbot_face="D /2",
        deck=["Runic Cube of Eolis", "Potion of Life"],
        dummbot={"hand": ["Kairn the Destroyer"]},
    )
    events = act(state, "end_human_turn")
    assert array(state) == ["Runic Cube of Eolis"] and hand(state) == ["Kairn the Destroyer"]
    assert len(state.deck) == 1 and human_view(state)["dummbot"]["array_prestige"] == 30
    assert first(events, "card_summoned")["source"] == "deck"


def test_s13_r15_a_negative_card_from_the_deck_is_summoned():
    """Scenario 13 (R15): top Cursed Treatise of Arus, `D /3` → summoned, prestige −10."""
    state = new({"mode": "practice"}, dummbot_face="D /3", deck=["Cursed Treatise of Arus"])
    act(state, "end_human_turn")
    assert array(state) == ["Cursed Treatise of Arus"]
    assert human_view(state)["dummbot"]["array_prestige"] == -10


def test_r15_companion_deck_summon_prompts_for_the_name():
    state = new(dummbot_face="D /3")
    act(state, "end_human_turn")
    assert state.prompt["purpose"] == "deck_summon"
    act(state, "name_cards", names=["Divine Chalice"])
    assert array(state) == ["Divine Chalice"]


def test_s34_r16_empty_pile_takes_the_discard_pile_reshuffled():
    """Scenario 34 (R16): deck 0, discard 3, star → DECK_RESHUFFLED, deck 2, hand +1; with
    both empty → DRAW_SKIPPED_EMPTY."""
    state = new(
        {"mode": "practice"},
        dummbot_face="2W * /2",
        deck=[],
        discard=["Amulet of Air", "Amulet of Fire", "Kairn the Destroyer"],
    )
    events = act(state, "end_human_turn")
    assert first(events, "deck_reshuffled") == {"size": 3}
    assert len(state.deck) == 2 and len(state.dummbot.hand) == 1 and state.discard == []
    empty = new({"mode": "practice"}, dummbot_face="2W * /2", deck=[])
    events = act(empty, "end_human_turn")
    assert "draw_skipped_empty" in types(events) and empty.dummbot.hand == []


def test_r16_companion_reports_cards_it_could_not_draw():
    """R16: `name_cards{missing: k}` when the table's pile runs out."""
    state = new(month=1, dummbot_face="1F * T /3")
    act(state, "end_human_turn")
    events = act(state, "name_cards", names=["Kairn the Destroyer"], missing=1)
    assert hand(state) == ["Kairn the Destroyer"]
    assert types(events).count("draw_skipped_empty") == 1


def test_r17_dummbot_never_gains_from_his_items():
    """R17: an array full of items gives nothing beyond the die."""
    state = new(
        month=1, dummbot_face="+6c /2", dummbot={"array": ["Purse of Io", "Hourglass of Time"]}
    )
    events = act(state, "end_human_turn")
    assert [e.data["applied"] for e in events if e.type == "crystals_changed"] == [6]


def test_r9_rate_of_the_season_where_the_token_stands():
    """Scenario 29 (R8, R9, R32): month 3, Dummbot `1F * /2` (winter dice); the human moves
    the token +1 → spring summon and refill at once; Dummbot then gains 3 (spring fire)
    and ends on month 6. With `dice_season` he gains 2."""
    state = new(month=3, dummbot_face="1F * /2", dummbot={"hand": ["Kairn the Destroyer"]})
    events = act(state, "move_season_token", delta=1)
    assert first(events, "season_changed") == {"from": "winter", "to": "spring", "backward": False}
    assert array(state) == ["Kairn the Destroyer"] and state.prompt["source"] == "refill"
    act(state, "name_cards", names=["Potion of Life"])
    assert state.phase == "HUMAN_TURN"
    act(state, "end_human_turn")
    assert state.dummbot.crystals == 3
    act(state, "name_cards", names=["Amulet of Air"])
    assert state.month == 6
    other = new({"transmute_rate_season": "dice_season"}, month=3, dummbot_face="1F * /2")
    act(other, "move_season_token", delta=1)
    act(other, "name_cards", names=["Potion of Life"])
    act(other, "end_human_turn")
    assert other.dummbot.crystals == 2


def test_r8_end_human_turn_waits_for_the_moves_prompt():
    state = new(month=3, dummbot_face="1F * /2")
    act(state, "move_season_token", delta=1)
    refused(state, "PROMPT_PENDING", "end_human_turn")
