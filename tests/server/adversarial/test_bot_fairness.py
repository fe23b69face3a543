"""Issue 28, finding 4: searching bots starved each other. One client's 20 tables of four
ISMCTS bots made another person's greedy opponent answer in 18.4 s instead of 0.14 s: the
budget started only when a child took the question up, and the questions waited first
come, first served.

Now a decision's deadline counts from when its move is due (past it, the reference bot
plays, thought about or not); the questions wait in turns, client by client; and a client
holds a bounded number of searching seats at its unfinished tables."""

from __future__ import annotations

import logging
import os
import time
from concurrent.futures import Future
from typing import Any

from fastapi.testclient import TestClient

from tavola.core import Table, get_game
from tavola.server.app import create_app
from tavola.server.ratelimit import CreationLimit
from tavola.server.seating import plan_table
from tests.server.adversarial.test_limits import LONG_THINKER, children_of
from tests.server.api_helpers import (
    ANNA,
    SIMPLIFIED,
    act,
    create,
    create_body,
    first_move,
    legal,
    running,
    wait_for,
    wait_view,
)

ISMCTS = {"kind": "ismcts"}
GREEDY = {"kind": "greedy"}


def sqlite(tmp_path: Any) -> str:
    return f"sqlite:///{tmp_path / 'tavola.db'}"


def question(bot: str, seed: int = 5) -> Any:
    """A real question a searching bot is asked: the opening of a short Legends game."""
    from tavola.server.thinking import Question

    game = get_game("legends")
    plan = plan_table(game, SIMPLIFIED, [GREEDY, GREEDY])
    table = Table(game, plan.config, seed)
    seat = sorted(table.to_act)[0]
    return Question(game.name, game.dump(table.state), seat, bot, seed)


# -- the turns --------------------------------------------------------------------------------


def test_a_client_with_many_games_does_not_go_before_another_clients_question():
    from tavola.server.turns import Turns

    turns: Turns[str] = Turns()
    assert turns.take() is None
    turns.put("flood", "f0", "f0?")
    assert turns.take() == "f0?"  # the flood's question being thought about
    for game in ("f1", "f2", "f3", "f4"):
        turns.put("flood", game, f"{game}?")
    turns.put("person", "p", "p?")  # came after the flood's four
    turns.put("other", "o", "o?")
    assert [turns.take() for _ in range(7)] == ["p?", "o?", "f1?", "f2?", "f3?", "f4?", None]


def test_a_games_newer_question_replaces_the_one_still_waiting():
    from tavola.server.turns import Turns

    turns: Turns[str] = Turns()
    turns.put("flood", "f1", "old")
    assert turns.put("flood", "f1", "new") == "old"
    assert len(turns) == 1
    assert turns.take() == "new"


# -- the thinking processes -------------------------------------------------------------------


def test_a_question_whose_deadline_passed_while_waiting_is_answered_without_thinking():
    """The deadline counts from when the move was due, not from when a process is free:
    a question whose deadline has gone by when its turn comes is never thought about."""
    from tavola.server.thinking import Thinkers

    before = set(children_of(os.getpid()))
    thinkers = Thinkers(budget=1.0)
    try:
        answer = thinkers.ask(question("greedy"), time.monotonic() - 0.1, "person", "p")
        assert answer.done()  # at once: no process was asked
        assert answer.result() == (None, "late")
        assert set(children_of(os.getpid())) <= before  # none was even started
    finally:
        thinkers.close()


def test_the_thinking_processes_serve_another_clients_question_before_the_floods_next():
    """One process, busy with the flood's first question: the person's question, asked
    after the flood's next three, is answered before them."""
    from tavola.server.thinking import Thinkers

    thinkers = Thinkers(budget=30.0)
    answered: list[str] = []

    def ask(client: str, game: str, bot: str, seconds: float) -> Future[Any]:
        asked = thinkers.ask(question(bot), time.monotonic() + seconds, client, game)
        asked.add_done_callback(lambda _: answered.append(game))
        return asked

    try:
        busy = ask("flood", "f0", LONG_THINKER, 1.5)  # cut at its deadline
        later = [ask("flood", f"f{i}", "greedy", 60.0) for i in (1, 2, 3)]
        person = ask("person", "p", "greedy", 60.0)
        wait_for(lambda: all(f.done() for f in [busy, person, *later]), "every answer", 60.0)
        assert person.result()[0] is not None  # thought about, in time
        assert answered == ["f0", "p", "f1", "f2", "f3"]
    finally:
        thinkers.close()


# -- a server under a flood -------------------------------------------------------------------


def test_a_bot_whose_move_waits_behind_a_busy_process_moves_by_its_deadline(tmp_path, caplog):
    """Every thinking process busy for long (the flood): a person's greedy opponent does
    not wait for it; at its deadline the reference bot moves for it, said so in the log,
    while the flood's question is still being thought about."""
    caplog.set_level(logging.INFO, logger="tavola.server.bots")
    with running(sqlite(tmp_path), think_seconds=0.5) as client:
        thinkers = client.app.state.service.thinkers
        flood = thinkers.ask(question(LONG_THINKER), time.monotonic() + 10.0, "flood", "f")
        created = create(client, SIMPLIFIED, [ANNA, GREEDY], claim=True)
        game_id, token = created["game_id"], created["tokens"]["P1"]
        seen = wait_view(client, game_id, token, lambda v: "P1" in v["to_act"], "Anna's turn")
        move = first_move(legal(client, game_id, token)["actions"])
        assert act(client, game_id, token, move, seen["version"]).status_code == 200
        wait_view(
            client,
            game_id,
            token,
            lambda v: "P1" in v["to_act"] or v["status"] != "active",
            "the bot's reply",
        )
        assert not flood.done()  # the flood still thinks: the reply did not wait for it
    replies = [
        r.getMessage()
        for r in caplog.records
        if game_id in r.getMessage() and "of its move being due" in r.getMessage()
    ]
    assert replies and "the reference bot moves" in replies[0]


# -- the seats one client holds ---------------------------------------------------------------


def searching_table(client: TestClient, seed: int) -> Any:
    return client.post("/api/games", json=create_body(SIMPLIFIED, [ISMCTS, ISMCTS], seed))


def test_one_client_cannot_seat_searching_bots_without_end(tmp_path):
    """The default bound: eight searching seats, four tables of two; the fifth is
    refused, a table of people is not; a game over frees its seats."""
    with running(sqlite(tmp_path), think_seconds=0.05) as client:
        first = [searching_table(client, seed) for seed in range(4)]
        refused = searching_table(client, 9)
        people = client.post("/api/games", json=create_body(SIMPLIFIED, [ANNA, ANNA], 9))
        game_id = first[0].json()["game_id"]
        wait_view(client, game_id, None, lambda v: v["status"] == "over", "a bot game's end", 60.0)
        again = searching_table(client, 10)
    assert [a.status_code for a in first] == [201] * 4
    assert refused.status_code == 429, refused.text
    body = refused.json()
    assert body["code"] == "too_many_searching_bots"
    assert body["message"].startswith("You already have 8 searching bots")
    assert body["message_it"].startswith("Hai già 8 bot")
    assert people.status_code == 201
    assert again.status_code == 201, again.text


def test_each_client_behind_a_trusted_proxy_holds_its_own_searching_seats(tmp_path):
    """The client is who the creation limit counts: behind a trusted proxy, the address
    it names; one client's seats do not refuse another's."""
    limit = CreationLimit(trusted_proxies=("10.0.0.0/8",))
    app = create_app(sqlite(tmp_path), bot_delay=0, tick=0.01, create_limit=limit)
    with TestClient(app, client=("10.1.2.3", 5000)) as proxy:

        def create_for(address: str, seed: int) -> int:
            body = create_body(SIMPLIFIED, [ISMCTS, ISMCTS], seed)
            headers = {"X-Forwarded-For": address}
            return proxy.post("/api/games", json=body, headers=headers).status_code

        flooder = [create_for("198.51.100.7", seed) for seed in range(5)]
        other = create_for("198.51.100.8", 9)
    assert flooder == [201, 201, 201, 201, 429]
    assert other == 201
