"""Familiars (R29–R31, §3.4): their table entry on summon, recurring effects at season
changes, prompts that keep the queue waiting, familiars leaving the array."""

from __future__ import annotations

import pytest

from tavola.core import ConfigError

from .engine_support import act, array, first, hand, new, refused, summoned, types

FIGRIM = {
    "card_id": "base_11",
    "status": "user",
    "mode": "normal",
    "triggers": ["on_summon", "each_season_change"],
    "ops": [{"op": "human_gives_crystals", "n": 1}],
}


def figrim_from_the_deck(**setup):
    setup.setdefault("familiar_effects", [FIGRIM])
    return new(
        {"mode": "practice"},
        month=2,
        dummbot_face="D /2",
        deck=["Figrim the Avaricious", "Amulet of Air", "Potion of Life"],
        **setup,
    )


def test_s32_r29_r31_configured_familiar_opens_an_amount_prompt():
    """Scenario 32 (R20, R29, R31): Figrim summoned → amount prompt; 2 → INVALID_AMOUNT;
    1 → Dummbot +1; at the next season change the prompt comes back before the summon."""
    state = figrim_from_the_deck(dummbot={"hand": ["Kairn the Destroyer"]})
    events = act(state, "end_human_turn")
    assert summoned(events) == ["Figrim the Avaricious"]
    assert first(events, "familiar_effect") == {
        "card": "base_11",
        "op": "human_gives_crystals",
        "n": 1,
    }
    assert state.prompt == {"kind": "amount", "max": 1, "card": "base_11"}
    assert state.month == 2  # the advance waits (R31)
    refused(state, "INVALID_AMOUNT", "resolve_instruction", amount=2)
    refused(state, "BAD_ARGUMENT", "resolve_instruction")
    events = act(state, "resolve_instruction", amount=1)
    assert first(events, "crystals_changed") == {"source": "amount", "applied": 1, "crystals": 1}
    assert state.month == 4 and state.phase == "END_OF_ROUND"
    events = act(state, "end_round")
    assert first(events, "season_changed")["to"] == "spring"
    assert state.prompt["kind"] == "amount" and summoned(events) == []
    events = act(state, "resolve_instruction", amount=0)
    assert summoned(events) == ["Kairn the Destroyer"]
    assert state.dummbot.crystals == 1


def test_r29_a_recurring_familiar_does_not_fire_at_the_change_that_summoned_it():
    """R29: Figrim summoned at a season change joins `recurring` after the R20 step."""
    state = new(
        {"mode": "practice"},
        phase="END_OF_ROUND",
        month=4,
        advanced_from=3,
        dummbot={"hand": ["Figrim the Avaricious"]},
        deck=["Amulet of Air"],
        familiar_effects=[FIGRIM],
    )
    events = act(state, "end_round")
    assert summoned(events) == ["Figrim the Avaricious"]
    assert types(events).count("familiar_effect") == 1
    act(state, "resolve_instruction", amount=1)
    assert state.dummbot.recurring == state.dummbot.array


def test_r29_unconfirmed_familiar_has_no_effect_with_a_warning():
    """R29, §3.4: the shipped entries are `mode: none`, status unconfirmed."""
    state = new({"mode": "practice"}, dummbot_face="D /2", deck=["Kairn the Destroyer"])
    events = act(state, "end_human_turn")
    assert first(events, "familiar_no_effect") == {"card": "base_16", "unconfirmed": True}
    assert state.dummbot.recurring == []


def test_r29_normal_mode_without_ops_asks_the_human_to_apply_the_card():
    entry = {**FIGRIM, "triggers": ["on_summon"], "ops": []}
    state = figrim_from_the_deck(familiar_effects=[entry])
    act(state, "end_human_turn")
    assert state.prompt["kind"] == "instruction"
    assert state.prompt["text_key"] == "normal_effect"
    assert "Figrim the Avaricious" in state.prompt["params"]["name"]
    act(state, "resolve_instruction")
    assert state.prompt is None and state.phase == "END_OF_ROUND"


@pytest.mark.parametrize(
    ("op", "n", "check"),
    [
        ("dummbot_gain_crystals", 3, lambda s: s.dummbot.crystals == 3),
        ("dummbot_draw_to_hand", 2, lambda s: len(s.dummbot.hand) == 2),
        ("dummbot_summon_from_deck", 1, lambda s: len(s.dummbot.array) == 2),
    ],
)
def test_r29_automatic_ops_run_at_once(op, n, check):
    entry = {**FIGRIM, "triggers": ["on_summon"], "ops": [{"op": op, "n": n}]}
    state = figrim_from_the_deck(familiar_effects=[entry])
    act(state, "end_human_turn")
    assert state.prompt is None and check(state)


def test_r31_instruction_ops_and_adjustments_while_pending():
    """R31: an instruction prompt; adjustments stay legal while it is pending."""
    entry = {
        **FIGRIM,
        "triggers": ["on_summon"],
        "ops": [{"op": "human_loses_crystals", "n": 2}, {"op": "instruction", "text": "Wave"}],
    }
    state = figrim_from_the_deck(familiar_effects=[entry])
    act(state, "end_human_turn")
    assert state.prompt["text_key"] == "lose_crystals" and state.prompt["params"] == {"n": 2}
    act(state, "adjust_dummbot_crystals", delta=4)
    act(state, "dummbot_draw", n=1)
    refused(state, "PROMPT_PENDING", "end_round")
    refused(state, "PROMPT_PENDING", "move_season_token", delta=1)
    act(state, "resolve_instruction")
    assert state.prompt["params"] == {"text": "Wave"}
    refused(state, "BAD_ARGUMENT", "resolve_instruction", amount=1)
    act(state, "resolve_instruction")
    assert state.dummbot.crystals == 4 and len(state.dummbot.hand) == 1


def test_r31_a_named_draw_waits_while_an_instruction_is_pending():
    """DECISIONS: an adjustment that would open a prompt of its own is refused meanwhile."""
    entry = {**FIGRIM, "triggers": ["on_summon"], "ops": [{"op": "instruction", "text": "Wave"}]}
    state = new(month=2, dummbot_face="D /2", familiar_effects=[entry])
    act(state, "end_human_turn")
    act(state, "name_cards", names=["Figrim the Avaricious"])
    assert state.prompt["kind"] == "instruction"
    refused(state, "PROMPT_PENDING", "dummbot_draw", n=1)
    act(state, "adjust_dummbot_crystals", delta=1)


def test_r30_a_familiar_leaving_the_array_leaves_recurring():
    state = new(
        {"mode": "practice"},
        dummbot_face="+6c /2",
        dummbot={"array": ["Figrim the Avaricious"], "recurring": ["Figrim the Avaricious"]},
        familiar_effects=[FIGRIM],
    )
    act(state, "dummbot_remove_from_array", to="discard", filter="familiar")
    assert state.dummbot.recurring == [] and array(state) == []


def test_r30_cards_given_to_the_array_run_no_familiar_effect():
    state = new(dummbot_face="+6c /2", familiar_effects=[FIGRIM])
    events = act(state, "give_card_to_dummbot", name="Figrim the Avaricious", to="array")
    assert types(events) == ["card_given"] and state.prompt is None
    assert array(state) == ["Figrim the Avaricious"] and state.dummbot.recurring == []


def test_setup_familiar_records_are_checked():
    with pytest.raises(ConfigError, match="familiar_effects"):
        new(familiar_effects=[{**FIGRIM, "ops": [{"op": "dummbot_gain_crystals", "n": 0}]}])
    with pytest.raises(ConfigError, match="not a familiar"):
        new(familiar_effects=[{**FIGRIM, "card_id": "base_01"}])


def test_r29_familiar_summoned_by_an_op_triggers_too():
    other = {
        "card_id": "base_16",
        "status": "user",
        "mode": "normal",
        "triggers": ["on_summon"],
        "ops": [{"op": "dummbot_gain_crystals", "n": 5}],
    }
    entry = {
        **FIGRIM,
        "triggers": ["on_summon"],
        "ops": [{"op": "dummbot_summon_from_deck", "n": 1}],
    }
    state = new(
        {"mode": "practice"},
        dummbot_face="D /2",
        deck=["Figrim the Avaricious", "Kairn the Destroyer"],
        familiar_effects=[entry, other],
    )
    act(state, "end_human_turn")
    assert array(state) == ["Figrim the Avaricious", "Kairn the Destroyer"]
    assert state.dummbot.crystals == 5 and hand(state) == []
