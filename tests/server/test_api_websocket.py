"""The game's WebSocket: the state on connect, an update after every change, filtered for
each seat; actions over the socket answered with `result` or `refused`."""

from __future__ import annotations

import contextlib
import itertools

import pytest
from starlette.websockets import WebSocketDisconnect

from .api_helpers import (
    ANNA,
    BRUNO,
    CLASSIC,
    ROBO,
    SIMPLIFIED,
    act,
    create,
    first_move,
    legal,
    private_events_outside,
    running,
    view,
    ws_nothing_pending,
    ws_receive,
    ws_until,
)


def url(game_id, token=None):
    return f"/api/games/{game_id}/ws" + (f"?token={token}" if token else "")


@contextlib.contextmanager
def sockets(client, game_id, tokens):
    """One open socket per token (None: a spectator), each past its `state` message;
    yields seat → socket (the spectator under None)."""
    with contextlib.ExitStack() as stack:
        opened = {}
        for seat, token in tokens.items():
            socket = stack.enter_context(client.websocket_connect(url(game_id, token)))
            assert ws_receive(socket)["type"] == "state"
            opened[seat] = socket
        yield opened


def choose_mains(client, created):
    """Both humans of a classic game choose their first main (version 2): P2 cuts next."""
    game_id, tokens = created["game_id"], created["tokens"]
    for version, seat in enumerate(["P1", "P2"]):
        main = first_move(legal(client, game_id, tokens[seat])["actions"])
        assert act(client, game_id, tokens[seat], main, version).status_code == 200


def socket_act(socket, action, version, client_action_id):
    socket.send_json(
        {
            "type": "action",
            "action": action,
            "version": version,
            "client_action_id": client_action_id,
        }
    )


def reply_to(socket, client_action_id):
    """The socket's reply to an action (updates that arrive first are skipped)."""
    messages = ws_until(
        socket,
        lambda m: m["type"] in ("result", "refused") and m["client_action_id"] == client_action_id,
    )
    return messages[-1]


# -- on connect ----------------------------------------------------------------------------------


def test_a_seat_socket_gets_the_seats_state_on_connect(db_url):
    with running(db_url) as client:
        created = create(client)
        with client.websocket_connect(url(created["game_id"], created["tokens"]["P1"])) as socket:
            state = ws_receive(socket)
    assert state["type"] == "state"
    assert (state["seat"], state["version"], state["status"]) == ("P1", 0, "active")
    assert state["view"]["viewer"] == "P1"
    assert state["to_act"] == ["P2"]


def test_the_state_on_connect_carries_the_events_the_seat_may_see(db_url):
    with running(db_url) as client:
        created = create(client, CLASSIC, [ANNA, BRUNO])
        choose_mains(client, created)
        assert act(client, created["game_id"], created["tokens"]["P2"], "cut_deck", 2)
        with client.websocket_connect(url(created["game_id"], created["tokens"]["P1"])) as socket:
            state = ws_receive(socket)
    dealt = [e for e in state["events"] if e["type"] == "card_dealt"]
    assert any("iid" in e["data"] for e in dealt if e["data"]["seat"] == "P1")
    assert all(e["data"] == {"seat": "P2"} for e in dealt if e["data"]["seat"] == "P2")
    assert private_events_outside(state["events"], "P1") == []


def test_a_spectator_socket_gets_the_public_state_on_connect(db_url):
    with running(db_url) as client:
        created = create(client)
        with client.websocket_connect(url(created["game_id"])) as socket:
            state = ws_receive(socket)
    assert state["type"] == "state"
    assert state["seat"] is None
    assert state["view"]["viewer"] == "public"


def test_a_socket_with_a_bad_token_is_closed(db_url):
    with running(db_url) as client:
        created = create(client)
        with (
            pytest.raises(WebSocketDisconnect) as closed,
            client.websocket_connect(url(created["game_id"], "A" * 22)) as socket,
        ):
            ws_receive(socket)
    assert closed.value.code == 4401
    assert closed.value.reason == "bad_token"


def test_a_socket_with_a_token_of_another_game_is_closed(db_url):
    with running(db_url) as client:
        other = create(client)
        created = create(client)
        with (
            pytest.raises(WebSocketDisconnect) as closed,
            client.websocket_connect(url(created["game_id"], other["tokens"]["P1"])) as socket,
        ):
            ws_receive(socket)
    assert closed.value.code == 4401


def test_a_socket_for_an_unknown_game_is_closed(db_url):
    with (
        running(db_url) as client,
        pytest.raises(WebSocketDisconnect) as closed,
        client.websocket_connect(url("0123456789abcdef")) as socket,
    ):
        ws_receive(socket)
    assert closed.value.code == 4404


# -- updates -------------------------------------------------------------------------------------


def test_a_move_over_http_reaches_every_socket_as_an_update(db_url):
    with running(db_url) as client:
        created = create(client)
        game_id, tokens = created["game_id"], created["tokens"]
        with sockets(client, game_id, {**tokens, None: None}) as opened:
            assert act(client, game_id, tokens["P2"], "cut_deck", 0).status_code == 200
            updates = {seat: ws_receive(socket) for seat, socket in opened.items()}
    for seat, update in updates.items():
        assert update["type"] == "update"
        assert update["seat"] == seat
        assert update["version"] == 1
        assert [e["type"] for e in update["events"]] == ["deck_cut", "piles_dealt"]


def test_a_move_over_a_socket_reaches_every_socket_as_an_update(db_url):
    with running(db_url) as client:
        created = create(client)
        game_id, tokens = created["game_id"], created["tokens"]
        with sockets(client, game_id, {**tokens, None: None}) as opened:
            socket_act(opened["P2"], "cut_deck", 0, "cut")
            mover = ws_until(opened["P2"], lambda m: m["type"] == "update")
            others = {seat: ws_receive(opened[seat]) for seat in ("P1", None)}
    assert mover[-1]["version"] == 1
    for update in others.values():
        assert (update["type"], update["version"]) == ("update", 1)
        assert update["events"][0] == mover[-1]["events"][0]


def test_each_socket_gets_only_the_events_its_seat_may_see(db_url):
    with running(db_url) as client:
        created = create(client, CLASSIC, [ANNA, BRUNO])
        game_id, tokens = created["game_id"], created["tokens"]
        choose_mains(client, created)
        with sockets(client, game_id, {**tokens, None: None}) as opened:
            assert act(client, game_id, tokens["P2"], "cut_deck", 2).status_code == 200
            updates = {seat: ws_receive(socket) for seat, socket in opened.items()}
    for seat, update in updates.items():
        dealt = [e for e in update["events"] if e["type"] == "card_dealt"]
        assert {e["data"]["seat"] for e in dealt} == {"P1", "P2"}
        for event in dealt:
            if event["data"]["seat"] == seat:
                assert event["visibility"] == [seat] and "iid" in event["data"]
            else:
                assert event["data"] == {"seat": event["data"]["seat"]}
        assert private_events_outside(update["events"], seat) == []


def test_each_update_carries_the_seats_own_view(db_url):
    with running(db_url) as client:
        created = create(client, CLASSIC, [ANNA, BRUNO])
        game_id, tokens = created["game_id"], created["tokens"]
        choose_mains(client, created)
        with sockets(client, game_id, {**tokens, None: None}) as opened:
            assert act(client, game_id, tokens["P2"], "cut_deck", 2).status_code == 200
            updates = {seat: ws_receive(socket) for seat, socket in opened.items()}
    for seat, update in updates.items():
        seats = update["view"]["seats"]
        assert {s for s, info in seats.items() if "hand" in info} == ({seat} if seat else set())


def test_a_bot_move_reaches_the_humans_socket(db_url):
    young_bot = {**ROBO, "age": 5}  # plays first, so the human (second) cuts: the bot waits
    with running(db_url) as client:
        created = create(client, SIMPLIFIED, [ANNA, young_bot])
        game_id, token = created["game_id"], created["tokens"]["P1"]
        with client.websocket_connect(url(game_id, token)) as socket:
            assert ws_receive(socket)["to_act"] == ["P1"]
            socket_act(socket, "cut_deck", 0, "cut")
            messages = ws_until(
                socket,
                lambda m: any(
                    e["type"] == "flip_submitted" and e["data"]["seat"] == "P2"
                    for e in m.get("events", [])
                ),
            )
    assert messages[-1]["type"] == "update"
    assert messages[-1]["version"] >= 2


def test_a_socket_opened_during_play_gets_its_state_first_and_every_event_once(db_url):
    """Sockets open while two bots play as fast as they can: the state must come first and
    no event may arrive twice (or out of order) between the state and the updates."""
    bots = [ROBO, {"kind": "bot", "name": "Bip"}]
    with running(db_url) as client:
        game_id = create(client, {"mode": "simplified"}, bots, seed=1)["game_id"]
        problems = []
        for attempt in range(10):
            with client.websocket_connect(url(game_id)) as socket:
                messages = [ws_receive(socket)]
                while len(messages) < 6 and messages[-1]["status"] == "active":
                    messages.append(ws_receive(socket))
            seqs = [e["seq"] for m in messages for e in m["events"]]
            if messages[0]["type"] != "state":
                problems.append(f"socket {attempt}: {messages[0]['type']} before the state")
            if any(a >= b for a, b in itertools.pairwise(seqs)):
                problems.append(f"socket {attempt}: events out of order or twice")
    assert problems == []


def test_nothing_is_pushed_when_nothing_changes(db_url):
    with running(db_url) as client:
        created = create(client)
        game_id, tokens = created["game_id"], created["tokens"]
        with sockets(client, game_id, tokens) as opened:
            refused = act(client, game_id, tokens["P2"], {"type": "cut_deck", "k": 999}, 0)
            assert refused.status_code == 422
            assert all(ws_nothing_pending(socket) for socket in opened.values())


# -- actions over the socket --------------------------------------------------------------------


def test_a_socket_action_gets_a_result_with_its_client_action_id(db_url):
    with running(db_url) as client:
        created = create(client)
        with sockets(client, created["game_id"], {"P2": created["tokens"]["P2"]}) as opened:
            socket_act(opened["P2"], "cut_deck", 0, "my-cut")
            reply = reply_to(opened["P2"], "my-cut")
    assert reply == {
        "type": "result",
        "version": 1,
        "duplicate": False,
        "client_action_id": "my-cut",
    }


def test_a_repeated_socket_action_gets_the_first_result_as_duplicate(db_url):
    with running(db_url) as client:
        created = create(client)
        game_id = created["game_id"]
        with sockets(client, game_id, {"P2": created["tokens"]["P2"]}) as opened:
            socket_act(opened["P2"], "cut_deck", 0, "my-cut")
            reply_to(opened["P2"], "my-cut")
            socket_act(opened["P2"], "cut_deck", 0, "my-cut")
            again = reply_to(opened["P2"], "my-cut")
            assert ws_nothing_pending(opened["P2"])
    assert (again["type"], again["version"], again["duplicate"]) == ("result", 1, True)


def test_a_stale_socket_action_is_refused_with_its_client_action_id(db_url):
    with running(db_url) as client:
        created = create(client)
        game_id, tokens = created["game_id"], created["tokens"]
        assert act(client, game_id, tokens["P2"], "cut_deck", 0).status_code == 200
        with sockets(client, game_id, {"P1": tokens["P1"]}) as opened:
            socket_act(opened["P1"], "flip", 0, "late")
            reply = reply_to(opened["P1"], "late")
    assert reply["type"] == "refused"
    assert (reply["code"], reply["version"]) == ("STALE", 1)


def test_an_illegal_socket_action_is_refused_with_the_engines_code(db_url):
    with running(db_url) as client:
        created = create(client)
        with sockets(client, created["game_id"], {"P2": created["tokens"]["P2"]}) as opened:
            socket_act(opened["P2"], {"type": "cut_deck", "k": 999}, 0, "too-deep")
            reply = reply_to(opened["P2"], "too-deep")
    assert (reply["type"], reply["code"]) == ("refused", "invalid_cut")
    assert reply["message"]


@pytest.mark.parametrize("platform", ["timeout", "autopilot"])
def test_a_platform_action_over_the_socket_is_refused_forbidden(db_url, platform):
    with running(db_url) as client:
        created = create(client)
        with sockets(client, created["game_id"], {"P2": created["tokens"]["P2"]}) as opened:
            socket_act(opened["P2"], {"type": platform}, 0, "sneaky")
            reply = reply_to(opened["P2"], "sneaky")
    assert (reply["type"], reply["code"]) == ("refused", "forbidden")


def test_a_spectator_cannot_act_over_the_socket(db_url):
    with running(db_url) as client:
        created = create(client)
        with sockets(client, created["game_id"], {None: None}) as opened:
            socket_act(opened[None], "cut_deck", 0, "spectator")
            reply = reply_to(opened[None], "spectator")
    assert (reply["type"], reply["code"]) == ("refused", "bad_token")


@pytest.mark.parametrize(
    "message",
    [{"type": "chat", "text": "hi"}, ["action"], {"type": "action", "version": 0}],
    ids=["wrong_type", "not_an_object", "no_action"],
)
def test_a_malformed_socket_message_is_refused_bad_request(db_url, message):
    with running(db_url) as client:
        created = create(client)
        with sockets(client, created["game_id"], {"P2": created["tokens"]["P2"]}) as opened:
            opened["P2"].send_json(message)
            reply = ws_receive(opened["P2"])
    assert (reply["type"], reply["code"]) == ("refused", "bad_request")


def test_a_socket_message_that_is_not_json_is_refused_and_the_socket_stays_open(db_url):
    with running(db_url) as client:
        created = create(client)
        with sockets(client, created["game_id"], {"P2": created["tokens"]["P2"]}) as opened:
            opened["P2"].send_text("cut the deck, please")
            reply = ws_receive(opened["P2"])
            assert (reply["type"], reply["code"]) == ("refused", "bad_request")
            socket_act(opened["P2"], "cut_deck", 0, "cut")
            assert reply_to(opened["P2"], "cut")["type"] == "result"


def _card_ids(node):
    """Every `card_id` a view names, outside its faces."""
    if isinstance(node, dict):
        found = {node["card_id"]} if isinstance(node.get("card_id"), str) else set()
        for key, value in node.items():
            if key != "card_faces":
                found |= _card_ids(value)
        return found
    if isinstance(node, list):
        return set().union(*map(_card_ids, node)) if node else set()
    return set()


def test_a_socket_is_sent_each_card_face_once(db_url):
    with running(db_url) as client:
        created = create(client, CLASSIC, [ANNA, BRUNO])
        game_id, tokens = created["game_id"], created["tokens"]
        with client.websocket_connect(url(game_id, tokens["P1"])) as socket:
            state = ws_receive(socket)
            faces = dict(state["view"]["card_faces"])
            assert _card_ids(state["view"]) <= faces.keys()
            updates_with_new_faces = 0
            for version in range(12):
                for token in tokens.values():
                    move = first_move(legal(client, game_id, token)["actions"])
                    if move is not None:
                        assert act(client, game_id, token, move, version).status_code == 200
                        break
                update = ws_receive(socket)
                fresh = update["view"]["card_faces"]
                assert not fresh.keys() & faces.keys()  # nothing sent twice
                faces.update(fresh)
                # With what came before, every card the view names has its face.
                assert _card_ids(update["view"]) <= faces.keys()
                updates_with_new_faces += bool(fresh)
            assert updates_with_new_faces  # cards drawn or placed: faces not seen before
        # The HTTP view, like a new socket's state, still carries every face it needs.
        again = view(client, game_id, tokens["P1"])["view"]
        assert _card_ids(again) <= again["card_faces"].keys()
