"""`tavola play trono --mode practice`: a practice game at the terminal, the reference bot on
every seat (the referee's too) and simulated draws, told as the forum would read it: the
board at the start, then the houses, the seats and each turn's public announcement."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Annotated, Any

from pydantic import BaseModel, ConfigDict, Field

from tavola.core import Event, IllegalAction, Player, Table, Viewer
from tavola.core.capabilities import HUMAN, TableBuilder, TerminalRequest, TerminalSetup
from tavola.core.game_parts import bad_flag, own_flags

from .forum_announce import announce, winner_lines
from .forum_boards import public_lines

if TYPE_CHECKING:
    from rich.console import Console

PRACTICE = "practice"
DEFAULT_TEAMS = 4
TOLD = frozenset({"houses_assigned", "seats_initialised", "turn_published"})
"""What the terminal tells as the game goes; the end comes with the outcome."""


class TronoFlags(BaseModel):
    model_config = ConfigDict(extra="forbid")

    max_turns: Annotated[int, Field(ge=1, le=200)] | None = Field(
        None, description="The turn limit (default 36)."
    )


def flag_options(flags: BaseModel) -> dict[str, Any]:
    trono = own_flags(TronoFlags, flags)
    return {} if trono.max_turns is None else {"max_turns": trono.max_turns}


def _team_count(request: TerminalRequest) -> int:
    """`--teams N` (one bot each), or one team per seat of `--seats`."""
    if not request.teams:
        return len(request.seats) or DEFAULT_TEAMS
    if len(request.teams) != 1 or not request.teams[0].isdigit():
        raise bad_flag(
            "teams",
            "--teams is a number of one-bot teams (2–10)",
            "--teams è un numero di squadre di un bot (2–10)",
        )
    count = int(request.teams[0])
    if request.seats and len(request.seats) != count:
        raise bad_flag(
            "teams",
            f"--teams {count} but --seats names {len(request.seats)} bots",
            f"--teams {count} ma --seats indica {len(request.seats)} bot",
        )
    return count


def terminal_table(builder: TableBuilder, request: TerminalRequest) -> TerminalSetup:
    """A practice table of one-bot teams: the live game is played on the forum and
    refereed with `tavola trono`, so a person has no seat here."""
    if request.mode not in (None, PRACTICE):
        raise bad_flag(
            "mode",
            "only --mode practice plays at the terminal; the live game is refereed with "
            "`tavola trono`",
            "al terminale si gioca solo --mode practice; la partita dal vivo si arbitra "
            "con `tavola trono`",
        )
    if HUMAN in request.seats:
        raise bad_flag(
            "seats",
            "a practice table seats bots only; people play on the forum (`tavola trono`)",
            "un tavolo di pratica ha solo bot; le persone giocano sul forum (`tavola trono`)",
        )
    count = _team_count(request)
    kinds = request.seats or ("reference",) * count
    seats = [
        {"kind": kind, **({"name": request.names[i]} if i < len(request.names) else {})}
        for i, kind in enumerate(kinds)
    ]
    return TerminalSetup(builder.table_config(flag_options(request.flags), seats), kinds)


class TronoTerminal:
    """The `TerminalScreen` of a practice game: the public board, in the forum's words."""

    def __init__(self, console: Console, lang: str) -> None:
        self.console = console
        self.lang = lang

    def people(self, seats: Sequence[str]) -> dict[str, Player]:
        """Nobody: a practice table seats bots only (see `terminal_table`)."""
        return {}

    def opening(self, table: Table, events: Sequence[Event]) -> None:
        self._lines(public_lines(table.view(Viewer.public()), self.lang))

    def tell(self, table: Table, events: Sequence[Event]) -> None:
        told = [e for e in events if e.type in TOLD]
        if told:
            lines = announce(told, table.view(Viewer.public()), self.lang)
            if lines:
                self._lines(["", *lines])

    def refused(self, error: IllegalAction) -> None:
        self.console.print(f"{error.code}: {error.localized(self.lang)}", style="red")

    def outcome(self, table: Table) -> None:
        self._lines(["", *winner_lines(table.view(Viewer.public()), self.lang)])

    def _lines(self, lines: list[str]) -> None:
        for line in lines:
            # Forum text: printed as it is, never wrapped to the terminal's width.
            self.console.print(line, markup=False, highlight=False, soft_wrap=True)
