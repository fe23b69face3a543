"""Dummbot's familiar effects (§3.4), user-fillable in `content/familiar_effects.json`.

One record per familiar card id: `{card_id, status, mode, triggers, ops, note}`; an op is
`{"op": <name>, "n": <int>}`, or `{"op": "instruction", "text": <str>}`. The engine runs
them by R29–R31; this module only reads and checks them.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .catalogue import Catalogue, base_catalogue
from .errors import DataInvalid

FAMILIAR_FILE = Path(__file__).parent / "content" / "familiar_effects.json"
STATUSES = ("unconfirmed", "confirmed", "user")
MODES = ("none", "normal", "special")
ON_SUMMON = "on_summon"
EACH_SEASON_CHANGE = "each_season_change"
TRIGGER_SETS = ((ON_SUMMON,), (ON_SUMMON, EACH_SEASON_CHANGE))
# Ops with a count and its allowed range (§3.4); "instruction" takes a text instead.
COUNT_OPS: dict[str, tuple[int, int]] = {
    "dummbot_gain_crystals": (1, 99),
    "dummbot_draw_to_hand": (1, 5),
    "dummbot_summon_from_deck": (1, 3),
    "human_gives_crystals": (1, 99),
    "human_loses_crystals": (1, 99),
}
INSTRUCTION = "instruction"
INSTRUCTION_MAX = 200
_FIELDS = ("card_id", "status", "mode", "triggers", "ops", "note")

Op = tuple[str, int | str]


@dataclass(frozen=True, slots=True)
class FamiliarEffect:
    """What a familiar does for Dummbot (§3.4): `ops` run once when he summons it, and again
    at each season change when `each_season_change` is among the `triggers` (R29–R31)."""

    card_id: str
    status: str
    mode: str
    triggers: tuple[str, ...]
    ops: tuple[Op, ...]
    note: str = ""

    @property
    def recurring(self) -> bool:
        return EACH_SEASON_CHANGE in self.triggers

    @property
    def has_effect(self) -> bool:
        return self.mode != "none"

    def to_data(self) -> dict[str, Any]:
        return {
            "card_id": self.card_id,
            "status": self.status,
            "mode": self.mode,
            "triggers": list(self.triggers),
            "ops": [
                {"op": op, "text": param} if op == INSTRUCTION else {"op": op, "n": param}
                for op, param in self.ops
            ],
            "note": self.note,
        }


def no_effect(card_id: str) -> FamiliarEffect:
    """The entry of a familiar absent from the file: no effect, not confirmed (§3.4)."""
    return FamiliarEffect(card_id, "unconfirmed", "none", (ON_SUMMON,), ())


def effect_for(effects: Mapping[str, FamiliarEffect], card_id: str) -> FamiliarEffect:
    """The familiar's entry, or `no_effect` when the file has none."""
    return effects.get(card_id) or no_effect(card_id)


def load_familiar_effects(
    path: Path | None = None, catalogue: Catalogue | None = None
) -> dict[str, FamiliarEffect]:
    """The entries of `path` (default the shipped file) by card id. Every card id must be a
    familiar of `catalogue` (default the base cards); every problem of the file is named in
    one `DataInvalid`, one line each (§3.4 validation)."""
    path = path or FAMILIAR_FILE
    catalogue = catalogue or base_catalogue()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise DataInvalid(path.name, f"cannot read the file ({exc})") from exc
    if not isinstance(data, list):
        raise DataInvalid(path.name, "the file must hold a list of familiar records")
    effects: dict[str, FamiliarEffect] = {}
    problems: list[str] = []
    for index, record in enumerate(data, start=1):
        card_id = record.get("card_id") if isinstance(record, dict) else None
        label = f"record {index} ({card_id})" if isinstance(card_id, str) else f"record {index}"
        found = _record_problems(record, catalogue)
        if not found and card_id in effects:
            found = [f"card_id {card_id} has a second record"]
        if found:
            problems.extend(f"{label}: {p}" for p in found)
            continue
        effects[record["card_id"]] = _effect(record)
    if problems:
        raise DataInvalid(path.name, problems)
    return effects


def _record_problems(record: Any, catalogue: Catalogue) -> list[str]:
    if not isinstance(record, dict):
        return ["must be an object"]
    problems: list[str] = []
    required = set(_FIELDS) - {"note"}
    if missing := sorted(required - record.keys()):
        problems.append(f"missing field(s) {', '.join(missing)}")
    if extra := sorted(map(str, record.keys() - set(_FIELDS))):
        problems.append(f"unknown field(s) {', '.join(extra)}")
    if problems:
        return problems
    card = catalogue.cards.get(record["card_id"]) if isinstance(record["card_id"], str) else None
    if card is None:
        problems.append(f"card_id {record['card_id']!r} is not in the card catalogue")
    elif not card.is_familiar:
        problems.append(f"card_id {card.id} ({card.name}) is not a familiar")
    if record["status"] not in STATUSES:
        problems.append(f"status must be one of {', '.join(STATUSES)}")
    mode = record["mode"]
    if mode not in MODES:
        problems.append(f"mode must be one of {', '.join(MODES)}")
    triggers = record["triggers"]
    if not isinstance(triggers, list) or tuple(triggers) not in TRIGGER_SETS:
        problems.append('triggers must be ["on_summon"] or ["on_summon", "each_season_change"]')
    elif EACH_SEASON_CHANGE in triggers and mode == "none":
        problems.append('each_season_change needs a mode other than "none"')
    ops = record["ops"]
    if not isinstance(ops, list):
        problems.append("ops must be a list")
    else:
        if mode == "none" and ops:
            problems.append('mode "none" takes no ops')
        problems.extend(p for i, op in enumerate(ops) if (p := _op_problem(op, i)))
    if "note" in record and not isinstance(record["note"], str):
        problems.append("note must be text")
    return problems


def _op_problem(op: Any, index: int) -> str | None:
    where = f"ops[{index}]"
    if not isinstance(op, dict) or not isinstance(op.get("op"), str):
        return f'{where} must be an object {{"op": ..., "n" or "text": ...}}'
    name = op["op"]
    if name == INSTRUCTION:
        if set(op) != {"op", "text"}:
            return f'{where}: an instruction takes exactly "op" and "text"'
        text = op["text"]
        if not isinstance(text, str) or not text.strip() or len(text) > INSTRUCTION_MAX:
            return f"{where}: the instruction text must have 1 to {INSTRUCTION_MAX} characters"
        return None
    if name not in COUNT_OPS:
        return f"{where}: unknown op {name!r}"
    if set(op) != {"op", "n"}:
        return f'{where}: {name} takes exactly "op" and "n"'
    low, high = COUNT_OPS[name]
    n = op["n"]
    if not isinstance(n, int) or isinstance(n, bool) or not low <= n <= high:
        return f"{where}: {name} needs n from {low} to {high}, not {n!r}"
    return None


def _effect(record: dict[str, Any]) -> FamiliarEffect:
    ops: list[Op] = [
        (op["op"], op["text"] if op["op"] == INSTRUCTION else op["n"]) for op in record["ops"]
    ]
    return FamiliarEffect(
        card_id=record["card_id"],
        status=record["status"],
        mode=record["mode"],
        triggers=tuple(record["triggers"]),
        ops=tuple(ops),
        note=record.get("note", ""),
    )
