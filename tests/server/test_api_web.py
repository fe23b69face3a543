"""What the browser table needs from the server: its pages, events told in words (never
naming a card the viewer cannot see), replay frames of finished games, and rematches."""

from __future__ import annotations

from tavola.games.legends.catalog import load_catalog

from .api_helpers import (
    ANNA,
    BRUNO,
    ROBO,
    act,
    bearer,
    create,
    first_move,
    legal,
    running,
    view,
    wait_view,
    ws_receive,
    ws_until,
)

BATTLE = {"mode": "classic", "max_rounds": 3}


def concede(client, game_id, tokens):
    """The seat whose decision it is concedes; returns that seat."""
    seen = view(client, game_id)
    seat = seen["to_act"][0]
    response = act(client, game_id, tokens[seat], {"type": "concede"}, seen["version"])
    assert response.status_code == 200, response.text
    return seat


def play_moves(client, game_id, tokens, moves):
    """Plays `moves` first-legal moves for whichever human seat is to act."""
    for _ in range(moves):
        for token in tokens.values():
            offered = legal(client, game_id, token)
            move = first_move(offered["actions"])
            if move and move["type"] != "concede":
                act(client, game_id, token, move, offered["version"])
                break


def finished_game(client):
    """A short battle between two humans, a few moves in, then conceded; returns the id,
    the tokens and the winner."""
    created = create(client, BATTLE, [ANNA, BRUNO], seed=11)
    game_id, tokens = created["game_id"], created["tokens"]
    play_moves(client, game_id, tokens, 6)
    loser = concede(client, game_id, tokens)
    return game_id, tokens, "P2" if loser == "P1" else "P1"


def test_pages_and_catalogues_are_served(tmp_path):
    with running(f"sqlite:///{tmp_path / 't.db'}") as client:
        lobby = client.get("/")
        assert lobby.status_code == 200 and 'id="create"' in lobby.text
        table = client.get("/play/0123456789abcdef")
        assert table.status_code == 200 and 'src="/js/play.js"' in table.text
        replay = client.get("/replay/0123456789abcdef")
        assert replay.status_code == 200 and 'src="/js/replay.js"' in replay.text
        assert client.get("/i18n/it.json").json()["lobby.title"] == "Tavoli aperti"
        assert client.get("/js/play.js").headers["content-type"].startswith("text/javascript")
        module = client.get("/games/legends/web/table.js")
        assert module.status_code == 200
        assert module.headers["content-type"].startswith("text/javascript")


def test_events_are_told_in_the_chosen_language(tmp_path):
    with running(f"sqlite:///{tmp_path / 't.db'}") as client:
        created = create(client, BATTLE, [ANNA, BRUNO], seed=3)
        game_id, token = created["game_id"], created["tokens"]["P1"]
        offered = legal(client, game_id, token)
        move = first_move(offered["actions"])
        told = {}
        for lang in ("it", "en"):
            response = client.post(
                f"/api/games/{game_id}/actions?lang={lang}",
                json={"action": move, "version": offered["version"], "client_action_id": "m1"},
                headers=bearer(token),
            )
            assert response.status_code == 200, response.text
            told[lang] = [e.get("text") for e in response.json()["events"]]
        assert told["it"] == ["Anna ha scelto il personaggio principale."]
        assert told["en"] == ["Anna has chosen a main character."]
        plain = client.get(f"/api/games/{game_id}/view", headers=bearer(token)).json()
        assert all("text" not in e for e in plain["events"])
        assert client.get(f"/api/games/{game_id}/view?lang=fr").status_code == 422


def test_told_events_never_name_a_card_the_viewer_cannot_see(db_url):
    with running(db_url) as client:
        created = create(client, BATTLE, [ANNA, BRUNO], seed=8)
        game_id, tokens = created["game_id"], created["tokens"]
        play_moves(client, game_id, tokens, 10)
        catalog = load_catalog("starter_S1")
        checked = 0
        for seat, other in (("P1", "P2"), ("P2", "P1")):
            mine = view(client, game_id, tokens[seat])["view"]
            theirs = view(client, game_id, tokens[other])["view"]
            seen = {c["card_id"] for c in _cards(mine)}
            hidden = {c["card_id"] for c in theirs["seats"][other]["hand"]} - seen
            if not hidden:
                continue
            checked += 1
            names = {catalog[c].name for c in hidden} | {catalog[c].name_en for c in hidden}
            url = f"/api/games/{game_id}/ws?token={tokens[seat]}&lang=it"
            with client.websocket_connect(url) as socket:
                state = ws_receive(socket)
            lines = [e["text"] for e in state["events"] if e.get("text")]
            assert lines, "the whole story is told on connect"
            assert not [line for line in lines for name in names if name and name in line]
        assert checked, "the test needs a card only the other seat holds"


def _cards(node):
    if isinstance(node, dict):
        if isinstance(node.get("iid"), str) and isinstance(node.get("card_id"), str):
            yield node
        for value in node.values():
            yield from _cards(value)
    elif isinstance(node, list):
        for value in node:
            yield from _cards(value)


def test_replay_frames_walk_a_finished_game(db_url):
    with running(db_url) as client:
        game_id, tokens, winner = finished_game(client)
        first = client.get(f"/api/games/{game_id}/replay/0?seat=P1&lang=en").json()
        steps = first["steps"]
        assert first["step"] == 0 and first["by"] is None and steps >= 4
        assert first["outcome"] is None
        assert first["seats"] == {"P1": "Anna", "P2": "Bruno"}
        assert "hand" in first["view"]["seats"]["P1"] and "hand" not in first["view"]["seats"]["P2"]
        one = client.get(f"/api/games/{game_id}/replay/1?seat=P1&lang=en").json()
        assert one["by"] in ("P1", "P2") and one["events"] and one["events"][0].get("text")
        last = client.get(f"/api/games/{game_id}/replay/{steps}?seat=P1").json()
        assert last["outcome"]["winners"] == [winner]
        # The last frame is the game as it ended, exactly as the seat saw it live.
        assert last["view"] == view(client, game_id, tokens["P1"])["view"]
        public = client.get(f"/api/games/{game_id}/replay/{steps}").json()
        assert public["seat"] is None
        assert all("hand" not in s for s in public["view"]["seats"].values())
        assert client.get(f"/api/games/{game_id}/replay/{steps + 1}").json()["code"] == (
            "unknown_step"
        )
        assert client.get(f"/api/games/{game_id}/replay/1?seat=P9").status_code == 404


def test_a_game_in_play_has_no_replay(tmp_path):
    with running(f"sqlite:///{tmp_path / 't.db'}") as client:
        created = create(client, BATTLE, [ANNA, BRUNO])
        answer = client.get(f"/api/games/{created['game_id']}/replay/0")
        assert answer.status_code == 409 and answer.json()["code"] == "not_finished"


def test_rematch_seats_each_player_again_in_a_new_deal(db_url):
    with running(db_url) as client:
        game_id, tokens, _ = finished_game(client)
        url = f"/api/games/{game_id}/ws?token={tokens['P2']}"
        with client.websocket_connect(url) as socket:
            ws_receive(socket)  # the state
            first = client.post(f"/api/games/{game_id}/rematch", headers=bearer(tokens["P1"]))
            assert first.status_code == 200, first.text
            new_id = first.json()["game_id"]
            news = ws_until(socket, lambda m: m["type"] == "rematch")
            assert news[-1]["game_id"] == new_id
        again = client.post(f"/api/games/{game_id}/rematch", headers=bearer(tokens["P2"])).json()
        assert again["game_id"] == new_id and again["seat"] == "P2"
        fresh = {"P1": first.json()["token"], "P2": again["token"]}
        for seat, token in fresh.items():
            assert view(client, new_id, token)["seat"] == seat
        seen = view(client, new_id, fresh["P1"])
        assert seen["status"] == "active" and seen["version"] == 0
        assert seen["view"]["mode"] == "classic"
        assert {s: i["name"] for s, i in seen["seats"].items()} == {"P1": "Anna", "P2": "Bruno"}
        # The old game's tokens do not open the new one, and nobody else may sit there.
        assert (
            client.get(f"/api/games/{new_id}/view", headers=bearer(tokens["P1"])).status_code == 401
        )
        assert new_id not in [g["game_id"] for g in client.get("/api/games").json()]
        assert client.post(f"/api/games/{new_id}/seats/P1/join").json()["code"] == "seat_taken"
        # Each seat is given once: asking again is refused, naming the rematch.
        twice = client.post(f"/api/games/{game_id}/rematch", headers=bearer(tokens["P1"]))
        assert twice.status_code == 409
        assert (twice.json()["code"], twice.json()["game_id"]) == ("seat_taken", new_id)
        assert view(client, new_id, fresh["P1"])["seat"] == "P1"


def test_rematch_keeps_bots_and_needs_a_finished_game(tmp_path):
    with running(f"sqlite:///{tmp_path / 't.db'}") as client:
        created = create(client, BATTLE, [ANNA, ROBO], seed=4)
        game_id, token = created["game_id"], created["tokens"]["P1"]
        early = client.post(f"/api/games/{game_id}/rematch", headers=bearer(token))
        assert early.status_code == 409 and early.json()["code"] == "not_finished"
        assert client.post(f"/api/games/{game_id}/rematch").status_code == 401
        # The bot chooses its main at the same time as P1: once it has, nothing moves but P1.
        wait_view(client, game_id, token, lambda v: v["to_act"] == ["P1"], "P1 alone to act")
        concede(client, game_id, created["tokens"])
        joined = client.post(f"/api/games/{game_id}/rematch", headers=bearer(token)).json()
        seen = wait_view(
            client, joined["game_id"], joined["token"], lambda v: v["legal"], "P1 to choose"
        )
        assert seen["seats"]["P2"]["kind"] == "bot" and seen["seats"]["P2"]["bot"] == "reference"


def test_every_card_face_says_what_the_card_does():
    catalog = load_catalog("starter_S1")
    for card in catalog.cards():
        face = catalog.face(card.card_id)
        if card.type == "character":
            continue
        assert face["effect_text"]["it"] and face["effect_text"]["en"], card.card_id
        assert face["effect_text"]["it"] != face["effect_text"]["en"], card.card_id


def test_the_stronger_bots_take_seats_too(tmp_path):
    with running(f"sqlite:///{tmp_path / 't.db'}") as client:
        seats = [ANNA, {"kind": "bot", "bot": "greedy"}, {"kind": "bot", "bot": "ismcts"}]
        created = create(client, BATTLE, seats, seed=6)
        game_id, token = created["game_id"], created["tokens"]["P1"]
        seen = view(client, game_id, token)
        assert [seen["seats"][s]["bot"] for s in ("P2", "P3")] == ["greedy", "ismcts"]
        # Both bots choose their mains (sealed, simultaneous) without anyone's help.
        wait_view(
            client,
            game_id,
            token,
            lambda v: v["view"]["seats"]["P2"]["sealed"] and v["view"]["seats"]["P3"]["sealed"],
            "the bots' sealed choices",
        )
        bad = {"kind": "bot", "bot": "clever"}
        answer = client.post("/api/games", json={"game": "legends", "seats": [ANNA, bad]})
        assert answer.status_code == 422
