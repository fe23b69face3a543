"""A run's folder: games.csv (and games.parquet when pyarrow is there), cards.json with
the card names the games showed, and run.json with the spec and the timings.

games.csv and games.parquet hold only what the seed decides, so two runs with the same
spec are equal byte for byte; everything about time and machines goes to run.json.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import platform
import time
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from tavola.core import get_game
from tavola.core.capabilities import CardTuning, capability

from .rows import Row
from .runner import SimResult

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


def catalogue_label(game: str, config: Mapping[str, Any]) -> str | None:
    """The catalogue the games played, id and content hash, for a game that has
    catalogues (its `CardTuning`): a report says which cards its figures are of."""
    tuning = capability(get_game(game), CardTuning)
    return tuning.catalog_label(config) if tuning is not None else None


def write_run(result: SimResult, out: Path, *, command: str | None = None) -> dict[str, Any]:
    """Writes the folder; returns what went into run.json."""
    out.mkdir(parents=True, exist_ok=True)
    text = csv_text(result.rows)
    (out / GAMES_CSV).write_text(text, encoding="utf-8")
    files = [GAMES_CSV]
    if write_parquet(result.rows, out / GAMES_PARQUET):
        files.append(GAMES_PARQUET)
    (out / CARDS_JSON).write_text(
        json.dumps(result.names, ensure_ascii=False, indent=1, sort_keys=True) + "\n",
        encoding="utf-8",
    )
    files.append(CARDS_JSON)
    run = {
        **result.spec.to_json(),
        "games": result.games,
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
    (out / RUN_JSON).write_text(json.dumps(run, ensure_ascii=False, indent=1) + "\n")
    return run


def read_rows(folder: Path) -> list[dict[str, str]]:
    """games.csv as text cells (the report converts what it needs)."""
    with (folder / GAMES_CSV).open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def read_json(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
