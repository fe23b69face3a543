"""Issue 27, "Italian and the forum": every text a person reads in a whole rehearsal season
(readable_season.py), in Italian and English, names seats, people and characters by name,
agrees with its nouns, writes orders as the team page does, uses no formula notation, and
as BBCode bolds only what matters, says "Situazione attuale" and "Personaggi" once per
message, has no line of zero counters, and gives the draw's date and numbers publicly."""

from __future__ import annotations

import re

import pytest

from tavola.games.trono.characters import starter_catalogue

from .readable_season import LANGS, ReadableSeason

RAW = [
    (re.compile(r"\bp\d\d\b"), "a player's account id"),
    (re.compile(r"\b(?:player|referee):"), "a seat id"),
    (re.compile(r"\barbitro\d\d\b"), "a referee's account id"),
    (re.compile(r"\b[a-z]+_[a-z_]+\b"), "a snake_case id"),
    (re.compile(r"\bv\("), "formula notation"),
    (re.compile(r"\b(?:attacca|attack|assolda|hire)\("), "an order in notation"),
    (re.compile(r"\bGiocatore \d+"), "a seat by its place"),
]
NUMBER = re.compile(r"(?<![\d:/º])\d+(?![\d:º])")
WHEEL = re.compile(r"^(?:\[\*\])?[A-Z]{2}(?: \d\d){5}$")


@pytest.fixture(scope="module")
def season() -> ReadableSeason:
    return ReadableSeason().play()


def every_line(season: ReadableSeason, lang: str) -> list[str]:
    lines = [line for kind in season.texts[lang].values() for line in kind]
    return lines + season.bbcode[lang]


def test_the_season_gives_every_kind_of_text(season):
    """The checks below read these texts because the season really has them."""
    italian = season.texts["it"]
    for kind in ("announcements", "public", "referee", "review", "board", "audit", "exports"):
        assert italian.get(kind), kind
    assert any("Rapporto per" in line for line in italian["reports"])
    assert any("Nerea Salsedine" in line for line in italian["reports"])
    assert any(line.startswith("Le date non coincidono") for line in italian["refusals"])
    assert any("Intervento arbitrale n. 1" in line for line in italian["reports"])


@pytest.mark.parametrize("lang", LANGS)
def test_no_text_shows_a_raw_id_a_formula_or_an_order_in_notation(season, lang):
    ids = {c.id for c in starter_catalogue().values()}
    for line in every_line(season, lang):
        for pattern, what in RAW:
            assert not pattern.search(line), (what, line)
        assert not any(re.search(rf"\b{cid}\b", line) for cid in ids), line


def test_orders_read_as_the_team_page_writes_them(season):
    italian = "\n".join(season.texts["it"]["reports"])
    assert "Attacca il Trono — numero" in italian
    english = "\n".join(season.texts["en"]["reports"])
    assert "Attack the Throne — number" in english


def test_a_character_agrees_with_its_gender(season):
    italian = "\n".join(every_line(season, "it"))
    assert "Nerea Salsedine non era posseduta a inizio turno" in italian
    assert "Schierata Nerea Salsedine → " in italian
    assert "Nerea Salsedine non era posseduto" not in italian
    assert "Schierato Nerea" not in italian


@pytest.mark.parametrize("lang", LANGS)
def test_no_line_is_all_zero_counters(season, lang):
    for line in every_line(season, lang):
        if WHEEL.match(line) or re.search(r"\d{4}", line):
            continue  # a wheel's numbers, a date
        numbers = NUMBER.findall(line)
        assert not numbers or any(int(n) for n in numbers), line


@pytest.mark.parametrize("lang", LANGS)
def test_bbcode_bolds_no_bare_number_and_never_the_referees_reason(season, lang):
    for line in season.bbcode[lang]:
        assert not re.search(r"\[b\][+−-]?\d+\[/b\]", line), line
        if "premio del forum" in line or "errore di trascrizione" in line:
            assert "[b]" not in line, line


@pytest.mark.parametrize("lang", LANGS)
def test_each_private_message_says_the_situation_and_the_characters_once(season, lang):
    current = {"it": "Situazione attuale", "en": "Now:"}[lang]
    characters = {"it": "Personaggi:", "en": "Characters:"}[lang]
    reports = [m for m in season.messages[lang] if current in m or characters in m]
    assert len(reports) > 20  # every team's message and page, turn after turn
    for message in reports:
        assert message.count(current) <= 1, message
        assert message.count(characters) == 1, message


@pytest.mark.parametrize("lang", LANGS)
def test_the_public_post_names_the_draw_its_date_and_numbers(season, lang):
    from tavola.core import Viewer
    from tavola.games.trono.exports import exports_for

    public = exports_for(season.table.state, Viewer.public(), lang)[0].text
    heading = {
        "it": "Estrazione del turno 4 (11 marzo 2025)",
        "en": "Draw for turn 4 (11 March 2025)",
    }
    assert heading[lang] in public, public
    assert "BA 05 17 33 48 90" in public, public


def test_a_date_mismatch_is_never_called_a_format_error(season):
    for lang in LANGS:
        for line in season.texts[lang]["refusals"]:
            assert "format" not in line.lower(), line


def test_the_audit_names_the_character_whose_charges_changed(season):
    assert "Cariche di Nerea Salsedine (Greyjoy)" in season.texts["it"]["audit"]
    assert "Nerea Salsedine's charges (Greyjoy)" in season.texts["en"]["audit"]


def test_a_house_ranking_is_announced_with_its_article(season):
    sent = [line for line in season.texts["it"]["announcements"] if "classifica" in line]
    assert sent and all(line.startswith("La squadra ") for line in sent), sent


def test_a_public_override_names_the_person_it_moved():
    from tavola.games.trono.forum_announce import override_line

    view = {"registered": [{"user_id": "p04", "display_name": "Bot 4"}], "teams": {}}
    moved = {"seq": 3, "kind": "move_player", "subject": "p04"}
    assert override_line(view, moved, "it") == (
        "Intervento arbitrale n. 3: spostamento di un giocatore (Bot 4)."
    )
    turn = {"seq": 4, "kind": "reschedule_turn", "subject": "2"}
    assert override_line(view, turn, "it") == (
        "Intervento arbitrale n. 4: nuova scadenza del turno (turno 2)."
    )
