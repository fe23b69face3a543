"""A run stopped part-way keeps the games it finished: games.csv is written as games finish,
a signal ends the run with the folder written for those games, and `tavola report` reads
it, saying the run is incomplete (issue 32). Real `tavola simulate` processes, stopped by
real signals once games.csv shows finished games."""

import csv
import json
import os
import signal
import subprocess
import sys
import time

import pytest
from typer.testing import CliRunner

from tavola.cli import app
from tavola.sim.output import GamesFile, read_rows

runner = CliRunner()
PLANNED = 100_000
"""Far more games than a test lets finish: the run is always stopped."""
DEADLINE_S = 120


def start(out, *args):
    command = [sys.executable, "-m", "tavola.cli", "simulate", "legends", "--out", str(out)]
    command += ["--mode", "simplified", "--max-clashes", "20", "--quiet"]
    command += ["--games", str(PLANNED), "--seed", "7", *args]
    return subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=os.environ
    )


def data_lines(path):
    """games.csv's complete rows so far (a line still being written is not one)."""
    if not path.exists():
        return 0
    return max(0, path.read_text().count("\n") - 1)


def wait_for_games(process, out, games):
    deadline = time.monotonic() + DEADLINE_S
    while data_lines(out / "games.csv") < games:
        assert process.poll() is None, process.communicate()[0]
        assert time.monotonic() < deadline, "no finished games in games.csv"
        time.sleep(0.05)  # polling the file the run writes, with a deadline


def stop(process, number):
    process.send_signal(number)
    try:
        output, _ = process.communicate(timeout=DEADLINE_S)
    except subprocess.TimeoutExpired:
        process.kill()
        raise
    return process.returncode, output


def read(out):
    with (out / "games.csv").open(newline="") as handle:
        rows = list(csv.DictReader(handle))
    return rows, json.loads((out / "run.json").read_text())


@pytest.mark.parametrize(
    ("number", "workers"), [(signal.SIGINT, "1"), (signal.SIGTERM, "2")], ids=["sigint", "sigterm"]
)
def test_a_stopped_run_keeps_its_finished_games_and_reports_them(tmp_path, number, workers):
    out = tmp_path / "run"
    process = start(out, "--workers", workers, "--chunk-size", "2")
    wait_for_games(process, out, 4)
    code, output = stop(process, number)
    assert code == 130, output
    name = signal.Signals(number).name
    rows, run = read(out)
    finished = len(rows)
    assert finished >= 4 and f"stopped ({name}): {finished} of {PLANNED}" in output
    games = [int(r["game"]) for r in rows]  # in game order, each once (a chunk two workers
    assert games == sorted(set(games))  # were still playing is lost: gaps may be)
    assert (run["complete"], run["stopped"], run["games"]) == (False, name, finished)
    assert run["games_planned"] == PLANNED and "games.parquet" not in run["files"]
    shown = runner.invoke(app, ["report", str(out)])
    assert shown.exit_code == 0, shown.output
    said = f"Incomplete run ({name}): {finished} of {PLANNED} games finished."
    assert said in shown.output
    assert said in (out / "report.md").read_text().replace("**", "")
    assert f"{finished} games; baseline" in shown.output


def test_a_killed_run_leaves_games_csv_that_report_reads(tmp_path):
    """SIGKILL gives the run no last word: games.csv as it was written, run.json as it
    was at the start."""
    out = tmp_path / "run"
    process = start(out)
    wait_for_games(process, out, 3)
    process.kill()
    process.communicate(timeout=DEADLINE_S)
    rows, run = read(out)
    assert run["complete"] is False and run["games_planned"] == PLANNED
    shown = runner.invoke(app, ["report", str(out)])
    assert shown.exit_code == 0, shown.output
    finished = len([r for r in rows if None not in r.values()])  # a row cut short is left out
    assert f"Incomplete run (killed, or still running): {finished} of {PLANNED}" in shown.output


def test_a_finished_run_says_it_is_complete(tmp_path):
    out = tmp_path / "run"
    args = ["--mode", "simplified", "--max-clashes", "20", "--games", "3", "--quiet"]
    result = runner.invoke(app, ["simulate", "legends", "--out", str(out), *args])
    assert result.exit_code == 0, result.output
    rows, run = read(out)
    assert (run["complete"], run["stopped"], run["games_planned"], len(rows)) == (True, None, 3, 3)
    shown = runner.invoke(app, ["report", str(out)])
    assert "Incomplete" not in shown.output and "Incomplete" not in (out / "report.md").read_text()


def test_games_csv_is_written_again_when_a_later_game_brings_a_column(tmp_path):
    games = GamesFile(tmp_path)
    games.add([{"game": 1, "a": 1}])
    assert (tmp_path / "games.csv").read_text() == "game,a\n1,1\n"  # flushed at once
    games.add([{"game": 0, "a": 2, "b": 3}])
    games.close()
    assert (tmp_path / "games.csv").read_text() == "game,a,b\n1,1,\n0,2,3\n"


def test_rows_read_back_in_game_order_without_a_line_cut_short(tmp_path):
    (tmp_path / "games.csv").write_text("game,reason,turns\n2,end,4\n0,end,3\n1,en")
    assert read_rows(tmp_path) == [
        {"game": "0", "reason": "end", "turns": "3"},
        {"game": "2", "reason": "end", "turns": "4"},
    ]
