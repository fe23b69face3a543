"""Seasons' `TerminalScreen`: what Dummbot does told line by line as it happens (the
narration the companion page shows), refusals, the final result, and the user's card
catalogue saved whenever the game's additions change (§3.3 `cards_user.json`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from rich.console import Console, Group
from rich.panel import Panel
from rich.text import Text

from tavola.core import Event, IllegalAction, Player, Table, TavolaError, Viewer

from .catalogue import save_user_cards
from .game_cards import catalogue_of
from .narrate import narrate_for
from .terminal_person import SEAT, SeasonsPerson
from .terminal_words import say

ASKED = frozenset({"prompt_opened"})
"""Events a person at the terminal reads as the question itself, not as a line."""


class SeasonsTerminal:
    def __init__(self, console: Console, lang: str, catalogue_file: Path | None) -> None:
        self.console = console
        self.lang = lang
        self.catalogue_file = catalogue_file
        self.person = SeasonsPerson(console, lang)
        self.seated = False
        self.saved: list[dict[str, Any]] = []

    def people(self, seats: Sequence[str]) -> dict[str, Player]:
        self.seated = bool(seats)
        return {seat: self.person for seat in seats}

    def opening(self, table: Table, events: Sequence[Event]) -> None:
        self.saved = catalogue_of(table.state).user_records()
        self._lines(table, events)

    def tell(self, table: Table, events: Sequence[Event]) -> None:
        self._lines(table, events)
        self._save_catalogue(table)

    def refused(self, error: IllegalAction) -> None:
        self.person.refusal = error.code
        message = say(self.lang, "ui.refused", message=error.localized(self.lang))
        self.console.print(Text(message, style="red"))

    def outcome(self, table: Table) -> None:
        result = table.view(Viewer.seat(SEAT)).get("result")
        if result is None:
            self.console.print(Text(say(self.lang, "ui.unfinished")))
            return
        self.console.print(
            Panel(
                Group(*(Text(line) for line in result_lines(result, self.lang))),
                title=say(self.lang, "ui.result_title"),
                title_align="left",
            )
        )

    def _lines(self, table: Table, events: Sequence[Event]) -> None:
        if self.seated:
            events = [e for e in events if e.type not in ASKED]
        view = table.view(Viewer.seat(SEAT))
        for line in narrate_for(table.state, events, self.lang, view):
            if line:
                self.console.print(Text(line))

    def _save_catalogue(self, table: Table) -> None:
        """The file holds the game's catalogue additions (those brought from the file and
        those made now); an undone addition leaves it too."""
        if self.catalogue_file is None:
            return
        records = catalogue_of(table.state).user_records()
        if records == self.saved:
            return
        path = self.catalogue_file
        try:
            save_user_cards(path, records)
        except (OSError, TavolaError) as exc:
            text = say(self.lang, "ui.catalogue_unsaved", path=str(path), message=str(exc))
            self.console.print(Text(text, style="red"))
            return
        self.saved = records
        self.console.print(Text(say(self.lang, "ui.catalogue_saved", path=str(path)), style="dim"))


def result_lines(result: Mapping[str, Any], lang: str) -> list[str]:
    """§9: Dummbot's score in its parts, the person's, and who won (a tie is a loss)."""
    human, dummbot = result["human_score"], result["dummbot_score"]
    if result["winner"] == "human":
        verdict = "ui.result_win"
    else:
        verdict = "ui.result_tie" if human == dummbot else "ui.result_loss"
    return [
        say(
            lang,
            "ui.result_dummbot",
            crystals=result["dummbot_crystals"],
            prestige=result["dummbot_prestige"],
            score=dummbot,
        ),
        say(lang, "ui.result_human", score=human),
        say(lang, verdict),
    ]
