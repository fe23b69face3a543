"""A game's rules file (`GameInfo.rules`, CommonMark) as the rules page shows it: its title,
its sections for the table of contents, and its body as HTML in which every rule number a
heading opens with is an anchor (`### R30–R33 · End of turn` gives `R30`, `R31`, `R32` and
`R33`), so that a refusal or a log line can link to the rule it applies.

The text is the project's own, yet it is rendered as if it were not: raw HTML is shown as
text (markdown-it's `html` off) and links go only where markdown-it's link check lets them.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.token import Token

RULE_ID = re.compile(r"([A-Z]{1,2})(\d+)")
_ONE = r"[A-Z]{1,2}\d+"
_PART = rf"{_ONE}(?:\s*[–—-]\s*{_ONE})?"
RULE_NUMBERS = re.compile(rf"^\s*({_PART}(?:\s*,\s*{_PART})*)(?=\s*(?:·|:|$))")
"""A heading's leading rule numbers: one (`R34`), a range (`R30–R33`) or a list of either
(`R12, R14`), up to the `·` before the heading's words."""
MAX_RANGE = 200
"""A range longer than this is a typing slip, not a heading: only its ends are anchors."""


@dataclass(frozen=True, slots=True)
class Section:
    id: str
    title: str


@dataclass(frozen=True, slots=True)
class RulesPage:
    title: str
    sections: tuple[Section, ...]
    html: str
    rules: tuple[str, ...]
    """Every rule number a heading names, in the page's order."""


def rule_numbers(heading: str) -> list[str]:
    """The rule numbers a heading opens with, each range spelt out ([] for none)."""
    found = RULE_NUMBERS.match(heading)
    if found is None:
        return []
    numbers: list[str] = []
    for part in found.group(1).split(","):
        ends = RULE_ID.findall(part)
        if len(ends) == 2 and ends[0][0] == ends[1][0]:
            prefix, low, high = ends[0][0], int(ends[0][1]), int(ends[1][1])
            if 0 <= high - low <= MAX_RANGE:
                numbers += [f"{prefix}{n}" for n in range(low, high + 1)]
                continue
        numbers += [f"{prefix}{n}" for prefix, n in ends]
    return list(dict.fromkeys(numbers))


def _markdown() -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False})
    md.enable("table")  # a worked example's table
    md.add_render_rule("heading_open", _heading_open)
    md.add_render_rule("heading_close", _heading_close)
    return md


def _heading_open(self: Any, tokens: Sequence[Token], idx: int, options: Any, env: Any) -> str:
    """A rule's heading after an empty anchor for each of its numbers but the first (the
    heading's own id)."""
    token = tokens[idx]
    extra = "".join(
        f'<span class="rule-anchor" id="{n}"></span>' for n in token.meta.get("also", ())
    )
    return str(extra + self.renderToken(tokens, idx, options, env))


def _heading_close(self: Any, tokens: Sequence[Token], idx: int, options: Any, env: Any) -> str:
    """A rule's heading ends with a link to itself, the address to share."""
    token = tokens[idx]
    own = token.meta.get("self")
    link = f' <a class="rule-self" href="#{own}" aria-hidden="true">#</a>' if own else ""
    return str(link + self.renderToken(tokens, idx, options, env))


def _slug(text: str, taken: set[str]) -> str:
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    base = "s-" + (re.sub(r"[^a-z0-9]+", "-", plain).strip("-") or "section")
    slug, n = base, 1
    while slug in taken:
        n += 1
        slug = f"{base}-{n}"
    taken.add(slug)
    return slug


def _plain(inline: Token) -> str:
    """A heading's words without their markup."""
    return "".join(
        child.content for child in inline.children or () if child.type in ("text", "code_inline")
    ).strip()


MD = _markdown()


def render(text: str) -> RulesPage:
    """The page of a rules text: its first `# ` heading is the title (not repeated in the
    body), `## ` headings are the sections, and each heading's rule numbers its anchors."""
    tokens = MD.parse(text)
    title = ""
    sections: list[Section] = []
    rules: list[str] = []
    taken: set[str] = set()
    body: list[Token] = []
    skip = 0
    for i, token in enumerate(tokens):
        if skip:
            skip -= 1
            continue
        if token.type != "heading_open":
            body.append(token)
            continue
        inline, close = tokens[i + 1], tokens[i + 2]
        words = _plain(inline)
        if token.tag == "h1" and not title:
            title, skip = words, 2
            continue
        numbers = [n for n in rule_numbers(words) if n not in taken]
        if numbers:
            taken.update(numbers)
            rules += numbers
            token.attrSet("id", numbers[0])
            token.meta = {"also": numbers[1:]}
            close.meta = {"self": numbers[0]}
        elif token.tag == "h2":
            token.attrSet("id", _slug(words, taken))
        if token.tag == "h2":
            sections.append(Section(str(token.attrGet("id")), words))
        body.append(token)
    html = MD.renderer.render(body, MD.options, {})
    return RulesPage(title, tuple(sections), html, tuple(rules))


@functools.lru_cache(maxsize=32)
def _rendered(path: str, mtime_ns: int, size: int) -> RulesPage:
    return render(Path(path).read_text(encoding="utf-8", errors="replace"))


def rules_page(file: Path) -> RulesPage:
    """The file's page, rendered once for each version of the file."""
    stat = file.stat()
    return _rendered(str(file), stat.st_mtime_ns, stat.st_size)
