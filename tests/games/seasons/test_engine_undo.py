"""Undo: the last accepted action taken back, its chance draws kept for the redo."""

from __future__ import annotations

from tavola.core import state_hash
from tavola.games.seasons.game import game

from .engine_support import act, new, refused, types


def without_decisions(state):
    data = game.dump(state)
    data.pop("decisions")
    return data


def test_undo_then_redo_gives_the_same_state_and_events():
    """Undo restores the RNG: the redone end of turn draws the same cards and dice; the game
    is the same but for `decisions`, which counts the undos too."""
    state = new({"mode": "practice"}, seed=9, skip_prelude=True)
    act(state, "choose_die", index=0)
    events = act(state, "end_human_turn")
    events += act(state, "end_round")
    after = without_decisions(state)
    done = [e.to_record() for e in events]
    act(state, "undo")
    act(state, "undo")
    assert state.phase == "HUMAN_TURN"
    again = act(state, "end_human_turn") + act(state, "end_round")
    assert [e.to_record() for e in again] == done
    assert without_decisions(state) == after
    assert state.decisions == 7


def test_undo_restores_the_state_hash_and_counts_as_a_decision():
    state = new(dummbot_face="+6c /2")
    before = without_decisions(state)
    act(state, "adjust_dummbot_crystals", delta=5)
    events = act(state, "undo")
    assert types(events) == ["undone"] and events[0].data == {"action": "adjust_dummbot_crystals"}
    assert without_decisions(state) == before
    assert state.decisions == 2  # never undone: the action cap stays true
    refused(state, "NOTHING_TO_UNDO", "undo")


def test_undo_fixes_a_mistyped_name():
    state = new()
    act(
        state,
        "name_cards",
        names=["Amulet of Air"] * 2 + ["Kairn the Destroyer"] * 2 + ["Potion of Life"] * 2,
    )
    dice = list(state.dice)
    act(state, "undo")
    assert state.prompt["purpose"] == "prelude" and state.dummbot.hand == []
    act(
        state,
        "name_cards",
        names=["Amulet of Fire"] * 2 + ["Kairn the Destroyer"] * 2 + ["Potion of Life"] * 2,
    )
    assert state.dice == dice  # the same roll: the RNG came back with the undo


def test_undo_depth_is_undo_steps():
    state = new({"undo_steps": 2}, dummbot_face="+6c /2")
    for _ in range(3):
        act(state, "adjust_dummbot_crystals", delta=1)
    act(state, "undo")
    act(state, "undo")
    assert state.dummbot.crystals == 1
    refused(state, "NOTHING_TO_UNDO", "undo")
    none = new({"undo_steps": 0}, dummbot_face="+6c /2")
    act(none, "adjust_dummbot_crystals", delta=1)
    refused(none, "NOTHING_TO_UNDO", "undo")


def test_undo_is_allowed_with_a_prompt_pending_and_after_the_game_ends():
    state = new(month=12, year=3, max_year_reached=3, dummbot_face="2A +3c /1")
    act(state, "end_human_turn")
    act(state, "end_round")
    assert state.phase == "GAME_OVER"
    act(state, "undo")
    assert state.phase == "END_OF_ROUND"
    state = new(month=2, dummbot_face="1F * /2")
    act(state, "end_human_turn")
    assert state.prompt is not None
    act(state, "undo")
    assert state.prompt is None and state.phase == "HUMAN_TURN"


def test_refused_undo_arguments():
    state = new(dummbot_face="+6c /2")
    act(state, "adjust_dummbot_crystals", delta=1)
    before = state_hash(game, state)
    refused(state, "BAD_ARGUMENT", "undo", steps=2)
    assert state_hash(game, state) == before
