"""docs/adding-a-game.md followed literally: tic-tac-toe (tests/core/tictactoe/, its rules,
declaration and words in Italian and English, nothing else) is installed as a game is —
its own package and one `tavola.games` entry point, here a dist-info on the path of another
process — and is then found only through the entry point, passes the conformance suite, is
played at the terminal's plain table and measured by `tavola bench`."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

SOURCE = Path(__file__).parent / "tictactoe"
ROOT = Path(__file__).resolve().parents[2]
MOST_LINES = 150
"""What a game author writes for tic-tac-toe, at most (the trial's first game was ~20
members with no default and a terminal table of ~90 lines of its own)."""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder such as site-packages: the game's package and its one entry-point line."""
    folder = tmp_path_factory.mktemp("site")
    shutil.copytree(SOURCE, folder / "tictactoe", ignore=shutil.ignore_patterns("__pycache__"))
    dist = folder / "tictactoe-0.1.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: tictactoe\nVersion: 0.1\n")
    (dist / "entry_points.txt").write_text("[tavola.games]\ntictactoe = tictactoe:game\n")
    return folder


def run(site: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """A Python process that sees the site folder and nothing naming the game."""
    env = {k: v for k, v in os.environ.items() if k != "TAVOLA_GAMES"}
    env["PYTHONPATH"] = os.pathsep.join([str(site), str(ROOT)])
    return subprocess.run(
        [sys.executable, *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        cwd=site,
        timeout=300,
        check=False,
    )


def test_the_game_is_written_in_at_most_150_lines() -> None:
    files = sorted(SOURCE.glob("*.py"))
    lines = sum(len(path.read_text(encoding="utf-8").splitlines()) for path in files)
    assert [p.name for p in files] == ["__init__.py", "game.py", "words.py"]
    assert lines <= MOST_LINES


CONFORMANCE = """
from tavola.core import game_names, get_game
from tavola.core.conformance import check_declaration, play_random_game
game = get_game("tictactoe")
assert "tictactoe" in game_names() and type(game).__module__ == "tictactoe.game"
check_declaration(game)
for config in game.sample_configs():
    for seed in range(25):
        play_random_game(game, config, seed)
print("conforms")
"""


def test_found_through_its_entry_point_it_passes_the_conformance_suite(site: Path) -> None:
    done = run(site, "-c", CONFORMANCE)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["conforms"]


@pytest.mark.parametrize(
    ("lang", "told"),
    [
        ("en", ["X marks square 1.", "Game over: O won."]),
        ("it", ["X segna la casella 1.", "Vince O."]),
    ],
)
def test_it_is_played_at_the_terminal_plain_table_in_its_languages(
    site: Path, lang: str, told: list[str]
) -> None:
    """A person (typing 1: the first square free) against the random bot."""
    args = ["-m", "tavola.cli", "play", "tictactoe", "--seats", "human,random", "--seed", "4"]
    done = run(site, *args, "--lang", lang, stdin="1\n" * 5)
    assert done.returncode == 0, done.stdout + done.stderr
    assert all(line in done.stdout for line in told)  # the game's words, then the shell's
    assert "1. mark square=1" in done.stdout  # the legal list, as the browser's plain path


def test_a_mode_it_does_not_declare_is_refused_at_the_terminal_in_a_sentence(site: Path) -> None:
    args = ["-m", "tavola.cli", "play", "tictactoe", "--mode", "giant", "--lang", "en"]
    done = run(site, *args)
    assert done.returncode == 2
    assert "has no mode giant (modes: classic, misere)" in done.stdout
    assert "Traceback" not in done.stdout + done.stderr


def test_tavola_bench_measures_it_in_each_mode(site: Path) -> None:
    for mode in ("classic", "misere"):
        args = ["-m", "tavola.cli", "bench", "--game", "tictactoe", "--mode", mode]
        done = run(site, *args, "--seconds", "0.2", "--json")
        assert done.returncode == 0, done.stdout + done.stderr
        figures = json.loads(done.stdout)
        assert figures["config"] == {"mode": mode} and figures["ours"]["games"] >= 1, figures
