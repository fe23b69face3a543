"""What a feature hears of a game: its start and its end, each in the commit that records
it, so a feature's record and the game's agree after any crash. The move path publishes
them and knows no feature."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any

from tavola.core import Game


@dataclass(frozen=True, slots=True)
class GameStarted:
    """A table just opened: `state` as the game set it up."""

    game_id: str
    game: Game[Any]
    state: Any


@dataclass(frozen=True, slots=True)
class GameEnded:
    """A game just ended: its final `state` and `outcome` (JSON form), the seats persons
    hold (`people`; the others are bots or automata) and whether its players chose the
    seed (a practice table: whoever knows the seed knows the deal)."""

    game_id: str
    game: Game[Any]
    state: Any
    outcome: Mapping[str, Any]
    people: Collection[str]
    seed_known: bool
