"""`tavola serve`: the server on SQLite (default) or PostgreSQL (`DATABASE_URL`)."""

from __future__ import annotations

from typing import Annotated

import typer
import uvicorn

from tavola.server.limits import MAX_BODY
from tavola.server.links import PUBLIC_URL_ENV, public_base
from tavola.server.reports import DEFAULT_FOLDER, REPORTS_ENV, folder_from


def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    workers: Annotated[int, typer.Option(help="Processes (more than 1 needs PostgreSQL).")] = 1,
    bot_delay: Annotated[float, typer.Option(help="Seconds a bot waits before moving.")] = 0.6,
    public_url: Annotated[
        str | None,
        typer.Option(
            help="The address players reach the server at (https://tavola.example.org): join"
            " links are built on it. Default: $TAVOLA_PUBLIC_URL, else relative links."
        ),
    ] = None,
    reports: Annotated[
        str | None,
        typer.Option(
            help="The folder of balance reports shown at /reports: each subfolder holding a"
            " report.html (tavola simulate --report, tavola report, tavola balance suggest)."
            f" Default: $TAVOLA_REPORTS, else {DEFAULT_FOLDER}/ here; '' for none."
        ),
    ] = None,
) -> None:
    """Run the Tavola server."""
    import os

    # Imported here, as the store below: the web stack is no cost of every other command.
    from tavola.server.peers import peer_limits_from
    from tavola.server.ratelimit import limit_from
    from tavola.server.searching import searching_seats_from
    from tavola.server.socket_limit import socket_limit_from

    try:
        public = public_base(public_url)  # checked here, before any worker starts
        limit_from(os.environ)  # so are the limits, each worker's the same
        socket_limit_from(os.environ)
        searching_seats_from(os.environ)
        peers = peer_limits_from(os.environ)
    except ValueError as exc:
        typer.echo(str(exc))
        raise typer.Exit(2) from None
    # Imported here: SQLAlchemy and Alembic take a quarter of a second that every other
    # command (and every simulation worker, which imports the command line again) would pay.
    from tavola.store import Database, default_url

    url = default_url()
    if workers > 1 and url.startswith("sqlite"):
        typer.echo("Several workers need PostgreSQL: set DATABASE_URL=postgresql+psycopg://…")
        raise typer.Exit(2)
    Database(url).migrate()  # once, before the workers start
    os.environ["DATABASE_URL"] = url
    os.environ["TAVOLA_BOT_DELAY"] = str(bot_delay)
    os.environ[PUBLIC_URL_ENV] = public  # the workers build their links on it
    shown_reports = folder_from(reports)
    os.environ[REPORTS_ENV] = str(shown_reports or "")  # the same folder for every worker
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0") else host
    typer.echo(f"Tavola is running at http://{shown}:{port}/  (database: {url.split('://')[0]})")
    if shown_reports is not None:
        typer.echo(f"Balance reports: http://{shown}:{port}/reports  (from {shown_reports})")
    uvicorn.run(
        "tavola.server.main:app",
        host=host,
        port=port,
        workers=workers,
        log_level="warning",
        ws_per_message_deflate=False,  # views are small; compressing them costs more CPU
        ws_max_size=MAX_BODY,  # a longer message is refused (1009) before it is buffered
        factory=False,
        # Only the proxies named are believed about the client and the scheme (uvicorn's
        # default believes any loopback peer); the app counts by the same rule.
        proxy_headers=bool(peers.trusted_proxies),
        forwarded_allow_ips=list(peers.trusted_proxies),
        http="tavola.server.peers:LimitedHttp",  # import strings: each worker loads them
        ws="tavola.server.peers:LimitedWebSockets",
    )
