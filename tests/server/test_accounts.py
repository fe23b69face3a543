"""Accounts beside anonymous seat links: signing up, in and out, sessions, and the seats
and finished games that hang on an account (on SQLite and PostgreSQL)."""

from __future__ import annotations

from typing import Any

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from tavola.store.models import Base

from .account_helpers import (
    PASSWORD,
    another,
    browser,
    concede,
    csrf,
    me,
    my_games,
    own_table,
    sign_in,
    sign_up,
    signed_up,
)
from .api_helpers import ANNA, BRUNO, SIMPLIFIED, bearer, view, wait_view

ACCOUNT_TABLES = {"accounts", "account_sessions", "account_seats", "sign_in_pauses"}


def test_sign_up_signs_the_browser_in(db_url):
    with browser(db_url) as client:
        assert me(client) is None
        response = sign_up(client, "Anna")
        assert response.status_code == 201, response.text
        assert response.json() == {"account": {"name": "Anna"}}
        assert me(client) == {"name": "Anna"}


def test_sign_in_with_the_name_in_any_case(db_url):
    with browser(db_url) as client:
        signed_up(client, "Anna Maria")
        response = sign_in(another(client), " anna  MARIA")
        assert response.status_code == 200, response.text
        assert response.json() == {"account": {"name": "Anna Maria"}}


def test_a_wrong_password_or_an_unknown_name_is_one_refusal(db_url):
    with browser(db_url) as client:
        signed_up(client, "Anna")
        stranger = another(client)
        wrong = sign_in(stranger, "Anna", "not the password")
        unknown = sign_in(stranger, "Nobody", PASSWORD)
        assert wrong.status_code == unknown.status_code == 401
        assert wrong.json() == unknown.json()
        assert wrong.json()["code"] == "wrong_password"
        assert wrong.json()["message"].endswith(".")
        assert me(stranger) is None


def test_names_are_unique_whatever_their_case_or_form(db_url):
    with browser(db_url) as client:
        signed_up(client, "Anna")
        for same in ("anna", "ANNA", "Ａｎｎａ"):  # the last in full-width letters
            response = sign_up(another(client), same)
            assert response.status_code == 409, (same, response.text)
            assert response.json()["code"] == "name_taken"


def test_names_and_passwords_are_bounded(db_url):
    with browser(db_url) as client:
        refused = {
            ("A", PASSWORD): "bad_name",
            ("x" * 33, PASSWORD): "bad_name",
            ("   ", PASSWORD): "bad_name",
            ("Anna", "short"): "bad_password",
            ("Anna", "p" * 129): "bad_password",
            ("x" * 2000, PASSWORD): "bad_request",  # past any rule: the schema's bound
            ("An\u200bna", PASSWORD): "bad_name",  # a zero-width space hides in the name
            ("Anna", "\ufb03" * 50): "bad_password",  # 50 "ffi" ligatures are 150 letters
        }
        for (name, password), code in refused.items():
            response = sign_up(client, name, password)
            assert response.status_code == 422, (name, response.text)
            assert response.json()["code"] == code
            assert response.json()["message"]
        answer = sign_up(client, " Anna  Maria ").json()
        assert answer == {"account": {"name": "Anna Maria"}}  # spaces as one writes them


def test_a_session_lasts_across_requests_and_ends_at_sign_out(db_url):
    with browser(db_url) as client:
        signed_up(client, "Anna")
        elsewhere = another(client)
        assert sign_in(elsewhere, "Anna").status_code == 200
        response = client.post("/api/account/signout", headers=csrf(client))
        assert response.status_code == 200, response.text
        assert response.json()["sessions_ended"] == 1
        assert me(client) is None
        assert me(elsewhere) == {"name": "Anna"}  # another browser's session goes on


def test_sign_out_everywhere_ends_every_session(db_url):
    with browser(db_url) as client:
        signed_up(client, "Anna")
        phone, laptop = another(client, "198.51.100.20"), another(client, "198.51.100.21")
        for device in (phone, laptop):
            assert sign_in(device, "Anna").status_code == 200
        kept = dict(phone.cookies)
        response = laptop.post("/api/account/signout-everywhere", headers=csrf(laptop))
        assert response.status_code == 200, response.text
        assert response.json()["sessions_ended"] == 3
        for device in (client, phone, laptop):
            assert me(device) is None
        thief = another(client, "198.51.100.22")
        thief.cookies.update(kept)  # a copy of the phone's cookies made before
        assert me(thief) is None
        assert thief.get("/api/me/games").status_code == 401


def test_the_creators_seat_hangs_on_its_account(db_url):
    with browser(db_url) as client:
        signed_up(client, "Anna")
        created = own_table(client)
        [listed] = my_games(client)
        assert listed["game_id"] == created["game_id"]
        assert listed["seat"] == "P1" and listed["seat_name"] == "Anna"
        assert listed["status"] == "active" and listed["result"] is None
        assert listed["play_url"] == f"/play/{created['game_id']}?seat=P1"
        assert listed["replay_url"] is None


def test_a_seat_taken_with_an_invite_hangs_on_the_account_that_took_it(db_url):
    with browser(db_url) as client:
        signed_up(client, "Anna")
        created = own_table(client, [ANNA, BRUNO])
        [invited] = [s for s in created["seats"] if s["invite"]]
        bruno = another(client)
        signed_up(bruno, "Bruno")
        path = f"/api/games/{created['game_id']}/seats/{invited['seat']}/join"
        joined = bruno.post(path, json={"invite": invited["invite"]}, headers=csrf(bruno))
        assert joined.status_code == 200, joined.text
        assert [g["seat"] for g in my_games(bruno)] == [invited["seat"]]
        assert [g["seat"] for g in my_games(client)] == ["P1"]


def test_a_table_made_without_an_account_hangs_on_none(db_url):
    with browser(db_url) as client:
        created = own_table(client)  # not signed in yet
        signed_up(client, "Anna")
        assert my_games(client) == []
        assert view(client, created["game_id"], created["token"])["seat"] == "P1"


def test_a_finished_game_stays_with_its_result_and_replay(db_url):
    with browser(db_url) as client:
        signed_up(client, "Anna")
        created = own_table(client, options={"mode": "classic", "max_rounds": 3})
        game_id, token = created["game_id"], created["token"]
        concede(client, game_id, token)
        wait_view(client, game_id, token, lambda v: v["status"] == "over", "the game's end")
        [listed] = my_games(client)
        assert listed["status"] == "over"
        assert listed["result"] == {"won": False, "draw": False, "place": 2}
        assert listed["replay_url"] == f"/replay/{game_id}?seat=P1"


def test_a_seat_is_taken_back_on_another_device(db_url):
    with browser(db_url) as client:
        signed_up(client, "Anna")
        created = own_table(client)
        game_id, old = created["game_id"], created["token"]
        laptop = another(client)
        assert sign_in(laptop, "Anna").status_code == 200
        path = f"/api/me/games/{game_id}/seats/P1/token"
        response = laptop.post(path, headers=csrf(laptop))
        assert response.status_code == 200, response.text
        new = response.json()["token"]
        assert view(laptop, game_id, new)["seat"] == "P1"
        stale = client.get(f"/api/games/{game_id}/view", headers=bearer(old))
        assert stale.status_code == 401  # one seat, one token: the old device's is void


def test_my_games_needs_an_account(db_url):
    with browser(db_url) as client:
        response = client.get("/api/me/games")
        assert response.status_code == 401
        assert response.json()["code"] == "signed_out"


def test_the_account_tables_match_the_migration(database):
    with database.engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), Base.metadata)
    ours = [d for d in differences if _table_of(d) in ACCOUNT_TABLES]
    assert ours == []


def _table_of(difference: Any) -> str | None:
    """The table an Alembic difference is about (a modification comes as a list)."""
    item = difference[0] if isinstance(difference, list) else difference
    kind, subject = item[0], item[1]
    if kind in ("add_table", "remove_table"):
        return str(subject.name)
    if kind.endswith(("_column",)) or kind.startswith("modify_"):
        return str(item[2])
    table = getattr(subject, "table", None)
    return str(table.name) if table is not None else None


def test_a_table_made_with_a_seed_by_a_signed_in_player_lists_likewise(db_url):
    with browser(db_url) as client:
        signed_up(client, "Anna")
        body = {
            "game": "legends",
            "options": SIMPLIFIED,
            "seats": [ANNA, BRUNO],
            "creator_seat": 1,
        }
        response = client.post("/api/games", json=body, headers=csrf(client))
        assert response.status_code == 201, response.text
        assert [g["seat"] for g in my_games(client)] == ["P2"]
