"""Characters' effective values (R7, R47, R72): stats with modifiers, hit points, statuses,
and the attack and defence values of a combat."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from .cards import CharacterCard, EnchantgineeringCard, EquipmentCard
from .effects import ModifyStat, ModifyStatAura, ProtectMagic, ProtectMagicAura
from .protection import are_opponents, battle, main_protected
from .state import Character, LegendsState
from .status import is_asleep, is_ready, is_vulnerable

__all__ = [
    "attack_value",
    "best_stat",
    "current_hp",
    "defence_value",
    "eff",
    "effective_values",
    "is_asleep",
    "is_ready",
    "is_vulnerable",
    "is_warded",
    "keep_alive",
    "max_hp",
    "modifier_total",
    "printed",
    "standing",
]


def printed(state: LegendsState, ch: Character) -> CharacterCard:
    card = state.card(ch.iid)
    assert isinstance(card, CharacterCard)
    return card


def _equipment_effects(state: LegendsState, ch: Character) -> Iterator[ModifyStat | ProtectMagic]:
    if ch.equipment_iid is None:
        return
    card = state.card(ch.equipment_iid)
    assert isinstance(card, EquipmentCard)
    for effect in card.effects:
        if isinstance(effect, ModifyStat | ProtectMagic):
            yield effect


def _auras(state: LegendsState, ch: Character) -> Iterator[ModifyStatAura | ProtectMagicAura]:
    """R94: auras of complete EGs reaching this character: its own team's `ally_characters`
    ones, and opponents' `enemy_characters` ones unless it is a protected main (R35)."""
    for eg in battle(state).egs.values():
        if not eg.complete:
            continue
        card = state.card(eg.iid)
        assert isinstance(card, EnchantgineeringCard)
        hostile = are_opponents(state, eg.controller, ch.controller)
        for aura in card.auras:
            if not isinstance(aura, ModifyStatAura | ProtectMagicAura):
                continue
            wanted = "enemy_characters" if hostile else "ally_characters"
            spared = hostile and ch.is_main and main_protected(state, ch.controller)
            if aura.applies_to == wanted and not spared:
                yield aura


def modifier_total(state: LegendsState, ch: Character, stat: str) -> int:
    """Σ of modifiers, equipment and auras on `stat` (str, mp, def or hp_max)."""
    # Plain loops with early outs: this runs for every character at every step.
    total = 0
    for m in ch.modifiers:
        if m.stat == stat:
            total += m.amount
    if ch.equipment_iid is not None:
        for e in _equipment_effects(state, ch):
            if isinstance(e, ModifyStat) and e.stat == stat:
                total += e.amount
    if battle(state).egs:
        for a in _auras(state, ch):
            if isinstance(a, ModifyStat) and a.stat == stat:
                total += a.amount
    return total


def eff(state: LegendsState, ch: Character, stat: str) -> int:
    """R72: effective STR, MP or DEF: never below 0, no upper cap."""
    return max(0, printed(state, ch).stat(stat) + modifier_total(state, ch, stat))


def max_hp(state: LegendsState, ch: Character) -> int:
    """R72: effective max HP, never below 1."""
    return max(1, printed(state, ch).hp + modifier_total(state, ch, "hp_max"))


def current_hp(state: LegendsState, ch: Character) -> int:
    return max_hp(state, ch) - ch.damage


def is_warded(state: LegendsState, ch: Character) -> bool:
    """R70: protected from opponents' magic (a ward modifier or equipment)."""
    return (
        any(m.stat == "ward" for m in ch.modifiers)
        or any(isinstance(e, ProtectMagic) for e in _equipment_effects(state, ch))
        or any(isinstance(a, ProtectMagic) for a in _auras(state, ch))
    )


def effective_values(state: LegendsState, ch: Character) -> dict[str, Any]:
    """`eff` of STR, MP and DEF, `max_hp`, `current_hp` and `is_warded` at once, in one pass
    over the modifiers, equipment and auras (a view shows them all, for every character)."""
    totals = {"str": 0, "mp": 0, "def": 0, "hp_max": 0}
    warded = False
    for m in ch.modifiers:
        if m.stat == "ward":
            warded = True
        elif m.stat in totals:
            totals[m.stat] += m.amount
    effects: list[Any] = list(_equipment_effects(state, ch))
    if battle(state).egs:
        effects.extend(_auras(state, ch))
    for e in effects:
        if isinstance(e, ModifyStat):
            if e.stat in totals:
                totals[e.stat] += e.amount
        else:  # the two kinds there are: modifying and protecting
            warded = True
    card = printed(state, ch)
    most = max(1, card.hp + totals["hp_max"])
    return {
        "hp": most - ch.damage,
        "max_hp": most,
        "str": max(0, card.stat("str") + totals["str"]),
        "mp": max(0, card.stat("mp") + totals["mp"]),
        "def": max(0, card.stat("def") + totals["def"]),
        "warded": warded,
    }


def attack_value(
    state: LegendsState, attacker: Character, stat: str, target: Character | None
) -> int:
    """R47: the chosen stat's effective value; MP counts 0 against a warded target."""
    if stat == "mp" and target is not None and is_warded(state, target):
        return 0
    return eff(state, attacker, stat)


def best_stat(state: LegendsState, attacker: Character, target: Character | None) -> str:
    """R40: the stat giving the higher attack value against this target, STR on a tie."""
    strength = attack_value(state, attacker, "str", target)
    return "mp" if attack_value(state, attacker, "mp", target) > strength else "str"


def defence_value(state: LegendsState, target: Character, stated: str | None) -> int:
    """R46, R48: 0 if vulnerable; else the stated stat, or the higher of DEF and MP."""
    if is_vulnerable(target):
        return 0
    if stated is not None:
        return eff(state, target, stated)
    return max(eff(state, target, "def"), eff(state, target, "mp"))


def standing(state: LegendsState) -> set[str]:
    """Characters with HP above 0 now (to compare before and after a bonus ends)."""
    return {iid for iid, ch in battle(state).characters.items() if current_hp(state, ch) > 0}


def keep_alive(state: LegendsState, before: set[str]) -> None:
    """R75: when a max-HP bonus ends (a modifier expires, an aura or its EG goes), a
    character that was standing keeps 1 HP. Other losses of max HP (an aura newly reaching
    an exposed main) are not protected: those characters die (R77)."""
    for iid in before:
        ch = battle(state).characters.get(iid)
        if ch is not None and current_hp(state, ch) <= 0:
            ch.damage = max_hp(state, ch) - 1
