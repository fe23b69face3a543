"""The referees' audit trail in words (R66): for each entry, whom or what it concerned and
its values before and after, as the console shows them — houses, people, characters, seats,
days and instants by name, never an id, a team number alone or a table."""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import date
from typing import Any

from .forum_words import forum_day, house_name, phase_name, t, value_words
from .messages import MESSAGES, text

HOUSE_SUBJECT = frozenset(
    {"adjust_parameter", "grant_character", "revoke_character", "set_charges", "disqualify_team"}
)
PERSON_SUBJECT = frozenset({"move_player", "remove_player", "add_player"})
CHARACTER_KINDS = frozenset({"create_character", "edit_character", "remove_character"})
"""The season's characters (season_characters.py): kept by name, owner, cost, charges."""


def _character(view: Mapping[str, Any], value: Any, lang: str) -> str:
    if not isinstance(value, Mapping):
        return "—"
    house = value.get("house")
    charges = value.get("charges")
    return text(
        lang,
        "audit.character",
        name=value.get("name"),
        owner=house_name(view, str(house)) if house else text(lang, "audit.neutral"),
        cost=value.get("cost"),
        charges=(
            text(lang, "count.charges", n=charges)
            if isinstance(charges, int)
            else text(lang, "audit.permanent")
        ),
    )


def _is_day(value: Any) -> bool:
    if not isinstance(value, str) or len(value) != 10:
        return False
    try:
        date.fromisoformat(value)
    except ValueError:
        return False
    return True


def _about(
    view: Mapping[str, Any], kind: str, subject: Any, people: Mapping[str, str], lang: str
) -> str:
    if subject in (None, "", "None"):
        return ""
    word = str(subject)
    if kind in HOUSE_SUBJECT:
        return house_name(view, word)
    if kind in PERSON_SUBJECT:
        return people.get(word, word)
    if kind == "assign_house":
        return t(lang, "team_label", no=word)
    turn = re.fullmatch(r"(?:turn)?(\d+)", word)
    if kind in ("reschedule_turn", "correct_draw") and turn:  # "3" or, typed, "turn3"
        return t(lang, "turn_label", turn=turn.group(1))
    if kind == "set_seat" and MESSAGES.has(f"forum.seat.{word}"):
        return t(lang, f"seat.{word}")
    if _is_day(word):
        return forum_day(word, lang)
    return value_words(view, word, lang)


def _value(view: Mapping[str, Any], kind: str, value: Any, lang: str) -> str:
    if value is None:
        return "—"
    numbered = re.fullmatch(r"team(\d+)", value) if isinstance(value, str) else None
    if numbered:  # a team before the houses are assigned
        return t(lang, "team_label", no=numbered.group(1))
    if kind == "end_game" and isinstance(value, str) and MESSAGES.has(f"phase.{value}"):
        return phase_name(lang, value)
    if _is_day(value):
        return forum_day(str(value), lang)
    return value_words(view, value, lang)


def audit_words(
    view: Mapping[str, Any], entry: Mapping[str, Any], people: Mapping[str, str], lang: str
) -> dict[str, str]:
    """One audit entry's `kind`, `about`, `before` and `after` in words (`view` with the
    catalogue's names: `forum_words.with_names`)."""
    kind = str(entry["kind"])
    about = _about(view, kind, entry.get("subject"), people, lang)
    thing = entry.get("thing")
    if kind == "adjust_parameter" and thing in ("soldiers", "chests", "banners"):
        about = text(lang, f"audit.{thing}", house=about)  # "Casse di Stark"
    names = view.get("character_names", {})
    if kind == "set_charges" and thing in names:  # "Cariche di Nerea Salsedine (Greyjoy)"
        about = text(lang, "audit.charges", character=names[thing], house=about)
    if kind in CHARACTER_KINDS:  # by name, even once removed: never its id
        shown = entry.get("after") or entry.get("before") or {}
        return {
            "kind": text(lang, f"override.{kind}"),
            "about": str(shown.get("name", "")) if isinstance(shown, Mapping) else "",
            "before": _character(view, entry.get("before"), lang),
            "after": _character(view, entry.get("after"), lang),
        }
    return {
        "kind": text(lang, f"override.{kind}"),
        "about": about,
        "before": _value(view, kind, entry.get("before"), lang),
        "after": _value(view, kind, entry.get("after"), lang),
    }
