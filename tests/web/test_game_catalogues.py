"""Each game's browser catalogue has a word for every value its table shows through a key
`family.value` (Legends: actions, stats, card types, rarities, alignments, endings; Gioco
del Trono: phases, wheels, endings, seats)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tavola.games.legends import actions
from tavola.games.legends.alignments import ALIGNMENTS
from tavola.games.legends.cards import CARD_TYPES, RARITIES
from tavola.games.trono.houses import WHEELS

GAMES = Path(__file__).resolve().parents[2] / "tavola" / "games"
LANGS = ("it", "en")


def catalogue(game: str, lang: str) -> dict[str, str]:
    path = GAMES / game / "web" / "i18n" / f"{lang}.json"
    return dict(json.loads(path.read_text(encoding="utf-8")))


def found(game: str, pattern: str) -> set[str]:
    """Every match of `pattern` in the game's Python modules."""
    values: set[str] = set()
    for path in (GAMES / game).glob("*.py"):
        values |= set(re.findall(pattern, path.read_text(encoding="utf-8")))
    return values


def legends_values() -> dict[str, set[str]]:
    verbs = {v for k, v in vars(actions).items() if k.isupper() and isinstance(v, str)}
    return {
        "verb": verbs | {"random_main"},
        "stat": {"hp", "str", "mp", "def"},
        "type": set(CARD_TYPES),
        "rarity": set(RARITIES),
        "alignment": set(ALIGNMENTS),
        "end.reason": found("legends", r'finish\(\s*state,\s*events,\s*"(\w+)"'),
        "play.permission": {"good", "evil", "neutral"},
        "form.sides": {"free_for_all", "teams", "good_vs_evil"},
    }


def trono_values() -> dict[str, set[str]]:
    reasons = found("trono", r'reason = "(\w+)"') | found("trono", r'finish\([^)]*"(\w+)"\)')
    return {
        "phase": found("trono", r'phase = "(\w+)"') | {"registration"},
        "end.reason": reasons | {"not_started"},  # the outcome of a game that never began
        "wheel": set(WHEELS),
        "seat": {"throne", "tower"},
        "log.filled": {"throne", "tower"},
        "log.vacated": {"throne", "tower"},
    }


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("game", "values"), [("legends", legends_values), ("trono", trono_values)])
def test_every_value_the_table_shows_has_its_words(game, values, lang) -> None:
    words = catalogue(game, lang)
    shown = values()
    assert len(shown["end.reason"]) >= 4  # the scan of the endings works
    missing = [f"{family}.{v}" for family, vs in shown.items() for v in vs]
    assert sorted(k for k in missing if k not in words) == []
