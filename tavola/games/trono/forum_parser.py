"""The forum post parser: what a referee types for a team or a draw, read into the engine's
actions (posts, deployments) and numbers, in Italian or English words. The deployments a
post writes in its own words are `forum_deploy`'s."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from .houses import DISPLAY_ORIGINAL
from .lotto_calendar import game_calendar
from .messages import reason, refuse

Json = dict[str, Any]

KIND_ALIASES: dict[str, str] = {
    "attack": "attack",
    "attacca": "attack",
    "attacco": "attack",
    "defend": "defend",
    "defence": "defend",
    "defense": "defend",
    "difesa": "defend",
    "difendi": "defend",
    "enlist": "enlist",
    "arruola": "enlist",
    "tax": "tax",
    "tassa": "tax",
    "rally": "rally",
    "raduna": "rally",
    "hire": "hire",
    "assolda": "hire",
}
TARGET_ALIASES: dict[str, str] = {
    "trono": "trono",
    "throne": "trono",
    "all": "all",
    "tutti": "all",
    "tutte": "all",
}
_ORIGINAL = {name.lower(): house for house, name in DISPLAY_ORIGINAL.items()}
# Possessive: a "(" never closed is given up at once, not tried at every length (it was
# cubic in the spaces after it).
_TOKEN = re.compile(r"\s*+([^\s(),;]++)\s*+(?:\(([^()]*+)\))?\s*+[,;]?")


def normalise_target(text: str) -> str:
    """`Lannister`, `lannister`, `Casa Aurimonte`, `Trono`, `tutti` → the engine's target."""
    key = " ".join(text.strip().lower().split())
    if key in TARGET_ALIASES:
        return TARGET_ALIASES[key]
    if key in _ORIGINAL:
        return _ORIGINAL[key]
    return key


def normalise_character(text: str, names: Mapping[str, str] | None = None) -> str:
    """A character id, or its display name when `names` (name → id) knows it."""
    key = " ".join(text.strip().split())
    if names:
        for name, cid in names.items():
            if name.lower() == key.lower():
                return cid
    return re.sub(r"[\s'’]+", "_", key.lower())


def parse_actions(text: str, names: Mapping[str, str] | None = None) -> list[Json]:
    """`attack(Lannister) defend tax` → the post's actions. Unknown words become unknown
    kinds, so the engine refuses them with its own code (E_UNKNOWN_ACTION, E_ACTION_COUNT)."""
    actions: list[Json] = []
    pos = 0
    text = text.strip()
    while pos < len(text):
        match = _TOKEN.match(text, pos)
        if match is None or match.end() == pos:
            raise refuse("E_UNKNOWN_ACTION", slot=len(actions) + 1)
        word, arg = match.group(1), match.group(2)
        arg = arg.strip() if arg is not None else None
        kind = KIND_ALIASES.get(word.lower(), word.lower())
        action: Json = {"kind": kind}
        if arg is not None and arg != "":
            if kind == "hire":
                action["character"] = normalise_character(arg, names)
            else:
                action["target"] = normalise_target(arg)
        actions.append(action)
        pos = match.end()
    return actions


def parse_deploy(spec: str, names: Mapping[str, str] | None = None) -> Json:
    """`CHAR[:TARGET[:SLOT]]`; a lone number after the character is a slot (`alvise:1`)."""
    parts = spec.split(":")
    out: Json = {"character": normalise_character(parts[0], names)}
    rest = [p.strip() for p in parts[1:]]
    if len(rest) == 1 and rest[0].isdigit():
        rest = ["", rest[0]]
    if rest and rest[0]:
        out["target"] = normalise_target(rest[0])
    if len(rest) > 1 and rest[1]:
        out["slot"] = int(rest[1]) if rest[1].isdigit() else rest[1]
    return out


# A wheel's name only from the start of a word: tried inside a long word, it was quadratic.
_WHEEL_NUMBERS = re.compile(r"(?<![A-Za-z])([A-Za-z]++)\s*+[:=]\s*+([\d\s,]++)")


def parse_numbers(text: str) -> dict[str, list[int]]:
    """`BA:1,2,3,4,5 CA:...` (or `Bari: 1, 2, ...; Cagliari: ...`) → wheel → numbers.
    Completeness and ranges are the engine's checks (A8)."""
    numbers: dict[str, list[int]] = {}
    for chunk in _WHEEL_NUMBERS.findall(text):
        wheel, raw = chunk
        values = [v for v in re.split(r"[\s,]+", raw.strip()) if v]
        numbers[wheel] = [int(v) for v in values]
    leftover = _WHEEL_NUMBERS.sub("", text).strip(" ;,\n\t")
    if leftover or not numbers:
        raise refuse("E_IMPORT_FORMAT", detail=reason("numbers_format", text=leftover))
    return numbers


def formation_draw_date(closed_at: int, draw_shifts: Mapping[str, str] | None = None) -> str:
    """R7: the date of the first Lotto draw (20:00 Rome) after the registration close, on
    the Lotto's calendar with the game's shifts (DECISIONS 30)."""
    return game_calendar(draw_shifts or {}).next_draw(closed_at).isoformat()


def split_outside_parentheses(text: str, separators: str) -> list[str]:
    """`text` split at each of `separators` that no parenthesis encloses ("Ardengo
    (Baratheon, azione 1), Alvise" → "Ardengo (Baratheon, azione 1)", " Alvise"); an
    unmatched ")" closes nothing."""
    parts: list[str] = []
    current: list[str] = []
    depth = 0
    for char in text:
        depth += char == "("
        depth -= char == ")" and depth > 0
        if depth == 0 and char in separators:
            parts.append("".join(current))
            current = []
        else:
            current.append(char)
    parts.append("".join(current))
    return parts
