"""A game kept in a record file: `tavola new`, `legal`, `act` and `view` for every registered
game, and the load → replay → verify → act → atomic save cycle the referee commands share.

The file is a `GameRecord` (JSON: game, config, seed, setup, action log, state hash). Every
command replays the log and checks the recorded state hash; an action is written back only
if the game accepts it, through a temporary file renamed over the old one."""

from __future__ import annotations

import json
import os
import secrets
import tempfile
import tomllib
from pathlib import Path
from typing import Annotated, Any

import typer

from tavola.core import (
    Action,
    Event,
    GameRecord,
    IllegalAction,
    Table,
    TavolaError,
    Viewer,
    get_game,
    replay,
)
from tavola.core.capabilities import SampleConfigs, capability


class RecordProblem(TavolaError):
    """The record file cannot be used: missing, unreadable or its hash does not match."""


def read_config(path: Path | None) -> dict[str, Any]:
    """A TOML file's top-level keys, as the game's config."""
    if path is None:
        return {}
    try:
        with path.open("rb") as fh:
            return dict(tomllib.load(fh))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise RecordProblem(
            "E_CONFIG_FILE", f"Cannot read {path}: {exc}", message_it=f"Non leggo {path}: {exc}"
        ) from None


def load_table(path: Path) -> Table:
    """Replays the record at `path` and checks its state hash."""
    try:
        record = GameRecord.from_json(json.loads(path.read_text(encoding="utf-8")))
    except FileNotFoundError:
        raise RecordProblem(
            "E_NO_RECORD",
            f"There is no game record at {path}.",
            message_it=f"Non c'è una partita in {path}.",
        ) from None
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise RecordProblem(
            "E_BAD_RECORD",
            f"{path} is not a game record: {exc}",
            message_it=f"{path} non è una partita valida: {exc}",
        ) from None
    table = replay(record)
    if record.state_hash is not None and record.state_hash != table.hash:
        raise RecordProblem(
            "E_HASH_MISMATCH",
            f"{path}: replaying the log gives state {table.hash[:12]}…, the file says "
            f"{record.state_hash[:12]}…; the file was not written by this version or was edited.",
            message_it=f"{path}: rigiocando il registro si ottiene lo stato {table.hash[:12]}…, "
            f"il file dice {record.state_hash[:12]}…; il file è stato modificato o viene da "
            "un'altra versione.",
        )
    return table


def save_table(table: Table, path: Path) -> None:
    """Writes the record atomically: a temporary file in the same folder, renamed over."""
    text = json.dumps(table.record().to_json(), indent=1, ensure_ascii=False) + "\n"
    folder = path.resolve().parent
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def act_on_file(path: Path, seat: str, action: Action) -> tuple[Table, list[Event]]:
    """Loads, applies one action as `seat`, saves if accepted. A refusal raises
    `IllegalAction` and leaves the file untouched."""
    table = load_table(path)
    events = table.act(seat, action)
    save_table(table, path)
    return table, events


def create(
    game_name: str, path: Path, config: dict[str, Any], seed: int | None, *, force: bool
) -> Table:
    if path.exists() and not force:
        raise RecordProblem(
            "E_FILE_EXISTS",
            f"{path} already exists (use --force to replace it).",
            message_it=f"{path} esiste già (usa --force per sostituirlo).",
        )
    game = get_game(game_name)
    if not config:
        samples = capability(game, SampleConfigs)
        config = dict(samples.sample_configs()[0]) if samples is not None else {}
    table = Table(game, config, secrets.randbelow(2**31) if seed is None else seed)
    save_table(table, path)
    return table


def fail(exc: TavolaError, lang: str, status: int = 1) -> typer.Exit:
    """Prints `CODE: sentence` on standard error; the exit to raise."""
    typer.echo(f"{exc.code}: {exc.localized(lang)}", err=True)
    return typer.Exit(status)


def _dump(data: Any) -> None:
    typer.echo(json.dumps(data, indent=1, ensure_ascii=False, sort_keys=True))


# -- the commands ---------------------------------------------------------------------------

FileArg = Annotated[Path, typer.Argument(help="The game record (JSON).")]
SeatOpt = Annotated[str, typer.Option("--seat", help="The seat, e.g. player:anna or p1.")]
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
