"""The balance reports in Chromium (issue 22, item 3): from the lobby's link to the list of
reports, then into one report, whose own HTML shows with its charts loaded; its page's own
words in Italian or English, the link to share on it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect
from typer.testing import CliRunner

from tavola.cli import app as cli

from .conftest import TIMEOUT_MS, serving

GAMES = 12
RUN = ["--games", str(GAMES), "--seats", "random,random", "--mode", "classic", "--max-rounds", "3"]
RUN += ["--quiet", "--report"]
CHARTS_LOADED = """() => {
  const images = [...document.images];
  return images.length >= 2 && images.every((i) => i.complete && i.naturalWidth > 0);
}"""
"""Every chart of the report in the frame has loaded (its `naturalWidth` is its PNG's)."""


@pytest.fixture(scope="module")
def reports_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server in a folder whose runs/ holds a real report (runs/ under the working
    directory is where the server looks when told nothing else)."""
    folder = tmp_path_factory.mktemp("reports-server")
    result = CliRunner().invoke(
        cli,
        ["simulate", "legends", "--out", str(folder / "runs" / "starter"), *RUN],
    )
    assert result.exit_code == 0, result.output
    with serving(folder, TAVOLA_REPORTS="runs") as base:
        yield base


@pytest.fixture
def page(browser: Browser, reports_server: str) -> Iterator[Page]:
    context = browser.new_context(
        base_url=reports_server, locale="en-GB", viewport={"width": 1200, "height": 900}
    )
    context.set_default_timeout(TIMEOUT_MS)
    yield context.new_page()
    context.close()


def test_from_the_lobby_to_a_report_with_its_charts(
    page: Page, reports_server: str, artifacts: Path
) -> None:
    title = next(
        g["text"]["title"]
        for g in httpx.get(f"{reports_server}/api/catalog?lang=en").json()
        if g["name"] == "legends"
    )
    page.goto("/")
    page.locator("#reports-link").click()
    expect(page).to_have_url(f"{reports_server}/reports")
    row = page.locator('#reports tr.report[data-name="starter"]')
    expect(page.locator("#reports tr.report")).to_have_count(1)
    expect(row.locator(".report-game")).to_have_text(title)
    expect(row.locator(".report-games")).to_have_text(str(GAMES))
    expect(row.locator(".report-kind")).to_have_text("Simulation report")
    page.screenshot(path=str(artifacts / "reports-list.png"))

    row.locator("a").click()
    expect(page).to_have_url(f"{reports_server}/reports/starter")
    expect(page.locator("#report-title")).to_have_text("Balance report: legends")
    expect(page.locator("#report-facts")).to_contain_text(f"{GAMES} games played")
    expect(page.locator("#report-link")).to_have_value(f"{reports_server}/reports/starter")
    expect(page.locator("#report-files a", has_text="report.md")).to_have_attribute(
        "href", "/reports/starter/report.md"
    )
    frame = page.frame_locator("#report-frame")
    expect(frame.locator("h1")).to_have_text("Balance report: legends")
    expect(frame.locator("img").first).to_be_visible()
    report = page.locator("#report-frame").element_handle().content_frame()
    assert report is not None
    report.wait_for_function(CHARTS_LOADED)
    widths = frame.locator("img").evaluate_all("(images) => images.map((i) => i.naturalWidth)")
    assert len(widths) >= 2 and all(w > 0 for w in widths), widths
    page.screenshot(path=str(artifacts / "reports-page.png"))


def test_the_pages_own_words_are_in_italian(page: Page) -> None:
    page.goto("/reports")
    expect(page.locator("#reports tr.report")).to_have_count(1)  # the page is ready
    page.locator("#lang-switch").click()
    expect(page.locator("h1")).to_have_text("Rapporti di bilanciamento")
    expect(page.locator("#reports th").nth(3)).to_have_text("Partite giocate")
    expect(page.locator("#reports tr.report .report-kind")).to_have_text("Rapporto di simulazione")
    page.locator("#reports tr.report a").click()
    expect(page.locator("h1")).to_have_text("Rapporto di bilanciamento")
    expect(page.locator("#report-english")).to_have_text("Il rapporto è in inglese.")
    expect(page.locator("#report-facts")).to_contain_text(f"{GAMES} partite giocate")
    expect(page.frame_locator("#report-frame").locator("h1")).to_have_text(
        "Balance report: legends"
    )
