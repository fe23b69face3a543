"""The single authority over every game: creates games, holds them in memory, applies each
action after the engine accepts it and the database commits it, runs bots and clocks.

It puts together one part per concern — the games in memory (`loading`), tables and
seats (`tables`), moves (`acting`), bots (`bots`), clocks (`clocks`) — sharing one
database and one group commit; what a viewer gets is `payloads`.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

from tavola.features import Part
from tavola.store import Database, repo
from tavola.store.group import GroupCommit

from .acting import Moves
from .bots import Bots
from .clocks import DEADLINES_LOOKED_AT_EVERY, Timeouts
from .live import Live
from .loading import IDLE_SECONDS, Games
from .notices import Notices, game_ended
from .searching import SEARCHING_SEATS, Clients
from .tables import Tables
from .thinking import THINK_SECONDS, Thinkers

P = TypeVar("P", bound=Part)


class GameService:
    def __init__(
        self,
        db: Database,
        *,
        bot_delay: float = 0.3,
        on_change: Callable[[str, int], None] | None = None,
        idle_seconds: float = IDLE_SECONDS,
        think_seconds: float = THINK_SECONDS,
        searching_seats: int | None = SEARCHING_SEATS,
    ) -> None:
        """`on_change(game_id, version)`: called after each move is taken, the game still
        held (the hub builds its updates there). `idle_seconds`: how long an unfinished
        game stays in memory unused; `think_seconds`: a searching bot's budget a move,
        counted from when it is due; `searching_seats`: how many searching bots one client
        may seat at its unfinished tables (None: no limit)."""
        self.db = db
        self.on_change = on_change
        # Every write goes through here: concurrent moves share a commit (one disk sync),
        # and SQLite, which has one writer at a time, never makes a writer sleep and retry.
        self.writes = GroupCommit(db.session, batch=repo.append_actions)
        self.notices = Notices()
        self.games = Games(db, self._schedule, idle_seconds, self.notices.home)
        self.live = self.games.live
        self.moves = Moves(db, self.games, self.writes, self._accepted, self.notices)
        self.thinkers = Thinkers(think_seconds)
        self.clients = Clients(self.live, searching_seats)
        self.bots = Bots(
            self.live, self.moves, bot_delay, self.thinkers, self.games.failed, self.clients.of
        )
        self.timeouts = Timeouts(db, self.games, self.writes, self.moves)
        self.tables = Tables(self.games, self.writes, self._schedule, self.clients, self.notices)
        self.notices.start(self)
        self._deadlines_at = 0.0
        """When `tick` next looks for clocks run out (monotonic seconds)."""

    def _schedule(self, live: Live) -> None:
        self.bots.schedule(live)  # the bots come after the games they are scheduled on

    def _accepted(self, live: Live) -> None:
        self.bots.schedule(live)
        if live.status == "over":  # the features may have tables to open now
            outcome = live.game.outcome(live.table.state)
            if outcome is not None:
                self.notices.landed(game_ended(live, live.table.state, outcome.to_json()))
        if self.on_change is not None:
            self.on_change(live.game_id, live.version)

    def part(self, kind: type[P]) -> P:
        """The feature part of `kind` at work in this server."""
        for part in self.notices.parts:
            if isinstance(part, kind):
                return part
        raise LookupError(f"no {kind.__name__} in this server's features")

    def tick(self) -> int:
        """Plays due bot moves and due timeouts; returns how many moves were made."""
        moves = self.bots.move_due()
        if time.monotonic() >= self._deadlines_at:
            self._deadlines_at = time.monotonic() + DEADLINES_LOOKED_AT_EVERY
            moves += self.timeouts.fire()
        self.games.forget_unused()
        self.notices.tick()
        return moves

    def close(self) -> None:
        """Stops the bots' thinking processes."""
        self.thinkers.close()
