"""The content set (§3.2–§3.8): legends, abilities, cards and presets loaded from TOML files
and validated on load. Every problem is one line naming the file, the item and the field
(`legends.toml: L05: dv: must be a multiple of 100`); all of them are reported together
as one `ContentError`."""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from tavola.core import ContentError

from .content_model import (
    ATTRIBUTES,
    CONDITIONS,
    GIMMICKS,
    KINDS,
    OPS,
    ROLES,
    TRIGGERS,
    WINDOWS,
    AbilityDef,
    CardDef,
    Effect,
    LegendDef,
    Lineup,
    Names,
    PresetDef,
    TeamEntry,
)

CONTENT = Path(__file__).parent / "content"
FILES = ("abilities.toml", "legends.toml", "cards.toml", "presets.toml")
MAX_SLOTS = 3
D = TypeVar("D")
"""The schema's slot limit for default loadouts (§3.2, R4 with the default config)."""


@dataclass(frozen=True, slots=True)
class Content:
    legends: Mapping[str, LegendDef]
    abilities: Mapping[str, AbilityDef]
    cards: Mapping[str, CardDef]
    presets: Mapping[str, PresetDef]

    def legend(self, legend_id: str) -> LegendDef:
        return self.legends[legend_id]

    def card(self, card_id: str) -> CardDef:
        return self.cards[card_id]


class _Problems:
    """Collects one line per problem: `file: item: field: reason`."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def add(self, file: str, item: str, name: str, reason: str) -> None:
        self.lines.append(f"{file}: {item}: {name}: {reason}")


class _Reader:
    """Reads the fields of one item, recording a problem for each bad one."""

    def __init__(self, problems: _Problems, file: str, item: str, data: Mapping[str, Any]):
        self.problems, self.file, self.item, self.data = problems, file, item, data
        self.ok = True

    def bad(self, name: str, reason: str) -> None:
        self.problems.add(self.file, self.item, name, reason)
        self.ok = False

    def text(self, name: str, *, low: int = 1, high: int = 400, required: bool = True) -> str:
        value = self.data.get(name)
        if value is None and not required:
            return ""
        if not isinstance(value, str) or not low <= len(value.strip()) <= high:
            self.bad(name, f"must be a text of {low}–{high} characters")
            return ""
        return value.strip()

    def number(self, name: str, low: int, high: int, *, step: int = 1) -> int:
        value = self.data.get(name)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            self.bad(name, f"must be a whole number from {low} to {high}")
            return low
        if value % step:
            self.bad(name, f"must be a multiple of {step}")
        return value

    def choice(self, name: str, options: Iterable[str], default: str | None = None) -> str:
        value = self.data.get(name, default)
        allowed = tuple(options)
        if value not in allowed:
            self.bad(name, f"must be one of {', '.join(allowed)}")
            return allowed[0]
        return str(value)

    def names(self, field: str = "name") -> Names:
        suffix = field.removeprefix("name")
        return Names(
            self.text(field, high=40),
            self.text(f"name_ja{suffix}", high=40, required=False),
            self.text(f"name_it{suffix}", high=40, required=False),
        )


def _effect(reader: _Reader, index: int, raw: Any) -> Effect | None:
    where = f"effects[{index}]"
    if not isinstance(raw, Mapping) or raw.get("op") not in OPS:
        reader.bad(f"{where}.op", f"must be one of {', '.join(OPS)}")
        return None
    op = str(raw["op"])
    params = {
        "dv": {"side", "amount"},
        "die_next": {"side", "amount"},
        "dmg_bonus": {"amount"},
        "dmg_reduce": {"amount"},
        "life": {"amount"},
        "burn": {"amount"},
        "cost": {"amount"},
        "draw": {"count"},
        "mill": {"count"},
        "salvage": {"count"},
        "revive": {"count", "pick"},
        "break": {"pick"},
    }.get(op, set())
    for extra in sorted(set(raw) - params - {"op"}):
        reader.bad(f"{where}.{extra}", f"is not a parameter of {op}")
    side, pick = "self", ""
    amount: Any = 0
    count: Any = 0
    if "side" in params:
        side = str(raw.get("side"))
        if side not in ("self", "opp"):
            reader.bad(f"{where}.side", "must be self or opp")
    if "amount" in params:
        amount = raw.get("amount")
        signed = op in ("dv", "die_next")
        if isinstance(amount, bool) or not isinstance(amount, int):
            reader.bad(f"{where}.amount", "must be a whole number")
            amount = 0
        elif signed and amount == 0:
            reader.bad(f"{where}.amount", "must not be 0")
        elif not signed and amount <= 0:
            reader.bad(f"{where}.amount", "must be greater than 0")
    if "count" in params:
        count = raw.get("count")
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= 10:
            reader.bad(f"{where}.count", "must be a whole number from 1 to 10")
            count = 1
    if "pick" in params:
        options = ("chosen", "auto") if op == "revive" else ("chosen", "oldest")
        pick = str(raw.get("pick"))
        if pick not in options:
            reader.bad(f"{where}.pick", f"must be one of {', '.join(options)}")
    return Effect(op, side, int(amount), int(count), pick)


def _effects(reader: _Reader) -> tuple[Effect, ...]:
    raw = reader.data.get("effects")
    if not isinstance(raw, list) or not 1 <= len(raw) <= 3:
        reader.bad("effects", "must list 1 to 3 effects")
        return ()
    found = [_effect(reader, i, e) for i, e in enumerate(raw)]
    effects = tuple(e for e in found if e is not None)
    if sum(e.chosen_target for e in effects) > 1:
        reader.bad("effects", "at most one effect may ask the player for a target")
    return effects


def _texts(reader: _Reader) -> Names:
    return Names(
        reader.text("text"),
        reader.text("text_ja", required=False),
        reader.text("text_it", required=False),
    )


def _items(
    problems: _Problems, file: str, data: Mapping[str, Any], table: str, key: str
) -> list[tuple[str, Mapping[str, Any]]]:
    raw = data.get(table, [])
    if not isinstance(raw, list):
        problems.add(file, "-", table, "must be a list of tables")
        return []
    items: list[tuple[str, Mapping[str, Any]]] = []
    seen: set[str] = set()
    for index, entry in enumerate(raw):
        item = entry.get(key) if isinstance(entry, Mapping) else None
        if not isinstance(item, str) or not item.strip():
            problems.add(file, f"#{index + 1}", key, "missing")
            continue
        if item in seen:
            problems.add(file, item, key, "used twice")
            continue
        seen.add(item)
        items.append((item, entry))
    return items


def _unique_names(problems: _Problems, file: str, defs: Iterable[Any]) -> None:
    owner: dict[str, str] = {}
    for item in defs:
        ident = getattr(item, "ability_id", None) or getattr(item, "card_id", None)
        ident = ident or item.legend_id
        folded = item.name.casefold()
        if folded in owner:
            problems.add(file, ident, "name", f"already the name of {owner[folded]}")
        owner.setdefault(folded, ident)


def _defs(
    problems: _Problems,
    file: str,
    data: Mapping[str, Any],
    kind: str,
    key: str,
    build: Callable[[_Reader], D],
) -> dict[str, D]:
    """Every `kind` of a file as `build` reads it, kept even when broken (no cascade of
    unknown ids); no two may share a name."""
    found: dict[str, D] = {}
    for item, raw in _items(problems, file, data, kind, key):
        found[item] = build(_Reader(problems, file, item, raw))
    _unique_names(problems, file, found.values())
    return found


def _ability(r: _Reader) -> AbilityDef:
    return AbilityDef(
        r.item,
        r.names(),
        r.choice("attribute", ATTRIBUTES),
        r.number("slots", 1, 3),
        r.choice("trigger", TRIGGERS),
        r.choice("condition", CONDITIONS, "none"),
        _effects(r),
        _texts(r),
    )


def _legend(abilities: Mapping[str, AbilityDef]) -> Callable[[_Reader], LegendDef]:
    def read(r: _Reader) -> LegendDef:
        legend = LegendDef(
            r.item,
            r.names(),
            r.choice("attribute", ATTRIBUTES),
            r.number("cost", 1, 10),
            r.number("dv", 0, 9900, step=100),
            tuple(r.data.get("default_abilities", []) or []),
        )
        for reason in loadout_problems(legend, legend.default_abilities, abilities, MAX_SLOTS):
            r.bad("default_abilities", reason)
        return legend

    return read


def loadout_problems(
    legend: LegendDef,
    ability_ids: Iterable[Any],
    abilities: Mapping[str, AbilityDef],
    max_slots: int,
) -> list[str]:
    """What is wrong with a loadout (R4), in words: the same checks the lineup validator
    makes, for a content file's default loadouts."""
    reasons: list[str] = []
    ids = list(ability_ids)
    known = [a for a in ids if isinstance(a, str) and a in abilities]
    reasons += [f"unknown ability {a}" for a in ids if a not in known]
    reasons += [
        f"{a} is a {abilities[a].attribute} ability"
        for a in known
        if abilities[a].attribute != legend.attribute
    ]
    if len(set(known)) != len(known):
        reasons.append("an ability is listed twice")
    slots = sum(abilities[a].slots for a in known)
    if slots > max_slots:
        reasons.append(f"{slots} slots, more than {max_slots}")
    return reasons


def _card(r: _Reader) -> CardDef:
    kind = r.choice("kind", KINDS)
    window: str | None = None
    if kind == "tactic":
        window = r.choice("window", WINDOWS)
    elif "window" in r.data:
        r.bad("window", "only tactic cards have a window")
    return CardDef(
        r.item,
        r.names(),
        kind,
        r.number("cost", 0, 9),
        r.choice("role", ROLES),
        window,
        _effects(r),
        _texts(r),
    )


def _presets(
    problems: _Problems,
    file: str,
    data: Mapping[str, Any],
    legends: Mapping[str, LegendDef],
    cards: Mapping[str, CardDef],
) -> dict[str, PresetDef]:
    found: dict[str, PresetDef] = {}
    for item, raw in _items(problems, file, data, "preset", "preset_id"):
        r = _Reader(problems, file, item, raw)
        names = r.names()
        gimmick = r.choice("gimmick", GIMMICKS)
        team_ids = raw.get("team")
        entries: list[TeamEntry] = []
        if not isinstance(team_ids, list):
            r.bad("team", "must list legend ids")
        else:
            for legend_id in team_ids:
                if legend_id not in legends:
                    r.bad("team", f"unknown legend {legend_id}")
                else:
                    entries.append(TeamEntry(legend_id, legends[legend_id].default_abilities))
        deck: list[str] = []
        counts = raw.get("deck")
        if not isinstance(counts, Mapping):
            r.bad("deck", "must be a table of card id = copies")
        else:
            for card_id, copies in counts.items():
                if card_id not in cards:
                    r.bad("deck", f"unknown card {card_id}")
                elif isinstance(copies, bool) or not isinstance(copies, int) or copies < 1:
                    r.bad("deck", f"{card_id}: copies must be a whole number ≥ 1")
                else:
                    deck += [card_id] * copies
        if r.ok:
            found[item] = PresetDef(item, names, Lineup(tuple(entries), gimmick, tuple(deck)))
    return found


def _read(path: Path, problems: _Problems) -> dict[str, Any]:
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except OSError as exc:
        problems.add(path.name, "-", "-", f"cannot be read: {exc.strerror}")
    except tomllib.TOMLDecodeError as exc:
        problems.add(path.name, "-", "-", f"is not valid TOML: {exc}")
    return {}


def load_content(folder: Path = CONTENT) -> Content:
    """The four files of `folder` (`abilities.toml`, `legends.toml`, `cards.toml`,
    `presets.toml`), validated (§3.2); a `ContentError` lists every problem."""
    problems = _Problems()
    data = {name: _read(folder / name, problems) for name in FILES}
    abilities = _defs(
        problems, "abilities.toml", data["abilities.toml"], "ability", "ability_id", _ability
    )
    legends = _defs(
        problems, "legends.toml", data["legends.toml"], "legend", "legend_id", _legend(abilities)
    )
    cards = _defs(problems, "cards.toml", data["cards.toml"], "card", "card_id", _card)
    presets = _presets(problems, "presets.toml", data["presets.toml"], legends, cards)
    if problems.lines:
        raise ContentError(problems.lines)
    return Content(legends, abilities, cards, presets)


@cache
def starter() -> Content:
    """The shipped starter set (§3.5–§3.8)."""
    return load_content()
