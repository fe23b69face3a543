"""A WebSocket per seat: the seat's view and new events pushed after every change, and
moves taken on the event loop."""

from __future__ import annotations

import contextlib
from typing import Any

import orjson
from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from pydantic import ValidationError
from starlette.concurrency import run_in_threadpool

from tavola.core import Action

from .. import payloads
from ..deps import Asking, Lang, Pushes, Service
from ..hub import SET_ASIDE, Connection, Hub, dumps
from ..limits import MAX_BODY
from ..ratelimit import client_key, trusted_of
from ..refusal import Refusal
from ..schemas import ActionRequest
from ..service import GameService
from ..socket_limit import TOO_MANY_SOCKETS, SocketCounts

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
    {"type": "action", "action": …, "version": …, "client_action_id": …}. Closes with 4401
    (bad token), 4404 (unknown game), 4409 (the game was set aside after a server error),
    4429 (too many sockets from this client), 1013 (fell behind: reconnect) or 1009 (a
    message over the 64 KB limit)."""
    counts: SocketCounts = websocket.app.state.socket_counts
    client = client_key(websocket, trusted_of(websocket))
    await websocket.accept()  # before any close, so that browsers see its code
    if not counts.take(client):
        await websocket.close(code=TOO_MANY_SOCKETS, reason="too_many_sockets")
        return
    try:
        await _seated(websocket, game_id, service, hub, token, lang)
    finally:
        counts.give_back(client)


async def _seated(
    websocket: WebSocket,
    game_id: str,
    service: GameService,
    hub: Hub,
    token: str | None,
    lang: str | None,
) -> None:
    try:
        seated = await Asking(service, game_id, token).seated_soon()
    except Refusal as exc:
        await websocket.close(code=_close_code(exc), reason=exc.code)
        return
    live, seat = seated.live, seated.seat
    first, seen = await payloads.soon(live, payloads.since, seat, 0, lang)
    # The state is the first message of the connection's outbox: no update can overtake
    # it, and whatever moved meanwhile follows at once from where the state ended.
    _, sent = payloads.only_new(first, live.game.info.sent_once, frozenset())
    connection = Connection(websocket, game_id, seat, seen, lang, first["version"], sent)
    hub.add(connection, dumps({"type": "state", **first}))
    if len(live.table.events) > seen or live.version != first["version"]:
        hub.changed(game_id)
    try:
        while True:
            frame = await websocket.receive()
            if frame["type"] == "websocket.disconnect":
                break
            if not connection.outbox.open:
                continue  # dropped, its close on the way: nothing it sends is taken
            data = frame.get("text") or frame.get("bytes") or b""
            if _too_large(data):
                connection.outbox.drop(TOO_LARGE, f"Messages are limited to {MAX_BODY} bytes.")
                continue
            reply = await _action(service, game_id, seat, data)
            await connection.outbox.answer(dumps(reply))
    except WebSocketDisconnect:
        pass
    finally:
        hub.remove(connection)


def _close_code(refusal: Refusal) -> int:
    if refusal.status == 401:
        return 4401
    return SET_ASIDE if refusal.code == "game_quarantined" else 4404


TOO_LARGE = 1009
"""The close code of a message over the size limit (HTTP bodies have the same limit)."""


def _too_large(data: str | bytes) -> bool:
    if isinstance(data, str) and MAX_BODY // 4 < len(data) <= MAX_BODY:
        data = data.encode(errors="surrogatepass")  # 1 to 4 bytes a character: count them
    return len(data) > MAX_BODY


def _invalid(where: str, why: str) -> Refusal:
    """A message's error as REST tells it: the field, then the sentence."""
    return Refusal(422, "bad_request", f"{where}: {why}", field=where)


async def _action(
    service: GameService,
    game_id: str,
    seat: str | None,
    data: str | bytes,
) -> dict[str, Any]:
    """The answer to one message: `result`, or `refused` with a code and a sentence."""
    message: Any = None
    with contextlib.suppress(ValueError, TypeError):
        message = orjson.loads(data)
    request_id = message.get("client_action_id") if isinstance(message, dict) else None
    try:
        if seat is None:
            raise Refusal(401, "bad_token", "Acting needs a seat token.")
        if not isinstance(message, dict) or message.get("type") != "action":
            raise Refusal(422, "bad_request", 'Send {"type": "action", "action": …}.')
        try:
            body = ActionRequest.model_validate({k: v for k, v in message.items() if k != "type"})
        except ValidationError as exc:
            first = exc.errors()[0]  # the model is flat: its field is the first step
            where = str(first["loc"][0]) if first["loc"] else "message"
            raise _invalid(where, first["msg"]) from None
        try:
            action = Action.from_json(body.action)
        except (TypeError, ValueError) as exc:
            raise _invalid("action", str(exc)) from None
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
            live = service.games.live.get(game_id)
            if live is None:
                live = await run_in_threadpool(service.games.get, game_id)
            reply["view"] = await payloads.payload_soon(live, seat)
    except (TypeError, ValueError) as exc:  # arguments the game could not take
        reply = {"type": "refused", **_invalid("action", str(exc)).to_json()}
    reply["client_action_id"] = request_id
    return reply
