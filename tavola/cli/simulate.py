"""`tavola simulate`: many bot games in a batch, on local processes or on Dask, to a folder
of rows (games.csv, games.parquet) and run facts (run.json)."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text

from tavola.core import ConfigError, TavolaError

console = Console(highlight=False)


class GamesPerSecond(ProgressColumn):
    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text(f"{speed:,.1f} games/s" if speed else "… games/s", style="cyan")


def _split(text: str) -> list[str]:
    return [part.strip() for part in text.split(",") if part.strip()]


def simulate(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="The game: legends.")],
    out: Annotated[Path, typer.Option("--out", help="Folder for games.csv, run.json, …")],
    seats: Annotated[
        str,
        typer.Option(
            help="Comma-separated bots, one per seat (any name make_bot knows: random,"
            " reference, greedy, ismcts:200…); 'boss' adds the automatic boss seat."
        ),
    ] = "reference,random",
    games: Annotated[int, typer.Option(min=1, help="Games to play.")] = 1000,
    seed: Annotated[int, typer.Option(help="Seed of the run: game i uses derive_seed.")] = 1,
    workers: Annotated[int, typer.Option(min=1, help="Processes playing at once.")] = 1,
    backend: Annotated[str, typer.Option(help="local (processes) or dask.")] = "local",
    scheduler: Annotated[
        str | None, typer.Option(help="Dask scheduler address (tcp://HOST:PORT) to use.")
    ] = None,
    mode: Annotated[str | None, typer.Option(help="classic, epic or simplified.")] = None,
    sides: Annotated[str | None, typer.Option(help="free_for_all, teams or good_vs_evil.")] = None,
    boss_level: Annotated[int, typer.Option(help="The automatic boss's level, 1–5.")] = 1,
    max_rounds: Annotated[int | None, typer.Option(help="Battles: the round limit.")] = None,
    max_clashes: Annotated[int | None, typer.Option(help="Simplified: the clash limit.")] = None,
    option: Annotated[
        list[str] | None,
        typer.Option("--set", help="Any game option as KEY=VALUE (dotted keys, JSON values)."),
    ] = None,
    rotate: Annotated[
        bool, typer.Option(help="Shift the bots one seat per game (each bot sits everywhere).")
    ] = False,
    chunk_size: Annotated[int | None, typer.Option(min=1, help="Games per task.")] = None,
    report: Annotated[bool, typer.Option(help="Also write the balance report.")] = False,
    quiet: Annotated[bool, typer.Option(help="No progress bar.")] = False,
) -> None:
    """Play many bot games and write one row per game: the same seed writes the same files."""
    from tavola.sim.output import write_run
    from tavola.sim.play import Chunk
    from tavola.sim.runner import simulate as run_simulation
    from tavola.sim.spec import BOSS_SEAT, build_spec, set_option

    seat_list = _split(seats)
    options: dict[str, Any] = {}
    if mode is not None:
        options["mode"] = mode
    if sides is not None:
        options["sides"] = sides
    if BOSS_SEAT in seat_list:
        options["boss_level"] = boss_level
    if max_rounds is not None:
        options["max_rounds"] = max_rounds
    if max_clashes is not None:
        options.setdefault("simplified", {})["max_clashes"] = max_clashes
    try:
        for assignment in option or []:
            set_option(options, assignment)
        spec = build_spec(game_name, seat_list, seed, options, rotate=rotate)
    except TavolaError as exc:
        field = f" ({exc.field})" if isinstance(exc, ConfigError) and exc.field else ""
        console.print(f"[red]{exc.code}[/]{field}: {exc.message}")
        raise typer.Exit(2) from None
    except ValueError as exc:
        console.print(f"[red]error[/]: {exc}")
        raise typer.Exit(2) from None
    if scheduler and backend != "dask":
        console.print("[red]error[/]: --scheduler needs --backend dask")
        raise typer.Exit(2)

    where = f"dask at {scheduler}" if scheduler else f"{backend}, {workers} worker(s)"
    console.print(
        f"{game_name}: {games} games, seats {', '.join(seat_list)}, seed {seed} ({where})"
    )
    progress = Progress(
        TextColumn("[bold]simulating"),
        BarColumn(),
        MofNCompleteColumn(),
        GamesPerSecond(),
        TimeElapsedColumn(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
        console=console,
        disable=quiet,
    )
    with progress:
        task = progress.add_task("games", total=games)

        def advance(chunk: Chunk) -> None:
            progress.advance(task, len(chunk.rows))

        try:
            result = run_simulation(
                spec,
                games,
                workers=workers,
                backend=backend,
                scheduler=scheduler,
                chunk_size=chunk_size,
                on_chunk=advance,
            )
        except (TavolaError, ValueError, RuntimeError, OSError) as exc:
            console.print(f"[red]error[/]: {exc}")
            raise typer.Exit(1) from None
    run = write_run(result, out, command=shlex.join(["tavola", *sys.argv[1:]]))
    console.print(
        f"{result.games} games in {run['seconds']:.2f} s: {run['games_per_s']} games/s"
        f" (startup {run['startup_seconds']:.2f} s)"
    )
    console.print(f"wrote {', '.join(str(out / f) for f in run['files'])}")
    if report:
        from tavola.sim.report import write_report

        for path in write_report(out):
            console.print(f"wrote {path}")
