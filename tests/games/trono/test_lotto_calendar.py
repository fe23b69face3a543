"""The Lotto's calendar (R7, R22, R28, DECISIONS 30): draws on Tuesday, Thursday, Friday and
Saturday at 20:00 Rome time, holiday shifts kept as data the referees edit (`shift_draw`),
and the formation draw on the first draw evening after the close."""

from datetime import date, timedelta

import pytest

from tavola.core import Action, Table, Viewer
from tavola.games.trono.clock import parse_instant
from tavola.games.trono.draws import expected_draw_date
from tavola.games.trono.lotto_calendar import (
    CalendarProblem,
    game_calendar,
    lotto_calendar,
    read_calendar,
)

from .tables import d_text, g4, post, ref, refused

CHRISTMAS = {"2026-12-26": "2026-12-28"}  # a Saturday draw moved to Monday (test data)


def ms(instant: str) -> int:
    return parse_instant(instant)


def registration(now: str = "2026-12-15T09:00:00Z") -> Table:
    setup = {"registered": [f"u{i:02d}" for i in range(1, 14)], "now": now}
    return Table("trono", {"formation_secret": "s3cr3t"}, 1, setup)


def shift(table: Table, regular: str, moved_to: str, reason: str = "festività") -> None:
    ref(table, "shift_draw", regular=regular, moved_to=moved_to, reason=reason)


def test_r7_the_lotto_draws_tuesday_thursday_friday_and_saturday():
    calendar = lotto_calendar()
    week = [date(2026, 11, 30) + timedelta(days=i) for i in range(7)]  # Monday to Sunday
    drawn = [day.strftime("%a") for day in week if calendar.has_draw(day)]
    assert drawn == ["Tue", "Thu", "Fri", "Sat"]


def test_r7_a_draw_is_at_20_rome_time_in_summer_and_winter():
    calendar = lotto_calendar()
    assert calendar.instant(date(2026, 10, 24)) == ms("2026-10-24T18:00:00Z")
    assert calendar.instant(date(2026, 10, 27)) == ms("2026-10-27T19:00:00Z")


def test_r7_a_close_before_the_evening_draw_takes_that_evening():
    assert lotto_calendar().next_draw(ms("2026-12-01T18:59:59Z")) == date(2026, 12, 1)


def test_r7_a_close_at_the_draw_instant_takes_the_next_draw():
    assert lotto_calendar().next_draw(ms("2026-12-01T19:00:00Z")) == date(2026, 12, 3)


def test_r7_a_close_after_saturday_draw_skips_sunday_and_monday():
    assert lotto_calendar().next_draw(ms("2026-12-05T21:00:00Z")) == date(2026, 12, 8)


def test_r7_a_shifted_draw_is_proposed_on_the_day_it_moved_to():
    calendar = game_calendar(CHRISTMAS)
    assert not calendar.has_draw(date(2026, 12, 26))
    assert calendar.has_draw(date(2026, 12, 28))
    # closed on Christmas evening: Saturday's draw moved to Monday
    assert calendar.next_draw(ms("2026-12-25T20:00:00Z")) == date(2026, 12, 28)


def test_r7_a_draw_moved_earlier_comes_first():
    calendar = game_calendar({"2026-12-31": "2026-12-30"})
    assert calendar.next_draw(ms("2026-12-29T20:00:00Z")) == date(2026, 12, 30)
    assert calendar.next_draw(ms("2026-12-30T20:00:00Z")) == date(2027, 1, 1)


def test_r7_the_formation_draw_expected_is_the_first_draw_after_the_close():
    table = registration()
    ref(table, "close_registration", at="2026-12-19T21:00:00Z")  # Saturday, after the draw
    assert expected_draw_date(table.state) == "2026-12-22"


def test_r7_a_referee_shift_moves_the_expected_formation_draw():
    table = registration()
    shift(table, "2026-12-26", "2026-12-28")
    ref(table, "close_registration", at="2026-12-25T21:00:00Z")
    assert expected_draw_date(table.state) == "2026-12-28"
    undated = d_text("2026-12-28").replace("date,2026-12-28\n", "")
    ref(table, "import_draw", text=undated, at="2026-12-28T19:10:00Z")
    assert table.state.draws[-1].date == "2026-12-28"


def test_r7_the_referees_view_proposes_the_expected_draw_date():
    table = registration()
    shift(table, "2026-12-26", "2026-12-28")
    ref(table, "close_registration", at="2026-12-25T21:00:00Z")
    calendar = table.view(Viewer.referee())["calendar"]
    assert (calendar["expected_draw"], calendar["shifts"]) == ("2026-12-28", CHRISTMAS)
    assert "calendar" not in table.view(Viewer.public())


def test_r66_a_shift_is_audited_with_its_reason():
    table = registration()
    shift(table, "2026-12-26", "2026-12-28", "Santo Stefano")
    entry = table.state.audit[-1]
    assert (entry.kind, entry.subject, entry.before, entry.after) == (
        "shift_draw",
        "2026-12-26",
        "2026-12-26",
        "2026-12-28",
    )
    assert entry.reason == "Santo Stefano"
    assert table.state.draw_shifts == CHRISTMAS


def test_r66_a_shift_back_to_its_own_day_removes_it():
    table = registration()
    shift(table, "2026-12-26", "2026-12-28")
    shift(table, "2026-12-26", "2026-12-26")
    assert table.state.draw_shifts == {}


def test_r66_a_shift_needs_a_reason():
    refused("E_REASON_REQUIRED", shift, registration(), "2026-12-26", "2026-12-28", " ")


def test_r66_only_a_referee_moves_a_draw():
    table = registration()
    player = Action("shift_draw", regular="2026-12-26", moved_to="2026-12-28", reason="io")
    refused("E_NOT_REFEREE", table.act, "player:u01", player)


def test_r66_a_day_without_a_draw_cannot_be_shifted():
    refusal = refused("E_SHIFT_INVALID", shift, registration(), "2026-12-27", "2026-12-28")
    assert "domenica 27 dicembre 2026 il Lotto non estrae" in refusal.message_it


def test_r66_a_draw_cannot_move_onto_another_draw():
    refusal = refused("E_SHIFT_INVALID", shift, registration(), "2026-12-26", "2026-12-29")
    assert "there is already a draw on Tuesday 29 December 2026" in str(refusal)


def test_r66_a_draw_moves_a_week_at_most():
    refused("E_SHIFT_INVALID", shift, registration(), "2026-12-26", "2027-01-04")


def test_r69_a_shift_of_the_turn_draw_moves_its_draw_date():
    table = g4("calendar")
    assert table.state.draw_date == "2025-03-04"
    shift(table, "2025-03-04", "2025-03-05")
    assert table.state.draw_date == "2025-03-05"
    for house in ("stark", "tyrell", "greyjoy", "lannister"):
        post(table, house, ["defend"] * 3)
    ref(table, "tick", at="2025-03-04T18:50:00Z")
    refused("E_DRAW_DATE_MISMATCH", ref, table, "import_draw", text=d_text("2025-03-04"))
    ref(table, "import_draw", text=d_text("2025-03-05"), at="2025-03-05T19:10:00Z")
    assert table.state.turn == 2


def test_r22_a_turn_opened_on_a_shifted_evening_waits_for_the_moved_draw():
    table = g4("calendar")
    shift(table, "2025-03-08", "2025-03-10")  # Saturday's draw moved to Monday
    for house in ("stark", "tyrell", "greyjoy", "lannister"):
        post(table, house, ["defend"] * 3)
    ref(table, "tick", at="2025-03-04T18:50:00Z")
    ref(table, "import_draw", text=d_text("2025-03-04"), at="2025-03-04T19:10:00Z")
    # the deadline stays Saturday 19:50 (R22); the turn's draw is Monday's
    assert table.state.deadline == ms("2025-03-08T18:50:00Z")
    assert table.state.draw_date == "2025-03-10"


def test_a_calendar_file_with_a_bad_shift_names_the_file(tmp_path):
    bad = tmp_path / "calendar.toml"
    bad.write_text(
        'weekdays = ["tue"]\ntime = "20:00"\nzone = "Europe/Rome"\n[shifts]\n"2026-12-26" = "x"\n'
    )
    with pytest.raises(CalendarProblem, match=r"calendar\.toml: shifts"):
        read_calendar(bad)


# -- a turn's draw evening (issue 27, point 2) -------------------------------------------------


def test_r22_a_turns_evening_is_the_first_lotto_evening_after_its_deadline():
    calendar = lotto_calendar()
    assert calendar.turn_evening(ms("2026-12-08T18:50:00Z")) == date(2026, 12, 8)  # Tue 19:50
    assert calendar.turn_evening(ms("2026-12-07T09:30:00Z")) == date(2026, 12, 8)  # Monday
    assert calendar.turn_evening(ms("2026-12-08T19:00:00Z")) == date(2026, 12, 10)  # at 20:00


def test_r22_a_moved_draw_gives_the_day_it_moved_to():
    calendar = game_calendar({"2026-12-12": "2026-12-14"})
    assert calendar.turn_evening(ms("2026-12-12T18:50:00Z")) == date(2026, 12, 14)


def test_r22_a_draw_moved_before_the_deadline_is_not_the_turns():
    calendar = game_calendar({"2026-12-12": "2026-12-09"})  # Saturday's moved to Wednesday
    assert calendar.turn_evening(ms("2026-12-12T18:50:00Z")) == date(2026, 12, 15)


def test_r22_evenings_only_go_forward_past_the_last_draw():
    calendar = game_calendar({"2026-12-12": "2026-12-18"})  # moved past Thursday and Friday
    deadline = ms("2026-12-15T18:50:00Z")
    assert calendar.turn_evening(deadline) == date(2026, 12, 15)
    assert calendar.turn_evening(deadline, after=date(2026, 12, 18)) == date(2026, 12, 19)


def test_a_draw_has_happened_from_20_rome_time():
    calendar = lotto_calendar()
    assert not calendar.happened(date(2026, 12, 8), ms("2026-12-08T18:59:59Z"))
    assert calendar.happened(date(2026, 12, 8), ms("2026-12-08T19:00:00Z"))


def test_r69_a_referee_shift_never_takes_the_awaited_draw_before_the_deadline():
    table = registration()
    ref(table, "close_registration", at="2026-12-15T10:00:00Z")
    ref(table, "import_draw", text=d_text("2026-12-15"), at="2026-12-15T19:10:00Z")
    for no, house in enumerate(("stark", "tyrell", "greyjoy", "lannister")):
        member = table.state.teams[no].members[0]
        table.act(f"player:{member}", Action("submit_house_ranking", houses=[house]))
    ref(table, "start_game", at="2026-12-16T09:00:00Z")  # deadline Saturday 19, 19:50
    assert table.state.draw_date == "2026-12-19"
    shift(table, "2026-12-19", "2026-12-16")  # Saturday's draw moved to Wednesday
    assert table.state.draw_date == "2026-12-22"  # before the deadline: the next evening
    shift(table, "2026-12-19", "2026-12-19")  # not moved after all
    assert table.state.draw_date == "2026-12-22"  # set: a shift moves only the awaited draw
