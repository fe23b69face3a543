"""Playing the balance assistant's measurements on a backend: each one a `simulate` run
per seat rotation of the changed table, its rows read by `balance.analyse`."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import replace
from typing import Protocol

from tavola.core import ConfigError, derive_seed, get_game
from tavola.core.capabilities import CardChange, CardTuning, capability

from .balance import analyse
from .runner import simulate
from .spec import SimSpec
from .tuning import Measure, Measurement, Tuner, TuningResult, TuningSettings


class TuningListener(Protocol):
    """What the search tells as it goes (the command line draws progress bars)."""

    def measuring(self, label: str, games: int) -> None: ...

    def played(self, games: int) -> None: ...

    def note(self, text: str) -> None: ...


class Silent:
    def measuring(self, label: str, games: int) -> None:
        pass

    def played(self, games: int) -> None:
        pass

    def note(self, text: str) -> None:
        pass


def tuning_of(game_name: str) -> CardTuning:
    tuning = capability(get_game(game_name), CardTuning)
    if tuning is None:
        raise ConfigError("no_card_tuning", f"{game_name} has no cards the assistant can tune")
    return tuning


def shares(games: int, parts: int) -> list[int]:
    """`games` split as evenly as can be, the first parts taking one more."""
    return [games // parts + (i < games % parts) for i in range(parts)]


def measurer(
    spec: SimSpec,
    tuning: CardTuning,
    settings: TuningSettings,
    listener: TuningListener,
    scheduler: str | None,
) -> Measure:
    def measure(changes: Sequence[CardChange], label: str, count: int) -> Measurement:
        seed = derive_seed(settings.seed, "tuning", label)
        config = tuning.tuned_config(spec.config, changes)
        rotations = tuning.seat_rotations(config)
        listener.measuring(label, count)
        rows: list[dict[str, str]] = []
        for i, (table, games) in enumerate(
            zip(rotations, shares(count, len(rotations)), strict=True)
        ):
            if games == 0:
                continue
            run = replace(spec, config=table, seed=derive_seed(seed, "rotation", i), rotate=True)
            result = simulate(
                run,
                games,
                workers=settings.workers,
                backend=settings.backend,
                scheduler=scheduler,
                on_chunk=lambda chunk: listener.played(len(chunk.rows)),
            )
            rows += [{k: str(v) for k, v in row.items()} for row in result.rows]
        return Measurement(label, seed, tuple(changes), analyse(rows))

    return measure


@contextmanager
def scheduler_for(settings: TuningSettings) -> Iterator[str | None]:
    """The Dask scheduler every measurement uses: the one given, or one `LocalCluster`
    started for the whole search (a cluster per measurement would start a dozen times)."""
    if settings.backend != "dask" or settings.scheduler:
        yield settings.scheduler
        return
    try:
        from distributed import LocalCluster
    except ImportError as exc:  # pragma: no cover - the `scale` extra is missing
        raise RuntimeError("the dask backend needs: pip install 'tavola[scale]'") from exc
    with ExitStack() as stack:
        cluster = stack.enter_context(
            LocalCluster(  # type: ignore[no-untyped-call]  # distributed ships no types
                n_workers=settings.workers,
                threads_per_worker=1,
                dashboard_address=None,
                host="127.0.0.1",
                processes=True,
            )
        )
        yield str(cluster.scheduler_address)


def suggest(
    spec: SimSpec, settings: TuningSettings, listener: TuningListener | None = None
) -> TuningResult:
    """Runs the balance assistant on `spec`'s table (its bots rotated round the seats)."""
    settings.check()
    tuning = tuning_of(spec.game)
    tuning.check_rules(spec.config, settings.rules)
    heard = listener or Silent()
    with scheduler_for(settings) as scheduler:
        measure = measurer(spec, tuning, settings, heard, scheduler)
        tiers = tuning.card_tiers(spec.config)
        return Tuner(tuning, dict(spec.config), settings, measure, heard.note, tiers).run()
