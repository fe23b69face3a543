"""Racing requests: many clients submit for the same seat at the same version; exactly one
move is applied per version, a repeated `client_action_id` gets the first result, the rest
are refused STALE, and the log never holds a move twice. Also: what a reader gets while
moves race past it still belongs together (legal actions and their version)."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
from sqlalchemy import select

from tavola.core import GameRecord, Table
from tavola.store.models import ActionRow

from .api_helpers import ANNA, ROBO, act, create, legal, record, running, view, wait_view

RACERS = 8


def race(clients, game_id, token, action, version, ids):
    """Submits `action` once per id (None: no id) from as many threads, all released at
    once; the clients take turns. Returns (id, status, body) per request."""
    start = threading.Barrier(len(ids))

    def submit(i):
        client = clients[i % len(clients)]
        start.wait()
        response = act(client, game_id, token, action, version, ids[i])
        return ids[i], response.status_code, response.json()

    with ThreadPoolExecutor(len(ids)) as pool:
        return list(pool.map(submit, range(len(ids))))


def applied(results):
    return [r for r in results if r[1] == 200 and not r[2]["duplicate"]]


def stored_actions(client, game_id):
    with client.app.state.service.db.session() as session:
        rows = session.scalars(
            select(ActionRow).where(ActionRow.game_id == game_id).order_by(ActionRow.seq)
        )
        return [(row.seq, row.seat, row.action, row.client_action_id) for row in rows]


def cut(client, created):
    response = act(client, created["game_id"], created["tokens"]["P2"], "cut_deck", 0)
    assert response.status_code == 200, response.text


def test_racing_requests_with_one_client_action_id_apply_one_move(db_url):
    with running(db_url) as client:
        created = create(client)
        game_id, token = created["game_id"], created["tokens"]["P1"]
        cut(client, created)
        results = race([client], game_id, token, "flip", 1, ["flip"] * RACERS)
        final = view(client, game_id)["version"]
    [winner] = applied(results)
    assert final == winner[2]["version"] == 2
    duplicates = [r for r in results if r is not winner]
    assert all(status == 200 and body["duplicate"] for _, status, body in duplicates)
    assert all(body["events"] == winner[2]["events"] for _, _, body in duplicates)


def test_racing_requests_with_different_ids_apply_one_move_and_the_rest_are_stale(db_url):
    with running(db_url) as client:
        created = create(client)
        game_id, token = created["game_id"], created["tokens"]["P1"]
        cut(client, created)
        results = race([client], game_id, token, "flip", 1, [f"flip-{i}" for i in range(RACERS)])
        final = view(client, game_id)["version"]
    assert len(applied(results)) == 1
    assert final == 2
    losers = [body for _, status, body in results if status != 200]
    assert len(losers) == RACERS - 1
    assert all((body["code"], body["version"]) == ("STALE", 2) for body in losers)


def test_racing_requests_without_ids_apply_one_move(db_url):
    with running(db_url) as client:
        created = create(client)
        game_id, token = created["game_id"], created["tokens"]["P1"]
        cut(client, created)
        results = race([client], game_id, token, "flip", 1, [None] * RACERS)
        final = view(client, game_id)["version"]
    assert len(applied(results)) == 1
    assert final == 2
    assert sorted(status for _, status, _ in results) == [200] + [409] * (RACERS - 1)


def test_mixed_racing_requests_answer_duplicates_with_the_first_result(db_url):
    with running(db_url) as client:
        created = create(client)
        game_id, token = created["game_id"], created["tokens"]["P1"]
        cut(client, created)
        ids = ["same"] * (RACERS // 2) + [f"own-{i}" for i in range(RACERS // 2)]
        results = race([client], game_id, token, "flip", 1, ids)
    [(winner_id, _, winner)] = applied(results)
    for request_id, status, body in results:
        if body is winner:
            continue
        if request_id == winner_id:
            assert (status, body["duplicate"], body["version"]) == (200, True, winner["version"])
        else:
            assert (status, body["code"]) == (409, "STALE")


def test_a_raced_game_has_no_double_moves_in_its_log(db_url):
    with running(db_url) as client:
        created = create(client, {"mode": "simplified", "simplified": {"max_clashes": 4}})
        game_id, tokens = created["game_id"], created["tokens"]
        rounds = 0
        for _ in range(40):
            seen = view(client, game_id)
            if seen["status"] == "over":
                break
            seat = seen["to_act"][0]
            legal = client.get(
                f"/api/games/{game_id}/legal", headers={"Authorization": f"Bearer {tokens[seat]}"}
            ).json()
            action = next(a for a in legal["actions"] if a["type"] != "concede")
            ids = [f"v{seen['version']}"] * 3 + [f"v{seen['version']}-{i}" for i in range(3)]
            results = race([client], game_id, tokens[seat], action, seen["version"], ids)
            assert len(applied(results)) == 1
            rounds += 1
        final = view(client, game_id)
        log = stored_actions(client, game_id)
    assert final["status"] == "over"
    assert final["version"] == rounds == len(log)
    assert [seq for seq, *_ in log] == list(range(1, rounds + 1))
    assert len({request_id for *_, request_id in log}) == rounds


def test_two_workers_on_one_database_apply_one_move_per_version(db_url):
    if db_url.startswith("sqlite"):
        pytest.skip("several workers need PostgreSQL (tavola serve refuses them on SQLite)")
    with running(db_url) as first:
        created = create(first)
        game_id, token = created["game_id"], created["tokens"]["P1"]
        cut(first, created)
        with running(db_url) as second:
            wait_view(second, game_id, None, lambda v: v["version"] == 1, "the second worker")
            ids = [f"flip-{i}" for i in range(RACERS)]
            results = race([first, second], game_id, token, "flip", 1, ids)
            assert len(applied(results)) == 1
            assert all(body["code"] == "STALE" for _, status, body in results if status != 200)
            for worker in (first, second):
                wait_view(worker, game_id, None, lambda v: v["version"] == 2, "both at version 2")
            log = stored_actions(first, game_id)
    assert [(seq, seat) for seq, seat, *_ in log] == [(1, "P2"), (2, "P1")]


def test_two_workers_answer_a_racing_duplicate_with_the_first_result(db_url):
    if db_url.startswith("sqlite"):
        pytest.skip("several workers need PostgreSQL (tavola serve refuses them on SQLite)")
    answers = []
    with running(db_url) as first, running(db_url) as second:
        for _ in range(10):
            created = create(first)
            game_id, token = created["game_id"], created["tokens"]["P1"]
            cut(first, created)
            wait_view(second, game_id, None, lambda v: v["version"] == 1, "the second worker")
            answers += race([first, second], game_id, token, "flip", 1, ["same"] * RACERS)
    assert [body.get("code") for _, status, body in answers if status != 200] == []


def test_legal_actions_are_reported_with_the_version_they_belong_to(db_url):
    if db_url.startswith("postgresql"):
        pytest.skip("a race in the app, not in the database: SQLite is enough")
    fast = {"setup_s": 0.05, "turn_s": 0.05, "response_s": 0.05, "counter_s": 0.05}
    timed = {"mode": "classic", "max_rounds": 12, "timers": {**fast, "autopilot_after": 1}}
    with running(db_url) as client:
        # P1 times out at once and goes on autopilot: its options change at every move
        created = create(client, timed, [ANNA, ROBO], seed=1)
        game_id, token = created["game_id"], created["tokens"]["P1"]
        polls = []

        def poll():
            while view(client, game_id)["status"] == "active":
                for _ in range(20):
                    answer = legal(client, game_id, token)
                    polls.append((answer["version"], answer["actions"]))

        with ThreadPoolExecutor(8) as pool:
            for done in [pool.submit(poll) for _ in range(8)]:
                done.result()
        finished = GameRecord.from_json(record(client, game_id))
    table = Table(finished.game, finished.config, finished.seed, finished.setup)
    expected = {0: [a.to_json() for a in table.game.legal_actions(table.state, "P1")]}
    for version, entry in enumerate(finished.log, start=1):
        table.act(entry.seat, entry.action)
        expected[version] = [a.to_json() for a in table.game.legal_actions(table.state, "P1")]
    wrong = [version for version, actions in polls if actions != expected[version]]
    assert len(polls) > 50
    assert wrong == [], f"{len(wrong)} of {len(polls)} answers"
