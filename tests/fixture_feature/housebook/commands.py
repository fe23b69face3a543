"""`tavola housebook show GAME`: a game's counts, read from the server's database
(`DATABASE_URL`, else SQLite in `TAVOLA_DATA`), as JSON."""

from __future__ import annotations

import json

import typer

from tavola.core import UnknownGame, get_game
from tavola.store import Database

from . import records


def add(app: typer.Typer) -> None:
    group = typer.Typer(help="The house book: tables opened and finished, per game.")

    @group.command()
    def show(game: str) -> None:
        """How many tables of GAME were opened and finished."""
        try:
            known = get_game(game).name
        except UnknownGame as exc:
            typer.echo(f"{exc.code}: {exc.message}", err=True)
            raise typer.Exit(1) from None
        db = Database()
        try:
            db.migrate()  # a fresh database, or one from before the feature, gets its table
            with db.session() as session:
                typer.echo(json.dumps(records.read(session, known)))
        finally:
            db.dispose()

    app.add_typer(group, name="housebook")
