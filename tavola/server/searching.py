"""Who opened each game, and how many searching seats (`greedy`, `ismcts`) a client holds
at unfinished tables: a client may hold a bounded number, so that one client cannot fill
the thinking processes' time with its own games.

A client is who the creation limit counts (`ratelimit.client_key`). The count is this
process's, like the creation limit: the searching seats of the client's unfinished games
held in memory, where bots think (a game idle long enough to leave memory thinks no more,
and counts again once read back). A game opened by the server itself (a campaign's
table, a tournament's) is its own client."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Mapping

from .live import Live
from .refusal import Refusal
from .settings import number
from .thinking import searches

SEARCHING_SEATS = 8
"""Searching seats a client may hold at once, by default (two tables of four)."""


def searching_seats_from(environ: Mapping[str, str]) -> int | None:
    """`TAVOLA_SEARCHING_SEATS` (0: no limit, None); a bad value is refused by name."""
    return number(environ, "TAVOLA_SEARCHING_SEATS", SEARCHING_SEATS, int) or None


MOST_GAMES = 100_000
"""Games whose client is remembered at most: the oldest are forgotten first (a game
forgotten is its own client, and counts for nobody)."""


class TooManySearchingBots(Refusal):
    def __init__(self, limit: int, held: int) -> None:
        super().__init__(
            429,
            "too_many_searching_bots",
            f"You already have {held} searching bots (greedy, ismcts) at unfinished tables,"
            f" and at most {limit} are allowed: finish a game first, or choose simpler bots.",
            message_it=f"Hai già {held} bot che cercano la mossa (greedy, ismcts) in partite non"
            f" finite, e se ne possono avere al massimo {limit}: prima finisci una partita, o"
            " scegli bot più semplici.",
            limit=limit,
        )


def searching_seats(live: Live) -> int:
    """The searching bots seated at the game, if it is unfinished."""
    if live.status != "active":
        return 0
    return sum(1 for s in live.seats.values() if not s.human and searches(s.bot or ""))


class Clients:
    def __init__(self, live: Mapping[str, Live], limit: int | None = SEARCHING_SEATS) -> None:
        """`live`: the games in memory; `limit`: searching seats a client may hold (None:
        no limit)."""
        self.live = live
        self.limit = limit
        self._lock = threading.Lock()
        self._client: OrderedDict[str, str] = OrderedDict()
        """By game id: the client who opened it."""
        self._games: dict[str, set[str]] = {}
        """By client: the games it opened (their ids)."""
        self._opening: dict[str, int] = {}
        """By game id: the searching seats of a game being opened (not in memory yet)."""

    def of(self, game_id: str) -> str:
        """The client whose turn the game's questions wait for."""
        return self._client.get(game_id) or f"game:{game_id}"

    def held(self, client: str) -> int:
        """The searching seats `client` holds in this process now."""
        with self._lock:
            return self._held(client)

    def _held(self, client: str) -> int:
        held = 0
        for game_id in list(self._games.get(client, ())):
            if game_id in self._opening:
                held += self._opening[game_id]
            elif (live := self.live.get(game_id)) is not None:
                if live.status != "active":
                    self._forget(game_id)  # over: it holds nothing again
                held += searching_seats(live)
        return held

    def opening(self, client: str, game_id: str, seats: int) -> None:
        """`client` opens `game_id` with `seats` searching seats; refused (429) if that
        would take the client past its limit. `opened` must follow, whatever happens."""
        with self._lock:
            if seats and self.limit is not None:
                held = self._held(client)
                if held + seats > self.limit:
                    raise TooManySearchingBots(self.limit, held)
            self._opening[game_id] = seats
            self._remember(game_id, client)

    def opened(self, game_id: str, done: bool) -> None:
        """The opening is over: the game is in memory (`done`), or was not made."""
        with self._lock:
            self._opening.pop(game_id, None)
            if not done:
                self._forget(game_id)

    def inherit(self, game_id: str, from_game: str) -> None:
        """A game opened for another (its rematch) belongs to the same client."""
        with self._lock:
            client = self._client.get(from_game)
            if client is not None:
                self._remember(game_id, client)

    def _remember(self, game_id: str, client: str) -> None:
        self._client[game_id] = client
        self._games.setdefault(client, set()).add(game_id)
        while len(self._client) > MOST_GAMES:
            self._forget(next(iter(self._client)))

    def _forget(self, game_id: str) -> None:
        client = self._client.pop(game_id, None)
        if client is None:
            return
        games = self._games.get(client)
        if games is not None:
            games.discard(game_id)
            if not games:
                del self._games[client]
