"""`tavola serve`: the server on SQLite (default) or PostgreSQL (`DATABASE_URL`)."""

from __future__ import annotations

from typing import Annotated

import typer
import uvicorn

from tavola.store import Database, default_url


def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    workers: Annotated[int, typer.Option(help="Processes (more than 1 needs PostgreSQL).")] = 1,
    bot_delay: Annotated[float, typer.Option(help="Seconds a bot waits before moving.")] = 0.6,
) -> None:
    """Run the Tavola server."""
    url = default_url()
    if workers > 1 and url.startswith("sqlite"):
        typer.echo("Several workers need PostgreSQL: set DATABASE_URL=postgresql+psycopg://…")
        raise typer.Exit(2)
    Database(url).migrate()  # once, before the workers start
    import os

    os.environ["DATABASE_URL"] = url
    os.environ["TAVOLA_BOT_DELAY"] = str(bot_delay)
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0") else host
    typer.echo(f"Tavola is running at http://{shown}:{port}/  (database: {url.split('://')[0]})")
    uvicorn.run(
        "tavola.server.main:app",
        host=host,
        port=port,
        workers=workers,
        log_level="warning",
        ws_per_message_deflate=False,  # views are small; compressing them costs more CPU
        factory=False,
    )
