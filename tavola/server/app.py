"""The FastAPI application: REST for creating, joining, viewing and playing games; a
WebSocket per seat for live updates; bots and clocks ticking in the background."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Mapping
from pathlib import Path
from typing import Annotated, Any, Literal

import orjson
from fastapi import Depends, FastAPI, Header, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.websockets import WebSocketState

from tavola.core import Action
from tavola.store import Database, repo

from .hub import Connection, Hub, dumps, new_faces
from .limits import BodyLimit
from .listener import Listener
from .schemas import (
    ActionRequest,
    GameCreate,
    GameCreated,
    Joined,
    JoinRequest,
    LobbyGame,
    Refused,
    SeatLink,
)
from .service import GameService, Live, Refusal

MAX_BODY = 64 * 1024
CHECKPOINT_SECONDS = 1.0
WEB = Path(__file__).resolve().parents[1] / "web"
REFUSALS: dict[int | str, dict[str, Any]] = {
    code: {"model": Refused} for code in (401, 403, 404, 409, 413, 422)
}


def bearer(authorization: Annotated[str | None, Header()] = None) -> str | None:
    """The seat token from `Authorization: Bearer TOKEN` (None: the public)."""
    if authorization is None:
        return None
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token:
        raise Refusal(401, "bad_token", "Use 'Authorization: Bearer <token>'.")
    return token.strip()


Token = Annotated[str | None, Depends(bearer)]
Lang = Annotated[
    Literal["it", "en"] | None, Query(description="Tell the events in words in this language.")
]


def create_app(
    database_url: str | None = None, *, bot_delay: float = 0.3, tick: float = 0.05
) -> FastAPI:
    db = Database(database_url, checkpoints_apart=True)
    db.migrate()
    hub = Hub()
    service = GameService(db, bot_delay=bot_delay, on_change=hub.changed_threadsafe)
    hub.service = service

    @contextlib.asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        hub.loop = asyncio.get_running_loop()
        await run_in_threadpool(service.reload_all)
        # Moves are played on the loop and committed there: SQLite's at once, a database
        # server's awaited while the loop goes on.
        service.writes.attach(hub.loop, awaited=None if db.is_sqlite else db.awaited())
        listener = None
        if not db.is_sqlite:

            def moved_elsewhere(game_id: str, version: int) -> None:
                if service.refresh(game_id, version or None):
                    hub.changed_threadsafe(game_id, version)

            def catch_up_all() -> None:
                for game_id in list(service.live):
                    moved_elsewhere(game_id, 0)

            listener = Listener(db.url, moved_elsewhere, catch_up_all, own=repo.origin())
            listener.start()
        task = asyncio.create_task(_automation(service, tick))
        try:
            yield
        finally:
            task.cancel()
            service.writes.attach(None)
            if listener is not None:
                listener.stop()
            await db.dispose_awaited()
            db.dispose()

    app = FastAPI(
        title="Tavola",
        summary="Play, referee and simulate card and board games.",
        lifespan=lifespan,
    )
    app.state.service = service
    app.state.hub = hub
    app.add_middleware(BodyLimit, limit=MAX_BODY)

    @app.exception_handler(Refusal)
    async def refused(_: Request, exc: Refusal) -> JSONResponse:
        return JSONResponse(exc.to_json(), status_code=exc.status)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "http_error")
        return JSONResponse(
            {"code": code, "message": str(exc.detail)},
            status_code=exc.status_code,
            headers=exc.headers,
        )

    @app.exception_handler(RequestValidationError)
    async def invalid(_: Request, exc: RequestValidationError) -> JSONResponse:
        first = exc.errors()[0] if exc.errors() else {}
        where = ".".join(str(p) for p in first.get("loc", ()))
        message = f"{where}: {first.get('msg', 'invalid request')}"
        return JSONResponse({"code": "bad_request", "message": message}, status_code=422)

    def seated(game_id: str, token: str | None) -> tuple[Live, str | None]:
        """The game and the seat its token opens (None: the public)."""
        live = service.get(game_id)
        return live, service.seat_for(live, token)

    @app.post("/api/games", status_code=201, response_model=GameCreated, responses=REFUSALS)
    async def create_game(body: GameCreate, request: Request) -> GameCreated:
        """Creates a game; every human seat gets a token and a join link to share."""
        seats = [s.model_dump(exclude_none=True) for s in body.seats]
        live, tokens = await run_in_threadpool(
            service.create, body.game, body.options, seats, seed=body.seed
        )
        base = str(request.base_url).rstrip("/")
        links = []
        for seat, info in live.seats.items():
            token = tokens.get(seat)
            url = f"{base}/play/{live.game_id}?seat={seat}#token={token}" if token else None
            links.append(
                SeatLink(seat=seat, name=info.name, kind=info.kind, token=token, join_url=url)
            )
        return GameCreated(game_id=live.game_id, seats=links)

    @app.get("/api/games", response_model=list[LobbyGame])
    async def lobby() -> list[LobbyGame]:
        """Games with a human seat nobody has taken yet."""

        def read() -> list[LobbyGame]:
            with db.session() as session:
                listed = repo.lobby(session)
            return [
                LobbyGame(
                    game_id=g.id,
                    game=g.game,
                    mode=g.config.get("mode"),
                    created_at=g.created_at.isoformat(),
                    open_seats=[s.seat for s in seats if s.kind == "human" and not s.joined],
                    seats={s.seat: s.name for s in seats},
                )
                for g, seats in listed
            ]

        return await run_in_threadpool(read)

    @app.post("/api/games/{game_id}/seats/{seat}/join", response_model=Joined, responses=REFUSALS)
    async def join(
        game_id: str, seat: str, token: Token, body: JoinRequest | None = None
    ) -> Joined:
        """Takes a human seat (with its link's token, or an untaken seat without one)."""
        name = body.name if body else None
        issued = await run_in_threadpool(service.join, game_id, seat, token, name)
        return Joined(game_id=game_id, seat=seat, token=issued)

    @app.get("/api/games/{game_id}/view", responses=REFUSALS)
    async def view(game_id: str, token: Token, lang: Lang = None) -> dict[str, Any]:
        """What the token's seat sees (no token: the public view)."""
        live, seat = await run_in_threadpool(seated, game_id, token)
        return await run_in_threadpool(service.payload, live, seat, (), lang)

    @app.get("/api/games/{game_id}/legal", responses=REFUSALS)
    async def legal(game_id: str, token: Token) -> dict[str, Any]:
        """Every legal action of the token's seat now."""
        live, seat = await run_in_threadpool(seated, game_id, token)
        version, actions = await run_in_threadpool(service.legal, live, seat)
        return {"seat": seat, "version": version, "actions": actions}

    @app.post("/api/games/{game_id}/actions", responses=REFUSALS)
    async def act(
        game_id: str, body: ActionRequest, token: Token, lang: Lang = None
    ) -> dict[str, Any]:
        """Plays an action for the token's seat, if the game is still at `version`."""

        def play() -> dict[str, Any]:  # in one worker thread: one trip there and back
            live, seat = seated(game_id, token)
            if seat is None:
                raise Refusal(401, "bad_token", "Acting needs a seat token.")
            try:
                action = Action.from_json(body.action)
            except (TypeError, ValueError) as exc:
                raise Refusal(422, "bad_request", f"action: {exc}") from None
            try:
                result = service.act(game_id, seat, action, body.version, body.client_action_id)
            except Refusal as exc:
                if exc.code == "STALE":
                    exc.extra["view"] = service.payload(live, seat)
                raise
            payload = service.payload(live, seat, result.events, lang)
            # `version` is the one this action made (a repeat gets its first answer again);
            # the view is the game as it is now, at `view_version`.
            return {
                **payload,
                "version": result.version,
                "view_version": payload["version"],
                "duplicate": result.duplicate,
            }

        return await run_in_threadpool(play)

    @app.get("/api/games/{game_id}/record", responses=REFUSALS)
    async def record(game_id: str, token: Token) -> dict[str, Any]:
        """The game record once the game is over; until then the viewer's own log."""
        live, seat = await run_in_threadpool(seated, game_id, token)
        return await run_in_threadpool(service.record, live, seat)

    @app.get("/api/games/{game_id}/replay/{step}", responses=REFUSALS)
    async def replay(game_id: str, step: int, seat: str | None = None, lang: Lang = None) -> Any:
        """A finished game after its first `step` actions, as `seat` saw it (no seat: the
        public), with that step's events: the replay viewer's frames."""
        live = await run_in_threadpool(service.get, game_id)
        return await run_in_threadpool(service.replay_frame, live, step, seat, lang)

    @app.post("/api/games/{game_id}/rematch", response_model=Joined, responses=REFUSALS)
    async def rematch(game_id: str, token: Token, request: Request) -> Joined:
        """The same table again: the first call sets it up, each player's call (with its
        seat's token of this game) takes that player's seat there."""
        live, seat = await run_in_threadpool(seated, game_id, token)
        if seat is None:
            raise Refusal(401, "bad_token", "A rematch needs a seat token of this game.")
        new_id, issued, created = await run_in_threadpool(service.rematch, live, seat)
        if created:
            await hub.announce(game_id, {"type": "rematch", "game_id": new_id})
        return Joined(game_id=new_id, seat=seat, token=issued)

    @app.get("/play/{game_id}", include_in_schema=False)
    async def play_page(game_id: str) -> FileResponse:
        return FileResponse(WEB / "play.html")

    @app.get("/replay/{game_id}", include_in_schema=False)
    async def replay_page(game_id: str) -> FileResponse:
        return FileResponse(WEB / "replay.html")

    @app.websocket("/api/games/{game_id}/ws")
    async def socket(
        websocket: WebSocket, game_id: str, token: str | None = None, lang: Lang = None
    ) -> None:
        """Pushes the seat's view and new events after every change; also takes actions:
        {"type": "action", "action": …, "version": …, "client_action_id": …}."""
        await websocket.accept()  # before any close, so that browsers see its code
        try:
            live, seat = await run_in_threadpool(seated, game_id, token)
        except Refusal as exc:
            await websocket.close(code=4401 if exc.status == 401 else 4404, reason=exc.code)
            return
        first, seen = await run_in_threadpool(service.since, live, seat, 0, lang)
        await websocket.send_text(dumps({"type": "state", **first}))
        # Registered once the state is out: no update can overtake it, and whatever moved
        # meanwhile follows at once from where the state ended.
        _, faces = new_faces(first, frozenset())
        connection = Connection(websocket, game_id, seat, seen, lang, first["version"], faces)
        hub.add(connection)
        if len(live.table.events) > seen or live.version != first["version"]:
            hub.changed(game_id)
        try:
            while True:
                frame = await websocket.receive()
                if frame["type"] == "websocket.disconnect":
                    break
                await _socket_action(service, websocket, game_id, seat, frame)
        except WebSocketDisconnect:
            pass
        finally:
            hub.remove(connection)

    if WEB.is_dir():
        app.mount("/", StaticFiles(directory=WEB, html=True), name="web")
    return app


async def _socket_action(
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
        result = await service.act_on_loop(
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
            live = service.get(game_id)
            reply["view"] = await run_in_threadpool(service.payload, live, seat)
    except (TypeError, ValueError) as exc:
        reply = {"type": "refused", "code": "bad_request", "message": str(exc)}
    reply["client_action_id"] = request_id
    if websocket.application_state == WebSocketState.DISCONNECTED:
        return  # the client left meanwhile (a push found it gone): nobody to answer
    await websocket.send_text(dumps(reply))


async def _automation(service: GameService, tick: float) -> None:
    """Bots move and clocks run out, server-side, for as long as the server runs; the
    database's log is checkpointed every second, off the loop."""
    checkpoint_at = 0.0
    while True:
        try:
            moved = await run_in_threadpool(service.tick)
            if time.monotonic() >= checkpoint_at:
                checkpoint_at = time.monotonic() + CHECKPOINT_SECONDS
                await run_in_threadpool(service.db.checkpoint)
        except Exception:
            moved = 0
        await asyncio.sleep(0 if moved else tick)
