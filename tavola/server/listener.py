"""PostgreSQL LISTEN/NOTIFY: a move committed by one worker reaches the WebSocket clients
connected to every other worker."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable

import psycopg


def plain_url(url: str) -> str:
    """The libpq form of a SQLAlchemy URL (`postgresql+psycopg://` → `postgresql://`)."""
    return "postgresql://" + url.split("://", 1)[1]


class Listener:
    """`on_move` for each notification; `on_listen` each time listening (re)starts, since
    moves committed while the connection was down were never heard."""

    def __init__(
        self,
        url: str,
        on_move: Callable[[str, int], None],
        on_listen: Callable[[], None],
        own: str = "",
    ) -> None:
        """`own`: this process's mark (`repo.origin`); its own moves are not heard."""
        self.url = plain_url(url)
        self.own = own
        self.on_move = on_move
        self.on_listen = on_listen
        # Seconds between attempts to listen again once the database went away.
        self.retry = float(os.environ.get("TAVOLA_LISTEN_RETRY", "1"))
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self._run, name="tavola-listen", daemon=True)

    def start(self) -> None:
        self.thread.start()

    def stop(self) -> None:
        self.stopping.set()

    def _heard(self, payload: str) -> None:
        """A statement's moves: `mark game:version,game:version…` (the mark of the
        process that made them)."""
        origin, _, moves = payload.rpartition(" ")
        if origin and origin == self.own:
            return
        for move in moves.split(","):
            game_id, _, version = move.partition(":")
            if game_id:
                self.on_move(game_id, int(version or 0))

    def _run(self) -> None:
        while not self.stopping.is_set():
            try:
                with psycopg.connect(self.url, autocommit=True) as connection:
                    connection.execute("LISTEN tavola_games")
                    self.on_listen()
                    while not self.stopping.is_set():
                        for note in connection.notifies(timeout=0.5):
                            self._heard(note.payload)
            except psycopg.Error:
                self.stopping.wait(self.retry)  # the database went away: try again shortly
