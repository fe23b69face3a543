"""Nothing of a turn reaches a team or the public before its publication (R45, issue 27
point 1). With `review_before_publish`, the turn's draw resolves it for the referees only:
until a referee publishes, a team's page, its WebSocket, the public page, the exports and
the API show the turn "in revisione" and none of its results. Without review the results
go out with the draw, as before."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from starlette.testclient import WebSocketTestSession

from .api_helpers import bearer, ws_receive, ws_until
from .test_trono_workflow import FIRST, SECOND, TAX3, D, Season, client, clock, post, season

__all__ = ["client", "clock"]  # the fixtures this module borrows

ATTACKS = [{"kind": "attack", "target": "trono"}, {"kind": "tax"}, {"kind": "rally"}]
DRAW = {"type": "enter_draw", "purpose": "turn", "date": "2026-10-27", "numbers": D}
# Another evening's numbers, as a referee would paste them to correct a typo.
FIXED = {wheel: [((n + 40) % 90) + 1 for n in numbers] for wheel, numbers in D.items()}
# What only a turn's results say: a report's words, in both languages.
RESULT_WORDS = ["Rapporto", "Report for", "turno 1 —", "Soldati arruolati", "Risultati del turno 1"]


def play_turn_one(game: Season, clock: Any) -> None:
    clock.set("2026-10-27 09:00")
    for house in game.houses:
        game.ok(game.member(house), post(TAX3 if house == "stark" else ATTACKS))
    clock.set("2026-10-27 21:00")
    game.ok(FIRST, {"type": "tick"})  # the deadline has passed: the turn locks
    assert game.view(None)["view"]["phase"] == "turn_locked"


@pytest.fixture
def reviewed(client, clock) -> Season:
    """A season whose referees review each turn, every team posted for turn 1, after the
    deadline and before the draw."""
    game = season(client, clock, review=True)
    play_turn_one(game, clock)
    return game


@pytest.fixture
def unreviewed(client, clock) -> Season:
    game = season(client, clock)
    play_turn_one(game, clock)
    return game


# Every event a turn's resolution and publication make (its draw's only for a turn).
RESULTS = {
    "values_computed", "character_deployed", "hire_failed", "battle_resolved",
    "team_eliminated", "chests_stolen", "no_attack_penalty", "seat_banners", "seat_vacated",
    "seat_filled", "tower_removed", "turn_report", "charge_spent", "game_over",
    "turn_published", "draw_corrected", "draw_recorded",
}  # fmt: skip


def results(events: list[dict[str, Any]]) -> list[str]:
    """The types of the events that tell something of a turn's results."""
    return [
        e["type"]
        for e in events
        if e["type"] in RESULTS and (e["type"] != "draw_recorded" or e["data"]["purpose"] == "turn")
    ]


def results_told(messages: list[dict[str, Any]]) -> list[str]:
    return results([e for m in messages for e in m.get("events", [])])


def without_clock(view: dict[str, Any]) -> dict[str, Any]:
    """A view without what moves with time or the phase's name (compared before and
    after the draw)."""
    return {k: v for k, v in view.items() if k not in ("now", "phase", "board")}


def exported(game: Season, seat: str | None) -> dict[str, str]:
    headers = bearer(game.tokens[seat]) if seat else {}
    response = game.client.get(f"/api/games/{game.game_id}/exports?lang=it", headers=headers)
    assert response.status_code == 200, response.text
    return {text["name"]: text["text"] for text in response.json()["exports"]}


@contextmanager
def socket(game: Season, seat: str | None) -> Iterator[WebSocketTestSession]:
    query = f"?token={game.tokens[seat]}&lang=it" if seat else "?lang=it"
    with game.client.websocket_connect(f"/api/games/{game.game_id}/ws{query}") as opened:
        ws_receive(opened)  # the state on connecting
        yield opened


def told(messages: list[dict[str, Any]]) -> str:
    return json.dumps([(m.get("events"), m.get("view")) for m in messages], ensure_ascii=False)


# -- REST views ---------------------------------------------------------------------------------


def test_r45_under_review_the_public_view_is_the_turn_before_its_draw(reviewed):
    before = reviewed.view(None)["view"]
    reviewed.ok(FIRST, DRAW)
    during = reviewed.view(None)["view"]
    assert during["phase"] == "review" and during["turn"] == 1
    assert without_clock(during) == without_clock(before)
    assert during["bulletins"] == [] and during["result"] is None


def test_r45_under_review_a_team_sees_its_own_post_and_no_report(reviewed):
    stark = reviewed.member("stark")
    before = reviewed.view(stark)["view"]
    reviewed.ok(FIRST, DRAW)
    during = reviewed.view(stark)["view"]
    assert during["phase"] == "review"
    assert during["team"]["reports"] == [] and during["team"]["post"] is not None
    assert without_clock(during) == without_clock(before)
    words = json.dumps(during["team"].get("report_text"), ensure_ascii=False)
    assert not [w for w in RESULT_WORDS if w in words]


def test_r45_under_review_the_board_says_the_turn_is_in_review(reviewed):
    reviewed.ok(FIRST, DRAW)
    for seat in (None, reviewed.member("tyrell")):
        board = reviewed.view(seat)["view"]["board"]
        titles = [a["title"] for a in board["it"]["announcements"]]
        assert titles[0] == "Turno 1: risultati in revisione", titles
        assert board["en"]["announcements"][0]["title"] == "Turn 1: results under review"
        assert not [t for t in titles if t.startswith("Risultati del turno")]


def test_r45_the_referees_see_the_turns_results_under_review(reviewed):
    reviewed.ok(FIRST, DRAW)
    referee = reviewed.view(SECOND)["view"]
    assert referee["phase"] == "review"
    assert [r["turn"] for r in referee["resolutions"]] == [1]
    assert all(len(team["reports"]) == 1 for team in referee["teams"].values())


def test_r45_publishing_shows_the_results_to_the_team_and_the_public(reviewed):
    reviewed.ok(FIRST, DRAW)
    reviewed.ok(SECOND, {"type": "publish_results"})
    public = reviewed.view(None)["view"]
    assert public["phase"] == "turn_open" and public["turn"] == 2
    assert [b["turn"] for b in public["bulletins"]] == [1]
    stark = reviewed.view(reviewed.member("stark"))["view"]
    assert [r["turn"] for r in stark["team"]["reports"]] == [1]
    assert "Rapporto per Stark — turno 1" in stark["team"]["report_text"]["it"][0]


def test_without_review_the_draw_publishes_the_results_at_once(unreviewed):
    unreviewed.ok(FIRST, DRAW)
    public = unreviewed.view(None)["view"]
    assert public["phase"] == "turn_open" and [b["turn"] for b in public["bulletins"]] == [1]
    stark = unreviewed.view(unreviewed.member("stark"))["view"]
    assert [r["turn"] for r in stark["team"]["reports"]] == [1]


# -- WebSocket ---------------------------------------------------------------------------------


@pytest.mark.parametrize("who", ["team", "public"])
def test_r45_under_review_a_socket_is_told_nothing_of_the_results(reviewed, who):
    seat = reviewed.member("stark") if who == "team" else None
    with socket(reviewed, seat) as watching:
        reviewed.ok(FIRST, DRAW)
        seen = ws_until(watching, lambda m: m.get("view", {}).get("phase") == "review")
        assert results_told(seen) == []
        assert not [w for w in RESULT_WORDS if w in told(seen)]
        reviewed.ok(SECOND, {"type": "publish_results"})
        after = ws_until(watching, lambda m: m.get("view", {}).get("phase") == "turn_open")
        types = [e["type"] for m in after for e in m.get("events", [])]
        assert "turn_published" in types and "draw_recorded" in types
        if who == "team":
            assert "turn_report" in types
            assert after[-1]["view"]["team"]["reports"][0]["turn"] == 1


def test_without_review_a_teams_socket_gets_its_report_with_the_draw(unreviewed):
    with socket(unreviewed, unreviewed.member("stark")) as watching:
        unreviewed.ok(FIRST, DRAW)
        seen = ws_until(watching, lambda m: m.get("view", {}).get("phase") == "turn_open")
        types = [e["type"] for m in seen for e in m.get("events", [])]
        assert "turn_report" in types and "turn_published" in types


def test_r45_a_socket_opened_under_review_is_told_nothing_of_the_results(reviewed):
    reviewed.ok(FIRST, DRAW)
    seat = reviewed.member("stark")
    query = f"?token={reviewed.tokens[seat]}&lang=it"
    with reviewed.client.websocket_connect(f"/api/games/{reviewed.game_id}/ws{query}") as opened:
        first = ws_receive(opened)
    assert results(first["events"]) == []
    assert first["view"]["phase"] == "review" and first["view"]["team"]["reports"] == []


def test_r45_the_record_of_a_game_in_play_holds_no_result_under_review(reviewed):
    reviewed.ok(FIRST, DRAW)
    for seat in (None, reviewed.member("stark")):
        headers = bearer(reviewed.tokens[seat]) if seat else {}
        events = reviewed.client.get(f"/api/games/{reviewed.game_id}/record", headers=headers)
        assert events.status_code == 200, events.text
        assert results(events.json()["events"]) == []


# -- exports ----------------------------------------------------------------------------------


def test_r45_under_review_the_exports_hold_no_result(reviewed):
    reviewed.ok(FIRST, DRAW)
    team = exported(reviewed, reviewed.member("stark"))
    assert sorted(team) == ["public"]
    public = exported(reviewed, None)
    assert sorted(public) == ["public"] and public["public"] == team["public"]
    assert "Risultati del turno 1" not in public["public"]
    assert "Turno 1: risultati in revisione" in public["public"]


def test_r45_under_review_the_referees_read_the_messages_to_be_sent(reviewed):
    reviewed.ok(FIRST, DRAW)
    texts = exported(reviewed, FIRST)
    assert sorted(texts) == sorted(["public", *(f"pm-{h}" for h in reviewed.houses)])
    assert "Rapporto per Stark — turno 1" in texts["pm-stark"]


def test_r45_after_publication_each_team_exports_its_message(reviewed):
    reviewed.ok(FIRST, DRAW)
    reviewed.ok(SECOND, {"type": "publish_results"})
    team = exported(reviewed, reviewed.member("stark"))
    assert sorted(team) == ["pm-stark", "public"]
    assert "Risultati del turno 1" in team["public"]


# -- a draw corrected under review -------------------------------------------------------------


def correct(game: Season) -> int:
    """Corrects turn 1's draw; the game's version after it."""
    return game.ok(
        FIRST,
        {
            "type": "override",
            "kind": "correct_draw",
            "subject": "turn1",
            "value": {"numbers": FIXED},
            "reason": "Numeri ricopiati male dal giornale",
        },
    )["version"]


def test_r45_a_correction_under_review_reaches_nobody_before_publication(reviewed):
    with socket(reviewed, reviewed.member("stark")) as watching:
        reviewed.ok(FIRST, DRAW)
        version = correct(reviewed)
        seen = ws_until(watching, lambda m: m.get("version") == version)
    assert results_told(seen) == []
    assert "corrett" not in told(seen)
    stark = reviewed.view(reviewed.member("stark"))["view"]
    assert stark["phase"] == "review" and stark["team"]["reports"] == []


def test_r45_a_correction_under_review_changes_what_is_published(reviewed):
    reviewed.ok(FIRST, DRAW)
    correct(reviewed)
    reviewed.ok(SECOND, {"type": "publish_results"})
    stark = reviewed.view(reviewed.member("stark"))["view"]
    (report,) = stark["team"]["reports"]
    # nothing was sent before: the one report sent is not "corrected", and it is the new one
    assert not report.get("corrected")
    assert "corretto" not in " ".join(stark["team"]["report_text"]["it"])
    referee = reviewed.view(FIRST)["view"]
    assert referee["resolutions"][-1]["numbers"] == FIXED
    public = reviewed.view(None)["view"]
    assert [d["numbers"] for d in public["draws"] if d["purpose"] == "turn"] == [FIXED]
    assert not public["bulletins"][0].get("corrected")


def test_r68_a_correction_after_publication_sends_a_corrected_report(unreviewed):
    unreviewed.ok(FIRST, DRAW)
    stark = unreviewed.member("stark")
    first = unreviewed.view(stark)["view"]["team"]["reports"]
    with socket(unreviewed, stark) as watching:
        version = correct(unreviewed)
        seen = ws_until(watching, lambda m: m.get("version") == version)
    types = {e["type"] for m in seen for e in m.get("events", [])}
    assert "draw_corrected" in types
    (report,) = unreviewed.view(stark)["view"]["team"]["reports"]
    assert report["corrected"] and not first[0].get("corrected")
