"""Issue 19, point 6: the Trono texts as a native speaker writes them — a draw's problem in
one sentence naming the wheel in full, "Action 1" in English, Italian's article elided
before a day read with a vowel ("dell'11 marzo"), no "—" for a date a turn does not have,
and the characters' summaries in the page's language."""

from datetime import date

import pytest

from tavola.core import Action, Table, Viewer
from tavola.games.trono.characters import starter_catalogue
from tavola.games.trono.forum_report import team_report_lines
from tavola.games.trono.forum_words import with_names
from tavola.games.trono.messages import day_of, elides, text

from .tables import D, draw, g4, override, post, ref, refused, turn


def of_day(iso: str, lang: str) -> str:
    phrase = day_of(date.fromisoformat(iso))
    return text(lang, phrase.key, **phrase.params)


def test_a8_a_repeated_number_is_one_sentence_naming_the_wheel_in_full():
    table = g4()
    for house in ("stark", "tyrell", "greyjoy", "lannister"):
        post(table, house, ["defend"] * 3)
    repeated = {**D, "VE": [59, 14, 37, 59, 21]}
    refusal = refused(
        "E_DRAW_DUPLICATE", ref, table, "enter_draw", date="2025-03-04", numbers=repeated
    )
    assert refusal.message_it == (
        "Estrazione non valida: sulla ruota di Venezia il numero 59 compare due volte."
    )
    assert refusal.localized("en") == (
        "Invalid draw: on the Venezia wheel the number 59 appears twice."
    )


def test_a8_a_number_out_of_range_names_the_wheel_in_full():
    table = g4()
    for house in ("stark", "tyrell", "greyjoy", "lannister"):
        post(table, house, ["defend"] * 3)
    high = {**D, "BA": [5, 17, 33, 48, 91]}
    refusal = refused("E_DRAW_RANGE", ref, table, "enter_draw", date="2025-03-04", numbers=high)
    assert refusal.message_it == (
        "Estrazione non valida: sulla ruota di Bari il numero 91 non è tra 1 e 90."
    )


def test_english_refusals_name_the_action_never_a_slot():
    table = g4()
    action = {
        "team": "tyrell",
        "turn": 1,
        "actions": [{"kind": "attack"}, {"kind": "tax"}, {"kind": "tax"}],
        "deploy": [],
    }
    refusal = refused(
        "E_TARGET_REQUIRED", table.act, "player:tyrell1", Action("submit_post", **action)
    )
    assert refusal.localized("en") == "Action 1: an attack needs a target."
    assert "slot" not in refusal.localized("en").lower()


@pytest.mark.parametrize("n", [1, 8, 11, 80, 83, 89, 800, 8000, 11000, 80000])
def test_italian_elides_before_a_number_read_with_a_vowel(n):
    assert elides(n)


@pytest.mark.parametrize("n", [2, 7, 10, 18, 21, 31, 90, 100, 1000, 1800, 21000])
def test_italian_keeps_the_article_before_a_number_read_with_a_consonant(n):
    assert not elides(n)


def test_a_day_after_of_takes_its_article_in_italian():
    assert of_day("2026-03-11", "it") == "dell'11 marzo 2026"
    assert of_day("2026-03-08", "it") == "dell'8 marzo 2026"
    assert of_day("2026-03-18", "it") == "del 18 marzo 2026"
    assert of_day("2026-03-04", "it") == "del 4 marzo 2026"


def test_the_first_of_the_month_is_read_primo_so_it_keeps_del():
    assert of_day("2026-03-01", "it") == "del 1º marzo 2026"


def test_a_day_after_of_has_no_article_in_english():
    assert of_day("2026-03-11", "en") == "11 March 2026"


def test_r28_a_draw_on_a_different_day_is_refused_naming_both_days_in_words():
    table = g4("calendar")
    for house in ("stark", "tyrell", "greyjoy", "lannister"):
        post(table, house, ["defend"] * 3)
    ref(table, "tick", at="2025-03-04T18:50:00Z")
    refusal = refused(
        "E_DRAW_DATE_MISMATCH", ref, table, "enter_draw", date="2025-03-11", numbers=D
    )
    assert refusal.message_it == (
        "L'estrazione inserita è dell'11 marzo 2025, ma quella di questo turno è del 4 marzo "
        "2025: la prima estrazione del Lotto dopo la scadenza del turno, martedì 4 marzo 2025, "
        "19:50 (ora di Roma)."
    )
    assert refusal.localized("en") == (
        "The draw entered is dated 11 March 2025, but this turn's draw is on 4 March 2025: "
        "the first Lotto draw after the turn's deadline, Tuesday 4 March 2025, 19:50 (Rome "
        "time)."
    )


def test_r27_a_turn_under_the_manual_schedule_reports_its_draw_date():
    table = g4()  # manual: the turn has no d_k, its draw is dated as entered
    for house in ("stark", "tyrell", "greyjoy", "lannister"):
        post(table, house, ["defend"] * 3)
    draw(table, day="2025-03-11")
    view = with_names(table.view(Viewer.seat("player:tyrell1")), starter_catalogue())
    assert team_report_lines(view, "it")[0] == (
        "Rapporto per Tyrell — turno 1 (estrazione dell'11 marzo 2025)"
    )
    assert team_report_lines(view, "en")[0] == "Report for Tyrell — turn 1 (draw of 11 March 2025)"


def test_r27_a_report_without_a_draw_date_leaves_the_date_out():
    table = g4()
    turn(table, {h: ["defend"] * 3 for h in ("stark", "tyrell", "greyjoy", "lannister")})
    view = with_names(table.view(Viewer.seat("player:tyrell1")), starter_catalogue())
    view["team"]["reports"][-1]["draw_date"] = None  # as a report from before the fix
    assert team_report_lines(view, "it")[0] == "Rapporto per Tyrell — turno 1"
    assert team_report_lines(view, "en")[0] == "Report for Tyrell — turn 1"


def test_every_starter_character_has_its_summary_in_english_too():
    for character in starter_catalogue().values():
        assert character.summary_in("en") and character.summary_in("en") != character.summary


def test_a_team_page_gets_what_each_character_does_in_both_languages():
    table = g4()
    hires = table.view(Viewer.seat("player:tyrell1"))["team"]["may_hire"]
    nerea = next((c for c in hires if c["id"] == "gemma_tagliaborse"), None)
    assert nerea is not None
    assert nerea["summary"] == {
        "it": "Ruba fino a 2 casse; a mani vuote non consuma la carica.",
        "en": "Steals up to 2 chests; coming back empty-handed costs no charge.",
    }


def test_a_catalogue_written_in_italian_only_shows_its_italian_summary():
    from tavola.games.trono.characters import parse_character

    item = {
        "id": "nuovo",
        "name": "Nuovo",
        "kind": "neutral",
        "cost": 2,
        "effects": [{"kind": "penalty_waiver"}],
        "summary": "Niente penalità.",
    }
    assert parse_character(item).summary_in("en") == "Niente penalità."


def test_the_command_line_hint_names_no_date_a_manual_turn_does_not_have():
    from tavola.games.trono.commands.session import hint

    table = g4()  # manual schedule: no d_k
    ref(table, "close_turn")
    assert hint(table.state, "it") == (
        'draw --numbers "BA:… CA:…" o --import FILE (con --date se l\'estrazione non è di oggi)'
    )


def test_the_command_line_hint_names_the_formation_draw_in_words():
    from tavola.games.trono.commands.session import hint

    setup = {"registered": [f"u{i:02d}" for i in range(1, 14)], "now": "2026-04-10T09:00:00Z"}
    table = Table("trono", {"formation_secret": "s3cr3t"}, 1, setup)
    ref(table, "close_registration", at="2026-04-10T19:00:00Z")  # Friday, after its draw
    assert hint(table.state, "it") == (
        "draw --purpose formation con l'estrazione dell'11 aprile 2026"
    )


def test_r66_an_override_out_of_range_says_so_once():
    refusal = refused(
        "E_OVERRIDE_RANGE",
        override,
        g4(),
        "adjust_parameter",
        "greyjoy",
        {"param": "soldiers", "to": 21},
    )
    assert refusal.message_it.startswith("Intervento non valido: ")
    assert refusal.message_it.count("fuori") == 1
    assert refusal.localized("en").count("range") == 1


def test_a_reports_drawn_number_is_shown_as_printed():
    table = g4()
    numbers = {wheel: [1, 2, 3, 4, 5] for wheel in D}  # every wheel: numbers below 10
    for house in ("stark", "tyrell", "greyjoy", "lannister"):
        post(table, house, ["defend"] * 3)
    draw(table, numbers)
    view = with_names(table.view(Viewer.seat("player:tyrell1")), starter_catalogue())
    lines = "\n".join(team_report_lines(view, "it"))
    assert "numero 01," in lines and "numero 1," not in lines
