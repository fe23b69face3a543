"""Tables and seats: a new game set up and stored, its seats' tokens issued and checked,
a seat taken from its join link or from the lobby, and the same table again (rematch)."""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from sqlalchemy.exc import IntegrityError

from tavola.core import Game, Table, TavolaError, UnknownGame, Viewer, get_game
from tavola.core.capabilities import HUMAN
from tavola.store import repo
from tavola.store.group import GroupCommit
from tavola.store.models import GameRow, SeatRow

from .clocks import sync_clocks
from .live import Clock, Live, SeatInfo, now
from .loading import Games
from .refusal import Refusal
from .seating import SeatPlan, plan_table, refusal_of
from .security import hash_token, new_token, token_matches

ADDED_SEAT = SeatPlan("reference")
"""Who plays a seat the game adds beyond those requested (a referee's)."""


class Tables:
    def __init__(self, games: Games, writes: GroupCommit, schedule: Callable[[Live], None]) -> None:
        """`schedule`: called on each new game (its bots may be due)."""
        self.games = games
        self.writes = writes
        self.schedule = schedule

    # -- a new table -----------------------------------------------------------------------

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
        plan = plan_table(game, options, seats)
        return self.open(game, plan.config, plan.seats, seed, setup, secrets.token_hex(8))

    def open(
        self,
        game: Game[Any],
        config: Mapping[str, Any],
        seats: Sequence[SeatPlan],
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
        except TavolaError as exc:
            raise refusal_of(exc) from None
        tokens: dict[str, str] = {}
        infos: dict[str, SeatInfo] = {}
        automata = game.info.automata
        requested = [s for s in seats if s.kind not in automata]
        requested += [s for s in seats if s.kind in automata]
        named = _view_names(table)
        for i, seat in enumerate(game.seats(table.state)):
            plan = requested[i] if i < len(requested) else ADDED_SEAT
            human = plan.kind == HUMAN
            token_hash = None
            if human and not reserved:
                tokens[seat] = new_token()
                token_hash = hash_token(tokens[seat])
            infos[seat] = SeatInfo(
                seat,
                named.get(seat) or plan.name or seat,
                HUMAN if human else "bot",
                None if human else plan.kind,
                token_hash,
                joined=reserved and human,
            )
        live = Live(game_id, table, 0, "active", infos)
        stamp = now()
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
                kind=s.kind,
                bot=s.bot,
                token_hash=s.token_hash,
                joined=s.joined,
            )
            for s in infos.values()
        ]

        def write(session: Any) -> dict[tuple[str, str], Clock]:  # new rows each run
            repo.create_game(session, GameRow(**game_row), [SeatRow(**s) for s in seat_rows])
            return sync_clocks(session, live, table.state, table.outcome is not None)

        live.clocks = self.writes.run(write, game_id)
        live.status = str(game_row["status"])
        self.games.live[game_id] = live
        self.schedule(live)
        return live, tokens

    # -- seats and tokens ------------------------------------------------------------------

    def seat_for(self, live: Live, token: str | None) -> str | None:
        """The seat a token acts for (None: no token, the public). A wrong token is refused."""
        if token is None:
            return None
        self.games.reread_seats(live)
        found = None
        for info in live.seats.values():  # every hash compared, in constant time each
            if info.token_hash is not None and token_matches(token, info.token_hash):
                found = info.seat
        if found is None:
            raise Refusal(401, "bad_token", "This token does not open any seat of this game.")
        return found

    def join(self, game_id: str, seat: str, token: str | None, name: str | None) -> str:
        """Takes a human seat: with its token (from the join link), or, for a seat nobody
        has taken yet, without one (a new token is issued, the link's token is void).
        Returns the seat's token."""
        live = self.games.get(game_id)
        info = live.seats.get(seat)
        if info is None or not info.human:
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
            again = self.games.get(new_id)
        except Refusal:
            seats = [SeatPlan(i.bot or HUMAN, i.name) for i in live.seats.values()]
            with self.games.loading:  # one opening per process; a PK clash settles workers
                found = self.games.live.get(new_id)
                if found is None:
                    try:
                        found, _ = self.open(
                            live.game, live.table.config, seats, None, None, new_id, reserved=True
                        )
                        created = True
                    except IntegrityError:
                        found = self.games.live[new_id] = self.games.load(new_id)
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


def _view_names(table: Table) -> dict[str, str]:
    """Seat names as the game's referee view gives them (`seats.<seat>.name`), where it
    does: a game may name the seats it adds itself."""
    seats = table.view(Viewer.referee()).get("seats")
    if not isinstance(seats, Mapping):
        return {}
    return {
        seat: str(entry["name"])
        for seat, entry in seats.items()
        if isinstance(entry, Mapping) and entry.get("name")
    }
