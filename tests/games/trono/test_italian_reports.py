"""Proper Italian on the pages and in the exports (issue 19, Done when): for a played
season, every Italian text a reader meets — each team's report as its page shows it, the
public page's announcements and standings, the forum exports (public post and private
messages), the audit trail in words — and every text of the browser's Italian catalogue
(the console, the team page, the public page) has no English word. The English words are
those of the English catalogues that no Italian catalogue uses, and a list of common
English words besides, so a word copied into both Italian catalogues is still caught."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tavola.core import Viewer
from tavola.games.trono import forum_words
from tavola.games.trono.exports import exports_for

from .test_italian_texts import SHARED, Season, english_words

WEB_I18N = Path(forum_words.__file__).parent / "web" / "i18n"
COMMON_ENGLISH = {
    "the", "of", "and", "to", "is", "with", "for", "from", "by", "on", "at", "your", "you",
    "team", "teams", "turn", "turns", "draw", "draws", "seat", "house", "houses", "void",
    "slot", "action", "actions", "referee", "referees", "deadline", "report", "send",
    "check", "seal", "sealed", "results", "public", "private", "message", "copy", "nobody",
    "none", "players", "player", "registered", "choose", "choice", "throne", "tower",
}  # fmt: skip
WORD = re.compile(r"[A-Za-zÀ-ÿ']+")


def _web(lang: str) -> dict[str, str]:
    data: dict[str, str] = json.loads((WEB_I18N / f"{lang}.json").read_text(encoding="utf-8"))
    return data


def _plain_words(text: str) -> set[str]:
    plain = re.sub(r"\{[^}]*\}", " ", text)  # placeholders are filled in, not read
    plain = re.sub(r"\b[0-9a-f]{64}\b", "", plain)  # the formation's guarantee code
    plain = re.sub(r"\b[A-Z]{2}(?: \d\d){5}\b", "", plain)  # a wheel's numbers (TO, …)
    plain = re.sub(r"\[/?(?:b|list|\*|size(?:=\d+)?)\]", " ", plain)  # BBCode tags
    return {w.lower().strip("'") for w in WORD.findall(plain)} - {""}


def web_english() -> set[str]:
    """Words of the browser's English catalogue that its Italian one never uses."""
    italian = set().union(*(_plain_words(v) for v in _web("it").values()))
    english = set().union(*(_plain_words(v) for v in _web("en").values()))
    return english - italian - SHARED


def _board_lines(board: dict[str, Any]) -> list[str]:
    lines = [board["title"], board["nothing_yet"], board["standings"]["title"]]
    for block in board["announcements"]:
        lines += [block["title"], *block["lines"]]
    for row in board["standings"]["rows"]:
        lines += [str(row.get(k) or "") for k in ("house", "members", "seat", "status", "params")]
    return [*lines, board["standings"]["note"]]


class Pages(Season):
    """The season of test_italian_texts, with the Italian texts the pages and the exports
    give after each turn's results (each team's page shows its latest report)."""

    def __init__(self) -> None:
        super().__init__()
        self.page_texts: dict[str, list[str]] = {
            "reports": [],
            "board": [],
            "audit": [],
            "exports": [],
        }

    def reports(self) -> None:
        super().reports()
        table, found = self.table, self.page_texts
        for team in table.state.teams:
            view = table.view(Viewer.seat(f"player:{team.members[0]}"))
            found["reports"] += view["team"]["report_text"]["it"]
        referee = table.view(Viewer.referee())
        found["board"] += _board_lines(referee["board"]["it"])
        for entry in referee["audit_words"]["it"]:
            found["audit"] += [str(v) for v in entry.values()]
        for text in exports_for(table.state, Viewer.referee(), "it"):
            found["exports"] += [text.title, *text.text.splitlines()]

    def every_line(self) -> list[str]:
        return [line for lines in self.page_texts.values() for line in lines]


@pytest.fixture(scope="module")
def pages() -> Pages:
    season = Pages()
    season.play()
    season.reports()  # the finished game's pages too
    return season


def english_found(line: str, english: set[str]) -> set[str]:
    return _plain_words(line) & english


def test_the_season_shows_every_kind_of_page_text(pages):
    """The texts below are checked for a reason: the pages really show them."""
    found = {kind: "\n".join(lines) for kind, lines in pages.page_texts.items()}
    assert "Rapporto per" in found["reports"]
    assert "nulla: un attacco richiede un bersaglio" in found["reports"]
    assert "Spia su" in found["reports"]
    assert "Risultati del turno 1" in found["board"] and "Classifica pubblica" in found["board"]
    assert "La partita è finita." in found["board"]
    assert "Messaggio privato per" in found["exports"] and "Da inviare a:" in found["exports"]
    assert "modifica delle cariche" in found["audit"]


def test_the_word_lists_are_built_at_all():
    english = english_words() | web_english()
    assert {"the", "turn", "deadline", "referees", "sealed"} <= english
    assert not COMMON_ENGLISH & {"turno", "casata", "squadra", "post", "trono"}


def test_the_pages_italian_texts_have_no_english_word(pages):
    english = english_words() | web_english() | COMMON_ENGLISH
    for line in pages.every_line():
        assert not english_found(line, english), (line, english_found(line, english))
        assert not re.search(r"\b[a-z]+_[a-z_]+\b", line), line  # no raw id


def test_the_browser_italian_catalogue_has_no_english_word():
    english = english_words() | web_english() | COMMON_ENGLISH
    for key, text in _web("it").items():
        assert not english_found(text, english), (key, text, english_found(text, english))


def test_the_browser_catalogues_have_the_same_keys():
    assert set(_web("it")) == set(_web("en"))
