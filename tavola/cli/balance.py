"""`tavola balance`: designer tools on simulation. `suggest` measures every card's win-rate
impact, proposes stat changes within the game's authoring budgets for the cards out of
band, keeps those a run on fresh seeds confirms, and writes the proposal and its report."""

from __future__ import annotations

import math
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

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

if TYPE_CHECKING:
    from tavola.sim.spec import SimSpec
    from tavola.sim.tuning import TuningSettings

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


GameArg = Annotated[
    str | None, typer.Argument(metavar="GAME", help="A registered game whose cards can be tuned.")
]
OutOpt = Annotated[
    Path | None,
    typer.Option("--out", help="Folder for catalogue.toml, changes.md, report.md/html."),
]
SeatsOpt = Annotated[
    str | None, typer.Option(help="Comma-separated bots, one per seat (rotated round the seats).")
]
GamesOpt = Annotated[int, typer.Option(min=1, help="Games of a measurement's first look.")]
MaxGamesOpt = Annotated[
    int,
    typer.Option(
        min=1, help="Ceiling of a measurement: its games double until every card is decided."
    ),
]
ConfirmSetsOpt = Annotated[
    int, typer.Option(min=1, help="Fresh seed sets a change must hold on, pooled.")
]
ConfirmGamesOpt = Annotated[int, typer.Option(min=1, help="Games of each confirming seed set.")]
LockOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--lock", help="A card (S1-008), a stat (hp) or CARD:stat left as it is (repeat)."
    ),
]
InversionOpt = Annotated[
    bool,
    typer.Option(
        "--allow-rarity-inversion",
        help="Let a rarer card end weaker in total than a lower rarity's strongest.",
    ),
]
BudgetOpt = Annotated[int, typer.Option(min=1, help="Games in all, every run counted.")]
BandOpt = Annotated[
    float, typer.Option(help="Percentage points either side of each card's centre.")
]
CentreOpt = Annotated[
    str,
    typer.Option(
        help="What the band is about: tier (each card against the other cards of its tier,"
        " in the baseline run, as the game tiers its cards, e.g. by rarity; a rarer card may"
        " win more) or baseline (every card against the baseline)."
    ),
]
TierCentreOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--tier-centre",
        help="A tier's centre given instead of measured, TIER=POINTS (M=+6; repeat).",
    ),
]
SeedOpt = Annotated[int, typer.Option(help="Seed of every run (each derives its own).")]
WorkersOpt = Annotated[int, typer.Option(min=1, help="Processes playing at once.")]
BackendOpt = Annotated[str, typer.Option(help="local (processes) or dask.")]
SchedulerOpt = Annotated[
    str | None, typer.Option(help="Dask scheduler address (tcp://HOST:PORT) to use.")
]
ModeOpt = Annotated[str | None, typer.Option(help="One of the game's modes.")]
CatalogOpt = Annotated[
    str | None, typer.Option("--catalog", help="A catalogue id or file to tune.")
]
PerRoundOpt = Annotated[
    int, typer.Option(min=1, help="Cards whose changes one round tries together.")
]
SetOpt = Annotated[
    list[str] | None,
    typer.Option("--set", help="Any game option as KEY=VALUE (dotted keys, JSON values)."),
]
QuietOpt = Annotated[bool, typer.Option(help="No progress bars.")]
HelpOpt = Annotated[
    bool, typer.Option("--help", help="Show this message, with GAME's own options, and exit.")
]


@app.command(context_settings=game_flags.CONTEXT)
def suggest(
    ctx: typer.Context,
    game_name: GameArg = None,
    out: OutOpt = None,
    seats: SeatsOpt = None,
    games: GamesOpt = 1000,
    max_games: MaxGamesOpt = 4000,
    confirm_sets: ConfirmSetsOpt = 3,
    confirm_games: ConfirmGamesOpt = 1000,
    lock: LockOpt = None,
    allow_rarity_inversion: InversionOpt = False,
    budget: BudgetOpt = 30_000,
    band: BandOpt = 2.0,
    centre: CentreOpt = "tier",
    tier_centre: TierCentreOpt = None,
    seed: SeedOpt = 1,
    workers: WorkersOpt = 1,
    backend: BackendOpt = "local",
    scheduler: SchedulerOpt = None,
    mode: ModeOpt = None,
    catalog: CatalogOpt = None,
    cards_per_round: PerRoundOpt = 3,
    option: SetOpt = None,
    quiet: QuietOpt = False,
    show_help: HelpOpt = False,
) -> None:
    """Propose stat changes that bring every card's win-rate impact within ±BAND points of
    its centre (its tier's, or the baseline), within the game's authoring budgets; keep only
    what a run on fresh seeds confirms. The same seed gives the same proposal. Each game adds
    its own options."""
    from tavola.sim.spec import build_spec
    from tavola.sim.tuning import TuningSettings

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
    try:
        options = game_flags.flag_options(ctx, game_name, terminal, model)
        _add_table_options(options, tuning, mode, catalog, option or [])
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
    catalogue = tuning.catalog_label(spec.config)
    console.print(f"{game_name}: catalogue {catalogue}; {_plan(seat_list, settings, band)}")
    _run_and_report(spec, settings, tuning, out, quiet)


def _plan(seats: list[str], settings: TuningSettings, band: float) -> str:
    """The run's plan in a line: seats, games, confirmation, budget, band, seed, backend."""
    about = "tier" if settings.centre == "tier" else "baseline"
    return (
        f"seats {', '.join(seats)} (rotated), {settings.games}–{settings.ceiling} games a"
        f" measurement, confirmed on {settings.confirm_sets} × {settings.confirm_games}, budget"
        f" {settings.budget}, band ±{band:g} pp about each card's {about}, seed {settings.seed}"
        f" ({settings.backend}, {settings.workers} worker(s))"
    )


def _add_table_options(
    options: dict[str, Any],
    tuning: CardTuning,
    mode: str | None,
    catalog: str | None,
    assignments: list[str],
) -> None:
    """Adds to the game's own flags what `--mode`, `--catalog` and each `--set KEY=VALUE`
    give the table (a `--set` last, over any of them)."""
    from tavola.sim.spec import set_option

    if mode is not None:
        options["mode"] = mode
    if catalog is not None:
        options.update(tuning.catalog_options(catalog))
    for assignment in assignments:
        set_option(options, assignment)


def _run_and_report(
    spec: SimSpec, settings: TuningSettings, tuning: CardTuning, out: Path, quiet: bool
) -> None:
    """The search under its progress bars, then its files and what it found, in lines."""
    from tavola.sim.tuning_report import write_outputs
    from tavola.sim.tuning_run import suggest as run_suggest

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
        listener = ProgressListener(progress, settings.budget)
        try:
            result = run_suggest(spec, settings, listener)
        except (TavolaError, ValueError, RuntimeError, OSError) as exc:
            console.print(f"[red]error[/]: {exc}")
            raise typer.Exit(1) from None
    paths = write_outputs(spec, result, tuning, out)
    runs = len(result.measurements)
    console.print(
        f"{result.games_used} games played of a budget of {settings.budget}, in {runs} runs"
    )
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
