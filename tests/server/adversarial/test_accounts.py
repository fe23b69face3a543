"""Issue 16, accounts: what an attacker tries against them. Another site's page making a
signed-in browser act (CSRF), guessing passwords (slowed per account and per client, and
never locking the real player out), stolen database rows or cookies, sessions that outlive
a sign-out everywhere, plain http, and names no one can read. On SQLite and PostgreSQL."""

from __future__ import annotations

import hashlib
from concurrent.futures import ThreadPoolExecutor

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from tavola.server.accounts import rules
from tavola.server.accounts.pauses import ACCOUNT_FREE, CLIENT_FREE, LONGEST_PAUSE
from tavola.server.app import create_app
from tavola.server.refusal import Refusal
from tavola.store.models import AccountRow, AccountSessionRow
from tests.server.account_helpers import (
    PASSWORD,
    another,
    browser,
    clock,
    csrf,
    me,
    my_games,
    own_table,
    sign_in,
    sign_up,
    signed_up,
)
from tests.server.api_helpers import ANNA, BRUNO, ROBO, SIMPLIFIED, view

WRONG = "not the password"


def refused(response, status: int, code: str) -> dict:
    """The response is the refusal `code`, with a sentence."""
    assert response.status_code == status, response.text
    body = response.json()
    assert body["code"] == code, body
    assert body["message"].endswith(".") and len(body["message"]) > 10, body
    return body


# -- CSRF ------------------------------------------------------------------------------------


def test_a_signed_in_browser_acts_only_with_its_pages_token(db_url):
    with browser(db_url) as client:
        signed_up(client, "Anna")
        created = own_table(client, [ANNA, BRUNO])
        [invited] = [s for s in created["seats"] if s["invite"]]
        game_id = created["game_id"]
        other = another(client)
        signed_up(other, "Bruno")
        foreign = csrf(other)  # a token, but another session's
        new_table = {"game": "legends", "options": SIMPLIFIED, "seats": [ANNA, ROBO]}
        requests = [
            ("/api/games", {**new_table, "creator_seat": 0}),
            (f"/api/games/{game_id}/seats/{invited['seat']}/join", {"invite": invited["invite"]}),
            (f"/api/me/games/{game_id}/seats/P1/token", None),
            ("/api/account/signout", None),
            ("/api/account/signout-everywhere", None),
        ]
        for path, body in requests:
            for headers in ({}, {"X-CSRF-Token": "forged"}, foreign):
                refused(client.post(path, json=body, headers=headers), 403, "csrf")
        assert me(client) == {"name": "Anna"}  # still signed in: no sign-out went through
        assert [g["game_id"] for g in my_games(client)] == [game_id]  # no table was made
        assert view(client, game_id, created["token"])["seat"] == "P1"  # the seat is its own


def test_signing_in_needs_the_pages_token(db_url):
    with browser(db_url) as client:
        signed_up(client, "Anna")
        stranger = another(client)
        body = {"name": "Anna", "password": PASSWORD}
        refused(stranger.post("/api/account/signin", json=body), 403, "csrf")
        stranger.get("/api/me")  # now it has a token cookie, but sends another
        headers = {"X-CSRF-Token": "not-the-cookie"}
        refused(stranger.post("/api/account/signin", json=body, headers=headers), 403, "csrf")
        refused(stranger.post("/api/account/signup", json=body, headers=headers), 403, "csrf")
        assert me(stranger) is None


def test_a_forged_session_cookie_is_nobody(db_url):
    with browser(db_url) as client:
        signed_up(client, "Anna")
        stranger = another(client)
        stranger.cookies.set("tavola_session", "forged-session-id")
        assert me(stranger) is None
        refused(stranger.get("/api/me/games"), 401, "signed_out")
        created = own_table(stranger)  # anonymous, as without the cookie
        assert created["game_id"] not in {g["game_id"] for g in my_games(client)}


# -- guessing passwords -----------------------------------------------------------------------


def test_guessing_an_accounts_password_is_slowed(db_url):
    with browser(db_url) as client:
        signed_up(client, "Anna")
        mallory = another(client, "203.0.113.66")
        for _ in range(ACCOUNT_FREE):
            refused(sign_in(mallory, "Anna", WRONG), 401, "wrong_password")
        paused = sign_in(mallory, "Anna", PASSWORD)  # even the right one waits now
        body = refused(paused, 429, "too_many_attempts")
        first = int(paused.headers["Retry-After"])
        assert first == body["retry_after"] >= 1
        newcomer = another(client, "203.0.113.67")  # the account waits, from anywhere
        refused(sign_in(newcomer, "Anna", PASSWORD), 429, "too_many_attempts")
        clock(client).advance(first)
        refused(sign_in(mallory, "Anna", WRONG), 401, "wrong_password")
        second = int(
            refused(sign_in(mallory, "Anna", WRONG), 429, "too_many_attempts")["retry_after"]
        )
        assert second == 2 * first  # each failure past the free ones doubles the wait
        clock(client).advance(second)
        assert sign_in(newcomer, "Anna", PASSWORD).status_code == 200


def test_the_wait_never_passes_its_ceiling_and_is_forgotten(db_url):
    with browser(db_url) as client:
        signed_up(client, "Anna")
        mallory = another(client, "203.0.113.66")
        ceiling = int(LONGEST_PAUSE.total_seconds())
        waits = []
        while not waits or waits[-1] < ceiling:
            answer = sign_in(mallory, "Anna", WRONG)
            if answer.status_code == 429:
                waits.append(int(answer.headers["Retry-After"]))
                clock(client).advance(waits[-1])
            else:
                refused(answer, 401, "wrong_password")
        refused(sign_in(mallory, "Anna", WRONG), 401, "wrong_password")
        assert int(sign_in(mallory, "Anna", WRONG).headers["Retry-After"]) == ceiling
        assert max(waits) == ceiling
        clock(client).advance(3600 + ceiling)  # an hour without a failure: all forgotten
        assert sign_in(another(client, "203.0.113.67"), "Anna").status_code == 200


def test_a_guesser_does_not_lock_out_a_browser_that_signed_in_before(db_url):
    with browser(db_url) as anna:
        signed_up(anna, "Anna")
        assert anna.post("/api/account/signout", headers=csrf(anna)).status_code == 200
        mallory = another(anna, "203.0.113.66")
        for _ in range(ACCOUNT_FREE + 1):
            sign_in(mallory, "Anna", WRONG)
        refused(sign_in(mallory, "Anna", PASSWORD), 429, "too_many_attempts")
        assert sign_in(anna, "Anna").status_code == 200  # her browser is known


def test_sign_out_everywhere_forgets_the_known_browsers(db_url):
    with browser(db_url) as anna:
        signed_up(anna, "Anna")
        response = anna.post("/api/account/signout-everywhere", headers=csrf(anna))
        assert response.status_code == 200, response.text
        mallory = another(anna, "203.0.113.66")
        for _ in range(ACCOUNT_FREE):
            sign_in(mallory, "Anna", WRONG)
        refused(sign_in(anna, "Anna"), 429, "too_many_attempts")


def test_guessing_many_accounts_from_one_client_is_slowed(db_url):
    with browser(db_url) as client:
        signed_up(client, "Anna")
        mallory = another(client, "203.0.113.66")
        for i in range(CLIENT_FREE):
            refused(sign_in(mallory, f"Ghost {i}", WRONG), 401, "wrong_password")
        refused(sign_in(mallory, "Anna", PASSWORD), 429, "too_many_attempts")
        assert sign_in(another(client, "203.0.113.67"), "Anna").status_code == 200


def test_attempts_sent_at_once_are_each_counted(db_url):
    with browser(db_url) as client:
        signed_up(client, "Anna")
        guessers = [another(client, "203.0.113.66") for _ in range(3 * ACCOUNT_FREE)]
        for guesser in guessers:
            guesser.get("/api/me")

        def guess(guesser: TestClient) -> int:
            body = {"name": "Anna", "password": WRONG}
            headers = csrf(guesser)
            return guesser.post("/api/account/signin", json=body, headers=headers).status_code

        with ThreadPoolExecutor(len(guessers)) as pool:
            answers = list(pool.map(guess, guessers))
        # The clock stands still: only the free attempts were tried, all at once or not.
        assert sorted(answers) == [401] * ACCOUNT_FREE + [429] * (2 * ACCOUNT_FREE)


# -- what a stolen row or cookie gives --------------------------------------------------------


def test_sessions_and_passwords_are_stored_only_as_hashes(db_url):
    with browser(db_url) as client:
        signed_up(client, "Anna")
        session_id = client.cookies["tavola_session"]
        db = client.app.state.service.db
        with db.session() as session:
            [stored] = session.scalars(select(AccountSessionRow)).all()
            [account] = session.scalars(select(AccountRow)).all()
        assert stored.id_hash == hashlib.sha256(session_id.encode()).hexdigest()
        assert session_id not in repr(vars(stored))
        assert account.password_hash.startswith("$argon2id$")
        assert PASSWORD not in account.password_hash


def test_session_cookies_are_http_only_secure_and_same_site(db_url):
    with browser(db_url) as client:
        client.get("/api/me")
        response = client.post(
            "/api/account/signup",
            json={"name": "Anna", "password": PASSWORD},
            headers=csrf(client),
        )
        cookies = {c.split("=", 1)[0]: c.lower() for c in response.headers.get_list("set-cookie")}
        for name in ("tavola_session", "tavola_device"):
            assert "httponly" in cookies[name] and "secure" in cookies[name]
            assert "samesite=lax" in cookies[name]
        assert "httponly" not in cookies["tavola_csrf"]  # the page reads it to send it back
        assert "secure" in cookies["tavola_csrf"]


def test_plain_http_offers_accounts_only_locally(db_url, monkeypatch):
    monkeypatch.delenv("TAVOLA_SECURE_COOKIES", raising=False)
    app = create_app(db_url, bot_delay=0, tick=0.01)
    with TestClient(app, base_url="http://tavola.example") as public:
        refused(sign_up(public, "Anna"), 403, "https_required")
        home = TestClient(app, base_url="http://127.0.0.1:8000")
        response = sign_up(home, "Anna")
        assert response.status_code == 201, response.text
        session = next(
            c for c in response.headers.get_list("set-cookie") if c.startswith("tavola_session=")
        )
        assert "secure" not in session.lower() and "httponly" in session.lower()
        assert me(home) == {"name": "Anna"}


def test_nobody_takes_back_anothers_seat(db_url):
    with browser(db_url) as anna:
        signed_up(anna, "Anna")
        created = own_table(anna)
        bruno = another(anna)
        signed_up(bruno, "Bruno")
        path = f"/api/me/games/{created['game_id']}/seats/P1/token"
        refused(bruno.post(path, headers=csrf(bruno)), 404, "not_your_seat")
        refused(
            bruno.post("/api/me/games/nope/seats/P1/token", headers=csrf(bruno)),
            404,
            "not_your_seat",
        )
        assert view(anna, created["game_id"], created["token"])["seat"] == "P1"
        stranger = another(anna, "203.0.113.9")
        stranger.get("/api/me")
        refused(stranger.post(path, headers=csrf(stranger)), 401, "signed_out")


def test_names_no_one_can_read_are_refused_not_failed(db_url):
    with browser(db_url) as client:
        client.get("/api/me")
        headers = {**csrf(client), "Content-Type": "application/json"}
        names = ["An\\ud800na", "An\\u0000na", "An\\u202ena"]  # the last: right-to-left
        bodies = [f'{{"name": "{name}", "password": "{PASSWORD}"}}' for name in names]
        bodies.append('{"name": "Anna", "password": "pass\\ud800word-long"}')
        for body in bodies:
            for path in ("/api/account/signup", "/api/account/signin"):
                response = client.post(path, content=body, headers=headers)
                assert 400 <= response.status_code < 500, (body, path, response.text)
                assert response.json()["code"] and response.json()["message"]
        assert me(client) is None


def test_names_and_passwords_no_one_can_read_are_refused_past_the_parser_too():
    # The JSON parser refuses lone surrogates first; the rules stand on their own all the same.
    for name in ("An\ud800na", "An\x00na", "An\u202ena", "An\u200bna"):
        with pytest.raises(Refusal) as refusal:
            rules.account_name(name)
        assert (refusal.value.status, refusal.value.code) == (422, "bad_name")
    with pytest.raises(Refusal) as refusal:
        rules.password("pass\ud800word-long")
    assert (refusal.value.status, refusal.value.code) == (422, "bad_password")
    assert rules.name_key("An\ud800na")  # a sign-in with such a name is a wrong one, not a 500
