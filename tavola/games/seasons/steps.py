"""The queue of Dummbot's automatic steps and the one pending prompt (R1, R31, §3.6).

A step is a small dict `{"step": name, ...}`; `flow.run` executes them in order until the
queue is empty or a step opens a prompt. A prompt holds what its answer needs to finish
the step that opened it; the steps after it wait in the queue and resume once it is
answered. A prompt never names a hidden card (§8).
"""

from __future__ import annotations

from typing import Any

from tavola.core import Event

from .emit import emit
from .state import SeasonsState


def push_front(state: SeasonsState, steps: list[dict[str, Any]]) -> None:
    """`steps` run next, in their order, before what was already queued."""
    if steps:
        state.queue[:0] = steps


def open_prompt(state: SeasonsState, events: list[Event], prompt: dict[str, Any]) -> None:
    """Stops the automatic steps for the human's input (R1): at most one prompt at a time."""
    if state.prompt is not None:
        raise RuntimeError(f"a prompt is already pending: {state.prompt}")
    state.prompt = prompt
    shown = dict(prompt)
    if "offer" in shown:  # events name catalogue cards, never instances (see `emit`)
        shown["offer"] = [state.instances[iid] for iid in prompt["offer"]]
    emit(state, events, "prompt_opened", {"prompt": shown})
