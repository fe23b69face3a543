"""The deployments a forum post writes beside its actions, as referees copy them
(`Ardengo Fiammavecchia (Baratheon), Alvise (azione 1)`), read into the engine's
deployments. The text comes from the server (`deploy_text`), so its reading is linear and
bounded: a few parts, each short, parentheses at most two deep; anything beyond is refused
before it is read (`E_DEPLOY_TEXT_FORM`)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from .forum_parser import TARGET_ALIASES, normalise_target, split_outside_parentheses
from .houses import HOUSES
from .messages import reason, refuse

Json = dict[str, Any]

MAX_DEPLOY_PARTS = 40
"""Parts read, each a deployment or a detail of one (between commas, semicolons, lines or
"e"/"and"): a team deploys the few characters it owns, once each."""
MAX_DEPLOY_PART = 200
"""Characters of one deployment as written between two commas, its details included."""
MAX_DEPLOY_NESTING = 2
"""Parentheses within parentheses: `Nerea (Stark (la casata))` is as deep as a post goes;
each level is read again, so the depth bounds the reading's passes."""

_HOUSE_KEYS = frozenset(HOUSES)
_LEAD = re.compile(
    r"^\s*(?:schier(?:o|iamo|a|amenti|ati)|personaggi|deploy(?:ing|ments|ed)?|we deploy|characters)"
    r"\b\s*:?\s*",
    re.IGNORECASE,
)
_INTRO = re.compile(r"^(?:su|sul|sulla|sull'|sullo|contro|on|against|at|per)\s+|^sull'", re.I)
# The splits start only where a run of spaces starts, and take it whole: tried at each of
# its spaces, a long run was read once per space (quadratic).
_INTRO_SPLIT = re.compile(r"(?<!\s)\s++(?=(?:su|sul|sulla|sullo|contro|on|against)\s|sull')")
_AND = re.compile(r"(?<!\s)\s++(?:e|and)\s++")
_ORDINALS = {
    "prima": 1,
    "seconda": 2,
    "terza": 3,
    "primo": 1,
    "secondo": 2,
    "terzo": 3,
    "first": 1,
    "second": 2,
    "third": 3,
}
_SLOT = re.compile(
    r"^(?:(?:l'|la |the )?(?:azione|action|slot)\s*(?:n\.?|nº|#|numero|number)?\s*)?"
    r"(\d+)\s*(?:ª|º|°|a|st|nd|rd|th)?(?:\s*(?:azione|action|slot))?$",
    re.IGNORECASE,
)
_WORDS = re.compile(r"[^\W_]+")
_SEPARATORS = ",;\n"


def _check_bounds(text: str) -> None:
    """One pass over the text: its parentheses' depth and each top-level part's length."""
    depth = deepest = start = 0
    for index, char in enumerate(text):
        if char == "(":
            depth += 1
            deepest = max(deepest, depth)
        elif char == ")" and depth > 0:
            depth -= 1
        elif depth == 0 and char in _SEPARATORS:
            if len(text[start:index].strip()) > MAX_DEPLOY_PART:
                raise _refused("deploy_part_long", MAX_DEPLOY_PART)
            start = index + 1
    if len(text[start:].strip()) > MAX_DEPLOY_PART:
        raise _refused("deploy_part_long", MAX_DEPLOY_PART)
    if deepest > MAX_DEPLOY_NESTING:
        raise _refused("deploy_nesting", MAX_DEPLOY_NESTING)


def _refused(why: str, n: int) -> Exception:
    return refuse("E_DEPLOY_TEXT_FORM", detail=reason(why, n=n))


def _split_top(text: str) -> list[str]:
    """Split on commas, semicolons and new lines outside parentheses."""
    parts = split_outside_parentheses(text, _SEPARATORS)
    return [p.strip(" .\t") for p in parts if p.strip(" .\t")]


def _slot_of(words: str) -> int | None:
    key = " ".join(words.strip().lower().split())
    for word, number in _ORDINALS.items():
        if key in (word, f"{word} azione", f"{word} action", f"la {word} azione"):
            return number
    found = _SLOT.match(key)
    return int(found.group(1)) if found else None


class CharacterNames:
    """The catalogue's names, read once per post: a name or an id to its character, and
    each word of a name to the characters whose names have it."""

    def __init__(self, catalogue: Mapping[str, Any], owned: list[str]) -> None:
        self.owned = frozenset(owned)
        self.exact: dict[str, str] = {}
        self.by_word: dict[str, set[str]] = {}
        self.order: dict[str, int] = {}
        for position, (cid, character) in enumerate(catalogue.items()):
            name = str(character.name).lower()
            self.exact.setdefault(cid, cid)
            self.exact.setdefault(name.replace("’", "'"), cid)
            self.order[cid] = position
            for word in _WORDS.findall(name):
                self.by_word.setdefault(word, set()).add(cid)

    def character(self, written: str) -> str | None:
        """A character by its name, its id, or some of its name's words ("Ardengo",
        "Anselmo"), the team's own first when two share them; None when unknown."""
        key = " ".join(written.strip().lower().replace("’", "'").split())
        if key in self.exact:
            return self.exact[key]
        wanted = set(_WORDS.findall(key))
        if not wanted:
            return None
        having = [self.by_word.get(word, set()) for word in wanted]
        matches = sorted(set.intersection(*having), key=self.order.__getitem__)
        mine = [cid for cid in matches if cid in self.owned]
        if len(mine) == 1:
            return mine[0]
        return matches[0] if len(matches) == 1 else None


def _detail(into: Json, words: str) -> bool:
    """A target or an action's number into a deployment; False when it is neither."""
    words = _INTRO.sub("", words.strip()).strip()
    slot = _slot_of(words)
    if slot is not None:
        into["slot"] = slot
        return True
    bare = re.sub(r"^(?:casata|house|il|la|the)\s+", "", words, flags=re.IGNORECASE)
    for written in (words, bare):
        target = normalise_target(written)
        if target in TARGET_ALIASES.values() or target in _HOUSE_KEYS:
            into["target"] = target
            return True
    return False


def _name_and_details(part: str) -> tuple[str, list[str]]:
    """`Nerea (Stark, azione 1)` → the name and what its parentheses hold;
    `Zaira su Tyrell` → the name and the words from "su" on."""
    opening, closing = part.find("("), part.rfind(")")
    if 0 <= opening < closing and not part[closing + 1 :].strip():
        return part[:opening].rstrip(), _split_top(part[opening + 1 : closing])
    found = _INTRO_SPLIT.search(part)
    if found is None:
        return part, []
    return part[: found.start()], [part[found.end() :]]


def parse_forum_deploy(
    text: str, catalogue: Mapping[str, Any], owned: list[str] | None = None
) -> list[Json]:
    """The deployments a forum post writes beside its actions, as referees copy them:
    `Ardengo Fiammavecchia (Baratheon), Alvise (azione 1)`, `schiero Zaira su Tyrell`,
    `Anselmo` — one a line or separated by commas, a target or the action's number in
    parentheses or after "su"/"on". A name no character has is kept as written, so the
    post records it void with its reason (DECISIONS 22)."""
    _check_bounds(text)
    names = CharacterNames(catalogue, owned or [])
    deploys: list[Json] = []
    pending = _split_top(_LEAD.sub("", text.strip()))[::-1]  # a stack: the next part last
    read = 0
    while pending:
        read += 1
        if read > MAX_DEPLOY_PARTS:
            raise _refused("deploy_parts", MAX_DEPLOY_PARTS)
        name, details = _name_and_details(_LEAD.sub("", pending.pop()))
        if deploys and not details and _detail(dict(deploys[-1]), name):
            _detail(deploys[-1], name)  # "…, azione 1": more about the one before
            continue
        cid = names.character(name)
        entry: Json = {"character": cid if cid is not None else name.strip()}
        rest: list[str] = []
        for words in details:
            for piece in _AND.split(words):
                if not _detail(entry, piece):
                    rest.append(piece)  # "… e Alvise sull'azione 2": another deployment
        deploys.append(entry)
        pending.extend(reversed(rest))
    return deploys
