"""A person sets a table up in the lobby and plays a whole game against a bot by clicking."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import expect

from .helpers import Api, cards_out, game_over, play_until, settle


def test_create_a_table_in_the_lobby_and_play_it_to_the_end(
    open_page, api: Api, artifacts: Path
) -> None:
    page = open_page()
    page.goto("/")
    form = page.locator("form#create")
    form.locator("select[name=game]").select_option("legends")
    rows = page.locator("#seat-rows li.seat-row")
    expect(rows).to_have_count(2)  # a person and a bot, to start with
    form.locator("select[name=mode]").select_option("classic")
    form.locator("select[name=language]").select_option("en")
    rows.nth(0).locator("select[name=kind]").select_option("human")
    rows.nth(0).locator("input[name=name]").fill("Ada")
    rows.nth(0).locator("input[name=age]").fill("30")
    rows.nth(1).locator("select[name=kind]").select_option("reference")
    rows.nth(1).locator("input[name=name]").fill("Robo")
    rows.nth(1).locator("input[name=age]").fill("40")  # the younger, Ada, plays first
    # A table that cannot end before the test's first look, however slowly the machine
    # lets the clicks come: a hit barely scratches (nobody is knocked out in a few rounds)
    # and the game ends, by its ranking, when its third round closes.
    page.locator("#more summary").click()
    form.locator("input[name=classic_hit_value]").fill("1")
    form.locator("input[name=max_rounds]").fill("3")
    page.screenshot(path=artifacts / "lobby.png", full_page=True)

    form.locator("button[type=submit]").click()
    links = page.locator("#created #links li.link")
    expect(page.locator("#created")).to_be_visible()
    expect(links).to_have_count(2)
    expect(links.nth(1)).to_contain_text("Robo")
    play = links.nth(0).locator("a.button")
    expect(play).to_have_text("Play as Ada")
    # The host's own seat is theirs at once (its link is not offered for sharing); the
    # table is not listed for strangers to sit in Ada's place.
    expect(links.nth(0).locator("input")).to_have_count(0)
    own_link = play.get_attribute("href") or ""
    assert re.search(r"^http://[^/]+/play/\w+\?seat=P1&lang=en#token=", own_link), own_link
    play.click()

    # The invite leaves the address bar once the seat is taken.
    expect(page).to_have_url(re.compile(r"/play/\w+\?seat=P1&lang=en$"))
    game_id = page.url.split("/play/")[1].split("?")[0]
    expect(page.locator("#board section.seat.mine")).to_contain_text("Ada")
    expect(page.locator("#board section.seat[data-seat=P2]")).to_contain_text("Robo")

    play_until(page, lambda p: settle(p) == "end" or cards_out(p))
    # What the first look asserts, waited for: the game under way, cards on the table.
    expect(page.locator("dialog#end")).to_be_hidden()
    expect(page.locator("#status .round")).to_be_visible()
    expect(page.locator("#board section.seat .characters .card").nth(1)).to_be_visible()
    expect(page.locator("#hand .card").first).to_be_visible()
    page.screenshot(path=artifacts / "table.png", full_page=True)

    play_until(page, game_over)
    dialog = page.locator("dialog#end")
    expect(dialog).to_be_visible()
    result = api.view(game_id)["view"]["result"]
    names = {"P1": "Ada", "P2": "Robo"}
    winners = ", ".join(names[s] for s in result["winners"])
    verdict = page.locator("#end-verdict")
    if result.get("draw"):
        expect(verdict).to_contain_text(f"A draw between {winners}")
    else:
        expect(verdict).to_contain_text(f"Winner: {winners}")
    won = "P1" in result["winners"] and not result.get("draw")
    expect(verdict.locator(".verdict-you")).to_have_text(
        "You won!" if won else "You did not win this time."
    )
    expect(page.locator("#end-reason")).not_to_be_empty()
    expect(page.locator("#end-places li")).to_have_count(2)
    expect(page.locator("#replay-link")).to_have_attribute("href", f"/replay/{game_id}?seat=P1")
    page.screenshot(path=artifacts / "end.png")


def test_sit_at_an_open_table_or_watch_it_from_the_lobby(open_page, api: Api) -> None:
    zoe, yan = {"kind": "human", "name": "Zoe", "age": 20}, {"kind": "human", "name": "Yan"}
    created = api.create([zoe, yan], claim=False)
    game_id = created["game_id"]
    page = open_page()
    page.goto("/")
    table = page.locator("#games li.game").filter(has_text="Zoe, Yan")
    expect(table).to_have_count(1)
    expect(table.locator(".open")).to_have_text("Free seats: Zoe, Yan")
    expect(table.locator("a", has_text="Watch")).to_have_attribute("href", f"/play/{game_id}")

    table.locator("button", has_text="Sit as Yan").click()
    expect(page).to_have_url(re.compile(rf"/play/{game_id}\?seat=P2$"))
    expect(page.locator("#board section.seat.mine")).to_have_attribute("data-seat", "P2")
    expect(page.locator("#board section.seat.mine")).to_contain_text("Yan (you)")
    # The seat is taken: nobody else can sit there, not even with the link's invite.
    join = f"/api/games/{game_id}/seats/P2/join"
    assert api.http.post(join, json={}).json()["code"] == "seat_taken"
    invite = {"invite": created["invites"]["P2"]}
    assert api.http.post(join, json=invite).json()["code"] == "seat_taken"

    # Someone else (another browser) watches: no seat, no hand.
    other = open_page()
    other.goto("/")
    table = other.locator("#games li.game").filter(has_text="Zoe, Yan")
    expect(table.locator(".open")).to_have_text("Free seats: Zoe")
    table.locator("a", has_text="Watch").click()
    expect(other.locator("#banner")).to_have_text("You are watching: no seat is yours.")
    expect(other.locator("#board section.seat")).to_have_count(2)
    expect(other.locator("#board section.seat.mine")).to_have_count(0)
    expect(other.locator("#hand")).to_have_count(0)
    expect(other.locator("#prompt")).to_have_text("You are watching: no seat is yours.")
