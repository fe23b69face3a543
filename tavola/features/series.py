"""What a series of tables shares, whichever it is (a tournament, a campaign): the game's
capability it is played through, the seed rule of its creation, the refusal of a stale
change, and the server-side part that records a game's end in the game's own commit and
opens what is due after it."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterable
from typing import Annotated, Any, TypeVar

from fastapi import Path
from sqlalchemy.orm import Session

from tavola.core import Game, TavolaError, UnknownGame, get_game
from tavola.core.capabilities import capability
from tavola.features.feature import Part
from tavola.features.notices import GameEnded
from tavola.server.refusal import Refusal

log = logging.getLogger(__name__)

C = TypeVar("C")
R = TypeVar("R")

SeriesId = Annotated[str, Path(max_length=40, pattern=r"^[0-9a-f]{1,40}$")]
"""A series' id in a path, as its row's id column holds it."""


def found(row: R | None, unknown: tuple[str, str, str], series_id: str) -> R:
    """The series' row as read; None (no such series) is a 404 refusal, `unknown`: its
    code and its texts (English, Italian) naming the id as `{id}`."""
    if row is None:
        code, message, message_it = unknown
        raise Refusal(
            404, code, message.format(id=series_id), message_it=message_it.format(id=series_id)
        )
    return row


def capability_of(
    game_name: str, kind: type[C], code: str, lacking: tuple[str, str]
) -> tuple[Game[Any], C]:
    """The game and its capability `kind`; else 404 (no such game) or 422 `code`, whose
    texts `lacking` (English, Italian) name the game's title as `{title}`."""
    try:
        game = get_game(game_name)
    except UnknownGame as exc:
        raise Refusal(404, exc.code, exc.message, message_it=exc.message_it) from None
    found = capability(game, kind)
    if found is None:
        raise Refusal(
            422,
            code,
            lacking[0].format(title=game.info.text(game.info.title, "en")),
            message_it=lacking[1].format(title=game.info.text(game.info.title, "it")),
        )
    return game, found


def check_seed(
    seed: int | None,
    practice_seed_known: bool,
    noun: str,
    drawn: str,
    drawn_it: str,
    *,
    server_draws: bool = True,
) -> None:
    """As a table's: where the server draws the seed (`server_draws`), a chosen one only
    for practice, where every seat is told it is known (`drawn`, `drawn_it`: the refusal
    of a chosen seed); a known seed is a chosen one. `noun`: `tournament`, `campaign`."""
    if seed is not None and server_draws and not practice_seed_known:
        raise Refusal(422, "bad_request", drawn, field="seed", message_it=drawn_it)
    if practice_seed_known and seed is None:
        raise Refusal(
            422,
            "bad_request",
            f"practice_seed_known: a practice {noun} with a known seed needs the seed",
            field="practice_seed_known",
        )


def stale(message: str, message_it: str, version: int | None = None) -> Refusal:
    """409 `STALE`: the series changed since it was read (with its current `version`), or
    changes too often to be written now (without)."""
    extra: dict[str, Any] = {} if version is None else {"version": version}
    return Refusal(409, "STALE", message, message_it=message_it, **extra)


class Due:
    """When a series looks for tables to open: after a change (`set`), at start-up (a
    crash may have left one unopened), and, with `every`, that many seconds after the last
    look (limits that run out on the clock)."""

    def __init__(self, every: float | None = None) -> None:
        self._flag = threading.Event()
        self._flag.set()
        self._every = every
        self._look_at = 0.0

    def set(self) -> None:
        self._flag.set()

    def take(self) -> bool:
        """Whether to look now; a look clears the flag and starts the clock again."""
        late = self._every is not None and time.monotonic() >= self._look_at
        if not self._flag.is_set() and not late:
            return False
        self._flag.clear()
        if self._every is not None:
            self._look_at = time.monotonic() + self._every
        return True


def open_each(
    ids: Iterable[str],
    open_one: Callable[[str], object],
    what: str,
    errors: tuple[type[Exception], ...] = (Refusal, TavolaError),
) -> None:
    """Opens what is due in each series of `ids`; one that fails with `errors` (the game
    refused its table) is logged, not retried (`what`: the series and its tables, in
    words, with `%s` for its id) and the others go on."""
    for series_id in ids:
        try:
            open_one(series_id)
        except errors as exc:
            log.warning(what + " did not open: %s", series_id, exc)


class SeriesPart(Part):
    """A series' part in a server: a game's end recorded in the game's own commit
    (`record`), then what it made due opened on the next tick (`game_over`, `open_due`)."""

    def record(self, session: Session, ended: GameEnded) -> None:
        raise NotImplementedError

    def game_over(self) -> None:
        raise NotImplementedError

    def open_due(self) -> None:
        raise NotImplementedError

    def game_ended(self, session: Session, ended: GameEnded) -> None:
        """In the commit that records the end: the game's result recorded, if it is one of
        ours."""
        self.record(session, ended)

    def after_game_ended(self, ended: GameEnded) -> None:
        self.game_over()

    def tick(self) -> None:
        self.open_due()
