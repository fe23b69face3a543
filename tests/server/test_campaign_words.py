"""Campaigns speak no game's words: a campaign is a series of games (tables) of one game,
the game's own state kept between them. The words one game uses for its campaign (Legends'
battles, carried cards, bosses, leagues) live in that game's narration and catalogues;
the shell's campaign code, page and store say "game", "table" and "partita"."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2] / "tavola"

FEATURE = ROOT / "features" / "campaigns"
CAMPAIGN_FILES = [
    *sorted(FEATURE.glob("*.py")),
    FEATURE / "web" / "campaign.html",
    FEATURE / "web" / "js" / "campaign.js",
]
"""Files about campaigns alone: no game's word at all."""

GAME_WORDS = re.compile(r"battle|carr(y|ie[sd])|legend|league|boss|\bcards?\b", re.IGNORECASE)

MENTIONING_FILES = [
    ROOT / "store" / "models.py",
    ROOT / "core" / "scenario.py",
    ROOT / "cli" / "bench_run.py",
    ROOT / "web" / "js" / "play.js",
    *(ROOT / "server" / f"{name}.py" for name in ("service", "tables", "searching", "live")),
    *(ROOT / "server" / f"{name}.py" for name in ("thinking", "acting", "openapi")),
]
"""Files that speak of campaigns among other things: no campaign in a game's words."""

CAMPAIGN_WORDS = re.compile(r"battle|carried", re.IGNORECASE)

KEPT = {'LEGACY_TABLE_KEY = "battle"'}
"""Lines that must name an old word: the key of campaign files written before (still read)."""


def named(path: Path, words: re.Pattern[str]) -> list[str]:
    lines = path.read_text(encoding="utf-8").splitlines()
    return [
        f"{path.name}:{n}: {line.strip()}"
        for n, line in enumerate(lines, start=1)
        if words.search(line) and line.strip() not in KEPT
    ]


@pytest.mark.parametrize("path", CAMPAIGN_FILES, ids=lambda p: p.name)
def test_a_campaign_file_names_no_games_words(path: Path) -> None:
    assert named(path, GAME_WORDS) == []


def test_every_file_of_the_feature_is_read() -> None:
    assert len(CAMPAIGN_FILES) > 12 and all(path.is_file() for path in CAMPAIGN_FILES)


@pytest.mark.parametrize("path", MENTIONING_FILES, ids=lambda p: p.name)
def test_a_file_speaking_of_campaigns_calls_their_games_games(path: Path) -> None:
    assert named(path, CAMPAIGN_WORDS) == []


def test_the_store_names_no_game_in_the_campaign_schema() -> None:
    from tavola.features.campaigns.tables import Base

    names = [
        f"{table.name}.{column.name}"
        for table in Base.metadata.tables.values()
        if table.name.startswith("campaign")
        for column in table.columns
    ]
    assert len(names) > 10 and [n for n in names if GAME_WORDS.search(n)] == []
    assert not [t for t in Base.metadata.tables if GAME_WORDS.search(t)]
