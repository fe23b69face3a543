"""Tournaments on the server, game-agnostic (the game takes part through its
`TournamentRules`): created with an organiser's token, registered for (a person gets an
entrant token; bots are the organiser's to add), started (seeding by lot or by the
accounts' ratings), read as the public or an entrant sees it, and a person's
"I am here" for a game. The tables are the schedule's (`schedule`)."""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from pydantic import BaseModel, ValidationError
from sqlalchemy.orm import Session

from tavola.core import ConfigError, Game, IllegalAction, TavolaError, UnknownGame, get_game
from tavola.core.capabilities import HUMAN, capability
from tavola.core.rng import new_secret
from tavola.features import GameEnded, Part
from tavola.features.ratings.service import ratings_for
from tavola.features.tournaments import store
from tavola.features.tournaments.ending import record_table
from tavola.features.tournaments.format import (
    Entrant,
    Tournament,
    new_tournament,
    parse_game_options,
    public_view,
    register,
    start,
)
from tavola.features.tournaments.keys import holder_of, organiser_only
from tavola.features.tournaments.protocol import TournamentRules
from tavola.features.tournaments.schedule import Schedule
from tavola.features.tournaments.sealing import sealed
from tavola.features.tournaments.tables import (
    TournamentEntrantRow,
    TournamentGameRow,
    TournamentRow,
)
from tavola.server.live import aware
from tavola.server.refusal import Refusal
from tavola.server.seating import refusal_of
from tavola.server.security import hash_token, new_token
from tavola.server.tables import Tables
from tavola.store import Database
from tavola.store.repo import now

REGISTRATION_MODULE = "tournament.js"
"""A game's own module for its registration form, in its web folder (optional)."""
WRITE_TRIES = 5
"""Registrations are tried again this often when another change came first."""
LISTED = 50
"""Tournaments a list shows at most."""
STATE_REFUSALS = frozenset(
    {"registration_closed", "tournament_full", "name_taken", "too_few_entrants", "not_started"}
)
"""The format's refusals that depend on the tournament's state (409), not on the input."""


@dataclass(frozen=True, slots=True)
class Created:
    tournament_id: str
    organiser_token: str


@dataclass(frozen=True, slots=True)
class Registered:
    entrant: int
    name: str
    token: str | None
    """A person's entrant token (None for a bot)."""


class TournamentService(Part):
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
            row = store.get(session, tournament_id)
            if row is None:
                raise Refusal(
                    404,
                    "unknown_tournament",
                    f"There is no tournament '{tournament_id}'.",
                    message_it=f"Non c'è nessun torneo '{tournament_id}'.",
                )
            entrants = store.entrants(session, tournament_id)
            games = store.games(session, tournament_id)
            session.expunge_all()
        return row, entrants, games

    def view(self, tournament_id: str, token: str | None) -> dict[str, Any]:
        """What everyone sees (pairings of the round being played, results and
        standings of the finished ones), the tables of its games, and for an entrant's
        token its own games with their seat links."""
        row, entrants, games = self.read(tournament_id)
        holder = holder_of(row, entrants, token)
        t = Tournament.model_validate(row.tournament)
        names = [e.name for e in t.entrants]
        humans = {e.entrant for e in entrants}
        out: dict[str, Any] = {
            "tournament_id": row.id,
            "game": row.game,
            "status": row.status,
            "version": row.version,
            "options": t.options.model_dump(mode="json"),
            "game_options": dict(t.game_options),
            "seed_known": row.seed_known,
            "no_show_seconds": row.no_show_seconds,
            "organiser": holder.organiser,
            "entrants": [
                {"name": e.name, "kind": HUMAN if i in humans else e.kind}
                for i, e in enumerate(t.entrants)
            ],
            "public": public_view(t),
            "tables": [_table(t, g, names) for g in _in_schedule_order(t, games)],
            "you": _own(t, games, holder.entrant) if holder.entrant is not None else None,
        }
        return out

    def listed(self, game: str | None) -> list[dict[str, Any]]:
        with self.db.session() as session:
            rows = store.listed(session, game, LISTED)
        listed = []
        for row in rows:
            t = Tournament.model_validate(row.tournament)
            listed.append(
                {
                    "tournament_id": row.id,
                    "game": row.game,
                    "status": row.status,
                    "format": t.options.format,
                    "entrants": len(t.entrants),
                    "champion": public_view(t).get("champion") if t.phase == "over" else None,
                    "created_at": row.created_at.isoformat(),
                }
            )
        return listed

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
        holder = holder_of(row, entrants, token)
        game, rules = rules_of(row.game)
        if entrant.kind != HUMAN:
            organiser_only(holder, "add bots", "iscrivere dei bot")
            _check_bot(game, entrant.kind)
        t = sealed(row)
        options = rules.tournament_options().model_validate(t.game_options)
        entrant = entrant.model_copy(update={"registration": _registration(rules, entrant)})
        try:
            number = register(t, entrant, lambda e: rules.check_entrant(e, options))
        except IllegalAction as exc:
            status = 409 if exc.code in STATE_REFUSALS else 422
            raise Refusal(status, exc.code, exc.message, message_it=exc.message_it) from None
        issued = new_token() if entrant.kind == HUMAN else None
        if not self._write(row, t, _entrant_row(row.id, number, issued, account_id)):
            return None
        return Registered(number, t.entrants[number].name, issued)

    def _write(self, row: TournamentRow, t: Tournament, *more: TournamentEntrantRow | None) -> bool:
        def write(session: Session) -> bool:
            if not store.change(
                session,
                row.id,
                row.version,
                tournament=t.model_dump(mode="json"),
                status=t.phase,
                updated_at=now(),
            ):
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

    def game_ended(self, session: Session, ended: GameEnded) -> None:
        """In the commit that records the end: the game's result recorded, if it is one of
        ours."""
        record_table(session, ended.game, ended.game_id, ended.state)

    def after_game_ended(self, ended: GameEnded) -> None:
        self.game_over()

    def tick(self) -> None:
        self.open_due()

    def open_due(self) -> None:
        self.schedule.open_due()


def rules_of(game_name: str) -> tuple[Game[Any], TournamentRules[Any]]:
    try:
        game = get_game(game_name)
    except UnknownGame as exc:
        raise Refusal(404, exc.code, exc.message, message_it=exc.message_it) from None
    rules = capability(game, TournamentRules)
    if rules is None:
        raise Refusal(
            422,
            "no_tournaments",
            f"{game.info.text(game.info.title, 'en')} has no tournaments.",
            message_it=f"{game.info.text(game.info.title, 'it')} non ha tornei.",
        )
    return game, rules


def option_schemas(game_name: str) -> dict[str, Any]:
    """The JSON schemas of a tournament's options: the format's and the game's."""
    from tavola.features.tournaments.format import TournamentOptions

    _, rules = rules_of(game_name)
    model: type[BaseModel] = rules.tournament_options()
    return {
        "game": game_name,
        "format_schema": TournamentOptions.model_json_schema(),
        "game_schema": model.model_json_schema(),
        "registration_schema": rules.registration().model_json_schema(),
        "bots": bot_kinds(get_game(game_name)),
    }


def registration_form(game_name: str, options: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """What a tournament's registration form is built from: the JSON schema of the game's
    registration, what the game offers for it under the tournament's `options` named in
    `lang`, and the game's own page module for the form, if it has one (else the page
    builds the form from the schema)."""
    game, rules = rules_of(game_name)
    parsed = rules.tournament_options().model_validate(options)
    web = game.info.web
    has_module = web is not None and (web / REGISTRATION_MODULE).is_file()
    return {
        "game": game.name,
        "schema": rules.registration().model_json_schema(),
        "choices": rules.registration_choices(parsed, lang),
        "module": f"/games/{game.name}/web/{REGISTRATION_MODULE}" if has_module else None,
    }


def _registration(rules: TournamentRules[Any], entrant: Entrant) -> dict[str, Any]:
    """The entrant's registration as the game's model reads it; else 422
    `invalid_registration` naming the field (a rule of the game's, which the published
    schema, the same for every game, cannot state)."""
    try:
        read = rules.registration().model_validate(entrant.registration)
    except ValidationError as exc:
        first = exc.errors()[0]
        field = ".".join(str(part) for part in ("registration", *first["loc"]))
        raise Refusal(
            422,
            "invalid_registration",
            f"{field}: {first['msg']}",
            field=field,
            message_it=f"{field}: il gioco non accetta questo valore nell'iscrizione.",
        ) from None
    return read.model_dump(mode="json")


def bot_kinds(game: Game[Any]) -> list[str]:
    """The seat kinds an entrant may be besides a person: the bots, not the automata."""
    return [k for k in game.info.seat_kinds if k != HUMAN and k not in game.info.automata]


def _check_bot(game: Game[Any], kind: str) -> None:
    kinds = bot_kinds(game)
    if kind not in kinds:
        raise Refusal(
            422,
            "bad_request",
            f"kind: an entrant is a person ('human') or one of the bots {', '.join(kinds)},"
            f" not '{kind}'",
            field="kind",
            message_it=f"kind: un iscritto è una persona ('human') o uno dei bot"
            f" {', '.join(kinds)}, non '{kind}'.",
        )


def _in_options(text: str) -> str:
    return "options." + text.removeprefix("tournament.") if text.startswith("tournament.") else text


def _check_seed(seed: int | None, practice_seed_known: bool) -> None:
    """As a table's: the seed is drawn by the server, unless the tournament is practice
    and every table says its seed is known."""
    if seed is not None and not practice_seed_known:
        raise Refusal(
            422,
            "bad_request",
            "seed: a tournament's seed is drawn by the server; choose one only for practice"
            " (practice_seed_known: true)",
            field="seed",
            message_it="seed: il seme di un torneo lo estrae il server; sceglilo solo per"
            " fare pratica (practice_seed_known: true).",
        )
    if practice_seed_known and seed is None:
        raise Refusal(
            422,
            "bad_request",
            "practice_seed_known: a practice tournament with a known seed needs the seed",
            field="practice_seed_known",
        )


def _entrant_row(
    tournament_id: str, number: int, token: str | None, account_id: str | None
) -> TournamentEntrantRow | None:
    if token is None:
        return None
    return TournamentEntrantRow(
        tournament_id=tournament_id,
        entrant=number,
        token_hash=hash_token(token),
        account_id=account_id,
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


def _in_schedule_order(t: Tournament, games: list[TournamentGameRow]) -> list[TournamentGameRow]:
    order = {g.id: i for i, g in enumerate(t.games())}
    return sorted(games, key=lambda g: order.get(g.slot, len(order)))


def _table(t: Tournament, g: TournamentGameRow, names: list[str]) -> dict[str, Any]:
    """A game of the schedule as everyone may see it: who plays, whether it is waiting,
    being played or done, and its table to watch; never its result before its round ends
    (that is the public view's to give)."""
    found = t.game(g.slot)
    entrants = found[2].entrants if found is not None else []
    return {
        "slot": g.slot,
        "round": found[0].number if found is not None else None,
        "entrants": [names[e] for e in entrants],
        "status": g.status,
        "game_id": g.game_id,
        "due_at": _iso(g.due_at),
    }


def _own(t: Tournament, games: list[TournamentGameRow], entrant: int) -> dict[str, Any]:
    """The entrant's own: its name, its registration, and each of its games with the seat
    it plays there."""
    me = t.entrants[entrant]
    mine = []
    for g in _in_schedule_order(t, games):
        found = t.game(g.slot)
        if found is None or entrant not in found[2].entrants:
            continue
        position = found[2].entrants.index(entrant)
        seat = next((s["seat"] for s in g.seated if s["position"] == position), None)
        mine.append(
            {
                "slot": g.slot,
                "status": g.status,
                "game_id": g.game_id,
                "seat": seat,
                "ready": position in g.ready,
                "due_at": _iso(g.due_at),
            }
        )
    return {
        "entrant": entrant,
        "name": me.name,
        "registration": dict(me.registration),
        "games": mine,
    }


def _iso(moment: datetime | None) -> str | None:
    return aware(moment).isoformat() if moment is not None else None


def _stale(version: int) -> Refusal:
    return Refusal(
        409,
        "STALE",
        "The tournament changed meanwhile: read it again.",
        message_it="Il torneo è cambiato nel frattempo: rileggilo.",
        version=version,
    )


def _busy() -> Refusal:
    return Refusal(
        409,
        "STALE",
        "The tournament is changing too often right now: try again.",
        message_it="Il torneo sta cambiando troppo spesso in questo momento: riprova.",
    )
