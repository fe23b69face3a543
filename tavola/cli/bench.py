"""`tavola bench`: random-playout speed of any game, the engine suite, the bots' strength,
and how a game's cost grows with its seats. `--json` prints one object carrying `run`: the
machine, CPU count, Python, commit and options (`bench_run.py`)."""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer
from rich.console import Console

from tavola.core import TavolaError, get_game
from tavola.core.registry import game_names

from . import problems
from .bench_run import run_info

console = Console(highlight=False)
SUITES = ("playout", "engine", "strength", "growth")
GROWTH_SEATS = (2, 4, 8)


def bench(
    suite: Annotated[
        str,
        typer.Option(
            help="playout: random playouts of one game's table; engine: every figure of the "
            "simulation targets with the ratios to OpenSpiel; strength: the bots' ladder; "
            "growth: one game's steps/s, legal actions and memory at 2, 4 and 8 seats."
        ),
    ] = "playout",
    game: Annotated[
        str | None,
        typer.Option(
            "--game",
            help="The game to measure (the engine suite without it: every game whose random "
            "play designers simulate at scale, keyed by name).",
        ),
    ] = None,
    mode: Annotated[
        str | None, typer.Option(help="The game's mode (playout suite; default: its first).")
    ] = None,
    players: Annotated[
        int | None, typer.Option(min=1, help="Seats at the table (playout suite; default 2).")
    ] = None,
    seconds: Annotated[float, typer.Option(help="Measuring time per loop.")] = 5.0,
    games: Annotated[int, typer.Option(min=1, help="Games per pairing (strength suite).")] = 20,
    iterations: Annotated[int, typer.Option(min=1, help="ISMCTS iterations per decision.")] = 1000,
    sim_games: Annotated[
        int,
        typer.Option(min=1, help="Games of the 1- and 2-worker simulation runs (engine suite)."),
    ] = 2000,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Benchmarks: random-playout speed, the engine suite, the bots' strength, or growth."""
    if suite not in SUITES:
        raise typer.BadParameter(
            f"unknown suite '{suite}'; the suites: {', '.join(SUITES)}", param_hint="--suite"
        )
    run = run_info(
        {
            "suite": suite,
            "game": game,
            "mode": mode,
            "players": players,
            "seconds": seconds,
            "games": games,
            "iterations": iterations,
            "sim_games": sim_games,
        }
    )
    if suite == "engine":
        engine(game, seconds, iterations, sim_games, as_json, run)
        return
    if game is None:
        known = ", ".join(game_names())
        raise typer.BadParameter(f"each suite measures one game: {known}", param_hint="--game")
    if suite == "strength":
        strength(game, games, iterations, as_json, run)
    elif suite == "growth":
        growth(game, mode, seconds, as_json, run)
    else:
        playout(game, mode, players, seconds, as_json, run)


def strength(name: str, games: int, iterations: int, as_json: bool, run: dict[str, Any]) -> None:
    """The ladder, one row printed as each pairing ends (a long run shows its progress)."""
    from tavola.bots.strength import ladder, matches

    try:
        game = get_game(name)
    except TavolaError as exc:
        raise typer.BadParameter(str(exc), param_hint="--game") from None
    rows = []
    for pair in ladder(game):
        (row,) = matches(game, [pair], games=games, iterations=iterations)
        rows.append(row)
        if not as_json:
            low, high = row.interval
            console.print(
                f"{row.bot:>12} vs {row.opponent:<12} {row.wins:>3}W {row.draws:>2}D "
                f"{row.losses:>3}L  win rate {row.win_rate:5.1%}  "
                f"95% CI [{low:5.1%}, {high:5.1%}]  {row.seconds:7.1f} s",
                markup=False,
                soft_wrap=True,
            )
    if as_json:
        typer.echo(json.dumps({"rows": [row.to_json() for row in rows], "run": run}))


def raced_games() -> list[str]:
    """The games the engine suite measures without `--game`: those that say designers
    simulate their random play at scale (`GameInfo.raced`)."""
    return [name for name in game_names() if get_game(name).info.raced]


def engine(
    game: str | None,
    seconds: float,
    iterations: int,
    sim_games: int,
    as_json: bool,
    run: dict[str, Any],
) -> None:
    """One game's figures (flat), or without `--game` every raced game's, keyed by name."""
    from tavola.sim.suite import engine_suite

    names = [game] if game else raced_games()
    try:
        games = [get_game(name) for name in names]
    except TavolaError as exc:
        raise typer.BadParameter(str(exc), param_hint="--game") from None
    suites = {g.name: engine_suite(g, seconds, iterations, sim_games) for g in games}
    if as_json:
        # One game's figures flat, or every raced game's keyed by name; `run` beside them.
        typer.echo(json.dumps({**(suites[game] if game else suites), "run": run}))
        return
    for figures in suites.values():
        for key, value in figures.items():
            if isinstance(value, dict):  # the notes: one line each
                for name, note in value.items():
                    console.print(f"  {name:40} {note}", markup=False)
                continue
            console.print(f"  {key:40} {value}", markup=False)


def growth(name: str, mode: str | None, seconds: float, as_json: bool, run: dict[str, Any]) -> None:
    """The game's own table at 2, 4 and 8 seats (those it seats), random play: steps/s,
    legal actions per decision and memory per game (`tavola.sim.growth`). A catalogue
    doubled with variants stays in `bench/growth.py`: it needs a game's card model."""
    from tavola.sim.bench import bench_table
    from tavola.sim.growth import growth_table, measure

    try:
        known = get_game(name)
        counts = [n for n in GROWTH_SEATS if known.info.min_seats <= n <= known.info.max_seats]
        rows = []
        for count in counts or [known.info.min_seats]:
            _, config = bench_table(known, mode, count)
            rows.append(measure(known, config, {"seats": count}, seconds))
    except TavolaError as exc:
        raise typer.BadParameter(f"{exc.code}: {exc.message}", param_hint="--game") from None
    if as_json:
        typer.echo(json.dumps({"game": name, "rows": [r.to_json() for r in rows], "run": run}))
        return
    typer.echo(growth_table(rows))


def playout(
    name: str,
    mode: str | None,
    players: int | None,
    seconds: float,
    as_json: bool,
    run: dict[str, Any],
) -> None:
    from tavola.sim.bench import bench_table, benchmark

    try:
        game = get_game(name)
        table, config = bench_table(game, mode, players)
        figures = benchmark(game, config, seconds)
    except TavolaError as exc:
        problems.fail("bench", f"{exc.code}: {exc.message}")
    if as_json:
        typer.echo(json.dumps({**figures, "run": run}))
        return
    console.print(f"{name} ({table}): random playouts on one core:")
    console.print(f"  games/s  {figures['games_per_s']}")
    console.print(f"  steps/s  {figures['steps_per_s']}")
    anchor = figures["openspiel_ttt_steps_per_s"]
    if anchor is None:
        console.print(
            "  OpenSpiel not installed (pip install '.[bench]'): no anchor measured", markup=False
        )
    else:
        console.print(f"  OpenSpiel python_tic_tac_toe steps/s  {anchor}")
        console.print(f"  ratio (ours / OpenSpiel)  {figures['ratio']}")
