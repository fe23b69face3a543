"""The season's characters defined by the referees (issue 27, point 7; DECISIONS 45):
`edit_character {op: create | edit | remove, character?, name, house, cost, charges,
consume_on_failure, effects, summary, summary_en, description, reason?, seen?}`.

The catalogue starts as the table's (`config.characters`, or the starter set, §3.6) and,
once a referee edits it, is the game's own (`TronoState.characters`), checked against the
schema of §3.5 at every edit. A character is named, never given an id: its id is made from
its name once and kept. R25 judges every post of a turn against one state, so while a
turn's posts are in (some team has posted) only the words may change (name, summaries);
R59's "never twice" and R30's charges live on a hired character, so once any team has
hired it only its words may change and it is never removed."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from typing import Any

from tavola.core import Event

from .actions import only
from .audiences import referees
from .audit_log import audit
from .characters import TERMS, _Bad, parse_character, starter_items
from .edits import check_seen, seen_of
from .messages import Phrase, refuse
from .state import TronoState

FIELDS = ("name", "house", *TERMS)
WORDS = frozenset({"name", "summary", "summary_en", "description"})
"""What may change on a hired character, or while a turn's posts are in."""
MAX_NAME = 60
MAX_TEXT = 500


def current_items(state: TronoState) -> list[dict[str, Any]]:
    """The season's catalogue as data (schema §3.5)."""
    if state.characters is not None:
        return [dict(c) for c in state.characters]
    if state.config.characters is not None:
        return [dict(c) for c in state.config.characters]
    return [dict(c) for c in starter_items()]


def _plain(value: Any) -> Any:
    """An action's argument as the catalogue's data (actions keep tuples and frozen maps)."""
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


def edit_character(state: TronoState, uid: str, args: Mapping[str, Any], at: int) -> list[Event]:
    only("edit_character", args, "op", "character", "reason", "seen", *FIELDS)
    args = _plain(args)
    seen = seen_of(args)
    op = args.get("op")
    why = args.get("reason", "")
    if not isinstance(why, str) or len(why) > MAX_TEXT:
        raise refuse("E_REASON_REQUIRED")
    items = current_items(state)
    if op == "create":
        before = None
        item = _new_item(items, args)
        _turn_posted(state, str(item.get("name")))
        items.append(item)
    elif op in ("edit", "remove"):
        index = _find(items, args.get("character"))
        before = items[index]
        check_seen(state, seen, f"{op}_character", str(before["id"]), None)
        if op == "remove":
            _may_change(state, before, mechanics=True)
            item = before
            del items[index]
        else:
            changes = {f: args[f] for f in FIELDS if f in args}
            item = _merged(before, changes)
            old, now = _normal(before), _normal(item)
            mechanics = any(now.get(k) != old.get(k) for k in _mechanics(now, old))
            _may_change(state, before, mechanics=mechanics)
            items[index] = item
    else:
        raise refuse("E_CHARACTER_OP", op=str(op))
    if op != "remove":
        _valid(item)
        _unique_name(items, item)
    cid = str(item["id"])
    state.characters = items
    kind = f"{op}_character"
    after = None if op == "remove" else _shown(item)
    audit(state, uid, at, kind, cid, _shown(before) if before else None, after, why.strip())
    return [Event("character_defined", {"op": op, "character": cid}, referees(state))]


def _normal(item: Mapping[str, Any]) -> dict[str, Any]:
    """An item with the schema's defaults written out (a file may leave them out)."""
    return {"charges": None, "consume_on_failure": True, "house_id": None, **item}


def _mechanics(item: Mapping[str, Any], before: Mapping[str, Any]) -> set[str]:
    return (set(item) | set(before)) - WORDS


def _may_change(state: TronoState, item: Mapping[str, Any], *, mechanics: bool) -> None:
    if not mechanics:
        return
    name = str(item.get("name"))
    if any(item["id"] in t.hired_ever for t in state.teams):
        raise refuse("E_CHARACTER_HIRED", character=name)
    _turn_posted(state, name)


def _turn_posted(state: TronoState, name: str) -> None:
    """R25: a turn's posts are all judged against one catalogue."""
    if state.phase in ("turn_open", "turn_locked") and state.posts:
        raise refuse("E_CHARACTER_TURN_POSTED", character=name, turn=state.turn)


def _find(items: list[dict[str, Any]], cid: Any) -> int:
    for i, item in enumerate(items):
        if item.get("id") == cid:
            return i
    raise refuse("E_CHARACTER_UNKNOWN", character=str(cid))


def slug(name: str) -> str:
    """An id from a name (`Nerea Salsedine` → `nerea_salsedine`): never shown to anyone."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()
    words = re.sub(r"[^a-z0-9]+", "_", plain).strip("_")
    return words if words and words[0].isalpha() else f"personaggio_{words}".rstrip("_")


def _new_item(items: list[dict[str, Any]], args: Mapping[str, Any]) -> dict[str, Any]:
    name = args.get("name")
    base = slug(name) if isinstance(name, str) else "personaggio"
    taken = {str(i.get("id")) for i in items}
    cid, n = base, 2
    while cid in taken:
        cid, n = f"{base}_{n}", n + 1
    fields = {f: args[f] for f in FIELDS if f in args}
    fields.setdefault("consume_on_failure", True)
    fields.setdefault("house", None)
    return _merged({"id": cid}, fields)


def _merged(before: Mapping[str, Any], changes: Mapping[str, Any]) -> dict[str, Any]:
    """The catalogue's item: `house` (a house or none) sets `kind` and `house_id`; empty
    words are left out; `charges` none is permanent."""
    item = dict(before)
    for field, value in changes.items():
        if field == "house":
            item["kind"] = "neutral" if value in (None, "") else "house"
            item["house_id"] = None if value in (None, "") else value
        elif field in ("summary", "summary_en", "description") and value in (None, ""):
            item.pop(field, None)
        elif field == "name" and isinstance(value, str):
            item["name"] = " ".join(value.split())
        else:
            item[field] = value
    if item.get("kind") == "neutral":
        item.pop("house_id", None)
    return item


def _valid(item: Mapping[str, Any]) -> None:
    name = item.get("name")
    if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME:
        raise refuse("E_CHARACTER_INVALID", field=Phrase("character_field.name"))
    for text_field in ("summary", "summary_en", "description"):
        value = item.get(text_field, "")
        if isinstance(value, str) and len(value) > MAX_TEXT:
            raise refuse("E_CHARACTER_INVALID", field=Phrase(f"character_field.{text_field}"))
    try:
        parse_character(item)
    except _Bad as exc:
        top = re.sub(r"\[\d+\].*$", "", exc.field).split(".")[0]
        raise refuse("E_CHARACTER_INVALID", field=Phrase(f"character_field.{top}")) from None


def _unique_name(items: list[dict[str, Any]], item: Mapping[str, Any]) -> None:
    wanted = str(item["name"]).casefold()
    for other in items:
        if other["id"] != item["id"] and str(other.get("name", "")).casefold() == wanted:
            raise refuse("E_CHARACTER_NAME_TAKEN", character=str(item["name"]))


def _shown(item: Mapping[str, Any]) -> dict[str, Any]:
    """What the audit trail keeps of a character: its name, owner, cost and charges."""
    return {
        "name": item.get("name"),
        "house": item.get("house_id"),
        "cost": item.get("cost"),
        "charges": item.get("charges"),
    }
