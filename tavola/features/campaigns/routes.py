"""Campaigns over HTTP: a new campaign, its view, taking a party seat, a choice between
games, and the campaign page."""

from __future__ import annotations

import pathlib
from typing import Annotated, Any

from fastapi import APIRouter, Path, Request
from fastapi.responses import FileResponse
from starlette.concurrency import run_in_threadpool

from tavola.features.campaigns.schemas import (
    CampaignCreate,
    CampaignCreated,
    CampaignJoin,
    CampaignJoined,
    CampaignSeatLink,
    ChoiceMade,
    ChoiceRequest,
)
from tavola.features.campaigns.service import CampaignService
from tavola.features.series import SeriesId
from tavola.server.deps import Lang, PublicUrl, Service, Token
from tavola.server.links import campaign_url
from tavola.server.openapi import refuse_outside_schema
from tavola.server.routes.creating import CREATES
from tavola.server.schemas import REFUSALS

PAGE = pathlib.Path(__file__).parent / "web" / "campaign.html"
router = APIRouter()

SeatId = Annotated[str, Path(max_length=16)]


@router.post("/api/campaigns", response_model=CampaignCreated, **CREATES)
async def create_campaign(
    body: CampaignCreate, service: Service, base: PublicUrl, request: Request
) -> Any:
    """Creates a campaign of a game with campaigns; every person's seat of the party gets
    a link to share: the creator's own seat (`creator_seat`) its token, every other a
    one-time invite. The same token opens that seat's place in every game."""
    refuse_outside_schema(
        request.app, "CampaignCreate", body.model_dump(exclude_unset=True), options_named=""
    )
    party = [m.model_dump(exclude_none=True) for m in body.party]
    created = await run_in_threadpool(
        service.part(CampaignService).create,
        body.game,
        body.options,
        party,
        creator_seat=body.creator_seat,
        seed=body.seed,
        practice_seed_known=body.practice_seed_known,
    )
    seats = []
    for member in created.seats:
        given = created.passes.get(member["seat"])
        url = (
            campaign_url(
                base, created.campaign_id, member["seat"], token=given.token, invite=given.invite
            )
            if given is not None
            else None
        )
        seats.append(
            CampaignSeatLink(
                **member,
                token=given.token if given else None,
                invite=given.invite if given else None,
                join_url=url,
            )
        )
    return CampaignCreated(campaign_id=created.campaign_id, seats=seats)


@router.get("/api/campaigns/{campaign_id}", responses=REFUSALS)
async def campaign_view(
    campaign_id: SeriesId, token: Token, service: Service, lang: Lang = None
) -> dict[str, Any]:
    """The campaign as the token's seat sees it (its own hidden part of the game's state
    and, when it is its turn, its choice), or as the public does without a token; the
    game's words in `lang`."""
    return await run_in_threadpool(
        service.part(CampaignService).view, campaign_id, token, lang or "en"
    )


@router.post(
    "/api/campaigns/{campaign_id}/seats/{seat}/join",
    response_model=CampaignJoined,
    responses=REFUSALS,
)
async def join_campaign(
    campaign_id: SeriesId,
    seat: SeatId,
    token: Token,
    service: Service,
    body: CampaignJoin | None = None,
) -> CampaignJoined:
    """Takes a person's seat of the party with its link's invite, spending it; the token
    that comes back opens the seat in the campaign and in every one of its games."""
    invite = body.invite if body else None
    issued = await run_in_threadpool(
        service.part(CampaignService).join, campaign_id, seat, invite, token
    )
    return CampaignJoined(campaign_id=campaign_id, seat=seat, token=issued)


@router.post("/api/campaigns/{campaign_id}/choices", response_model=ChoiceMade, responses=REFUSALS)
async def choose(
    campaign_id: SeriesId, body: ChoiceRequest, token: Token, service: Service
) -> ChoiceMade:
    """A choice between games for the token's seat (the game's action, as the campaign
    asks it), if the campaign is still at `version`. The bots choose after it, and the
    next table opens when it is due."""
    version = await run_in_threadpool(
        service.part(CampaignService).choose, campaign_id, token, body.action, body.version
    )
    return ChoiceMade(campaign_id=campaign_id, version=version)


@router.get("/campaigns/{campaign_id}", include_in_schema=False)
async def campaign_page(campaign_id: str) -> FileResponse:
    return FileResponse(PAGE)
