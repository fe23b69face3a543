"""`tavola new`, `legal`, `act` and `view`: a game kept in a record file, for every
registered game (the file's cycle is `tavola.core.record_file`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from tavola.core import Action, IllegalAction, TavolaError, Viewer
from tavola.core.record_file import act_on_file, create, load_table, read_config


def fail(exc: TavolaError, lang: str, status: int = 1) -> typer.Exit:
    """Prints `CODE: sentence` on standard error; the exit to raise."""
    typer.echo(f"{exc.code}: {exc.localized(lang)}", err=True)
    return typer.Exit(status)


def _dump(data: Any) -> None:
    typer.echo(json.dumps(data, indent=1, ensure_ascii=False, sort_keys=True))


# -- the commands ---------------------------------------------------------------------------

FileArg = Annotated[Path, typer.Argument(help="The game record (JSON).")]
SeatOpt = Annotated[str, typer.Option("--seat", help="The seat, as `tavola view` names it.")]
LangOpt = Annotated[str, typer.Option("--lang", help="it or en (messages).")]


def new(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="A registered game.")],
    file: FileArg,
    config: Annotated[
        Path | None, typer.Option(help="A TOML file with the game's options.")
    ] = None,
    seed: Annotated[int | None, typer.Option(help="The game's seed (default: random).")] = None,
    force: Annotated[bool, typer.Option(help="Replace an existing file.")] = False,
    lang: LangOpt = "it",
) -> None:
    """Start a game in a record file (without --config: the game's first sample table)."""
    try:
        table = create(game_name, file, read_config(config), seed, force=force)
    except TavolaError as exc:
        raise fail(exc, lang, 2) from None
    _dump(
        {
            "file": str(file),
            "game": table.game.name,
            "seed": table.seed,
            "commitment": table.commitment,
            "to_act": sorted(table.to_act),
            "state_hash": table.hash,
        }
    )


def legal(file: FileArg, seat: SeatOpt, lang: LangOpt = "it") -> None:
    """The actions SEAT may send now, one JSON object per line."""
    try:
        table = load_table(file)
    except TavolaError as exc:
        raise fail(exc, lang, 2) from None
    for action in table.game.legal_actions(table.state, seat):
        typer.echo(json.dumps(action.to_json(), ensure_ascii=False, sort_keys=True))


def act(
    file: FileArg,
    seat: SeatOpt,
    action: Annotated[str, typer.Option("--action", help='JSON, e.g. {"type": "pass"}.')],
    lang: LangOpt = "it",
) -> None:
    """Apply one action as SEAT; the file changes only if the game accepts it."""
    try:
        parsed = Action.from_json(json.loads(action))
    except (ValueError, TypeError) as exc:
        typer.echo(f"E_BAD_ACTION: {exc}", err=True)
        raise typer.Exit(2) from None
    try:
        table, events = act_on_file(file, seat, parsed)
    except IllegalAction as exc:
        raise fail(exc, lang, 1) from None
    except TavolaError as exc:
        raise fail(exc, lang, 2) from None
    viewer = Viewer.seat(seat)
    _dump(
        {
            "accepted": True,
            "events": [
                e.to_json() for e in table.events_for(viewer, len(table.events) - len(events))
            ],
            "to_act": sorted(table.to_act),
            "outcome": table.outcome.to_json() if table.outcome else None,
            "state_hash": table.hash,
        }
    )


def view(
    file: FileArg,
    seat: Annotated[str | None, typer.Option("--seat", help="A seat's view.")] = None,
    public: Annotated[bool, typer.Option("--public", help="The public view.")] = False,
    referee: Annotated[bool, typer.Option("--referee", help="The referee's view.")] = False,
    lang: LangOpt = "it",
) -> None:
    """The game as one seat, the public or the referee sees it (JSON)."""
    if sum((seat is not None, public, referee)) != 1:
        typer.echo("E_VIEWER: give exactly one of --seat, --public, --referee", err=True)
        raise typer.Exit(2)
    try:
        table = load_table(file)
    except TavolaError as exc:
        raise fail(exc, lang, 2) from None
    viewer = (
        Viewer.seat(seat) if seat is not None else Viewer.public() if public else Viewer.referee()
    )
    _dump(table.view(viewer))


def register(app: typer.Typer) -> None:
    """Adds new, legal, act and view to `app`."""
    app.command("new")(new)
    app.command("legal")(legal)
    app.command("act")(act)
    app.command("view")(view)
