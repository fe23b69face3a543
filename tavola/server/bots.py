"""Bots at the table, played by the server: a bot seat, or a person's seat the game has
put on autopilot, moves once its delay has passed (so that people can follow).

The game's own players and the random bot answer at once; a searching bot asks a child
process (`thinking`) and its move is played on a later tick, once the answer is back, so
that no search ever holds up another game. A game whose bot fails is set aside (see
`Games.failed`): the others play on."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from concurrent.futures import CancelledError, Future
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field

from tavola.bots import make_bot
from tavola.core import AUTOPILOT, Action, derive_seed

from .acting import Moves
from .live import Live
from .refusal import Refusal
from .thinking import Answer, Question, Thinkers, searches

log = logging.getLogger(__name__)

RETRY_SECONDS = 1.0
"""How long a bot waits to try again after its move met a database error."""


@dataclass(frozen=True, slots=True)
class Pending:
    """A question to a child process: the decision it is about, and the answer to come."""

    version: int
    seat: str
    answer: Future[Answer]
    deadline: float
    """Monotonic: when the move was due, plus the budget."""


@dataclass(eq=False)
class Bots:
    """`live`: the games in memory; `delay`: seconds a bot waits before it moves;
    `failed(game_id, doing, error)`: a game's bot failed (True: the game is set aside,
    else it is tried again later); `client_of(game_id)`: whose turn its questions wait
    for."""

    live: dict[str, Live]
    moves: Moves
    delay: float
    thinkers: Thinkers
    failed: Callable[[str, str, Exception], bool]
    client_of: Callable[[str], str] = lambda game_id: game_id
    pending: dict[str, Pending] = field(default_factory=dict, init=False)
    """By game id: the question each game's searching bot is waiting on (ticks only)."""

    def schedule(self, live: Live) -> None:
        """The game's next bot move is due after the delay, if a bot is awaited."""
        live.bot_due = time.monotonic() + self.delay if live.automatic_seats() else None

    def move_due(self) -> int:
        """Plays every bot move whose time has come (and whose thinking is done); returns
        how many were made. A game whose bot fails stops nobody else's."""
        moves = 0
        for live in list(self.live.values()):
            if live.bot_due is None or time.monotonic() < live.bot_due:
                continue
            try:
                moves += self._move(live)
            except Exception as exc:
                self.pending.pop(live.game_id, None)
                if not self.failed(live.game_id, "a bot's move", exc):
                    live.bot_due = time.monotonic() + RETRY_SECONDS
        for game_id in [g for g in self.pending if g not in self.live]:
            del self.pending[game_id]  # set aside meanwhile: its answer is not wanted
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
            bot = "reference" if info.human else info.bot or "reference"
            seed = derive_seed(live.table.seed, seat, version)
            if searches(bot):
                action = self._thought(live, seat, version, bot, seed)
                if action is None:
                    return 0  # still thinking: looked at again next tick
            else:
                action = make_bot(bot, live.game, seed, seat).choose(
                    live.game, live.table.state, seat
                )
            if info.human:  # on autopilot
                action = Action(AUTOPILOT, action=action.to_json())
        try:
            self.moves.act(live.game_id, seat, action, version, platform=True)
        except Refusal:
            self.schedule(live)  # someone else moved first; look again later
            return 0
        return 1

    def _thought(self, live: Live, seat: str, version: int, bot: str, seed: int) -> Action | None:
        """The searching bot's move once its child process has answered (None: asked, or
        still thinking). Past its deadline (the budget from when the move was due), out of
        time or its process lost, the game's reference bot moves."""
        pending = self.pending.get(live.game_id)
        if pending is not None and (pending.version, pending.seat) != (version, seat):
            pending = None  # a question the game has moved past: asked again, replacing it
        if pending is None:
            due = live.bot_due if live.bot_due is not None else time.monotonic()
            deadline = due + self.thinkers.budget
            question = Question(live.game.name, live.game.dump(live.table.state), seat, bot, seed)
            client = self.client_of(live.game_id)
            asked = self.thinkers.ask(question, deadline, client, live.game_id)
            self.pending[live.game_id] = Pending(version, seat, asked, deadline)
            if not asked.done():
                return None
            pending = self.pending[live.game_id]  # answered at once: too late already
        if not pending.answer.done():
            if time.monotonic() < pending.deadline:
                return None
            chosen, why = None, "late"  # still waiting, or thinking past its alarm
        else:
            try:
                chosen, why = pending.answer.result()  # the game's own failure is raised here
            except (BrokenProcessPool, CancelledError):
                chosen, why = None, "lost its thinking process"
        del self.pending[live.game_id]
        if chosen is not None:
            return Action.from_json(chosen)
        why = {
            "out_of_time": f"did not decide within {self.thinkers.budget} s",
            "late": f"did not decide within {self.thinkers.budget} s of its move being due",
            "unknown_game": "cannot think in a child process (the game is not registered there)",
        }.get(why, why)
        log.info("game %s: %s's %s %s; the reference bot moves", live.game_id, seat, bot, why)
        return make_bot("reference", live.game, seed, seat).choose(
            live.game, live.table.state, seat
        )
