"""BBCode as forums take it (phpBB, SMF, Forumfree): headings, lists, bold where it matters."""

from __future__ import annotations

import re
from collections.abc import Iterable

# Dates and clock times are left as written: "27 ottobre 2026, 19:50" is not a figure.
_DATES = re.compile(r"\d{1,2}º? [^\W\d]+ \d{4}(?:, \d{1,2}:\d{2})?|\d{1,2}:\d{2}(?::\d{2})?")
_NUMBER = re.compile(r"(?<![\w\[=])\d+(?![\w\]])")


def escape(text: str) -> str:
    """Square brackets a team wrote cannot open a tag."""
    return text.replace("[", "(").replace("]", ")")


def bold_numbers(text: str) -> str:
    """Every figure of `text` in bold, dates and times aside."""
    out, last = [], 0
    for date in _DATES.finditer(text):
        out.append(_NUMBER.sub(r"[b]\g<0>[/b]", text[last : date.start()]))
        out.append(date.group())
        last = date.end()
    out.append(_NUMBER.sub(r"[b]\g<0>[/b]", text[last:]))
    return "".join(out)


def heading(text: str) -> str:
    return f"[size=150][b]{escape(text)}[/b][/size]"


def subheading(text: str) -> str:
    """A bold line (its figures bold with it)."""
    return f"[b]{escape(text)}[/b]"


def bullet_list(lines: Iterable[str], *, numbers: bool = False) -> list[str]:
    """`[list][*]…[/list]`; with `numbers`, each item's figures in bold. The forum texts
    leave them plain: in bold every figure is none, and a referee's reason is their own
    words, never to be reformatted (issue 27)."""
    items = [bold_numbers(escape(line)) if numbers else escape(line) for line in lines if line]
    if not items:
        return []
    return ["[list]", *(f"[*]{item}" for item in items), "[/list]"]
