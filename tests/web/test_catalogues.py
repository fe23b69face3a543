"""The browser's two catalogues (tavola/web/i18n): the same keys and placeholders in
Italian and English, every key the pages use present, and a word for every value the
game can show (actions, stats, card types, rarities, alignments, endings)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import get_args

import pytest

from tavola.games.legends import actions
from tavola.games.legends.alignments import ALIGNMENTS
from tavola.games.legends.cards import CARD_TYPES, RARITIES
from tavola.server.schemas import SeatRequest

SERVER_BOTS = set(get_args(get_args(SeatRequest.model_fields["bot"].annotation)[0]))
WEB = Path(__file__).resolve().parents[2] / "tavola" / "web"
LEGENDS = WEB.parent / "games" / "legends"
LANGS = ("it", "en")


def catalogue(lang: str) -> dict[str, str]:
    return json.loads((WEB / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))


def placeholders(text: str) -> set[str]:
    return set(re.findall(r"\{(\w+)\}", text))


def test_both_languages_have_the_same_keys_and_placeholders():
    it, en = catalogue("it"), catalogue("en")
    assert sorted(set(it) ^ set(en)) == []
    for key in it:
        assert it[key].strip() and en[key].strip(), key
        assert placeholders(it[key]) == placeholders(en[key]), key


def used_keys() -> set[str]:
    """Every literal key in the pages and scripts: t("…"), data-i18n*="…", label(…, "…")."""
    found: set[str] = set()
    for path in [*WEB.glob("*.html"), *WEB.glob("js/*.js")]:
        source = path.read_text(encoding="utf-8")
        found |= set(re.findall(r"""\bt\(\s*["']([\w.]+)["']""", source))
        found |= set(re.findall(r'data-i18n(?:-label|-placeholder|-title)?="([\w.]+)"', source))
        found |= set(re.findall(r"""dataset\.i18n\s*=\s*["']([\w.]+)["']""", source))
        found |= set(re.findall(r"""label\([^,()]*,\s*["']([\w.]+)["']\)""", source))
    return found


def test_every_key_the_pages_use_is_in_the_catalogue():
    keys = set(catalogue("en"))
    used = used_keys()
    assert len(used) > 100  # the scan itself works
    assert sorted(used - keys) == []


def legends_values() -> dict[str, set[str]]:
    """The values the table shows through a key `family.value`."""
    verbs = {v for k, v in vars(actions).items() if k.isupper() and isinstance(v, str)}
    endings = set()
    for path in LEGENDS.glob("*.py"):
        endings |= set(re.findall(r'finish\(\s*state,\s*events,\s*"(\w+)"', path.read_text()))
    return {
        "verb": verbs | {"random_main"},
        "stat": {"hp", "str", "mp", "def"},
        "type": set(CARD_TYPES),
        "rarity": set(RARITIES),
        "alignment": set(ALIGNMENTS),
        "end.reason": endings,
        "play.permission": {"good", "evil", "neutral"},
        "form.mode": {"classic", "epic", "simplified", "boss"},
        "form.sides": {"free_for_all", "teams", "good_vs_evil"},
        "form.seat": {"human", *SERVER_BOTS},
    }


@pytest.mark.parametrize("lang", LANGS)
def test_every_value_the_table_shows_has_its_words(lang):
    words = catalogue(lang)
    values = legends_values()
    assert len(values["end.reason"]) >= 4  # the scan of the endings works
    missing = [f"{family}.{v}" for family, vs in values.items() for v in vs]
    assert sorted(k for k in missing if k not in words) == []
