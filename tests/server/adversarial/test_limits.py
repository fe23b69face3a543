"""Issue 16, item 7: nobody can use unbounded resources.

Creation is rate-limited per client (its address, or what a trusted proxy says it is);
a searching bot thinks in another process within a time budget, so that several heavy bot
games delay no other game's clock; an idle unfinished game leaves memory and comes back
exactly as it was (on SQLite and PostgreSQL)."""

from __future__ import annotations

import logging
import os
import signal
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tavola.server.app import create_app
from tavola.server.ratelimit import Buckets, CreationLimit
from tests.server.api_helpers import (
    ANNA,
    BRUNO,
    ROBO,
    SIMPLIFIED,
    act,
    awaited_decision,
    create,
    create_body,
    first_move,
    legal,
    record,
    running,
    view,
    wait_for,
    wait_view,
    ws_receive,
)
from tests.server.processes import Server, create_game, servers, wait_until

ISMCTS = {"kind": "ismcts"}
LONG_THINKER = "ismcts:200000"
"""A search of minutes a move, were it not cut (the server stores a bot's name with its
budget; the API seats only the default one)."""


def sqlite(tmp_path: Any) -> str:
    return f"sqlite:///{tmp_path / 'tavola.db'}"


def two_people(seed: int = 5) -> dict[str, Any]:
    return create_body(SIMPLIFIED, [ANNA, BRUNO], seed)


# -- creation -------------------------------------------------------------------------------------


def test_one_client_cannot_create_games_without_end(tmp_path):
    """The issue created 149 games a second from one address."""
    with running(sqlite(tmp_path)) as client:  # the default limit
        answers = [client.post("/api/games", json=two_people(s)) for s in range(40)]
        stored = len(client.get("/api/games").json())
    codes = [a.status_code for a in answers]
    assert codes[:30] == [201] * 30
    assert set(codes[30:]) == {429}
    assert stored == 30
    refused = answers[-1]
    assert refused.json()["code"] == "too_many_games"
    assert refused.json()["message"].endswith("seconds.")
    assert int(refused.headers["Retry-After"]) >= 1


def test_each_client_behind_a_trusted_proxy_has_its_own_limit(tmp_path):
    limit = CreationLimit(burst=2, per_minute=1, trusted_proxies=("10.0.0.0/8",))
    app = create_app(sqlite(tmp_path), bot_delay=0, tick=0.01, create_limit=limit)
    with TestClient(app, client=("10.1.2.3", 5000)) as proxy:

        def create_for(client_address: str) -> int:
            headers = {"X-Forwarded-For": f"{client_address}, 10.9.9.9"}  # two proxies
            return proxy.post("/api/games", json=two_people(), headers=headers).status_code

        first = [create_for("198.51.100.7") for _ in range(3)]
        other = create_for("198.51.100.8")
    assert first == [201, 201, 429]
    assert other == 201


def test_a_forwarded_for_header_from_anyone_else_is_not_believed(tmp_path):
    limit = CreationLimit(burst=2, per_minute=1, trusted_proxies=("10.0.0.0/8",))
    app = create_app(sqlite(tmp_path), bot_delay=0, tick=0.01, create_limit=limit)
    with TestClient(app, client=("203.0.113.9", 5000)) as client:
        codes = [
            client.post(
                "/api/games", json=two_people(), headers={"X-Forwarded-For": f"192.0.2.{i}"}
            ).status_code
            for i in range(3)
        ]
    assert codes == [201, 201, 429]


def test_a_refused_client_may_create_again_once_its_retry_after_has_passed():
    moment = [0.0]
    buckets = Buckets(burst=1, per_second=0.5, clock=lambda: moment[0])
    assert buckets.take("a") == 0.0
    wait = buckets.take("a")
    assert wait == pytest.approx(2.0)
    assert buckets.take("b") == 0.0  # another client: its own bucket
    moment[0] += wait
    assert buckets.take("a") == 0.0


def test_the_clients_counted_stay_bounded():
    buckets = Buckets(burst=1, per_second=1.0, clock=lambda: 0.0, most=3)
    for client in "abcde":
        buckets.take(client)
    assert buckets.take("e") > 0  # the newest are remembered
    assert buckets.take("a") == 0.0  # the oldest forgotten (full again)


# -- bots' thinking -------------------------------------------------------------------------------


def heavy_bot_game(client: TestClient, seed: int) -> str:
    """A game of two searching bots, whose searches are made to last minutes a move."""
    game_id = create(client, SIMPLIFIED, [ISMCTS, ISMCTS], seed=seed)["game_id"]
    for info in client.app.state.service.live[game_id].seats.values():
        info.bot = LONG_THINKER
    return str(game_id)


def test_heavy_bot_games_do_not_delay_another_games_one_second_clock(db_url):
    """The issue's ISMCTS games made 1-second clocks about a second late; a search of
    minutes in the server's own bot loop would have held every clock for minutes."""
    one_second = {"turn_s": 1, "response_s": 1, "counter_s": 1, "setup_s": 1, "flip_s": 1}
    with running(db_url, think_seconds=1.0) as client:
        for seed in range(3):
            heavy_bot_game(client, seed)
        created = create(client, {"mode": "classic", "max_rounds": 2, "timers": one_second})
        game_id, token = created["game_id"], created["tokens"]["P1"]
        first = awaited_decision(client, game_id, token, "P1")
        wait_view(
            client,
            game_id,
            token,
            lambda v: first["decision_id"] not in [p["decision_id"] for p in v["view"]["pending"]],
            "P1's one-second clock to run out",
            timeout=6.0,  # generous (looked at every 0.25 s); a search in the loop: minutes
        )
        events = record(client, game_id, token)["events"]
    assert {"seat": "P1", "decision_id": first["decision_id"]} in [
        e["data"] for e in events if e["type"] == "timeout"
    ]


def children_of(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        try:
            status = (entry / "status").read_text()
        except (OSError, ValueError):
            continue
        if f"\nPPid:\t{pid}\n" in status:
            found.append(int(entry.name))
    return found


def alive(pid: int) -> bool:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    return "State:\tZ" not in status


def test_a_thinking_process_ends_with_its_server_even_a_killed_one(tmp_path):
    with servers() as started:
        server = Server(f"sqlite:///{tmp_path / 'tavola.db'}", tmp_path)
        started.append(server.start())
        with server.client() as client:
            create_game(client, SIMPLIFIED, [ISMCTS, ISMCTS])
        assert server.process is not None
        pid = server.process.pid
        thinkers = wait_until(
            lambda: children_of(pid), timeout=15, what="a thinking process to start"
        )
        os.kill(pid, signal.SIGKILL)  # the server alone: no shutdown code runs
        server.process.wait(timeout=10)
        wait_until(
            lambda: not any(alive(child) for child in thinkers),
            timeout=10,
            what="the thinking processes to end",
        )


def test_a_bot_still_thinking_when_its_budget_runs_out_gives_way_to_the_reference_bot(
    db_url, caplog
):
    caplog.set_level(logging.INFO, logger="tavola.server.bots")

    def cut(game_id: str) -> list[logging.LogRecord]:
        return [
            r
            for r in caplog.records
            if "did not decide within" in r.getMessage() and game_id in r.getMessage()
        ]

    with running(db_url, think_seconds=0.3) as client:
        game_id = heavy_bot_game(client, 1)
        wait_for(lambda: cut(game_id), "a search to be cut at its budget")
        at = view(client, game_id)["version"]
        wait_view(client, game_id, None, lambda v: v["version"] >= at + 3, "three more moves")


# -- memory -----------------------------------------------------------------------------------


def play(client: TestClient, created: dict[str, Any], moves: int) -> None:
    game_id, tokens = created["game_id"], created["tokens"]
    for _ in range(moves):
        seen = view(client, game_id)
        seat = seen["to_act"][0]
        action = first_move(legal(client, game_id, tokens[seat])["actions"])
        assert act(client, game_id, tokens[seat], action, seen["version"]).status_code == 200


def test_an_idle_unfinished_game_leaves_memory_and_comes_back_as_it_was(db_url):
    with running(db_url, idle_seconds=0.2) as client:
        service = client.app.state.service
        created = create(client)
        game_id, tokens = created["game_id"], created["tokens"]
        play(client, created, 5)
        live = service.live[game_id]
        held = (live.version, live.table.hash)
        before = {
            seat: (view(client, game_id, t), record(client, game_id, t))
            for seat, t in tokens.items()
        }
        wait_for(lambda: game_id not in service.live, "the idle game to leave memory")
        after = {
            seat: (view(client, game_id, t), record(client, game_id, t))
            for seat, t in tokens.items()
        }
        back = service.live[game_id]
        reloaded = (back.version, back.table.hash)
        play(client, created, 1)  # and it plays on
        moved_on = view(client, game_id)["version"]
    assert back is not live
    assert reloaded == held
    assert after == before
    assert moved_on == held[0] + 1


def test_a_bot_game_stays_in_memory_while_its_bots_play(db_url):
    with running(db_url, idle_seconds=0.0) as client:
        game_id = create(client, SIMPLIFIED, [ROBO, ROBO])["game_id"]
        final = wait_view(client, game_id, None, lambda v: v["status"] == "over", "the end")
    assert final["view"]["result"] is not None


def test_an_idle_games_clock_still_runs_out(db_url):
    timed = {"mode": "classic", "max_rounds": 2, "timers": {"setup_s": 0.5}}
    with running(db_url, idle_seconds=0.05) as client:
        service = client.app.state.service
        created = create(client, timed, [ANNA, ROBO])
        game_id, token = created["game_id"], created["tokens"]["P1"]
        wait_for(lambda: game_id not in service.live, "the idle game to leave memory")
        events = wait_for(
            lambda: [e for e in record(client, game_id, token)["events"] if e["type"] == "timeout"],
            "P1's clock to run out",
        )
    assert events[0]["data"]["seat"] == "P1"


def test_a_game_watched_over_a_websocket_stays_in_memory(db_url):
    """Another worker's moves reach this worker's sockets through the game it holds. (Its
    idle time is long enough that the game is not let go between the socket's load and its
    registration, as a loaded machine could; a real server's is ten minutes.)"""
    with running(db_url, idle_seconds=0.5) as client:
        service = client.app.state.service
        watched = create(client)
        unwatched = create(client)
        token = watched["tokens"]["P1"]
        with client.websocket_connect(f"/api/games/{watched['game_id']}/ws?token={token}") as ws:
            assert ws_receive(ws)["type"] == "state"
            wait_for(lambda: unwatched["game_id"] not in service.live, "the other to leave")
            kept = watched["game_id"] in service.live
    assert kept
