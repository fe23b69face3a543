"""The house book in processes of their own, each told of it only by `TAVOLA_FEATURES`
(and of Kuhn poker by `TAVOLA_GAMES`): `tavola serve` counts a hand as it opens and as it
ends, and the counts read the same through the route, `tavola housebook show` and the
page in Chromium, in English and Italian."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import ROOT, TIMEOUT_MS, serving
from tests.fixture_game.test_server import create
from tests.server.api_helpers import act

from .conftest import FEATURE_TARGET, GAME_TARGET

COMMAND_TIMEOUT = 60


def told(**env: str) -> dict[str, str]:
    """A process's environment that names the fixture feature and game, and nothing else
    of the test's (this process registered them by hand: a child does not inherit that)."""
    path = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    return {
        "TAVOLA_FEATURES": FEATURE_TARGET,
        "TAVOLA_GAMES": GAME_TARGET,
        "PYTHONPATH": path,
        **env,
    }


def show(database: Path, game: str) -> subprocess.CompletedProcess[str]:
    """`tavola housebook show GAME` in a process of its own, on the server's database."""
    env = {**os.environ, **told(DATABASE_URL=f"sqlite:///{database}")}
    return subprocess.run(
        [sys.executable, "-m", "tavola.cli", "housebook", "show", game],
        env=env,
        capture_output=True,
        text=True,
        timeout=COMMAND_TIMEOUT,
        cwd=database.parent,
    )


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """`tavola serve` told of the house book by `TAVOLA_FEATURES` only; its URL and database."""
    folder = tmp_path_factory.mktemp("housebook-server")
    with serving(folder, **told()) as base:
        yield base, folder / "e2e.db"


def counts(client: httpx.Client) -> dict[str, int]:
    answer = client.get("/api/housebook/kuhn")
    assert answer.status_code == 200, answer.text
    return answer.json()


def shown(database: Path) -> dict[str, int]:
    answer = show(database, "kuhn")
    assert answer.returncode == 0, answer.stderr
    return json.loads(answer.stdout)


@pytest.fixture(scope="module")
def hand_played(served: tuple[str, Path]) -> tuple[str, Path]:
    """A hand of Kuhn poker between two people, played to the end over REST; the counts
    are read at each step, through the route and the command."""
    base, database = served
    with httpx.Client(base_url=base, timeout=20) as client:
        assert counts(client) == {"game": "kuhn", "opened": 0, "finished": 0}
        created = create(client, [{"name": "Ada"}, {"name": "Bea"}])
        game_id, tokens = created["game_id"], created["tokens"]
        assert counts(client) == {"game": "kuhn", "opened": 1, "finished": 0}
        assert shown(database) == {"game": "kuhn", "opened": 1, "finished": 0}
        assert act(client, game_id, tokens["P1"], "bet", None).status_code == 200
        assert counts(client)["finished"] == 0
        assert act(client, game_id, tokens["P2"], "fold", None).status_code == 200
        assert counts(client) == {"game": "kuhn", "opened": 1, "finished": 1}
    return served


def test_the_route_and_the_command_count_the_hand(hand_played: tuple[str, Path]):
    base, database = hand_played
    assert shown(database) == {"game": "kuhn", "opened": 1, "finished": 1}
    with httpx.Client(base_url=base, timeout=20) as client:
        refused = client.get("/api/housebook/chess")
        assert refused.status_code == 404 and refused.json()["code"] == "unknown_game"
        assert client.get(f"/api/housebook/{'x' * 40}").status_code == 422


def test_the_command_refuses_an_unknown_game(served: tuple[str, Path]):
    answer = show(served[1], "chess")
    assert answer.returncode == 1 and "unknown_game" in answer.stderr


@pytest.fixture
def page(browser: Browser, hand_played: tuple[str, Path]) -> Iterator[Page]:
    context = browser.new_context(base_url=hand_played[0], locale="en-GB")
    context.set_default_timeout(TIMEOUT_MS)
    yield context.new_page()
    context.close()


def row(page: Page, name: str):
    return page.locator("#book tr", has=page.get_by_role("rowheader", name=name)).locator("td")


def test_the_page_shows_the_counts_by_name_in_english_and_italian(page: Page, artifacts: Path):
    page.goto("/housebook.html?game=kuhn")
    expect(page.locator("header h1")).to_have_text("House book")
    expect(page.locator("#book-title")).to_have_text("Kuhn poker")  # the game's name, not "kuhn"
    expect(row(page, "Tables opened")).to_have_text("1")
    expect(row(page, "Tables finished")).to_have_text("1")
    page.screenshot(path=artifacts / "housebook-page.png")

    page.locator("#lang-switch").click()
    expect(page.locator("header h1")).to_have_text("Registro del banco")
    expect(page.locator("#book-title")).to_have_text("Poker di Kuhn")
    expect(row(page, "Tavoli aperti")).to_have_text("1")
    expect(row(page, "Tavoli conclusi")).to_have_text("1")
