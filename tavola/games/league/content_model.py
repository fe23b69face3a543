"""The content set's items (§3.2): legends, abilities, cards, effects, preset lineups.

Plain frozen values; `content.py` builds them from the TOML files and validates them."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

ATTRIBUTES = ("star", "moon", "sun")
KINDS = ("tactic", "support")
ROLES = ("attacker", "defender", "any")
WINDOWS = ("open", "attack", "clash")
GIMMICKS = ("none", "galaxy", "brackish_lake", "purgatory")
TRIGGERS = (
    "on_entry",
    "on_attack",
    "on_block",
    "on_no_block",
    "after_damage",
    "on_exit_self",
    "after_exit",
    "on_turn_end",
)
CONDITIONS = ("none", "dealt", "blocked", "opp_exited")
OPS = (
    "dv",
    "dmg_bonus",
    "dmg_reduce",
    "life",
    "burn",
    "cost",
    "draw",
    "die_next",
    "no_block",
    "stay",
    "revive",
    "salvage",
    "break",
    "silence",
    "mill",
)


@dataclass(frozen=True, slots=True)
class Effect:
    """One instruction of the closed effect language (§3.3)."""

    op: str
    side: str = "self"
    amount: int = 0
    count: int = 0
    pick: str = ""

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"op": self.op}
        if self.op in ("dv", "die_next"):
            data["side"] = self.side
        if self.amount:
            data["amount"] = self.amount
        if self.count:
            data["count"] = self.count
        if self.pick:
            data["pick"] = self.pick
        return data

    @property
    def chosen_target(self) -> bool:
        """The player names the target when playing the card (§6 targets)."""
        return self.op == "salvage" or (self.op in ("revive", "break") and self.pick == "chosen")


@dataclass(frozen=True, slots=True)
class Names:
    """A display name in English (`name`, the id the copy limit counts), Japanese, Italian."""

    en: str
    ja: str
    it: str

    def get(self, lang: str) -> str:
        return {"ja": self.ja, "it": self.it}.get(lang, self.en) or self.en


class Named:
    """An item named in three languages; its `name` is the English one."""

    __slots__ = ()
    names: Names

    @property
    def name(self) -> str:
        return self.names.en


@dataclass(frozen=True, slots=True)
class LegendDef(Named):
    legend_id: str
    names: Names
    attribute: str
    cost: int
    dv: int
    default_abilities: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class AbilityDef(Named):
    ability_id: str
    names: Names
    attribute: str
    slots: int
    trigger: str
    condition: str
    effects: tuple[Effect, ...]
    texts: Names


@dataclass(frozen=True, slots=True)
class CardDef(Named):
    card_id: str
    names: Names
    kind: str
    cost: int
    role: str
    window: str | None
    effects: tuple[Effect, ...]
    texts: Names

    @property
    def target(self) -> Effect | None:
        """The effect whose target the player chooses (at most one per card)."""
        return next((e for e in self.effects if e.chosen_target), None)


@dataclass(frozen=True, slots=True)
class TeamEntry:
    legend_id: str
    abilities: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {"legend_id": self.legend_id, "abilities": list(self.abilities)}


@dataclass(frozen=True, slots=True)
class Lineup:
    """What the app stores per player (§3.2): 7 legends with loadouts, a gimmick, a deck."""

    team: tuple[TeamEntry, ...]
    gimmick: str
    deck: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "team": [entry.to_json() for entry in self.team],
            "gimmick": self.gimmick,
            "deck": list(self.deck),
        }


@dataclass(frozen=True, slots=True)
class PresetDef:
    preset_id: str
    names: Names
    lineup: Lineup = field(compare=False)
