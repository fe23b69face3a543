"""Bots at the table, played by the server: a bot seat, or a person's seat the game has
put on autopilot, moves once its delay has passed (so that people can follow)."""

from __future__ import annotations

import time

from tavola.bots import make_bot
from tavola.core import AUTOPILOT, Action, derive_seed

from .acting import Moves
from .live import Live
from .refusal import Refusal


class Bots:
    def __init__(self, live: dict[str, Live], moves: Moves, delay: float) -> None:
        """`live`: the games in memory; `delay`: seconds a bot waits before it moves."""
        self.live = live
        self.moves = moves
        self.delay = delay

    def schedule(self, live: Live) -> None:
        """The game's next bot move is due after the delay, if a bot is awaited."""
        live.bot_due = time.monotonic() + self.delay if live.automatic_seats() else None

    def move_due(self) -> int:
        """Plays every bot move whose time has come; returns how many were made."""
        moves = 0
        for live in list(self.live.values()):
            if live.bot_due is not None and time.monotonic() >= live.bot_due:
                moves += self._move(live)
        return moves

    def _move(self, live: Live) -> int:
        with live.lock:
            seats = live.automatic_seats()
            if not seats:
                live.bot_due = None
                return 0
            seat = seats[0]
            version = live.version
            info = live.seats[seat]
            seed = derive_seed(live.table.seed, seat, version)
            player = make_bot(info.bot or "reference", live.game, seed, seat)
            action = player.choose(live.game, live.table.state, seat)
            if info.human:  # on autopilot
                action = Action(AUTOPILOT, action=action.to_json())
        try:
            self.moves.act(live.game_id, seat, action, version, platform=True)
        except Refusal:
            self.schedule(live)  # someone else moved first; look again later
            return 0
        return 1
