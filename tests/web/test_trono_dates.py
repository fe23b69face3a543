"""The browser's days after "of" (tavola/games/trono/web/dates.js) follow the server's rule
(messages.day_of): Italian elides before a number read with a vowel ("dell'11 marzo"), the
first reads "primo" ("del 1º marzo"), English takes no article."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from tavola.games.trono.messages import elides

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
