"""The tables. An action row is written once and never changed: the log is the game."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    ForeignKeyConstraint,
    Index,
    Integer,
    String,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

SEAT_ID = 80
"""A seat id's length: whatever the game makes it, e.g. a role and a user id (migration 0012)."""


class Base(DeclarativeBase):
    pass


class GameRow(Base):
    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    config: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    setup: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    status: Mapped[str] = mapped_column(String(16), index=True)
    """`active` or `over`."""
    version: Mapped[int] = mapped_column(Integer, default=0)
    """Accepted actions so far; the optimistic lock of every move."""
    opening: Mapped[list[Any]] = mapped_column(JSON)
    """The events of the setup, stored like an action's."""
    outcome: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    state_hash: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    seed_known: Mapped[bool] = mapped_column(Boolean, default=False)
    """The client chose the seed (a practice table, or bots alone): every seat is told."""
    invite_only: Mapped[bool] = mapped_column(Boolean, default=False)
    """Only a seat's link opens it: the table is not offered in the lobby."""
    rematch_id: Mapped[str | None] = mapped_column(String(40), nullable=True)
    """The same table again, once someone asked for it (its id is random)."""
    salt: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """The seed's commitment salt (64 hex characters), revealed with the seed at the end;
    none for a game dealt before commitments."""


class SeatRow(Base):
    __tablename__ = "seats"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    seat: Mapped[str] = mapped_column(String(SEAT_ID), primary_key=True)
    name: Mapped[str] = mapped_column(String(60))
    kind: Mapped[str] = mapped_column(String(8))
    """`human` or `bot`."""
    bot: Mapped[str | None] = mapped_column(String(32), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """The occupant's token, issued when they took the seat (none: nobody has)."""
    joined: Mapped[bool] = mapped_column(Boolean, default=False)
    """Taken, or kept for its previous occupant (a rematch's seat, before they ask)."""
    invite_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """The one-time invite of the seat's link; spent (none) once the seat is taken."""


class ActionRow(Base):
    __tablename__ = "actions"
    __table_args__ = (UniqueConstraint("game_id", "client_action_id"),)

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    """The game's version once this action is applied (1, 2, …)."""
    seat: Mapped[str] = mapped_column(String(SEAT_ID))
    action: Mapped[dict[str, Any]] = mapped_column(JSON)
    client_action_id: Mapped[str | None] = mapped_column(String(80), nullable=True)
    events: Mapped[list[Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class SnapshotRow(Base):
    __tablename__ = "snapshots"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    version: Mapped[int] = mapped_column(Integer, primary_key=True)
    state: Mapped[dict[str, Any]] = mapped_column(JSON)
    state_hash: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class DeadlineRow(Base):
    """A decision clock. `due_at` is null while a clock is paused (its decision is not
    awaited for now); `remaining` then holds the seconds left."""

    __tablename__ = "deadlines"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    decision_id: Mapped[str] = mapped_column(String(80), primary_key=True)
    seat: Mapped[str] = mapped_column(String(SEAT_ID), primary_key=True)
    """Simultaneous decisions (both flips of a round) share an id: each seat has its clock."""
    kind: Mapped[str] = mapped_column(String(16))
    due_at: Mapped[datetime | None] = mapped_column(
        DateTime(timezone=True), nullable=True, index=True
    )
    remaining: Mapped[float] = mapped_column(Float)


# -- accounts (optional, beside anonymous seat links) ----------------------------------------
# What hangs on an account is a table of its own with an `account_id` key, as its seats do
# here; saved lineups, ratings and roles are to join them the same way.


class AccountRow(Base):
    __tablename__ = "accounts"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(32))
    """As the player wrote it (shown)."""
    name_key: Mapped[str] = mapped_column(String(64), unique=True)
    """A hash of the name casefolded: two names that differ only in case are one name."""
    password_hash: Mapped[str] = mapped_column(String(255))
    device_key: Mapped[str] = mapped_column(String(64))
    """Signs the cookie of the browsers that signed in (they skip the account's pause
    after failed attempts); a new one voids them all (sign out everywhere)."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class AccountSessionRow(Base):
    """A signed-in browser. Only the hash of its id is kept: the id is the cookie."""

    __tablename__ = "account_sessions"

    id_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class AccountSeatRow(Base):
    """A seat its account took: at a table it created, by joining, or in a rematch. A
    seat hangs on one account at most (the last that took it)."""

    __tablename__ = "account_seats"
    __table_args__ = (ForeignKeyConstraint(["game_id", "seat"], ["seats.game_id", "seats.seat"]),)

    game_id: Mapped[str] = mapped_column(String(40), primary_key=True)
    seat: Mapped[str] = mapped_column(String(SEAT_ID), primary_key=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), index=True)
    linked_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class SignInPauseRow(Base):
    """Failed sign-ins counted under one key (`account:<name>` or `client:<address>`),
    and until when the next attempt must wait."""

    __tablename__ = "sign_in_pauses"

    key: Mapped[str] = mapped_column(String(160), primary_key=True)
    failures: Mapped[int] = mapped_column(Integer)
    last_failure_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)
    blocked_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


# -- ratings (per account and game) ----------------------------------------------------------


class RatingRow(Base):
    """An account's skill at one game, as openskill models it: `mu` the estimate, `sigma`
    its uncertainty, `ordinal` (mu - 3 sigma) what the leaderboard ranks by."""

    __tablename__ = "ratings"
    __table_args__ = (Index("ix_ratings_game_ordinal", "game", "ordinal"),)

    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), primary_key=True)
    game: Mapped[str] = mapped_column(String(32), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    ordinal: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)
    """Rated games finished."""
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class RatedGameRow(Base):
    """A finished game whose ratings were updated: written in the same commit, so that a
    game counts once however often its end is met again."""

    __tablename__ = "rated_games"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    changes: Mapped[dict[str, Any]] = mapped_column(JSON)
    """Account id → its rating before and after (`mu`, `sigma`, `ordinal`), side and place."""
    rated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


# -- campaigns (a party's sequence of games) -------------------------------------------------


class CampaignRow(Base):
    """A campaign: the game's own campaign data (`Campaigns` capability) and the table
    being played. `status` is the server's reading of it: `choice` (a person's choice
    awaited), `due` (its next table is to be opened), `playing` (open as `game_id`),
    `over`."""

    __tablename__ = "campaigns"

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    config: Mapped[dict[str, Any]] = mapped_column(JSON)
    campaign: Mapped[dict[str, Any]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(16), index=True)
    game_id: Mapped[str | None] = mapped_column(ForeignKey("games.id"), nullable=True, index=True)
    """The table being played (none between games)."""
    tables: Mapped[list[Any]] = mapped_column(JSON)
    """Every table opened, in order: `{game_id, number, attempt}`."""
    seed_known: Mapped[bool] = mapped_column(Boolean, default=False)
    version: Mapped[int] = mapped_column(Integer, default=0)
    """Changes so far; the optimistic lock of every change."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class CampaignTableRow(Base):
    """A game that is one of a campaign's tables: the way back from it to the campaign,
    kept after the game ends (the campaign's `game_id` is cleared then)."""

    __tablename__ = "campaign_tables"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    campaign_id: Mapped[str] = mapped_column(ForeignKey("campaigns.id"), index=True)


class CampaignSeatRow(Base):
    """A party member's seat: a person's holds a token (the same in every game) once
    taken with its one-time invite; a bot's neither."""

    __tablename__ = "campaign_seats"

    campaign_id: Mapped[str] = mapped_column(ForeignKey("campaigns.id"), primary_key=True)
    seat: Mapped[str] = mapped_column(String(SEAT_ID), primary_key=True)
    name: Mapped[str] = mapped_column(String(60))
    kind: Mapped[str] = mapped_column(String(8))
    """`human` or `bot`."""
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    invite_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)


# -- tournaments (entrants, rounds, and each round's tables) ---------------------------------


class TournamentRow(Base):
    """A tournament: its format's data (`tavola.core.tournaments.Tournament`, plain JSON) and
    the game's options it was created with. `status` follows its phase: `registration`,
    `playing`, `over`."""

    __tablename__ = "tournaments"

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    """As the organiser gave them (the format's and the game's)."""
    tournament: Mapped[dict[str, Any]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(16), index=True)
    organiser_hash: Mapped[str] = mapped_column(String(64))
    """The organiser's token (adds bots, starts the tournament), as its hash."""
    no_show_seconds: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """How long a person has to start a game before losing it by forfeit (R151); None:
    no limit."""
    seed_known: Mapped[bool] = mapped_column(Boolean, default=False)
    version: Mapped[int] = mapped_column(Integer, default=0)
    """Changes so far; the optimistic lock of every change."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class TournamentEntrantRow(Base):
    """A person entrant's key: its token (the same for every game of the tournament) and
    the account it registered from, if signed in. Bots have none."""

    __tablename__ = "tournament_entrants"

    tournament_id: Mapped[str] = mapped_column(ForeignKey("tournaments.id"), primary_key=True)
    entrant: Mapped[int] = mapped_column(Integer, primary_key=True)
    """Its number in the tournament (registration order, from 0)."""
    token_hash: Mapped[str] = mapped_column(String(64))
    account_id: Mapped[str | None] = mapped_column(ForeignKey("accounts.id"), nullable=True)


class TournamentGameRow(Base):
    """One game of the tournament's schedule on its way to a table: `waiting` for its
    people to start it (R151), `playing` as `game_id`, or `recorded`."""

    __tablename__ = "tournament_games"

    tournament_id: Mapped[str] = mapped_column(ForeignKey("tournaments.id"), primary_key=True)
    slot: Mapped[str] = mapped_column(String(24), primary_key=True)
    """The schedule's game id, `r<round>.m<match>.g<game>`."""
    status: Mapped[str] = mapped_column(String(16), index=True)
    game_id: Mapped[str | None] = mapped_column(ForeignKey("games.id"), nullable=True, unique=True)
    seated: Mapped[list[Any]] = mapped_column(JSON)
    """The slot's entrants (their positions in the game) present at the table, in seat
    order."""
    ready: Mapped[list[Any]] = mapped_column(JSON)
    """The people (positions) who started the game so far."""
    due_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    """When those who have not started it lose it by forfeit (None: no limit)."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


# -- saved lineups (per account and game) ----------------------------------------------------


class SavedLineupRow(Base):
    """A lineup an account saved for a game, under a name of its choosing: the game's own
    JSON, as the game's check spelled it out (a valid lineup only)."""

    __tablename__ = "saved_lineups"

    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), primary_key=True)
    game: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(40), primary_key=True)
    """As the player wrote it (composed characters, single spaces)."""
    body: Mapped[dict[str, Any]] = mapped_column(JSON)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
