"""The shell names no game: every package outside tavola/games (the kernel, the server, the
store, the simulator, the bots, the learning adapter, the browser, the command line, and the
features) reaches a game through the contract alone. Its DECISIONS.md files may tell the
history; no module, page, script, stylesheet or catalogue may name a game."""

import re
from pathlib import Path

import pytest

from tavola.core import game_names, get_game

TAVOLA = Path(__file__).resolve().parents[2] / "tavola"
SHELL = ("core", "server", "store", "sim", "bots", "rl", "web", "cli", "features")
TEXT = {".py", ".js", ".html", ".css", ".json", ".toml", ".mako", ".svg", ".md"}


def words_of_games() -> set[str]:
    """Each registered game's name, automata and keys sent once: what names a game."""
    words: set[str] = set()
    for name in game_names():
        info = get_game(name).info
        words |= {name, *info.automata, *info.sent_once}
    return words


def exempt(path: Path) -> bool:
    return path.name == "DECISIONS.md"


FILES = sorted(
    path
    for package in SHELL
    if (TAVOLA / package).is_dir()
    for path in (TAVOLA / package).rglob("*")
    if path.is_file() and path.suffix in TEXT and not exempt(path)
)


def test_the_scan_covers_every_shell_package():
    packages = {path.relative_to(TAVOLA).parts[0] for path in FILES}
    assert packages == {p for p in SHELL if (TAVOLA / p).is_dir()}
    assert {p.name for p in TAVOLA.iterdir() if p.is_dir() and p.name != "__pycache__"} <= {
        *SHELL,
        "games",
    }


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.relative_to(TAVOLA).as_posix())
def test_no_line_of_the_shell_names_a_game(path):
    pattern = re.compile("|".join(re.escape(w) for w in sorted(words_of_games())), re.I)
    named = [line for line in path.read_text(errors="ignore").splitlines() if pattern.search(line)]
    assert named == []
