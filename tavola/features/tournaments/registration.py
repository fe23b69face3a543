"""A registration, checked: a person (anyone) or a bot (the organiser only, a bot the
game has), its registration read by the game's model and accepted by the game's rules and
the format. What it writes is the service's (`TournamentService.register`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from tavola.core import Game, IllegalAction
from tavola.core.capabilities import HUMAN
from tavola.features.tournaments.format import Entrant, Tournament, register
from tavola.features.tournaments.games import bot_kinds, rules_of
from tavola.features.tournaments.keys import Holder, organiser_only
from tavola.features.tournaments.protocol import TournamentRules
from tavola.features.tournaments.sealing import sealed
from tavola.features.tournaments.tables import TournamentEntrantRow, TournamentRow
from tavola.server.refusal import Refusal
from tavola.server.security import hash_token, new_token

STATE_REFUSALS = frozenset(
    {"registration_closed", "tournament_full", "name_taken", "too_few_entrants", "not_started"}
)
"""The format's refusals that depend on the tournament's state (409), not on the input."""


@dataclass(frozen=True, slots=True)
class Registered:
    entrant: int
    name: str
    token: str | None
    """A person's entrant token (None for a bot)."""


@dataclass(frozen=True, slots=True)
class Entry:
    """A registration made on a copy of the tournament, to be written if it is still
    at the version it was read at: the tournament with its new entrant, and the
    person's key row (None for a bot)."""

    tournament: Tournament
    key: TournamentEntrantRow | None
    registered: Registered


def enter(row: TournamentRow, holder: Holder, entrant: Entrant, account_id: str | None) -> Entry:
    """The entrant registered in (a copy of) the tournament of `row`, as `holder` asks."""
    game, rules = rules_of(row.game)
    if entrant.kind != HUMAN:
        organiser_only(holder, "add bots", "iscrivere dei bot")
        _check_bot(game, entrant.kind)
    t = sealed(row)
    options = rules.tournament_options().model_validate(t.game_options)
    read = _registration(rules, entrant)  # the game's model refuses what it has no field for
    if entrant.kind != HUMAN and _brings_nothing(entrant):  # a bot added by its name alone
        ready = entrant.model_copy(
            update={"registration": rules.ready_registration(options, len(t.entrants))}
        )
        read = _registration(rules, ready)
    entrant = entrant.model_copy(update={"registration": read})
    try:
        number = register(t, entrant, lambda e: rules.check_entrant(e, options))
    except IllegalAction as exc:
        status = 409 if exc.code in STATE_REFUSALS else 422
        raise Refusal(status, exc.code, exc.message, message_it=exc.message_it) from None
    issued = new_token() if entrant.kind == HUMAN else None
    key = _entrant_row(row.id, number, issued, account_id)
    return Entry(t, key, Registered(number, t.entrants[number].name, issued))


def _brings_nothing(entrant: Entrant) -> bool:
    """No field of the registration given (a form's untouched fields: null, empty)."""
    return all(value in (None, "", [], {}) for value in entrant.registration.values())


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
