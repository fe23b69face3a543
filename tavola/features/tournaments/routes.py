"""Tournaments over HTTP: a new tournament, the list, its options' schemas, its view,
registering an entrant, the start, a person's start of a game, and the tournament page."""

from __future__ import annotations

import pathlib
from typing import Annotated, Any
from urllib.parse import quote

from fastapi import APIRouter, Path, Query, Request
from fastapi.responses import FileResponse
from starlette.concurrency import run_in_threadpool

from tavola.features.series import SeriesId
from tavola.features.tournaments.format import Entrant, Tournament
from tavola.features.tournaments.games import option_schemas, registration_form
from tavola.features.tournaments.schemas import (
    EntrantRegistered,
    EntrantRequest,
    Started,
    TournamentCreate,
    TournamentCreated,
)
from tavola.features.tournaments.service import TournamentService
from tavola.server.accounts.deps import Member
from tavola.server.deps import PublicUrl, Service, Token
from tavola.server.openapi import refuse_outside_schema
from tavola.server.refusal import Refusal
from tavola.server.routes.creating import CREATES
from tavola.server.schemas import REFUSALS

PAGE = pathlib.Path(__file__).parent / "web" / "tournament.html"
router = APIRouter()

Slot = Annotated[str, Path(max_length=24, pattern=r"^r\d{1,4}\.m\d{1,4}\.g\d{1,4}$")]
GameName = Annotated[str, Path(max_length=32)]


def page_url(base: str, tournament_id: str, secret: str, token: str) -> str:
    """The tournament's page with a token in the fragment, which browsers never send."""
    return f"{base}/tournaments/{quote(tournament_id, safe='')}#{secret}={token}"


@router.post("/api/tournaments", response_model=TournamentCreated, **CREATES)
async def create_tournament(
    body: TournamentCreate, service: Service, base: PublicUrl, request: Request
) -> TournamentCreated:
    """Creates a tournament of a game with tournaments, open for registration. The
    organiser's token (its link) adds bots and starts it."""
    refuse_outside_schema(request.app, "TournamentCreate", body.model_dump(exclude_unset=True))
    created = await run_in_threadpool(
        service.part(TournamentService).create,
        body.game,
        body.options,
        seed=body.seed,
        practice_seed_known=body.practice_seed_known,
        no_show_seconds=body.no_show_seconds,
    )
    return TournamentCreated(
        tournament_id=created.tournament_id,
        organiser_token=created.organiser_token,
        url=page_url(base, created.tournament_id, "organiser", created.organiser_token),
    )


@router.get("/api/tournaments", responses=REFUSALS)
async def list_tournaments(
    service: Service, game: Annotated[str | None, Query(max_length=32)] = None
) -> list[dict[str, Any]]:
    """The newest tournaments (of `game`), with their status and champion."""
    return await run_in_threadpool(service.part(TournamentService).listed, game)


@router.get("/api/tournaments/options/{game}", responses=REFUSALS)
async def tournament_options(game: GameName) -> dict[str, Any]:
    """The JSON schemas of a tournament's options (the format's, the game's) and the
    game's bots an entrant may be."""
    return await run_in_threadpool(option_schemas, game)


@router.get("/api/tournaments/{tournament_id}", responses=REFUSALS)
async def tournament_view(tournament_id: SeriesId, token: Token, service: Service) -> Any:
    """The tournament as everyone sees it (the round being played's pairings, the
    finished rounds' results and standings), its tables, and with an entrant's token its
    own games and seats."""
    return await run_in_threadpool(service.part(TournamentService).view, tournament_id, token)


@router.get("/api/tournaments/{tournament_id}/registration", responses=REFUSALS)
async def tournament_registration(
    tournament_id: SeriesId,
    service: Service,
    lang: Annotated[str, Query(max_length=8, pattern=r"^[a-z]{2}$")] = "en",
) -> dict[str, Any]:
    """What the registration form is built from: the JSON schema of the game's
    registration, what the game offers for it in this tournament (named in `lang`) and
    the game's page module for the form, if any."""
    row, _, _ = await run_in_threadpool(service.part(TournamentService).read, tournament_id)
    options = Tournament.model_validate(row.tournament).game_options
    return await run_in_threadpool(registration_form, row.game, options, lang)


@router.post(
    "/api/tournaments/{tournament_id}/entrants",
    status_code=201,
    response_model=EntrantRegistered,
    responses=REFUSALS,
)
async def register_entrant(
    tournament_id: SeriesId,
    body: EntrantRequest,
    token: Token,
    service: Service,
    base: PublicUrl,
    account: Member,
) -> EntrantRegistered:
    """Registers an entrant once the game accepts its registration: a person
    (anyone; a signed-in person as its account, rated and seeded by it) gets its entrant
    token, a bot (the organiser's token only) none."""
    name = " ".join(body.name.split())
    if not name:
        raise Refusal(
            422,
            "bad_request",
            "name: an entrant needs a name",
            field="name",
            message_it="name: un iscritto ha bisogno di un nome.",
        )
    entrant = Entrant(name=name, kind=body.kind, registration=body.registration)
    registered = await run_in_threadpool(
        service.part(TournamentService).register,
        tournament_id,
        token,
        entrant,
        account.id if account is not None else None,
    )
    url = page_url(base, tournament_id, "entrant", registered.token) if registered.token else None
    return EntrantRegistered(
        entrant=registered.entrant, name=registered.name, token=registered.token, url=url
    )


@router.post("/api/tournaments/{tournament_id}/start", response_model=Started, responses=REFUSALS)
async def start_tournament(tournament_id: SeriesId, token: Token, service: Service) -> Started:
    """Closes registration and starts the tournament (the organiser's token): seeding
    then the first round's tables open."""
    version = await run_in_threadpool(service.part(TournamentService).start, tournament_id, token)
    return Started(tournament_id=tournament_id, version=version)


@router.post("/api/tournaments/{tournament_id}/games/{slot}/ready", responses=REFUSALS)
async def ready(
    tournament_id: SeriesId, slot: Slot, token: Token, service: Service
) -> dict[str, Any]:
    """An entrant starts its game `slot` (within the no-show limit, else it loses
    it); the table opens once everyone at it has. Answers the entrant's own games."""
    return await run_in_threadpool(
        service.part(TournamentService).ready, tournament_id, slot, token
    )


@router.get("/tournaments/{tournament_id}", include_in_schema=False)
async def tournament_page(tournament_id: str) -> FileResponse:
    return FileResponse(PAGE)
