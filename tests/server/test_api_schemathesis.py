"""Property-based requests generated from the app's own OpenAPI schema (schemathesis):
whatever a client sends, the server answers as its schema says, never 5xx.

Two ways. `st run --checks all` against a served process, every phase and every check,
no exception, as a client of the API would run it (issue 16 item 8). And in process over
ASGI, every generated request sent twice: as generated (mostly unknown games and tokens),
and aimed at a real game with a real seat token, so that bodies reach the engine."""

from __future__ import annotations

import atexit
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import positive_data_acceptance

from tavola.server.app import create_app

from .processes import ROOT, Server
from .schemathesis_checks import schema_valid_never_refused_for_shape

FOLDER = Path(tempfile.mkdtemp(prefix="tavola-schemathesis-"))
atexit.register(shutil.rmtree, FOLDER, ignore_errors=True)
app = create_app(f"sqlite:///{FOLDER / 'tavola.db'}", bot_delay=0, tick=0.05, create_limit=None)
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
        live, passes = service.tables.create(
            "legends", options, players, seed=3, practice_seed_known=True
        )
        for seat, given in passes.items():  # each seat taken with its invite
            token = service.tables.join(live.game_id, seat, None, None, given.invite)
            seats.append((live.game_id, seat, token))
    yield seats
    stop = getattr(schemathesis.python.asgi, "shutdown_lifespans", None)
    if stop is not None:  # the app's bots and clocks stop with the module's tests
        stop()


@schema.parametrize()
@settings(
    max_examples=30,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=list(HealthCheck),
)
def test_no_request_gets_a_server_error(case, real_seats):
    """Every check on the requests as generated, positive and negative, but one: a request
    the schema allows may be one a game's rules refuse (422 with the rule's reason), which
    no schema can tell, so `positive_data_acceptance` gives way to the check that a
    schema-valid request is never refused for its shape. Aimed at a real game, that check
    is left out too: a move the schema allows may be one the game refuses as illegal."""
    case.call_and_validate(
        excluded_checks=[positive_data_acceptance],
        additional_checks=[schema_valid_never_refused_for_shape],
    )
    if "game_id" not in (case.path_parameters or {}):
        return
    for game_id, seat, token in real_seats:
        case.path_parameters["game_id"] = game_id
        if "seat" in case.path_parameters:
            case.path_parameters["seat"] = seat
        case.headers = {**(case.headers or {}), "Authorization": f"Bearer {token}"}
        case.call_and_validate(excluded_checks=[positive_data_acceptance])


def schemathesis_command() -> list[str]:
    """The `st` of the Python running the tests (the project's venv)."""
    script = Path(sys.executable).parent / "st"
    return [str(script)] if script.exists() else [sys.executable, "-m", "schemathesis.cli"]


def test_schemathesis_with_every_check_passes(tmp_path):
    """Item 8: `st run --checks all` found a wrong `Allow` on OPTIONS, an undocumented 400
    and `"seed": false` taken for a seed. Every phase (examples, coverage, fuzzing,
    stateful), both modes (positive and negative), every check (with the shape's in place
    of `positive_data_acceptance`, as above), a fixed seed and a bounded count: the run is
    the same each time and takes seconds."""
    server = Server(f"sqlite:///{tmp_path / 'tavola.db'}", tmp_path / "server").start()
    try:
        run = subprocess.run(
            [
                *schemathesis_command(),
                "run",
                f"{server.url}/openapi.json",
                "--checks",
                "all",
                "--exclude-checks",
                "positive_data_acceptance",
                "--max-examples",
                "25",
                "--workers",
                "1",
                "--seed",
                "16",
                "--no-color",
            ],
            cwd=tmp_path,  # its own files (a hypothesis database) stay there
            env={
                **os.environ,
                "SCHEMATHESIS_HOOKS": "tests.server.schemathesis_checks",
                "PYTHONPATH": os.pathsep.join(
                    filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])
                ),
            },
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
    finally:
        server.stop()
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
    assert " passed" in run.stdout, run.stdout[-2000:]
