"""The `tavola` command line. Games add their own command groups (`tavola cards`...) through
the `tavola.commands` entry point group: a name and a `typer.Typer`."""

from __future__ import annotations

import json
import sys
from importlib.metadata import EntryPoint, entry_points
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from typer.core import TyperGroup

from tavola.core import GameRecord, TavolaError, game_names, get_game, replay
from tavola.core.scenario import run_file, scenario_files
from tavola.features import features

from . import (
    balance,
    bench,
    play,
    problems,
    report,
    serve,
    simulate,
    verify,
)
from .table_commands import register as register_table_commands

COMMANDS_GROUP = "tavola.commands"


class _WithFeatures(TyperGroup):
    """The command line with each feature's commands, loaded only when one is asked for or
    the commands are listed: a simulation's worker imports the command line again, and a
    feature brings the server and the database with it."""

    def _features(self) -> dict[str, Any]:
        extra = typer.Typer()
        for feature in features():
            if feature.commands is not None:
                feature.commands(extra)
        return dict(typer.main.get_group(extra).commands)

    def list_commands(self, ctx: Any) -> list[str]:
        return sorted({*super().list_commands(ctx), *self._features()})

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        return super().get_command(ctx, cmd_name) or self._features().get(cmd_name)


app = typer.Typer(
    cls=_WithFeatures,
    help="Tavola: play, referee and simulate card and board games.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)
app.command(context_settings=play.CONTEXT)(play.play)
app.command()(serve.serve)
app.command(context_settings=simulate.CONTEXT)(simulate.simulate)
app.command()(report.report)
app.command()(bench.bench)
app.command()(verify.verify)
register_table_commands(app)
scenario_app = typer.Typer(help="Rule scenarios written as data.")
app.add_typer(scenario_app, name="scenario")
app.add_typer(balance.app, name="balance")
console = Console(highlight=False)


def command_groups() -> list[EntryPoint]:
    """The command groups games contribute, by name."""
    return sorted(entry_points(group=COMMANDS_GROUP), key=lambda ep: ep.name)


def add_command_groups(target: typer.Typer, groups: list[EntryPoint]) -> None:
    """Adds each group under its entry point's name; one that fails to load is left out
    with a warning, so that a broken plugin cannot take the whole command line down."""
    for entry in groups:
        try:
            group = entry.load()
        except Exception as exc:
            typer.echo(f"tavola: command group '{entry.name}' not loaded: {exc}", err=True)
            continue
        target.add_typer(group, name=entry.name)


add_command_groups(app, command_groups())


def _package(obj: object) -> str:
    """The package a game's class lives in (its commands live there too)."""
    module = sys.modules[type(obj).__module__]
    return module.__package__ or module.__name__


def declaration(name: str) -> dict[str, Any]:
    """A game's declaration, with the command groups its package contributes."""
    game = get_game(name)
    package = _package(game) + "."
    groups = [ep.name for ep in command_groups() if ep.module.startswith(package)]
    return {**game.info.to_json(), "commands": groups}


@app.command()
def games(
    as_json: Annotated[
        bool, typer.Option("--json", help="Each game's whole declaration, as JSON.")
    ] = False,
    lang: Annotated[str, typer.Option(help="it or en (titles).")] = "it",
) -> None:
    """List the registered games: name and title."""
    if as_json:
        typer.echo(json.dumps([declaration(n) for n in game_names()], indent=1, ensure_ascii=False))
        return
    for name in game_names():
        info = get_game(name).info
        console.print(f"{name:12} {info.text(info.title, lang)}", soft_wrap=True)


@app.command("replay")
def replay_command(file: Annotated[Path, typer.Argument(help="A game record (JSON).")]) -> None:
    """Rebuild a saved game from its action log; print the outcome and the state hash."""
    data = problems.read_json("replay", file, "a game record")
    try:
        record = GameRecord.from_json(data)
    except KeyError as exc:
        problems.fail("replay", f"{file}: not a game record (no {exc.args[0]!r})")
    except (TypeError, ValueError, AttributeError) as exc:
        problems.fail("replay", f"{file}: not a game record ({exc})")
    try:
        table = replay(record)
    except TavolaError as exc:
        problems.fail("replay", f"{file}: {exc.code}: {exc.message}")
    outcome = table.outcome
    console.print(f"actions: {len(record.log)}")
    console.print(f"outcome: {json.dumps(outcome.to_json() if outcome else None)}")
    console.print(f"state_hash: {table.hash}")
    if record.state_hash is not None and record.state_hash != table.hash:
        console.print(f"MISMATCH: the record says {record.state_hash}")
        raise typer.Exit(1)


@scenario_app.command("run")
def scenario_run(
    paths: Annotated[list[Path], typer.Argument(help="Scenario files or folders.")],
) -> None:
    """Run scenarios: one line each, PASS or FAIL with the first difference."""
    files = scenario_files(paths)
    failures = 0
    for path in files:
        result = run_file(path)
        typer.echo(result.line())
        failures += not result.passed
    console.print(f"{len(files) - failures} passed, {failures} failed")
    if failures or not files:
        raise typer.Exit(1)


def main() -> None:
    """The `tavola` command: a usage error is one line on stderr (exit 2), not a panel."""
    try:
        code = app(prog_name="tavola", standalone_mode=False)
    except problems.NoArgsIsHelp as exc:
        typer.echo(exc.format_message())
        sys.exit(exc.exit_code)
    except problems.ClickException as exc:
        typer.echo(problems.one_line(exc), err=True)
        sys.exit(exc.exit_code)
    except problems.Abort:
        typer.echo("Aborted.", err=True)
        sys.exit(1)
    sys.exit(code if isinstance(code, int) else 0)
