"""A refusal carries its sentence in every language the error has: English (`message`),
Italian (`message_it`) and a game's further ones (`messages`, Japanese for League)."""

from __future__ import annotations

from .api_helpers import act, legal, running, take_seat


def test_an_illegal_league_action_is_refused_in_japanese_too(tmp_path):
    body = {
        "game": "league",
        "options": {"mode": "quick"},
        "seats": [{"name": "Anna"}, {"kind": "reference"}],
        "seed": 3,
        "practice_seed_known": True,
    }
    with running(f"sqlite:///{tmp_path / 'tavola.db'}") as client:
        created = client.post("/api/games", json=body)
        assert created.status_code == 201, created.text
        game_id = created.json()["game_id"]
        link = created.json()["seats"][0]
        token = take_seat(client, game_id, link["seat"], link["invite"])
        offered = legal(client, game_id, token)
        assert all(a["type"] != "declare_block" for a in offered["actions"])
        # No version: the bot may have moved since (a block is illegal at every version).
        response = act(client, game_id, token, {"type": "declare_block"}, None)
    assert response.status_code == 422, response.text
    refused = response.json()
    assert refused["message"] and refused["message_it"] != refused["message"]
    japanese = refused["messages"]["ja"]
    assert japanese.endswith("。") and refused["message_it"].endswith(".")
    assert any("\u3040" <= c <= "\u30ff" or "\u4e00" <= c <= "\u9fff" for c in japanese)


def test_a_refused_league_lineup_at_a_new_table_is_said_in_japanese_too(tmp_path):
    lineup = {"team": ["L01", "L02", "L04", "L05", "L07", "L18"], "gimmick": "none", "deck": []}
    body = {
        "game": "league",
        "options": {"mode": "custom"},
        "seats": [{"name": "Anna", "lineup": lineup}, {"kind": "reference"}],
    }
    with running(f"sqlite:///{tmp_path / 'tavola.db'}") as client:
        response = client.post("/api/games", json=body)
    assert response.status_code == 422, response.text
    refused = response.json()
    assert refused["field"] == "seats.0.lineup"
    assert refused["messages"]["ja"] == "seats.0.lineup: チームはちょうど7体です（今は6体）。"
