"""Characters' effective values (R7, R47, R72): stats with modifiers, hit points, statuses,
and the attack and defence values of a combat."""

from __future__ import annotations

from typing import Any

from .cards import STAT_FIELDS, CharacterCard, EnchantgineeringCard, EquipmentCard
from .effects import ModifyStat, ModifyStatAura, ProtectMagic, ProtectMagicAura
from .protection import battle, main_protected
from .state import Battle, Character, LegendsState
from .status import is_asleep, is_ready, is_vulnerable

__all__ = [
    "attack_stat",
    "attack_value",
    "aura_memo",
    "best_stat",
    "current_hp",
    "defence_value",
    "dying",
    "eff",
    "eff_among",
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


def _stat_effects(state: LegendsState, iid: str) -> tuple[Any, ...]:
    """An equipment's effects on stats and wards (R89), or a complete EG's auras of those
    kinds (R94), read from its card once per game."""
    defs = state.card_defs()
    found = defs.stat_effects.get(iid)
    if found is None:
        card = defs[iid]
        if isinstance(card, EquipmentCard):
            kinds: Any = ModifyStat | ProtectMagic
            found = tuple(e for e in card.effects if isinstance(e, kinds))
        else:
            assert isinstance(card, EnchantgineeringCard)
            kinds = ModifyStatAura | ProtectMagicAura
            found = tuple(a for a in card.auras if isinstance(a, kinds))
        defs.stat_effects[iid] = found
    return found


def _stat_sums(state: LegendsState, iid: str) -> tuple[dict[str, int], dict[str, int]]:
    """`_stat_effects`' changes of stats summed by stat, read once per game: an equipment's
    on its bearer (and nothing on anyone else), or an EG's auras on its allies' characters,
    then on its enemies'. Sums of integers: the order the effects come in does not matter."""
    defs = state.card_defs()
    found = defs.stat_sums.get(iid)
    if found is None:
        own: dict[str, int] = {}
        enemy: dict[str, int] = {}
        aura = not isinstance(defs[iid], EquipmentCard)
        for e in _stat_effects(state, iid):
            if not isinstance(e, ModifyStat):  # a ward
                continue
            if aura and e.applies_to == "enemy_characters":  # type: ignore[attr-defined]
                enemy[e.stat] = enemy.get(e.stat, 0) + e.amount
            elif not aura or e.applies_to == "ally_characters":  # type: ignore[attr-defined]
                own[e.stat] = own.get(e.stat, 0) + e.amount
        found = defs.stat_sums[iid] = (own, enemy)
    return found


def _equipment_effects(state: LegendsState, ch: Character) -> tuple[ModifyStat | ProtectMagic, ...]:
    if ch.equipment_iid is None:
        return ()
    return _stat_effects(state, ch.equipment_iid)


def _auras(state: LegendsState, ch: Character) -> list[ModifyStatAura | ProtectMagicAura]:
    """R94: auras of complete EGs reaching this character: its own team's `ally_characters`
    ones, and opponents' `enemy_characters` ones unless it is a protected main (R35)."""
    b = state.battle
    assert b is not None
    seats = state.seats
    team = seats[ch.controller].team
    spared: bool | None = None  # R35, asked once and only when it matters
    reaching = []
    for eg in b.egs.values():
        if eg.progress < eg.phases:  # not complete (R93)
            continue
        hostile = seats[eg.controller].team != team  # R31
        wanted = "enemy_characters" if hostile else "ally_characters"
        for aura in _stat_effects(state, eg.iid):
            if aura.applies_to != wanted:
                continue
            if hostile and ch.is_main:
                if spared is None:
                    spared = main_protected(state, ch.controller)
                if spared:
                    continue
            reaching.append(aura)
    return reaching


def _auras_around(b: Battle) -> bool:
    """Whether an EG is complete (R93): only those spread auras. Most EGs on a table are
    still being built, and most tables have none."""
    for eg in b.egs.values():  # noqa: SIM110 (a plain loop: no generator on a hot path)
        if eg.progress >= eg.phases:
            return True
    return False


def _aura_total(state: LegendsState, ch: Character, stat: str) -> int:
    """Σ of `_auras` on `stat`, without listing them: this runs for every character an
    effective value is asked of while an Enchantgineering stands. Each complete EG's
    auras come summed by stat (`_stat_sums`)."""
    b = state.battle
    assert b is not None
    seats = state.seats
    team = seats[ch.controller].team
    spared: bool | None = None  # R35, asked once and only when it matters
    sums: dict[str, tuple[dict[str, int], dict[str, int]]] | None = None
    total = 0
    for eg in b.egs.values():
        if eg.progress < eg.phases:  # not complete (R93)
            continue
        if sums is None:
            sums = state.card_defs().stat_sums
        allies, enemies = sums.get(eg.iid) or _stat_sums(state, eg.iid)
        if seats[eg.controller].team != team:  # R31: hostile
            amount = enemies.get(stat)
            if amount and ch.is_main:
                if spared is None:
                    spared = main_protected(state, ch.controller)
                if spared:
                    continue
        else:
            amount = allies.get(stat)
        if amount:
            total += amount
    return total


def _own_total(state: LegendsState, ch: Character, stat: str) -> int:
    """Σ of a character's own modifiers and equipment on `stat`."""
    total = 0
    for m in ch.modifiers:
        if m.stat == stat:
            total += m.amount
    equipment = ch.equipment_iid
    if equipment is not None:
        total += _stat_sums(state, equipment)[0].get(stat, 0)
    return total


def modifier_total(state: LegendsState, ch: Character, stat: str) -> int:
    """Σ of modifiers, equipment and auras on `stat` (str, mp, def or hp_max)."""
    # Early outs: this runs for every character at every step.
    touched = ch.modifiers or ch.equipment_iid is not None
    total = _own_total(state, ch, stat) if touched else 0
    b = state.battle
    if b is not None and b.egs:
        total += _aura_total(state, ch, stat)
    return total


AuraMemo = dict[tuple[str, bool, str], int]
"""Seat, main-or-not and stat → the auras' total, for many characters of a state that
does not change meanwhile: auras reach a character only through the first two (R31, R35)."""


def aura_memo(state: LegendsState) -> AuraMemo | None:
    """An empty `AuraMemo`, or None when no complete EG stands (no aura reaches anyone)."""
    b = state.battle
    return {} if b is not None and _any_aura(b) else None


def _aura_among(state: LegendsState, ch: Character, stat: str, memo: AuraMemo) -> int:
    key = (ch.controller, ch.is_main, stat)
    total = memo.get(key)  # (not a KeyError: a fresh memo misses first, and raising costs)
    if total is None:
        total = memo[key] = _aura_total(state, ch, stat)
    return total


def _max_hp_among(state: LegendsState, ch: Character, memo: AuraMemo | None) -> int:
    """`max_hp` of one of many characters read together (`aura_memo`)."""
    value: int = state.card(ch.iid).hp  # type: ignore[union-attr]  # (a character's card)
    if ch.modifiers or ch.equipment_iid is not None:
        value += _own_total(state, ch, "hp_max")
    if memo is not None:
        value += _aura_among(state, ch, "hp_max", memo)
    return value if value > 1 else 1


def eff_among(state: LegendsState, ch: Character, stat: str, memo: AuraMemo | None) -> int:
    """`eff` of one of many characters read together (`aura_memo`)."""
    value: int = getattr(state.card(ch.iid), STAT_FIELDS[stat])
    if ch.modifiers or ch.equipment_iid is not None:
        value += _own_total(state, ch, stat)
    if memo is not None:
        value += _aura_among(state, ch, stat, memo)
    return value if value > 0 else 0


def eff(state: LegendsState, ch: Character, stat: str) -> int:
    """R72: effective STR, MP or DEF: never below 0, no upper cap."""
    value: int = getattr(state.card(ch.iid), STAT_FIELDS[stat])
    b = state.battle
    # Most characters, most of the time, have no modifier, no equipment and no aura
    # around: then the printed value is the effective one.
    if ch.modifiers or ch.equipment_iid is not None or (b is not None and b.egs):
        value += modifier_total(state, ch, stat)
    return value if value > 0 else 0


def max_hp(state: LegendsState, ch: Character) -> int:
    """R72: effective max HP, never below 1."""
    card = state.card(ch.iid)
    assert isinstance(card, CharacterCard)
    value = card.hp
    b = state.battle
    if ch.modifiers or ch.equipment_iid is not None or (b is not None and b.egs):
        value += modifier_total(state, ch, "hp_max")
    return value if value > 1 else 1


def current_hp(state: LegendsState, ch: Character) -> int:
    return max_hp(state, ch) - ch.damage


def is_warded(state: LegendsState, ch: Character) -> bool:
    """R70: protected from opponents' magic (a ward modifier or equipment)."""
    for m in ch.modifiers:
        if m.stat == "ward":
            return True
    if ch.equipment_iid is not None and any(
        isinstance(e, ProtectMagic) for e in _equipment_effects(state, ch)
    ):
        return True
    b = state.battle
    return (
        b is not None
        and bool(b.egs)
        and _auras_around(b)
        and any(isinstance(a, ProtectMagic) for a in _auras(state, ch))
    )


def effective_values(state: LegendsState, ch: Character) -> dict[str, Any]:
    """`eff` of STR, MP and DEF, `max_hp`, `current_hp` and `is_warded` at once, in one pass
    over the modifiers, equipment and auras (a view shows them all, for every character)."""
    card = printed(state, ch)
    effects: list[Any] = list(_equipment_effects(state, ch))
    b = state.battle
    if b is not None and b.egs and _auras_around(b):
        effects.extend(_auras(state, ch))
    if not ch.modifiers and not effects:  # the printed values (R72's floors hold there)
        return {
            "hp": card.hp - ch.damage,
            "max_hp": card.hp,
            "str": card.str_,
            "mp": card.mp,
            "def": card.def_,
            "warded": False,
        }
    totals = {"str": 0, "mp": 0, "def": 0, "hp_max": 0}
    warded = False
    for m in ch.modifiers:
        if m.stat == "ward":
            warded = True
        elif m.stat in totals:
            totals[m.stat] += m.amount
    for e in effects:
        if isinstance(e, ModifyStat):
            if e.stat in totals:
                totals[e.stat] += e.amount
        else:  # the two kinds there are: modifying and protecting
            warded = True
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


def attack_stat(state: LegendsState, attacker: str, stated: str | None, target: str) -> str:
    """R40: the stated stat under `choice`; otherwise (or when omitted) the better one."""
    b = state.battle
    assert b is not None
    characters = b.characters
    if stated is not None and state.config.attack_stat_rule == "choice":
        return stated
    return best_stat(state, characters[attacker], characters.get(target))


def defence_value(state: LegendsState, target: Character, stated: str | None) -> int:
    """R46, R48: 0 if vulnerable; else the stated stat, or the higher of DEF and MP."""
    if is_vulnerable(target):
        return 0
    if stated is not None:
        return eff(state, target, stated)
    return max(eff(state, target, "def"), eff(state, target, "mp"))


def _any_aura(b: Battle) -> bool:
    """Whether an aura may change a max HP: an EG stands, complete."""
    return bool(b.egs) and _auras_around(b)


def dying(state: LegendsState) -> list[Character]:
    """R77: the characters at 0 HP (`current_hp` ≤ 0). Undamaged ones are skipped (max HP
    is never below 1); one that no modifier, equipment or aura touches is at its printed
    max HP. Asked after every hit and every card's effect."""
    b = state.battle
    assert b is not None
    defs = state.card_defs()
    memo = aura_memo(state)
    found = []
    for ch in b.characters.values():  # `_max_hp_among`, inline: epic HP stays damaged
        damage = ch.damage
        if damage <= 0:
            continue
        most: int = defs[ch.iid].hp  # type: ignore[union-attr]  # (a character's card)
        if ch.modifiers or ch.equipment_iid is not None:
            most += _own_total(state, ch, "hp_max")
        if memo is not None:
            key = (ch.controller, ch.is_main, "hp_max")
            bonus = memo.get(key)
            if bonus is None:
                bonus = memo[key] = _aura_total(state, ch, "hp_max")
            most += bonus
        if damage >= (most if most > 1 else 1):
            found.append(ch)
    return found


def standing(state: LegendsState) -> set[str]:
    """Characters with HP above 0 now (to compare before and after a bonus ends); the
    printed max HP for those nothing touches, as in `dying`."""
    b = state.battle
    assert b is not None
    defs = state.card_defs()
    memo = aura_memo(state)
    found = set()
    for iid, ch in b.characters.items():
        if ch.modifiers or ch.equipment_iid is not None or memo is not None:
            if _max_hp_among(state, ch, memo) > ch.damage:
                found.add(iid)
        elif defs[ch.iid].hp > ch.damage:  # type: ignore[union-attr]
            found.add(iid)
    return found


def keep_alive(state: LegendsState, before: set[str]) -> None:
    """R75: when a max-HP bonus ends (a modifier expires, an aura or its EG goes), a
    character that was standing keeps 1 HP. Other losses of max HP (an aura newly reaching
    an exposed main) are not protected: those characters die (R77)."""
    characters = battle(state).characters
    for iid in before:
        ch = characters.get(iid)
        if ch is not None and current_hp(state, ch) <= 0:
            ch.damage = max_hp(state, ch) - 1
