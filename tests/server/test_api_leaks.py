"""Hidden information never leaks through the API: random games with a human at every
seat, and after every move every answer a seat (or the public) can get — its view, its
events, its legal actions, its record, its WebSocket messages — is searched for the card
instances hidden from it and for the deck's order, as the engine itself reports them, and
until the game is over for its seed and the salt of its commitment."""

from __future__ import annotations

import contextlib
import json
import random

import pytest

from tavola.core import Viewer

from .api_helpers import (
    ANNA,
    BRUNO,
    CARLA,
    act,
    bearer,
    create,
    first_move,
    legal,
    running,
    ws_receive,
)

TABLES = [
    pytest.param(
        {"mode": "simplified", "simplified": {"max_clashes": 12}},
        [ANNA, BRUNO, CARLA],
        21,
        id="simplified-3",
    ),
    pytest.param(
        {
            "mode": "simplified",
            "simplified": {"max_clashes": 12, "special_card_value": "reflip"},
        },
        [ANNA, BRUNO],
        22,
        id="simplified-2-reflip",
    ),
    pytest.param({"mode": "classic", "max_rounds": 2}, [ANNA, BRUNO], 23, id="classic-2"),
    pytest.param(
        {"mode": "classic", "max_rounds": 2, "sides": "teams"},
        [{**ANNA, "team": "A"}, {**BRUNO, "team": "B"}, {**CARLA, "team": "A"}],
        24,
        id="classic-teams-3",
    ),
    pytest.param(
        {"mode": "classic", "max_rounds": 2, "sides": "teams", "team_shared_hands": True},
        [{**ANNA, "team": "A"}, {**BRUNO, "team": "B"}, {**CARLA, "team": "A"}],
        25,
        id="classic-teams-shared-hands",
    ),
]

MAX_MOVES = 150
CONCEDE_ODDS = 0.01
"""How often a seat that may concede does (a concession ends a seat's game early)."""


class Secrets:
    """What the engine hides, read from the server's own table after a move."""

    def __init__(self, app, game_id):
        live = app.state.service.live[game_id]
        with live.lock:
            table = live.table
            seats = list(table.game.seats(table.state))
            self.hidden = {s: set(table.game.hidden_from(table.state, s)) for s in seats}
            self.hidden[None] = set().union(*self.hidden.values())
            deck = list(table.state.deck)
            # Seed and salt open the commitment: secret until the game is over (issue 28).
            self.salt = None if live.status == "over" else table.salt
        runs = [deck[i : i + 3] for i in range(len(deck) - 2)]
        self.deck_runs = [json.dumps(run)[1:-1] for run in runs]

    def hidden_cards_in(self, payload, seat):
        text = json.dumps(payload)
        return sorted(iid for iid in self.hidden[seat] if f'"{iid}"' in text)

    def deck_runs_in(self, payload):
        text = json.dumps(payload)
        return [run for run in self.deck_runs if run in text]

    def assert_none_in(self, payload, seat, where):
        who = seat or "the public"
        leaked = self.hidden_cards_in(payload, seat)
        assert not leaked, f"{where} for {who} shows hidden cards {leaked}"
        runs = self.deck_runs_in(payload)
        assert not runs, f"{where} for {who} shows the deck's order {runs[0]}"
        if self.salt is not None:
            assert self.salt not in json.dumps(payload), f"{where} for {who} shows the salt"
            assert not seed_keys_in(payload), f"{where} for {who} shows the seed"


def seed_keys_in(payload) -> bool:
    """Whether the payload reveals a seed (or its salt) under any key, at any depth."""
    if isinstance(payload, dict):
        revealed = payload.get("revealed") is not None or {"seed", "salt"} & set(payload)
        return bool(revealed) or any(seed_keys_in(v) for v in payload.values())
    if isinstance(payload, list):
        return any(seed_keys_in(v) for v in payload)
    return False


def get(client, path, token):
    response = client.get(path, headers=bearer(token))
    assert response.status_code == 200, response.text
    return response.json()


def choose(rng, actions):
    moves = [a for a in actions if a["type"] != "concede"]
    if not moves or (len(moves) < len(actions) and rng.random() < CONCEDE_ODDS):
        return rng.choice(actions)
    return rng.choice(moves)


@pytest.mark.parametrize(("options", "seats", "seed"), TABLES)
def test_no_answer_shows_a_seat_what_is_hidden_from_it(db_url, options, seats, seed):
    if db_url.startswith("postgresql") and seed not in (21, 23):
        pytest.skip("two tables are enough to cover PostgreSQL; the rest run on SQLite")
    rng = random.Random(seed)
    with running(db_url) as client:
        created = create(client, options, seats, seed=seed)
        game_id, tokens = created["game_id"], created["tokens"]
        viewers = {**tokens, None: None}
        base = f"/api/games/{game_id}"
        with contextlib.ExitStack() as stack:
            sockets = {}
            for seat, token in viewers.items():
                query = f"?token={token}" if token else ""
                sockets[seat] = stack.enter_context(client.websocket_connect(f"{base}/ws{query}"))
            secrets = Secrets(client.app, game_id)
            for seat, socket in sockets.items():
                secrets.assert_none_in(ws_receive(socket), seat, "the WebSocket state")

            moves = 0
            status = "active"
            while status == "active" and moves < MAX_MOVES:
                public = get(client, f"{base}/view", None)
                seat = rng.choice(public["to_act"])
                options_now = get(client, f"{base}/legal", tokens[seat])
                action = choose(rng, options_now["actions"])
                answer = act(client, game_id, tokens[seat], action, options_now["version"])
                assert answer.status_code == 200, answer.text
                moves += 1
                status = answer.json()["status"]

                secrets = Secrets(client.app, game_id)
                secrets.assert_none_in(answer.json(), seat, f"the answer to {action}")
                for viewer, token in tokens.items():
                    stale = act(client, game_id, token, action, 0)
                    assert stale.status_code == 409
                    secrets.assert_none_in(stale.json(), viewer, "a STALE refusal")
                for viewer, token in viewers.items():
                    for endpoint in ("view", "legal", "record"):
                        payload = get(client, f"{base}/{endpoint}", token)
                        secrets.assert_none_in(payload, viewer, f"/{endpoint} after move {moves}")
                    update = ws_receive(sockets[viewer])
                    assert update["type"] == "update"
                    assert update["version"] == answer.json()["version"]
                    secrets.assert_none_in(update, viewer, f"the update after move {moves}")
    assert moves > 10


def test_the_scanner_finds_the_hidden_cards_in_the_referees_view(db_url):
    """The leak test can fail: what the referee sees holds every seat's secrets."""
    with running(db_url) as client:
        created = create(client, {"mode": "classic"}, [ANNA, BRUNO])
        game_id, tokens = created["game_id"], created["tokens"]
        for version, seat in enumerate(["P1", "P2"]):
            main = first_move(legal(client, game_id, tokens[seat])["actions"])
            assert act(client, game_id, tokens[seat], main, version).status_code == 200
        secrets = Secrets(client.app, game_id)
        table = client.app.state.service.live[game_id].table
        everything = table.view(Viewer.referee())
    assert secrets.hidden_cards_in(everything, "P1")
    assert secrets.hidden_cards_in(everything, None)
    assert secrets.deck_runs_in({"deck": table.state.deck})
    with pytest.raises(AssertionError, match="hidden cards"):
        secrets.assert_none_in(everything, "P1", "the referee's view")
