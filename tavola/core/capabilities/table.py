"""What sets a table up (the lobby, the server, the terminal and the simulator): its
options, seats and presets, who plays a seat no person holds (the reference bot, the
automata), and the lineups a player builds beforehand."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    from pydantic import BaseModel

    from ..table import Player


@runtime_checkable
class ReferencePlayer(Protocol):
    """The game's own bot, seated as `reference`."""

    def reference_bot(self, seed: int) -> Player: ...


@runtime_checkable
class Automata(Protocol):
    """Players the rules run themselves (`GameInfo.automata`), such as an automatic opponent."""

    def automaton(self, kind: str, seed: int) -> Player: ...


@runtime_checkable
class TableBuilder(Protocol):
    """Tables from a short description, for the lobby, the server, the terminal and the
    simulator: game options and a list of seats `{name?, kind, ...its SeatOptions}` become
    the full config that `Game.Config` validates.

    A seat's `kind` is one of `GameInfo.seat_kinds`. The table's seats (`Game.seats`) are
    the requested seats in their order, the automata's after the others; any seat beyond
    those (a referee's) is played by the reference bot."""

    @property
    def TableOptions(self) -> type[BaseModel]:
        """The options a table may set (mode, sides, timers...), each bounded: what the
        lobby's form offers and the server accepts (the terminal and the simulator may
        pass any of `Config`'s)."""
        ...

    @property
    def SeatOptions(self) -> type[BaseModel]:
        """The game's own fields of a seat (an age, a team), beside `name` and `kind`."""
        ...

    def table_config(
        self, options: Mapping[str, Any], seats: Sequence[Mapping[str, Any]]
    ) -> dict[str, Any]: ...

    def presets(self) -> list[Preset]:
        """Ready-made tables the lobby offers first."""
        ...


@dataclass(frozen=True, slots=True)
class Preset:
    """A ready-made table: its name per language, its options, its seats' kinds and, where
    a seat is more than its kind (a referee's), that seat's own fields (`SeatOptions`)."""

    id: str
    title: Mapping[str, str]
    options: Mapping[str, Any]
    seats: tuple[str, ...]
    seat_fields: tuple[Mapping[str, Any], ...] = ()
    """Aligned with `seats`; a seat past its end keeps its fields' defaults."""
    invite_only: bool = False
    """Its seats are named people's: only each seat's link takes it, never the lobby."""

    def to_json(self) -> dict[str, Any]:
        fields = [dict(f) for f in self.seat_fields[: len(self.seats)]]
        return {
            "id": self.id,
            "title": dict(self.title),
            "options": dict(self.options),
            "seats": list(self.seats),
            "seat_fields": fields + [{}] * (len(self.seats) - len(fields)),
            "invite_only": self.invite_only,
        }


@dataclass(frozen=True, slots=True)
class LineupIssue:
    """One problem of a lineup: the game's stable `code`, where it is (`field`, a dotted
    path into the lineup such as `team.3.abilities.1`) and its sentence in each of the
    game's languages."""

    code: str
    field: str
    text: Mapping[str, str]

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "field": self.field, "text": dict(self.text)}


@dataclass(frozen=True, slots=True)
class LineupCheck:
    """What a game makes of a lineup: every problem at once, a JSON `summary` of its
    figures against the rules' limits (sizes, costs...), and the lineup as the game keeps
    it (`lineup`, its own ids spelled out) when it has no problem."""

    problems: tuple[LineupIssue, ...]
    summary: Mapping[str, Any]
    lineup: Mapping[str, Any] | None = None

    @property
    def ok(self) -> bool:
        return not self.problems

    def to_json(self) -> dict[str, Any]:
        return {
            "ok": self.ok,
            "problems": [p.to_json() for p in self.problems],
            "summary": dict(self.summary),
        }


@runtime_checkable
class Lineups(Protocol):
    """Lineups a player builds before a table (a team, a deck) and keeps: the server stores
    the valid ones per account and game, and a table lets their owner choose one."""

    def lineup_catalog(self, lang: str) -> dict[str, Any]:
        """Everything a page needs to build a lineup, its words in `lang`: the pieces a
        player may choose, the rules' limits and the ready-made lineups. JSON-ready."""
        ...

    def check_lineup(self, body: Any) -> LineupCheck:
        """`body`, any JSON value a client sent, checked: never raises for a bad one."""
        ...
