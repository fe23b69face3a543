"""Gioco del Trono on the server's clock (issue 27, point 4): a live season's turn closes by
itself at its deadline — nobody clicks —, once, even when a referee acts at the same
moment and even when the server was down at the deadline; the referees get the teams
that have not posted some hours before; a post a second late stays refused. The server's
clock is moved by the test clock offset (`TAVOLA_CLOCK_OFFSET_FILE`), as the browser
tests move it, on SQLite and on PostgreSQL."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from tavola.store import Database, repo

from .api_helpers import record, running, wait_view
from .test_trono_workflow import FIRST, SECOND, TAX3, Season, post, rome, season

DEADLINE_UTC = "2026-10-27T18:50:00.000Z"
"""Turn 1's deadline: Tuesday 27 October 2026, 19:50 Rome."""


class OffsetClock:
    """The server's clock as the browser tests move it: the real clock plus an offset in
    seconds read from a file at every look, here set so that it reads a Rome time."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def set(self, text: str) -> None:
        ahead = (rome(text) - datetime.now(UTC)).total_seconds()
        self.path.write_text(str(ahead), encoding="utf-8")


@pytest.fixture
def clock(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> OffsetClock:
    path = tmp_path / "clock-offset"
    monkeypatch.setenv(repo.CLOCK_OFFSET_FILE, str(path))
    return OffsetClock(path)


def phase(seen: dict[str, Any]) -> str:
    return str(seen["view"]["phase"])


def locks(game: Season) -> list[dict[str, Any]]:
    """The turn's locks the referees were told of."""
    told = record(game.client, game.game_id, game.tokens[FIRST])["events"]
    return [e["data"] for e in told if e["type"] == "turn_locked"]


def timeouts(db_url: str, game_id: str) -> list[tuple[str, dict[str, Any]]]:
    """The season clock's moves as the database logged them: (seat, action)."""
    db = Database(db_url)
    try:
        with db.session() as session:
            logged = [(a.seat, dict(a.action)) for a in repo.actions_after(session, game_id, 0)]
    finally:
        db.dispose()
    return [(seat, action) for seat, action in logged if action["type"] == "timeout"]


def test_the_turn_closes_by_itself_at_the_deadline_on_the_servers_clock(db_url, clock):
    with running(db_url) as client:
        game = season(client, clock)
        game.ok(game.member("stark"), post(TAX3))
        clock.set("2026-10-27 19:40")  # ten minutes before: still open, nobody acts
        seen = wait_view(
            client,
            game.game_id,
            game.tokens[FIRST],
            lambda v: v["view"]["missing_posts"]["due"],
            "the missing posts reminder (due at 17:50)",
        )
        assert phase(seen) == "turn_open"
        clock.set("2026-10-27 19:50")
        wait_view(
            client,
            game.game_id,
            game.tokens[SECOND],
            lambda v: phase(v) == "turn_locked",
            "the turn closed by the server's clock at the deadline",
        )
        assert locks(game) == [{"k": 1, "at_deadline": DEADLINE_UTC}]
        # the log says the clock did it: the platform's timeout at the deadline's instant
        # (the reminder's first), no referee's action
        clocked = timeouts(db_url, game.game_id)
        assert [a["at"] for _, a in clocked] == ["2026-10-27T16:50:00.000Z", DEADLINE_UTC]
        # the teams that did not post are empty posts (R26); the one that did stands
        posted = {k: t["post"] is not None for k, t in game.view(FIRST)["view"]["teams"].items()}
        assert posted == {"stark": True, "tyrell": False, "greyjoy": False, "lannister": False}


def test_the_referees_get_the_teams_that_have_not_posted_before_the_deadline(db_url, clock):
    with running(db_url) as client:
        game = season(client, clock)
        game.ok(game.member("tyrell"), post(TAX3))
        before = game.view(FIRST)["view"]["missing_posts"]
        assert before["due"] is False and before["reminder_at"] == "2026-10-27T16:50:00.000Z"
        clock.set("2026-10-27 17:50")
        seen = wait_view(
            client,
            game.game_id,
            game.tokens[FIRST],
            lambda v: v["view"]["missing_posts"]["due"],
            "the missing posts reminder at 17:50 Rome",
        )
        missing = seen["view"]["missing_posts"]
        assert [t["house"] for t in missing["teams"]] == ["Stark", "Greyjoy", "Lannister"]
        names = {p["user_id"]: p["display_name"] for p in seen["view"]["registered"]}
        stark = [names[u] for u in seen["view"]["teams"]["stark"]["members"]]
        assert missing["teams"][0]["members"] == stark  # by their names, never their seats
        assert all(name.startswith("Giocatore ") for name in stark)
        text = missing["text"]["it"]
        assert text.startswith("[b]Promemoria: turno 1[/b]\nMancano ancora i post di [b]Stark[/b]")
        assert "martedì 27 ottobre 2026, 19:50 (ora di Roma)" in text
        assert "p01" not in text and "stark" not in text
        # the referees alone: a team's page and the public page have none of it
        assert "missing_posts" not in game.view(game.member("stark"))["view"]
        assert "missing_posts" not in game.view(None)["view"]


def test_a_post_one_second_late_is_refused(db_url, clock):
    with running(db_url) as client:
        game = season(client, clock)
        clock.set("2026-10-27 19:50:01")
        late = game.act(game.member("greyjoy"), post(TAX3))
        assert late.status_code == 422, late.text
        body = late.json()
        assert body["code"] == "E_DEADLINE_PASSED"
        assert "19:50:0" in body["message_it"]  # the post's own instant, to the second
        assert game.view(FIRST)["view"]["teams"]["greyjoy"]["post"] is None


def test_a_server_down_at_the_deadline_closes_the_turn_when_it_starts(db_url, clock):
    with running(db_url) as client:
        game = season(client, clock)
        game.ok(game.member("lannister"), post(TAX3))
    clock.set("2026-10-28 09:00")  # the server was down all evening
    with running(db_url) as client:
        game.client = client
        wait_view(
            client,
            game.game_id,
            game.tokens[FIRST],
            lambda v: phase(v) == "turn_locked",
            "the turn closed when the server came back",
        )
        assert locks(game) == [{"k": 1, "at_deadline": DEADLINE_UTC}]
        assert game.view(FIRST)["view"]["now"] == DEADLINE_UTC  # closed at the deadline
        # the referees are free to enter the evening's draw: nothing else is waiting
        assert game.view(FIRST)["view"]["draw_date"] == "2026-10-27"


def test_a_referee_acting_at_the_deadline_and_the_clock_close_the_turn_once(db_url, clock):
    with running(db_url) as client:
        game = season(client, clock)
        clock.set("2026-10-27 19:50")
        answer = game.act(SECOND, {"type": "tick"})  # racing the clock's own close
        assert answer.status_code in (200, 409), answer.text
        wait_view(
            client,
            game.game_id,
            game.tokens[FIRST],
            lambda v: phase(v) == "turn_locked",
            "the turn closed",
        )
        # a referee's close after the clock's is refused, saying why
        again = game.act(FIRST, {"type": "close_turn"})
        assert again.status_code == 422 and again.json()["code"] == "E_NOT_MANUAL"
        assert locks(game) == [{"k": 1, "at_deadline": DEADLINE_UTC}]
        closes = [a for _, a in timeouts(db_url, game.game_id) if a["decision_id"][:5] == "close"]
        assert len(closes) <= 1


def test_a_referee_sets_the_reminder_in_the_season_settings(db_url, clock):
    with running(db_url) as client:
        game = season(client, clock)
        game.ok(FIRST, {"type": "set_reminder", "hours": 5})
        seen = game.view(SECOND)["view"]
        assert seen["season"] == {"missing_posts_reminder_hours": 5}
        assert seen["missing_posts"]["reminder_at"] == "2026-10-27T13:50:00.000Z"
        refused = game.act(FIRST, {"type": "set_reminder", "hours": 200})
        assert refused.status_code == 422 and refused.json()["code"] == "E_REMINDER_HOURS"
        game.ok(FIRST, {"type": "set_reminder", "hours": 0})
        clock.set("2026-10-27 19:00")
        assert game.view(FIRST)["view"]["missing_posts"]["reminder_at"] is None
        clock.set("2026-10-27 19:50")
        wait_view(
            client,
            game.game_id,
            game.tokens[FIRST],
            lambda v: phase(v) == "turn_locked",
            "the turn closed",
        )
        clocked = [a["decision_id"].split(":")[0] for _, a in timeouts(db_url, game.game_id)]
        assert clocked == ["close"]
