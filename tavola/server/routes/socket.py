"""A WebSocket per seat: the seat's view and new events pushed after every change, and
moves taken on the event loop."""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from typing import Any

import orjson
from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from starlette.concurrency import run_in_threadpool
from starlette.websockets import WebSocketState

from tavola.core import Action

from .. import payloads
from ..deps import Asking, Lang, Pushes, Service
from ..hub import Connection, dumps
from ..refusal import Refusal
from ..schemas import ActionRequest
from ..service import GameService

router = APIRouter()


@router.websocket("/api/games/{game_id}/ws")
async def socket(
    websocket: WebSocket,
    game_id: str,
    service: Service,
    hub: Pushes,
    token: str | None = None,
    lang: Lang = None,
) -> None:
    """Pushes the seat's view and new events after every change; also takes actions:
    {"type": "action", "action": …, "version": …, "client_action_id": …}."""
    await websocket.accept()  # before any close, so that browsers see its code
    try:
        seated = await run_in_threadpool(Asking(service, game_id, token).seated)
    except Refusal as exc:
        await websocket.close(code=4401 if exc.status == 401 else 4404, reason=exc.code)
        return
    live, seat = seated.live, seated.seat
    first, seen = await run_in_threadpool(payloads.since, live, seat, 0, lang)
    await websocket.send_text(dumps({"type": "state", **first}))
    # Registered once the state is out: no update can overtake it, and whatever moved
    # meanwhile follows at once from where the state ended.
    _, sent = payloads.only_new(first, live.game.info.sent_once, frozenset())
    connection = Connection(websocket, game_id, seat, seen, lang, first["version"], sent)
    hub.add(connection)
    if len(live.table.events) > seen or live.version != first["version"]:
        hub.changed(game_id)
    try:
        while True:
            frame = await websocket.receive()
            if frame["type"] == "websocket.disconnect":
                break
            await _action(service, websocket, game_id, seat, frame)
    except WebSocketDisconnect:
        pass
    finally:
        hub.remove(connection)


async def _action(
    service: GameService,
    websocket: WebSocket,
    game_id: str,
    seat: str | None,
    frame: Mapping[str, Any],
) -> None:
    message: Any = None
    with contextlib.suppress(ValueError, TypeError):
        message = orjson.loads(frame.get("text") or frame.get("bytes") or b"")
    request_id = message.get("client_action_id") if isinstance(message, dict) else None
    try:
        if seat is None:
            raise Refusal(401, "bad_token", "Acting needs a seat token.")
        if not isinstance(message, dict) or message.get("type") != "action":
            raise Refusal(422, "bad_request", 'Send {"type": "action", "action": …}.')
        body = ActionRequest.model_validate({k: v for k, v in message.items() if k != "type"})
        action = Action.from_json(body.action)
        result = await service.moves.act_on_loop(
            game_id, seat, action, body.version, body.client_action_id
        )
        reply: dict[str, Any] = {
            "type": "result",
            "version": result.version,
            "duplicate": result.duplicate,
        }
    except Refusal as exc:
        reply = {"type": "refused", **exc.to_json()}
        if exc.code == "STALE":  # as over HTTP: the game as it is now comes along
            live = service.games.get(game_id)
            reply["view"] = await run_in_threadpool(payloads.payload, live, seat)
    except (TypeError, ValueError) as exc:
        reply = {"type": "refused", "code": "bad_request", "message": str(exc)}
    reply["client_action_id"] = request_id
    if websocket.application_state == WebSocketState.DISCONNECTED:
        return  # the client left meanwhile (a push found it gone): nobody to answer
    await websocket.send_text(dumps(reply))
