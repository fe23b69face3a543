"""Lineup files (TOML or JSON) as the commands and `--lineups` read them: the app's
`{team, gimmick, deck}` (§3.2) with two conveniences: a team entry may be a bare legend id
(its default loadout) and the deck may be a table `card id = copies` (as in presets.toml).
An optional `name` titles the lineup. A team file may leave the deck out, a deck file the
team; each command checks its own part."""

from __future__ import annotations

import json
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tavola.core import IllegalAction

from .messages import refuse

MAX_BYTES = 200_000
"""A lineup file is a few hundred bytes: anything past this is not one."""


@dataclass(frozen=True, slots=True)
class LineupFile:
    name: str
    raw: dict[str, Any]
    """`team` (list), `gimmick` (text) and `deck` (list of card ids), each as given, or
    absent when the file leaves it out."""


def _malformed(field: str, reason: str) -> IllegalAction:
    return refuse("MALFORMED_ACTION", field=field, reason=reason)


def _deck(value: Any) -> list[Any]:
    """A list of card ids, or a table `card id = copies` expanded in its order."""
    if isinstance(value, list):
        return value
    if isinstance(value, Mapping):
        deck: list[Any] = []
        for card_id, copies in value.items():
            if isinstance(copies, bool) or not isinstance(copies, int) or not 1 <= copies <= 40:
                raise _malformed(f"deck.{card_id}", "copies must be a whole number from 1 to 40")
            deck += [card_id] * copies
        return deck
    raise _malformed("deck", "must be a list of card ids or a table of card id = copies")


def read_lineup_file(path: Path) -> LineupFile:
    """The file's lineup; `IllegalAction` (`UNREADABLE_FILE`, `MALFORMED_ACTION`) when it
    cannot be read as one."""
    try:
        if path.stat().st_size > MAX_BYTES:
            raise refuse("UNREADABLE_FILE", path=str(path), reason=f"> {MAX_BYTES} bytes")
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise refuse("UNREADABLE_FILE", path=str(path), reason=reason) from None
    try:
        data = json.loads(text) if path.suffix.lower() == ".json" else tomllib.loads(text)
    except (json.JSONDecodeError, tomllib.TOMLDecodeError) as exc:
        raise refuse("UNREADABLE_FILE", path=str(path), reason=str(exc)) from None
    if not isinstance(data, Mapping):
        raise _malformed("lineup", "must be a table {team, gimmick, deck}")
    extra = sorted(set(data) - {"name", "team", "gimmick", "deck"})
    if extra:
        raise _malformed(extra[0], "is not a field of a lineup")
    name = data.get("name", path.stem)
    if not isinstance(name, str):
        raise _malformed("name", "must be a text")
    raw: dict[str, Any] = {k: data[k] for k in ("team", "gimmick") if k in data}
    if "deck" in data:
        raw["deck"] = _deck(data["deck"])
    return LineupFile(name, raw)
