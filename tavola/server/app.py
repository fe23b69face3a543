"""The FastAPI application: REST for creating, joining, viewing and playing games; a
WebSocket per seat for live updates; bots and clocks ticking in the background."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import time
from collections.abc import AsyncIterator, Callable, Sequence

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles
from starlette.concurrency import run_in_threadpool

from tavola.features import features
from tavola.store import Database, repo

from . import accounts, errors, links, ratelimit, reports
from .bodies import StrictJson
from .hub import Hub
from .limits import MAX_BODY, BodyLimit
from .listener import Listener
from .loading import IDLE_SECONDS
from .openapi import publish_exact_schemas
from .peers import process_peers
from .ratelimit import DEFAULT_CREATION_LIMIT, CreationLimit
from .routes import catalog, exports, pages, play, socket, tables
from .routes import reports as report_routes
from .routes import rules as rules_routes
from .searching import SEARCHING_SEATS
from .service import GameService
from .sharing import Shared, Sharing
from .socket_limit import SOCKETS_PER_CLIENT, SocketCounts
from .thinking import THINK_SECONDS

CHECKPOINT_SECONDS = 1.0
TROUBLE_PAUSE_SECONDS = 1.0
"""How long bots and clocks pause after a pass of theirs failed (the database gone, say)."""

log = logging.getLogger(__name__)


def create_app(
    database_url: str | None = None,
    *,
    bot_delay: float = 0.3,
    tick: float = 0.05,
    public_url: str | None = None,
    create_limit: CreationLimit | None = DEFAULT_CREATION_LIMIT,
    trusted_proxies: Sequence[str] | None = None,
    socket_limit: int = SOCKETS_PER_CLIENT,
    idle_seconds: float = IDLE_SECONDS,
    think_seconds: float = THINK_SECONDS,
    searching_seats: int | None = SEARCHING_SEATS,
    reports_folder: str | os.PathLike[str] | None = None,
) -> FastAPI:
    """`public_url`: the address links are built on (else `TAVOLA_PUBLIC_URL`, else links
    are relative); never the request's `Host`, which its sender chooses.
    `create_limit`: games one client may create (None: no limit); `trusted_proxies`: the
    proxies whose `X-Forwarded-For` names the client, for every count by client (None: the
    creation limit's); `socket_limit`: WebSockets one client may hold open (0: no limit);
    `idle_seconds`: how
    long an unfinished game stays in memory unused; `think_seconds`: a searching bot's
    time budget a move, from when the move is due; `searching_seats`: searching bots one
    client may seat at its unfinished tables (None: no limit); `reports_folder`: where
    the balance reports are (else `TAVOLA_REPORTS`, else `runs/` here; "": none)."""
    public = links.public_base(public_url)  # a bad one stops the start, naming it
    db = Database(database_url, checkpoints_apart=True)
    db.migrate()
    hub = Hub()
    service = GameService(
        db,
        bot_delay=bot_delay,
        on_change=hub.changed_threadsafe,
        idle_seconds=idle_seconds,
        think_seconds=think_seconds,
        searching_seats=searching_seats,
    )
    hub.live = service.live
    service.games.watched = lambda game_id: game_id in hub.connections  # kept in memory
    service.games.on_set_aside = hub.set_aside_threadsafe

    socket_counts = SocketCounts(socket_limit)
    lifespan = _lifespan(db, hub, service, tick, socket_counts)

    app = FastAPI(
        title="Tavola",
        summary="Play, referee and simulate card and board games.",
        lifespan=lifespan,
    )
    app.state.service = service
    app.state.hub = hub
    app.state.public_url = public
    app.state.reports = reports.Reports(reports.folder_from(reports_folder))
    app.add_middleware(StrictJson)  # inside the limit: it reads bodies already bounded
    app.add_middleware(BodyLimit, limit=MAX_BODY)

    errors.install(app)
    accounts.install(app, service)
    if trusted_proxies is None:
        trusted_proxies = create_limit.trusted_proxies if create_limit is not None else ()
    ratelimit.install(app, create_limit, trusted_proxies, db)
    app.state.socket_counts = socket_counts

    for routes in (
        catalog,
        tables,
        play,
        exports,
        socket,
        pages,
        report_routes,
        rules_routes,
    ):
        app.include_router(routes.router)
    for feature in features():
        for router in feature.routers:
            app.include_router(router)
    if pages.WEB.is_dir():
        app.mount("/", _site(), name="web")
    publish_exact_schemas(app)
    return app


def _site() -> StaticFiles:
    """The shell's pages and each feature's beside them, at the site's root (the shell's
    first: a feature adds pages, it never replaces one)."""
    site = StaticFiles(directory=pages.WEB, html=True)
    site.all_directories += [f.pages for f in features() if f.pages is not None]
    return site


def _lifespan(
    db: Database, hub: Hub, service: GameService, tick: float, socket_counts: SocketCounts
) -> Callable[[FastAPI], contextlib.AbstractAsyncContextManager[None]]:
    """The app's life: games reloaded, moves committed on the loop, on a database server a
    listener for other workers' moves and the connection counts shared with them, and the
    bots' and clocks' automation."""

    @contextlib.asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        hub.loop = asyncio.get_running_loop()
        await run_in_threadpool(service.games.reload_all)
        # Moves are played on the loop and committed there: SQLite's at once, a database
        # server's awaited while the loop goes on.
        service.writes.attach(hub.loop, awaited=None if db.is_sqlite else db.awaited())
        listener = None
        sharing: Sharing | None = None
        shared: asyncio.Task[None] | None = None
        if not db.is_sqlite:

            def moved_elsewhere(game_id: str, version: int) -> None:
                if service.games.refresh(game_id, version or None):
                    hub.changed_threadsafe(game_id, version)

            def catch_up_all() -> None:
                for game_id in list(service.live):
                    moved_elsewhere(game_id, 0)

            listener = Listener(db.url, moved_elsewhere, catch_up_all, own=repo.origin())
            listener.start()
            counts: dict[str, Shared] = {"connections": process_peers(), "sockets": socket_counts}
            sharing = Sharing(db, counts)
            shared = asyncio.create_task(sharing.run())
        task = asyncio.create_task(_automation(service, tick))
        try:
            yield
        finally:
            task.cancel()
            if sharing is not None and shared is not None:
                shared.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await shared
                with contextlib.suppress(Exception):  # else its rows expire with their lease
                    await run_in_threadpool(sharing.withdraw)
            service.close()
            service.writes.attach(None)
            if listener is not None:
                listener.stop()
            await db.dispose_awaited()
            db.dispose()

    return lifespan


async def _automation(service: GameService, tick: float) -> None:
    """Bots move and clocks run out, server-side, for as long as the server runs; the
    database's log is checkpointed every second, off the loop."""
    checkpoint_at = 0.0
    while True:
        pause = tick
        try:
            moved = await run_in_threadpool(service.tick)
            if time.monotonic() >= checkpoint_at:
                checkpoint_at = time.monotonic() + CHECKPOINT_SECONDS
                await run_in_threadpool(service.db.checkpoint)
        except Exception:  # a game's own failures stop at the game: this is the server's
            log.warning(
                "bots and clocks: a pass failed; the next in %s s",
                TROUBLE_PAUSE_SECONDS,
                exc_info=True,
            )
            moved, pause = 0, TROUBLE_PAUSE_SECONDS
        await asyncio.sleep(0 if moved else pause)
