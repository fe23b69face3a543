"""Browser end-to-end fixtures: the real server (`tavola serve`) as a subprocess on a free
port with a fresh SQLite database (and, for the tests that ask for `any_server`, a second
one on a throw-away PostgreSQL cluster), and Debian's Chromium driven headless by
Playwright (no browser is ever downloaded)."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.server import pg

from .helpers import ARTIFACTS, SERVER_CLOCK, Api, free_port, wait_until

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
TIMEOUT_MS = 30_000
"""How long any wait in a page may take before the test fails (never a measure of speed)."""

expect.set_options(timeout=TIMEOUT_MS)


ROOT = Path(__file__).resolve().parents[2]


def _tavola() -> list[str]:
    """The `tavola` script of the Python running the tests (the project's venv)."""
    for candidate in (Path(sys.executable).parent / "tavola", ROOT / ".venv" / "bin" / "tavola"):
        if candidate.exists():
            return [str(candidate)]
    return [sys.executable, "-m", "tavola.cli"]


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(f"{CHROMIUM} is missing: `make system-deps` installs Debian's chromium")
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": CHROMIUM_ARGS,
        "headless": True,
    }


@contextlib.contextmanager
def serving(folder: Path, **env: str) -> Iterator[str]:
    """`tavola serve` on a free port with a fresh SQLite database in `folder` and `env`
    added to its environment; yields its base URL and stops it afterwards."""
    port = free_port()
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{folder / 'e2e.db'}", **env}
    log_path = folder / "server.log"
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            [*_tavola(), "serve", "--port", str(port), "--bot-delay", "0.05"],
            cwd=folder,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its own process group: the stop reaches any worker
        )
    base = f"http://127.0.0.1:{port}"

    def answers() -> bool:
        if process.poll() is not None:
            raise AssertionError(f"the server exited:\n{log_path.read_text()}")
        with contextlib.suppress(httpx.HTTPError):
            return httpx.get(f"{base}/api/games", timeout=2).status_code == 200
        return False

    try:
        wait_until(answers, timeout=30, what="the server to answer")
        yield base
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=10)


@pytest.fixture(scope="session")
def server_clock(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The file of the servers' clock offset (`helpers.SERVER_CLOCK`): every server of the
    session reads the same one, so a test moves the clock of whichever it runs on."""
    SERVER_CLOCK.path = tmp_path_factory.mktemp("e2e-clock") / "clock-offset"
    SERVER_CLOCK.path.write_text("0", encoding="utf-8")
    return SERVER_CLOCK.path


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory, server_clock: Path) -> Iterator[str]:
    """`tavola serve` on a free port; yields its base URL."""
    folder = tmp_path_factory.mktemp("e2e-server")
    with serving(folder, TAVOLA_CLOCK_OFFSET_FILE=str(server_clock)) as base:
        yield base


@pytest.fixture(scope="session")
def pg_server(tmp_path_factory: pytest.TempPathFactory, server_clock: Path) -> Iterator[str]:
    """`tavola serve` on a fresh PostgreSQL cluster (tests/server/pg.py); yields its base URL."""
    if not pg.available():
        pytest.fail("PostgreSQL is not installed: `make test` installs Debian's postgresql")
    folder = tmp_path_factory.mktemp("e2e-pg-server")
    with (
        pg.cluster() as url,
        serving(folder, DATABASE_URL=url, TAVOLA_CLOCK_OFFSET_FILE=str(server_clock)) as base,
    ):
        yield base


@pytest.fixture(params=["sqlite", "postgresql"])
def any_server(request: pytest.FixtureRequest) -> str:
    """The base URL of a server on SQLite, then of one on PostgreSQL: a test asking for it
    runs on both (its pages open it with `open_page(base_url=any_server, …)`)."""
    return str(request.getfixturevalue("server" if request.param == "sqlite" else "pg_server"))


@pytest.fixture(autouse=True)
def real_server_clock() -> Iterator[None]:
    """A test that moved the server's clock on (`helpers.evening_comes`) puts it back for
    the next: the games it left behind are over with it."""
    yield
    if SERVER_CLOCK.path is not None and SERVER_CLOCK.ahead():
        SERVER_CLOCK.path.write_text("0", encoding="utf-8")


@pytest.fixture(scope="session")
def base_url(server: str) -> str:
    """pytest-base-url's fixture, pointed at our server (page.goto("/") works)."""
    return server


@pytest.fixture(scope="session")
def api(server: str) -> Iterator[Api]:
    with Api(server) as client:
        yield client


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


@pytest.fixture
def open_page(browser: Browser, server: str) -> Iterator[Callable[..., Page]]:
    """Opens a page in a context of its own (own storage: a separate player), e.g.
    `open_page(locale="it-IT", viewport={"width": 375, "height": 800})`."""
    contexts: list[BrowserContext] = []

    def make(**options: Any) -> Page:
        context = browser.new_context(**{"base_url": server, "locale": "en-GB", **options})
        context.set_default_timeout(TIMEOUT_MS)
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        with contextlib.suppress(Exception):
            context.close()
