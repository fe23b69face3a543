"""What the simulator, the benchmarks, the search bots and the learning agents ask: a
position's worth, configs to play at random, a finished game read as a row of the balance
report, and a fixed encoding for reinforcement learning."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from ..actions import Action, Event
from .base import S

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray


@runtime_checkable
class Evaluation(Protocol[S]):
    """A position's worth for a seat (higher is better): where the search bots stop. It
    may read the whole state: bots call it on determinized worlds only."""

    def evaluate(self, state: S, seat: str) -> float: ...


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

    def card_names(self, view: Mapping[str, Any]) -> dict[str, dict[str, str]]:
        """The names of the cards the view shows, card_id -> {language: name}, for the
        report (empty when the game's cards have no names)."""
        ...

    def words(self, config: Mapping[str, Any]) -> ReportWords:
        """What the balance report calls this table's measures."""
        ...


@dataclass(frozen=True, slots=True)
class ReportWords:
    """The balance report's words for a game's measures (English, as the report is)."""

    rounds: str = "rounds"
    turns: str = "turns"
    figures: Mapping[str, str] = field(default_factory=dict)
    """What each per-seat end figure of `seat_columns` means, by column prefix."""
    card_note: str = ""
    """A sentence that helps read the card-impact table, if the game needs one."""
    distributions: tuple[str, ...] = ()
    """End figures (column prefixes of `seat_columns`) whose whole distribution the report
    shows, with its percentiles and a histogram: a score a player sets out to beat."""
    first: str = "the seat that plays first"
    """Who the `first` column names (`RowGroups.first_seat`), for the report's advantage."""
    groups: Mapping[str, str] = field(default_factory=dict)
    """What each per-seat label of `RowGroups.seat_groups` is, by column prefix: the report
    shows a seat's win rate by each (a lineup, a gimmick)."""
    group_names: Mapping[str, Mapping[str, Mapping[str, str]]] = field(default_factory=dict)
    """The names of a group's labels, by group then label, each {language: name} as
    `RowExtractor.card_names`: the report shows a label in words beside it."""
    impact_kinds: Mapping[str, str] = field(default_factory=dict)
    """The kind (a singular noun: "legend") of each id of `RowExtractor.plays` that is not
    a card: the report gives each kind its own impact table before the cards'."""
    seat_names: Mapping[str, str] = field(default_factory=dict)
    """What the report calls each seat, by seat id ("Player 1 (Starstrike)"): a seat it
    does not name is shown by its id."""


@runtime_checkable
class RowExposure(Protocol):
    """What a `RowExtractor` may also read: the cards chance gave each seat before any
    decision (its opening hand, its main card). A card's impact is measured on these, not
    on plays: the side that is winning plays more of its cards, so a played card's win
    rate credits it with the win."""

    def exposure(self, view: Mapping[str, Any], events: Sequence[Event]) -> list[tuple[str, str]]:
        """(card_id, seat) of every card dealt to a seat at the start."""
        ...


@runtime_checkable
class RowGroups(Protocol):
    """What a `RowExtractor` may also read, when the game's view names no `turn_order`
    or a seat's play depends on a choice made before the game (its lineup)."""

    def first_seat(self, view: Mapping[str, Any], events: Sequence[Event]) -> str:
        """The seat that went first ("" when none did)."""
        ...

    def seat_groups(self, view: Mapping[str, Any], seat: str) -> dict[str, str]:
        """Labels of the seat's game (its lineup, its gimmick) by column prefix, each a
        word that is not a number: the report gives win rates by each label."""
        ...


@runtime_checkable
class SimulationRows(Protocol):
    """The game's own reading of a finished game for simulation rows."""

    def row_extractor(self) -> RowExtractor: ...


class RlCodec(Protocol[S]):
    """One table's fixed encoding for learning agents: every game of the table's shape
    (seats, catalogue, mode) observes `observation_size` float32 values within ±`bound`
    and picks one of `action_size` action indices."""

    @property
    def observation_size(self) -> int: ...

    @property
    def action_size(self) -> int: ...

    @property
    def bound(self) -> float: ...

    def observe(self, view: Mapping[str, Any], seat: str) -> NDArray[np.float32]:
        """`seat`'s observation, from its own view (`Viewer.seat(seat)`) alone, so that
        nothing hidden from the seat can enter it."""
        ...

    def mask(self, state: S, seat: str, legal: Sequence[Action]) -> NDArray[np.int8]:
        """1 at the index of every action of `legal` the encoding can express, else 0;
        never all zeros while the seat must act (some legal action always fits)."""
        ...

    def decode(self, state: S, seat: str, index: int) -> Action:
        """The action `index` stands for, for `seat`, now; ValueError when it names
        nothing now."""
        ...

    def describe(self, view: Mapping[str, Any]) -> str:
        """A few lines on a public view: the environment's text rendering."""
        ...


@runtime_checkable
class RlEncoding(Protocol[S]):
    """A fixed observation and action encoding: `tavola.rl` offers the game as a
    PettingZoo environment through it."""

    def rl_codec(self, state: S) -> RlCodec[S]:
        """The encoding of `state`'s table (its shape never changes during a game)."""
        ...
