"""The `Game` protocol: the only way bots, simulation, storage, server and UI touch a game.

A game implements `Game` below and declares itself in `info` (a `GameInfo`); what it may
offer beyond that (narration, evaluation, its own bots and tables...) is one small protocol
each in the `capabilities` package, one module per part of Tavola that asks. Its package
exports `game: Game[ItsState]` through the `tavola.games` entry point group."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from pydantic import BaseModel

from .actions import Action, Event
from .capabilities import GameInfo
from .configs import GivenConfig
from .jsonform import digest
from .rng import Rng
from .viewer import Viewer

S = TypeVar("S")


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended. `placements` maps every seat to its place (1 = first;
    seats may share a place). `draw` is true when the game ended without a single winner
    side (the winners then share the first place)."""

    winners: tuple[str, ...]
    placements: Mapping[str, int]
    reason: str
    draw: bool = False
    scores: Mapping[str, float] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "winners": list(self.winners),
            "placements": dict(self.placements),
            "reason": self.reason,
            "draw": self.draw,
            "scores": dict(self.scores),
        }


@dataclass(frozen=True, slots=True)
class Clock:
    """A decision the platform must time: when `seconds` run out it submits the game's
    `timeout_action` for that seat. `decision_id` makes a late timeout harmless."""

    decision_id: str
    seconds: float
    kind: str
    due_at: float | None = None
    """A calendar deadline (UTC seconds since the epoch) instead of `seconds` from when the
    decision appears: for a game whose deadlines are dates, which a restart or a late sync
    must not move."""


class Game(Protocol[S]):
    """Every game implements this. The state `S` is the game's own type; `apply` mutates
    it in place, and refuses an illegal action with `IllegalAction` before changing
    anything."""

    name: str
    info: GameInfo

    @property
    def Config(self) -> type[BaseModel]:
        """The full config `new` accepts; a bad one is refused naming the field."""
        ...

    def new(self, config: GivenConfig, seed: int, setup: Mapping[str, Any] | None = None) -> S:
        """A new game. `setup` optionally fixes the deal (scenarios and tests)."""
        ...

    def opening_events(self, state: S) -> list[Event]:
        """The events `new` produced while setting the game up (turn order, shuffle...)."""
        ...

    def to_act(self, state: S) -> frozenset[str]:
        """Seats whose input the game awaits; more than one means sealed simultaneous choices."""
        ...

    def legal_actions(self, state: S, seat: str) -> list[Action]:
        """Every legal action of `seat` now (empty when it is not awaited)."""
        ...

    def apply(self, state: S, seat: str, action: Action) -> list[Event]:
        """Applies one action, or raises `IllegalAction` and leaves the state unchanged."""
        ...

    def view(self, state: S, viewer: Viewer) -> dict[str, Any]:
        """JSON-ready view; hidden information is removed here and only here."""
        ...

    def outcome(self, state: S) -> Outcome | None: ...

    def determinize(self, state: S, seat: str, rng: Rng) -> S:
        """A full state consistent with everything `seat` can see (for ISMCTS)."""
        ...

    def timeout_action(self, state: S, seat: str) -> Action:
        """The platform action to submit when `seat`'s clock runs out."""
        ...

    def clone(self, state: S) -> S:
        """An independent copy: applying actions to one never changes the other."""
        ...

    def dump(self, state: S) -> dict[str, Any]:
        """The whole state as JSON-ready data (RNG included); `state_hash` digests it."""
        ...

    def load(self, data: Mapping[str, Any]) -> S:
        """The state back from `dump` (snapshots): `dump(load(d)) == d`."""
        ...

    def seats(self, state: S) -> list[str]: ...

    def teams(self, state: S) -> dict[str, list[str]]: ...

    def clocks(self, state: S) -> dict[str, Clock]:
        """Running decision clocks per seat (empty when the game is untimed)."""
        ...

    def hidden_from(self, state: S, seat: str) -> set[str]:
        """Ids (card instances, sealed choices) that `seat` must never find in its view."""
        ...

    def max_decisions(self, state: S) -> int:
        """The documented cap on accepted actions from this state to the end of the game."""
        ...


def state_hash(game: Game[Any], state: Any) -> str:
    """SHA-256 of the canonical JSON of the whole state: equal hashes, equal games."""
    return digest(game.dump(state))
