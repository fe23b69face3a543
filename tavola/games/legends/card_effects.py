"""What each effect of the closed language does (R66–R84, §3.2), once its card is played
and its targets are known; and the deaths and eliminations that follow."""

from __future__ import annotations

from tavola.core import Event

from .battle_setup import place
from .draws import discard_random, draw
from .effects import (
    Damage,
    Discard,
    Draw,
    Effect,
    Heal,
    ModifyStat,
    Parry,
    ProtectMagic,
    Revive,
    Siege,
    Sleep,
    Wake,
)
from .enchantgineering import add_hits
from .protection import battle
from .state import Character, LegendsState, Modifier
from .stats import current_hp, printed

Target = str
"""A character or EG iid, a seat id, or a card iid in the discard pile (revive)."""


def _duration(state: LegendsState, duration: str) -> tuple[str, int | None]:
    """R71: `combat` outside a combat behaves as `turn`."""
    b = state.battle
    assert b is not None
    fight = b.combat
    if duration == "combat":
        return ("combat", fight.combat_id) if fight is not None else ("turn", None)
    return duration, fight.combat_id if fight is not None else None


def add_modifier(
    state: LegendsState, ch: Character, stat: str, amount: int, duration: str, source: str
) -> None:
    kind, combat_id = _duration(state, duration)
    ch.modifiers.append(Modifier(stat, amount, kind, source, combat_id, battle(state).turn_no))


def apply_effect(
    state: LegendsState,
    caster: str,
    source: str,
    effect: Effect,
    target: Target,
    events: list[Event],
) -> None:
    """One effect on one target; the caller settles deaths after each effect. A parry marks
    the open combat parried (R78)."""
    b = state.battle
    assert b is not None
    detail: dict[str, object] = {}
    if isinstance(effect, ModifyStat | ProtectMagic | Heal | Damage | Sleep | Wake | Parry):
        if isinstance(effect, Parry):
            assert b.combat is not None
            b.combat.parried = True
        else:
            detail = _on_character(state, b.characters[target], source, effect, events)
    elif isinstance(effect, Draw):
        for _ in range(effect.count):
            draw(state, caster, events)
    elif isinstance(effect, Discard):
        detail = {"cards": discard_random(state, target, effect.count, events)}
    elif isinstance(effect, Revive):
        detail = _revive(state, caster, target, effect)
    elif isinstance(effect, Siege):
        add_hits(state, target, effect.hits, events)
    events.append(
        Event(
            "effect_applied",
            {
                "source": source,
                "card_id": state.instances[source],
                "kind": effect.kind,
                "target": target,
                "effect": effect.model_dump(),
                **detail,
            },
        )
    )


def _on_character(
    state: LegendsState, ch: Character, source: str, effect: Effect, events: list[Event]
) -> dict[str, object]:
    """A character effect: modify_stat (R75) and ward (R70) as modifiers, heal (R73),
    damage (R74), sleep and wake (R76, by R12's counts)."""
    if isinstance(effect, ModifyStat):
        add_modifier(state, ch, effect.stat, effect.amount, effect.duration, source)
        return {"stat": effect.stat, "amount": effect.amount, "duration": effect.duration}
    if isinstance(effect, ProtectMagic):
        add_modifier(state, ch, "ward", 0, effect.duration, source)
        return {"duration": effect.duration}
    if isinstance(effect, Heal):
        before = ch.damage
        ch.damage = 0 if effect.amount == "full" else max(0, ch.damage - effect.amount)
        events.append(Event("healed", {"iid": ch.iid, "amount": before - ch.damage}))  # R73
        return {"amount": before - ch.damage}
    if isinstance(effect, Damage):
        ch.damage += effect.amount  # R74: never grouped by 100
        hp_after = max(0, current_hp(state, ch))
        events.append(
            Event("damage_dealt", {"iid": ch.iid, "amount": effect.amount, "hp_after": hp_after})
        )
        return {"amount": effect.amount}
    if isinstance(effect, Sleep):
        ch.sleep_remaining = max(ch.sleep_remaining, effect.turns)  # R12
        return {"turns": effect.turns}
    assert isinstance(effect, Wake)
    ch.sleep_remaining = 0
    ch.sleep_counts = False
    events.append(Event("character_woke", {"iid": ch.iid}))
    return {}


def _revive(state: LegendsState, caster: str, iid: str, effect: Revive) -> dict[str, object]:
    """R80: back to the caster's table, ready, bare, with HP = min(hp, printed HP)."""
    state.discard.remove(iid)
    ch = place(state, caster, iid)
    printed_hp = printed(state, ch).hp
    hp = printed_hp if effect.hp == "full" else min(effect.hp, printed_hp)
    ch.damage = printed_hp - hp
    return {"hp": hp}
