"""The players' rules pages, `tavola/games/<game>/rules/<lang>.md`, read for their rule numbers.

Each rule of a page is a `### ` heading that opens with the numbers it tells, then ` · ` and a
title: `### R34 · No attack`, `### R30–R33 · Entry` (an en dash range names every number inside
it), `### R12, R14 · Roll`. The pages are the project's own copy of the rule numbers, so the
tests that need them run on a clone with no `shared/` beside it.
"""

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
GAMES = REPO / "tavola" / "games"

_HEADING = re.compile(r"^###\s+(?P<numbers>[^·]+?)\s+·\s+\S")
_ITEM = re.compile(r"(?P<prefix>[A-Z]{1,2})(?P<first>\d+)(?:\s*–\s*(?P=prefix)(?P<last>\d+))?")


def heading_numbers(heading: str) -> list[str] | None:
    """The rule numbers a `### ` heading opens with, or None if it does not open with any."""
    match = _HEADING.match(heading)
    if match is None:
        return None
    numbers: list[str] = []
    for item in match.group("numbers").split(","):
        found = _ITEM.fullmatch(item.strip())
        if found is None:
            return None
        first = int(found.group("first"))
        last = int(found.group("last") or first)
        numbers += [f"{found.group('prefix')}{n}" for n in range(first, last + 1)]
    return numbers


def page_numbers(text: str) -> list[str]:
    """Every rule number a page's headings name, in the page's order (repeats kept)."""
    numbers: list[str] = []
    for line in text.splitlines():
        if line.startswith("### "):
            numbers += heading_numbers(line) or []
    return numbers


def rules_pages(game: str) -> list[Path]:
    """A game's rules pages, one per language, sorted by language code."""
    return sorted((GAMES / game / "rules").glob("*.md"))


def games_with_pages() -> list[str]:
    return sorted(p.name for p in GAMES.iterdir() if rules_pages(p.name))
