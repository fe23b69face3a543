"""A card's printed definition as a fixed numeric vector, so that an agent can generalise
across cards (and catalogues) by what they do rather than by their id.

Layout (`CARD_FEATURES` = 53 values): present; type one-hot (character, magic, potion,
equipment, enchantgineering); side one-hot (good, neutral, evil); HP/1000, STR/100,
MP/100, DEF/100, is_monster; phases/10; target one-hot (the 11 `TargetSpec`s); effects
(16): modify STR, MP, DEF (/100) and max HP (/1000), "some modifier is permanent", heal
(/1000, full = 1), damage (/1000), sleep turns (/3), wake, protect from magic, parry,
draw (/3), discard (/3), revive, siege hits (/5), draw per turn (/2); auras (11): modify
STR, MP, DEF (/100), max HP (/1000) for allies then for enemies, protect allies from
magic, draw per turn for allies (/2), discard per turn for enemies (/2).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import get_args

import numpy as np

from .. import effects as kinds
from ..cards import (
    CARD_TYPES,
    CardDef,
    CharacterCard,
    EnchantgineeringCard,
    EquipmentCard,
    MagicCard,
    PotionCard,
)
from ..catalog import Catalog

SIDES = ("good", "neutral", "evil")
TARGETS: tuple[str, ...] = get_args(kinds.TargetSpec)
MODIFIED = ("str", "mp", "def", "hp_max")
STAT_SCALE = {"str": 100.0, "mp": 100.0, "def": 100.0, "hp_max": 1000.0}

_TYPE = 1
_SIDE = _TYPE + len(CARD_TYPES)
_STATS = _SIDE + len(SIDES)
_PHASES = _STATS + 5
_TARGET = _PHASES + 1
_EFFECTS = _TARGET + len(TARGETS)
_AURAS = _EFFECTS + 16
CARD_FEATURES = _AURAS + 11


def card_vector(card: CardDef) -> np.ndarray:
    """The 53 features of one card definition."""
    v = np.zeros(CARD_FEATURES, dtype=np.float32)
    v[0] = 1.0
    v[_TYPE + CARD_TYPES.index(card.type)] = 1.0
    v[_SIDE + SIDES.index(card.side)] = 1.0
    if isinstance(card, CharacterCard):
        v[_STATS : _STATS + 5] = (
            card.hp / 1000,
            card.str_ / 100,
            card.mp / 100,
            card.def_ / 100,
            float(card.is_monster),
        )
    if isinstance(card, MagicCard | PotionCard):
        v[_TARGET + TARGETS.index(card.target)] = 1.0
    if isinstance(card, MagicCard | PotionCard | EquipmentCard):
        _effects(v, card.effects)
    if isinstance(card, EnchantgineeringCard):
        v[_PHASES] = card.phases / 10
        _auras(v, card)
    return v


# The effects' features past the stat changes and heals: a share of the effect's bound
# (its feature, the field, the bound) or a flag (its feature).
_SHARES: dict[type, tuple[int, str, int]] = {
    kinds.Damage: (6, "amount", 1000),
    kinds.Sleep: (7, "turns", 3),
    kinds.Draw: (11, "count", 3),
    kinds.Discard: (12, "count", 3),
    kinds.Siege: (14, "hits", 5),
    kinds.DrawPerTurn: (15, "count", 2),
}
_FLAGS: dict[type, int] = {kinds.Wake: 8, kinds.ProtectMagic: 9, kinds.Parry: 10, kinds.Revive: 13}


def _effects(v: np.ndarray, effects: Sequence[object]) -> None:
    e = _EFFECTS
    for effect in effects:
        kind = type(effect)
        if isinstance(effect, kinds.ModifyStat):
            v[e + MODIFIED.index(effect.stat)] += effect.amount / STAT_SCALE[effect.stat]
            v[e + 4] = max(v[e + 4], float(effect.duration == "permanent"))
        elif isinstance(effect, kinds.Heal):
            v[e + 5] += 1.0 if effect.amount == "full" else effect.amount / 1000
        elif kind in _SHARES:
            feature, field, bound = _SHARES[kind]
            v[e + feature] += getattr(effect, field) / bound
        elif kind in _FLAGS:
            v[e + _FLAGS[kind]] = 1.0


def _auras(v: np.ndarray, card: EnchantgineeringCard) -> None:
    a = _AURAS
    for aura in card.auras:
        if isinstance(aura, kinds.ModifyStat):
            side = 0 if aura.applies_to == "ally_characters" else 4
            v[a + side + MODIFIED.index(aura.stat)] += aura.amount / STAT_SCALE[aura.stat]
        elif isinstance(aura, kinds.ProtectMagic):
            v[a + 8] = 1.0
        elif isinstance(aura, kinds.DiscardPerTurn):
            v[a + 10] += aura.count / 2
        elif isinstance(aura, kinds.DrawPerTurn):
            v[a + 9] += aura.count / 2


class CardFeatures:
    """Card vectors of one catalogue, made once per card id."""

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        self._cache: dict[str, np.ndarray] = {}

    def __call__(self, card_id: str) -> np.ndarray:
        v = self._cache.get(card_id)
        if v is None:
            v = self._cache[card_id] = card_vector(self.catalog[card_id])
        return v
