"""A game's own browser pages (`GameInfo.pages`): served by the shell's one page at
/games/<game>/<page>, listed in the catalogue, and a 404 with a code for any other."""

from __future__ import annotations

from .api_helpers import running


def test_a_declared_page_is_the_shells_page_that_runs_the_games_module(tmp_path):
    with running(f"sqlite:///{tmp_path / 't.db'}") as client:
        page = client.get("/games/league/roster")
        module = client.get("/games/league/web/roster.js")
    assert page.status_code == 200
    assert "/js/game-page.js" in page.text
    assert module.status_code == 200 and "export async function mount" in module.text


def test_the_catalogue_lists_each_games_pages(tmp_path):
    with running(f"sqlite:///{tmp_path / 't.db'}") as client:
        games = {g["name"]: g for g in client.get("/api/catalog").json()}
    assert games["league"]["pages"] == ["roster"]
    assert games["legends"]["pages"] == []


def test_a_page_a_game_does_not_declare_is_not_found(tmp_path):
    with running(f"sqlite:///{tmp_path / 't.db'}") as client:
        answer = client.get("/games/legends/roster")
    assert answer.status_code == 404
    assert answer.json()["code"] == "no_such_page"


def test_a_page_of_an_unknown_game_is_not_found(tmp_path):
    with running(f"sqlite:///{tmp_path / 't.db'}") as client:
        answer = client.get("/games/chess/roster")
    assert answer.status_code == 404
    assert answer.json()["code"] == "no_such_game"
