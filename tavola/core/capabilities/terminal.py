"""What `tavola play` asks: a table at the terminal, its flags, its screen and its people."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, runtime_checkable

from ..actions import Event

if TYPE_CHECKING:
    from pydantic import BaseModel
    from rich.console import Console

    from ..errors import IllegalAction
    from ..table import Player, Table


class QuitGame(Exception):
    """The person at the terminal left the table (typed `q`, or closed the input)."""


class TerminalPrompt(Protocol):
    """Reads what a person types at the terminal, optionally against a clock."""

    def ask(self, prompt: str, seconds: float | None = None) -> str | None:
        """The typed line, stripped and in lower case; None when `seconds` ran out.
        Raises `QuitGame` when the input is closed."""
        ...


@dataclass(frozen=True, slots=True)
class TerminalRequest:
    """A table asked for at the terminal: the flags every game shares, and the game's own
    (`TerminalTable.terminal_flags`, already validated)."""

    mode: str | None
    seats: tuple[str, ...]
    """One seat kind per seat as typed (`human`, a bot's name, an automaton); empty: the
    game's usual table."""
    names: tuple[str, ...]
    teams: tuple[str, ...]
    lang: str
    flags: BaseModel


Flags = TypeVar("Flags", bound="BaseModel")


def game_flags(model: type[Flags], flags: BaseModel) -> Flags:
    """A request's `flags` as the game's own flags model (`TerminalTable.terminal_flags`,
    which the shell validated them with; another command may hand them over as a model
    with the same fields)."""
    if isinstance(flags, model):
        return flags
    return model.model_validate(flags.model_dump(exclude_unset=True))


@dataclass(frozen=True, slots=True)
class TerminalSetup:
    """What the game makes of a `TerminalRequest`: the full config, and who plays each seat
    (`human`, a bot's name or an automaton), in the order `TableBuilder` seats them."""

    config: dict[str, Any]
    seats: tuple[str, ...]


class TerminalScreen(Protocol):
    """One table drawn at the terminal by its game: the shell runs the table (its players,
    refusals, quitting, the record) and hands the screen what there is to show."""

    def people(self, seats: Sequence[str]) -> dict[str, Player]:
        """The players of the seats kept by people at this terminal (more than one share
        it, hotseat); a seat left out cannot be played by a person here."""
        ...

    def opening(self, table: Table, events: Sequence[Event]) -> None:
        """The table as it starts; `events` are the opening events the viewer may see."""
        ...

    def tell(self, table: Table, events: Sequence[Event]) -> None:
        """What just happened: the events the viewer (the one person at the terminal, or
        the public) may see."""
        ...

    def refused(self, error: IllegalAction) -> None:
        """A person's action the rules refused (the person is asked again)."""
        ...

    def outcome(self, table: Table) -> None:
        """The end of the game."""
        ...


class SharedSeats(ABC):
    """The people and the opening of a `TerminalScreen` whose people at the terminal all
    play through one person (hotseat when they are several) and whose opening events are
    told as any others."""

    @abstractmethod
    def person(self, hotseat: bool) -> Player:
        """The one person playing every seat kept at this terminal."""

    @abstractmethod
    def tell(self, table: Table, events: Sequence[Event]) -> None:
        """As `TerminalScreen.tell`."""

    def people(self, seats: Sequence[str]) -> dict[str, Player]:
        """One person per seat at this terminal; two share it (hotseat)."""
        human = self.person(hotseat=len(seats) > 1)
        return {seat: human for seat in seats}

    def opening(self, table: Table, events: Sequence[Event]) -> None:
        self.tell(table, events)


@runtime_checkable
class TerminalTable(Protocol):
    """`tavola play GAME`: a table at the terminal, humans and bots. The game also lends
    its own flags to the other commands that set a table up (`tavola simulate`)."""

    def terminal_flags(self) -> type[BaseModel]:
        """The game's own flags: field `round_limit` is `--round-limit N`, a bool field a
        switch (`--timed`, `--no-timed`), a list field takes comma-separated values, a
        field's description is its help. The shell refuses any other flag, naming it."""
        ...

    def flag_options(self, flags: BaseModel) -> dict[str, Any]:
        """The game options (for `TableBuilder.table_config`) the flags stand for, for a
        table the shell seats itself; a flag that means nothing there is refused with a
        `ConfigError`."""
        ...

    def terminal_table(self, request: TerminalRequest) -> TerminalSetup:
        """The table asked for; a bad request raises `ConfigError` naming the flag."""
        ...

    def terminal_screen(
        self, console: Console, prompt: TerminalPrompt, lang: str
    ) -> TerminalScreen: ...
