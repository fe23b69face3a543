"""The games in this process's memory: read back from the database when first asked for
(or at start-up), caught up with moves other workers commit, let go once finished or
idle, and set aside when the server fails to load or advance one."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any

from sqlalchemy.exc import InterfaceError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout

from tavola.core import Action, Event, LogEntry, Table, get_game
from tavola.core.capabilities import AddedSeats, capability
from tavola.features import TableHome
from tavola.store import Database, repo
from tavola.store.models import ActionRow

from .added_seats import from_row
from .live import RECENT_ANSWERS, Live, SeatInfo, answered, stored_clocks
from .refusal import Refusal

FINISHED_KEPT_SECONDS = 10.0
"""A finished game leaves memory after this long unused (it is read back when asked for):
a long-running server holds only the games being played."""

IDLE_SECONDS = 600.0
"""By default, an unfinished game nobody has asked for in this long leaves memory too
(unless a bot of its is due); a move, a clock or a viewer reads it back."""

DATABASE_TROUBLE = (OperationalError, InterfaceError, PoolTimeout)
"""Failures of the database itself (unreachable, locked, out of connections): no game is
at fault, and what failed is tried again later."""

log = logging.getLogger(__name__)


def remember(live: Live, rows: list[ActionRow]) -> None:
    """The action ids of the last of `rows` (the log's, in order), for their repeats."""
    for row in rows[-RECENT_ANSWERS:]:
        live.remember(row.client_action_id, answered(row))


def set_aside(game_id: str) -> Refusal:
    return Refusal(
        409,
        "game_quarantined",
        f"Game {game_id} was set aside after a server error and cannot be played on; "
        "the other games are not affected.",
        message_it=f"La partita {game_id} è stata messa da parte dopo un errore del server "
        "e non si può proseguire; le altre partite non ne risentono.",
    )


class Games:
    def __init__(
        self,
        db: Database,
        schedule: Callable[[Live], None],
        idle_seconds: float = IDLE_SECONDS,
        home: Callable[[Any, str], TableHome | None] | None = None,
    ) -> None:
        """`schedule`: called on each game taken into memory (its bots may be due);
        `idle_seconds`: how long an unfinished game stays in memory unused; `home`: where
        a table leads its seats back to, if a feature's (`Notices.home`)."""
        self.db = db
        self.home = home if home is not None else (lambda _session, _game_id: None)
        self.schedule = schedule
        self.idle_seconds = idle_seconds
        self.live: dict[str, Live] = {}
        self.loading = threading.Lock()
        """Held while a game is put into memory or taken out of it."""
        self.watched: Callable[[str], bool] = lambda _game_id: False
        """Whether a game has connections open in this process: such a game stays in
        memory, so that another worker's moves still reach them (see `refresh`)."""
        self.quarantined: dict[str, str] = {}
        """Games set aside in this process (id: what failed): no bot or clock moves them,
        every request about them is refused. A restart tries each again."""
        self.on_set_aside: Callable[[str], None] = lambda _game_id: None
        """Told each game set aside (its open connections are closed)."""

    def get(self, game_id: str) -> Live:
        live = self.live.get(game_id)
        if live is not None:
            live.used_at = time.monotonic()
            return live
        with self.loading:
            live = self.live.get(game_id)
            if live is None:
                if game_id in self.quarantined:
                    raise set_aside(game_id)
                try:
                    live = self.load(game_id)
                except (Refusal, *DATABASE_TROUBLE):
                    raise
                except Exception as exc:  # its stored config or log no longer loads
                    self._set_aside(game_id, "loading it", exc)
                    raise set_aside(game_id) from None
                self.live[game_id] = live
                self.schedule(live)
        return live

    def failed(self, game_id: str, doing: str, error: Exception) -> bool:
        """The server failed while `doing` something to a game (its bot's move, its
        clock): the game is set aside and True is answered; a failure of the database
        itself sets nothing aside (False: to be tried again later)."""
        if isinstance(error, DATABASE_TROUBLE):
            log.warning(
                "game %s: %s met a database error (tried again later): %s", game_id, doing, error
            )
            return False
        with self.loading:
            self._set_aside(game_id, doing, error)
        return True

    def _set_aside(self, game_id: str, doing: str, error: Exception) -> None:
        """Quarantines a game (`loading` held): out of memory, its id remembered."""
        self.quarantined[game_id] = doing
        self.live.pop(game_id, None)
        self.on_set_aside(game_id)
        log.warning(
            "game %s set aside: %s failed (%s); its bots and clocks stop, its players are "
            "refused with game_quarantined, every other game goes on",
            game_id,
            doing,
            type(error).__name__,
            exc_info=error,
        )

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
            # The hash is stored with each snapshot and at the end (not at every move):
            # the one the row holds is the state's at the latest of them.
            if snapshot is not None:
                state = game.load(snapshot.state)
                done = [a for a in actions if a.seq <= snapshot.version]
                for a in done:
                    events += [Event.from_record(e) for e in a.events]
                table = Table.restore(
                    game,
                    row.config,
                    row.seed,
                    row.setup,
                    state,
                    log[: len(done)],
                    events,
                    salt=row.salt,
                )
                pending = [a for a in actions if a.seq > snapshot.version]
                at_rest = snapshot.state_hash
            else:
                table = Table(game, row.config, row.seed, row.setup, salt=row.salt)
                pending = actions
                at_rest = table.hash
            for a in pending:
                table.act(a.seat, Action.from_json(a.action))
            if row.state_hash not in (at_rest, table.hash) or (
                row.status == "over" and row.state_hash != table.hash
            ):
                raise RuntimeError(f"game {game_id}: the log does not rebuild the stored state")
            seats = {
                s.seat: SeatInfo(s.seat, s.name, s.kind, s.bot, s.token_hash, s.joined)
                for s in repo.seats(session, game_id)
            }
            live = Live(game_id, table, row.version, row.status, seats)
            live.seed_known = row.seed_known
            live.invite_only = row.invite_only
            live.home = self.home(session, game_id)
            live.clocks = stored_clocks(session, game_id)
            remember(live, actions)
            return live

    def rebuild(self, live: Live) -> None:
        """The game as the database has it again, in place: after a move played on the
        live state was not committed (another worker's came first, or the engine failed
        halfway). The caller holds the game. If it cannot be read back, it leaves memory
        (to be read again when next asked for), or is set aside when it no longer loads."""
        try:
            fresh = self.load(live.game_id)
        except DATABASE_TROUBLE:
            with self.loading:
                if self.live.get(live.game_id) is live:
                    del self.live[live.game_id]
            raise
        except Exception as exc:
            with self.loading:
                self._set_aside(live.game_id, "reading it back", exc)
            raise set_aside(live.game_id) from None
        live.table, live.version, live.status = fresh.table, fresh.version, fresh.status
        live.clocks, live.answered = fresh.clocks, fresh.answered
        for seat, info in fresh.seats.items():  # another worker may have added seats
            live.seats.setdefault(seat, info)

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
        remember(live, newer)
        if newer and capability(live.game, AddedSeats) is not None:
            self._new_seats(session, live)  # another worker's move may have added some
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
                info = live.seats.get(row.seat)
                if info is None:  # a seat another worker added (`added_seats`)
                    live.seats[row.seat] = from_row(row)
                    continue
                info.token_hash, info.joined, info.name = row.token_hash, row.joined, row.name

    def _new_seats(self, session: Any, live: Live) -> None:
        if all(seat in live.seats for seat in live.game.seats(live.table.state)):
            return
        for row in repo.seats(session, live.game_id):
            live.seats.setdefault(row.seat, from_row(row))

    def forget_unused(self) -> None:
        """Games unused for a while leave memory (finished ones after
        FINISHED_KEPT_SECONDS, others after `idle_seconds`, unless a bot is due to move or
        someone is watching);
        `get` reads one back, as it was."""
        moment = time.monotonic()
        for game_id, live in list(self.live.items()):
            over = live.status == "over"
            kept = FINISHED_KEPT_SECONDS if over else self.idle_seconds
            if live.used_at >= moment - kept:
                continue
            if not over and (live.bot_due is not None or self.watched(game_id)):
                continue
            with self.loading:  # not while `get` may be putting it back
                if not live.lock.acquire(blocking=False):
                    continue  # in use right now: not idle after all
                try:
                    if self.live.get(game_id) is live:
                        del self.live[game_id]
                finally:
                    live.lock.release()

    def reload_all(self) -> int:
        """At start-up: every active game back in memory, bots and clocks running again.
        A game that no longer loads is set aside (and logged); the others are served.
        Returns how many were loaded."""
        with self.db.session() as session:
            ids = repo.active_game_ids(session)
        loaded = 0
        for game_id in ids:
            try:
                self.get(game_id)
                loaded += 1
            except Refusal:
                continue  # set aside, and said so in the log
        if self.quarantined:
            log.warning(
                "%d game(s) set aside at start-up: %s",
                len(self.quarantined),
                ", ".join(sorted(self.quarantined)),
            )
        return loaded
