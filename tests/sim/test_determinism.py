"""Same seed, same files: whatever the number of workers, the backend or the chunking."""

import hashlib

import pytest

from tavola.sim import simulate
from tavola.sim.output import GAMES_CSV, GAMES_PARQUET, csv_text, write_run


def digests(result, folder):
    write_run(result, folder)
    files = [GAMES_CSV] + ([GAMES_PARQUET] if (folder / GAMES_PARQUET).exists() else [])
    return {name: hashlib.sha256((folder / name).read_bytes()).hexdigest() for name in files}


def test_two_local_workers_write_the_same_files_as_one(classic_spec, classic_local, tmp_path):
    two = simulate(classic_spec, 48, workers=2, chunk_size=7)
    assert digests(two, tmp_path / "two") == digests(classic_local, tmp_path / "one")


def test_parquet_is_written_when_pyarrow_is_there(classic_local, tmp_path):
    pytest.importorskip("pyarrow")
    import pyarrow.parquet as pq

    write_run(classic_local, tmp_path)
    table = pq.read_table(tmp_path / GAMES_PARQUET)
    assert table.column_names == list(classic_local.rows[0])
    assert table.column("game").to_pylist() == list(range(48))
    assert str(table.schema.field("hp_P1").type) == "int64"


def test_dask_local_cluster_writes_the_same_files(classic_spec, classic_local, tmp_path):
    pytest.importorskip("distributed")
    dask = simulate(classic_spec, 48, workers=2, backend="dask", chunk_size=6)
    assert dask.backend == "dask"
    assert digests(dask, tmp_path / "dask") == digests(classic_local, tmp_path / "local")


def test_another_seed_gives_other_games(classic_spec, classic_local):
    from dataclasses import replace

    other = simulate(replace(classic_spec, seed=12), 48)
    assert csv_text(other.rows) != csv_text(classic_local.rows)


def test_run_json_holds_the_timings_and_the_rows_hold_none(classic_local, tmp_path):
    run = write_run(classic_local, tmp_path)
    assert run["games"] == 48 and run["games_per_s"] > 0
    assert {"seconds", "startup_seconds", "games_per_s", "finished_at"} <= set(run)
    header = (tmp_path / GAMES_CSV).read_text().splitlines()[0]
    assert not any(word in header for word in ("time", "second", "duration"))
