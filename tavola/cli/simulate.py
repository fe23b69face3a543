"""`tavola simulate`: many bot games in a batch, on local processes or on Dask, to a folder
of rows (games.csv, games.parquet) and run facts (run.json)."""

from __future__ import annotations

import shlex
import signal
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, Annotated, Any

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

from . import game_flags, problems

if TYPE_CHECKING:
    from pydantic import BaseModel

    from tavola.core import Game
    from tavola.core.capabilities import TerminalTable
    from tavola.sim.runner import SimResult
    from tavola.sim.spec import SimSpec

console = Console(highlight=False)


class GamesPerSecond(ProgressColumn):
    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text(f"{speed:,.1f} games/s" if speed else "… games/s", style="cyan")


def _split(text: str) -> list[str]:
    return [part.strip() for part in text.split(",") if part.strip()]


CONTEXT = game_flags.CONTEXT


def catalog_options(game: Any, reference: str) -> dict[str, Any]:
    """The options that make `game`'s tables play the catalogue `reference` (an id or a
    file, read here and sent inline, so that any worker plays it)."""
    from tavola.core.capabilities import CardTuning, capability

    tuning = capability(game, CardTuning)
    if tuning is None:
        raise ConfigError("invalid_option", f"{game.name} has no catalogues", field="catalog")
    return tuning.catalog_options(reference)


# The command's options: the long ones named here, so that `simulate` reads as its steps.
GameArg = Annotated[
    str | None, typer.Argument(metavar="GAME", help="A registered game (tavola games), first.")
]
OutOpt = Annotated[
    Path | None, typer.Option("--out", help="Folder for games.csv, run.json, … (needed).")
]
SeatsOpt = Annotated[
    str | None,
    typer.Option(
        help="Comma-separated bots, one per seat (any name make_bot knows: random,"
        " reference, greedy, ismcts:200…); one of the game's automata adds its seat."
        " Default: the reference bot, then random bots for the game's other seats."
    ),
]
SchedulerOpt = Annotated[
    str | None, typer.Option(help="Dask scheduler address (tcp://HOST:PORT) to use.")
]
ModeOpt = Annotated[
    str | None,
    typer.Option(
        help="One of the game's modes (default: the game's simulation default, which may"
        " not be `play`'s; the run prints which it plays)."
    ),
]
CatalogOpt = Annotated[
    str | None,
    typer.Option(
        "--catalog",
        help="A catalogue id or file (a balance proposal's catalogue.toml), for a game"
        " with catalogues.",
    ),
]
SetOpt = Annotated[
    list[str] | None,
    typer.Option("--set", help="Any game option as KEY=VALUE (dotted keys, JSON values)."),
]
RotateOpt = Annotated[
    bool, typer.Option(help="Shift the bots one seat per game (each bot sits everywhere).")
]
HelpOpt = Annotated[
    bool, typer.Option("--help", help="Show this message, with GAME's own options, and exit.")
]


def simulate(
    ctx: typer.Context,
    game_name: GameArg = None,
    out: OutOpt = None,
    seats: SeatsOpt = None,
    games: Annotated[int, typer.Option(min=1, help="Games to play.")] = 1000,
    seed: Annotated[int, typer.Option(help="Seed of the run: game i uses derive_seed.")] = 1,
    workers: Annotated[int, typer.Option(min=1, help="Processes playing at once.")] = 1,
    backend: Annotated[str, typer.Option(help="local (processes) or dask.")] = "local",
    scheduler: SchedulerOpt = None,
    mode: ModeOpt = None,
    catalog: CatalogOpt = None,
    option: SetOpt = None,
    rotate: RotateOpt = False,
    chunk_size: Annotated[int | None, typer.Option(min=1, help="Games per task.")] = None,
    report: Annotated[bool, typer.Option(help="Also write the balance report.")] = False,
    quiet: Annotated[bool, typer.Option(help="No progress bar.")] = False,
    show_help: HelpOpt = False,
) -> None:
    """Play many bot games and write one row per game: the same seed writes the same files.
    Stopped (Ctrl-C, SIGTERM), it keeps the games it finished. Each game adds its own
    options (see --help with GAME)."""
    known, terminal, model = game_flags.game_with_flags(ctx, game_name, show_help)
    if out is None:
        raise game_flags.UsageProblem("Missing option '--out'.")
    seat_list = (
        _split(seats)
        if seats is not None
        else ["reference"] + ["random"] * (known.info.min_seats - 1)
    )
    spec = _run_plan(
        ctx, known, terminal, model, seat_list, seed, mode, catalog, option or [], rotate
    )
    if scheduler and backend != "dask":
        problems.fail("simulate", "--scheduler needs --backend dask")
    where = f"dask at {scheduler}" if scheduler else f"{backend}, {workers} worker(s)"
    played = known.info.mode_of(spec.options, spec.config)
    console.print(
        f"{known.name}: {games} games"
        + (f", mode {played}" if played else "")
        + f", seats {', '.join(seat_list)}, seed {seed} ({where})"
    )
    command = shlex.join(["tavola", *sys.argv[1:]])
    result, run = _run(
        spec,
        games,
        out,
        command,
        workers=workers,
        backend=backend,
        scheduler=scheduler,
        chunk_size=chunk_size,
        quiet=quiet,
    )
    _outputs(result, run, games, out, report)


def _run_plan(
    ctx: typer.Context,
    known: Game[Any],
    terminal: TerminalTable | None,
    model: type[BaseModel] | None,
    seat_list: list[str],
    seed: int,
    mode: str | None,
    catalog: str | None,
    assignments: list[str],
    rotate: bool,
) -> SimSpec:
    """The run's spec from the command's options: the game's own flags, then --mode (said in
    so many words, it wins over the flags' usual table), --catalog and every --set."""
    from tavola.sim.spec import build_spec, set_option

    options: dict[str, Any] = {}
    try:
        options.update(game_flags.flag_options(ctx, known.name, terminal, model))
        if mode is not None:
            options["mode"] = mode
        if catalog is not None:
            options.update(catalog_options(known, catalog))
        for assignment in assignments:
            set_option(options, assignment)
        return build_spec(known.name, seat_list, seed, options, rotate=rotate)
    except TavolaError as exc:
        field = f" ({exc.field})" if isinstance(exc, ConfigError) and exc.field else ""
        problems.fail("simulate", f"{exc.code}{field}: {exc.message}")
    except ValueError as exc:
        problems.fail("simulate", str(exc))


def _progress(quiet: bool) -> Progress:
    return Progress(
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


def _run(
    spec: SimSpec,
    games: int,
    out: Path,
    command: str,
    *,
    workers: int,
    backend: str,
    scheduler: str | None,
    chunk_size: int | None,
    quiet: bool,
) -> tuple[SimResult, dict[str, Any]]:
    """The run itself, rows written as chunks arrive, and its folder written whole: the
    result and the run's facts (run.json). A run that fails before any game leaves no
    folder of a run; a signal stops it keeping the games it finished."""
    from tavola.sim.output import RUN_JSON, GamesFile, start_run, write_run
    from tavola.sim.play import Chunk
    from tavola.sim.runner import simulate as run_simulation

    start_run(spec, games, out, command=command)
    games_file = GamesFile(out)
    progress = _progress(quiet)
    with progress, stop_signals() as caught:
        task = progress.add_task("games", total=games)

        def advance(chunk: Chunk) -> None:
            games_file.add(chunk.rows)
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
                stoppable=True,
            )
        except (TavolaError, ValueError, RuntimeError, OSError) as exc:
            games_file.close()
            if not games_file.rows:  # nothing played: no folder of a run
                (out / RUN_JSON).unlink(missing_ok=True)
            console.print(f"[red]error[/]: {exc}")
            raise typer.Exit(1) from None
        finally:
            games_file.close()
        if result.stopped is not None:
            result.stopped = caught[0] if caught else result.stopped
        with ignored_signals():  # the folder is written whole, even if asked twice
            run = write_run(result, out, command=command)
    return result, run


def _outputs(result: SimResult, run: dict[str, Any], games: int, out: Path, report: bool) -> None:
    """What the run says and writes after it: the stop, the speed, the files, the balance
    report if asked; a stopped run exits with STOPPED_EXIT."""
    if result.stopped is not None:
        console.print(
            f"stopped ({result.stopped}): {result.games} of {games} games finished and kept"
        )
    console.print(
        f"{result.games} games in {run['seconds']:.2f} s: {run['games_per_s']} games/s"
        f" (startup {run['startup_seconds']:.2f} s)"
    )
    console.print(f"wrote {', '.join(str(out / f) for f in run['files'])}")
    if report:
        from tavola.sim.report import write_report

        for path in write_report(out):
            console.print(f"wrote {path}")
    if result.stopped is not None:
        raise typer.Exit(STOPPED_EXIT)


STOPPED_EXIT = 130
"""The exit status of a run stopped by a signal (as a shell reports Ctrl-C)."""


@contextmanager
def stop_signals() -> Iterator[list[str]]:
    """SIGTERM stops the run as Ctrl-C does (a `KeyboardInterrupt`, which the runner turns
    into a stopped run); the list gets the name of the signal that stopped it."""
    caught: list[str] = []
    if threading.current_thread() is not threading.main_thread():
        yield caught  # only the main thread may set handlers: Ctrl-C alone stops the run
        return

    def stop(number: int, frame: FrameType | None) -> None:
        caught.append(signal.Signals(number).name)
        raise KeyboardInterrupt

    previous = {number: signal.signal(number, stop) for number in STOPPING}
    try:
        yield caught
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


@contextmanager
def ignored_signals() -> Iterator[None]:
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {number: signal.signal(number, signal.SIG_IGN) for number in STOPPING}
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


STOPPING = (signal.SIGINT, signal.SIGTERM)
