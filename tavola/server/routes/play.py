"""Playing over HTTP: what a seat sees, what it may do, its moves, the record, and the
replay's frames."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from starlette.concurrency import run_in_threadpool

from .. import checking, payloads
from ..deps import Asker, Lang, SeatedGame, Service, action_of
from ..refusal import Refusal
from ..schemas import REFUSALS, ActionRequest, CheckRequest

router = APIRouter()


@router.get("/api/games/{game_id}/view", responses=REFUSALS)
async def view(seated: SeatedGame, lang: Lang = None) -> dict[str, Any]:
    """What the token's seat sees (no token: the public view)."""
    return await run_in_threadpool(payloads.payload, seated.live, seated.seat, (), lang)


@router.get("/api/games/{game_id}/legal", responses=REFUSALS)
async def legal(seated: SeatedGame) -> dict[str, Any]:
    """Every legal action of the token's seat now."""
    version, actions = await run_in_threadpool(payloads.legal, seated.live, seated.seat)
    return {"seat": seated.seat, "version": version, "actions": actions}


@router.post("/api/games/{game_id}/actions", responses=REFUSALS)
async def act(
    game_id: str, body: ActionRequest, asker: Asker, service: Service, lang: Lang = None
) -> dict[str, Any]:
    """Plays an action for the token's seat, if the game is still at `version`: the
    WebSocket's move path, on the loop."""
    seated = await asker.seated_soon()
    live, seat = seated.live, seated.player()
    action = action_of(body.action)
    try:
        result = await service.moves.act_on_loop(
            game_id, seat, action, body.version, body.client_action_id
        )
    except Refusal as exc:
        if exc.code == "STALE":
            exc.extra["view"] = await payloads.payload_soon(live, seat)
        raise
    payload = await payloads.payload_soon(live, seat, result.events, lang)
    # `version` is the one this action made (a repeat gets its first answer again); the
    # view is the game as it is now, at `view_version`.
    return {
        **payload,
        "version": result.version,
        "view_version": payload["version"],
        "duplicate": result.duplicate,
    }


@router.post("/api/games/{game_id}/check", responses=REFUSALS)
async def check(body: CheckRequest, asker: Asker, lang: Lang = None) -> dict[str, Any]:
    """What is wrong with an action of the token's seat, without playing it: every problem
    (an empty list: it would be taken now), each with its code and sentences."""

    def run() -> dict[str, Any]:
        seated = asker.seated()
        seat = seated.player("Checking an action needs a seat token.")
        action = action_of(body.action)
        return checking.answer(seated.live, seat, action, lang)

    return await run_in_threadpool(run)


@router.get("/api/games/{game_id}/record", responses=REFUSALS)
async def record(seated: SeatedGame) -> dict[str, Any]:
    """The game record once the game is over; until then the viewer's own log."""
    return await run_in_threadpool(payloads.record, seated.live, seated.seat)


@router.get("/api/games/{game_id}/verify", responses=REFUSALS)
async def verify(game_id: str, service: Service) -> dict[str, Any]:
    """A finished game's shuffle checked: its seed and salt open the commitment shown from
    the start, and replaying its record from the seed gives every event and its final state."""
    live = await run_in_threadpool(service.games.get, game_id)
    return await run_in_threadpool(payloads.verdict, live)


@router.get("/api/games/{game_id}/replay/{step}", responses=REFUSALS)
async def replay(
    game_id: str, step: int, service: Service, seat: str | None = None, lang: Lang = None
) -> Any:
    """A finished game after its first `step` actions, as `seat` saw it (no seat: the
    public), with that step's events: the replay viewer's frames."""
    live = await run_in_threadpool(service.games.get, game_id)
    return await run_in_threadpool(payloads.replay_frame, live, step, seat, lang)
