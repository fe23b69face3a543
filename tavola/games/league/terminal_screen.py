"""One battle at the terminal (`TerminalScreen`): the people's menus, the play-by-play in
words, refusals and the end."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console

from tavola.core import Event, IllegalAction, Player, Table, Viewer
from tavola.core.capabilities import SharedSeats, TerminalPrompt

from .messages import number
from .narrate import narrate, outcome_line
from .terminal_board import Board
from .terminal_person import LeagueHuman


class LeagueTerminal(SharedSeats):
    def __init__(self, console: Console, prompt: TerminalPrompt, lang: str) -> None:
        self.board = Board(console, lang)
        self.prompt = prompt
        self.lang = lang

    def person(self, hotseat: bool) -> Player:
        return LeagueHuman(self.board, self.prompt, hotseat=hotseat)

    def tell(self, table: Table, events: Sequence[Event]) -> None:
        """The events in words; the end is told once, by `outcome`."""
        told = [e for e in events if e.type != "GAME_ENDED"]
        for line in narrate(told, self.lang):
            self.board.console.print(line)

    def refused(self, error: IllegalAction) -> None:
        self.board.console.print(
            self.board.t("refused", message=error.localized(self.lang)), style="red"
        )

    def outcome(self, table: Table) -> None:
        view = table.view(Viewer.public())
        self.board.console.print(outcome_line(view["result"], self.lang), style="bold green")
        lives = " – ".join(
            f"{self.board.player(s)} {number(self.lang, int(view['seats'][s]['life']))}"
            for s in sorted(view["seats"])
        )
        self.board.console.print(self.board.t("final", lives=lives, turn=view["turn"]))
