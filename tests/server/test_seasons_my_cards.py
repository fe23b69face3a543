"""The Seasons companion's added cards kept per account (issue 32): the saved lineups' store
carries them as Seasons' one saved "lineup" `mine`, `{"cards": [entries]}`, checked against
the base catalogue; another account never sees them."""

from __future__ import annotations

import pytest

from .account_helpers import another, browser, csrf, signed_up

MINE = "/api/me/lineups/seasons/mine"
CARD = {"name": "Amuleto del Cielo", "prestige": 5, "type": "magic_item"}
ALIAS = {"name": "Cielo", "alias_of": "Amuleto del Cielo"}


@pytest.fixture
def sqlite_url(tmp_path):
    return f"sqlite:///{tmp_path / 'tavola.db'}"


def test_an_accounts_cards_are_saved_and_read_back_only_by_it(sqlite_url):
    with browser(sqlite_url) as client:
        signed_up(client, "Giulia")
        put = client.put(MINE, json={"lineup": {"cards": [CARD, ALIAS]}}, headers=csrf(client))
        assert put.status_code == 200, put.text
        listed = client.get("/api/me/lineups/seasons").json()
        assert [e["name"] for e in listed] == ["mine"]
        assert listed[0]["lineup"] == {"cards": [CARD, ALIAS]}
        stranger = another(client)
        signed_up(stranger, "Marco")
        assert stranger.get("/api/me/lineups/seasons").json() == []


@pytest.mark.parametrize(
    ("cards", "code"),
    [
        ([{"name": "Amuleto", "prestige": "molto", "type": "magic_item"}], "INVALID_PRESTIGE"),
        ([{"name": "Nuova", "alias_of": "Nessuna carta così"}], "UNKNOWN_CARD"),
        ([7], "bad_card"),
    ],
)
def test_a_card_the_catalogue_refuses_is_not_saved(sqlite_url, cards, code):
    with browser(sqlite_url) as client:
        signed_up(client, "Giulia")
        put = client.put(MINE, json={"lineup": {"cards": cards}}, headers=csrf(client))
        assert put.status_code == 422, put.text
        assert put.json()["code"] == "invalid_lineup"
        assert [p["code"] for p in put.json()["problems"]] == [code]
        assert client.get("/api/me/lineups/seasons").json() == []


def test_signed_out_there_is_nothing_to_read(sqlite_url):
    with browser(sqlite_url) as client:
        assert client.get("/api/me/lineups/seasons").status_code == 401
