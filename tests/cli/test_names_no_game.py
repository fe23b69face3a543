"""The command line names no game: every game reaches it through the contract."""

import re
from pathlib import Path

import pytest

import tavola.cli
from tavola.core import game_names, get_game

CLI = Path(tavola.cli.__file__).parent


def words_of_games() -> set[str]:
    """Each registered game's name, automata and keys sent once: what names a game."""
    words: set[str] = set()
    for name in game_names():
        info = get_game(name).info
        words |= {name, *info.automata, *info.sent_once}
    return words


@pytest.mark.parametrize("path", sorted(CLI.rglob("*.py")), ids=lambda p: p.name)
def test_no_line_of_the_command_line_names_a_game(path):
    pattern = re.compile("|".join(re.escape(w) for w in sorted(words_of_games())), re.IGNORECASE)
    named = [line for line in path.read_text().splitlines() if pattern.search(line)]
    assert named == []
