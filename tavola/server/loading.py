"""The games in this process's memory: read back from the database when first asked for
(or at start-up), caught up with moves other workers commit, and let go once finished."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

from tavola.core import Action, Event, LogEntry, Table, get_game
from tavola.store import Database, repo

from .live import Live, SeatInfo, stored_clocks
from .refusal import Refusal

FINISHED_KEPT_SECONDS = 10.0
"""A finished game leaves memory after this long unused (it is read back when asked for):
a long-running server holds only the games being played."""


class Games:
    def __init__(self, db: Database, schedule: Callable[[Live], None]) -> None:
        """`schedule`: called on each game taken into memory (its bots may be due)."""
        self.db = db
        self.schedule = schedule
        self.live: dict[str, Live] = {}
        self.loading = threading.Lock()
        """Held while a game is put into memory or taken out of it."""

    def get(self, game_id: str) -> Live:
        live = self.live.get(game_id)
        if live is not None:
            live.used_at = time.monotonic()
            return live
        with self.loading:
            live = self.live.get(game_id)
            if live is None:
                live = self.load(game_id)
                self.live[game_id] = live
                self.schedule(live)
        return live

    def load(self, game_id: str) -> Live:
        """The game as the database has it: the latest snapshot and the moves after it."""
        with self.db.session() as session:
            row = repo.game(session, game_id)
            if row is None:
                raise Refusal(404, "unknown_game", f"There is no game '{game_id}'.")
            game = get_game(row.game)
            events = [Event.from_record(e) for e in row.opening]
            # Another worker may commit between these reads: rebuild exactly the row's version.
            snapshot = repo.latest_snapshot(session, game_id, row.version)
            actions = [a for a in repo.actions_after(session, game_id, 0) if a.seq <= row.version]
            log = [LogEntry(a.seat, Action.from_json(a.action)) for a in actions]
            if snapshot is not None:
                state = game.load(snapshot.state)
                done = [a for a in actions if a.seq <= snapshot.version]
                for a in done:
                    events += [Event.from_record(e) for e in a.events]
                table = Table.restore(
                    game, row.config, row.seed, row.setup, state, log[: len(done)], events
                )
                pending = [a for a in actions if a.seq > snapshot.version]
            else:
                table = Table(game, row.config, row.seed, row.setup)
                pending = actions
            for a in pending:
                table.act(a.seat, Action.from_json(a.action))
            if table.hash != row.state_hash:
                raise RuntimeError(f"game {game_id}: the log does not rebuild the stored state")
            seats = {
                s.seat: SeatInfo(s.seat, s.name, s.kind, s.bot, s.token_hash, s.joined)
                for s in repo.seats(session, game_id)
            }
            live = Live(game_id, table, row.version, row.status, seats)
            live.clocks = stored_clocks(session, game_id)
            return live

    def refresh(self, game_id: str, version: int | None = None) -> bool:
        """Catches up with moves another worker committed (up to `version`, when known:
        this worker's own moves come back as notifications too); True when something
        changed."""
        live = self.live.get(game_id)
        if live is None or (version is not None and version <= live.version):
            return False
        with live.lock:
            # Looked at again once the game is ours: a move of this worker may have been
            # heard while it was still being taken into memory.
            if version is not None and version <= live.version:
                return False
            with self.db.session() as session:
                return self.catch_up(session, live)

    def catch_up(self, session: Any, live: Live) -> bool:
        """Plays the moves committed after `live.version` (the caller holds the game)."""
        newer = repo.actions_after(session, live.game_id, live.version)
        for a in newer:
            live.table.act(a.seat, Action.from_json(a.action))
            live.version = a.seq
        if newer:
            row = repo.game(session, live.game_id)
            assert row is not None
            session.refresh(row)
            live.status = row.status
            live.clocks = stored_clocks(session, live.game_id)
        return bool(newer)

    def reread_seats(self, live: Live) -> None:
        """Another worker may have issued or voided a token: with a shared database the
        seats are read again (SQLite has one worker, whose memory is the truth)."""
        if self.db.is_sqlite:
            return
        with self.db.session() as session:
            for row in repo.seats(session, live.game_id):
                info = live.seats[row.seat]
                info.token_hash, info.joined, info.name = row.token_hash, row.joined, row.name

    def forget_finished(self) -> None:
        """Finished games unused for a while leave memory; `get` reads one back."""
        unused_since = time.monotonic() - FINISHED_KEPT_SECONDS
        for game_id, live in list(self.live.items()):
            if live.status == "over" and live.used_at < unused_since:
                with self.loading:  # not while `get` may be putting it back
                    if self.live.get(game_id) is live:
                        del self.live[game_id]

    def reload_all(self) -> int:
        """At start-up: every active game back in memory, bots and clocks running again."""
        with self.db.session() as session:
            ids = repo.active_game_ids(session)
        for game_id in ids:
            self.get(game_id)
        return len(ids)
