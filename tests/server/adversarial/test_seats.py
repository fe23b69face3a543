"""Issue 16, items 3, 4 and the Host header of item 8: nobody knows a table's hidden cards
from creating it, and nobody takes or reads a seat that is not theirs.

Each test is the finding as the issue words it, on SQLite and PostgreSQL. A seat's link is
taken the way its page takes it: an invite is claimed (`#invite=`); a link that carries the
seat's token itself (`#token=`, as the server gave them before) is used as it is."""

from __future__ import annotations

import hashlib
from typing import Any
from urllib.parse import parse_qs, urlsplit

from fastapi.testclient import TestClient

from tests.server.api_helpers import (
    ANNA,
    BRUNO,
    SIMPLIFIED,
    act,
    bearer,
    first_move,
    legal,
    running,
    view,
)

BATTLE = {"mode": "classic", "max_rounds": 3}


def new_table(client: TestClient, options: dict[str, Any] = SIMPLIFIED, **extra: Any) -> Any:
    body = {"game": "legends", "options": options, "seats": [ANNA, BRUNO], **extra}
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.text
    return response.json()


def link_of(created: dict[str, Any], seat: str) -> dict[str, str]:
    """What the seat's join link carries in its fragment (`invite` or `token`)."""
    [entry] = [s for s in created["seats"] if s["seat"] == seat]
    fragment = urlsplit(entry["join_url"]).fragment
    return {key: values[0] for key, values in parse_qs(fragment).items()}


def take(client: TestClient, created: dict[str, Any], seat: str, name: str | None = None) -> str:
    """The seat's person opens their link: the token they then act with."""
    carried = link_of(created, seat)
    if "token" in carried:
        return carried["token"]
    body: dict[str, Any] = {"invite": carried["invite"], **({"name": name} if name else {})}
    url = f"/api/games/{created['game_id']}/seats/{seat}/join"
    response = client.post(url, json=body)
    assert response.status_code == 200, response.text
    return str(response.json()["token"])


def everything_the_creator_got(created: dict[str, Any]) -> set[str]:
    """Every secret in the creation answer: tokens, invites, what the links carry."""
    secrets = set()
    for entry in created["seats"]:
        secrets.update(v for k, v in entry.items() if k in ("token", "invite") and v)
        if entry.get("join_url"):
            secrets.update(link_of(created, entry["seat"]).values())
    return secrets


def play(client: TestClient, game_id: str, tokens: dict[str, str], moves: int) -> None:
    """`moves` accepted moves (a first legal one, never a concession) by whoever is to act."""
    made = 0
    for _ in range(10 * moves):
        for token in tokens.values():
            offered = legal(client, game_id, token)
            move = first_move(offered["actions"])
            if not move or move["type"] == "concede":
                continue
            if act(client, game_id, token, move, offered["version"]).status_code == 200:
                made += 1
                if made == moves:
                    return
    raise AssertionError(f"only {made} of {moves} moves were made")


def finished(client: TestClient) -> tuple[dict[str, Any], dict[str, str]]:
    """A battle of Anna and Bruno, each at the seat their link gives, a few moves in, then
    conceded."""
    created = new_table(client, BATTLE)
    game_id = created["game_id"]
    tokens = {"P1": take(client, created, "P1"), "P2": take(client, created, "P2")}
    play(client, game_id, tokens, 4)
    seen = view(client, game_id)
    conceded = act(client, game_id, tokens[seen["to_act"][0]], "concede", seen["version"])
    assert conceded.status_code == 200, conceded.text
    assert view(client, game_id)["status"] == "over"
    return created, tokens


# -- item 3: the creator can know the hidden cards ---------------------------------------------


def test_item3_a_table_with_a_person_does_not_take_the_clients_seed(db_url):
    with running(db_url) as client:
        body = {"game": "legends", "options": SIMPLIFIED, "seats": [ANNA, BRUNO], "seed": 5}
        response = client.post("/api/games", json=body)
    assert response.status_code == 422, response.text
    refusal = response.json()
    assert refusal["field"] == "seed"
    assert refusal["message"].startswith("seed: ")


def test_item3_a_known_seed_is_a_practice_table_every_seat_is_told_of(db_url):
    with running(db_url) as client:
        created = new_table(client, seed=5, practice_seed_known=True)
        game_id = created["game_id"]
        tokens = {"P1": take(client, created, "P1"), "P2": take(client, created, "P2")}
        for token in (None, tokens["P1"], tokens["P2"]):
            assert view(client, game_id, token)["practice_seed_known"] is True
        drawn = new_table(client)
        assert view(client, drawn["game_id"])["practice_seed_known"] is False


def test_item3_the_creator_cannot_read_a_seat_its_person_has_joined(db_url):
    with running(db_url) as client:
        created = new_table(client)
        game_id = created["game_id"]
        bruno = take(client, created, "P2")
        assert view(client, game_id, bruno)["seat"] == "P2"
        for secret in everything_the_creator_got(created):
            seen = client.get(f"/api/games/{game_id}/view", headers=bearer(secret))
            assert seen.status_code == 401 or seen.json()["seat"] != "P2"
            again = client.post(f"/api/games/{game_id}/seats/P2/join", json={"invite": secret})
            assert again.status_code in (401, 403, 409), again.text
        # The first to join has the seat, and everyone sees it is taken.
        assert view(client, game_id, bruno)["seat"] == "P2"
        assert view(client, game_id)["seats"]["P2"]["joined"] is True


def test_item3_a_rematch_does_not_void_the_token_it_gave(db_url):
    with running(db_url) as client:
        created, tokens = finished(client)
        old_id = created["game_id"]
        first = client.post(f"/api/games/{old_id}/rematch", headers=bearer(tokens["P1"]))
        assert first.status_code == 200, first.text
        new_id, mine = first.json()["game_id"], first.json()["token"]
        client.post(f"/api/games/{old_id}/rematch", headers=bearer(tokens["P1"]))
        assert view(client, new_id, mine)["seat"] == "P1"


def test_item3_the_creator_cannot_take_anothers_seat_of_the_rematch(db_url):
    with running(db_url) as client:
        created, tokens = finished(client)
        old_id = created["game_id"]
        for secret in everything_the_creator_got(created) - {tokens["P1"]}:
            asked = client.post(f"/api/games/{old_id}/rematch", headers=bearer(secret))
            assert asked.status_code == 401, asked.text
        bruno = client.post(f"/api/games/{old_id}/rematch", headers=bearer(tokens["P2"]))
        assert bruno.status_code == 200, bruno.text
        assert bruno.json()["seat"] == "P2"


def test_item3_the_rematch_id_is_random_and_the_same_for_every_player(db_url):
    with running(db_url) as client:
        created, tokens = finished(client)
        old_id = created["game_id"]
        answers = [
            client.post(f"/api/games/{old_id}/rematch", headers=bearer(tokens[seat])).json()
            for seat in ("P1", "P2")
        ]
    derived = hashlib.sha256(f"{old_id}:rematch".encode()).hexdigest()[:16]
    assert answers[0]["game_id"] != derived
    assert answers[0]["game_id"] == answers[1]["game_id"]
    assert [a["seat"] for a in answers] == ["P1", "P2"]


# -- item 4: a seat hijacked mid-game ---------------------------------------------------------


def test_item4_a_played_seat_cannot_be_taken_mid_game(db_url):
    with running(db_url) as client:
        created = new_table(client)
        game_id = created["game_id"]
        tokens = {"P1": take(client, created, "P1"), "P2": take(client, created, "P2")}
        play(client, game_id, tokens, 8)
        hijack = client.post(f"/api/games/{game_id}/seats/P1/join", json={"name": "Mallory"})
        assert hijack.status_code == 409, hijack.text
        assert set(hijack.json()) >= {"code", "message"}
        assert view(client, game_id, tokens["P1"])["seat"] == "P1"
        assert view(client, game_id)["seats"]["P1"]["name"] == "Anna"


# -- item 8: links from the Host header --------------------------------------------------------


def test_item8_a_forged_host_header_does_not_make_the_join_links(db_url):
    with running(db_url) as client:
        body = {"game": "legends", "options": SIMPLIFIED, "seats": [ANNA, BRUNO]}
        response = client.post("/api/games", json=body, headers={"Host": "evil.example"})
    assert response.status_code == 201, response.text
    for entry in response.json()["seats"]:
        assert "evil.example" not in entry["join_url"]


def test_item8_join_links_use_the_configured_public_url(db_url):
    with running(db_url, public_url="https://tavola.example/") as client:
        body = {"game": "legends", "options": SIMPLIFIED, "seats": [ANNA, BRUNO]}
        response = client.post("/api/games", json=body, headers={"Host": "evil.example"})
    assert response.status_code == 201, response.text
    for entry in response.json()["seats"]:
        assert entry["join_url"].startswith("https://tavola.example/play/")
