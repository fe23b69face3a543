"""The forum exports over HTTP (issue 19, point 4; the `Exports` capability): the public
post for anyone, a team's private message for that team and the referees only, each as
JSON or as a file; nothing private in what the public or another team gets."""

from __future__ import annotations

import json
from typing import Any

import pytest

from .api_helpers import bearer
from .test_trono_workflow import FIRST, SECOND, TAX3, D, Season, client, clock, post, season

__all__ = ["client", "clock"]  # the fixtures this module borrows

ATTACKS = [{"kind": "attack", "target": "trono"}, {"kind": "tax"}, {"kind": "rally"}]


@pytest.fixture
def published(client, clock) -> Season:
    """The season of test_trono_workflow after its first turn: every team posted, the
    draw of Tuesday 27 October 2026 entered after the deadline, the results published."""
    game = season(client, clock)
    clock.set("2026-10-27 09:00")
    for house in game.houses:
        game.ok(game.member(house), post(TAX3 if house == "stark" else ATTACKS))
    clock.set("2026-10-27 21:00")
    game.ok(FIRST, {"type": "enter_draw", "purpose": "turn", "date": "2026-10-27", "numbers": D})
    return game


def exports(game: Season, seat: str | None, lang: str = "it") -> Any:
    headers = bearer(game.tokens[seat]) if seat else {}
    response = game.client.get(f"/api/games/{game.game_id}/exports?lang={lang}", headers=headers)
    assert response.status_code == 200, response.text
    return {text["name"]: text for text in response.json()["exports"]}


def one(game: Season, seat: str | None, name: str, query: str = "") -> Any:
    headers = bearer(game.tokens[seat]) if seat else {}
    return game.client.get(
        f"/api/games/{game.game_id}/exports/{name}?lang=it{query}", headers=headers
    )


PRIVATE = [  # words only a team's report holds: its parameters and actions in words
    "Soldati arruolati",
    "casse dalle tasse",
    "Prima: soldati",
    "Rapporto per",
]


def test_a_referee_gets_the_public_post_and_one_private_message_per_team(published):
    texts = exports(published, FIRST)
    assert sorted(texts) == sorted(["public", *(f"pm-{h}" for h in published.houses)])
    assert texts["pm-stark"]["title"] == "Messaggio privato per Stark — turno 1"


def test_every_referee_gets_the_same_texts(published):
    assert exports(published, FIRST) == exports(published, SECOND)


def test_a_team_member_gets_the_public_post_and_only_its_own_message(published):
    texts = exports(published, published.member("tyrell", 1))
    assert sorted(texts) == ["pm-tyrell", "public"]


def test_the_public_gets_only_the_public_post(published):
    assert list(exports(published, None)) == ["public"]


def test_another_teams_message_is_not_found_for_a_player(published):
    response = one(published, published.member("tyrell"), "pm-stark")
    assert response.status_code == 404
    assert response.json()["code"] == "no_such_export"
    assert "Rapporto" not in response.text


def test_a_teams_message_is_not_found_for_the_public(published):
    response = one(published, None, "pm-stark")
    assert response.status_code == 404 and response.json()["code"] == "no_such_export"


def test_the_public_post_holds_nothing_private(published):
    text = exports(published, None)["public"]["text"]
    for private in PRIVATE:
        assert private not in text
    assert "Risultati del turno 1" in text and "Classifica pubblica" in text


def test_the_public_post_is_the_same_for_every_viewer(published):
    public = exports(published, None)["public"]
    assert exports(published, FIRST)["public"] == public
    assert exports(published, published.member("stark"))["public"] == public


def test_a_download_is_a_text_file_named_for_the_turn(published):
    response = one(published, FIRST, "pm-lannister", "&download=true")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/plain")
    disposition = response.headers["content-disposition"]
    assert disposition == 'attachment; filename="trono-turno-1-mp-lannister.txt"'
    assert response.text.startswith("[size=150][b]Messaggio privato per Lannister")


def test_english_exports_are_in_english(published):
    texts = exports(published, FIRST, "en")
    assert texts["public"]["title"] == "Public post — turn 1"
    assert "Report for Stark — turn 1" in texts["pm-stark"]["text"]


@pytest.mark.parametrize("name", ["PM-STARK", "pm stark", "x" * 41, "-pm"])
def test_a_malformed_export_name_is_refused_with_a_code(published, name):
    response = one(published, FIRST, name)
    assert response.status_code in (404, 422), response.text
    assert "code" in response.json()


def test_a_bad_language_is_refused_with_a_code(published):
    response = published.client.get(f"/api/games/{published.game_id}/exports?lang=fr")
    assert response.status_code == 422 and "code" in response.json()


def test_a_bad_token_is_refused(published):
    response = published.client.get(
        f"/api/games/{published.game_id}/exports", headers=bearer("not-a-token")
    )
    assert response.status_code in (401, 403) and "code" in response.json()


def test_a_practice_table_offers_its_public_post_to_anyone(client):
    body = {"game": "trono", "options": {"max_turns": 2}, "seats": [{"kind": "reference"}] * 2}
    made = client.post("/api/games", json=body)
    assert made.status_code == 201, made.text
    response = client.get(f"/api/games/{made.json()['game_id']}/exports")
    assert response.status_code == 200
    assert [t["name"] for t in response.json()["exports"]] == ["public"]


def test_the_public_view_and_its_board_hold_nothing_private(published):
    seen = published.view(None)["view"]
    text = json.dumps(seen, ensure_ascii=False)
    for key in ('"soldiers"', '"chests"', '"banners"', '"reports"', '"post"', '"characters"'):
        assert key not in text, key
    for private in PRIVATE:
        assert private not in text, private
    assert seen["board"]["it"]["standings"]["rows"]


def test_every_viewer_gets_the_same_public_board(published):
    public = published.view(None)["view"]["board"]
    assert published.view(FIRST)["view"]["board"] == public
    assert published.view(published.member("greyjoy"))["view"]["board"] == public
