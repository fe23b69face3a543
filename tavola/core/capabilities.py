"""What a game may offer beyond the required `Game` protocol: its declaration (`GameInfo`)
and each optional capability as a small typed protocol.

A game author reads this file and `protocol.py`, and nothing else of the shell. The shell
never tests a game's name nor looks a member up by string: it reads `game.info` and asks
`capability(game, Narration)`; a game that lacks the capability answers None there.
`GameInfo.capabilities` names the capabilities a game declares; the conformance suite
checks that the declaration and the implementation agree.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, runtime_checkable

from .actions import Event

if TYPE_CHECKING:
    from .protocol import Game
    from .table import Player

S = TypeVar("S", contravariant=True)
C = TypeVar("C")

HUMAN = "human"
"""The seat kind of a person. Every other seat kind is a bot's name (`tavola.bots`) or one
of the game's automata."""

GENERIC_BOTS = ("random", "reference", "greedy", "ismcts")
"""Bots every game can seat: `reference` is the game's own (`ReferencePlayer`), or the
random bot for a game without one; `greedy` and `ismcts` search with `Evaluation`."""


@dataclass(frozen=True, slots=True)
class GameInfo:
    """What a game declares about itself, read by the lobby, the server, the command line
    and the simulator before any state exists. Texts are keyed by language."""

    name: str
    title: Mapping[str, str]
    description: Mapping[str, str]
    min_seats: int
    max_seats: int
    seat_kinds: tuple[str, ...]
    """What a table may seat: `human`, bot names, and automata (below)."""
    languages: tuple[str, ...] = ("it", "en")
    modes: tuple[str, ...] = ()
    automata: tuple[str, ...] = ()
    """Seat kinds played by the rules themselves (the Legends boss): built by `Automata`."""
    simultaneous: bool = False
    """More than one seat may be awaited at once (sealed choices)."""
    referee_seats: bool = False
    """Some seats are referees (they see everything and act on the game's bookkeeping)."""
    rare_actions: frozenset[str] = frozenset()
    """Action types random play and the search bots take only now and then (conceding)."""
    sent_once: tuple[str, ...] = ()
    """Keys of a view whose entries never change (a card's face): a live connection is
    sent each entry once."""
    web: Path | None = None
    """The folder of the game's browser table (`table.js`, `table.css`, `i18n/<lang>.json`),
    by convention `tavola/games/<name>/web/`; None: the game has no browser table."""
    capabilities: tuple[str, ...] = field(default=())
    """The names (below, `CAPABILITIES`) of the optional capabilities the game offers."""

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "title": dict(self.title),
            "description": dict(self.description),
            "min_seats": self.min_seats,
            "max_seats": self.max_seats,
            "seat_kinds": list(self.seat_kinds),
            "automata": list(self.automata),
            "languages": list(self.languages),
            "modes": list(self.modes),
            "simultaneous": self.simultaneous,
            "referee_seats": self.referee_seats,
            "rare_actions": sorted(self.rare_actions),
            "sent_once": list(self.sent_once),
            "web": self.web is not None,
            "capabilities": sorted(self.capabilities),
        }

    def text(self, texts: Mapping[str, str], lang: str) -> str:
        """`texts` (title or description) in `lang`, else in the game's first language."""
        return texts.get(lang) or texts[self.languages[0]]


@runtime_checkable
class Narration(Protocol[S]):
    """Events told in words, in any of the game's languages."""

    def narrate(self, state: S, events: list[Event], lang: str) -> list[str]:
        """The events in words, skipping those not worth telling."""
        ...

    def narrate_for(
        self, state: S, events: Sequence[Event], lang: str, view: Mapping[str, Any]
    ) -> list[str | None]:
        """One line per event (None: not worth telling) of a viewer's filtered events,
        naming only what `view`, that viewer's view, shows."""
        ...


@runtime_checkable
class Evaluation(Protocol[S]):
    """A position's worth for a seat (higher is better): where the search bots stop. It
    may read the whole state: bots call it on determinized worlds only."""

    def evaluate(self, state: S, seat: str) -> float: ...


@runtime_checkable
class ReferencePlayer(Protocol):
    """The game's own bot, seated as `reference`."""

    def reference_bot(self, seed: int) -> Player: ...


@runtime_checkable
class Automata(Protocol):
    """Players the rules run themselves (`GameInfo.automata`), such as an automatic boss."""

    def automaton(self, kind: str, seed: int) -> Player: ...


@runtime_checkable
class TableBuilder(Protocol):
    """Tables from a short description, for the lobby, the server, the terminal and the
    simulator: game options and a list of seats `{name, kind, team?, ...}` become the full
    config that `Game.Config` validates."""

    def table_config(
        self, options: Mapping[str, Any], seats: Sequence[Mapping[str, Any]]
    ) -> dict[str, Any]: ...


@dataclass(frozen=True, slots=True)
class Preset:
    """A ready-made table: its name per language, its options and its seats' kinds."""

    id: str
    title: Mapping[str, str]
    options: Mapping[str, Any]
    seats: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "title": dict(self.title),
            "options": dict(self.options),
            "seats": list(self.seats),
        }


@runtime_checkable
class SampleConfigs(Protocol):
    """Configs the conformance suite and the benchmarks play at random."""

    def sample_configs(self) -> list[dict[str, Any]]: ...


class RowExtractor(Protocol):
    """What a simulation row needs beyond the protocol, read from the referee's final view
    and the game's events."""

    def length(self, view: Mapping[str, Any], events: Sequence[Event]) -> tuple[int, int]:
        """(rounds, turns) of the finished game."""
        ...

    def plays(self, view: Mapping[str, Any], events: Sequence[Event]) -> list[tuple[str, str]]:
        """(card_id, seat) of every card put into play, in the order it happened."""
        ...

    def seat_columns(self, view: Mapping[str, Any], seat: str) -> dict[str, int]:
        """Per-seat figures at the end (remaining HP, pile size...), by column prefix."""
        ...


@runtime_checkable
class SimulationRows(Protocol):
    """The game's own reading of a finished game for simulation rows."""

    def row_extractor(self) -> RowExtractor: ...


CAPABILITIES: dict[str, type[Any]] = {
    "narration": Narration,
    "evaluation": Evaluation,
    "reference_player": ReferencePlayer,
    "automata": Automata,
    "table_builder": TableBuilder,
    "sample_configs": SampleConfigs,
    "simulation_rows": SimulationRows,
}
"""Every optional capability by the name a `GameInfo` declares it with."""


def capability(game: Game[Any], kind: type[C]) -> C | None:
    """`game` as the capability `kind`, or None when it does not offer it."""
    return game if isinstance(game, kind) else None


def implemented(game: Game[Any]) -> tuple[str, ...]:
    """The names of the capabilities `game` implements, whatever it declares."""
    return tuple(sorted(name for name, kind in CAPABILITIES.items() if isinstance(game, kind)))
