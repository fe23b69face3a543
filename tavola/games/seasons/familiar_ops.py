"""Familiars Dummbot summons (R29–R31, §3.4): their table entry runs once on summon, and
again at each season change when it recurs. Ops that need the human open a prompt; the
queue resumes once it is answered (R31)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tavola.core import Event

from .emit import emit
from .familiars import INSTRUCTION
from .game_cards import card, familiar_effect
from .state import SeasonsState
from .steps import open_prompt, push_front


def familiar(state: SeasonsState, events: list[Event], step: dict[str, Any]) -> None:
    """R29 on summon (`again` false) or R20 at a season change (`again` true)."""
    iid, again = str(step["iid"]), bool(step.get("again", False))
    found = card(state, iid)
    if found is None or iid not in state.dummbot.array:
        return  # R30: it left the array before its turn came
    entry = familiar_effect(state, found.id)
    unconfirmed = entry.status == "unconfirmed"
    if not entry.has_effect:
        if not again:
            emit(
                state, events, "familiar_no_effect", {"card": found.id, "unconfirmed": unconfirmed}
            )
        return
    if not again and entry.recurring and iid not in state.dummbot.recurring:
        state.dummbot.recurring.append(iid)
    if entry.ops:
        push_front(
            state,
            [{"step": "op", "op": op, "param": param, "card": found.id} for op, param in entry.ops],
        )
    elif entry.mode == "normal":  # §3.4: the human applies the card's own effect
        prompt = {
            "kind": "instruction",
            "text_key": "normal_effect",
            "params": {"name": found.name},
            "card": found.id,
        }
        open_prompt(state, events, prompt)
    else:
        emit(state, events, "familiar_no_effect", {"card": found.id, "unconfirmed": unconfirmed})


_INSTRUCTIONS: dict[str, Callable[[Any], tuple[str, dict[str, Any]]]] = {
    "human_loses_crystals": lambda param: ("lose_crystals", {"n": int(param)}),
    INSTRUCTION: lambda param: ("familiar_text", {"text": str(param)}),
}
"""The ops that tell the human what to do: the prompt's text and its parameters."""


def op(state: SeasonsState, events: list[Event], step: dict[str, Any]) -> None:
    """One op of §3.4's table."""
    name, param, card_id = str(step["op"]), step["param"], str(step["card"])
    emit(state, events, "familiar_effect", {"card": card_id, "op": name, "n": param})
    if name == "dummbot_gain_crystals":
        state.dummbot.crystals += int(param)
        data = {"source": "familiar", "applied": int(param), "crystals": state.dummbot.crystals}
        emit(state, events, "crystals_changed", data)
    elif name == "dummbot_draw_to_hand":
        push_front(state, [{"step": "hand_draws", "n": int(param), "source": "familiar"}])
    elif name == "dummbot_summon_from_deck":
        push_front(state, [{"step": "deck_summons", "n": int(param), "source": "familiar"}])
    elif name == "human_gives_crystals":
        open_prompt(state, events, {"kind": "amount", "max": int(param), "card": card_id})
    elif name in _INSTRUCTIONS:
        text_key, params = _INSTRUCTIONS[name](param)
        prompt = {"kind": "instruction", "text_key": text_key, "params": params, "card": card_id}
        open_prompt(state, events, prompt)
    else:
        raise ValueError(f"unknown familiar op {name}")
