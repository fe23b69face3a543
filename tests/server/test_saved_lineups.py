"""Saved lineups (issue 17): a game's catalogue and check for anyone, and each account's
saved lineups per game, on SQLite and PostgreSQL; what an attacker tries is refused with a
4xx, a code and a sentence, and changes nothing."""

from __future__ import annotations

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from tavola.features.lineups.service import SAVED_MAX
from tavola.games.league.content import starter
from tavola.store.models import Base

from .account_helpers import another, browser, csrf, signed_up

MINE = "/api/me/lineups/league"


@pytest.fixture
def sqlite_url(tmp_path):
    """One database kind is enough where the rule, not the database, is under test."""
    return f"sqlite:///{tmp_path / 'tavola.db'}"


def preset(preset_id: str = "preset_a") -> dict:
    return starter().presets[preset_id].lineup.to_json()


def save(client, name: str, lineup, headers: dict | None = None):
    return client.put(
        f"{MINE}/{name}",
        json={"lineup": lineup},
        headers=csrf(client) if headers is None else headers,
    )


def saved(client) -> list[dict]:
    response = client.get(MINE)
    assert response.status_code == 200, response.text
    return response.json()


def refused(response, status: int, code: str) -> dict:
    assert response.status_code == status, response.text
    body = response.json()
    assert body["code"] == code and body["message"], body
    return body


# -- the catalogue and the check, for anyone --------------------------------------------------


def test_the_catalogue_is_served_in_the_language_asked(sqlite_url):
    with browser(sqlite_url) as client:
        response = client.get("/api/lineups/league/catalog", params={"lang": "ja"})
        assert response.status_code == 200, response.text
        catalog = response.json()
        assert catalog["game"] == "league" and catalog["lang"] == "ja"
        assert catalog["legends"][0]["name"] == "コメット・ランサー"
        assert catalog["limits"]["team_cost_cap"] == 23
        assert {p["id"] for p in catalog["presets"]} == {"preset_a", "preset_b"}


def test_a_language_the_game_lacks_gives_its_first(sqlite_url):
    with browser(sqlite_url) as client:
        catalog = client.get("/api/lineups/league/catalog", params={"lang": "de"}).json()
        assert catalog["lang"] == "en"


def test_the_check_lists_every_problem_in_three_languages(sqlite_url):
    lineup = preset()
    lineup["team"] = lineup["team"][:6]
    lineup["deck"] = ["C01"] * 4
    with browser(sqlite_url) as client:
        response = client.post("/api/lineups/league/check", json={"lineup": lineup})
        assert response.status_code == 200, response.text
        checked = response.json()
        assert checked["ok"] is False
        assert [p["code"] for p in checked["problems"]] == [
            "TEAM_SIZE",
            "DECK_TOO_SMALL",
            "TOO_MANY_COPIES",
        ]
        assert checked["problems"][0]["text"] == {
            "ja": "チームはちょうど7体です（今は6体）",
            "en": "A team has exactly 7 legends, not 6",
            "it": "Una squadra ha esattamente 7 leggende, non 6",
        }
        assert checked["summary"]["team_size"] == 6
        assert checked["summary"]["deck_size"] == 4


def test_a_legal_lineup_checks_ok(sqlite_url):
    with browser(sqlite_url) as client:
        checked = client.post("/api/lineups/league/check", json={"lineup": preset("preset_b")})
        assert checked.json()["ok"] is True
        assert checked.json()["summary"]["cost_total"] == 21


@pytest.mark.parametrize("lineup", [None, 7, "x" * 500, [[[]]], {"team": {"a": 1}, "deck": []}])
def test_a_body_that_is_no_lineup_is_checked_not_crashed(sqlite_url, lineup):
    with browser(sqlite_url) as client:
        response = client.post("/api/lineups/league/check", json={"lineup": lineup})
        assert response.status_code == 200, response.text
        assert response.json()["ok"] is False
        assert all(p["text"]["ja"] for p in response.json()["problems"])


@pytest.mark.parametrize(
    ("method", "path", "status", "code"),
    [
        ("get", "/api/lineups/chess/catalog", 404, "unknown_game"),
        ("get", "/api/lineups/legends/catalog", 404, "no_lineups"),
        ("post", "/api/lineups/trono/check", 404, "no_lineups"),
        ("get", "/api/lineups/" + "a" * 33 + "/catalog", 422, "bad_request"),
        ("get", "/api/lineups/league%00/catalog", 422, "bad_request"),
        ("get", "/api/lineups/league/catalog?lang=" + "j" * 50, 422, "bad_request"),
    ],
)
def test_unknown_games_and_bad_paths_are_refused_with_a_code(
    sqlite_url, method, path, status, code
):
    with browser(sqlite_url) as client:
        response = getattr(client, method)(
            path, **({"json": {"lineup": {}}} if method == "post" else {})
        )
        refused(response, status, code)


def test_a_game_without_lineups_says_so_in_its_languages(sqlite_url):
    with browser(sqlite_url) as client:
        body = refused(client.get("/api/lineups/legends/catalog"), 404, "no_lineups")
        assert body["message_it"].endswith("non ha formazioni da comporre o salvare.")


# -- an account's saved lineups ---------------------------------------------------------------


def test_a_valid_lineup_is_saved_listed_newest_first_and_deleted(db_url):
    with browser(db_url) as client:
        signed_up(client, "Anna")
        assert saved(client) == []
        first = save(client, "Stelle", preset("preset_a"))
        assert first.status_code == 200, first.text
        assert first.json()["lineup"] == preset("preset_a")
        assert save(client, "Luna", "preset_b").status_code == 200  # a preset spelled out
        listed = saved(client)
        assert [e["name"] for e in listed] == ["Luna", "Stelle"]
        assert listed[0]["lineup"] == preset("preset_b")
        assert listed[0]["updated_at"].endswith("+00:00")
        deleted = client.delete(f"{MINE}/Stelle", headers=csrf(client))
        assert deleted.status_code == 200 and deleted.json() == {"name": "Stelle", "deleted": True}
        assert [e["name"] for e in saved(client)] == ["Luna"]


def test_saving_under_a_name_again_replaces_that_lineup(sqlite_url):
    with browser(sqlite_url) as client:
        signed_up(client, "Anna")
        save(client, "Mia", preset("preset_a"))
        again = save(client, "Mia", preset("preset_b"))
        assert again.status_code == 200
        assert [(e["name"], e["lineup"]) for e in saved(client)] == [("Mia", preset("preset_b"))]


def test_an_invalid_lineup_is_refused_with_its_problems_and_not_saved(db_url):
    lineup = preset()
    lineup["gimmick"] = "none"
    lineup["team"][6] = {"legend_id": "L08", "abilities": ["A08"]}
    with browser(db_url) as client:
        signed_up(client, "Anna")
        body = refused(save(client, "Troppo", lineup), 422, "invalid_lineup")
        assert [p["code"] for p in body["problems"]] == ["TEAM_COST_EXCEEDED"]
        assert body["problems"][0]["text"]["it"] == "La squadra costa 25, più di 23"
        assert body["messages"]["ja"]
        assert saved(client) == []


def test_a_restart_keeps_saved_lineups(db_url):
    with browser(db_url) as client:
        signed_up(client, "Anna")
        assert save(client, "Tenuta", preset("preset_b")).status_code == 200
        cookies = dict(client.cookies)
    with browser(db_url) as client:
        client.cookies.update(cookies)
        assert [(e["name"], e["lineup"]) for e in saved(client)] == [("Tenuta", preset("preset_b"))]


def test_at_most_thirty_lineups_per_game(sqlite_url):
    with browser(sqlite_url) as client:
        signed_up(client, "Anna")
        for i in range(SAVED_MAX):
            assert save(client, f"L{i}", "preset_a").status_code == 200
        body = refused(save(client, "One more", "preset_a"), 409, "too_many_lineups")
        assert "30" in body["message"] and "30" in body["messages"]["ja"]
        assert len(saved(client)) == SAVED_MAX
        assert save(client, "L7", "preset_b").status_code == 200  # replacing is no new one


def test_names_are_kept_composed_and_single_spaced(sqlite_url):
    with browser(sqlite_url) as client:
        signed_up(client, "Anna")
        answer = save(client, "Caffe\u0300  forte", "preset_a")
        assert answer.json()["name"] == "Caffè forte"
        assert client.delete(f"{MINE}/Caffè forte", headers=csrf(client)).status_code == 200
        assert save(client, "デッキ\u3000１", "preset_a").json()["name"] == "デッキ １"


@pytest.mark.parametrize(
    "name",
    [
        "x" * 41,
        "y" * 60_000,
        "bad%00name",
        "bell%07here",
        "%E2%80%AE",
        "%20%20",
        "a%2Fb",
        "%2E%2E",
        "%ED%A0%80",
    ],
)
def test_bad_names_are_refused(sqlite_url, name):
    with browser(sqlite_url) as client:
        signed_up(client, "Anna")
        response = save(client, name, "preset_a")
        assert 400 <= response.status_code < 500, response.text
        # "a/b" is no path of a lineup: the server's pages answer it (405, PUT there)
        assert response.json()["code"] in ("bad_lineup_name", "method_not_allowed")
        assert saved(client) == []


@pytest.mark.parametrize(
    "body",
    [{}, {"lineup": "preset_a", "owner": "Bruno"}, [], {"lineup": None}, "preset_a"],
)
def test_wrong_json_types_are_refused(sqlite_url, body):
    with browser(sqlite_url) as client:
        signed_up(client, "Anna")
        response = client.put(f"{MINE}/Mia", json=body, headers=csrf(client))
        assert response.status_code == 422, response.text
        assert response.json()["code"] in ("bad_request", "invalid_lineup")
        assert saved(client) == []


def test_a_body_over_the_limit_is_refused(sqlite_url):
    with browser(sqlite_url) as client:
        signed_up(client, "Anna")
        huge = {"team": [], "gimmick": "none", "deck": ["C01"] * 20_000}
        refused(save(client, "Mia", huge), 413, "too_large")


def test_signed_out_reads_and_writes_are_refused(sqlite_url):
    with browser(sqlite_url) as client:
        refused(client.get(MINE), 401, "signed_out")
        client.get("/api/me")  # a page's CSRF token, but no account
        refused(save(client, "Mia", "preset_a"), 401, "signed_out")
        refused(client.delete(f"{MINE}/Mia", headers=csrf(client)), 401, "signed_out")


def test_writes_without_the_pages_csrf_token_are_refused(sqlite_url):
    with browser(sqlite_url) as client:
        signed_up(client, "Anna")
        refused(save(client, "Mia", "preset_a", headers={}), 403, "csrf")
        assert saved(client) == []
        save(client, "Mia", "preset_a")
        refused(client.delete(f"{MINE}/Mia", headers={"X-CSRF-Token": "forged"}), 403, "csrf")
        assert len(saved(client)) == 1


def test_another_accounts_lineups_are_neither_seen_nor_touched(db_url):
    with browser(db_url) as anna:
        signed_up(anna, "Anna")
        save(anna, "Segreta", preset("preset_a"))
        bruno = another(anna)
        signed_up(bruno, "Bruno")
        assert saved(bruno) == []
        refused(bruno.delete(f"{MINE}/Segreta", headers=csrf(bruno)), 404, "unknown_lineup")
        assert save(bruno, "Segreta", "preset_b").status_code == 200
        assert [e["lineup"] for e in saved(anna)] == [preset("preset_a")]
        assert [e["lineup"] for e in saved(bruno)] == [preset("preset_b")]


def test_the_saved_lineups_table_matches_the_migration(database):
    with database.engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), Base.metadata)
    assert [d for d in differences if "saved_lineups" in repr(d)] == []
