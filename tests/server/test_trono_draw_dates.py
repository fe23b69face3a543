"""Draw evenings are real dates and only go forward (issue 27, point 2), on the server's
clock in Rome time: a draw is entered only once it has happened (20:00 Rome), a turn's draw
evening is the first Lotto evening after its deadline (where the Lotto moved it), and after
an early close the next turns' evenings still follow the draws already entered."""

from __future__ import annotations

from typing import Any

import pytest

from .test_trono_workflow import (
    FIRST,
    PLAYERS,
    SECOND,
    D,
    Season,
    ServerClock,
    client,
    clock,
    live_table,
    rome,
)

__all__ = ["client", "clock"]  # the fixtures this module borrows


def closed_season(client: Any, clock: ServerClock) -> Season:
    """A live season whose registration closed on Monday 30 November 2026 at 12:00 Rome:
    the formation draw due is Tuesday 1 December's."""
    clock.set("2026-11-30 11:00")
    made = live_table(client)
    game_id = made["game_id"]
    tokens = {s["seat"]: s["token"] for s in made["seats"] if s["token"]}
    for s in made["seats"]:
        if s.get("invite"):
            joined = client.post(
                f"/api/games/{game_id}/seats/{s['seat']}/join", json={"invite": s["invite"]}
            )
            tokens[s["seat"]] = joined.json()["token"]
    game = Season(client, game_id, tokens, {})
    for n, name in enumerate(PLAYERS, start=1):
        game.ok(f"player:p{n:02d}", {"type": "register", "display_name": name})
    clock.set("2026-11-30 12:00")
    game.ok(FIRST, {"type": "close_registration"})
    return game


def formation(day: str) -> dict[str, Any]:
    return {"type": "enter_draw", "purpose": "formation", "date": day, "numbers": D}


def turn_draw(day: str) -> dict[str, Any]:
    return {"type": "enter_draw", "purpose": "turn", "date": day, "numbers": D}


def refusal(game: Season, seat: str, action: dict[str, Any], code: str) -> dict[str, Any]:
    response = game.act(seat, action)
    assert response.status_code == 422, response.text[:400]
    body = dict(response.json())
    assert body["code"] == code, body
    return body


def evening(game: Season) -> str:
    return str(game.view(FIRST)["view"]["draw_date"])


def test_a_formation_draw_dated_tomorrow_is_refused_today(client, clock):
    game = closed_season(client, clock)
    clock.set("2026-11-30 12:30")
    body = refusal(game, FIRST, formation("2026-12-01"), "E_DRAW_NOT_YET")
    assert body["message_it"] == (
        "L'estrazione di martedì 1º dicembre 2026 non è ancora avvenuta: il Lotto estrae "
        "alle 20:00 (ora di Roma) e ora è lunedì 30 novembre 2026, 12:30 (ora di Roma). "
        "Si può inserire da quel momento."
    )
    assert body["message"].startswith("The draw of Tuesday 1 December 2026 has not happened")
    clock.set("2026-12-01 19:59")  # a minute before the extraction
    refusal(game, SECOND, formation("2026-12-01"), "E_DRAW_NOT_YET")
    clock.set("2026-12-01 20:00")
    game.ok(SECOND, formation("2026-12-01"))
    assert game.view(FIRST)["view"]["phase"] == "house_ranking"


def started(client: Any, clock: ServerClock) -> Season:
    """The season formed on 1 December, the Lotto's Saturday 12 December draw moved to
    Monday 14, turn 1 opened on Monday 7 December at 10:00 (deadline Tuesday 8, 19:50)."""
    game = closed_season(client, clock)
    clock.set("2026-12-01 20:30")
    game.ok(FIRST, formation("2026-12-01"))
    shift = {"regular": "2026-12-12", "moved_to": "2026-12-14", "reason": "festività"}
    game.ok(SECOND, {"type": "shift_draw", **shift})
    rosters = game.view(FIRST)["view"]["teams"]
    wished = ["stark", "tyrell", "greyjoy", "lannister"]
    for (_, team), house in zip(sorted(rosters.items()), wished, strict=True):
        ranking = {"type": "submit_house_ranking", "houses": [house]}
        game.ok(f"player:{team['members'][0]}", ranking)
    clock.set("2026-12-07 10:00")
    game.ok(FIRST, {"type": "start_game"})
    return game


def test_after_an_early_close_the_draw_evenings_only_go_forward(client, clock):
    game = started(client, clock)
    assert evening(game) == "2026-12-08"
    # the referees close turn 1 early: every team has said it will not post
    clock.set("2026-12-07 10:05")
    early = rome("2026-12-07 10:30").strftime("%Y-%m-%dT%H:%M:%SZ")
    reschedule = {"kind": "reschedule_turn", "subject": "turn1", "reason": "chiusura anticipata"}
    game.ok(FIRST, {"type": "override", **reschedule, "value": {"deadline": early}})
    clock.set("2026-12-07 10:30")
    game.ok(FIRST, {"type": "tick"})
    assert game.view(FIRST)["view"]["phase"] == "turn_locked"
    assert evening(game) == "2026-12-08"  # the first Lotto evening after the new deadline
    # Tuesday's numbers cannot be known on Monday: the draw waits for its evening
    body = refusal(game, SECOND, turn_draw("2026-12-08"), "E_DRAW_NOT_YET")
    assert "martedì 8 dicembre 2026" in body["message_it"]
    clock.set("2026-12-08 20:15")
    game.ok(SECOND, turn_draw("2026-12-08"))
    assert evening(game) == "2026-12-14"  # Saturday 12's draw, moved to Monday 14
    clock.set("2026-12-14 20:15")
    game.ok(FIRST, {"type": "tick"})
    game.ok(FIRST, turn_draw("2026-12-14"))
    assert evening(game) == "2026-12-15"
    clock.set("2026-12-15 20:15")
    game.ok(FIRST, {"type": "tick"})
    game.ok(SECOND, turn_draw("2026-12-15"))
    view = game.view(FIRST)["view"]
    assert view["turn"] == 4 and view["draw_date"] == "2026-12-19"  # after them, not back
    # nor can a referee set it back to an evening already drawn
    moved_back = {"type": "override", **reschedule, "subject": "turn4"}
    moved_back["value"] = {"draw_date": "2026-12-15"}
    body = refusal(game, FIRST, moved_back, "E_DRAW_EVENING")
    assert body["message_it"] == (
        "L'estrazione del turno non può essere del 15 dicembre 2026: le estrazioni vanno solo "
        "avanti e l'ultima inserita è del 15 dicembre 2026. La prima possibile è quella del "
        "19 dicembre 2026."
    )
    assert evening(game) == "2026-12-19"


@pytest.mark.parametrize("drawn_at", ["2026-12-08 19:55", "2026-12-08 20:00"])
def test_a_turn_draw_counts_as_happened_from_20_rome_time(client, clock, drawn_at):
    game = started(client, clock)
    clock.set("2026-12-08 19:50")
    game.ok(FIRST, {"type": "tick"})  # the deadline: the turn locks
    clock.set(drawn_at)
    response = game.act(FIRST, turn_draw("2026-12-08"))
    assert response.status_code == (200 if drawn_at.endswith("20:00") else 422), response.text[:400]
