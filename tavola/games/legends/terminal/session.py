"""One Legends table at the terminal: the people's menus, the play-by-play and the end."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console

from tavola.core import Event, IllegalAction, Player, Table, Viewer
from tavola.core.capabilities import Narration, SharedSeats, TerminalPrompt

from ..messages import MESSAGES
from ..state import LegendsState
from .battle import BattleScreen
from .human import LegendsHuman


class LegendsTerminal(SharedSeats):
    """The `TerminalScreen` of Legends: every person at the terminal shares one
    `LegendsHuman` (hotseat when there are several)."""

    def __init__(
        self,
        narration: Narration[LegendsState],
        console: Console,
        prompt: TerminalPrompt,
        lang: str,
    ) -> None:
        self.narration = narration
        self.screen = BattleScreen(console, MESSAGES, lang)
        self.prompt = prompt
        self.lang = lang

    def person(self, hotseat: bool) -> Player:
        return LegendsHuman(self.screen, self.prompt, hotseat=hotseat)

    def tell(self, table: Table, events: Sequence[Event]) -> None:
        for line in self.narration.narrate(table.state, list(events), self.lang):
            self.screen.console.print(line)

    def refused(self, error: IllegalAction) -> None:
        message = self.screen.t("ui.refused", message=error.localized(self.lang))
        self.screen.console.print(message, style="red")

    def outcome(self, table: Table) -> None:
        self.screen.show_outcome(table.view(Viewer.public()))
