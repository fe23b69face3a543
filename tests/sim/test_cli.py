"""`tavola simulate` at the command line: progress, files, and clear refusals."""

import json
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from tavola.cli import app
from tavola.sim import bench_workers

runner = CliRunner()
QUICK = ["--mode", "simplified", "--max-clashes", "20", "--games", "12"]


def test_simulate_shows_games_per_second_and_writes_the_folder(tmp_path):
    out = tmp_path / "run"
    result = runner.invoke(
        app, ["simulate", "legends", *QUICK, "--workers", "2", "--seed", "5", "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    assert "games/s" in result.output
    run = json.loads((out / "run.json").read_text())
    assert run["games"] == 12 and run["workers"] == 2 and run["seed"] == 5
    assert run["games_per_s"] > 0
    assert {"games.csv", "games.parquet", "cards.json", "run.json"} <= set(run["files"])
    assert len((out / "games.csv").read_text().splitlines()) == 13


def test_unknown_bot_is_refused_with_the_known_names(tmp_path):
    result = runner.invoke(
        app, ["simulate", "legends", "--seats", "reference,nobody", "--out", str(tmp_path)]
    )
    assert result.exit_code == 2
    assert "unknown bot 'nobody'" in result.output and "random" in result.output


def test_bad_game_option_is_refused_naming_the_field(tmp_path):
    result = runner.invoke(
        app, ["simulate", "legends", "--set", "max_rounds=0", "--out", str(tmp_path)]
    )
    assert result.exit_code == 2
    assert "max_rounds" in result.output
    assert not (tmp_path / "games.csv").exists()


def test_scheduler_needs_the_dask_backend(tmp_path):
    result = runner.invoke(
        app,
        ["simulate", "legends", *QUICK, "--scheduler", "tcp://127.0.0.1:1", "--out", str(tmp_path)],
    )
    assert result.exit_code == 2
    assert "--backend dask" in result.output


def test_bench_workers_gives_both_figures_and_their_ratio():
    figures = bench_workers(
        "legends",
        seats=("random", "random"),
        options={"mode": "simplified", "simplified": {"max_clashes": 20}},
        games=16,
    )
    assert figures["games_per_s_1"] > 0 and figures["games_per_s_2"] > 0
    # The ratio is rounded to three decimals: compare at that precision.
    assert figures["ratio"] == pytest.approx(
        figures["games_per_s_2"] / figures["games_per_s_1"], abs=0.0005
    )


def test_unreachable_scheduler_is_refused_with_its_address(tmp_path):
    result = runner.invoke(
        app,
        [
            "simulate", "legends", *QUICK, "--backend", "dask",
            "--scheduler", "tcp://127.0.0.1:1", "--out", str(tmp_path),
        ],
    )  # fmt: skip
    assert result.exit_code == 1
    assert "tcp://127.0.0.1:1" in result.output
    assert not (tmp_path / "games.csv").exists()


def test_the_command_line_imports_no_database_code():
    """Every local worker imports the command line again (Python 3.11's forkserver does
    not preload the main module): SQLAlchemy and Alembic would cost each a quarter second."""
    probe = "import sys, tavola.cli; print(sorted({m.split('.')[0] for m in sys.modules}))"
    loaded = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    ).stdout
    assert "'tavola'" in loaded
    assert "'sqlalchemy'" not in loaded and "'alembic'" not in loaded
