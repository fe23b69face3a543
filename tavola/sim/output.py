"""A run's folder: games.csv (and games.parquet when pyarrow is there), cards.json with
the card names the games showed, and run.json with the spec and the timings.

games.csv and games.parquet hold only what the seed decides, so two runs with the same
spec are equal byte for byte; everything about time and machines goes to run.json.

A run writes run.json when it starts (`games_planned`, `complete: false`) and games.csv
as games finish (`GamesFile`, flushed after every game or chunk), so a run stopped or
killed part-way leaves a folder `tavola report` reads; at its end (or when stopped by a
signal) games.csv is written again in game order and run.json gets the full facts.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import os
import platform
import time
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import IO, Any

from tavola.core import get_game
from tavola.core.capabilities import CardTuning, capability

from .rows import Row
from .runner import SimResult
from .spec import SimSpec

GAMES_CSV = "games.csv"
GAMES_PARQUET = "games.parquet"
RUN_JSON = "run.json"
CARDS_JSON = "cards.json"


def columns_of(rows: Iterable[Row]) -> list[str]:
    """Every column, in the order first met (rows are in game order, so this is stable)."""
    seen: dict[str, None] = {}
    for row in rows:
        for key in row:
            seen.setdefault(key, None)
    return list(seen)


def csv_text(rows: Sequence[Row]) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=columns_of(rows), lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()


def write_parquet(rows: Sequence[Row], path: Path) -> bool:
    """Integer columns as int64, the rest as text; False when pyarrow is not installed."""
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        return False
    arrays = {}
    for name in columns_of(rows):
        values = [row.get(name) for row in rows]
        if all(isinstance(v, int) for v in values):
            arrays[name] = pa.array(values, type=pa.int64())
        else:
            arrays[name] = pa.array(["" if v is None else str(v) for v in values], type=pa.string())
    pq.write_table(pa.table(arrays), path)
    return True


def write_atomically(path: Path, text: str) -> None:
    """Through a temporary file beside it: a run killed while writing leaves the old file."""
    partial = path.with_name(path.name + ".part")
    partial.write_text(text, encoding="utf-8")
    os.replace(partial, path)


class GamesFile:
    """games.csv written as games finish, in the order they finish, flushed after each
    `add`: what a stopped run keeps. The header is the first rows' columns; a later row
    with a column not seen yet has the file written again with every column."""

    def __init__(self, out: Path) -> None:
        self.path = out / GAMES_CSV
        self.rows: list[Row] = []
        self.columns: list[str] = []
        self.handle: IO[str] | None = None

    def add(self, rows: Sequence[Row]) -> None:
        self.rows.extend(rows)
        known = set(self.columns)
        if self.handle is None or any(key not in known for row in rows for key in row):
            self.close()
            self.columns = columns_of(self.rows)
            self.handle = self.path.open("w", encoding="utf-8", newline="")
            self._writer().writeheader()
            rows = self.rows
        self._writer().writerows(rows)
        self.handle.flush()

    def _writer(self) -> csv.DictWriter[str]:
        assert self.handle is not None
        return csv.DictWriter(self.handle, fieldnames=self.columns, lineterminator="\n")

    def close(self) -> None:
        if self.handle is not None:
            self.handle.close()
            self.handle = None


def start_run(spec: SimSpec, games: int, out: Path, *, command: str | None = None) -> None:
    """run.json before the first game, so that the folder of a killed run still names its
    game and bots; an old games.csv and games.parquet, which would no longer match, go
    (`GamesFile` writes games.csv from the first game that finishes)."""
    out.mkdir(parents=True, exist_ok=True)
    for name in (GAMES_CSV, GAMES_PARQUET):
        (out / name).unlink(missing_ok=True)
    run = {
        **spec.to_json(),
        "games_planned": games,
        "complete": False,
        "started_at": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        "command": command,
        "files": [GAMES_CSV, RUN_JSON],
    }
    write_atomically(out / RUN_JSON, json.dumps(run, ensure_ascii=False, indent=1) + "\n")


def catalogue_label(game: str, config: Mapping[str, Any]) -> str | None:
    """The catalogue the games played, id and content hash, for a game that has
    catalogues (its `CardTuning`): a report says which cards its figures are of."""
    tuning = capability(get_game(game), CardTuning)
    return tuning.catalog_label(config) if tuning is not None else None


def write_run(result: SimResult, out: Path, *, command: str | None = None) -> dict[str, Any]:
    """Writes the folder; returns what went into run.json. A stopped run (`result.stopped`)
    gets games.csv of the games it finished, and no games.parquet."""
    out.mkdir(parents=True, exist_ok=True)
    text = csv_text(result.rows)
    write_atomically(out / GAMES_CSV, text)
    files = [GAMES_CSV]
    if result.complete and write_parquet(result.rows, out / GAMES_PARQUET):
        files.append(GAMES_PARQUET)
    (out / CARDS_JSON).write_text(
        json.dumps(result.names, ensure_ascii=False, indent=1, sort_keys=True) + "\n",
        encoding="utf-8",
    )
    files.append(CARDS_JSON)
    run = {
        **result.spec.to_json(),
        "games": result.games,
        "games_planned": result.planned or result.games,
        "complete": result.complete,
        "stopped": result.stopped,
        "backend": result.backend,
        "workers": result.workers,
        "scheduler": result.scheduler,
        "chunk_size": result.chunk_size,
        **result.timings(),
        "finished_at": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        "python": platform.python_version(),
        "machine": platform.node(),
        "command": command,
        "catalogue": catalogue_label(result.spec.game, result.spec.config),
        "files": [*files, RUN_JSON],
        "games_csv_sha256": hashlib.sha256(text.encode("utf-8")).hexdigest(),
    }
    write_atomically(out / RUN_JSON, json.dumps(run, ensure_ascii=False, indent=1) + "\n")
    return run


def read_rows(folder: Path) -> list[dict[str, str]]:
    """games.csv as text cells (the report converts what it needs), in game order. A row
    cut short (a run killed while writing it) is left out."""
    with (folder / GAMES_CSV).open(encoding="utf-8", newline="") as handle:
        rows = [
            row
            for row in csv.DictReader(handle)
            if None not in row and all(value is not None for value in row.values())
        ]
    return sorted(rows, key=lambda row: int(row["game"]) if row["game"].isdigit() else -1)


def read_json(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
