"""Game-agnostic players. Each sees the game only through the `Game` protocol (the search
bots also use the game's `Evaluation` capability), and none looks at what its
seat cannot see: given two states its seat sees alike, a bot with the same seed plays the
same action."""

from __future__ import annotations

import math
from typing import Any

from tavola.core import Game, Player, derive_seed
from tavola.core.capabilities import Automata, ReferencePlayer, capability

from .greedy import GreedyBot
from .ismcts import IsmctsBot
from .random_bot import RandomBot

BOT_NAMES = ("random", "reference", "greedy", "ismcts")
BOT_BUDGETS = {"greedy": "SAMPLES", "ismcts": "ITERATIONS"}
"""The bots that take a budget after a colon, and what it counts (see `make_bot`)."""


def seat_kind_usage(kind: str) -> str:
    """How a seat kind is typed: `greedy[:SAMPLES]`; a kind without a budget as it is."""
    budget = BOT_BUDGETS.get(kind)
    return f"{kind}[:{budget}]" if budget else kind


REFEREE_BOT = "reference"
"""Who plays a seat a table adds beyond those asked for (a referee's; see `TableBuilder`)."""


def make_bot(name: str, game: Game[Any], seed: int, seat: str) -> Player:
    """A bot by name, optionally with its budget after a colon (so that the name alone
    travels through configs, the command line and the server):

    - `random`: a uniform legal action.
    - `reference` (or `bot`): the game's own reference bot (random when it has none).
    - an automaton the game declares (`GameInfo.automata`), played by the game itself.
    - `greedy[:SAMPLES]`: one ply on `evaluate`, averaged over SAMPLES worlds (default 3).
    - `ismcts[:ITERATIONS]` or `ismcts:SECONDSs`: information-set MCTS with an iteration
      budget (default 1000, deterministic) or a time budget (`ismcts:0.5s`).

    The bot's seed derives from `seed`, the bare name and `seat`.
    """
    base, _, budget = name.partition(":")
    bot_seed = derive_seed(seed, "bot", base, seat)
    if base in ("bot", "reference"):
        _no_budget(name, budget)
        reference = capability(game, ReferencePlayer)
        return reference.reference_bot(bot_seed) if reference is not None else RandomBot(bot_seed)
    if base in game.info.automata:
        _no_budget(name, budget)
        automata = capability(game, Automata)
        assert automata is not None, "the conformance suite checks declared automata"
        return automata.automaton(base, bot_seed)
    if base == "random":
        _no_budget(name, budget)
        return RandomBot(bot_seed)
    if base == "greedy":
        return GreedyBot(bot_seed, samples=_count(name, budget, 3))
    if base == "ismcts":
        if budget.endswith("s"):
            return IsmctsBot(bot_seed, seconds=_seconds(name, budget[:-1]))
        return IsmctsBot(bot_seed, iterations=_count(name, budget, 1000))
    known = ", ".join((*BOT_NAMES, *game.info.automata))
    raise ValueError(f"unknown bot '{name}'; known: {known}")


def _no_budget(name: str, budget: str) -> None:
    if budget:
        raise ValueError(f"bot '{name}': this bot takes no budget")


def _count(name: str, budget: str, default: int) -> int:
    if not budget:
        return default
    if not budget.isdigit() or int(budget) < 1:
        raise ValueError(f"bot '{name}': the budget must be a positive whole number")
    return int(budget)


def _seconds(name: str, text: str) -> float:
    try:
        seconds = float(text)
    except ValueError:
        seconds = 0.0
    if not (seconds > 0 and math.isfinite(seconds)):
        raise ValueError(f"bot '{name}': the time budget must be positive seconds, e.g. 0.5s")
    return seconds


__all__ = [
    "BOT_BUDGETS",
    "BOT_NAMES",
    "REFEREE_BOT",
    "GreedyBot",
    "IsmctsBot",
    "RandomBot",
    "make_bot",
    "seat_kind_usage",
]
