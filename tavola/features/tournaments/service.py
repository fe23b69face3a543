"""Tournaments on the server, game-agnostic (the game takes part through its
`TournamentRules`, `games`): created with an organiser's token, registered for (a person
gets an entrant token; bots are the organiser's to add: `registration`), started (seeding
by lot or by the accounts' ratings), read as the public or an entrant sees it (`views`),
and a person's "I am here" for a game. The tables are the schedule's (`schedule`)."""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy.orm import Session

from tavola.core import ConfigError, IllegalAction, TavolaError
from tavola.core.rng import new_secret
from tavola.features import GameEnded, TableHome
from tavola.features.ratings.service import ratings_for
from tavola.features.series import SeriesPart, check_seed, found, stale
from tavola.features.tournaments import homes, store, views
from tavola.features.tournaments.ending import record_table
from tavola.features.tournaments.format import (
    Entrant,
    Tournament,
    new_tournament,
    parse_game_options,
    start,
)
from tavola.features.tournaments.games import rules_of
from tavola.features.tournaments.keys import holder_of, organiser_only
from tavola.features.tournaments.registration import Registered, enter
from tavola.features.tournaments.schedule import Schedule
from tavola.features.tournaments.sealing import sealed
from tavola.features.tournaments.tables import (
    TournamentEntrantRow,
    TournamentGameRow,
    TournamentRow,
)
from tavola.server.refusal import Refusal
from tavola.server.seating import refusal_of
from tavola.server.security import hash_token, new_token
from tavola.server.tables import Tables
from tavola.store import Database
from tavola.store.repo import now

WRITE_TRIES = 5
"""Registrations are tried again this often when another change came first."""
LISTED = 50
"""Tournaments a list shows at most."""

UNKNOWN_TOURNAMENT = (
    "unknown_tournament",
    "There is no tournament '{id}'.",
    "Non c'è nessun torneo '{id}'.",
)
"""The refusal of an id that names no tournament: its code and texts."""


@dataclass(frozen=True, slots=True)
class Created:
    tournament_id: str
    organiser_token: str


class TournamentService(SeriesPart):
    def __init__(self, db: Database, tables: Tables) -> None:
        self.db = db
        self.tables = tables
        self.schedule = Schedule(db, tables)

    # -- a new tournament --------------------------------------------------------------------

    def create(
        self,
        game_name: str,
        options: Mapping[str, Any],
        *,
        seed: int | None,
        practice_seed_known: bool,
        no_show_seconds: int | None,
    ) -> Created:
        game, rules = rules_of(game_name)
        _check_seed(seed, practice_seed_known)
        try:
            game_options = parse_game_options(rules.tournament_options(), options)
            t = new_tournament(  # a seed nobody chose is a secret nobody is told
                options,
                seed,
                game_options.model_dump(mode="json"),
                secret=new_secret() if seed is None else None,
                rotate_opener=rules.rotates_opener(game_options),
                table_seats=rules.table_seats(),
            )
        except ConfigError as exc:  # named as the request names it: `options.<key>`
            renamed = ConfigError(
                exc.reason,
                _in_options(exc.message),
                field=_in_options(exc.field),
                message_it=_in_options(exc.message_it) if exc.message_it else None,
            )
            raise refusal_of(renamed) from None
        except TavolaError as exc:
            raise refusal_of(exc) from None
        tournament_id = secrets.token_hex(8)
        organiser = new_token()
        stamp = now()
        row = TournamentRow(
            id=tournament_id,
            game=game.name,
            options=dict(options),
            tournament=t.model_dump(mode="json"),
            status=t.phase,
            organiser_hash=hash_token(organiser),
            no_show_seconds=no_show_seconds,
            seed_known=seed is not None,
            version=0,
            created_at=stamp,
            updated_at=stamp,
        )
        self.tables.writes.run(lambda session: store.create(session, row), tournament_id)
        return Created(tournament_id, organiser)

    # -- reading -----------------------------------------------------------------------------

    def read(
        self, tournament_id: str
    ) -> tuple[TournamentRow, list[TournamentEntrantRow], list[TournamentGameRow]]:
        with self.db.session() as session:
            row = found(store.get(session, tournament_id), UNKNOWN_TOURNAMENT, tournament_id)
            entrants = store.entrants(session, tournament_id)
            games = store.games(session, tournament_id)
            session.expunge_all()
        return row, entrants, games

    def view(self, tournament_id: str, token: str | None) -> dict[str, Any]:
        """What everyone sees (pairings of the round being played, results and
        standings of the finished ones), the tables of its games, and for an entrant's
        token its own games with their seat links."""
        row, entrants, games = self.read(tournament_id)
        return views.view(row, entrants, games, holder_of(row, entrants, token))

    def listed(self, game: str | None) -> list[dict[str, Any]]:
        with self.db.session() as session:
            rows = store.listed(session, game, LISTED)
        return [views.listing(row) for row in rows]

    # -- registration ------------------------------------------------------------------------

    def register(
        self,
        tournament_id: str,
        token: str | None,
        entrant: Entrant,
        account_id: str | None,
    ) -> Registered:
        """Registers a person (anyone: it gets its entrant token) or a bot (the organiser
        only), once the game has read and checked its registration."""
        for _ in range(WRITE_TRIES):
            done = self._register_once(tournament_id, token, entrant, account_id)
            if done is not None:
                return done
        raise _busy()

    def _register_once(
        self, tournament_id: str, token: str | None, entrant: Entrant, account_id: str | None
    ) -> Registered | None:
        """The registration, or None when another change came first."""
        row, entrants, _ = self.read(tournament_id)
        entry = enter(row, holder_of(row, entrants, token), entrant, account_id)
        if not self._write(row, entry.tournament, entry.key):
            return None
        return entry.registered

    def _write(self, row: TournamentRow, t: Tournament, *more: TournamentEntrantRow | None) -> bool:
        def write(session: Session) -> bool:
            if not store.save(session, row.id, row.version, t):
                return False
            for extra in more:
                if extra is not None:
                    store.add_entrant(session, extra)
            return True

        return bool(self.tables.writes.run(write, row.id))

    # -- the start ---------------------------------------------------------------------------

    def start(self, tournament_id: str, token: str | None) -> int:
        """Closes registration and starts (seeding by lot, or by the accounts'
        ratings at the game); the first round's tables open. Returns the new version."""
        row, entrants, _ = self.read(tournament_id)
        organiser_only(holder_of(row, entrants, token), "start it", "avviarlo")
        t = sealed(row)
        if t.options.seeding == "rating":
            _rate(self.db, row.game, t, entrants)
        try:
            start(t)
        except IllegalAction as exc:
            raise Refusal(409, exc.code, exc.message, message_it=exc.message_it) from None
        if not self._write(row, t):
            raise _stale(row.version + 1)
        self.schedule.due()
        self.schedule.open_tournament(tournament_id)
        return row.version + 1

    # -- a person's start of a game ----------------------------------------------------------

    def ready(self, tournament_id: str, slot: str, token: str | None) -> dict[str, Any]:
        """The entrant of `token` starts its game `slot`: its table opens once everyone
        there has (or at once, against bots). Returns the entrant's game as `you` shows
        it."""
        row, entrants, games = self.read(tournament_id)
        holder = holder_of(row, entrants, token)
        if holder.entrant is None:
            raise Refusal(
                401,
                "bad_token",
                "Starting a game needs your entrant token.",
                message_it="Per cominciare una partita serve il tuo token di iscrizione.",
            )
        t = Tournament.model_validate(row.tournament)
        found = t.game(slot)
        link = next((g for g in games if g.slot == slot), None)
        if found is None or link is None or holder.entrant not in found[2].entrants:
            raise Refusal(
                404,
                "unknown_game",
                f"You have no game {slot} in this tournament.",
                message_it=f"Non hai nessuna partita {slot} in questo torneo.",
            )
        if link.status == "waiting":
            position = found[2].entrants.index(holder.entrant)
            self.schedule.mark_ready(tournament_id, slot, position)
            self.schedule.open_tournament(tournament_id)
        return self.view(tournament_id, token)["you"]  # type: ignore[no-any-return]

    # -- the schedule, from the server's tick ------------------------------------------------

    def game_over(self) -> None:
        self.schedule.due()

    # -- what it hears of games ---------------------------------------------------------------

    def record(self, session: Session, ended: GameEnded) -> None:
        record_table(session, ended.game, ended.game_id, ended.state)

    def table_home(self, session: Session, game_id: str) -> TableHome | None:
        return homes.table_home(session, game_id)

    def open_due(self) -> None:
        self.schedule.open_due()


def _in_options(text: str) -> str:
    return "options." + text.removeprefix("tournament.") if text.startswith("tournament.") else text


def _check_seed(seed: int | None, practice_seed_known: bool) -> None:
    """As a table's: the seed is drawn by the server, unless the tournament is practice
    and every table says its seed is known."""
    check_seed(
        seed,
        practice_seed_known,
        "tournament",
        "seed: a tournament's seed is drawn by the server; choose one only for practice"
        " (practice_seed_known: true)",
        "seed: il seme di un torneo lo estrae il server; sceglilo solo per"
        " fare pratica (practice_seed_known: true).",
    )


def _rate(db: Database, game: str, t: Tournament, entrants: list[TournamentEntrantRow]) -> None:
    """Seeding by rating: a signed-in entrant's rating at the game (a newcomer's if never
    rated); anyone else has none (seeded after them, by lot)."""
    accounts = {e.entrant: e.account_id for e in entrants if e.account_id is not None}
    skills = ratings_for(db, game, sorted(set(accounts.values())))
    for number, account_id in accounts.items():
        t.entrants[number] = t.entrants[number].model_copy(
            update={"rating": skills[account_id].ordinal}
        )


def _stale(version: int) -> Refusal:
    return stale(
        "The tournament changed meanwhile: read it again.",
        "Il torneo è cambiato nel frattempo: rileggilo.",
        version,
    )


def _busy() -> Refusal:
    return stale(
        "The tournament is changing too often right now: try again.",
        "Il torneo sta cambiando troppo spesso in questo momento: riprova.",
    )
