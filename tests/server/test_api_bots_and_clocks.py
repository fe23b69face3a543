"""Server-side automation: bots move on their own, clocks run out, autopilot takes over."""

from __future__ import annotations

import pytest

from .api_helpers import (
    ANNA,
    BRUNO,
    ROBO,
    SIMPLIFIED,
    act,
    awaited_decision,
    create,
    legal,
    record,
    running,
    view,
    wait_view,
)

BIP = {"kind": "bot", "name": "Bip", "bot": "random"}

FAST = {
    "turn_s": 0.3,
    "response_s": 0.3,
    "counter_s": 0.3,
    "setup_s": 0.3,
    "flip_s": 0.3,
    "choice_s": 0.3,
}
"""Every clock of a timed game, short enough for a test."""


def timed_classic(**timers):
    return {"mode": "classic", "max_rounds": 2, "timers": {**FAST, **timers}}


def pending_for(seen, seat):
    return [p for p in seen["view"]["pending"] if p["seat"] == seat]


def over(seen):
    return seen["status"] == "over"


# -- bots ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "options",
    [SIMPLIFIED, {"mode": "classic", "max_rounds": 2}],
    ids=["simplified", "classic"],
)
def test_a_bot_vs_bot_game_created_through_the_api_reaches_the_end(db_url, options):
    with running(db_url) as client:
        game_id = create(client, options, [ROBO, BIP], seed=9)["game_id"]
        final = wait_view(client, game_id, None, over, "the bots to finish")
    assert final["view"]["result"] is not None
    assert final["version"] > 0


def test_a_bot_against_the_automatic_boss_reaches_the_end(db_url):
    with running(db_url) as client:
        created = create(client, {"mode": "classic", "max_rounds": 2}, [ROBO, {"kind": "boss"}])
        final = wait_view(client, created["game_id"], None, over, "the boss game to finish")
    assert [s["kind"] for s in created["seats"]] == ["bot", "bot"]
    assert set(final["view"]["result"]["placements"]) == set(final["seats"])


def test_a_bot_seat_waits_for_the_human_it_plays_against(db_url):
    with running(db_url) as client:
        created = create(client, SIMPLIFIED, [ANNA, ROBO])
        game_id, token = created["game_id"], created["tokens"]["P1"]
        seen = wait_view(client, game_id, token, lambda v: v["to_act"] == ["P1"], "P1 alone")
        again = view(client, game_id, token)
    assert again["version"] == seen["version"]
    assert seen["status"] == "active"


# -- clocks --------------------------------------------------------------------------------------


def test_an_awaited_human_seat_of_a_timed_game_shows_its_clock(db_url):
    with running(db_url) as client:
        created = create(client, timed_classic(setup_s=30), [ANNA, ROBO])
        seen = view(client, created["game_id"], created["tokens"]["P1"])
    clock = seen["clocks"]["P1"]
    assert clock["decision_id"] == "choose_main-P1"
    assert clock["kind"] == "setup"
    assert clock["due_at"] is not None


def test_a_human_who_never_acts_gets_the_timeout_action_applied(db_url):
    with running(db_url) as client:
        created = create(client, timed_classic(), [ANNA, ROBO])
        game_id, token = created["game_id"], created["tokens"]["P1"]
        first = awaited_decision(client, game_id, token, "P1")
        wait_view(
            client,
            game_id,
            token,
            lambda v: [p["decision_id"] for p in pending_for(v, "P1")] != [first["decision_id"]],
            "P1's awaited decision to time out",
        )
        events = record(client, game_id, token)["events"]
    timeouts = [e["data"] for e in events if e["type"] == "timeout"]
    assert {"seat": "P1", "decision_id": first["decision_id"]} in timeouts


def test_after_autopilot_after_timeouts_the_seat_plays_on_autopilot(db_url):
    with running(db_url) as client:
        # the two setup decisions time out fast; later clocks never race the autopilot
        timers = timed_classic(autopilot_after=2, turn_s=5, response_s=5, counter_s=5)
        created = create(client, timers, [ANNA, ROBO])
        game_id, token = created["game_id"], created["tokens"]["P1"]
        final = wait_view(client, game_id, token, over, "the autopiloted game to finish")
        log = record(client, game_id, token)["log"]
    assert final["view"]["seats"]["P1"]["autopilot"] is True
    mine = [entry["action"]["type"] for entry in log if entry["seat"] == "P1"]
    assert mine[:2] == ["timeout", "timeout"]
    assert mine[2:] and set(mine[2:]) == {"autopilot"}


def test_the_autopilot_is_announced_by_an_autopilot_on_event(db_url):
    with running(db_url) as client:
        created = create(client, timed_classic(autopilot_after=1), [ANNA, ROBO])
        game_id, token = created["game_id"], created["tokens"]["P1"]
        wait_view(
            client,
            game_id,
            token,
            lambda v: v["view"]["seats"]["P1"].get("autopilot"),
            "P1 on autopilot",
        )
        events = record(client, game_id, token)["events"]
    assert {"seat": "P1"} in [e["data"] for e in events if e["type"] == "autopilot_on"]


def test_every_seat_awaited_in_a_simultaneous_decision_has_a_clock(db_url):
    # Long clocks: a clock running out before the cut arrives would move the game on.
    timed = {"mode": "simplified", "timers": {key: 30 for key in FAST}}
    with running(db_url) as client:
        created = create(client, timed, [ANNA, BRUNO])
        game_id, tokens = created["game_id"], created["tokens"]
        answer = client.post(
            f"/api/games/{game_id}/actions",
            json={"action": "cut_deck", "version": 0},
            headers={"Authorization": f"Bearer {tokens['P2']}"},
        )
        assert answer.status_code == 200
        seen = view(client, game_id)
    assert seen["to_act"] == ["P1", "P2"]
    assert set(seen["clocks"]) == {"P1", "P2"}


def test_both_humans_who_never_flip_time_out_and_the_game_goes_on(db_url):
    timed = {"mode": "simplified", "timers": {**FAST, "flip_s": 0.2, "setup_s": 0.2}}
    with running(db_url) as client:
        created = create(client, timed, [ANNA, BRUNO])
        game_id = created["game_id"]
        seen = wait_view(
            client,
            game_id,
            None,
            lambda v: v["view"].get("clash", {}).get("number", 0) >= 2,
            "the second clash",
        )
    assert seen["status"] == "active"


def on_autopilot(seen, seat):
    return [p["autopilot"] for p in pending_for(seen, seat)] == [True]


def test_a_human_move_ends_the_autopilot(db_url):
    # bots and autopilots wait half a second: time enough for the human to come back
    with running(db_url, bot_delay=0.5) as client:
        timers = timed_classic(autopilot_after=1, turn_s=30, response_s=30, counter_s=30)
        created = create(client, timers, [ANNA, ROBO])
        game_id, token = created["game_id"], created["tokens"]["P1"]
        for _ in range(5):  # the autopilot may still win a race: the human tries again
            wait_view(client, game_id, token, lambda v: on_autopilot(v, "P1"), "P1 on autopilot")
            options = legal(client, game_id, token)
            action = next(a for a in options["actions"] if a["type"] != "concede")
            answer = act(client, game_id, token, action, options["version"])
            if answer.status_code != 409:
                break
        assert answer.status_code == 200, answer.text
        ended = [e["data"] for e in answer.json()["events"] if e["type"] == "autopilot_off"]
        assert ended == [{"seat": "P1"}]
        back = wait_view(client, game_id, token, lambda v: "P1" in v["to_act"], "P1 again")
    assert [p["autopilot"] for p in pending_for(back, "P1")] == [False]
