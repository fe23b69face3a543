"""Proper Italian (issue 19): every text of a seeded live season — announcements, bulletins,
each team's reports and notices, the boards, refusals — has no English word, no raw
structure and no unagreeing plural; the English texts get the same plural check."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

import pytest

from tavola.core import Action, IllegalAction, Table, Viewer
from tavola.games.trono import forum_announce, forum_boards, forum_report, forum_words
from tavola.games.trono.state import catalogue_of

from .tables import D

I18N = Path(forum_words.__file__).parent / "i18n"
USERS = [f"u{i:02d}" for i in range(1, 22)]  # 7 teams: Throne and Tower
RANKING = ["stark", "lannister", "tully", "tyrell", "greyjoy", "arryn", "martell"]
REF = "referee:arbitro"
# Words English and Italian share, or names, that no catalogue can tell apart.
SHARED = {"post", "no", "e", "a", "in", "di", "gioco", "del", "trono", "europe", "rome", "sha"}
ENGLISH = {"slot", "void", "phase", "eliminated", "self", "duplicate", "takes", "target", "none"}
PLURALS_IT = re.compile(r"\b1 (cariche|casse|soldati|vessilli|giocatori|squadre|iscritti)\b")
PLURALS_EN = re.compile(r"\b1 (charges|chests|soldiers|banners|players|teams)\b")


def _words(lang: str) -> set[str]:
    with (I18N / f"{lang}.toml").open("rb") as fh:
        data = tomllib.load(fh)
    found: set[str] = set()

    def walk(node: Any) -> None:
        for value in node.values():
            if isinstance(value, dict):
                walk(value)
            else:
                plain = re.sub(r"\{[^}]*\}", " ", str(value))
                found.update(w.lower() for w in re.findall(r"[A-Za-zÀ-ÿ']+", plain))

    walk(data)
    return found


def english_words() -> set[str]:
    """Words of the English catalogue that are not Italian words too, and a few more."""
    italian = {w.strip("'") for w in _words("it")}
    return {w for w in _words("en") if w.strip("'") not in italian} - SHARED | ENGLISH


class Season:
    """A 21-player live season through registration, formation, houses and three turns,
    its texts collected in Italian and English as the referees would paste them."""

    def __init__(self) -> None:
        config = {"formation_secret": "s3cr3t", "max_turns": 3, "start_at": "2025-03-01T09:00Z"}
        self.table = Table("trono", config, 5)
        self.texts: dict[str, list[str]] = {"it": [], "en": []}

    def act(self, seat: str, action: str, **args: Any) -> None:
        events = self.table.act(seat, Action(action, **args))
        view = self.readable(Viewer.public())
        for lang in ("it", "en"):
            self.texts[lang] += forum_announce.announce(events, view, lang)

    def refusal(self, seat: str, action: str, **args: Any) -> None:
        with pytest.raises(IllegalAction) as info:
            self.table.act(seat, Action(action, **args))
        for lang in ("it", "en"):
            self.texts[lang].append(info.value.localized(lang))

    def readable(self, viewer: Viewer) -> dict[str, Any]:
        return forum_words.with_names(
            self.table.view(viewer), catalogue_of(self.table.state.config)
        )

    def member(self, house: str) -> str:
        found = self.table.state.team(house)
        assert found is not None
        return found.members[0]

    def post(self, house: str, actions: str, at: str, **extra: Any) -> None:
        words = {"t": "tax", "d": "defend", "r": "rally", "e": "enlist"}
        slots: list[dict[str, Any]] = []
        for word in actions.split():
            kind, _, arg = word.partition(":")
            if kind == "a":
                slots.append({"kind": "attack", **({"target": arg} if arg else {})})
            elif kind == "h":
                slots.append({"kind": "hire", "character": arg})
            else:
                slots.append({"kind": words[kind]})
        args = {"team": house, "turn": self.table.state.turn, "actions": slots, "at": at}
        self.act(REF, "record_post", author=self.member(house), **{"deploy": [], **args, **extra})

    def reports(self) -> None:
        for team in self.table.state.teams:
            view = self.readable(Viewer.seat(f"player:{team.members[0]}"))
            for lang in ("it", "en"):
                self.texts[lang] += forum_report.team_report_lines(view, lang)
        for lang in ("it", "en"):
            self.texts[lang] += forum_boards.public_lines(self.readable(Viewer.public()), lang)
            self.texts[lang] += forum_boards.referee_lines(
                self.readable(Viewer.referee()), [], lang
            )

    def play(self) -> Season:
        for i, user in enumerate(USERS):
            self.act(f"player:{user}", "register", display_name=user, at=f"2025-03-01T09:{i:02d}Z")
        self.refusal("player:u03", "set_preferences", avoid=["u03"])
        self.refusal("player:u03", "submit_house_ranking", houses=["stark"])
        self.act(REF, "close_registration", at="2025-03-01T10:00Z")
        bad = {**D, "VE": [59, 14, 37, 59, 21]}
        self.refusal(REF, "enter_draw", purpose="formation", date="2025-03-01", numbers=bad)
        self.act(
            REF,
            "enter_draw",
            purpose="formation",
            date="2025-03-01",
            numbers=D,
            at="2025-03-01T19:10Z",
        )
        for no, team in enumerate(self.table.state.teams):
            houses = RANKING[no:] + RANKING[:no]
            self.act(f"player:{team.members[0]}", "submit_house_ranking", houses=houses)
        self.act(REF, "start_game", at="2025-03-02T12:00Z")
        self.turn_1()
        self.turn_2()
        self.turn_3()
        return self

    def turn_1(self) -> None:
        seated = self.table.state.seated()
        others = [t.house_id for t in self.table.state.teams if t.house_id not in seated]
        first, second, third, *rest = [h for h in others if h]
        self.post(first, "h:ilario_sottovoce a:trono r", "2025-03-03T10:00Z")
        self.post(second, "h:teodora_cifrario a:trono t t", "2025-03-03T10:05Z")  # 4 actions
        self.post(third, "a a:trono r", "2025-03-03T10:10Z", abandon_threshold=4)  # no target
        for house in rest:
            self.post(house, "a:trono t r", "2025-03-03T11:00Z")
        for house in seated:
            self.post(house, "a d e", "2025-03-03T12:00Z")  # enlisting from a seat
        self.act(REF, "tick", at="2025-03-04T18:50Z")
        self.act(
            REF, "enter_draw", purpose="turn", date="2025-03-04", numbers=D, at="2025-03-04T19:10Z"
        )
        self.reports()
        self.act(
            REF,
            "override",
            kind="grant_character",
            subject=first,
            value={"character": "fabiano_buonvino"},
            reason="premio del forum",
        )
        self.act(
            REF,
            "override",
            kind="adjust_parameter",
            subject=second,
            value={"param": "chests", "to": 1},
            reason="correzione",
        )
        self.act(
            REF,
            "override",
            kind="set_charges",
            subject=first,
            value={"character": "fabiano_buonvino", "charges": 1},
            reason="una carica sola",
        )
        self.spy_targets = (first, second, seated[0])

    def turn_2(self) -> None:
        first, second, seat = self.spy_targets
        spy = [{"character": "ilario_sottovoce", "target": seat}]
        self.post(first, "a:trono t r", "2025-03-05T10:00Z", deploy=spy)
        spy = [{"character": "teodora_cifrario", "target": first}]
        self.post(second, "a:trono a:trono a:trono", "2025-03-05T10:00Z", deploy=spy)
        self.act(REF, "tick", at="2025-03-08T18:50Z")
        self.act(
            REF, "enter_draw", purpose="turn", date="2025-03-08", numbers=D, at="2025-03-08T19:10Z"
        )
        self.reports()

    def turn_3(self) -> None:
        self.act(REF, "tick", at="2025-03-11T18:50Z")
        self.act(
            REF, "enter_draw", purpose="turn", date="2025-03-11", numbers=D, at="2025-03-11T19:10Z"
        )
        self.reports()


@pytest.fixture(scope="module")
def season() -> Season:
    return Season().play()


def test_the_season_produced_every_kind_of_text(season):
    """The texts below are checked for a reason: the season really holds them."""
    italian = "\n".join(season.texts["it"])
    for expected in (
        "Iscrizioni chiuse: 21 giocatori",
        "nulla: un attacco richiede un bersaglio",
        "Azione 4 in più",
        "Spia su",
        "Intervento arbitrale n. 1",
        "Fabiano Buonvino (2 cariche)",
        "Fabiano Buonvino (1 carica)",
        "RISERVATO AGLI ARBITRI",
        "martedì 4 marzo 2025, 19:50",
        "La partita è finita.",
    ):
        assert expected in italian, expected


def test_italian_texts_have_no_english_word(season):
    english = english_words()
    assert {"the", "turn", "chests", "tuesday"} <= english  # the list is built at all
    for line in season.texts["it"]:
        plain = re.sub(r"\b[0-9a-f]{64}\b", "", line)  # the formation's guarantee code
        plain = re.sub(r"\b[A-Z]{2}(?: \d\d){5}\b", "", plain)  # a wheel's numbers (TO, …)
        words = {w.lower().strip("'") for w in re.findall(r"[A-Za-zÀ-ÿ']+", plain)}
        assert not words & english, (line, words & english)
        assert not re.search(r"\b[a-z]+_[a-z_]+\b", line), line  # no raw id


def test_no_text_holds_a_raw_structure(season):
    for lang in ("it", "en"):
        for line in season.texts[lang]:
            assert not set(line) & set("{}[]"), line


def test_numbers_and_nouns_agree_in_both_languages(season):
    for line in season.texts["it"]:
        assert not PLURALS_IT.search(line), line
    for line in season.texts["en"]:
        assert not PLURALS_EN.search(line), line
