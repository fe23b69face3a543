"""Every page of the shell wears the same frame (tavola/web/DECISIONS.md, "One frame on
every page of the shell"): the same head and header lines, in the same order, but for the
title's key and the page's one module; so a change to the header is made once in spirit
and the same everywhere."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[2] / "tavola" / "web"
OWN_HEADER = {"campaign.html", "tournament.html"}
"""Pages with a header of their own (no account corner)."""
PAGES = sorted(p.name for p in WEB.glob("*.html") if p.name not in OWN_HEADER)


def frame(name: str) -> list[str]:
    """The page's lines up to its `<main>`, with what may differ blanked: the page's
    module, the title's key and element id, the brand's words (the lobby's own name
    there, elsewhere the way back to it)."""
    lines = (WEB / name).read_text(encoding="utf-8").splitlines()
    end = next(i for i, line in enumerate(lines) if line.lstrip().startswith("<main"))
    out = []
    for line in lines[:end]:
        line = re.sub(r'src="/js/[a-z-]+\.js"', 'src="/js/PAGE.js"', line)
        if "<h1 " in line:
            line = re.sub(r'(id|data-i18n)="[^"]*"', r'\1="…"', line)
        if 'class="brand"' in line:
            line = re.sub(r'data-i18n="[^"]*">[^<]*<', 'data-i18n="…">…<', line)
        out.append(line)
    return out


def test_the_pages_are_found() -> None:
    assert {"index.html", "play.html", "replay.html", "game-page.html"} <= set(PAGES)


@pytest.mark.parametrize("name", PAGES)
def test_a_page_wears_the_lobby_frame(name: str) -> None:
    assert frame(name) == frame("index.html")


def test_the_frame_is_what_the_shell_needs() -> None:
    text = "\n".join(frame("index.html"))
    assert text.count("<script") == 1  # the page's module; it imports the account corner
    assert text.count('rel="stylesheet"') == 1  # the shell's one sheet
    for needed in ('id="account-bar"', 'id="lang-switch"', 'class="brand"', "<h1 "):
        assert needed in text
