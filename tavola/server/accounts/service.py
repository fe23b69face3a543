"""Signing up, in and out, and what hangs on an account: its seats and their games."""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from tavola.store.models import AccountRow

from ..live import now
from ..refusal import Refusal
from ..security import hash_token, new_token
from ..service import GameService
from . import cookies, pauses, records, rules
from .passwords import check_password, hash_password

FORGET_EVERY = 600.0
"""Seconds between two sweeps of forgotten failure counts."""


@dataclass(frozen=True, slots=True)
class Account:
    id: str
    name: str

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name}


@dataclass(frozen=True, slots=True)
class SignedIn:
    """A browser just signed in: its account, the session id and the device mark for its
    cookies."""

    account: Account
    session_id: str
    device: str


class Accounts:
    def __init__(self, service: GameService, clock: Callable[[], Any] = now) -> None:
        """`clock`: the current UTC moment (tests move it on instead of waiting).
        `database_clock`: failed sign-ins are counted on the database server's clock
        (shared by the machines on it) rather than on `clock`; tests that move `clock`
        turn it off."""
        self.service = service
        self.clock = clock
        self.database_clock = not service.db.is_sqlite
        self._forgot_at = 0.0
        self._forgetting = threading.Lock()

    def _write(self, work: Callable[[Session], Any]) -> Any:
        # Through the game writes' group commit: SQLite has one writer at a time.
        return self.service.writes.run(work, "~accounts")

    # -- signing up and in -------------------------------------------------------------------

    def sign_up(self, name: str, password: str, client: str | None) -> SignedIn:
        shown, key = rules.account_name(name), rules.name_key(name)
        secret = rules.password(password)
        self._count(pauses.Counted(pauses.client_key(client), pauses.CLIENT_FREE))
        with self.service.db.session() as session:
            if records.by_name(session, key) is not None:
                raise _name_taken(shown)
        account = AccountRow(
            id=secrets.token_hex(16),
            name=shown,
            name_key=key,
            password_hash=hash_password(secret),
            device_key=secrets.token_hex(32),
            created_at=self.clock(),
        )
        session_id = cookies.new_session_id()

        def write(session: Session) -> None:
            session.add(account)
            session.flush()
            self._add_session(session, account.id, session_id)

        try:
            self._write(write)
        except IntegrityError:  # the same name, signed up a moment before
            raise _name_taken(shown) from None
        return self._signed_in(account, session_id)

    def sign_in(self, name: str, password: str, client: str | None, mark: str | None) -> SignedIn:
        """Checks the password, slowly for whoever keeps guessing (`Paused`); `mark`: the
        browser's device cookie."""
        key = rules.name_key(name)
        found: list[AccountRow | None] = []
        account_key, client_key = pauses.account_key(key), pauses.client_key(client)

        def count(session: Session) -> int:
            row = records.by_name(session, key)
            found[:] = [row]
            known = row is not None and cookies.marked_device(mark, row.id, row.device_key)
            return pauses.attempt(
                session,
                [
                    pauses.Counted(client_key, pauses.CLIENT_FREE),
                    pauses.Counted(account_key, pauses.ACCOUNT_FREE, checked=not known),
                ],
                self._counted_at(session),
            )

        self._forget_old()
        wait = self._write(count)
        if wait:
            raise pauses.Paused(wait)
        account = found[0]
        try:
            secret = rules.password(password)
        except Refusal:
            secret = None  # it cannot be anyone's: wrong, after the same work
        stored = account.password_hash if account is not None else None
        ok, rehashed = check_password(secret or "not a password", stored)
        if account is None or secret is None or not ok:
            raise Refusal(
                401,
                "wrong_password",
                "The name or the password is wrong.",
                message_it="Il nome o la password non sono corretti.",
            )
        session_id = cookies.new_session_id()

        def write(session: Session) -> None:
            pauses.succeeded(session, account_key, client_key)
            if rehashed is not None:
                session.get_one(AccountRow, account.id).password_hash = rehashed
            self._add_session(session, account.id, session_id)

        self._write(write)
        return self._signed_in(account, session_id)

    def _count(self, counted: pauses.Counted) -> None:
        wait = self._write(
            lambda session: pauses.attempt(session, [counted], self._counted_at(session))
        )
        if wait:
            raise pauses.Paused(wait)

    def _counted_at(self, session: Session) -> datetime:
        """The moment failed sign-ins are counted at (see `database_clock`)."""
        return pauses.database_now(session) if self.database_clock else self.clock()

    def _add_session(self, session: Session, account_id: str, session_id: str) -> None:
        moment = self.clock()
        records.add_session(
            session,
            account_id,
            cookies.session_hash(session_id),
            moment,
            moment + cookies.SESSION_LIFE,
        )

    def _signed_in(self, row: AccountRow, session_id: str) -> SignedIn:
        device = cookies.device_mark(row.id, row.device_key)
        return SignedIn(Account(row.id, row.name), session_id, device)

    def _forget_old(self) -> None:
        """Now and then, counts of failures long past leave the database."""
        if time.monotonic() < self._forgot_at or not self._forgetting.acquire(blocking=False):
            return
        try:
            self._forgot_at = time.monotonic() + FORGET_EVERY
            self._write(lambda session: pauses.forget_old(session, self._counted_at(session)))
        finally:
            self._forgetting.release()

    # -- sessions ------------------------------------------------------------------------

    def account_for(self, session_id: str) -> Account | None:
        """The account of a session cookie (None: unknown, ended or expired)."""
        with self.service.db.session() as session:
            row = records.session_account(session, cookies.session_hash(session_id), self.clock())
            return None if row is None else Account(row.id, row.name)

    def sign_out(self, session_id: str) -> None:
        id_hash = cookies.session_hash(session_id)
        self._write(lambda session: records.end_session(session, id_hash))

    def sign_out_everywhere(self, account: Account) -> int:
        """Ends every session of the account and voids every browser's device mark."""
        device_key = secrets.token_hex(32)
        ended: int = self._write(
            lambda session: records.end_every_session(session, account.id, device_key)
        )
        return ended

    # -- seats -------------------------------------------------------------------------------

    def link(self, account: Account | None, game_id: str, seats: list[str]) -> None:
        """`seats` were just taken by the account's browser (None: by someone without
        an account: they hang on none any more)."""
        if not seats:
            return
        moment = self.clock()
        owner = account.id if account is not None else None
        self._write(lambda session: records.link_seats(session, owner, game_id, seats, moment))

    def games(self, account: Account) -> list[dict[str, Any]]:
        """The account's seats and their games, most recently moved first."""
        with self.service.db.session() as session:
            held = records.held_seats(session, account.id)
        listed = []
        for h in held:
            game = h.game
            over = game.status == "over"
            listed.append(
                {
                    "game_id": game.id,
                    "game": game.game,
                    "mode": game.config.get("mode") if isinstance(game.config, dict) else None,
                    "seat": h.seat,
                    "seat_name": h.seat_name,
                    "status": game.status,
                    "result": records.outcome_of(game.outcome, h.seat),
                    "created_at": game.created_at.isoformat(),
                    "updated_at": game.updated_at.isoformat(),
                    "play_url": f"/play/{game.id}?seat={h.seat}",
                    "replay_url": f"/replay/{game.id}?seat={h.seat}" if over else None,
                }
            )
        return listed

    def take_back(self, account: Account, game_id: str, seat: str) -> str:
        """A new token for a seat of the account's, for the browser asking (the seat's
        token before, on another device or in a link, is void)."""
        with self.service.db.session() as session:
            held = records.holds_seat(session, account.id, game_id, seat)
        if not held:
            raise Refusal(
                404,
                "not_your_seat",
                f"Seat {seat} of game {game_id} is not yours.",
                message_it=f"Il posto {seat} della partita {game_id} non è tuo.",
            )
        live = self.service.games.get(game_id)
        info = live.seats[seat]
        token = new_token()
        token_hash = hash_token(token)
        with live.lock:
            self.service.writes.run(
                lambda session: records.retake_seat(session, game_id, seat, token_hash), game_id
            )
            info.token_hash, info.joined = token_hash, True
        return token


def _name_taken(name: str) -> Refusal:
    return Refusal(
        409,
        "name_taken",
        f"The name '{name}' is taken: choose another.",
        message_it=f"Il nome '{name}' è già preso: scegline un altro.",
        field="name",
    )
