"""Every move follows one path: check the client's version and action id (each game
keeps its recent ids in memory), let the engine apply it to the live state (its guards
refuse an illegal action before anything changes), append it to the log under the
database's version check, commit (concurrent moves share a commit: `GroupCommit`), and
only then acknowledge and broadcast. The game is held until its move is committed, so no
viewer sees a move before it is stored. A move the database does not take (another
worker's came first, or its id is an earlier move's) and one the engine failed on halfway
leave the game as the database has it (`Games.rebuild`).

WebSocket and REST moves are played on the event loop (`act_on_loop`), and those of one
loop round share a commit, with no trip to a worker thread; what needs the database first
(a game not in memory, a version from another worker) goes to a thread (`act`), as do
bots and clocks, whose writes the loop commits too.
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from starlette.concurrency import run_in_threadpool

from tavola.core import PLATFORM_ACTIONS, Action, Event, IllegalAction, LogEntry, state_hash
from tavola.core.capabilities import TimedActions, capability
from tavola.core.jsonform import digest
from tavola.store import Database, repo
from tavola.store.group import GroupCommit
from tavola.store.models import SeatRow

from . import added_seats
from .added_seats import NewSeat
from .clocks import sync_clocks
from .live import Answered, Clock, Live, answered, now
from .loading import Games
from .notices import Notices, game_ended
from .refusal import Refusal

log = logging.getLogger(__name__)

SNAPSHOT_EVERY = 50


@dataclass(frozen=True, slots=True)
class Move:
    """An accepted action on its way to the log: what it made and what is stored."""

    version: int
    action: Action
    """The action as played: stamped with the server's clock when the game reads the time."""
    events: list[Event]
    status: str
    outcome: dict[str, Any] | None
    state_hash: str | None
    """The new state's, where it is kept: with a snapshot, and at the end."""
    row: dict[str, Any]
    """The action's row in the log."""
    snapshot: dict[str, Any] | None
    """The dumped state, every SNAPSHOT_EVERY versions."""


@dataclass(frozen=True, slots=True)
class ActResult:
    version: int
    events: list[Event]
    duplicate: bool = False
    seats: tuple[NewSeat, ...] = ()
    """The seats the move added, each with its one-time invite (the seats route's)."""


class Spoilt(Exception):
    """The engine failed partway through a move on the live state: the game is read back
    from the database before `error` is raised."""

    def __init__(self, error: BaseException) -> None:
        super().__init__(str(error))
        self.error = error


Written = dict[tuple[str, str], Clock] | bool
"""What a move's write answers: the clocks as stored, or True for an untimed game's."""


class Moves:
    def __init__(
        self,
        db: Database,
        games: Games,
        writes: GroupCommit,
        accepted: Callable[[Live], None],
        notices: Notices,
    ) -> None:
        """`accepted`: called with the game, still held, after each move taken;
        `notices`: the features, told of a game's end in the commit of its final move."""
        self.db = db
        self.notices = notices
        self.games = games
        self.writes = writes
        self.accepted = accepted

    def act(
        self,
        game_id: str,
        seat: str,
        action: Action,
        version: int | None,
        client_action_id: str | None = None,
        *,
        platform: bool = False,
        adding: bool = False,
    ) -> ActResult:
        """A move from a worker thread. `adding`: the seats route's move, which adds
        seats (`added_seats`)."""
        live = self.games.get(game_id)
        if action.type in PLATFORM_ACTIONS and not platform:
            raise Refusal(403, "forbidden", f"'{action.type}' is reserved to the platform.")
        with live.lock:
            # A version ahead of this worker's: another worker moved (one behind is stale
            # whatever the database holds).
            if version is not None and version > live.version:
                with self.db.session() as session:
                    self.games.catch_up(session, live)
            first = _repeat(live, seat, client_action_id, action)
            if first is not None:
                return first
            try:
                move = self._played(live, seat, action, version, client_action_id, adding)
            except Spoilt as spoilt:
                self.games.rebuild(live)
                raise spoilt.error from None
            added = added_seats.new_seats(live, live.table.state) if adding else []
            try:
                answer = self.writes.run(*self._move_write(live, move, added))
            except Exception:
                self.games.rebuild(live)
                raise
            if answer is None:  # not taken: another worker's move came first, or a reused id
                self.games.rebuild(live)
                return self._not_taken(live, seat, client_action_id, action)
            for new in added:  # before the move is heard of: its new seat may be awaited
                live.seats[new.seat] = added_seats.info(new)
            self._accept(live, seat, move, answer, client_action_id)
        return ActResult(move.version, move.events, seats=tuple(added))

    async def act_on_loop(
        self,
        game_id: str,
        seat: str,
        action: Action,
        version: int | None,
        client_action_id: str | None = None,
    ) -> ActResult:
        """`act`, for a coroutine on the loop the writes are attached to: the move is
        played on the loop and committed with the others of its round, so it takes no trip
        to a worker thread. What needs the database first (a game not in memory, a version
        from another worker) goes the threads' way, as does a move on a game a thread
        holds and one that reads free text (the game's `threaded_actions`: a parser's time
        is never the loop's)."""
        live = self.games.live.get(game_id)
        if (
            live is None
            or not self.writes.attached
            or action.type in PLATFORM_ACTIONS
            or action.type in live.game.info.threaded_actions
            or (version is not None and version > live.version)
        ):
            return await run_in_threadpool(
                self.act, game_id, seat, action, version, client_action_id
            )
        async with live.turn:  # the loop's moves on one game, one at a time
            # Never wait on the loop for a lock: its holder may be waiting for a commit here.
            if not live.lock.acquire(blocking=False):
                return await run_in_threadpool(
                    self.act, game_id, seat, action, version, client_action_id
                )
            try:
                live.used_at = time.monotonic()
                first = _repeat(live, seat, client_action_id, action)
                if first is not None:
                    return first
                answer = await self._committed_on_loop(
                    live, seat, action, version, client_action_id
                )
            finally:
                live.lock.release()
        if isinstance(answer, ActResult):
            return answer
        return await run_in_threadpool(self._not_taken, live, seat, client_action_id, action)

    async def _committed_on_loop(
        self,
        live: Live,
        seat: str,
        action: Action,
        version: int | None,
        client_action_id: str | None,
    ) -> ActResult | None:
        """The move played and committed, the game held by the caller; None when the
        database did not take it (the game is then as the database has it)."""
        try:
            move = self._played(live, seat, action, version, client_action_id)
        except Spoilt as spoilt:
            await run_in_threadpool(self.games.rebuild, live)
            raise spoilt.error from None
        try:
            answer = await self.writes.submit(*self._move_write(live, move))
        except Exception:
            await run_in_threadpool(self.games.rebuild, live)
            raise
        if answer is None:
            await run_in_threadpool(self.games.rebuild, live)
            return None
        self._accept(live, seat, move, answer, client_action_id)
        return ActResult(move.version, move.events)

    def _played(
        self,
        live: Live,
        seat: str,
        action: Action,
        version: int | None,
        client_action_id: str | None,
        adding: bool = False,
    ) -> Move:
        added_seats.guard(live, action, adding)
        if version is not None and version != live.version:
            raise Refusal(
                409,
                "STALE",
                f"The game is at version {live.version}, not {version}.",
                version=live.version,
            )
        return _move(live, seat, action, client_action_id)

    def _not_taken(
        self, live: Live, seat: str, client_action_id: str | None, action: Action
    ) -> ActResult:
        """The database did not take the move (the game was read back since): another
        worker's move was committed first, or the action id is an older move's. A repeat
        gets that move's answer (it may be this very move, sent again to another worker);
        anything else is refused as stale."""
        with live.lock:
            first = None
            if client_action_id is not None:
                with self.db.session() as session:
                    row = repo.action_by_client_id(session, live.game_id, client_action_id)
                if row is not None:
                    first = _repeated(live, seat, client_action_id, action, answered(row))
        if first is not None:
            return first
        raise Refusal(409, "STALE", "Another move came first.", version=live.version)

    def _accept(
        self, live: Live, seat: str, move: Move, answer: Written, client_action_id: str | None
    ) -> None:
        """The committed move (`answer`: its write's), in memory; its updates leave while
        the game is still held, so they leave in move order."""
        live.version, live.status = move.version, move.status
        if isinstance(answer, dict):  # else True: an untimed game's clocks stay as they are
            live.clocks = answer
        live.table.log.append(LogEntry(seat, move.action))
        live.table.events.extend(move.events)
        played = Answered(seat, move.version, move.action, move.events, move.row["created_at"])
        live.remember(client_action_id, played)
        self.accepted(live)

    def _move_write(
        self, live: Live, move: Move, added: list[NewSeat] | None = None
    ) -> tuple[Any, str, repo.Append]:
        """The group-commit write of a move (work, key, first row): the move and its
        snapshot are appended under the database's version check with its group's others,
        then its clocks are written and, at the end of a game, the features told of it
        (`GameEnded`), in the same commit. It answers the clocks as stored (True: an
        untimed game, whose write is the row alone), or None (nothing written) when the
        game was no longer at the move's version."""
        append = repo.Append(
            live.game_id,
            move.version - 1,
            move.row,
            move.status,
            move.outcome,
            move.state_hash,
            move.snapshot,
        )
        state = live.table.state
        over = move.outcome is not None
        timed = bool(live.clocks) or (not over and bool(live.game.clocks(state)))
        ended = game_ended(live, state, move.outcome) if move.outcome is not None else None
        new_rows = added_seats.rows(live.game_id, added or [])
        if not timed and ended is None and not new_rows:
            return None, live.game_id, append

        def work(session: Any) -> Written:
            # the seats the move added, with their invites, in the move's own commit
            session.add_all([SeatRow(**r) for r in new_rows])
            if ended is not None:  # in the commit that records the end: heard once
                self.notices.ended(session, ended)
            return sync_clocks(session, live, state, over) if timed else True

        return work, live.game_id, append


def _repeat(
    live: Live, seat: str, client_action_id: str | None, action: Action
) -> ActResult | None:
    """The answer to an action id this game remembers (None: not a recent move's)."""
    if client_action_id is None:
        return None
    first = live.answered.get(client_action_id)
    return None if first is None else _repeated(live, seat, client_action_id, action, first)


def _repeated(
    live: Live, seat: str, client_action_id: str, action: Action, first: Answered
) -> ActResult:
    """A repeated action id gets the first answer again instead of a second move; the
    same id with another action is a client's mistake, refused rather than answered as if
    that action had been played."""
    if first.seat != seat:
        raise Refusal(409, "duplicate_id", "That action id was used by another seat.")
    # The first was stamped with the server's clock when it was played: the repeat is
    # compared as it would have been stamped then.
    timed = capability(live.game, TimedActions)
    if timed is not None:
        # An action the stamp refuses cannot be the first: refused as a reused id below.
        with contextlib.suppress(IllegalAction):
            action = timed.stamp(live.table.state, seat, action, first.played_at)
    if first.action != action:
        raise Refusal(
            409,
            "client_action_id_reused",
            f"The action id '{client_action_id}' was already used for another action "
            f"(move {first.version}); send a new id with each new action.",
            message_it=f"L'id d'azione '{client_action_id}' è già stato usato per un'altra "
            f"azione (mossa {first.version}); manda un id nuovo con ogni nuova azione.",
            version=live.version,
        )
    return ActResult(first.version, first.events, duplicate=True)


def stamped(live: Live, seat: str, action: Action, at: datetime) -> Action:
    """`action` with the server's instant `at`, for a game that reads the time (else as
    it came); a seat that sends an instant of its own is refused (`IllegalAction`)."""
    timed = capability(live.game, TimedActions)
    return timed.stamp(live.table.state, seat, action, at) if timed is not None else action


def _move(live: Live, seat: str, action: Action, client_action_id: str | None) -> Move:
    """The move the engine makes of `action`, on the live state: an illegal action is
    refused by the game's guards before anything changes (as `Table.act` relies on); a
    failure halfway is `Spoilt`. A game that reads the time gets the action stamped with
    the server's clock, the instant the move is logged with."""
    played_at = now()
    state = live.table.state
    try:
        action = stamped(live, seat, action, played_at)
        raw = live.game.apply(state, seat, action)
    except IllegalAction as exc:
        raise Refusal.of(422, exc) from None
    except Exception as exc:
        # A bot's or the clock's failure is the scheduler's to handle (it sets the game
        # aside: it would meet it again and again).
        info = live.seats.get(seat)
        if action.type in PLATFORM_ACTIONS or info is None or not info.human:
            raise Spoilt(exc) from exc
        # A person's: the game is read back as it was and stays playable; the person is
        # refused, the operator finds it in the log.
        log.exception("game %s: the engine failed on %s's %r", live.game_id, seat, action)
        refusal = Refusal(
            422,
            "unplayable_action",
            "The server could not play this action; the game is unchanged, choose another.",
            message_it="Il server non è riuscito a giocare questa azione; la partita è "
            "invariata, scegline un'altra.",
        )
        raise Spoilt(refusal) from None
    start = len(live.table.events)
    events = [replace(e, seq=start + i + 1) for i, e in enumerate(raw)]
    outcome = live.game.outcome(state)
    version = live.version + 1
    snapshot = live.game.dump(state) if version % SNAPSHOT_EVERY == 0 else None
    # The hash is kept with each snapshot and at the end, where loading checks it.
    kept_hash = digest(snapshot) if snapshot is not None else None
    if outcome is not None and kept_hash is None:
        kept_hash = state_hash(live.game, state)
    return Move(
        version=version,
        action=action,
        events=events,
        status="over" if outcome else "active",
        outcome=outcome.to_json() if outcome else None,
        state_hash=kept_hash,
        row={
            "game_id": live.game_id,
            "seq": version,
            "seat": seat,
            "action": action.to_json(),
            "client_action_id": client_action_id,
            "events": [e.to_record() for e in events],
            "created_at": played_at,
        },
        snapshot=snapshot,
    )
