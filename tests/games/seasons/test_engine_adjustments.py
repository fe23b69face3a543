"""Adjustments (§6.3): effects of the human's cards on Dummbot, reported by the human, and
the manual moves of the season token (R8, R32, R33)."""

from __future__ import annotations

from .engine_support import act, array, first, hand, human_view, new, refused, settle, types


def test_s31_crystals_never_go_below_zero():
    """Scenario 31 (§6.3): 3 crystals, −4 → 0 with `applied −3`; 0 → INVALID_DELTA."""
    state = new(dummbot_face="+6c /2", dummbot={"crystals": 3})
    events = act(state, "adjust_dummbot_crystals", delta=-4)
    assert first(events, "crystals_changed") == {
        "source": "adjustment",
        "requested": -4,
        "applied": -3,
        "crystals": 0,
    }
    refused(state, "INVALID_DELTA", "adjust_dummbot_crystals", delta=0)
    refused(state, "INVALID_DELTA", "adjust_dummbot_crystals", delta=1000)
    refused(state, "INVALID_DELTA", "adjust_dummbot_crystals", delta=True)


def test_adjustments_are_refused_outside_their_phases():
    """§6.3: legal in HUMAN_TURN, END_OF_ROUND and during instruction prompts only."""
    state = new(skip_prelude=True)
    assert state.phase == "CHOOSE_DIE"
    refused(state, "WRONG_PHASE", "adjust_dummbot_crystals", delta=1)
    refused(state, "WRONG_PHASE", "dummbot_draw", n=1)
    end = new(phase="END_OF_ROUND", month=2)
    act(end, "adjust_dummbot_crystals", delta=2)
    refused(end, "WRONG_PHASE", "move_season_token", delta=1)


def test_s30_r32_backward_limit_and_delta_range():
    """Scenario 30 (R32): month 2, year 1: −3 → BEFORE_GAME_START; 4 → INVALID_DELTA."""
    state = new(month=2, dummbot_face="+6c /2")
    refused(state, "BEFORE_GAME_START", "move_season_token", delta=-3)
    refused(state, "INVALID_DELTA", "move_season_token", delta=4)
    refused(state, "INVALID_DELTA", "move_season_token", delta=0)
    act(state, "move_season_token", delta=-1)
    assert state.month == 1


def test_r32_manual_move_wraps_into_the_next_year():
    state = new(
        {"mode": "practice"}, month=11, dummbot_face="+6c /2", deck=["Kairn the Destroyer"] * 2
    )
    events = act(state, "move_season_token", delta=3)
    assert (state.month, state.year) == (2, 2)
    assert first(events, "season_token_moved") == {"from": 11, "to": 2, "delta": 3, "manual": True}
    assert first(events, "year_changed") == {"year": 2}


def test_r33_year_four_reached_in_the_human_turn_ends_after_dummbots_turn():
    """R33, §11.16: the final summon at once, no refill; Dummbot's turn resolves without
    the advance; the end_round that follows ends the game."""
    state = new(
        {"mode": "practice"},
        month=12,
        year=3,
        max_year_reached=3,
        dummbot_face="+6c /2",
        dummbot={"hand": ["Kairn the Destroyer", "Potion of Life"]},
        deck=["Amulet of Air"],
    )
    events = act(state, "move_season_token", delta=1)
    assert (state.month, state.year) == (1, 4) and state.pending_year_end
    assert array(state) == ["Kairn the Destroyer"] and "card_to_hand" not in types(events)
    refused(state, "INVALID_DELTA", "move_season_token", delta=1)
    events = act(state, "end_human_turn")
    assert state.dummbot.crystals == 6 and "season_token_moved" not in types(events)
    assert state.month == 1 and state.phase == "END_OF_ROUND"
    events = act(state, "end_round")
    assert types(events) == ["game_ended"] and state.phase == "GAME_OVER"


def test_r32_moving_back_out_of_year_four_clears_the_end():
    state = new(
        {"mode": "practice", "backward_change_summons": False},
        month=12,
        year=3,
        dummbot_face="+6c /2",
    )
    act(state, "move_season_token", delta=1)
    act(state, "move_season_token", delta=-1)
    assert (state.month, state.year, state.pending_year_end) == (12, 3, False)


def test_dummbot_draw_counts():
    state = new({"mode": "practice"}, dummbot_face="+6c /2", deck=["Kairn the Destroyer"] * 2)
    refused(state, "INVALID_COUNT", "dummbot_draw", n=0)
    refused(state, "INVALID_COUNT", "dummbot_draw", n=11)
    events = act(state, "dummbot_draw", n=2)
    assert first(events, "card_to_hand")["count"] == 2 and len(state.dummbot.hand) == 2


def test_give_card_companion_checks_copies_and_marks_it_seen():
    state = new(dummbot_face="+6c /2", dummbot={"array": ["Kairn the Destroyer"] * 2})
    refused(state, "COPY_LIMIT", "give_card_to_dummbot", name="Kairn the Destroyer", to="hand")
    refused(state, "UNKNOWN_CARD", "give_card_to_dummbot", name="Nothing", to="hand")
    refused(state, "BAD_ARGUMENT", "give_card_to_dummbot", name="Kairn the Destroyer", to="pile")
    events = act(state, "give_card_to_dummbot", name="Kairn the Destroyer", to="hand", force=True)
    assert first(events, "card_given") == {"card": "base_16", "to": "hand"}
    assert [c["name"] for c in human_view(state)["dummbot"]["hand_known"]] == [
        "Kairn the Destroyer"
    ]


def test_give_card_practice_needs_the_card_in_hand():
    state = new({"mode": "practice"}, dummbot_face="+6c /2", human_cards=["Amulet of Air"])
    refused(state, "CARD_NOT_HELD", "give_card_to_dummbot", name="Kairn the Destroyer", to="array")
    act(state, "give_card_to_dummbot", name="Amulet of Air", to="array")
    assert state.human_cards == [] and array(state) == ["Amulet of Air"]


def test_s33_forced_removal_by_filter():
    """Scenario 33 (§6.3): array [Amulet of Air, Kairn], to hand, filter magic_item →
    Amulet of Air; empty array → NO_ELIGIBLE_CARD."""
    state = new(dummbot_face="+6c /2", dummbot={"array": ["Amulet of Air", "Kairn the Destroyer"]})
    events = act(state, "dummbot_remove_from_array", to="hand", filter="magic_item")
    assert first(events, "card_removed") == {"card": "base_01", "to": "hand"}
    assert hand(state) == ["Amulet of Air"] and array(state) == ["Kairn the Destroyer"]
    refused(state, "NO_ELIGIBLE_CARD", "dummbot_remove_from_array", to="hand", filter="magic_item")
    empty = new(dummbot_face="+6c /2")
    err = refused(empty, "NO_ELIGIBLE_CARD", "dummbot_remove_from_array", to="discard")
    assert err.message == "Dummbot's array has no card to remove"


def test_forced_removal_policies():
    """§11.13: random (rng), lowest prestige (ties by rng), user_named (NAME_REQUIRED,
    CARD_NOT_IN_ARRAY)."""
    cards = ["Amulet of Air", "Potion of Life", "Kairn the Destroyer"]
    random = new(dummbot_face="+6c /2", dummbot={"array": cards}, rng=[2])
    act(random, "dummbot_remove_from_array", to="discard")
    assert array(random) == cards[:2]
    lowest = new(
        {"forced_choice_policy": "lowest_prestige"}, dummbot_face="+6c /2", dummbot={"array": cards}
    )
    act(lowest, "dummbot_remove_from_array", to="discard")
    assert array(lowest) == ["Amulet of Air", "Kairn the Destroyer"]
    named = new(
        {"forced_choice_policy": "user_named"}, dummbot_face="+6c /2", dummbot={"array": cards}
    )
    refused(named, "NAME_REQUIRED", "dummbot_remove_from_array", to="discard")
    refused(
        named, "CARD_NOT_IN_ARRAY", "dummbot_remove_from_array", to="discard", name="Tree of Light"
    )
    act(named, "dummbot_remove_from_array", to="discard", name="kairn the destroyer")
    assert array(named) == cards[:2]


def test_hand_count_blind_only_and_only_unknown_cards():
    """§6.3: blind mode only (MODE_ONLY); ±1…10, never below 0, removes unnamed cards."""
    named = new(dummbot_face="+6c /2")
    refused(named, "MODE_ONLY", "adjust_dummbot_hand_count", delta=1)
    state = new(
        {"hand_tracking": "blind_until_revealed"},
        dummbot_face="+6c /2",
        dummbot={"hand": ["Kairn the Destroyer", "unknown"]},
        seen=["Kairn the Destroyer"],
    )
    refused(state, "INVALID_DELTA", "adjust_dummbot_hand_count", delta=-2)
    refused(state, "INVALID_DELTA", "adjust_dummbot_hand_count", delta=11)
    events = act(state, "adjust_dummbot_hand_count", delta=-1)
    assert first(events, "hand_count_changed") == {"delta": -1, "size": 1}
    act(state, "adjust_dummbot_hand_count", delta=3)
    assert len(state.dummbot.hand) == 4


def test_human_draw_practice_only():
    """§6.3: practice only; 1–5 cards to human_cards, private to the human."""
    companion = new(dummbot_face="+6c /2")
    refused(companion, "MODE_ONLY", "human_draw", n=1)
    state = new(
        {"mode": "practice"}, dummbot_face="+6c /2", deck=["Tree of Light", "Amulet of Air"]
    )
    refused(state, "INVALID_COUNT", "human_draw", n=6)
    events = act(state, "human_draw", n=2)
    drew = next(e for e in events if e.type == "human_drew")
    assert drew.data["cards"] == ["base_32", "base_01"] and drew.visible_to == {"human"}
    assert drew.public == {"count": 2}
    assert [c["name"] for c in human_view(state)["human_cards"]] == [
        "Tree of Light",
        "Amulet of Air",
    ]


def test_r8_a_move_that_changes_the_season_runs_it_at_once():
    """R8: season and year changes caused by a move are processed before Dummbot's turn."""
    state = new(
        {"mode": "practice"},
        month=6,
        dummbot_face="+6c /2",
        dummbot={"hand": ["Tree of Light"]},
        deck=["Potion of Life"],
    )
    events = act(state, "move_season_token", delta=1)
    assert first(events, "season_changed")["to"] == "summer"
    assert array(state) == ["Tree of Light"] and hand(state) == ["Potion of Life"]
    assert state.phase == "HUMAN_TURN"
    settle(state)
