"""Searching bots think in a child process, each decision within a time budget.

A search (`greedy`, `ismcts`) takes tenths of a second to seconds of CPU a move: in the
server's process it would hold the interpreter away from the event loop and make every
other game's bots and clocks wait behind it. In a child process it uses another core;
the server only sends the state (the game's own `dump`) and gets an action back.

A decision's deadline is its budget counted from when the move became due, not from when
a child took it up: a question still waiting then is never thought about, one still
thinking is cut by an alarm in the child, and either way the server plays the game's
reference bot instead. The questions wait for a child in turns (`turns`): one client's
many games do not push another client's question back beyond one budget."""

from __future__ import annotations

import functools
import logging
import multiprocessing
import os
import signal
import threading
import time
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from types import FrameType
from typing import Any

from tavola.bots import make_bot
from tavola.core import UnknownGame, get_game

from .turns import Turns

log = logging.getLogger(__name__)

SEARCHING = frozenset({"greedy", "ismcts"})
"""The bots whose thinking is a search (their budget after a colon: `ismcts:5000`); the
game's own players (reference, automata) and the random bot answer at once, in process."""

THINK_SECONDS = 3.0
"""A search's time budget per decision, by default: the default `ismcts` (1,000
iterations) takes 0.2–0.5 s a move in the card games here."""


def searches(bot: str) -> bool:
    return bot.partition(":")[0] in SEARCHING


@dataclass(frozen=True, slots=True)
class Question:
    """What a child needs to decide a move: which game, the state as the game dumps it,
    the seat, the bot (with its budget) and its seed."""

    game: str
    state: Any
    seat: str
    bot: str
    seed: int


class OutOfTime(Exception):
    """Raised in the child by its alarm: the decision's budget has run out."""


def _ring(_signum: int, _frame: FrameType | None) -> None:
    raise OutOfTime


def _child_ready(server: int) -> None:
    signal.signal(signal.SIGALRM, _ring)
    threading.Thread(target=_end_with, args=(server,), daemon=True).start()


def _end_with(server: int) -> None:
    """The child ends when the server does, however it ended (a `kill -9` too): it
    would otherwise wait for questions forever."""
    while os.getppid() == server:
        time.sleep(1.0)
    os._exit(0)


Answer = tuple[dict[str, Any] | None, str]
"""The action chosen (JSON form) or None, and why none: `out_of_time` (cut by the alarm),
`late` (its deadline passed before a process was free to think: never thought about),
`replaced` (the game asked again first), or `unknown_game` (a game registered in the
server's process alone, which a child cannot load)."""


def answer(question: Question, deadline: float) -> Answer:
    """In the child: the bot's action, unless the `deadline` (monotonic, the machine's
    clock that every process shares) came first. Any other failure (the game's own) is
    raised to the server."""
    left = deadline - time.monotonic()
    if left <= 0:
        return None, "late"
    try:
        game = get_game(question.game)
    except UnknownGame:
        return None, "unknown_game"
    signal.setitimer(signal.ITIMER_REAL, left)
    try:
        state = game.load(question.state)
        bot = make_bot(question.bot, game, question.seed, question.seat)
        return bot.choose(game, state, question.seat).to_json(), ""
    except OutOfTime:
        return None, "out_of_time"
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)


@dataclass(frozen=True, slots=True)
class _Asked:
    question: Question
    deadline: float
    answer: Future[Answer]


class Thinkers:
    """The child processes (started when first needed), their questions' turns and
    deadlines. A question waits in `Turns` (the executor's own queue stays empty, so that
    the turns decide who goes next); it is sent to a child only while one is free and its
    deadline has not passed, else it is answered `late` when its turn comes. A child that
    dies (killed, out of memory) is replaced at the next question."""

    def __init__(self, budget: float = THINK_SECONDS, processes: int = 1) -> None:
        self.budget = budget
        self.processes = processes
        self._pool: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()
        self._turns: Turns[_Asked] = Turns()
        self._busy = 0
        """Questions a child has now (at most `processes`)."""
        self._closed = False

    def ask(self, question: Question, deadline: float, client: str, game: str) -> Future[Answer]:
        """The answer to come, by `deadline` (monotonic) at the latest, thought about in
        `client`'s turn; a question of `game` still waiting is answered `replaced`."""
        asked = _Asked(question, deadline, Future())
        with self._lock:
            replaced = self._turns.put(client, game, asked)
        if replaced is not None:
            replaced.answer.set_result((None, "replaced"))
        self._serve()
        return asked.answer

    def _serve(self) -> None:
        """Sends waiting questions to the free children, in turn; a question whose
        deadline has passed is answered `late` without thinking."""
        while True:
            child: Future[Answer] | None = None
            failed: Exception | None = None
            with self._lock:
                if self._closed:
                    waiting = self._turns.drain()
                    break
                if self._busy >= self.processes:
                    return
                asked = self._turns.take()
                if asked is None:
                    return
                late = time.monotonic() >= asked.deadline
                if not late:
                    self._busy += 1
                    try:
                        child = self._submit(asked)
                    except Exception as exc:  # no child could be started
                        self._busy -= 1
                        failed = exc
            # Outside the lock: an answer set runs its callbacks.
            if late:
                asked.answer.set_result((None, "late"))
            elif child is not None:
                child.add_done_callback(functools.partial(self._answered, asked))
            else:
                asked.answer.set_exception(failed)
        for asked in waiting:
            asked.answer.cancel()

    def _submit(self, asked: _Asked) -> Future[Answer]:
        """Under the lock: the question sent to a child, the children started if needed."""
        if self._pool is not None:
            try:
                return self._pool.submit(answer, asked.question, asked.deadline)
            except BrokenProcessPool:
                log.warning("a thinking process died; another is started")
                self._pool.shutdown(wait=False, cancel_futures=True)
        # Spawned, not forked: the server's threads and connections stay behind.
        self._pool = ProcessPoolExecutor(
            self.processes,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_child_ready,
            initargs=(os.getpid(),),  # the server may be gone before the child is up
        )
        return self._pool.submit(answer, asked.question, asked.deadline)

    def _answered(self, asked: _Asked, child: Future[Answer]) -> None:
        """A child is free again: its answer passed on, the next question sent."""
        with self._lock:
            self._busy -= 1
        if child.cancelled():
            asked.answer.cancel()
        elif (error := child.exception()) is not None:
            asked.answer.set_exception(error)
        else:
            asked.answer.set_result(child.result())
        self._serve()

    def close(self) -> None:
        """Stops the children (a decision under way ends at its deadline at the latest);
        the questions waiting are cancelled."""
        with self._lock:
            self._closed = True
            if self._pool is not None:
                self._pool.shutdown(wait=False, cancel_futures=True)
                self._pool = None
        self._serve()
