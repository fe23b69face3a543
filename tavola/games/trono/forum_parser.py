"""The forum post parser: what a referee types for a team or a draw, read into the engine's
actions (posts, deployments) and numbers, in Italian or English words."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from .houses import DISPLAY_ORIGINAL, HOUSES
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
_HOUSE_KEYS = frozenset(HOUSES)
_TOKEN = re.compile(r"\s*([^\s(),;]+)\s*(?:\(\s*([^()]*?)\s*\))?\s*[,;]?")


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


def parse_numbers(text: str) -> dict[str, list[int]]:
    """`BA:1,2,3,4,5 CA:...` (or `Bari: 1, 2, ...; Cagliari: ...`) → wheel → numbers.
    Completeness and ranges are the engine's checks (A8)."""
    numbers: dict[str, list[int]] = {}
    for chunk in re.findall(r"([A-Za-z]+)\s*[:=]\s*([\d\s,]+)", text):
        wheel, raw = chunk
        values = [v for v in re.split(r"[\s,]+", raw.strip()) if v]
        numbers[wheel] = [int(v) for v in values]
    leftover = re.sub(r"([A-Za-z]+)\s*[:=]\s*([\d\s,]+)", "", text).strip(" ;,\n\t")
    if leftover or not numbers:
        raise refuse("E_IMPORT_FORMAT", detail=reason("numbers_format", text=leftover))
    return numbers


def formation_draw_date(closed_at: int, draw_shifts: Mapping[str, str] | None = None) -> str:
    """R7: the date of the first Lotto draw (20:00 Rome) after the registration close, on
    the Lotto's calendar with the game's shifts (DECISIONS 30)."""
    return game_calendar(draw_shifts or {}).next_draw(closed_at).isoformat()


# -- deployments as a forum post writes them ------------------------------------------------

_LEAD = re.compile(
    r"^\s*(?:schier(?:o|iamo|a|amenti|ati)|personaggi|deploy(?:ing|ments|ed)?|we deploy|characters)"
    r"\b\s*:?\s*",
    re.IGNORECASE,
)
_INTRO = re.compile(r"^(?:su|sul|sulla|sull'|sullo|contro|on|against|at|per)\s+|^sull'", re.I)
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


def _split_top(text: str) -> list[str]:
    """Split on commas, semicolons and new lines outside parentheses."""
    parts: list[str] = []
    current: list[str] = []
    depth = 0
    for char in text:
        depth += char == "("
        depth -= char == ")" and depth > 0
        if depth == 0 and char in ",;\n":
            parts.append("".join(current))
            current = []
        else:
            current.append(char)
    parts.append("".join(current))
    return [p.strip(" .\t") for p in parts if p.strip(" .\t")]


def _slot_of(words: str) -> int | None:
    key = " ".join(words.strip().lower().split())
    for word, number in _ORDINALS.items():
        if key in (word, f"{word} azione", f"{word} action", f"la {word} azione"):
            return number
    found = _SLOT.match(key)
    return int(found.group(1)) if found else None


def _character_id(written: str, catalogue: Mapping[str, Any], owned: list[str]) -> str | None:
    """A character by its name, its id, or some of its name's words ("Ardengo",
    "Anselmo"), the team's own first when two share them; None when unknown."""
    key = " ".join(written.strip().lower().replace("’", "'").split())
    for cid, character in catalogue.items():
        if key in (cid, str(character.name).lower().replace("’", "'")):
            return cid
    wanted = _WORDS.findall(key)
    if not wanted:
        return None
    matches = [
        cid
        for cid, character in catalogue.items()
        if all(w in _WORDS.findall(str(character.name).lower()) for w in wanted)
    ]
    mine = [cid for cid in matches if cid in owned]
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


def parse_forum_deploy(
    text: str, catalogue: Mapping[str, Any], owned: list[str] | None = None
) -> list[Json]:
    """The deployments a forum post writes beside its actions, as referees copy them:
    `Ardengo Fiammavecchia (Baratheon), Alvise (azione 1)`, `schiero Zaira su Tyrell`,
    `Anselmo` — one a line or separated by commas, a target or the action's number in
    parentheses or after "su"/"on". A name no character has is kept as written, so the
    post records it void with its reason (DECISIONS 22)."""
    deploys: list[Json] = []
    parts = _split_top(_LEAD.sub("", text.strip()))
    while parts:
        part = _LEAD.sub("", parts.pop(0))
        inside = re.fullmatch(r"(.*?)\s*\((.*)\)\s*", part)
        name, details = (inside.group(1), _split_top(inside.group(2))) if inside else (part, [])
        if not inside:
            split = re.split(
                r"\s+(?=(?:su|sul|sulla|sullo|contro|on|against)\s)|\s+(?=sull')",
                part,
                maxsplit=1,
            )
            name, details = split[0], split[1:]
        if deploys and not details and _detail(dict(deploys[-1]), name):
            _detail(deploys[-1], name)  # "…, azione 1": more about the one before
            continue
        cid = _character_id(name, catalogue, owned or [])
        entry: Json = {"character": cid if cid is not None else name.strip()}
        rest: list[str] = []
        for words in details:
            for piece in re.split(r"\s+(?:e|and)\s+", words):
                if not _detail(entry, piece):
                    rest.append(piece)  # "… e Alvise sull'azione 2": another deployment
        deploys.append(entry)
        parts[:0] = rest
    return deploys
