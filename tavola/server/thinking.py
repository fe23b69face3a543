"""Searching bots think in a child process, each decision within a time budget.

A search (`greedy`, `ismcts`) takes tenths of a second to seconds of CPU a move: in the
server's process it would hold the interpreter away from the event loop and make every
other game's bots and clocks wait behind it. In a child process it uses another core;
the server only sends the state (the game's own `dump`) and gets an action back. A
decision still thinking when its budget runs out is cut by an alarm in the child, and the
server plays the game's reference bot instead."""

from __future__ import annotations

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

log = logging.getLogger(__name__)

SEARCHING = frozenset({"greedy", "ismcts"})
"""The bots whose thinking is a search (their budget after a colon: `ismcts:5000`); the
game's own players (reference, automata) and the random bot answer at once, in process."""

THINK_SECONDS = 3.0
"""A search's time budget per decision, by default: the default `ismcts` (1,000
iterations) takes 0.2–0.5 s a move in the card battles here."""


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
"""The action chosen (JSON form) or None, and why none: `out_of_time`, or `unknown_game`
(a game registered in the server's process alone, which a child cannot load)."""


def answer(question: Question, budget: float) -> Answer:
    """In the child: the bot's action, unless `budget` seconds ran out first. Any other
    failure (the game's own) is raised to the server."""
    try:
        game = get_game(question.game)
    except UnknownGame:
        return None, "unknown_game"
    signal.setitimer(signal.ITIMER_REAL, budget)
    try:
        state = game.load(question.state)
        bot = make_bot(question.bot, game, question.seed, question.seat)
        return bot.choose(game, state, question.seat).to_json(), ""
    except OutOfTime:
        return None, "out_of_time"
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)


class Thinkers:
    """The child processes (started when first needed) and the budget of each decision.
    A child that dies (killed, out of memory) is replaced at the next question."""

    def __init__(self, budget: float = THINK_SECONDS, processes: int = 1) -> None:
        self.budget = budget
        self.processes = processes
        self._pool: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()

    def ask(self, question: Question) -> Future[Answer]:
        with self._lock:
            if self._pool is not None:
                try:
                    return self._pool.submit(answer, question, self.budget)
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
            return self._pool.submit(answer, question, self.budget)

    def close(self) -> None:
        """Stops the children (a decision under way ends at its budget at the latest)."""
        with self._lock:
            if self._pool is not None:
                self._pool.shutdown(wait=False, cancel_futures=True)
                self._pool = None
