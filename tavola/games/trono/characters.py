"""Characters and their power effect language (§3.5), validated on load."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from tavola.core import ContentError

from .houses import HOUSES

STARTER = Path(__file__).parent / "content" / "starter.toml"
SLOT_KINDS = ("attack", "defend", "enlist", "tax", "rally")
TARGETED = frozenset({"enemy_malus", "direct_damage", "steal_chests", "spy"})
PHASE_OF_EXTRA = {"attack": "P3", "defend": "P3", "enlist": "P5", "tax": "P6", "rally": "P7"}


@dataclass(frozen=True, slots=True)
class Effect:
    kind: str
    params: Mapping[str, Any]

    def get(self, name: str) -> Any:
        return self.params.get(name)


@dataclass(frozen=True, slots=True)
class Character:
    id: str
    name: str
    kind: str
    house_id: str | None
    cost: int
    charges: int | None
    consume_on_failure: bool
    effects: tuple[Effect, ...]
    summary: str
    description: str
    summary_en: str = ""
    """The summary in English; a catalogue written in Italian only may leave it out."""
    gender: str = "m"
    """`f` or `m`: the Italian words that agree with the character ("Schierata Nerea")."""

    def summary_in(self, lang: str) -> str:
        """The one-line summary in `lang`: English where the catalogue gives it."""
        return self.summary_en if lang == "en" and self.summary_en else self.summary

    @property
    def needs_target(self) -> bool:
        return any(_effect_needs_target(e) for e in self.effects)

    @property
    def needs_slot(self) -> bool:
        return any(e.kind == "alternate_number" for e in self.effects)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "kind": self.kind,
            "house_id": self.house_id,
            "cost": self.cost,
            "charges": self.charges,
            "consume_on_failure": self.consume_on_failure,
            "effects": [{"kind": e.kind, **e.params} for e in self.effects],
            "summary": {"it": self.summary, "en": self.summary_in("en")},
            "gender": self.gender,
        }


def _effect_needs_target(effect: Effect) -> bool:
    if effect.kind in TARGETED:
        return True
    return effect.kind == "extra_action" and effect.get("action") == "attack"


class _Bad(Exception):
    def __init__(self, field: str) -> None:
        super().__init__(field)
        self.field = field


def _int(data: Mapping[str, Any], name: str, low: int, high: int, field: str) -> int:
    value = data.get(name)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise _Bad(field)
    return value


def _effect(data: Any, field: str) -> Effect:
    if not isinstance(data, Mapping):
        raise _Bad(field)
    kind = data.get("kind")
    allowed: set[str] = {"kind"}
    if kind == "action_bonus":
        allowed |= {"action", "delta"}
        if data.get("action") not in SLOT_KINDS:
            raise _Bad(f"{field}.action")
        if _int(data, "delta", -4, 4, f"{field}.delta") == 0:
            raise _Bad(f"{field}.delta")
    elif kind == "enemy_malus":
        allowed |= {"action", "delta"}
        if data.get("action") not in SLOT_KINDS:
            raise _Bad(f"{field}.action")
        _int(data, "delta", 1, 4, f"{field}.delta")
    elif kind == "alternate_number":
        allowed |= {"index", "mode"}
        _int(data, "index", 4, 5, f"{field}.index")
        if data.get("mode") not in ("replace", "best"):
            raise _Bad(f"{field}.mode")
    elif kind == "extra_action":
        allowed |= {"action", "value", "index"}
        if data.get("action") not in SLOT_KINDS:
            raise _Bad(f"{field}.action")
        if ("value" in data) == ("index" in data):
            raise _Bad(f"{field}.value")
        if "value" in data:
            _int(data, "value", 0, 4, f"{field}.value")
        else:
            _int(data, "index", 4, 5, f"{field}.index")
    elif kind == "direct_damage":
        allowed |= {"amount", "pierce"}
        _int(data, "amount", 1, 4, f"{field}.amount")
        if not isinstance(data.get("pierce"), bool):
            raise _Bad(f"{field}.pierce")
    elif kind == "shield":
        allowed |= {"mode", "amount"}
        if data.get("mode") == "reduce":
            _int(data, "amount", 1, 8, f"{field}.amount")
        elif data.get("mode") == "throne_immunity":
            allowed.discard("amount")
        else:
            raise _Bad(f"{field}.mode")
    elif kind == "steal_chests":
        allowed |= {"amount"}
        _int(data, "amount", 1, 5, f"{field}.amount")
    elif kind == "gain":
        allowed |= {"resource", "amount"}
        if data.get("resource") not in ("soldiers", "chests", "banners"):
            raise _Bad(f"{field}.resource")
        _int(data, "amount", 1, 3, f"{field}.amount")
    elif kind == "spy":
        allowed |= {"reveal"}
        if data.get("reveal") not in ("parameters", "characters", "actions"):
            raise _Bad(f"{field}.reveal")
    elif kind == "penalty_waiver":
        pass
    elif kind == "exchange":
        allowed |= {"pay_chests", "get_banners"}
        _int(data, "pay_chests", 1, 5, f"{field}.pay_chests")
        _int(data, "get_banners", 1, 3, f"{field}.get_banners")
    else:
        raise _Bad(f"{field}.kind")
    extra = sorted(set(data) - allowed)
    if extra:
        raise _Bad(f"{field}.{extra[0]}")
    return Effect(str(kind), {k: v for k, v in data.items() if k != "kind"})


TERMS = (
    "cost",
    "charges",
    "consume_on_failure",
    "effects",
    "summary",
    "summary_en",
    "description",
)
"""What a character costs, does and says, beside who it is and whose (a referee may edit
them in the season's catalogue too: `season_characters`)."""
FIELDS = frozenset({"id", "name", "kind", "house_id", "gender", *TERMS})


def parse_character(data: Any) -> Character:
    """One character; raises `_Bad(field)`."""
    if not isinstance(data, Mapping):
        raise _Bad("character")
    extra = sorted(set(data) - FIELDS)
    if extra:
        raise _Bad(extra[0])
    cid = data.get("id")
    if not isinstance(cid, str) or not re.fullmatch(r"[a-z][a-z0-9_]*", cid):
        raise _Bad("id")
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        raise _Bad("name")
    kind = data.get("kind")
    if kind not in ("house", "neutral"):
        raise _Bad("kind")
    house = data.get("house_id")
    if (kind == "house") != (house is not None) or (house is not None and house not in HOUSES):
        raise _Bad("house_id")
    cost = _int(data, "cost", 1, 20, "cost")
    charges = data.get("charges")
    if charges is not None:
        charges = _int(data, "charges", 1, 10, "charges")
    for text_field in ("summary", "summary_en", "description"):
        if not isinstance(data.get(text_field, ""), str):
            raise _Bad(text_field)
    gender = data.get("gender", "m")
    if gender not in ("m", "f"):
        raise _Bad("gender")
    consume = data.get("consume_on_failure", True)
    if not isinstance(consume, bool):
        raise _Bad("consume_on_failure")
    raw_effects = data.get("effects")
    if not isinstance(raw_effects, list) or not 1 <= len(raw_effects) <= 2:
        raise _Bad("effects")
    effects = tuple(_effect(e, f"effects[{i}]") for i, e in enumerate(raw_effects))
    if sum(1 for e in effects if _effect_needs_target(e)) > 1 or (
        sum(1 for e in effects if e.kind == "alternate_number") > 1
    ):
        raise _Bad("effects")
    return Character(
        cid,
        name,
        str(kind),
        house,
        cost,
        charges,
        consume,
        effects,
        str(data.get("summary", "")),
        str(data.get("description", "")),
        str(data.get("summary_en", "")),
        str(gender),
    )


def parse_catalogue(items: Sequence[Any]) -> dict[str, Character]:
    """A whole catalogue; the first problem raises `CatalogueProblem("<id>: <field>")`."""
    catalogue: dict[str, Character] = {}
    for index, item in enumerate(items):
        label = item.get("id") if isinstance(item, Mapping) else None
        label = label if isinstance(label, str) and label else f"#{index}"
        try:
            character = parse_character(item)
        except _Bad as exc:
            raise CatalogueProblem(f"{label}: {exc.field}") from None
        if character.id in catalogue:
            raise CatalogueProblem(f"{label}: id")
        catalogue[character.id] = character
    return catalogue


class CatalogueProblem(Exception):
    pass


@cache
def starter_items() -> tuple[Mapping[str, Any], ...]:
    with STARTER.open("rb") as fh:
        data = tomllib.load(fh)
    return tuple(data.get("character", []))


@cache
def starter_catalogue() -> dict[str, Character]:
    """The §3.6 set; a bad file raises `ContentError` naming the file, item and field."""
    try:
        return parse_catalogue(starter_items())
    except CatalogueProblem as exc:
        raise ContentError([f"{STARTER.name}: {exc}"]) from None
