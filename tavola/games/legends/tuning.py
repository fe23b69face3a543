"""Legends of AZ's `CardTuning`: the numbers of a card the balance assistant may change at
a table, its candidate changes, and the changed catalogue as a config or a file.

A candidate moves every number of the card that counts at the table by the same share
(−5 %, −10 %, … or +5 %, …), rounded to the set's own grain (HP and amounts to 10, the
other stats to 5), never to zero nor across it. A number whose move would take the card
over its rarity's budget (§3.9, `lint.BUDGETS`) or add any other `tavola cards lint` miss
stays as it is; a candidate that can move nothing is left out.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tavola.core import ConfigError, ContentError
from tavola.core.capabilities import NO_RULES, CardChange, Direction, StatChange, TuningRules

from .cards import (
    CARD_ADAPTER,
    RARITIES,
    CardDef,
    CharacterCard,
    EnchantgineeringCard,
    card_to_data,
)
from .catalog import (
    DEFAULT_CATALOG,
    Catalog,
    load_catalog,
    read_catalog_file,
    resolve_catalog,
    write_catalog_file,
)
from .config import parse_config
from .effects import Damage, Heal, ModifyStat, Revive
from .lint import budget_excess, budget_misses, cap_excess, floor_shortfall, lint_catalog

WEAKEN_STEPS = (5, 10, 15, 20, 25, 30, 40, 50, 60, 70, 80, 90)
"""Shares (percent) a card is weakened by, smallest first."""
STRENGTHEN_STEPS = (5, 10, 15, 20, 25, 30, 40, 50, 75, 100)

TITLE = "Proposta dell'assistente di bilanciamento / Balance assistant's proposal"


@dataclass(frozen=True, slots=True)
class Knob:
    """One number of a card the assistant may move: where it is in the card's data, its
    value, its grain and largest magnitude, and whether more of it helps the card's
    player (a drawback, such as the −DEF of a +STR weapon, helps less the larger it is)."""

    stat: str
    path: tuple[str | int, ...]
    value: int
    grain: int
    largest: int
    drawback: bool = False

    def moved(self, percent: int, direction: Direction) -> int:
        """The value moved `percent` % towards weaker or stronger: rounded to the grain,
        at least one grain from where it was when the bounds allow, never to 0 nor past
        the largest magnitude (the sign, as authored, is kept)."""
        stronger = (direction == "strengthen") != self.drawback
        magnitude = abs(self.value)
        factor = 1 + (percent / 100 if stronger else -percent / 100)
        moved = round(magnitude * factor / self.grain) * self.grain
        if moved == magnitude:
            moved += self.grain if stronger else -self.grain
        moved = max(self.grain, min(self.largest, moved))
        if magnitude < self.grain:  # a value finer than the grain (HP 5) keeps its own floor
            moved = max(magnitude, moved) if stronger else min(magnitude, moved)
        return moved if self.value > 0 else -moved


CHARACTER_STATS = (("hp", 10, 999), ("str", 5, 100), ("mp", 5, 100), ("def", 5, 100))


def knobs(card: CardDef, mode: str) -> list[Knob]:
    """The numbers of `card` that count in `mode`. In the simplified mode only a
    character's printed stats decide a clash (R123: a special card is worth 0 or is
    flipped over), so other cards have none there. A stat at 0 (a character without MP)
    stays 0: moving it would change what the card is, not how strong."""
    if isinstance(card, CharacterCard):
        return [
            Knob(name, (name,), card.stat(name), grain, largest)
            for name, grain, largest in CHARACTER_STATS
            if card.stat(name) > 0
        ]
    if mode == "simplified":
        return []
    if isinstance(card, EnchantgineeringCard):
        return _effect_knobs("auras", list(card.auras))
    return _effect_knobs("effects", list(card.effects))


def _effect_knobs(field: str, effects: Sequence[object]) -> list[Knob]:
    """Damage, heal and revive amounts, and stat modifiers. On a card that raises some
    stat, a lowered one is its drawback."""
    boosts = any(isinstance(e, ModifyStat) and e.amount > 0 for e in effects)
    out: list[Knob] = []
    for i, effect in enumerate(effects):
        where = f"{field}[{i}]"
        if isinstance(effect, Damage | Heal) and isinstance(effect.amount, int):
            out.append(Knob(f"{where}.amount", (field, i, "amount"), effect.amount, 10, 1000))
        elif isinstance(effect, Revive) and isinstance(effect.hp, int):
            out.append(Knob(f"{where}.hp", (field, i, "hp"), effect.hp, 10, 999))
        elif isinstance(effect, ModifyStat):
            hp = effect.stat == "hp_max"
            out.append(
                Knob(
                    f"{where}.amount ({effect.stat})",
                    (field, i, "amount"),
                    effect.amount,
                    10 if hp else 5,
                    999 if hp else 100,
                    drawback=boosts and effect.amount < 0,
                )
            )
    return out


def _set(data: dict[str, Any], path: tuple[str | int, ...], value: int) -> dict[str, Any]:
    changed = copy.deepcopy(data)
    node: Any = changed
    for part in path[:-1]:
        node = node[part]
    node[path[-1]] = value
    return changed


def _card(data: Mapping[str, Any]) -> CardDef:
    return CARD_ADAPTER.validate_python(dict(data))


class Tuning:
    """The catalogue of one table and what may be changed in it. Everything is measured
    from the catalogue as the table gives it: `changes` hold each card's whole change."""

    def __init__(self, config: Mapping[str, Any], rules: TuningRules = NO_RULES) -> None:
        parsed = parse_config(config)
        self.mode = parsed.mode
        self.rules = rules
        self.catalog = resolve_catalog(parsed.catalog)
        self.catalog_id = parsed.catalog if isinstance(parsed.catalog, str) else self.catalog.id
        self.misses = set(lint_catalog(self.catalog))
        """What the catalogue already misses of the authoring rules: a change adds none."""
        self.shortfalls = inversions(self.catalog)
        """How far each rarer character already falls short of a commoner one (authored)."""

    def knobs(self, card: CardDef) -> list[Knob]:
        """The card's numbers that count here and that no lock holds."""
        locks = self.rules.locks
        if card.card_id in locks:
            return []
        return [
            k
            for k in knobs(card, self.mode)
            if k.stat not in locks and f"{card.card_id}:{k.stat}" not in locks
        ]

    def check_locks(self) -> None:
        """Every lock names a card of the catalogue, a number that counts at this table,
        or `CARD:number` of one: a typo must not silently lock nothing."""
        stats = {k.stat for card in self.catalog.cards() for k in knobs(card, self.mode)}
        bad = []
        for lock in sorted(self.rules.locks):
            card_id, colon, stat = lock.partition(":")
            if colon:
                ok = card_id in self.catalog and stat in {
                    k.stat for k in knobs(self.catalog[card_id], self.mode)
                }
            else:
                ok = lock in self.catalog or lock in stats
            if not ok:
                bad.append(lock)
        if bad:
            raise ConfigError(
                "invalid_option",
                f"--lock {', '.join(bad)}: no such card or number at this table"
                f" (numbers: {', '.join(sorted(stats))})",
                field="lock",
            )

    def inversion_problems(self, catalog: Catalog) -> list[str]:
        if self.rules.allow_rarity_inversion:
            return []
        now = inversions(catalog)
        return [
            f"{card_id}: total {total} falls below a lower rarity's strongest ({total + short})"
            for card_id, (short, total) in sorted(now.items())
            if short > self.shortfalls.get(card_id, (0, 0))[0]
        ]

    def changed(self, changes: Sequence[CardChange]) -> Catalog:
        by_card = {change.card_id: change for change in changes}
        cards = []
        for card in self.catalog.cards():
            change = by_card.get(card.card_id)
            cards.append(card if change is None else self.apply(card, change))
        return Catalog(self.catalog.id, cards)

    def apply(self, card: CardDef, change: CardChange) -> CardDef:
        data = card_to_data(card)
        by_stat = {knob.stat: knob for knob in knobs(card, self.mode)}  # locks bind searches
        for stat in change.stats:
            knob = by_stat.get(stat.stat)
            if knob is None or knob.value != stat.old:
                raise ValueError(f"{card.card_id}: no {stat.stat} of {stat.old} to change")
            data = _set(data, knob.path, stat.new)
        return _card(data)

    def problems(self, changes: Sequence[CardChange]) -> list[str]:
        """A changed card must be within its budgets; the catalogue may miss nothing the
        original did not."""
        catalog = self.changed(changes)
        lines: list[str] = []
        for change in changes:
            lines += budget_misses(catalog[change.card_id])
            if self.rules.locks and not self.knobs(self.catalog[change.card_id]):
                lines.append(f"{change.card_id}: locked")
        lines += sorted(set(lint_catalog(catalog)) - self.misses - set(lines))
        lines += self.inversion_problems(catalog)
        return list(dict.fromkeys(lines))

    def candidates(
        self, changes: Sequence[CardChange], card_id: str, direction: Direction
    ) -> list[CardChange]:
        others = [c for c in changes if c.card_id != card_id]
        around = self.changed(others)
        card = self.catalog[card_id]
        steps = WEAKEN_STEPS if direction == "weaken" else STRENGTHEN_STEPS
        sign = "-" if direction == "weaken" else "+"
        out: list[CardChange] = []
        seen: set[tuple[StatChange, ...]] = set()
        # Each step starts from the one before, so that a larger step never moves a number
        # less than a smaller one did (two stats may share one budget).
        data = card_to_data(card)
        reached = {knob.stat: knob.value for knob in self.knobs(card)}
        for percent in steps:
            stats: list[StatChange] = []
            for knob in self.knobs(card):
                now = reached[knob.stat]
                new = self._furthest(around, data, knob, now, knob.moved(percent, direction))
                data, reached[knob.stat] = _set(data, knob.path, new), new
                if new != knob.value:
                    stats.append(StatChange(knob.stat, knob.value, new))
            key = tuple(stats)
            if budget_excess(_card(data)):
                continue  # an over-budget card: a larger step may bring it within
            if stats and key not in seen:
                seen.add(key)
                out.append(CardChange(card_id, float(percent), f"{sign}{percent}%", key))
        return out

    def _furthest(
        self, around: Catalog, data: dict[str, Any], knob: Knob, now: int, target: int
    ) -> int:
        """The value nearest `target`, in grains from `now` (allowed), that the rules allow:
        budgets and coverage are thresholds, so the allowed values are those short of one."""
        if (target - now) * (target - knob.value) <= 0:
            return now  # `now` is already as far as `target` (or further)
        grains = abs(target - now) // knob.grain
        step = knob.grain if target > now else -knob.grain

        def value(n: int) -> int:
            return target if n >= grains else now + n * step

        def allowed(n: int) -> bool:
            return self._allowed(around, _card(_set(data, knob.path, value(n))))

        if allowed(grains):
            return target
        good, bad = 0, grains
        while bad - good > 1:
            middle = (good + bad) // 2
            good, bad = (middle, bad) if allowed(middle) else (good, middle)
        return value(good)

    def _allowed(self, around: Catalog, card: CardDef) -> bool:
        """No further over its rarity's budgets than it was (a card within them stays
        within), and the catalogue misses nothing new."""
        given = self.catalog[card.card_id]
        # Caps and floors apart: a card over its caps must not buy its way down by going
        # under a floor.
        if cap_excess(card) > cap_excess(given) or floor_shortfall(card) > floor_shortfall(given):
            return False
        cards = [card if c.card_id == card.card_id else c for c in around.cards()]
        changed = Catalog(around.id, cards)
        misses = set(lint_catalog(changed)) - set(budget_misses(card))
        return misses <= self.misses and not self.inversion_problems(changed)

    def write(self, changes: Sequence[CardChange], path: Path) -> None:
        base = self.catalog_id.replace("+", "_")
        write_catalog_file(path, f"{base}_tuned", self.changed(changes).cards(), TITLE)


def character_total(card: CharacterCard) -> int:
    return card.hp + card.str_ + card.mp + card.def_


def inversions(catalog: Catalog) -> dict[str, tuple[int, int]]:
    """Character id → (how far its total HP+STR+MP+DEF falls below the strongest character
    of any lower rarity, its total), for the characters that do fall below."""
    strongest: dict[str, int] = {}
    characters = [c for c in catalog.cards() if isinstance(c, CharacterCard)]
    for card in characters:
        total = character_total(card)
        strongest[card.rarity] = max(strongest.get(card.rarity, 0), total)
    out: dict[str, tuple[int, int]] = {}
    for card in characters:
        rank = RARITIES.index(card.rarity)
        lower = [strongest.get(r, 0) for r in RARITIES[:rank]]
        total = character_total(card)
        short = max(lower, default=0) - total
        if short > 0:
            out[card.card_id] = (short, total)
    return out


def catalog_label(config: Mapping[str, Any]) -> str:
    """The catalogue a table (or just its `catalog` option) plays, for a report: its id
    and content hash."""
    return resolve_catalog(config.get("catalog", DEFAULT_CATALOG)).label()


def catalog_options(reference: str) -> dict[str, Any]:
    """A catalogue file (`.toml`, or any path that exists) travels inline with the config,
    so that any worker can play it; an id names a catalogue of the content folders."""
    path = Path(reference)
    if path.suffix == ".toml" or path.exists():
        catalog_id, cards, problems = read_catalog_file(path)
        if problems:
            raise ContentError(problems)
        return {"catalog": [{"catalog": catalog_id}, *(card_to_data(card) for card in cards)]}
    load_catalog(reference)  # an unknown id raises, listing the known ones
    return {"catalog": reference}


def tuning_cards(config: Mapping[str, Any]) -> dict[str, dict[str, str]]:
    catalog = resolve_catalog(parse_config(config).catalog)
    return {
        card.card_id: {"it": card.name, "en": card.name_en or card.name} for card in catalog.cards()
    }


def card_tiers(config: Mapping[str, Any]) -> dict[str, str]:
    """The balance assistant's tiers: a card's rarity (its rarity promises its strength:
    §3.9's budgets and floors grow with it). In the simplified mode the special cards make
    one tier of their own whatever their rarity: none of their numbers counts there (R123,
    worth 0 in a clash), so a rare one is not meant to be stronger."""
    parsed = parse_config(config)
    catalog = resolve_catalog(parsed.catalog)
    simplified = parsed.mode == "simplified"
    return {
        card.card_id: card.rarity
        if isinstance(card, CharacterCard) or not simplified
        else SPECIAL_TIER
        for card in catalog.cards()
    }


SPECIAL_TIER = "special"


def seat_rotations(config: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Each player's own cards (contribution and main) moved round the players, one
    rotation per player; good and evil decks only among their own side's players, as the
    rules tie them to the side. None in the simplified mode's shared deck."""
    players = list(config.get("players") or [])
    owned = [{k: p[k] for k in ("contribution", "main_card_id") if k in p} for p in players]
    if not any(owned):
        return [dict(config)]
    by_side = config.get("sides") == "good_vs_evil"
    groups: dict[object, list[int]] = {}
    for i, player in enumerate(players):
        groups.setdefault(player.get("team") if by_side else None, []).append(i)
    rotations: list[dict[str, Any]] = []
    for shift in range(max(len(g) for g in groups.values())):
        moved = [dict(p) for p in players]
        for members in groups.values():
            for place, i in enumerate(members):
                source = members[(place + shift) % len(members)]
                for key in ("contribution", "main_card_id"):
                    moved[i].pop(key, None)
                moved[i].update(copy.deepcopy(owned[source]))
        rotated = {**config, "players": moved}
        if rotated not in rotations:
            rotations.append(rotated)
    return rotations
