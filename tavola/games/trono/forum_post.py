"""A team's whole forum post, pasted as the team wrote it (issue 27, point 5): its actions,
its deployments and its abandonment condition, under Italian or English headings or none,
in any order, BBCode and quotes stripped, read into the very post the team page builds
(`{"actions", "deploy", "abandon_threshold"}`), so the same A6 walk judges it. A line
nothing reads is kept, to be listed before sealing (DECISIONS 42).

Bounded: the text is at most `MAX_POST_TEXT` characters, each line read at most
`MAX_LINE` long (a longer one is not read), every pattern anchored and linear."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tavola.core import IllegalAction

from .forum_deploy import CharacterNames, parse_forum_deploy
from .forum_parser import TARGET_ALIASES, normalise_target, split_outside_parentheses
from .houses import HOUSES

Json = dict[str, Any]

MAX_POST_TEXT = 6000
"""A post is three actions, a few deployments and a condition, with some words around."""
MAX_LINE = 300
"""A line longer than this is no action nor deployment: listed as not read, unread."""

_KINDS: dict[str, str] = {}
for _kind, _words in {
    "attack": "attacca attacco attacchiamo attaccare attaccano attack attacks",
    "defend": "difendi difesa difendiamo difendere difenditi defend defence defense",
    "enlist": "arruola arruolamento arruoliamo arruolare recluta reclutiamo enlist",
    "tax": "tassa tasse tassiamo tassare tax taxes",
    "rally": "raduna raduno raduniamo radunare rally",
    "hire": "assolda assoldiamo assoldare ingaggia ingaggiamo ingaggio hire",
}.items():
    for _word in _words.split():
        _KINDS[_word] = _kind

# "[quote=…]…[/quote]" is someone else's text; any other tag leaves its words.
_QUOTE = re.compile(r"\[(/?)quote(?:=[^\]\n]{0,200})?\]", re.IGNORECASE)
_TAG = re.compile(r"\[/?(?:[a-z]{1,10}|\*)(?:=[^\]\n]{0,200})?\]", re.IGNORECASE)
_IMAGE = re.compile(r"\[img\][^\[]{0,500}\[/img\]", re.IGNORECASE)
_BULLET = re.compile(r"^[-*•–—>·]+\s*")
_NUMBERED = re.compile(
    r"^(?:(?:azione|action|az\.)\s*(?:n\.?\s*)?(\d)|(\d)\s*(?:[.)°ºª:]|-(?!\d))"
    r"|(prima|seconda|terza|primo|secondo|terzo|first|second|third)\s+(?:azione|action))"
    r"\s*[:.)\-–]?\s*",
    re.IGNORECASE,
)
_ORDINAL = {"prima": 1, "primo": 1, "first": 1, "seconda": 2, "secondo": 2, "second": 2}
_ORDINAL |= {"terza": 3, "terzo": 3, "third": 3}
_HEADING = re.compile(
    r"^(?:(?:le\s+)?(?:nostre|our)\s+)?(?P<word>azioni|actions|personaggi|schieramenti?"
    r"|deployments?|characters|condizion[ei](?:\s+di)?\s+abbandono|abbandono"
    r"|abandon(?:ment)?(?:\s+condition)?)"
    r"(?:\s+(?:schierati|usati|utilizzati|da\s+schierare|deployed|used))?"
    r"(?:\s+(?:del|for)\s+(?:turno|turn)\s+\d+)?\s*[:.\-–]?\s*(?P<rest>.*)$",
    re.IGNORECASE,
)
_DEPLOY_LEAD = re.compile(r"^(?:schier\w*|deploy\w*|we\s+deploy|usiamo|utilizziamo)\b", re.I)
_ABANDON = re.compile(r"\b(?:abbandon\w*|abandon\w*|scend\w*|step(?:ping)?\s+down)", re.I)
_TITLE = re.compile(r"^(?:post\s+(?:del\s+|for\s+)?)?(?:turno|turn)\s+\d+\W*$", re.IGNORECASE)
_NONE = re.compile(r"^(?:nessun[oa]?|niente|none|no|nothing|-+)\b", re.IGNORECASE)
_NUMBER = re.compile(r"\b(\d{1,3})\b")
_BARE_NUMBER = re.compile(
    r"^(?:(?:sotto|meno\s+di|below|under)\s+(?:i\s+)?)?(\d{1,3})(?:\s+(?:soldati|soldiers))?\W*$",
    re.IGNORECASE,
)
_CHUNK = re.compile(r"^([^\W\d_]+)\s*(.*)$", re.DOTALL)
_INTRO = re.compile(
    r"^(?:(?:a|al|alla|allo|ai|agli|alle|ad|contro|su|sul|sulla|sullo|verso|il|la|lo|i|gli"
    r"|on|against|at|the)\s+|(?:l|all|sull|dell)['’]\s*)+",
    re.IGNORECASE,
)
_HOUSE_WORD = re.compile(r"^(?:casata|casa|house)\s+", re.IGNORECASE)


@dataclass
class ForumPost:
    """A forum post read: the post the team page builds, and the lines nothing read."""

    actions: list[Json] = field(default_factory=list)
    deploy: list[Json] = field(default_factory=list)
    abandon_threshold: int | None = None
    unread: list[str] = field(default_factory=list)
    numbers: list[int | None] = field(default_factory=list)  # each action's written number

    def args(self) -> Json:
        """The post as the team page sends it (`submit_post`'s arguments)."""
        out: Json = {"actions": self.actions, "deploy": self.deploy}
        if self.abandon_threshold is not None:
            out["abandon_threshold"] = self.abandon_threshold
        return out


def strip_bbcode(text: str) -> str:
    """The team's own words: quoted posts dropped (nested ones too), tags taken out, a
    list's items one a line."""
    out: list[str] = []
    depth = last = 0
    for tag in _QUOTE.finditer(text):
        if depth == 0:
            out.append(text[last : tag.start()])
        depth = depth + 1 if not tag.group(1) else max(depth - 1, 0)
        last = tag.end()
    if depth == 0:
        out.append(text[last:])
    kept = _IMAGE.sub("", "\n".join(out))
    return _TAG.sub(lambda tag: "\n" if tag.group() == "[*]" else "", kept)


def parse_forum_post(
    text: str, catalogue: Mapping[str, Any], owned: list[str] | None = None
) -> ForumPost:
    """A whole forum post as a team writes it, into its post (see the module)."""
    reader = _Reader(catalogue, owned or [])
    for raw in strip_bbcode(text).splitlines():
        reader.line(raw)
    return reader.done()


class _Reader:
    """One post read line by line; a heading sets what the lines under it are."""

    def __init__(self, catalogue: Mapping[str, Any], owned: list[str]) -> None:
        self.catalogue = catalogue
        self.owned = owned
        self.names = CharacterNames(catalogue, owned)
        self.post = ForumPost()
        self.section: str | None = None

    def line(self, raw: str) -> None:
        line = _BULLET.sub("", " ".join(raw.split()))
        if not line or _TITLE.match(line):
            return
        if len(line) > MAX_LINE:
            self.post.unread.append(line[:80] + "…")
            return
        heading = _HEADING.match(line)
        if heading is not None:
            word = heading.group("word").lower()
            self.section = (
                "actions"
                if word.startswith(("azion", "action"))
                else "abandon"
                if _ABANDON.search(word)
                else "deploy"
            )
            line = heading.group("rest").strip()
            if not line:
                return
        if self._abandon(line) or self._actions(line) or self._deploy(line):
            return
        self.post.unread.append(line)

    def _abandon(self, line: str) -> bool:
        """ "Condizione di abbandono: 12 soldati", or a number under its heading."""
        if not _ABANDON.search(line):
            if self.section != "abandon":
                return False
            if _NONE.match(line):
                return True
            found = _BARE_NUMBER.match(line)
        elif re.search(r"\bnessun|\bnone\b", line, re.IGNORECASE):
            return True
        else:
            found = _NUMBER.search(line)
        if found is None:
            return False
        self.post.abandon_threshold = int(found.group(1))
        return True

    def _actions(self, line: str) -> bool:
        """One action a line ("1. Attacca (Stark)", "Azione 2: difesa") or a few on one
        ("Attacca il Trono, Tassa, Raduna"). A numbered line whose word is no action is
        an unknown action, as written."""
        numbered = _NUMBERED.match(line)
        number: int | None = None
        if numbered is not None:
            digit = numbered.group(1) or numbered.group(2)
            number = int(digit) if digit else _ORDINAL[numbered.group(3).lower()]
            line = line[numbered.end() :]
        chunks = _split(line)
        read = [self._action(chunk) for chunk in chunks]
        if not read or (read[0] is None and numbered is None):
            return False
        for index, (chunk, action) in enumerate(zip(chunks, read, strict=True)):
            self.post.actions.append(action if action is not None else {"kind": chunk})
            self.post.numbers.append(number if index == 0 else None)
        return True

    def _action(self, chunk: str) -> Json | None:
        found = _CHUNK.match(chunk)
        kind = _KINDS.get(found.group(1).lower()) if found else None
        if found is None or kind is None:
            return None
        rest = found.group(2).strip()
        if rest.startswith("(") and rest.endswith(")"):
            rest = rest[1:-1].strip()
        rest = rest.strip(" :-–")
        if kind == "attack":
            target = _target(rest)
            return {"kind": kind, "target": target} if target else {"kind": kind}
        if kind == "hire":
            written = _INTRO.sub("", rest).strip()
            cid = self.names.character(written) if written else None
            return {"kind": kind, "character": cid or written}
        return {"kind": kind}  # words after a defence, a tax… change nothing (DECISIONS 42)

    def _deploy(self, line: str) -> bool:
        """Under a deployments heading, any line; elsewhere a line that starts "schiero"
        or names only characters of the catalogue ("Ardengo su Baratheon")."""
        if _NONE.match(line):
            return self.section == "deploy"
        try:
            read = parse_forum_deploy(line, self.catalogue, self.owned)
        except IllegalAction:
            return False
        known = all(entry["character"] in self.catalogue for entry in read)
        if not read or not (self.section == "deploy" or _DEPLOY_LEAD.match(line) or known):
            return False
        self.post.deploy += read
        return True

    def done(self) -> ForumPost:
        """Numbered actions in their numbers' order when every action has its own."""
        numbers = self.post.numbers
        if numbers and None not in numbers and len(set(numbers)) == len(numbers):
            order = sorted(range(len(numbers)), key=lambda i: numbers[i] or 0)
            self.post.actions = [self.post.actions[i] for i in order]
        return self.post


def _split(line: str) -> list[str]:
    """Actions on one line, split at commas, semicolons and "e"/"and" before an action's
    word, never inside parentheses."""
    out: list[str] = []
    for part in split_outside_parentheses(line, ",;"):
        words = part.split()
        start = 0
        for index in range(1, len(words) - 1):
            if words[index].lower() in ("e", "and", "poi", "then") and (
                words[index + 1].lower().strip("(") in _KINDS
            ):
                out.append(" ".join(words[start:index]))
                start = index + 1
        out.append(" ".join(words[start:]))
    return [p.strip(" .") for p in out if p.strip(" .")]


def _target(written: str) -> str | None:
    """An attack's target as written after its word: a house, "il Trono", "tutti"; an
    unknown one as written, for A6 to refuse in words."""
    words = _INTRO.sub("", written.strip()).strip(" .")
    if not words:
        return None
    for candidate in (words, _HOUSE_WORD.sub("", words)):
        target = normalise_target(candidate)
        if target in TARGET_ALIASES.values() or target in HOUSES:
            return target
    return words
