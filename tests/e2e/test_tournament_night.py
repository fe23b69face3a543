"""A tournament night among friends (issue 31), on a phone and on a desktop: Anna opens a
Legends tournament from the lobby (a Swiss system: two rounds for four), registers with a
ready-made deck in one click and adds two bots by their names alone; Bea, in a browser of
her own, finds it from the lobby and registers picking her main character and her cards
by typing their names. Each round each person says "I'm here: start", lands at the table
(named by its round and its players), ends the game quickly the way a person can (by
conceding: a Legends game is long) and goes back to the tournament from the table, until
the final standings, whose columns explain themselves on hover, focus and tap. No id is
typed, and no screen shows one."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from .helpers import wait_until

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
DESKTOP = {"viewport": {"width": 1280, "height": 900}}
TEST_SECONDS = 420.0
"""The whole test's deadline: every wait below takes only what is left of it."""
IDS = re.compile(r"\br\d+\.m\d+\.g\d+\b|\bS1-\d{3}\b|\b[0-9a-f]{16}\b")
"""A slot, a card's id, a tournament's or a game's id: what no screen may show."""


class Budget:
    """The test's own timeout: what is left of `TEST_SECONDS`, for each wait."""

    def __init__(self) -> None:
        self.end = time.monotonic() + TEST_SECONDS

    def ms(self, most: float = 60.0) -> float:
        left = self.end - time.monotonic()
        if left <= 0:
            raise AssertionError(f"the tournament night took more than {TEST_SECONDS} s")
        return min(left, most) * 1000


def no_ids(page: Page) -> None:
    text = page.locator("body").inner_text()
    found = IDS.search(text)
    assert found is None, f"{page.url} shows an id: {found.group(0)!r}"


def open_tournament_list(page: Page) -> None:
    page.goto("/")
    no_ids(page)
    page.locator('.game-card[data-game="legends"] .tournaments-link').click()
    expect(page).to_have_url(re.compile(r"/tournaments/new\?game=legends$"))
    expect(page.locator("#tournament-list li").first).to_be_visible()
    no_ids(page)


def register_anna(anna: Page) -> None:
    form = anna.locator("#register-form")
    form.locator("select[name=kind]").select_option("human")
    form.locator("input[name=name]").fill("Anna")
    form.locator("input[name=age]").fill("30")
    form.get_by_role("button", name="Use “Light of Dawn”").click()
    expect(form.locator(".main-chosen")).to_have_text("Chosen: Sentinel of the Clear Tower")
    expect(form.locator(".deck-count")).to_have_text("6 of 6 cards chosen")
    form.locator("button[type=submit]").click()
    expect(anna.locator("#entrants li")).to_have_count(1)


def add_bot(anna: Page, kind: str, name: str, count: int) -> None:
    form = anna.locator("#register-form")
    form.locator("select[name=kind]").select_option(kind)
    expect(form.locator("#bot-hint")).to_be_visible()
    form.locator("input[name=name]").fill(name)
    form.locator("button[type=submit]").click()
    expect(anna.locator("#entrants li")).to_have_count(count)


def pick(form: Locator, label: str, typed: str, suggestion: str) -> None:
    """Types part of a name in the search field `label` and taps the suggestion."""
    form.get_by_label(label, exact=True).first.fill(typed)
    form.get_by_role("button", name=suggestion, exact=True).click()


def register_bea(bea: Page) -> None:
    form = bea.locator("#register-form")
    form.locator("input[name=name]").fill("Bea")
    form.locator("input[name=age]").fill("25")
    pick(form, "Search a character by name", "druid", "Druid of the Ancient Moss")
    expect(form.locator(".main-chosen")).to_have_text("Chosen: Druid of the Ancient Moss")
    for typed, card in (
        ("sentinel", "Sentinel of the Clear Tower"),
        ("druid", "Druid of the Ancient Moss"),
    ):
        pick(form, "Search a card by name to add it", typed, f"Add {card}")
        line = form.locator(".deck-cards li").filter(has_text=card)
        for _ in range(2):
            line.get_by_role("button", name=f"One more copy of {card}").click()
        expect(line.locator(".copies")).to_have_text("3 ×")
    expect(form.locator(".deck-count")).to_have_text("6 of 6 cards chosen")
    no_ids(bea)
    shots: Path = bea.context.shots  # type: ignore[attr-defined]
    bea.screenshot(path=shots / "bea-registration-form.png", full_page=True)
    form.locator("button[type=submit]").click()
    expect(bea.locator("#you-title")).to_have_text("You play as Bea")


def start_game(page: Page, budget: Budget) -> bool:
    """Says "I'm here" to the person's next game, if it has one; False once it has no
    more (the tournament over)."""
    mine = page.locator("#your-games button", has_text="I'm here: start")
    over = page.locator("#tournament-status", has_text="The tournament is over.")
    expect(mine.or_(over)).to_be_visible(timeout=budget.ms())
    if over.is_visible():
        return False
    no_ids(page)
    mine.first.click()
    return True


def concede(page: Page, budget: Budget) -> None:
    page.locator('#options [data-step="v:concede"]').click(timeout=budget.ms())
    page.locator('#options [data-step="o:yes"]').click(timeout=budget.ms())


def concede_where_asked(pages: list[Page], budget: Budget) -> None:
    """The first of `pages` (one table's people) asked to move concedes."""

    def asked() -> Page | str | None:
        for page in pages:
            if page.locator("dialog#end[open]").count():
                return "over"
            if page.locator('#options [data-step="v:concede"]').is_visible():
                return page
        return None

    found = wait_until(asked, timeout=budget.ms() / 1000, what="a person asked to move")
    if isinstance(found, str):
        return
    concede(found, budget)


def play_round(people: dict[str, Page], number: int, budget: Budget, shots: Path) -> bool:
    """Both people start their game of the round, end it, and go back; False when the
    tournament has no more games for them."""
    started = {name: start_game(page, budget) for name, page in people.items()}
    if not any(started.values()):
        return False
    at_tables = {name: people[name] for name, yes in started.items() if yes}
    for name, page in at_tables.items():
        expect(page).to_have_url(re.compile(r"/play/\w+\?seat=P\d$"), timeout=budget.ms())
        title = page.locator("#title")
        expect(title).to_have_text(re.compile(rf"^Round {number} · .+ vs .+$"), timeout=budget.ms())
        expect(title).to_contain_text(name)
        expect(page.locator("#home-link")).to_have_text("Back to the tournament")
    first = next(iter(at_tables.values()))
    expect(first.locator("#board section.seat.mine")).to_be_visible(timeout=budget.ms())
    first.screenshot(path=shots / f"round{number}-table.png")
    for page in at_tables.values():
        no_ids(page)
    # A person ends the game quickly by conceding (a Legends game is long): at each table,
    # whoever of its people is asked to move first.
    tables: dict[str, list[Page]] = {}
    for page in at_tables.values():
        tables.setdefault(page.url.split("/play/")[1].split("?")[0], []).append(page)
    for pages in tables.values():
        concede_where_asked(pages, budget)
    for page in at_tables.values():
        end = page.locator("dialog#end")
        expect(end).to_be_visible(timeout=budget.ms())
        expect(end.locator("#rematch")).to_be_hidden()  # the tournament plays the next game
        home = end.locator("#end-home")
        expect(home).to_have_text("Back to the tournament")
        page.screenshot(path=shots / f"round{number}-end.png")
        home.click()
        expect(page).to_have_url(re.compile(r"/tournaments/[0-9a-f]+$"), timeout=budget.ms())
    return True


def check_standings(page: Page, phone: bool, budget: Budget) -> None:
    expect(page.locator("#standings-title")).to_have_text("Final standings", timeout=budget.ms())
    rows = page.locator("#standings tbody tr")
    expect(rows).to_have_count(4)
    names = set(rows.locator("td.name").all_inner_texts())
    assert names == {"Anna", "Bea", "Bot Rossa", "Bot Verde"}, names
    fits = "() => { const t = document.getElementById('standings');"
    fits += " return t.scrollWidth <= t.parentElement.clientWidth; }"
    assert page.evaluate(fits), "the standings scroll sideways"
    tip = page.locator("#standings-tip")
    buchholz = page.get_by_role("button", name="What “Buchholz” means")
    points = page.get_by_role("button", name="What “Points” means")
    head = page.get_by_role("button", name="What “Head-to-head” means")
    if phone:  # a tap opens it and keeps it open; another tap closes it
        buchholz.tap()
        expect(tip).to_have_text(re.compile(r"^The sum of your opponents' points"))
        expect(buchholz).to_have_attribute("aria-expanded", "true")
        page.screenshot(path=page.context.shots / "standings-tip.png")  # type: ignore[attr-defined]
        buchholz.tap()
        expect(tip).to_be_hidden()
        assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    else:  # the pointer over it shows it, and leaving hides it
        points.hover()
        expect(tip).to_have_text(re.compile(r"^3 points for a win"))
        page.screenshot(path=page.context.shots / "standings-tip.png")  # type: ignore[attr-defined]
        page.locator("#standings-title").hover()
        expect(tip).to_be_hidden()
    # By keyboard: focus shows it, Enter keeps it, Escape closes it.
    head.focus()
    expect(tip).to_have_text(re.compile(r"^The points won in the games against the players level"))
    page.keyboard.press("Enter")
    expect(head).to_have_attribute("aria-expanded", "true")
    page.keyboard.press("Escape")
    expect(tip).to_be_hidden()


@pytest.mark.parametrize("device", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_a_four_player_tournament_night_from_the_lobby_to_the_final_standings(
    open_page: Any, artifacts: Path, device: dict[str, Any]
) -> None:
    budget = Budget()
    phone = device is PHONE
    shots = artifacts / f"tournament-night-{'phone' if phone else 'desktop'}"
    shots.mkdir(parents=True, exist_ok=True)
    anna, bea = open_page(**device), open_page(**device)
    for page in (anna, bea):
        page.context.shots = shots  # type: ignore[attr-defined]

    open_tournament_list(anna)
    form = anna.locator("#new-form")
    form.locator("select[name=format]").select_option("swiss")
    form.locator("#game-options input[name=deck_size]").fill("6")  # a short evening
    form.locator("#game-options input[name=max_rounds]").fill("3")
    form.locator("button[type=submit]").click()
    expect(anna).to_have_url(re.compile(r"/tournaments/[0-9a-f]+$"))
    register_anna(anna)
    add_bot(anna, "reference", "Bot Rossa", 2)
    add_bot(anna, "random", "Bot Verde", 3)
    anna.screenshot(path=shots / "registration.png", full_page=True)
    no_ids(anna)

    open_tournament_list(bea)
    bea.locator("#tournament-list li", has_text="registration open").first.locator("a").click()
    expect(bea.locator("#entrants li")).to_have_count(3)
    register_bea(bea)
    bea.screenshot(path=shots / "bea-registered.png", full_page=True)
    no_ids(bea)

    expect(anna.locator("#entrants li")).to_have_count(4, timeout=budget.ms())
    expect(anna.locator("#entrants")).to_contain_text("Bot Rossa")
    anna.locator("#start").click()

    people = {"Anna": anna, "Bea": bea}
    rounds = 0
    while play_round(people, rounds + 1, budget, shots):
        rounds += 1
        assert rounds <= 2, "a Swiss system of four plays two rounds"
    assert rounds == 2

    for page in (anna, bea):
        expect(page.locator("#tournament-status")).to_have_text("The tournament is over.")
        expect(page.locator("#champion")).to_have_text(
            re.compile(r"^Champion: (Anna|Bea|Bot Rossa|Bot Verde)$")
        )
        games = page.locator("#rounds li.table .table-name")
        expect(games).to_have_count(4)
        expect(games.first).to_have_text(re.compile(r"^Round 1 · .+ vs .+$"))
        no_ids(page)
    check_standings(anna, phone, budget)
    anna.screenshot(path=shots / "final-standings.png", full_page=True)
