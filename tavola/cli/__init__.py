"""The `tavola` command line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from tavola.core import GameRecord, TavolaError, game_names, get_game, replay
from tavola.core.scenario import run_file, scenario_files

from . import cards, play, report, serve, simulate
from .table_commands import register as register_table_commands
from .trono import app as trono_app

app = typer.Typer(
    help="Tavola: play, referee and simulate card and board games.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)
app.command()(play.play)
app.command()(serve.serve)
app.command()(simulate.simulate)
app.command()(report.report)
app.add_typer(cards.app, name="cards")
app.add_typer(trono_app, name="trono")
register_table_commands(app)
scenario_app = typer.Typer(help="Rule scenarios written as data.")
app.add_typer(scenario_app, name="scenario")
console = Console(highlight=False)


@app.command()
def games() -> None:
    """List the registered games."""
    for name in game_names():
        console.print(name)


@app.command("replay")
def replay_command(file: Annotated[Path, typer.Argument(help="A game record (JSON).")]) -> None:
    """Rebuild a saved game from its action log; print the outcome and the state hash."""
    record = GameRecord.load(file)
    try:
        table = replay(record)
    except TavolaError as exc:
        console.print(f"{exc.code}: {exc.message}")
        raise typer.Exit(1) from None
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


@app.command()
def bench(
    suite: Annotated[
        str,
        typer.Option(
            help="playout: random playouts of one mode; engine: every figure of the "
            "simulation targets with the ratios to OpenSpiel; strength: the bots' ladder."
        ),
    ] = "playout",
    game: Annotated[str, typer.Option("--game", help="The game to measure.")] = "legends",
    mode: Annotated[str, typer.Option(help="The game's mode (playout suite).")] = "simplified",
    players: Annotated[int, typer.Option(help="Seats at the table (playout suite).")] = 2,
    seconds: Annotated[float, typer.Option(help="Measuring time per loop.")] = 5.0,
    games: Annotated[int, typer.Option(help="Games per pairing (strength suite).")] = 20,
    iterations: Annotated[int, typer.Option(help="ISMCTS iterations per decision.")] = 1000,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Benchmarks: random-playout speed, the engine suite, or the bots' strength."""
    if suite == "engine":
        from tavola.sim.suite import engine_suite

        figures = engine_suite(seconds, iterations)
        if as_json:
            typer.echo(json.dumps(figures))
            return
        for key, value in figures.items():
            console.print(f"  {key:32} {value}")
        return
    if suite == "strength":
        from tavola.bots.strength import matches

        rows = matches(games=games, iterations=iterations)
        if as_json:
            typer.echo(json.dumps([row.to_json() for row in rows]))
            return
        for row in rows:
            low, high = row.interval
            console.print(
                f"{row.bot:>12} vs {row.opponent:<12} {row.wins:>3}W {row.draws:>2}D "
                f"{row.losses:>3}L  win rate {row.win_rate:5.1%}  95% CI [{low:5.1%}, {high:5.1%}]"
            )
        return
    if suite != "playout":
        raise typer.BadParameter("choose playout, engine or strength", param_hint="--suite")
    from tavola.sim.bench import benchmark

    config = {
        "mode": mode,
        "deck_source": "starter",
        "players": [{"age": 20 + 7 * i, "kind": "bot"} for i in range(players)],
    }
    figures = benchmark(get_game(game), config, seconds)
    if as_json:
        typer.echo(json.dumps(figures))
        return
    console.print(f"{game} {mode}, {players} seats, random playouts on one core:")
    console.print(f"  games/s  {figures['games_per_s']}")
    console.print(f"  steps/s  {figures['steps_per_s']}")
    anchor = figures["openspiel_ttt_steps_per_s"]
    if anchor is None:
        console.print("  OpenSpiel not installed (pip install '.[bench]'): no anchor measured")
    else:
        console.print(f"  OpenSpiel python_tic_tac_toe steps/s  {anchor}")
        console.print(f"  ratio (ours / OpenSpiel)  {figures['ratio']}")


def main() -> None:
    app()
