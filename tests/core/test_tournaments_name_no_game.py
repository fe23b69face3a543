"""The tournament mechanism names no game: no game's name, no game's words (what an entrant
registers, who opens by age) and no rule number of a game's spec in its code, server,
store, commands or page. A game says its own through its `TournamentRules`."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2] / "tavola"
FEATURE = ROOT / "features" / "tournaments"
GENERIC = [
    *sorted(FEATURE.glob("*.py")),
    *sorted((FEATURE / "format").glob("*.py")),
    FEATURE / "web" / "js" / "tournament.js",
    FEATURE / "web" / "tournament.html",
]
FORBIDDEN = re.compile(
    r"\b(legends?|league|trono|seasons|age|ages|main|deck|decks|lineups?)\b|\bR\d{1,3}\b",
    re.IGNORECASE,
)
ALLOWED = re.compile(r"<main\b|</main>|\bmain\(\)|def main\b|\bfunction main\b|tournament-main")
"""HTML's <main> and a program's main function are not a game's main character."""


def offending_lines() -> list[str]:
    found = []
    for path in GENERIC:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            cleaned = ALLOWED.sub("", line)
            hit = FORBIDDEN.search(cleaned)
            if hit:
                found.append(f"{path.relative_to(ROOT)}:{number}: {hit.group(0)!r}: {line.strip()}")
    return found


def test_the_generic_tournament_files_exist():
    assert all(path.is_file() for path in GENERIC)
    assert len(GENERIC) > 20


def test_the_generic_tournament_code_names_no_game_nor_its_words():
    assert offending_lines() == []
