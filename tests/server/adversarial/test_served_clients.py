"""Issue 28, findings 2 and 6: who `tavola serve` takes a client for, and its creation
limit's settings. Through a real `tavola serve` (uvicorn is where the client was rewritten),
its clients on loopback.

Finding 2: uvicorn believed `X-Forwarded-For` from any loopback peer, so one client sending
a new address each request created 45 of 45 games past the limit of 30. Finding 6:
`TAVOLA_CREATE_BURST=0` stopped the server from starting, though 0 means no limit."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tavola.server.accounts.pauses import CLIENT_FREE
from tests.server.api_helpers import ANNA, BRUNO, SIMPLIFIED, create_body
from tests.server.processes import Server, servers, tavola_command

SMALL_LIMIT = {"TAVOLA_CREATE_BURST": "2", "TAVOLA_CREATE_PER_MINUTE": "1"}


def served(tmp_path: Path, **env: str) -> Server:
    return Server(f"sqlite:///{tmp_path / 'tavola.db'}", tmp_path / "server", env=env)


def creations(server: Server, forwarded_for: list[str | None]) -> list[int]:
    """The status of one creation per entry, each sending that `X-Forwarded-For` (None:
    none)."""
    codes = []
    with server.client() as client:
        for seed, address in enumerate(forwarded_for):
            headers = {"X-Forwarded-For": address} if address else {}
            body: dict[str, Any] = create_body(SIMPLIFIED, [ANNA, BRUNO], seed)
            codes.append(client.post("/api/games", json=body, headers=headers).status_code)
    return codes


def test_a_loopback_client_forging_forwarded_for_is_counted_as_itself(tmp_path):
    with servers() as started:
        server = served(tmp_path, **SMALL_LIMIT)  # no trusted proxy
        started.append(server.start())
        codes = creations(server, [f"198.51.100.{i}" for i in range(4)])
    assert codes == [201, 201, 429, 429]


def test_a_named_proxy_on_loopback_is_believed_for_each_client(tmp_path):
    with servers() as started:
        server = served(tmp_path, **SMALL_LIMIT, TAVOLA_TRUSTED_PROXIES="127.0.0.1")
        started.append(server.start())
        codes = creations(server, ["198.51.100.1"] * 3 + ["198.51.100.2"])
    assert codes == [201, 201, 429, 201]


def test_a_burst_of_zero_is_no_limit(tmp_path):
    with servers() as started:
        server = served(tmp_path, TAVOLA_CREATE_BURST="0")
        started.append(server.start())
        codes = creations(server, [None] * 32)  # past the default burst of 30
    assert codes == [201] * 32


def test_wrong_sign_ins_under_forged_addresses_count_against_their_one_client(tmp_path):
    """The sign-in counter is keyed the same way: 20 wrong ones a client are free."""
    with servers() as started:
        server = served(tmp_path)
        started.append(server.start())
        with server.client() as client:
            client.get("/api/me")  # the page's first request gives it its CSRF token
            token = client.cookies.get("tavola_csrf") or ""
            codes = [
                client.post(
                    "/api/account/signin",
                    json={"name": f"guess{i}", "password": "not the password"},
                    headers={"X-CSRF-Token": token, "X-Forwarded-For": f"198.51.100.{i}"},
                ).status_code
                for i in range(CLIENT_FREE + 5)
            ]
    assert 429 in codes[CLIENT_FREE:]


@pytest.mark.parametrize(
    ("setting", "value"),
    [
        ("TAVOLA_TRUSTED_PROXIES", "10.0.0.0/8, my-proxy"),
        ("TAVOLA_CREATE_BURST", "-1"),
        ("TAVOLA_CONNECTIONS_PER_CLIENT", "many"),
    ],
)
def test_a_bad_setting_stops_the_start_naming_it(tmp_path, setting, value):
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path / 'tavola.db'}", setting: value}
    done = subprocess.run(
        [*tavola_command(), "serve", "--port", "1"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2, done.stdout + done.stderr
    assert setting in done.stdout, done.stdout
