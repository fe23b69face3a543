"""What the designer's tools ask: the balance assistant (`tavola balance suggest`) reads a
table's catalogue and proposes changes to its cards' numbers within the game's rules."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, Protocol, runtime_checkable

Direction = Literal["weaken", "strengthen"]


@dataclass(frozen=True, slots=True)
class StatChange:
    """One number of a card changed: `stat` names it in the game's words ("hp",
    "effects[0].amount")."""

    stat: str
    old: int
    new: int

    def to_json(self) -> dict[str, Any]:
        return {"stat": self.stat, "old": self.old, "new": self.new}


@dataclass(frozen=True, slots=True)
class CardChange:
    """A proposed change to one card: its numbers, old → new. `size` grows with the change
    (comparable between one card's candidates); `label` says it in words ("-10%")."""

    card_id: str
    size: float
    label: str
    stats: tuple[StatChange, ...]

    def describe(self) -> str:
        """The card's diff, old → new per stat: "hp 960 → 860, str 95 → 85"."""
        return ", ".join(f"{s.stat} {s.old} → {s.new}" for s in self.stats)

    def to_json(self) -> dict[str, Any]:
        return {
            "card_id": self.card_id,
            "size": self.size,
            "label": self.label,
            "stats": [s.to_json() for s in self.stats],
        }


@dataclass(frozen=True, slots=True)
class TuningRules:
    """What the designer holds fixed: `locks` names cards or numbers the assistant must
    not move (the game reads them: a card id, a stat name, or `CARD:stat`); a rarer card
    may end up weaker than a commoner one only with `allow_rarity_inversion`."""

    locks: frozenset[str] = frozenset()
    allow_rarity_inversion: bool = False


NO_RULES = TuningRules()


@runtime_checkable
class CardTuning(Protocol):
    """Stat changes the balance assistant (`tavola balance suggest`) may propose for the
    cards a table plays, within the game's own authoring rules (a rarity's budgets...).
    Every change is relative to the table's catalogue as given; `changes` hold at most one
    `CardChange` per card."""

    def catalog_options(self, reference: str) -> dict[str, Any]:
        """The game options that make a table play the catalogue `reference` (an id or a
        file); a bad one raises `ContentError` or `ConfigError`."""
        ...

    def tuning_cards(self, config: Mapping[str, Any]) -> dict[str, dict[str, str]]:
        """The cards of the catalogue `config` plays: card id → name by language."""
        ...

    def card_tiers(self, config: Mapping[str, Any]) -> dict[str, str]:
        """The cards of the table by tier: card id → the class of cards the designer means
        to be equally strong (e.g. a rarity). The assistant holds each card to its
        tier's other cards, so a tier meant to be stronger may be; {}: every card to the
        baseline."""
        ...

    def seat_rotations(self, config: Mapping[str, Any]) -> list[dict[str, Any]]:
        """Configs of the same table with the seats' own cards (their decks) moved round
        the seats, so that over them each seat's cards sit at every place; `[config]` when
        no seat owns cards (one shared deck, dealt at random)."""
        ...

    def card_changes(
        self,
        config: Mapping[str, Any],
        changes: Sequence[CardChange],
        card_id: str,
        direction: Direction,
        rules: TuningRules = NO_RULES,
    ) -> list[CardChange]:
        """Candidate changes to `card_id`, smallest first, each keeping the catalogue (with
        `changes` to other cards) within the authoring rules it kept and `rules`; [] when
        none of the card's numbers counts at this table, is unlocked, or can move."""
        ...

    def check_rules(self, config: Mapping[str, Any], rules: TuningRules) -> None:
        """Raises `ConfigError` naming a lock that names no card nor number of the table."""
        ...

    def catalog_label(self, config: Mapping[str, Any]) -> str:
        """The catalogue the table plays, named for a report: its id and content hash."""
        ...

    def tuning_problems(
        self,
        config: Mapping[str, Any],
        changes: Sequence[CardChange],
        rules: TuningRules = NO_RULES,
    ) -> list[str]:
        """What the changed catalogue breaks of the authoring rules the original kept,
        one line each (empty: nothing)."""
        ...

    def tuned_config(
        self, config: Mapping[str, Any], changes: Sequence[CardChange]
    ) -> dict[str, Any]:
        """`config` playing the catalogue with `changes`; plain data, for any worker."""
        ...

    def write_tuned_catalog(
        self, config: Mapping[str, Any], changes: Sequence[CardChange], path: Path
    ) -> None:
        """The catalogue with `changes` as a file the game's own validation accepts."""
        ...
