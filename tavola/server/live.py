"""A game held in memory: its table, its seats and their tokens, and its running clocks,
always equal to the database at its `version`."""

from __future__ import annotations

import asyncio
import threading
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from tavola.core import Action, Event, Game, Table
from tavola.core.capabilities import HUMAN, Autopilot, capability
from tavola.features import TableHome
from tavola.store import repo


@dataclass(slots=True)
class SeatInfo:
    seat: str
    name: str
    kind: str
    """`human` or `bot` (as stored)."""
    bot: str | None
    """The bot or automaton that plays a `bot` seat."""
    token_hash: str | None
    joined: bool

    @property
    def human(self) -> bool:
        return self.kind == HUMAN


@dataclass(slots=True)
class Clock:
    """A decision's deadline as stored: running (`due_at`) or paused (`remaining`)."""

    seat: str
    decision_id: str
    kind: str
    due_at: datetime | None
    remaining: float


RECENT_ANSWERS = 16
"""Moves whose action id a game remembers: a client sends an id again only for its last
move (a reconnection); an older id is found by the database's check in the move's write."""


@dataclass(frozen=True, slots=True)
class Answered:
    """A committed move, as a repeat of its action id is answered."""

    seat: str
    version: int
    action: Action
    events: list[Event]
    played_at: datetime


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
    used_at: float = field(default_factory=time.monotonic)
    """Monotonic time it was last asked for."""
    turn: asyncio.Lock = field(default_factory=asyncio.Lock)
    """Held by the loop's move on this game while it is committed (see `act_on_loop`)."""
    seed_known: bool = False
    """The client chose the seed (a practice table, or bots alone): every viewer is told."""
    invite_only: bool = False
    """Only a seat's invite takes it (never the lobby's "sit here")."""
    home: TableHome | None = None
    """The page of the feature this game is a table of (a campaign's): its seats' way
    back there."""
    answered: dict[str, Answered] = field(default_factory=dict)
    """The last RECENT_ANSWERS moves sent with an action id, by id (oldest first)."""

    def remember(self, client_action_id: str | None, answered: Answered) -> None:
        if client_action_id is None:
            return
        self.answered[client_action_id] = answered
        if len(self.answered) > RECENT_ANSWERS:
            del self.answered[next(iter(self.answered))]

    @property
    def game(self) -> Game[Any]:
        return self.table.game

    @property
    def on_autopilot(self) -> frozenset[str]:
        """Human seats the game has handed to the reference bot for now."""
        autopilot = capability(self.game, Autopilot)
        return autopilot.on_autopilot(self.table.state) if autopilot is not None else frozenset()

    def automatic_seats(self) -> list[str]:
        """Awaited seats the server plays: bots, and humans on autopilot."""
        if self.status != "active":
            return []
        awaited = sorted(self.table.to_act)
        if not awaited:
            return []
        autopilot = self.on_autopilot
        return [s for s in awaited if not self.seats[s].human or s in autopilot]


def answered(row: Any) -> Answered:
    """A logged move (an `ActionRow`), as a repeat of its action id is answered."""
    events = [Event.from_record(e) for e in row.events]
    return Answered(row.seat, row.seq, Action.from_json(row.action), events, aware(row.created_at))


def stored_clocks(session: Any, game_id: str) -> dict[tuple[str, str], Clock]:
    return {
        (d.seat, d.decision_id): Clock(d.seat, d.decision_id, d.kind, d.due_at, d.remaining)
        for d in repo.deadlines(session, game_id)
    }


def aware(moment: datetime) -> datetime:
    """SQLite returns naive datetimes; every stored moment is UTC."""
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def now() -> datetime:
    return repo.now()
