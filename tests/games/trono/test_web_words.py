"""The Trono pages' catalogues (tavola/games/trono/web/i18n) say what the server's texts say."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tavola.games.trono.houses import WHEEL_FULL

CATALOGUES = Path(__file__).resolve().parents[3] / "tavola" / "games" / "trono" / "web" / "i18n"


@pytest.mark.parametrize("lang", ["it", "en"])
def test_d31_the_pages_name_each_wheel_by_its_italian_name(lang: str) -> None:
    """Decision 31: the Lotto's wheels keep their Italian names in English too."""
    words = json.loads((CATALOGUES / f"{lang}.json").read_text(encoding="utf-8"))
    assert {code: words[f"wheel.{code}"] for code in WHEEL_FULL} == WHEEL_FULL
