"""Property-based requests generated from the app's own OpenAPI schema (schemathesis,
in-process over ASGI, SQLite): whatever a client sends, the server never answers 5xx.

Every generated request is sent twice: as generated (mostly unknown games and tokens),
and aimed at a real game with a real seat token, so that bodies reach the engine."""

from __future__ import annotations

import atexit
import shutil
import tempfile
from pathlib import Path

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error

from tavola.server.app import create_app

FOLDER = Path(tempfile.mkdtemp(prefix="tavola-schemathesis-"))
atexit.register(shutil.rmtree, FOLDER, ignore_errors=True)
app = create_app(f"sqlite:///{FOLDER / 'tavola.db'}", bot_delay=0, tick=0.05)
schema = schemathesis.openapi.from_asgi("/openapi.json", app)

TABLES = [
    ({"mode": "simplified"}, [{"name": "Anna", "age": 9}, {"name": "Bruno", "age": 30}]),
    ({"mode": "classic"}, [{"name": "Anna", "age": 9}, {"kind": "bot"}]),
]


@pytest.fixture(scope="module")
def real_seats():
    """Real games with seat tokens: the cutter of a simplified game, a classic player."""
    service = app.state.service
    seats = []
    for options, players in TABLES:
        live, tokens = service.tables.create("legends", options, players, seed=3)
        seats += [(live.game_id, seat, token) for seat, token in tokens.items()]
    yield seats
    stop = getattr(schemathesis.python.asgi, "shutdown_lifespans", None)
    if stop is not None:  # the app's bots and clocks stop with the module's tests
        stop()


@schema.parametrize()
@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_request_gets_a_server_error(case, real_seats):
    case.call_and_validate(checks=[not_a_server_error])
    if "game_id" not in (case.path_parameters or {}):
        return
    for game_id, seat, token in real_seats:
        case.path_parameters["game_id"] = game_id
        if "seat" in case.path_parameters:
            case.path_parameters["seat"] = seat
        case.headers = {**(case.headers or {}), "Authorization": f"Bearer {token}"}
        case.call_and_validate(checks=[not_a_server_error])
