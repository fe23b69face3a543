"""Content linter: checks a catalogue against the starter-set rules of §3.9.

`lint_catalog` returns one readable line per miss (an empty list means the catalogue is
clean): the count, side split and rarity split of each card type, the "Required coverage"
column, the series / edition / tournament-legality rule and the per-rarity authoring
budgets. The engine does not enforce any of this; it keeps authored content balanced.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from .alignments import ALIGNMENTS, Side
from .cards import (
    CARD_TYPES,
    RARITIES,
    CardDef,
    CardType,
    CharacterCard,
    EnchantgineeringCard,
    EquipmentCard,
    MagicCard,
    PotionCard,
    Rarity,
)
from .catalog import Catalog
from .effects import Aura, Damage, Effect, Heal, ModifyStat

SERIES = "S1"
TRIBUTE_EDITION = "tributo"
SIDES: tuple[Side, ...] = ("good", "neutral", "evil")
SINGLE_CHARACTER_TARGETS = frozenset(
    {"one_enemy_character", "one_ally_character", "one_character", "combat_target"}
)


@dataclass(frozen=True)
class Quota:
    """One row of the §3.9 counts table: total, sides (good/neutral/evil), rarities C/R/L/M/T."""

    count: int
    sides: tuple[int, int, int]
    rarities: tuple[int, int, int, int, int]


QUOTAS: dict[CardType, Quota] = {
    "character": Quota(24, (8, 8, 8), (10, 7, 4, 2, 1)),
    "magic": Quota(12, (4, 4, 4), (5, 4, 2, 1, 0)),
    "potion": Quota(10, (3, 4, 3), (5, 3, 1, 1, 0)),
    "equipment": Quota(8, (3, 2, 3), (3, 2, 2, 0, 1)),
    "enchantgineering": Quota(6, (2, 2, 2), (2, 1, 1, 1, 1)),
}
TOTAL_CARDS = sum(quota.count for quota in QUOTAS.values())


@dataclass(frozen=True)
class Budget:
    """One row of the §3.9 authoring budgets."""

    stat_sum: int  # character STR+MP+DEF at most
    hp: int  # character HP at most
    amount: int  # damage / heal amount at most
    modify: int  # abs(modify_stat amount) on str/mp/def at most
    min_phases: int  # enchantgineering phases at least


BUDGETS: dict[Rarity, Budget] = {
    "C": Budget(130, 350, 150, 15, 1),
    "R": Budget(170, 550, 300, 25, 2),
    "L": Budget(210, 750, 500, 40, 3),
    "M": Budget(250, 900, 800, 60, 4),
    "T": Budget(270, 999, 1000, 80, 5),
}


@dataclass(frozen=True)
class Floor:
    """One row of the authoring floors: a card of the rarity is at least this strong."""

    hp: int  # character HP at least
    stat_sum: int  # character STR+MP+DEF at least
    stat: int  # each of STR, MP, DEF at least, unless authored 0 (a character without MP)


FLOORS: dict[Rarity, Floor] = {
    "C": Floor(100, 60, 5),
    "R": Floor(100, 100, 10),
    "L": Floor(500, 150, 20),
    "M": Floor(700, 180, 40),
    "T": Floor(850, 220, 50),
}
"""The floors beside the caps (issue 32: a proposal once made a Mythic 820/80/80/80 into
160/15/15/15). Set just under the starter set's weakest card of each rarity, so the set
is clean and a card keeps the weight its rarity promises."""

C = TypeVar("C", CharacterCard, MagicCard, PotionCard, EquipmentCard, EnchantgineeringCard)


@dataclass(frozen=True)
class Need(Generic[C]):
    """A coverage requirement: at least (or, if `exact`, exactly) `count` cards pass `test`."""

    count: int
    label: str
    test: Callable[[C], bool]
    exact: bool = False


# ---- small predicates ------------------------------------------------------------------


def _effects(card: CardDef) -> list[Effect | Aura]:
    if isinstance(card, EnchantgineeringCard):
        return list(card.auras)
    if isinstance(card, CharacterCard):
        return []
    return list(card.effects)


def _kinds(card: CardDef) -> set[str]:
    return {effect.kind for effect in _effects(card)}


def _mods(card: CardDef) -> list[ModifyStat]:
    return [effect for effect in _effects(card) if isinstance(effect, ModifyStat)]


def _has_kind(kind: str) -> Callable[[CardDef], bool]:
    return lambda card: kind in _kinds(card)


def _has_mod(
    stat: str | None = None, sign: int = 0, duration: str | None = None
) -> Callable[[CardDef], bool]:
    """A modify_stat on `stat` (any if None), of sign `sign` (any if 0), of `duration`."""

    def test(card: CardDef) -> bool:
        return any(
            (stat is None or mod.stat == stat)
            and (sign == 0 or mod.amount * sign > 0)
            and (duration is None or mod.duration == duration)
            for mod in _mods(card)
        )

    return test


def _has_aura(
    kind: str, applies_to: str, stat: str | None = None, sign: int = 0
) -> Callable[[EnchantgineeringCard], bool]:
    def test(card: EnchantgineeringCard) -> bool:
        return any(
            aura.kind == kind
            and aura.applies_to == applies_to
            and (not isinstance(aura, ModifyStat) or (aura.stat == stat and aura.amount * sign > 0))
            for aura in card.auras
        )

    return test


def _is_cursed(card: EquipmentCard) -> bool:
    mods = _mods(card)
    return len(mods) == len(card.effects) and all(mod.amount < 0 for mod in mods)


def _heals(full: bool) -> Callable[[PotionCard], bool]:
    return lambda card: any(
        isinstance(e, Heal) and (e.amount == "full") == full for e in card.effects
    )


def _on_side(side: Side, test: Callable[[CharacterCard], bool]) -> Callable[[CharacterCard], bool]:
    return lambda card: card.side == side and test(card)


def _hp_band(low: int, high: int) -> Need[CharacterCard]:
    return Need(4, f"characters with HP {low}-{high}", lambda card: low <= card.hp <= high)


def _sub_type_is(sub_type: str) -> Callable[[CharacterCard], bool]:
    return lambda card: card.sub_type == sub_type


def _alignment_is(alignment: str) -> Callable[[CharacterCard], bool]:
    return lambda card: card.alignment == alignment


def _phases_is(phases: int) -> Callable[[EnchantgineeringCard], bool]:
    return lambda card: card.phases == phases


def _mp_caster(card: CharacterCard) -> bool:
    return card.mp > 50


def _strong(card: CharacterCard) -> bool:
    return card.str_ > 50


# ---- the "Required coverage" column of §3.9 --------------------------------------------

CHARACTER_NEEDS: list[Need[CharacterCard]] = [
    Need(6, "characters with MP > 50", _mp_caster),
    *(Need(2, f"{side} characters with MP > 50", _on_side(side, _mp_caster)) for side in SIDES),
    Need(6, "characters with STR > 50", _strong),
    *(Need(2, f"{side} characters with STR > 50", _on_side(side, _strong)) for side in SIDES),
    Need(3, "characters with MP = 0", lambda card: card.mp == 0),
    Need(3, "characters with DEF >= 80", lambda card: card.def_ >= 80),
    Need(3, "monster characters", lambda card: card.is_monster),
    Need(2, "evil characters with HP >= 800", lambda card: card.side == "evil" and card.hp >= 800),
    _hp_band(1, 199),
    _hp_band(200, 399),
    _hp_band(400, 599),
    _hp_band(600, 999),
    *(
        Need(1, f"characters of sub-type '{sub}'", _sub_type_is(sub))
        for _, subs in ALIGNMENTS.values()
        for sub in subs
    ),
    *(Need(1, f"characters of alignment '{name}'", _alignment_is(name)) for name in ALIGNMENTS),
]

MAGIC_NEEDS: list[Need[MagicCard]] = [
    Need(
        2,
        "single-target 'damage' cards",
        lambda card: "damage" in _kinds(card) and card.target in SINGLE_CHARACTER_TARGETS,
    ),
    Need(
        1,
        "'damage' cards on all_enemy_characters",
        lambda card: "damage" in _kinds(card) and card.target == "all_enemy_characters",
    ),
    Need(2, "'sleep' cards", _has_kind("sleep")),
    Need(1, "negative 'modify_stat' cards", _has_mod(sign=-1)),
    Need(1, "positive 'modify_stat' cards", _has_mod(sign=1)),
    *(
        Need[MagicCard](1, f"'{kind}' cards", _has_kind(kind))
        for kind in ("protect_magic", "draw", "discard", "revive", "siege")
    ),
]

POTION_NEEDS: list[Need[PotionCard]] = [
    Need(3, "'heal' cards with an amount", _heals(full=False)),
    Need(1, "'heal' full cards", _heals(full=True)),
    Need(2, "'parry' cards", _has_kind("parry")),
    Need(1, "'wake' cards", _has_kind("wake")),
    Need(2, "'modify_stat' duration combat cards", _has_mod(duration="combat")),
    Need(1, "'modify_stat' hp_max permanent cards", _has_mod("hp_max", 1, "permanent")),
]

EQUIPMENT_NEEDS: list[Need[EquipmentCard]] = [
    *(
        Need[EquipmentCard](1, f"+{stat} cards", _has_mod(stat, 1))
        for stat in ("str", "def", "mp", "hp_max")
    ),
    Need(
        1,
        "+mp >= 20 cards",
        lambda card: any(m.stat == "mp" and m.amount >= 20 for m in _mods(card)),
    ),
    Need(1, "'protect_magic' cards", _has_kind("protect_magic")),
    Need(1, "'draw_per_turn' cards", _has_kind("draw_per_turn")),
    Need(1, "cursed (all-negative) cards", _is_cursed),
    Need(
        1,
        "mixed (+str -def) cards",
        lambda card: _has_mod("str", 1)(card) and _has_mod("def", -1)(card),
    ),
]

EG_NEEDS: list[Need[EnchantgineeringCard]] = [
    *(Need(1, f"cards with phases {n}", _phases_is(n), exact=True) for n in range(1, 7)),
    Need(1, "ally +def aura cards", _has_aura("modify_stat", "ally_characters", "def", 1)),
    Need(1, "ally +str aura cards", _has_aura("modify_stat", "ally_characters", "str", 1)),
    Need(1, "enemy -str aura cards", _has_aura("modify_stat", "enemy_characters", "str", -1)),
    Need(1, "ally 'protect_magic' aura cards", _has_aura("protect_magic", "ally_characters")),
    Need(1, "ally 'draw_per_turn' aura cards", _has_aura("draw_per_turn", "ally_players")),
    Need(1, "enemy 'discard_per_turn' aura cards", _has_aura("discard_per_turn", "enemy_players")),
]


# ---- the checks ------------------------------------------------------------------------


def _of_type(cards: Sequence[CardDef], cls: type[C]) -> list[C]:
    return [card for card in cards if isinstance(card, cls)]


def _coverage(type_name: str, cards: Sequence[C], needs: Sequence[Need[C]]) -> list[str]:
    misses: list[str] = []
    for need in needs:
        found = sum(1 for card in cards if need.test(card))
        missed = (found != need.count) if need.exact else (found < need.count)
        if missed:
            how = "exactly" if need.exact else "at least"
            misses.append(f"{type_name}: needs {how} {need.count} {need.label}, found {found}")
    return misses


def _quotas(cards: Sequence[CardDef]) -> list[str]:
    misses: list[str] = []
    if len(cards) != TOTAL_CARDS:
        misses.append(f"catalogue: needs {TOTAL_CARDS} cards, found {len(cards)}")
    for card_type in CARD_TYPES:
        quota = QUOTAS[card_type]
        of_type = [card for card in cards if card.type == card_type]
        sides = Counter(card.side for card in of_type)
        rarities = Counter(card.rarity for card in of_type)
        expected = [("", quota.count, len(of_type))]
        expected += [
            (f"{side} ", n, sides[side]) for side, n in zip(SIDES, quota.sides, strict=True)
        ]
        expected += [
            (f"rarity-{r} ", n, rarities[r]) for r, n in zip(RARITIES, quota.rarities, strict=True)
        ]
        for what, needed, found in expected:
            if needed != found:
                misses.append(f"{card_type}: needs {needed} {what}cards, found {found}")
    return misses


def _legality(card: CardDef) -> list[str]:
    tribute = card.rarity == "T"
    edition = TRIBUTE_EDITION if tribute else "standard"
    misses: list[str] = []
    if card.series != SERIES:
        misses.append(f"{card.card_id}: series '{card.series}' should be '{SERIES}'")
    if card.edition != edition:
        misses.append(
            f"{card.card_id}: edition '{card.edition}' should be '{edition}' "
            f"for a rarity-{card.rarity} card"
        )
    if card.tournament_legal == tribute:
        misses.append(
            f"{card.card_id}: tournament_legal should be {str(not tribute).lower()} "
            f"for a rarity-{card.rarity} card"
        )
    return misses


def _budgeted(card: CardDef) -> list[tuple[str, int, int]]:
    """(field, value, limit) of every number of `card` its rarity's budget caps."""
    budget = BUDGETS[card.rarity]
    capped: list[tuple[str, int, int]] = []
    if isinstance(card, CharacterCard):
        capped.append(("STR+MP+DEF", card.str_ + card.mp + card.def_, budget.stat_sum))
        capped.append(("HP", card.hp, budget.hp))
    for effect in _effects(card):
        if isinstance(effect, Damage | Heal) and isinstance(effect.amount, int):
            capped.append((f"{effect.kind} amount", effect.amount, budget.amount))
        if isinstance(effect, ModifyStat) and effect.stat != "hp_max":
            capped.append(
                (f"modify_stat {effect.stat} |amount|", abs(effect.amount), budget.modify)
            )
    return capped


def _floored(card: CardDef) -> list[tuple[str, int, int]]:
    """(field, value, floor) of every number of `card` its rarity's floors hold up."""
    if not isinstance(card, CharacterCard):
        return []
    floor = FLOORS[card.rarity]
    held = [
        ("HP", card.hp, floor.hp),
        ("STR+MP+DEF", card.str_ + card.mp + card.def_, floor.stat_sum),
    ]
    for name, value in (("STR", card.str_), ("MP", card.mp), ("DEF", card.def_)):
        if value > 0:
            held.append((name, value, floor.stat))
    return held


def _budget(card: CardDef) -> list[str]:
    budget = BUDGETS[card.rarity]
    misses = [
        f"{card.card_id}: {field} {value} exceeds the {card.rarity} budget {limit}"
        for field, value, limit in _budgeted(card)
        if value > limit
    ]
    misses += [
        f"{card.card_id}: {field} {value} is below the {card.rarity} floor {floor}"
        for field, value, floor in _floored(card)
        if value < floor
    ]
    if isinstance(card, EnchantgineeringCard) and card.phases < budget.min_phases:
        misses.append(
            f"{card.card_id}: phases {card.phases} is below the {card.rarity} "
            f"minimum {budget.min_phases}"
        )
    return misses


def budget_misses(card: CardDef) -> list[str]:
    """Every way one card leaves its rarity's authoring budgets (what a proposed stat
    change must never do)."""
    return _budget(card)


def cap_excess(card: CardDef) -> int:
    """How far `card` is over its rarity's caps (and short of its phases), summed."""
    excess = sum(max(0, value - limit) for _, value, limit in _budgeted(card))
    if isinstance(card, EnchantgineeringCard):
        excess += max(0, BUDGETS[card.rarity].min_phases - card.phases)
    return excess


def floor_shortfall(card: CardDef) -> int:
    """How far `card` is under its rarity's floors, summed."""
    return sum(max(0, floor - value) for _, value, floor in _floored(card))


def budget_excess(card: CardDef) -> int:
    """How far `card` is over its rarity's budgets or under its floors, summed over its
    numbers (0: within them): a change to an over-budget card may only bring it nearer."""
    return cap_excess(card) + floor_shortfall(card)


def lint_catalog(catalog: Catalog) -> list[str]:
    """Every way `catalog` misses the §3.9 starter-set rules, one line each."""
    cards = catalog.cards()
    misses = _quotas(cards)
    misses += _coverage("character", _of_type(cards, CharacterCard), CHARACTER_NEEDS)
    misses += _coverage("magic", _of_type(cards, MagicCard), MAGIC_NEEDS)
    misses += _coverage("potion", _of_type(cards, PotionCard), POTION_NEEDS)
    misses += _coverage("equipment", _of_type(cards, EquipmentCard), EQUIPMENT_NEEDS)
    misses += _coverage("enchantgineering", _of_type(cards, EnchantgineeringCard), EG_NEEDS)
    for card in cards:
        misses += _legality(card)
        misses += _budget(card)
    return misses
