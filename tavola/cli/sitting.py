"""A table played at the terminal, whichever command plays it (`tavola play`, a
campaign's game, a tournament's): a bot for every seat that is not a person's, and the
game told to its people as their game's screen shows it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tavola.bots import make_bot
from tavola.core import Event, Game, IllegalAction, Player, Table, Viewer, filter_events
from tavola.core.capabilities import HUMAN, TerminalScreen


def bots_for(game: Game[Any], kinds: Mapping[str, str], seed: int) -> dict[str, Player]:
    """By seat, the bot of every seat of `kinds` that is not a person's."""
    return {seat: make_bot(kind, game, seed, seat) for seat, kind in kinds.items() if kind != HUMAN}


def play_out(
    table: Table, players: Mapping[str, Player], screen: TerminalScreen, humans: Sequence[str]
) -> None:
    """The game from its opening to its end, told as its one person sees it (more than
    one: as the public does); a refused move is told and asked again. A person's quit
    (`QuitGame`) goes to the caller."""
    viewer = Viewer.seat(humans[0]) if len(humans) == 1 else Viewer.public()
    screen.opening(table, filter_events(table.events, viewer))

    def tell(events: list[Event]) -> None:
        screen.tell(table, filter_events(events, viewer))

    while table.to_act:
        try:
            table.play(players, on_events=tell)
        except IllegalAction as exc:
            screen.refused(exc)
    screen.outcome(table)
