"""The FastAPI application: REST for creating, joining, viewing and playing games; a
WebSocket per seat for live updates; bots and clocks ticking in the background."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException as StarletteHTTPException

from tavola.store import Database, repo

from .hub import Hub
from .limits import BodyLimit
from .listener import Listener
from .refusal import Refusal
from .routes import catalog, pages, play, socket, tables
from .service import GameService

MAX_BODY = 64 * 1024
CHECKPOINT_SECONDS = 1.0


def create_app(
    database_url: str | None = None, *, bot_delay: float = 0.3, tick: float = 0.05
) -> FastAPI:
    db = Database(database_url, checkpoints_apart=True)
    db.migrate()
    hub = Hub()
    service = GameService(db, bot_delay=bot_delay, on_change=hub.changed_threadsafe)
    hub.live = service.live

    @contextlib.asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        hub.loop = asyncio.get_running_loop()
        await run_in_threadpool(service.games.reload_all)
        # Moves are played on the loop and committed there: SQLite's at once, a database
        # server's awaited while the loop goes on.
        service.writes.attach(hub.loop, awaited=None if db.is_sqlite else db.awaited())
        listener = None
        if not db.is_sqlite:

            def moved_elsewhere(game_id: str, version: int) -> None:
                if service.games.refresh(game_id, version or None):
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

    for routes in (catalog, tables, play, socket, pages):
        app.include_router(routes.router)
    if pages.WEB.is_dir():
        app.mount("/", StaticFiles(directory=pages.WEB, html=True), name="web")
    return app


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
