"""Japanese at the table (issue 17): a game that speaks it tells its events in Japanese to a
page asking for `lang=ja`; a game that does not tells them in English, never an error."""

from __future__ import annotations

from .api_helpers import running

LEAGUE = {"game": "league", "options": {"mode": "quick", "max_turns": 2}, "seed": 3}


def test_league_events_are_told_in_japanese_when_the_page_asks(db_url) -> None:
    with running(db_url) as client:
        seats = [{"kind": "bot", "bot": "reference"}, {"kind": "bot", "bot": "reference"}]
        created = client.post("/api/games", json={**LEAGUE, "seats": seats})
        assert created.status_code == 201, created.text
        game_id = created.json()["game_id"]
        with client.websocket_connect(f"/api/games/{game_id}/ws?lang=ja") as socket:
            first = socket.receive_json()
        told = [e["text"] for e in first["events"] if e.get("text")]
        assert told, "the battle's first events are told"
        assert any("プレイヤー" in line for line in told), told


def told(client, game_id: str, lang: str) -> list[str]:
    """The lines of a page's first message (the whole state, every event told so far)."""
    with client.websocket_connect(f"/api/games/{game_id}/ws?lang={lang}") as socket:
        first = socket.receive_json()
    return [e["text"] for e in first["events"] if e.get("text")]


def test_a_game_without_japanese_is_told_in_english_to_a_japanese_page(db_url) -> None:
    with running(db_url) as client:
        body = {
            "game": "legends",
            "options": {"mode": "classic", "max_rounds": 3},
            "seats": [{"name": "Anna", "age": 9}, {"kind": "bot", "name": "Robo"}],
            "seed": 5,
            "practice_seed_known": True,
        }
        created = client.post("/api/games", json=body)
        assert created.status_code == 201, created.text
        game_id = created.json()["game_id"]
        # The bot may move between the two readings: what was told first is told again.
        japanese = told(client, game_id, "ja")
        english = told(client, game_id, "en")
        assert japanese, "the deal is told"
        assert japanese == english[: len(japanese)]
