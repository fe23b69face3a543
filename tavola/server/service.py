"""The single authority over every game: creates games, holds them in memory, applies each
action after the engine accepts it and the database commits it, runs bots and clocks.

Every move follows one path (`act`): check the client's version, let the engine validate
it on a copy of the state, append it to the log under the database's version check, commit
(concurrent moves share a commit: `GroupCommit`), and only then update memory, acknowledge
and broadcast. A move that loses a race with another worker is refused as stale; nothing
half-done is ever visible.

The server attaches the commits to its event loop: moves sent over a WebSocket are played
on the loop (`act_on_loop`) and those of one loop round share a commit, with no trip to a
worker thread; REST requests, bots and clocks act from threads, whose writes the loop
commits too.
"""

from __future__ import annotations

import asyncio
import hashlib
import secrets
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy.exc import IntegrityError
from starlette.concurrency import run_in_threadpool

from tavola.bots import make_bot
from tavola.core import (
    AUTOPILOT,
    PLATFORM_ACTIONS,
    Action,
    ConfigError,
    Event,
    IllegalAction,
    LogEntry,
    Table,
    TavolaError,
    UnknownGame,
    Viewer,
    derive_seed,
    filter_events,
    get_game,
    state_hash,
)
from tavola.core.capabilities import Narration, TableBuilder, capability
from tavola.store import Database, repo
from tavola.store.group import GroupCommit
from tavola.store.models import DeadlineRow, GameRow, SeatRow

from .security import hash_token, new_token, token_matches

SNAPSHOT_EVERY = 50
DEADLINES_LOOKED_AT_EVERY = 0.25
"""Seconds between two looks at the database for clocks run out (bots are looked at
every tick): a timeout fires at most this late, and the database is not asked twenty
times a second."""
FINISHED_KEPT_SECONDS = 10.0
"""A finished game leaves memory after this long unused (it is read back when asked for):
a long-running server holds only the games being played."""


class Refusal(Exception):
    """A refused request: an HTTP status, a stable code and a sentence (and extras such as
    the current view for a stale move)."""

    def __init__(self, status: int, code: str, message: str, **extra: Any) -> None:
        super().__init__(f"{code}: {message}")
        self.status = status
        self.code = code
        self.message = message
        self.extra = extra

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message, **self.extra}


@dataclass(slots=True)
class SeatInfo:
    seat: str
    name: str
    age: int | None
    kind: str
    bot: str | None
    token_hash: str | None
    joined: bool


@dataclass(slots=True)
class Clock:
    seat: str
    decision_id: str
    kind: str
    due_at: datetime | None
    remaining: float


@dataclass
class Live:
    """A game held in this process's memory, always equal to the database at `version`."""

    game_id: str
    table: Table
    version: int
    status: str
    seats: dict[str, SeatInfo]
    clocks: dict[tuple[str, str], Clock] = field(default_factory=dict)
    """By (seat, decision id): simultaneous decisions share an id."""
    lock: threading.RLock = field(default_factory=threading.RLock)
    bot_due: float | None = None
    """Monotonic time after which a bot (or an autopilot) may move."""
    autopilot: set[str] = field(default_factory=set)
    """Human seats the reference bot plays for now (R116), followed from the events."""
    used_at: float = field(default_factory=time.monotonic)
    """Monotonic time it was last asked for."""
    turn: asyncio.Lock = field(default_factory=asyncio.Lock)
    """Held by the loop's move on this game while it is committed (see `act_on_loop`)."""

    def follow(self, events: Sequence[Event]) -> None:
        for event in events:
            if event.type == "autopilot_on":
                self.autopilot.add(str(event.data["seat"]))
            elif event.type == "autopilot_off":
                self.autopilot.discard(str(event.data["seat"]))

    @property
    def game(self) -> Any:
        return self.table.game


@dataclass(frozen=True, slots=True)
class _Move:
    """An accepted action on its way to the log: the state it makes and what is stored."""

    version: int
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


def _now() -> datetime:
    return repo.now()


class GameService:
    def __init__(
        self,
        db: Database,
        *,
        bot_delay: float = 0.3,
        on_change: Callable[[str, int], None] | None = None,
    ) -> None:
        self.db = db
        self.bot_delay = bot_delay
        self.on_change = on_change
        self.live: dict[str, Live] = {}
        self._loading = threading.Lock()
        self._deadlines_at = 0.0
        """When `tick` next looks for clocks run out (monotonic seconds)."""
        # Every write goes through here: concurrent moves share a commit (one disk sync),
        # and SQLite, which has one writer at a time, never makes a writer sleep and retry.
        self.writes = GroupCommit(db.session, batch=repo.append_actions)

    # -- creating --------------------------------------------------------------------------

    def create(
        self,
        game_name: str,
        options: Mapping[str, Any],
        seats: Sequence[Mapping[str, Any]],
        *,
        seed: int | None = None,
        setup: Mapping[str, Any] | None = None,
    ) -> tuple[Live, dict[str, str]]:
        """A new game; returns it and one token per human seat."""
        try:
            game = get_game(game_name)
        except UnknownGame as exc:
            raise Refusal(404, exc.code, exc.message) from None
        builder = capability(game, TableBuilder)
        config = (
            builder.table_config(options, seats)
            if builder is not None
            else {**options, "players": list(seats)}
        )
        return self._open(game, config, seats, seed, setup, secrets.token_hex(8))

    def _open(
        self,
        game: Any,
        config: Mapping[str, Any],
        seats: Sequence[Mapping[str, Any]],
        seed: int | None,
        setup: Mapping[str, Any] | None,
        game_id: str,
        *,
        reserved: bool = False,
    ) -> tuple[Live, dict[str, str]]:
        """Deals and stores a new game. `reserved`: its human seats are kept for their
        players (no token yet, not in the lobby), as for a rematch."""
        seed = secrets.randbelow(2**62) if seed is None else seed
        try:
            table = Table(game, config, seed, setup)
        except ConfigError as exc:
            raise Refusal(422, exc.code, exc.message, reason=exc.reason, field=exc.field) from None
        except TavolaError as exc:
            raise Refusal(422, exc.code, exc.message) from None
        tokens: dict[str, str] = {}
        infos: dict[str, SeatInfo] = {}
        requested = [s for s in seats if s.get("kind") != "boss"]
        for i, seat in enumerate(game.seats(table.state)):
            spec = requested[i] if i < len(requested) else {"kind": "boss"}
            kind = "human" if spec.get("kind", "human") == "human" else "bot"
            token_hash = None
            if kind == "human" and not reserved:
                tokens[seat] = new_token()
                token_hash = hash_token(tokens[seat])
            bot = None if kind == "human" else str(spec.get("bot") or "reference")
            view_seat = table.view(Viewer.referee())["seats"].get(seat, {})
            infos[seat] = SeatInfo(
                seat,
                str(view_seat.get("name") or spec.get("name") or seat),
                view_seat.get("age"),
                kind,
                bot,
                token_hash,
                joined=reserved and kind == "human",
            )
        live = Live(game_id, table, 0, "active", infos)
        stamp = _now()
        game_row = dict(
            id=game_id,
            game=game.name,
            config=table.config,
            seed=seed,
            setup=table.setup,
            status="over" if table.outcome else "active",
            version=0,
            opening=[e.to_record() for e in table.events],
            outcome=table.outcome.to_json() if table.outcome else None,
            state_hash=table.hash,
            created_at=stamp,
            updated_at=stamp,
        )
        seat_rows = [
            dict(
                game_id=game_id,
                seat=s.seat,
                name=s.name[:60],
                age=s.age,
                kind=s.kind,
                bot=s.bot,
                token_hash=s.token_hash,
                joined=s.joined,
            )
            for s in infos.values()
        ]

        def write(session: Any) -> dict[tuple[str, str], Clock]:  # new rows each run
            repo.create_game(session, GameRow(**game_row), [SeatRow(**s) for s in seat_rows])
            return self._sync_clocks(session, live, table.state, table.outcome is not None)

        live.clocks = self.writes.run(write, game_id)
        live.status = str(game_row["status"])
        self.live[game_id] = live
        self._schedule(live)
        return live, tokens

    # -- loading -------------------------------------------------------------------------------

    def get(self, game_id: str) -> Live:
        live = self.live.get(game_id)
        if live is not None:
            live.used_at = time.monotonic()
            return live
        with self._loading:
            live = self.live.get(game_id)
            if live is None:
                live = self._load(game_id)
                self.live[game_id] = live
                self._schedule(live)
        return live

    def _load(self, game_id: str) -> Live:
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
                s.seat: SeatInfo(s.seat, s.name, s.age, s.kind, s.bot, s.token_hash, s.joined)
                for s in repo.seats(session, game_id)
            }
            live = Live(game_id, table, row.version, row.status, seats)
            live.follow(table.events)
            live.clocks = _clocks(session, game_id)
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
                return self._catch_up(session, live)

    def _catch_up(self, session: Any, live: Live) -> bool:
        newer = repo.actions_after(session, live.game_id, live.version)
        for a in newer:
            live.follow(live.table.act(a.seat, Action.from_json(a.action)))
            live.version = a.seq
        if newer:
            row = repo.game(session, live.game_id)
            assert row is not None
            session.refresh(row)
            live.status = row.status
            live.clocks = _clocks(session, live.game_id)
        return bool(newer)

    # -- seats and tokens --------------------------------------------------------------------

    def seat_for(self, live: Live, token: str | None) -> str | None:
        """The seat a token acts for (None: no token, the public). A wrong token is refused."""
        if token is None:
            return None
        self._reread_seats(live)
        found = None
        for info in live.seats.values():  # every hash compared, in constant time each
            if info.token_hash is not None and token_matches(token, info.token_hash):
                found = info.seat
        if found is None:
            raise Refusal(401, "bad_token", "This token does not open any seat of this game.")
        return found

    def _reread_seats(self, live: Live) -> None:
        """Another worker may have issued or voided a token: with a shared database the
        seats are read again (SQLite has one worker, whose memory is the truth)."""
        if self.db.is_sqlite:
            return
        with self.db.session() as session:
            for row in repo.seats(session, live.game_id):
                info = live.seats[row.seat]
                info.token_hash, info.joined, info.name = row.token_hash, row.joined, row.name

    def join(self, game_id: str, seat: str, token: str | None, name: str | None) -> str:
        """Takes a human seat: with its token (from the join link), or, for a seat nobody
        has taken yet, without one (a new token is issued, the link's token is void).
        Returns the seat's token."""
        live = self.get(game_id)
        info = live.seats.get(seat)
        if info is None or info.kind != "human":
            raise Refusal(404, "unknown_seat", f"There is no human seat '{seat}'.")
        if token is not None and self.seat_for(live, token) != seat:
            raise Refusal(403, "forbidden", "This token belongs to another seat.")
        issued = token or new_token()
        name = name[:60] if name else info.name
        with live.lock:
            taken = self.writes.run(
                lambda session: repo.take_seat(
                    session, game_id, seat, hash_token(issued), name, only_if_free=token is None
                ),
                game_id,
            )
            if not taken:
                raise Refusal(409, "seat_taken", f"Seat {seat} has already been taken.")
            info.token_hash, info.joined, info.name = hash_token(issued), True, name
        return issued

    def rematch(self, live: Live, seat: str) -> tuple[str, str, bool]:
        """The same table again, dealt anew: the first player to ask opens it (under an id
        every worker derives alike), each player who asks takes their own seat there with
        a new token. Returns the new id, the token and whether this call opened it."""
        if live.status != "over":
            raise Refusal(409, "not_finished", "A rematch is offered once the game is over.")
        new_id = hashlib.sha256(f"{live.game_id}:rematch".encode()).hexdigest()[:16]
        created = False
        try:
            again = self.get(new_id)
        except Refusal:
            seats = [
                {"kind": i.kind, "bot": i.bot, "name": i.name, "age": i.age}
                for i in live.seats.values()
            ]
            with self._loading:  # one opening per process; a PK clash settles workers
                found = self.live.get(new_id)
                if found is None:
                    try:
                        found, _ = self._open(
                            live.game, live.table.config, seats, None, None, new_id, reserved=True
                        )
                        created = True
                    except IntegrityError:
                        found = self.live[new_id] = self._load(new_id)
                again = found
        token = new_token()
        info = again.seats[seat]
        with again.lock:
            self.writes.run(
                lambda session: repo.take_seat(
                    session, new_id, seat, hash_token(token), info.name, only_if_free=False
                ),
                new_id,
            )
            info.token_hash, info.joined = hash_token(token), True
        return new_id, token, created

    # -- acting ---------------------------------------------------------------------------------

    def act(
        self,
        game_id: str,
        seat: str,
        action: Action,
        version: int | None,
        client_action_id: str | None = None,
        *,
        platform: bool = False,
    ) -> ActResult:
        live = self.get(game_id)
        if action.type in PLATFORM_ACTIONS and not platform:
            raise Refusal(403, "forbidden", f"'{action.type}' is reserved to the platform.")
        with live.lock:
            # A version ahead of this worker's: another worker moved (one behind is stale
            # whatever the database holds).
            ahead = version is not None and version > live.version
            if client_action_id is not None or ahead:
                with self.db.session() as session:
                    first = self._first_answer(session, live, seat, client_action_id)
                    if first is not None:
                        return first
                    if ahead:
                        self._catch_up(session, live)
            move = self._checked_move(live, seat, action, version, client_action_id)
            answer = self.writes.run(*self._move_write(live, move))
            if answer is None:  # another worker's move came first
                return self._lost_race(live, seat, client_action_id)
            self._accept(live, seat, action, move, answer)
        return ActResult(move.version, move.events)

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
        move on a game a thread holds."""
        live = self.live.get(game_id)
        if (
            live is None
            or not self.writes.attached
            or client_action_id is not None
            or action.type in PLATFORM_ACTIONS
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
            return await run_in_threadpool(self._lost_race, live, seat, None)
        return ActResult(move.version, move.events)

    def _checked_move(
        self,
        live: Live,
        seat: str,
        action: Action,
        version: int | None,
        client_action_id: str | None,
    ) -> _Move:
        if version is not None and version != live.version:
            raise Refusal(
                409,
                "STALE",
                f"The game is at version {live.version}, not {version}.",
                version=live.version,
            )
        return self._move(live, seat, action, client_action_id)

    def _lost_race(self, live: Live, seat: str, client_action_id: str | None) -> ActResult:
        """Another worker's move was committed first: this one is refused, unless the
        winner was this very move, sent again to another worker."""
        with live.lock, self.db.session() as session:
            self._catch_up(session, live)
            first = self._first_answer(session, live, seat, client_action_id)
        if first is not None:
            return first
        raise Refusal(409, "STALE", "Another move came first.", version=live.version)

    def _accept(
        self,
        live: Live,
        seat: str,
        action: Action,
        move: _Move,
        answer: dict[tuple[str, str], Clock] | bool,
    ) -> None:
        """The committed move (`answer`: its write's), in memory; its updates leave while
        the game is still held, so they leave in move order."""
        live.table.state = move.state
        live.version, live.status = move.version, move.status
        if isinstance(answer, dict):  # else True: an untimed game's clocks stay as they are
            live.clocks = answer
        live.table.log.append(LogEntry(seat, action))
        live.table.events.extend(move.events)
        live.follow(move.events)
        self._schedule(live)
        if self.on_change is not None:
            self.on_change(live.game_id, live.version)

    def _move(self, live: Live, seat: str, action: Action, client_action_id: str | None) -> _Move:
        """The move the engine makes of `action`, on a copy of the state: nothing in
        memory changes until the move is committed."""
        state = live.game.clone(live.table.state)
        try:
            raw = live.game.apply(state, seat, action)
        except IllegalAction as exc:
            raise Refusal(422, exc.code, exc.message, message_it=exc.message_it) from None
        start = len(live.table.events)
        events = [replace(e, seq=start + i + 1) for i, e in enumerate(raw)]
        outcome = live.game.outcome(state)
        version = live.version + 1
        stamp = _now()
        return _Move(
            version=version,
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
                "created_at": stamp,
            },
            snapshot=live.game.dump(state) if version % SNAPSHOT_EVERY == 0 else None,
        )

    def _move_write(self, live: Live, move: _Move) -> tuple[Any, str, repo.Append]:
        """The group-commit write of a move (work, key, first row): the move and its
        snapshot are appended under the database's version check with its group's others,
        then its clocks are written. It answers the clocks as stored (True: an untimed
        game, whose write is the row alone), or None (nothing written) when the game was no
        longer at the move's version."""
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
        if not live.clocks and (over or not live.game.clocks(move.state)):
            return None, live.game_id, append
        work = lambda session: self._sync_clocks(session, live, move.state, over)  # noqa: E731
        return work, live.game_id, append

    def _first_answer(
        self, session: Any, live: Live, seat: str, client_action_id: str | None
    ) -> ActResult | None:
        """A repeated action id gets the first answer again instead of a second move."""
        if client_action_id is None:
            return None
        first = repo.action_by_client_id(session, live.game_id, client_action_id)
        if first is None:
            return None
        if first.seat != seat:
            raise Refusal(409, "duplicate_id", "That action id was used by another seat.")
        events = [Event.from_record(e) for e in first.events]
        return ActResult(first.seq, events, duplicate=True)

    # -- bots and clocks ---------------------------------------------------------------------------

    def _automatic_seats(self, live: Live) -> list[str]:
        """Awaited seats the server plays: bots, and humans on autopilot (R116)."""
        if live.status != "active":
            return []
        return [
            seat
            for seat in sorted(live.table.to_act)
            if live.seats[seat].kind == "bot" or seat in live.autopilot
        ]

    def _schedule(self, live: Live) -> None:
        live.bot_due = time.monotonic() + self.bot_delay if self._automatic_seats(live) else None

    def tick(self) -> int:
        """Plays due bot moves and due timeouts; returns how many moves were made."""
        moves = 0
        for live in list(self.live.values()):
            if live.bot_due is not None and time.monotonic() >= live.bot_due:
                moves += self._bot_move(live)
        if time.monotonic() >= self._deadlines_at:
            self._deadlines_at = time.monotonic() + DEADLINES_LOOKED_AT_EVERY
            moves += self._fire_timeouts()
        self._forget_finished()
        return moves

    def _forget_finished(self) -> None:
        """Finished games unused for a while leave memory; `get` reads one back."""
        unused_since = time.monotonic() - FINISHED_KEPT_SECONDS
        for game_id, live in list(self.live.items()):
            if live.status == "over" and live.used_at < unused_since:
                with self._loading:  # not while `get` may be putting it back
                    if self.live.get(game_id) is live:
                        del self.live[game_id]

    def _bot_move(self, live: Live) -> int:
        with live.lock:
            seats = self._automatic_seats(live)
            if not seats:
                live.bot_due = None
                return 0
            seat = seats[0]
            version = live.version
            info = live.seats[seat]
            seed = derive_seed(live.table.seed, seat, version)
            player = make_bot(info.bot or "reference", live.game, seed, seat)
            action = player.choose(live.game, live.table.state, seat)
            if info.kind == "human":  # on autopilot
                action = Action(AUTOPILOT, action=action.to_json())
        try:
            self.act(live.game_id, seat, action, version, platform=True)
        except Refusal:
            self._schedule(live)  # someone else moved first; look again later
            return 0
        return 1

    def _fire_timeouts(self) -> int:
        with self.db.session() as session:
            due = [(d.game_id, d.seat, d.decision_id) for d in repo.due_deadlines(session, _now())]
        fired = 0
        for game_id, seat, decision_id in due:
            live = self.get(game_id)
            with live.lock:
                action = live.game.timeout_action(live.table.state, seat)
                version = live.version
            if action.get("decision_id") != decision_id:
                self._resync_clocks(live)
                continue
            try:
                self.act(game_id, seat, action, version, platform=True)
                fired += 1
            except Refusal:
                continue
        return fired

    def _resync_clocks(self, live: Live) -> None:
        """A deadline that is no longer the game's: the clocks follow the game again."""
        with live.lock:
            with self.db.session() as session:
                self._catch_up(session, live)
            state, over = live.table.state, live.table.outcome is not None
            live.clocks = self.writes.run(
                lambda session: self._sync_clocks(session, live, state, over), live.game_id
            )

    def _sync_clocks(
        self, session: Any, live: Live, state: Any, over: bool
    ) -> dict[tuple[str, str], Clock]:
        """Deadlines follow the clocks of the game at `state`: new decisions get theirs, a
        turn clock whose decision is not awaited for now pauses, answered decisions drop
        theirs. Returns the clocks as stored (memory is the caller's to update)."""
        now = _now()
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
                        due_at=now + timedelta(seconds=clock.seconds),
                        remaining=clock.seconds,
                    )
                )
            elif row.due_at is None:
                row.due_at = now + timedelta(seconds=row.remaining)
        for key, row in stored.items():
            if key in wanted:
                continue
            if row.kind == "turn" and row.due_at is not None and not over:
                left = (_aware(row.due_at) - now).total_seconds()
                row.remaining = max(0.0, left)
                row.due_at = None
            elif row.kind != "turn" or over:
                session.delete(row)
        session.flush()
        return _clocks(session, live.game_id)

    def reload_all(self) -> int:
        """At start-up: every active game back in memory, bots and clocks running again."""
        with self.db.session() as session:
            ids = repo.active_game_ids(session)
        for game_id in ids:
            self.get(game_id)
        return len(ids)

    # -- what a viewer gets ----------------------------------------------------------------------

    def payload(
        self,
        live: Live,
        seat: str | None,
        events: Sequence[Event] = (),
        lang: str | None = None,
    ) -> dict[str, Any]:
        """The one boundary where a game meets a viewer: the view, the events (told in
        words in `lang`, when given) and the clocks a seat (or the public) may see."""
        viewer = Viewer.seat(seat) if seat else Viewer.public()
        with live.lock:
            view = live.table.view(viewer)
            return {
                "game_id": live.game_id,
                "game": live.game.name,
                "version": live.version,
                "status": live.status,
                "seat": seat,
                "to_act": sorted(live.table.to_act),
                "seats": {
                    s: {"name": i.name, "kind": i.kind, "bot": i.bot, "joined": i.joined}
                    for s, i in live.seats.items()
                },
                "clocks": {
                    c.seat: {
                        "decision_id": c.decision_id,
                        "kind": c.kind,
                        "due_at": _aware(c.due_at).isoformat() if c.due_at else None,
                        "remaining": c.remaining,
                    }
                    for c in live.clocks.values()
                    if c.due_at is not None
                },
                "view": view,
                "events": _told(
                    live.game, live.table.state, filter_events(events, viewer), lang, view
                ),
                "legal": [a.to_json() for a in live.game.legal_actions(live.table.state, seat)]
                if seat is not None
                else [],
            }

    def legal(self, live: Live, seat: str | None) -> tuple[int, list[dict[str, Any]]]:
        """The seat's legal actions and the version they belong to."""
        with live.lock:
            if seat is None:
                return live.version, []
            actions = live.game.legal_actions(live.table.state, seat)
            return live.version, [a.to_json() for a in actions]

    def since(
        self, live: Live, seat: str | None, seen: int, lang: str | None = None
    ) -> tuple[dict[str, Any], int]:
        """The payload with every event after the first `seen`, and how many events that
        makes: read together, so no event is sent twice or skipped."""
        with live.lock:
            events = live.table.events[seen:]
            return self.payload(live, seat, events, lang), seen + len(events)

    def replay_frame(
        self, live: Live, step: int, seat: str | None, lang: str | None
    ) -> dict[str, Any]:
        """A finished game after its first `step` actions, as `seat` (None: the public)
        saw it, with the events that step made: one frame of the replay viewer."""
        with live.lock:
            if live.status != "over":
                raise Refusal(409, "not_finished", "Replays open once the game is over.")
            record = live.table.record()
        if seat is not None and seat not in live.seats:
            raise Refusal(404, "unknown_seat", f"There is no seat '{seat}'.")
        steps = len(record.log)
        if not 0 <= step <= steps:
            raise Refusal(404, "unknown_step", f"This game has steps 0 to {steps}.")
        table = Table(live.game, record.config, record.seed, record.setup)
        made = list(table.events)
        for entry in record.log[:step]:
            made = table.act(entry.seat, entry.action)
        viewer = Viewer.seat(seat) if seat else Viewer.public()
        view = table.view(viewer)
        return {
            "step": step,
            "steps": steps,
            "seat": seat,
            "by": record.log[step - 1].seat if step else None,
            "seats": {s: i.name for s, i in live.seats.items()},
            "outcome": table.outcome.to_json() if table.outcome else None,
            "view": view,
            "events": _told(live.game, table.state, filter_events(made, viewer), lang, view),
        }

    def record(self, live: Live, seat: str | None) -> dict[str, Any]:
        """A finished game's full record (seed and log included, for replays); during play,
        only what the viewer may see: the options and its filtered event log."""
        viewer = Viewer.seat(seat) if seat else Viewer.public()
        with live.lock:
            if live.status == "over":
                return {"finished": True, **live.table.record().to_json()}
            visible = filter_events(live.table.events, viewer)
            return {
                "finished": False,
                "game": live.game.name,
                "version": live.version,
                "seats": {s: i.name for s, i in live.seats.items()},
                "events": [e.to_json() for e in visible],
            }


def _told(
    game: Any, state: Any, events: Sequence[Event], lang: str | None, view: Mapping[str, Any]
) -> list[dict[str, Any]]:
    """The events' JSON, each with its `text` in `lang` when the game tells its events."""
    told = [e.to_json() for e in events]
    narration = capability(game, Narration)
    if lang is not None and narration is not None and told:
        lines = narration.narrate_for(state, events, lang, view)
        for entry, line in zip(told, lines, strict=True):
            entry["text"] = line
    return told


def _clocks(session: Any, game_id: str) -> dict[tuple[str, str], Clock]:
    return {
        (d.seat, d.decision_id): Clock(d.seat, d.decision_id, d.kind, d.due_at, d.remaining)
        for d in repo.deadlines(session, game_id)
    }


def _aware(moment: datetime) -> datetime:
    """SQLite returns naive datetimes; every stored moment is UTC."""
    from datetime import UTC

    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)
