"""Positions with an Automatic Boss for the BP tests (§5.14): good player seats P1…Pn
against the boss seat B, inline cards, and small drivers that let the reference policy
decide for a seat."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tavola.core import Action, Table
from tavola.games.legends import stats

from .battle_tables import char
from .battle_tables import on as on  # re-exported for the tests

SIDES = {"good": "lawful_good", "neutral": "true_neutral", "evil": "lawful_evil"}

HERO = char("X-HERO", 500, 10, 0, 10, side="good")
"""The default main of every player seat (good, 500 HP, STR 10, DEF 10)."""
BOSS = char("X-BOSS", 800, 10, 0, 10, side="evil")
"""The default boss main (evil, 800 HP, STR 10, DEF 10)."""
FILLER = "S1-040"
"""A neutral parry potion: any seat may hold it and the boss never plays it outside BP11."""
RESTING = {"card": "X-BOSS", "exhausted": True}
"""The boss main, exhausted: out of R, so that only the listed characters attack."""


def villain(card_id: str, hp: int = 300, str_: int = 10, mp: int = 0, def_: int = 10):
    """An evil character the boss may use."""
    return char(card_id, hp, str_, mp, def_, side="evil")


def hero(card_id: str, hp: int = 300, str_: int = 10, mp: int = 0, def_: int = 10):
    """A good character for the player seats."""
    return char(card_id, hp, str_, mp, def_, side="good")


def _card(card_id: str, kind: str, side: str, **fields: Any) -> dict[str, Any]:
    return {
        "card_id": card_id,
        "name": card_id,
        "type": kind,
        "rarity": "C",
        "series": "X",
        "alignment": SIDES[side],
        **fields,
    }


def potion(card_id: str, target: str, *effects: dict[str, Any], side: str = "evil"):
    return _card(card_id, "potion", side, target=target, effects=list(effects))


def magic(card_id: str, target: str, *effects: dict[str, Any], side: str = "evil"):
    return _card(card_id, "magic", side, target=target, effects=list(effects))


def equipment(card_id: str, *effects: dict[str, Any], side: str = "evil"):
    return _card(card_id, "equipment", side, effects=list(effects))


def eg(card_id: str, phases: int, *auras: dict[str, Any], side: str = "evil"):
    return _card(card_id, "enchantgineering", side, phases=phases, auras=list(auras))


def heal(amount: int | str) -> dict[str, Any]:
    return {"kind": "heal", "amount": amount}


def damage(amount: int) -> dict[str, Any]:
    return {"kind": "damage", "amount": amount}


def modify(stat: str, amount: int, duration: str = "permanent") -> dict[str, Any]:
    return {"kind": "modify_stat", "stat": stat, "amount": amount, "duration": duration}


def sleep(turns: int = 1) -> dict[str, Any]:
    return {"kind": "sleep", "turns": turns}


def wake() -> dict[str, Any]:
    return {"kind": "wake"}


def ward(duration: str = "permanent") -> dict[str, Any]:
    return {"kind": "protect_magic", "duration": duration}


def parry() -> dict[str, Any]:
    return {"kind": "parry"}


def draw(count: int = 1) -> dict[str, Any]:
    return {"kind": "draw", "count": count}


def discard(count: int = 1) -> dict[str, Any]:
    return {"kind": "discard", "count": count}


def revive(hp: int | str) -> dict[str, Any]:
    return {"kind": "revive", "hp": hp}


def siege(hits: int) -> dict[str, Any]:
    return {"kind": "siege", "hits": hits}


def aura(effect: dict[str, Any], applies_to: str) -> dict[str, Any]:
    return {**effect, "applies_to": applies_to}


def mod(stat: str, amount: int, duration: str = "permanent") -> dict[str, Any]:
    """A modifier already on a character in a scripted position."""
    return {"stat": stat, "amount": amount, "duration": duration}


WARDED = {"stat": "ward", "amount": 0, "duration": "permanent"}
"""A ward modifier (R70) already on a character."""


def boss_battle(
    seats: dict[str, dict[str, Any]],
    *,
    cards: list[dict[str, Any]] | tuple[dict[str, Any], ...] = (),
    ages: dict[str, int] | None = None,
    mode: str = "classic",
    level: int = 1,
    turn_order: list[str] | None = None,
    active: str = "B",
    seed: int = 0,
    deck: list[str] | None = None,
    discard: list[str] | None = None,
    start: str | None = None,
    **options: Any,
) -> Table:
    """A scripted good-vs-evil battle against the boss. `seats` maps P1…Pn and B to
    {main, hand, table, egs}; player mains default to HERO, the boss main to RESTING.
    Ages default to 20, 30, …; the turn order to P1…Pn then B; the boss is active."""
    players = sorted((s for s in seats if s != "B"), key=lambda s: int(s[1:]))
    config: dict[str, Any] = {
        "mode": mode,
        "sides": "good_vs_evil",
        "players": [
            {
                "name": seat,
                "age": (ages or {}).get(seat, 20 + 10 * i),
                "team": "good",
                "main_card_id": "X-HERO",
            }
            for i, seat in enumerate(players)
        ],
        "boss": {"main_card_id": "X-BOSS", "level": level},
        "catalog": ["starter_S1", HERO, BOSS, *cards],
        **options,
    }
    layout = {s: {"main": "X-HERO", **spec} for s, spec in seats.items() if s != "B"}
    layout["B"] = {"main": RESTING, **seats.get("B", {})}
    setup: dict[str, Any] = {
        "turn_order": turn_order or [*players, "B"],
        "active": active,
        "seats": layout,
    }
    for key, value in (("deck", deck), ("discard", discard), ("start", start)):
        if value is not None:
            setup[key] = value
    return Table("legends", config, seed, setup)


def awaited(table: Table) -> str:
    (seat,) = table.to_act
    return seat


def decide(table: Table, seat: str | None = None) -> Action:
    """The reference policy's action for `seat` (default: the seat awaited)."""
    seat = seat or awaited(table)
    return table.game.reference_bot(0).choose(table.game, table.state, seat)


def step(table: Table, seat: str | None = None) -> Action:
    """Lets the policy decide for the awaited seat and applies the action."""
    seat = seat or awaited(table)
    action = decide(table, seat)
    table.act(seat, action)
    return action


def run(table: Table, until: Callable[[Table], bool], limit: int = 100) -> list[tuple[str, Action]]:
    """Every seat plays by the policy until `until(table)` holds; returns the moves."""
    moves: list[tuple[str, Action]] = []
    for _ in range(limit):
        if table.outcome is not None or until(table):
            return moves
        seat = awaited(table)
        moves.append((seat, step(table, seat)))
    raise AssertionError("the position did not settle")


def settle(table: Table) -> list[tuple[str, Action]]:
    """Lets the policy play every seat until the open combat has ended."""
    return run(table, lambda t: t.state.battle.combat is None)


def declare(*attackers: str | tuple[str, str], target: str) -> Action:
    """The expected `declare_attack`: `declare("V1", ("V2", "mp"), target="X")`."""
    entries = [
        {"iid": a, "stat": "str"} if isinstance(a, str) else {"iid": a[0], "stat": a[1]}
        for a in attackers
    ]
    return Action("declare_attack", attackers=entries, target=target)


def play(iid: str, target: str | None = None) -> Action:
    return (
        Action("play_card", iid=iid)
        if target is None
        else Action("play_card", iid=iid, target=target)
    )


def hp_of(table: Table, iid: str) -> int:
    return stats.current_hp(table.state, table.state.battle.characters[iid])
