"""A reload in the middle of a game brings the same table back."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .helpers import ADA, BOT, Api, board_iids, game_over, log_lines, open_table, play_until, settle

AT_REST = """() => document.querySelector('#status .your-move') !== null
  && document.querySelector('#status .round') !== null
  && document.querySelectorAll('#board .seat.mine .characters .card').length > 0
  && document.querySelectorAll('#hand .card').length > 0
  && !document.querySelector('#options [data-step="back"]')
  && !document.querySelector('[aria-pressed="true"]')"""


def my_turn_with_cards_out(page: Page) -> bool:
    """Ada's move in a round (not the setup, where both choose at once), nothing half
    chosen, characters on the table and cards in hand: nothing changes until she acts."""
    return settle(page) == "move" and bool(page.evaluate(AT_REST))


def test_a_reload_restores_the_table(open_page, api: Api) -> None:
    created = api.create([ADA, BOT], seed=11)
    page = open_table(open_page, created)
    game_id, token = created["game_id"], created["tokens"]["P1"]

    def only_ada_to_act(p: Page) -> bool:
        return my_turn_with_cards_out(p) and api.view(game_id, token)["to_act"] == ["P1"]

    play_until(page, lambda p: only_ada_to_act(p) or game_over(p), seed=3)
    assert not game_over(page)
    version = api.view(game_id, token)["version"]
    cards = board_iids(page)
    status = page.locator("#status").inner_text()
    prompt = page.locator("#prompt").inner_text()
    steps = page.locator("#options button").evaluate_all("(bs) => bs.map((b) => b.dataset.step)")
    log = log_lines(page)
    assert cards and len(log) > 5

    page.reload()
    expect(page.locator("#status .your-move")).to_be_visible()
    expect(page.locator("#log li")).to_have_count(len(log))
    assert board_iids(page) == cards
    assert page.locator("#status").inner_text() == status
    assert page.locator("#prompt").inner_text() == prompt
    expect(page.locator("#options button")).to_have_count(len(steps))
    assert (
        page.locator("#options button").evaluate_all("(bs) => bs.map((b) => b.dataset.step)")
        == steps
    )
    assert log_lines(page) == log
    assert api.view(game_id, token)["version"] == version
