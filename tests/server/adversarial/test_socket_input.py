"""Issue 16, item 8 (the WebSocket's part): a socket message has the HTTP body's size limit,
and a malformed one is refused as REST refuses it, with the field and a sentence."""

from __future__ import annotations

import contextlib
import json
import socket
import struct
import time

import pytest
from starlette.websockets import WebSocketDisconnect
from websockets.client import ClientProtocol
from websockets.frames import Close, Opcode
from websockets.uri import parse_uri

from tavola.server.limits import MAX_BODY

from ..api_helpers import create, running, ws_receive, ws_until
from ..processes import Server, servers


def url(game_id, token=None):
    return f"/api/games/{game_id}/ws" + (f"?token={token}" if token else "")


def padded(size):
    """A text message of exactly `size` bytes: an action with a field too many."""
    message = {"type": "action", "action": "cut_deck", "version": 0, "pad": ""}
    message["pad"] = "x" * (size - len(json.dumps(message)))
    text = json.dumps(message)
    assert len(text.encode()) == size
    return text


def test_a_socket_message_over_the_body_limit_closes_the_socket_with_1009(tmp_path):
    with running(f"sqlite:///{tmp_path / 't.db'}") as client:
        created = create(client)
        game_id, token = created["game_id"], created["tokens"]["P2"]
        with client.websocket_connect(url(game_id, token)) as socket:
            assert ws_receive(socket)["type"] == "state"
            socket.send_text(padded(MAX_BODY))  # at the limit: read, and answered
            answer = ws_until(socket, lambda m: m["type"] == "refused")[-1]
            assert (answer["code"], answer["field"]) == ("bad_request", "pad")
            socket.send_text(padded(MAX_BODY + 1))
            with pytest.raises(WebSocketDisconnect) as closed:
                ws_until(socket, lambda m: False)
    assert closed.value.code == 1009
    assert closed.value.reason == f"Messages are limited to {MAX_BODY} bytes."


def announced_frame(ws_url: str, size: int, timeout: float) -> Close | None:
    """Connects, then sends only the header of a text frame of `size` bytes; the close
    frame the server answers with (None: none within `timeout`, the server waiting for the
    rest). The rest is never sent: a server that closes with bytes of it unread resets the
    connection, and its close frame may be lost."""
    uri = parse_uri(ws_url)
    with socket.create_connection((uri.host, uri.port), timeout=timeout) as sock:
        protocol = ClientProtocol(uri)
        protocol.send_request(protocol.connect())
        sock.sendall(b"".join(protocol.data_to_send()))
        announced = False
        deadline = time.monotonic() + timeout
        with contextlib.suppress(TimeoutError):
            while time.monotonic() < deadline and (data := sock.recv(1 << 16)):
                protocol.receive_data(data)
                for event in protocol.events_received():
                    opcode = getattr(event, "opcode", None)
                    if opcode is Opcode.TEXT and not announced:  # the state: the socket is up
                        sock.sendall(struct.pack("!BBQ", 0x81, 0x80 | 127, size) + b"mask")
                        announced = True
                    elif opcode is Opcode.CLOSE:
                        return Close.parse(event.data)
    return None


def test_tavola_serve_refuses_an_8_mb_socket_message_with_1009(tmp_path):
    with servers() as started:
        server = Server(f"sqlite:///{tmp_path / 't.db'}", tmp_path / "server")
        started.append(server)
        server.start()
        with server.client() as client:
            game_id = client.post(
                "/api/games",
                json={"game": "legends", "options": {}, "seats": [{"name": "A"}, {"name": "B"}]},
            ).json()["game_id"]
        closed = announced_frame(f"{server.ws_url}{url(game_id)}", 8 * 1024 * 1024, timeout=10)
    assert closed is not None, "the server waited for the 8 MB"
    assert closed.code == 1009


@pytest.mark.parametrize(
    ("message", "field"),
    [
        ({"action": "cut_deck", "version": "zero"}, "version"),
        ({"action": "cut_deck", "version": -1}, "version"),
        ({"action": "cut_deck", "client_action_id": ""}, "client_action_id"),
        ({"action": "cut_deck", "sneaky": 1}, "sneaky"),
        ({"action": 5}, "action"),
        ({"action": {"k": 3}}, "action"),
    ],
)
def test_a_malformed_socket_action_is_refused_with_the_field_and_a_sentence(
    tmp_path, message, field
):
    with running(f"sqlite:///{tmp_path / 't.db'}") as client:
        created = create(client)
        game_id, token = created["game_id"], created["tokens"]["P2"]
        with client.websocket_connect(url(game_id, token)) as socket:
            assert ws_receive(socket)["type"] == "state"
            socket.send_json({"type": "action", **message})
            answer = ws_until(socket, lambda m: m["type"] == "refused")[-1]
    assert (answer["code"], answer["field"]) == ("bad_request", field)
    sentence = answer["message"].removeprefix(f"{field}: ")
    assert sentence != answer["message"] and sentence[:1].isalpha() and sentence.endswith(".")
    assert "\n" not in sentence and "pydantic" not in sentence and "validation" not in sentence
