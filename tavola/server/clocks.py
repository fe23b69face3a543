"""Decision clocks: the deadlines stored beside each game follow the game's own clocks, and
a deadline run out submits the game's timeout action for its seat."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

from tavola.store import Database, repo
from tavola.store.group import GroupCommit
from tavola.store.models import DeadlineRow

from .live import Clock, Live, aware, now, stored_clocks
from .loading import Games
from .refusal import Refusal

if TYPE_CHECKING:
    from .acting import Moves

DEADLINES_LOOKED_AT_EVERY = 0.25
"""Seconds between two looks at the database for clocks run out (bots are looked at
every tick): a timeout fires at most this late, and the database is not asked twenty
times a second."""


def sync_clocks(session: Any, live: Live, state: Any, over: bool) -> dict[tuple[str, str], Clock]:
    """Deadlines follow the clocks of the game at `state`: new decisions get theirs, a
    turn clock whose decision is not awaited for now pauses, answered decisions drop
    theirs. Returns the clocks as stored (memory is the caller's to update)."""
    moment = now()
    current = {} if over else live.game.clocks(state)
    if not current and not live.clocks:
        return live.clocks  # an untimed game: nothing to keep in step
    wanted = {(seat, clock.decision_id): clock for seat, clock in current.items()}
    stored = {(d.seat, d.decision_id): d for d in repo.deadlines(session, live.game_id)}
    for (seat, decision_id), clock in wanted.items():
        row = stored.get((seat, decision_id))
        if row is None:
            stale_turns = [
                key
                for key, d in stored.items()
                if d.seat == seat and d.kind == clock.kind and key not in wanted
            ]
            repo.drop_deadlines(session, live.game_id, seat, [d for _, d in stale_turns])
            for gone in stale_turns:
                stored.pop(gone)
            session.add(
                DeadlineRow(
                    game_id=live.game_id,
                    decision_id=decision_id,
                    seat=seat,
                    kind=clock.kind,
                    due_at=(
                        datetime.fromtimestamp(clock.due_at, UTC)
                        if clock.due_at is not None
                        else moment + timedelta(seconds=clock.seconds)
                    ),
                    remaining=clock.seconds,
                )
            )
        elif row.due_at is None:
            row.due_at = moment + timedelta(seconds=row.remaining)
    for key, row in stored.items():
        if key in wanted:
            continue
        if row.kind == "turn" and row.due_at is not None and not over:
            left = (aware(row.due_at) - moment).total_seconds()
            row.remaining = max(0.0, left)
            row.due_at = None
        elif row.kind != "turn" or over:
            session.delete(row)
    session.flush()
    return stored_clocks(session, live.game_id)


class Timeouts:
    """Deadlines run out, looked for in the database (every worker's games) and fired."""

    def __init__(self, db: Database, games: Games, writes: GroupCommit, moves: Moves) -> None:
        self.db = db
        self.games = games
        self.writes = writes
        self.moves = moves

    def fire(self) -> int:
        """Submits the timeout of every deadline run out; returns how many were taken.
        A game whose clock fails is set aside; the other games' clocks still run."""
        with self.db.session() as session:
            due = [(d.game_id, d.seat, d.decision_id) for d in repo.due_deadlines(session, now())]
        fired = 0
        for game_id, seat, decision_id in due:
            if game_id in self.games.quarantined:
                continue
            try:
                fired += self._fire(game_id, seat, decision_id)
            except Refusal:
                continue  # the game was set aside meanwhile, or has moved on
            except Exception as exc:
                self.games.failed(game_id, "a clock's timeout", exc)
        return fired

    def _fire(self, game_id: str, seat: str, decision_id: str) -> int:
        live = self.games.get(game_id)
        with live.lock:
            action = live.game.timeout_action(live.table.state, seat)
            version = live.version
        if action.get("decision_id") != decision_id:
            self.resync(live)
            return 0
        self.moves.act(game_id, seat, action, version, platform=True)
        return 1

    def resync(self, live: Live) -> None:
        """A deadline that is no longer the game's: the clocks follow the game again."""
        with live.lock:
            with self.db.session() as session:
                self.games.catch_up(session, live)
            state, over = live.table.state, live.table.outcome is not None
            live.clocks = self.writes.run(
                lambda session: sync_clocks(session, live, state, over), live.game_id
            )
