"""The browser's days after "of" (tavola/games/trono/web/dates.js) follow the server's rule
(messages.day_of): Italian elides before a number read with a vowel ("dell'11 marzo"), the
first reads "primo" ("del 1º marzo"), English takes no article. The console's and the team
page's days and instants write the first of the month "1º" in Italian, as the server does."""

from __future__ import annotations

import json
import shutil
import subprocess
from datetime import date, timedelta
from pathlib import Path

import pytest

from tavola.games.trono.messages import day_words, elides, text

DATES = Path(__file__).resolve().parents[2] / "tavola" / "games" / "trono" / "web" / "dates.js"
NODE = shutil.which("node")


def run(lang: str, script: str) -> object:
    """`script` after dates.js, its page language `lang`; prints one JSON value."""
    source = DATES.read_text(encoding="utf-8").replace(
        'import { lang } from "/js/i18n.js";', f"const lang = {json.dumps(lang)};"
    )
    assert "const lang" in source  # the module still takes the page's language so
    done = subprocess.run(
        [str(NODE), "--input-type=module", "-e", f"{source}\n{script}"],
        capture_output=True,
        text=True,
        check=True,
        timeout=30,
    )
    return json.loads(done.stdout)


pytestmark = pytest.mark.skipif(NODE is None, reason="needs Node.js to run the module")


def test_the_browser_elides_exactly_where_the_server_does():
    numbers = [*range(1, 1000), 8000, 11000, 18000, 80000, 21000]
    found = run("it", f"console.log(JSON.stringify({numbers}.map((n) => elides(n))))")
    assert found == [elides(n) for n in numbers]


def test_the_browser_says_dell_11_and_del_1o_in_italian():
    found = run(
        "it", 'console.log(JSON.stringify(["2026-03-11", "2026-03-01", "2026-03-18"].map(dayOf)))'
    )
    assert found == ["dell'11 marzo 2026", "del 1º marzo 2026", "del 18 marzo 2026"]


def test_the_browser_puts_no_article_in_english():
    assert run("en", 'console.log(JSON.stringify(dayOf("2026-03-11")))') == "11 March 2026"


def test_the_browser_writes_every_day_as_the_server_does():
    days = [date(2028, 1, 1) + timedelta(days=n) for n in range(366)]
    isos = json.dumps([d.isoformat() for d in days])
    for lang in ("it", "en"):
        found = run(lang, f"console.log(JSON.stringify({isos}.map(dayText)))")
        phrases = [day_words(d)["date"] for d in days]
        assert found == [text(lang, p.key, **p.params) for p in phrases]


def test_the_console_writes_the_first_of_december_1o_in_italian():
    found = run("it", 'console.log(JSON.stringify(["2026-12-01", "2026-12-02"].map(dayWords)))')
    assert found == ["martedì 1º dicembre 2026", "mercoledì 2 dicembre 2026"]


def test_a_deadline_on_the_first_in_rome_reads_1o_in_italian():
    """00:30 in Rome on 1 December is still 30 November in UTC: the day is Rome's."""
    found = run("it", 'console.log(JSON.stringify(romeTime("2026-11-30T23:30:00Z")))')
    assert str(found).startswith("martedì 1º dicembre 2026")
    assert "00:30" in str(found)


def test_a_deadline_on_the_21st_keeps_its_plain_number_in_italian():
    found = run("it", 'console.log(JSON.stringify(romeTime("2026-12-21T18:50:30Z", true)))')
    assert str(found).startswith("lunedì 21 dicembre 2026")
    assert "19:50:30" in str(found)


def test_english_days_keep_their_plain_first():
    day = str(run("en", 'console.log(JSON.stringify(dayWords("2026-12-01")))'))
    deadline = str(run("en", 'console.log(JSON.stringify(romeTime("2026-12-01T18:50:00Z")))'))
    for words in (day, deadline):
        assert words.startswith("Tuesday") and "1 December 2026" in words and "º" not in words
    assert "19:50" in deadline
