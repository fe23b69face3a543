"""Every move follows one path: check the client's version, let the engine validate it on
a copy of the state, append it to the log under the database's version check, commit
(concurrent moves share a commit: `GroupCommit`), and only then update memory, acknowledge
and broadcast. A move that loses a race with another worker is refused as stale; nothing
half-done is ever visible.

Moves sent over a WebSocket are played on the event loop (`act_on_loop`) and those of one
loop round share a commit, with no trip to a worker thread; REST requests, bots and clocks
act from threads, whose writes the loop commits too.
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
from tavola.store import Database, repo
from tavola.store.group import GroupCommit
from tavola.store.models import SeatRow

from . import added_seats
from .added_seats import NewSeat
from .campaigns.ending import record_game
from .clocks import sync_clocks
from .live import Clock, Live, aware, now
from .loading import Games
from .ratings.counting import count_ending
from .ratings.ending import Ending, ending_of
from .refusal import Refusal
from .tournaments.ending import record_table

log = logging.getLogger(__name__)

SNAPSHOT_EVERY = 50


@dataclass(frozen=True, slots=True)
class Move:
    """An accepted action on its way to the log: the state it makes and what is stored."""

    version: int
    action: Action
    """The action as played: stamped with the server's clock when the game reads the time."""
    state: Any
    events: list[Event]
    status: str
    outcome: dict[str, Any] | None
    state_hash: str
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


Written = dict[tuple[str, str], Clock] | bool
"""What a move's write answers: the clocks as stored, or True for an untimed game's."""


class Moves:
    def __init__(
        self,
        db: Database,
        games: Games,
        writes: GroupCommit,
        accepted: Callable[[Live], None],
    ) -> None:
        """`accepted`: called with the game, still held, after each move taken."""
        self.db = db
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
        """`adding`: the seats route's move, which adds seats (`added_seats`)."""
        live = self.games.get(game_id)
        if action.type in PLATFORM_ACTIONS and not platform:
            raise Refusal(403, "forbidden", f"'{action.type}' is reserved to the platform.")
        with live.lock:
            # A version ahead of this worker's: another worker moved (one behind is stale
            # whatever the database holds).
            ahead = version is not None and version > live.version
            if client_action_id is not None or ahead:
                with self.db.session() as session:
                    first = self._first_answer(session, live, seat, client_action_id, action)
                    if first is not None:
                        return first
                    if ahead:
                        self.games.catch_up(session, live)
            move = self._checked_move(live, seat, action, version, client_action_id, adding)
            added = added_seats.new_seats(live, move.state) if adding else []
            answer = self.writes.run(*self._move_write(live, move, added))
            if answer is None:  # another worker's move came first
                return self._lost_race(live, seat, client_action_id, action)
            for new in added:  # before the move is heard of: its new seat may be awaited
                live.seats[new.seat] = added_seats.info(new)
            self._accept(live, seat, action, move, answer)
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
        to a worker thread. What needs the database first (a game not in memory, an action
        id to look up, a version from another worker) goes the threads' way, as does a
        move on a game a thread holds and one that reads free text (the game's
        `threaded_actions`: a parser's time is never the loop's)."""
        live = self.games.live.get(game_id)
        if (
            live is None
            or not self.writes.attached
            or client_action_id is not None
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
                return await run_in_threadpool(self.act, game_id, seat, action, version)
            try:
                live.used_at = time.monotonic()
                move = self._checked_move(live, seat, action, version, None)
                answer = await self.writes.submit(*self._move_write(live, move))
                if answer is not None:
                    self._accept(live, seat, action, move, answer)
            finally:
                live.lock.release()
        if answer is None:  # another worker's move came first (caught up in a thread)
            return await run_in_threadpool(self._lost_race, live, seat, None, action)
        return ActResult(move.version, move.events)

    def _checked_move(
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

    def _lost_race(
        self, live: Live, seat: str, client_action_id: str | None, action: Action
    ) -> ActResult:
        """Another worker's move was committed first: this one is refused, unless the
        winner was this very move, sent again to another worker."""
        with live.lock, self.db.session() as session:
            self.games.catch_up(session, live)
            first = self._first_answer(session, live, seat, client_action_id, action)
        if first is not None:
            return first
        raise Refusal(409, "STALE", "Another move came first.", version=live.version)

    def _accept(self, live: Live, seat: str, action: Action, move: Move, answer: Written) -> None:
        """The committed move (`answer`: its write's), in memory; its updates leave while
        the game is still held, so they leave in move order."""
        live.table.state = move.state
        live.version, live.status = move.version, move.status
        if isinstance(answer, dict):  # else True: an untimed game's clocks stay as they are
            live.clocks = answer
        live.table.log.append(LogEntry(seat, move.action))
        live.table.events.extend(move.events)
        self.accepted(live)

    def _move_write(
        self, live: Live, move: Move, added: list[NewSeat] | None = None
    ) -> tuple[Any, str, repo.Append]:
        """The group-commit write of a move (work, key, first row): the move and its
        snapshot are appended under the database's version check with its group's others,
        then its clocks are written and, at the end of a game, the ratings counted (if it
        may be rated), the game recorded in its campaign (if it is one's) and the result
        in its tournament (if it is one's). It answers the clocks as stored (True: an
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
        over = move.status == "over"
        timed = bool(live.clocks) or (not over and bool(live.game.clocks(move.state)))
        ending = _ending(live, move) if over else None
        new_rows = added_seats.rows(live.game_id, added or [])
        if not timed and not over and not new_rows:
            return None, live.game_id, append

        def work(session: Any) -> Written:
            # the seats the move added, with their invites, in the move's own commit
            session.add_all([SeatRow(**r) for r in new_rows])
            if ending is not None:  # in the commit that records the end: counted once
                count_ending(session, ending, now())
            if over:  # a campaign's game: recorded in its campaign in the same commit
                record_game(session, live.game, live.game_id, move.state)
                # a tournament's game: its result recorded in the tournament, likewise
                record_table(session, live.game, live.game_id, move.state)
            return sync_clocks(session, live, move.state, over) if timed else True

        return work, live.game_id, append

    def _first_answer(
        self,
        session: Any,
        live: Live,
        seat: str,
        client_action_id: str | None,
        action: Action,
    ) -> ActResult | None:
        """A repeated action id gets the first answer again instead of a second move; the
        same id with another action is a client's mistake, refused rather than answered
        as if that action had been played."""
        if client_action_id is None:
            return None
        first = repo.action_by_client_id(session, live.game_id, client_action_id)
        if first is None:
            return None
        if first.seat != seat:
            raise Refusal(409, "duplicate_id", "That action id was used by another seat.")
        # The first was stamped with the server's clock when it was played: the repeat is
        # compared as it would have been stamped then.
        timed = capability(live.game, TimedActions)
        if timed is not None:
            # An action the stamp refuses cannot be the first: refused as a reused id below.
            with contextlib.suppress(IllegalAction):
                action = timed.stamp(live.table.state, seat, action, aware(first.created_at))
        if Action.from_json(first.action) != action:
            raise Refusal(
                409,
                "client_action_id_reused",
                f"The action id '{client_action_id}' was already used for another action "
                f"(move {first.seq}); send a new id with each new action.",
                message_it=f"L'id d'azione '{client_action_id}' è già stato usato per un'altra "
                f"azione (mossa {first.seq}); manda un id nuovo con ogni nuova azione.",
                version=live.version,
            )
        events = [Event.from_record(e) for e in first.events]
        return ActResult(first.seq, events, duplicate=True)


def _ending(live: Live, move: Move) -> Ending | None:
    """What of a game that `move` finishes may count for ratings (None: nothing can)."""
    people = [seat for seat, info in live.seats.items() if info.human]
    teams = live.game.teams(move.state)
    return ending_of(
        live.game_id, live.game.name, move.outcome, teams, people, seed_known=live.seed_known
    )


def stamped(live: Live, seat: str, action: Action, at: datetime) -> Action:
    """`action` with the server's instant `at`, for a game that reads the time (else as
    it came); a seat that sends an instant of its own is refused (`IllegalAction`)."""
    timed = capability(live.game, TimedActions)
    return timed.stamp(live.table.state, seat, action, at) if timed is not None else action


def _move(live: Live, seat: str, action: Action, client_action_id: str | None) -> Move:
    """The move the engine makes of `action`, on a copy of the state: nothing in memory
    changes until the move is committed. A game that reads the time gets the action
    stamped with the server's clock, the instant the move is logged with."""
    played_at = now()
    state = live.game.clone(live.table.state)
    try:
        action = stamped(live, seat, action, played_at)
        raw = live.game.apply(state, seat, action)
    except IllegalAction as exc:
        raise Refusal.of(422, exc) from None
    except Exception:
        # A bot's or the clock's failure is the scheduler's to handle (it sets the game
        # aside: it would meet it again and again).
        info = live.seats.get(seat)
        if action.type in PLATFORM_ACTIONS or info is None or not info.human:
            raise
        # A person's: the engine played on a copy, so the game is as it was and stays
        # playable; the person is refused, the operator finds it in the log.
        log.exception("game %s: the engine failed on %s's %r", live.game_id, seat, action)
        raise Refusal(
            422,
            "unplayable_action",
            "The server could not play this action; the game is unchanged, choose another.",
            message_it="Il server non è riuscito a giocare questa azione; la partita è "
            "invariata, scegline un'altra.",
        ) from None
    start = len(live.table.events)
    events = [replace(e, seq=start + i + 1) for i, e in enumerate(raw)]
    outcome = live.game.outcome(state)
    version = live.version + 1
    return Move(
        version=version,
        action=action,
        state=state,
        events=events,
        status="over" if outcome else "active",
        outcome=outcome.to_json() if outcome else None,
        state_hash=state_hash(live.game, state),
        row={
            "game_id": live.game_id,
            "seq": version,
            "seat": seat,
            "action": action.to_json(),
            "client_action_id": client_action_id,
            "events": [e.to_record() for e in events],
            "created_at": played_at,
        },
        snapshot=live.game.dump(state) if version % SNAPSHOT_EVERY == 0 else None,
    )
