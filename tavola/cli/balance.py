"""`tavola balance`: designer tools on simulation. `suggest` measures every card's win-rate
impact, proposes stat changes within the game's authoring budgets for the cards out of
band, keeps those a run on fresh seeds confirms, and writes the proposal and its report."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
)

from tavola.core import ConfigError, TavolaError
from tavola.core.capabilities import CardTuning, capability

from . import game_flags
from .simulate import GamesPerSecond

app = typer.Typer(
    help="Balance tools: stat changes proposed and proved by simulation.",
    no_args_is_help=True,
)
console = Console(highlight=False)


class ProgressListener:
    """Two bars: the whole budget of games, and the measurement under way."""

    def __init__(self, progress: Progress, budget: int) -> None:
        self.progress = progress
        self.total = progress.add_task("[bold]budget", total=budget)
        self.run: TaskID | None = None

    def measuring(self, label: str, games: int) -> None:
        if self.run is not None:
            self.progress.remove_task(self.run)
        self.run = self.progress.add_task(label, total=games)

    def played(self, games: int) -> None:
        self.progress.advance(self.total, games)
        if self.run is not None:
            self.progress.advance(self.run, games)

    def note(self, text: str) -> None:
        self.progress.console.print(f"  {text}")


def _fail(exc: Exception) -> typer.Exit:
    if isinstance(exc, TavolaError):
        field = f" ({exc.field})" if isinstance(exc, ConfigError) and exc.field else ""
        console.print(f"[red]{exc.code}[/]{field}: {exc.message}")
    else:
        console.print(f"[red]error[/]: {exc}")
    return typer.Exit(2)


def tier_centres(given: list[str], tiers: dict[str, str]) -> tuple[tuple[str, float], ...]:
    """`--tier-centre M=+6 …` as (tier, rate) pairs; a tier the table has not is refused."""
    known = sorted(set(tiers.values()))
    out: dict[str, float] = {}
    for text in given:
        tier, equals, points = text.partition("=")
        try:
            value = float(points)
        except ValueError:
            value = math.nan
        if not equals or tier not in known or math.isnan(value):
            raise ValueError(
                f"--tier-centre {text}: expected TIER=POINTS, a tier among {', '.join(known)}"
            )
        out[tier] = value / 100
    return tuple(out.items())


@app.command(context_settings=game_flags.CONTEXT)
def suggest(
    ctx: typer.Context,
    game_name: Annotated[
        str | None,
        typer.Argument(metavar="GAME", help="A registered game whose cards can be tuned."),
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option("--out", help="Folder for catalogue.toml, changes.md, report.md/html."),
    ] = None,
    seats: Annotated[
        str | None,
        typer.Option(help="Comma-separated bots, one per seat (rotated round the seats)."),
    ] = None,
    games: Annotated[int, typer.Option(min=1, help="Games of a measurement's first look.")] = 1000,
    max_games: Annotated[
        int,
        typer.Option(
            min=1, help="Ceiling of a measurement: its games double until every card is decided."
        ),
    ] = 4000,
    confirm_sets: Annotated[
        int, typer.Option(min=1, help="Fresh seed sets a change must hold on, pooled.")
    ] = 3,
    confirm_games: Annotated[
        int, typer.Option(min=1, help="Games of each confirming seed set.")
    ] = 1000,
    lock: Annotated[
        list[str] | None,
        typer.Option(
            "--lock", help="A card (S1-008), a stat (hp) or CARD:stat left as it is (repeat)."
        ),
    ] = None,
    allow_rarity_inversion: Annotated[
        bool,
        typer.Option(
            "--allow-rarity-inversion",
            help="Let a rarer card end weaker in total than a lower rarity's strongest.",
        ),
    ] = False,
    budget: Annotated[int, typer.Option(min=1, help="Games in all, every run counted.")] = 30_000,
    band: Annotated[
        float, typer.Option(help="Percentage points either side of the baseline.")
    ] = 2.0,
    centre: Annotated[
        str,
        typer.Option(
            help="What the band is about: tier (each card against the other cards of its tier,"
            " in the baseline run, as the game tiers its cards, e.g. by rarity; a rarer card may"
            " win more) or baseline"
            " (every card against the baseline)."
        ),
    ] = "tier",
    tier_centre: Annotated[
        list[str] | None,
        typer.Option(
            "--tier-centre",
            help="A tier's centre given instead of measured, TIER=POINTS (M=+6; repeat).",
        ),
    ] = None,
    seed: Annotated[int, typer.Option(help="Seed of every run (each derives its own).")] = 1,
    workers: Annotated[int, typer.Option(min=1, help="Processes playing at once.")] = 1,
    backend: Annotated[str, typer.Option(help="local (processes) or dask.")] = "local",
    scheduler: Annotated[
        str | None, typer.Option(help="Dask scheduler address (tcp://HOST:PORT) to use.")
    ] = None,
    mode: Annotated[str | None, typer.Option(help="One of the game's modes.")] = None,
    catalog: Annotated[
        str | None, typer.Option("--catalog", help="A catalogue id or file to tune.")
    ] = None,
    cards_per_round: Annotated[
        int, typer.Option(min=1, help="Cards whose changes one round tries together.")
    ] = 3,
    option: Annotated[
        list[str] | None,
        typer.Option("--set", help="Any game option as KEY=VALUE (dotted keys, JSON values)."),
    ] = None,
    quiet: Annotated[bool, typer.Option(help="No progress bars.")] = False,
    show_help: Annotated[
        bool, typer.Option("--help", help="Show this message, with GAME's own options, and exit.")
    ] = False,
) -> None:
    """Propose stat changes that bring every card's win-rate impact within ±BAND points of
    the baseline, within the game's authoring budgets; keep only what a run on fresh seeds
    confirms. The same seed gives the same proposal. Each game adds its own options."""
    from tavola.sim.spec import build_spec, set_option
    from tavola.sim.tuning import TuningSettings
    from tavola.sim.tuning_report import write_outputs
    from tavola.sim.tuning_run import suggest as run_suggest

    known, terminal, model = game_flags.game_with_flags(ctx, game_name, show_help)
    game_name = known.name
    if out is None:
        raise game_flags.UsageProblem("Missing option '--out'.")
    tuning = capability(known, CardTuning)
    if tuning is None:
        console.print(f"[red]error[/]: {game_name} has no cards the assistant can tune")
        raise typer.Exit(2)
    seat_list = (
        [s.strip() for s in seats.split(",") if s.strip()]
        if seats is not None
        else ["reference"] * known.info.min_seats
    )
    options: dict[str, Any] = {}
    try:
        options.update(game_flags.flag_options(ctx, game_name, terminal, model))
        if mode is not None:
            options["mode"] = mode
        if catalog is not None:
            options.update(tuning.catalog_options(catalog))
        for assignment in option or []:
            set_option(options, assignment)
        spec = build_spec(game_name, seat_list, seed, options, rotate=True)
        settings = TuningSettings(
            games=games,
            budget=budget,
            band=band / 100,
            seed=seed,
            cards_per_round=cards_per_round,
            workers=workers,
            backend=backend,
            scheduler=scheduler,
            max_games=max_games,
            confirm_sets=confirm_sets,
            confirm_games=confirm_games,
            locks=tuple(dict.fromkeys(lock or ())),
            allow_rarity_inversion=allow_rarity_inversion,
            centre=centre,
            tier_centres=tier_centres(tier_centre or [], tuning.card_tiers(spec.config)),
        )
        settings.check()
        tuning.check_rules(spec.config, settings.rules)
    except (TavolaError, ValueError) as exc:
        raise _fail(exc) from None
    if scheduler and backend != "dask":
        console.print("[red]error[/]: --scheduler needs --backend dask")
        raise typer.Exit(2)
    console.print(
        f"{game_name}: catalogue {tuning.catalog_label(spec.config)}; seats"
        f" {', '.join(seat_list)} (rotated), {games}–{settings.ceiling} games a measurement,"
        f" confirmed on {confirm_sets} × {confirm_games}, budget {budget}, band ±{band:g} pp"
        f" about each card's {'tier' if centre == 'tier' else 'baseline'},"
        f" seed {seed} ({backend}, {workers} worker(s))"
    )
    progress = Progress(
        TextColumn("{task.description:>12}"),
        BarColumn(),
        MofNCompleteColumn(),
        GamesPerSecond(),
        TimeElapsedColumn(),
        console=console,
        disable=quiet,
    )
    with progress:
        listener = ProgressListener(progress, budget)
        try:
            result = run_suggest(spec, settings, listener)
        except (TavolaError, ValueError, RuntimeError, OSError) as exc:
            console.print(f"[red]error[/]: {exc}")
            raise typer.Exit(1) from None
    paths = write_outputs(spec, result, tuning, out)
    runs = len(result.measurements)
    console.print(f"{result.games_used} games played of a budget of {budget}, in {runs} runs")
    for change in result.changes:
        console.print(f"  changed {change.card_id}: {change.describe()}")
    measured = {c.card_id for m in (result.baseline, result.after) for c in m.balance.cards}
    for card in sorted(measured):
        status, why = result.status(card)
        if status.endswith("out of band"):
            console.print(f"  left out of band {card}: {why}")
        elif status == "undecided":
            console.print(f"  undecided {card}: {why}")
    console.print(f"wrote {', '.join(str(p) for p in paths)}")
