"""Issue 27, point 4: a live season's turn on the clock. Hours before the deadline (the
season's `missing_posts_reminder_hours`, 0: never) the referees get the teams that have
not posted and a reminder for the forum; at the deadline the turn closes by the
platform's timeout, once; `tavola trono missing-posts` and `reminder` do the same from
the command line."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from tavola.cli import app
from tavola.core import TIMEOUT, Action, Viewer
from tavola.core.record_file import load_table, save_table
from tavola.games.trono.reminders import reminder_text

from .tables import REF, g4, post, refused

runner = CliRunner()
DEADLINE = "2025-03-04T18:50:00.000Z"  # g4's turn 1: Tuesday 4 March 2025, 19:50 Rome
REMINDER = "2025-03-04T16:50:00.000Z"  # two hours before, by default


def referee_view(table):
    return table.game.view(table.state, Viewer.referee())


def test_the_clock_waits_for_the_reminder_then_the_deadline_on_the_first_referees_seat():
    table = g4("calendar")
    (seat, clock), *others = table.game.clocks(table.state).items()
    assert not others and seat == REF and clock.kind == "calendar"
    assert clock.due_at == 1741107000.0  # the reminder: 17:50 Rome, a date, not a delay
    table.act(REF, table.game.timeout_action(table.state, REF))
    (clock,) = table.game.clocks(table.state).values()
    assert clock.due_at == 1741114200.0  # then the deadline itself


def test_the_reminder_lists_the_teams_without_a_post_by_house_and_member():
    table = g4("calendar")
    post(table, "tyrell", ["tax"] * 3, at="2025-03-04T10:00:00Z")
    assert referee_view(table)["missing_posts"]["due"] is False
    events = table.act(REF, table.game.timeout_action(table.state, REF))
    assert [(e.type, e.data["teams"]) for e in events] == [
        ("posts_missing", ["stark", "greyjoy", "lannister"])
    ]
    assert events[0].visible_to == frozenset({REF})  # the referees' alone
    missing = referee_view(table)["missing_posts"]
    assert missing["due"] and missing["reminder_at"] == REMINDER
    assert [t["house"] for t in missing["teams"]] == ["Stark", "Greyjoy", "Lannister"]
    assert missing["text"]["it"] == (
        "[b]Promemoria: turno 1[/b]\n"
        "Mancano ancora i post di [b]Stark[/b] (stark1), [b]Greyjoy[/b] (greyjoy1) e "
        "[b]Lannister[/b] (lannister1).\n"
        "La scadenza è martedì 4 marzo 2025, 19:50 (ora di Roma): dopo quell'ora i post non "
        "sono più accettati, e chi non ha postato resta senza azioni in questo turno."
    )
    assert missing["text"]["en"].splitlines()[1] == (
        "[b]Stark[/b] (stark1), [b]Greyjoy[/b] (greyjoy1) and [b]Lannister[/b] (lannister1) "
        "have not posted yet."
    )
    # a team that posts after the reminder leaves the list
    post(table, "stark", ["tax"] * 3, at="2025-03-04T17:00:00Z")
    assert [t["key"] for t in referee_view(table)["missing_posts"]["teams"]] == [
        "greyjoy",
        "lannister",
    ]
    assert "missing_posts" not in table.game.view(table.state, Viewer.public())


def test_one_team_missing_reads_in_the_singular():
    table = g4("calendar")
    for house in ("stark", "tyrell", "greyjoy"):
        post(table, house, ["tax"] * 3, at="2025-03-04T10:00:00Z")
    line = reminder_text(table.state, "it").splitlines()[1]
    assert line == "Manca ancora il post di [b]Lannister[/b] (lannister1)."


def test_r26_the_clocks_timeout_closes_the_turn_at_the_deadline_once():
    table = g4("calendar")
    table.act(REF, table.game.timeout_action(table.state, REF))  # the reminder
    close = table.game.timeout_action(table.state, REF)
    assert close.type == TIMEOUT and close.get("at") == DEADLINE
    events = table.act(REF, close)
    assert [(e.type, dict(e.data)) for e in events] == [
        ("turn_locked", {"k": 1, "at_deadline": DEADLINE})
    ]
    assert table.state.phase == "turn_locked"
    assert table.game.clocks(table.state) == {}
    refused("E_TIMEOUT_STALE", table.act, REF, close)  # the same timeout again: refused


def test_a_timeout_for_another_instant_or_before_its_own_is_refused():
    table = g4("calendar")
    early = Action(TIMEOUT, decision_id="close:1:1741114200000", at="2025-03-04T18:00:00Z")
    refused("E_TIMEOUT_STALE", table.act, REF, early)  # the reminder comes first
    due = table.game.timeout_action(table.state, REF)
    before = Action(TIMEOUT, decision_id=str(due.get("decision_id")), at="2025-03-04T16:00:00Z")
    refused("E_TIMEOUT_STALE", table.act, REF, before)
    refused("E_NOT_REFEREE", table.act, "player:stark1", due)
    garbled = Action(TIMEOUT, decision_id=str(due.get("decision_id")), at="tomorrow")
    refused("E_BAD_INSTANT", table.act, REF, garbled)


def test_a_referees_action_after_the_deadline_closes_it_too_and_the_clocks_is_then_stale():
    table = g4("calendar")
    table.act(REF, table.game.timeout_action(table.state, REF))  # the reminder
    close = table.game.timeout_action(table.state, REF)
    events = table.act(REF, Action("tick", at="2025-03-04T18:50:00.500Z"))
    assert [(e.type, dict(e.data)) for e in events] == [
        ("turn_locked", {"k": 1, "at_deadline": DEADLINE})  # the clock's close, at its time
    ]
    refused("E_TIMEOUT_STALE", table.act, REF, close)


def test_r24_a_post_one_second_late_is_refused_while_the_turn_is_still_open():
    table = g4("calendar")
    late = refused("E_DEADLINE_PASSED", post, table, "tyrell", ["tax"] * 3, at=DEADLINE)
    assert "19:50:00" in late.localized("it")
    refused("E_DEADLINE_PASSED", post, table, "tyrell", ["tax"] * 3, at="2025-03-04T18:50:01Z")
    post(table, "tyrell", ["tax"] * 3, at="2025-03-04T18:49:59Z")


def test_no_reminder_with_zero_hours_and_the_setting_changes_the_clock():
    table = g4("calendar", config={"missing_posts_reminder_hours": 0})
    assert referee_view(table)["missing_posts"]["reminder_at"] is None
    (clock,) = table.game.clocks(table.state).values()
    assert clock.decision_id.startswith("close:")
    events = table.act(REF, Action("set_reminder", hours=24))
    assert [(e.type, dict(e.data)) for e in events] == [("reminder_set", {"hours": 24})]
    view = referee_view(table)
    assert view["season"] == {"missing_posts_reminder_hours": 24}
    assert view["missing_posts"]["reminder_at"] == "2025-03-03T18:50:00.000Z"
    (clock,) = table.game.clocks(table.state).values()
    assert clock.decision_id == "reminder:1:1741027800000"


@pytest.mark.parametrize("hours", [-1, 97, 2.5, True, "2"])
def test_a_reminder_outside_0_to_96_whole_hours_is_refused(hours):
    refused("E_REMINDER_HOURS", g4("calendar").act, REF, Action("set_reminder", hours=hours))


def test_only_a_referee_sets_the_reminder():
    refused("E_NOT_REFEREE", g4("calendar").act, "player:stark1", Action("set_reminder", hours=1))


def test_a_turn_without_a_deadline_has_no_clock():
    table = g4("manual")  # a rehearsal's or a practice table's: closed once all posted
    assert table.game.clocks(table.state) == {}
    assert referee_view(table)["missing_posts"] is None
    assert table.game.timeout_action(table.state, REF) == Action("tick")


def test_the_option_is_a_table_option_with_its_bounds():
    from tavola.games.trono.table_options import TronoTableOptions

    assert TronoTableOptions().missing_posts_reminder_hours == 2
    assert TronoTableOptions(missing_posts_reminder_hours=0).missing_posts_reminder_hours == 0
    with pytest.raises(ValueError):
        TronoTableOptions(missing_posts_reminder_hours=97)


# -- the command line ------------------------------------------------------------------------


def trono(*args):
    return runner.invoke(app, ["trono", *[str(a) for a in args]])


def test_missing_posts_command_prints_the_list_and_the_reminder(tmp_path):
    table = g4("calendar")
    post(table, "tyrell", ["tax"] * 3, at="2025-03-04T10:00:00Z")
    path = tmp_path / "season.json"
    save_table(table, path)
    result = trono("missing-posts", path, "--bbcode")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[:4] == [
        "Post mancanti del turno 1 (scadenza martedì 4 marzo 2025, 19:50 (ora di Roma)):",
        "- Stark (stark1)",
        "- Greyjoy (greyjoy1)",
        "- Lannister (lannister1)",
    ]
    assert lines[5] == "[b]Promemoria: turno 1[/b]"
    english = trono("missing-posts", path, "--lang", "en")
    assert "Greyjoy (greyjoy1) and Lannister (lannister1) have not posted yet" in english.output


def test_missing_posts_command_without_an_open_turn_is_refused(tmp_path):
    table = g4("calendar")
    table.act(REF, Action("tick", at=DEADLINE))
    path = tmp_path / "season.json"
    save_table(table, path)
    result = trono("missing-posts", path)
    assert result.exit_code == 1 and result.output.startswith("E_NO_OPEN_TURN: ")


def test_reminder_command_sets_the_seasons_hours(tmp_path):
    path = tmp_path / "season.json"
    save_table(g4("calendar"), path)
    result = trono("reminder", path, "6")
    assert result.exit_code == 0, result.output
    assert load_table(path).state.reminder_hours == 6
    refusal = trono("reminder", path, "200")
    assert refusal.exit_code == 1 and refusal.output.startswith("E_REMINDER_HOURS: ")
