"""R7: the formation draw is a Lotto draw, so the server refuses it on a day the Lotto does
not draw — by the calendar's weekdays and the game's own shifts (DECISIONS 30, 33)."""

from tavola.core import Table

from .lotto_calendar_helpers import registration
from .tables import D, d_text, ref, refused

MONDAY = "2026-12-21"
TUESDAY = "2026-12-22"
TUESDAY_EVENING = "2026-12-22T19:10:00Z"  # 20:10 in Rome: Tuesday's draw has happened


def closed(**shifts: str) -> Table:
    table = registration()
    for regular, moved in shifts.items():
        ref(table, "shift_draw", regular=regular, moved_to=moved, reason="festività")
    ref(table, "close_registration", at="2026-12-19T21:00:00Z")  # Saturday, after its draw
    return table


def test_r7_a_formation_draw_on_a_day_without_a_lotto_draw_is_refused():
    table = closed()
    refused(
        "E_NOT_A_DRAW_DAY",
        ref,
        table,
        "enter_draw",
        purpose="formation",
        date=MONDAY,
        numbers=D,
    )


def test_r7_the_refusal_names_the_day_and_the_draw_due_in_both_languages():
    refusal = refused("E_NOT_A_DRAW_DAY", ref, closed(), "import_draw", text=d_text(MONDAY))
    assert refusal.message_it == (
        "Il Lotto non estrae lunedì 21 dicembre 2026: l'estrazione di formazione è quella "
        "di martedì 22 dicembre 2026."
    )
    assert refusal.localized("en") == (
        "There is no Lotto draw on Monday 21 December 2026: the formation draw is the one "
        "on Tuesday 22 December 2026."
    )


def test_r7_a_regular_draw_day_moved_away_has_no_draw():
    table = closed(**{TUESDAY: "2026-12-21"})  # Tuesday's draw moved to Monday
    refusal = refused("E_NOT_A_DRAW_DAY", ref, table, "import_draw", text=d_text(TUESDAY))
    assert "quella di lunedì 21 dicembre 2026" in refusal.message_it


def test_r7_the_day_a_draw_moved_to_takes_the_formation_draw():
    table = closed(**{TUESDAY: MONDAY})
    ref(table, "import_draw", text=d_text(MONDAY), at="2026-12-21T19:10:00Z")
    assert table.state.phase == "house_ranking"
    assert table.state.draws[-1].date == MONDAY


def test_r7_the_draw_evening_after_the_close_forms_the_teams():
    table = closed()
    ref(table, "enter_draw", purpose="formation", date=TUESDAY, numbers=D, at=TUESDAY_EVENING)
    assert table.state.phase == "house_ranking"


def test_r27_a_manual_turn_is_proposed_the_latest_lotto_draw_never_a_day_without():
    from tavola.core import Viewer

    from .tables import g4

    table = g4()  # manual schedule, the table's clock on Monday 3 March 2025 at 01:00
    calendar = table.view(Viewer.referee())["calendar"]
    assert calendar["expected_draw"] is None
    assert calendar["last_draw"] == "2025-03-01"  # Saturday's, not Sunday or Monday


def test_r7_the_latest_draw_skips_a_draw_moved_away_and_counts_the_day_it_moved_to():
    from datetime import date

    from tavola.games.trono.clock import parse_instant
    from tavola.games.trono.lotto_calendar import game_calendar

    calendar = game_calendar({"2026-12-26": "2026-12-28"})
    assert calendar.last_draw(parse_instant("2026-12-27T12:00:00Z")) == date(
        2026, 12, 25
    )  # Friday: Saturday moved away
    assert calendar.last_draw(parse_instant("2026-12-28T19:00:00Z")) == date(2026, 12, 28)


def test_r7_a_formation_draw_dated_tomorrow_is_refused_today_naming_it_and_why():
    table = closed()  # Saturday 19 December, 22:00 in Rome
    refusal = refused(
        "E_DRAW_NOT_YET", ref, table, "enter_draw", purpose="formation", date=TUESDAY, numbers=D
    )
    assert refusal.message_it == (
        "L'estrazione di martedì 22 dicembre 2026 non è ancora avvenuta: il Lotto estrae alle "
        "20:00 (ora di Roma) e ora è sabato 19 dicembre 2026, 22:00 (ora di Roma). Si può "
        "inserire da quel momento."
    )
    assert refusal.localized("en").startswith(
        "The draw of Tuesday 22 December 2026 has not happened yet: the Lotto draws at 20:00 "
        "(Rome time)"
    )
    # at 19:59 on the evening itself it is still refused; from 20:00 it is taken
    refused(
        "E_DRAW_NOT_YET", ref, table, "import_draw", text=d_text(TUESDAY), at=f"{TUESDAY}T18:59:00Z"
    )
    ref(table, "import_draw", text=d_text(TUESDAY), at=f"{TUESDAY}T19:00:00Z")
    assert table.state.phase == "house_ranking"
