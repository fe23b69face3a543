"""Issue 31: a table's clash cap out of R130's range is refused with a code and a
sentence that says what the number is; the short game's cap is taken."""

from __future__ import annotations

from pathlib import Path

import pytest

from tavola.store import Database

from .api_helpers import ANNA, ROBO, create_body, running


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path / 'tavola.db'}"
    database = Database(url)
    database.migrate()
    database.dispose()
    return url


@pytest.mark.parametrize("cap", [0, 10_001])
def test_r130_a_clash_cap_out_of_range_is_refused_with_a_code_and_a_sentence(db_url, cap):
    options = {"mode": "simplified", "simplified": {"max_clashes": cap}}
    with running(db_url) as client:
        response = client.post("/api/games", json=create_body(options, [ANNA, ROBO]))
    assert response.status_code == 422
    assert response.json() == {
        "code": "invalid_config",
        "reason": "invalid_option",
        "field": "options.simplified.max_clashes",
        "message": "options.simplified.max_clashes: a Strappacamicia game lasts 1 to 10,000 "
        f"clashes (R130), not {cap}.",
    }


def test_the_short_games_cap_is_the_tables(db_url):
    options = {"mode": "simplified", "simplified": {"max_clashes": 50}}
    with running(db_url) as client:
        created = client.post("/api/games", json=create_body(options, [ANNA, ROBO]))
        assert created.status_code == 201, created.text
        view = client.get(f"/api/games/{created.json()['game_id']}/view").json()["view"]
    assert (view["max_clashes"], view["simplified"]["max_clashes"]) == (50, 50)
