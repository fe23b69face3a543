"""Inline cards and positions for the card-rule tests (§3.2, §5.8–§5.10): magic, potions,
equipment and Enchantgineering written as catalogue entries, the effects of the closed
language, and the three card actions (A5, A6, A7)."""

from __future__ import annotations

from typing import Any

from tavola.core import Action, Table

from .battle_tables import battle, char, on

SIDES = {"good": "lawful_good", "neutral": "true_neutral", "evil": "lawful_evil"}

SEER = char("X-SEER", 200, 10, 60, 20)
"""MP 60: its seat meets the magic requirement (R64) and half of R90's."""
BRUTE = char("X-BRUTE", 200, 60, 10, 20)
"""STR 60: the other half of R90's requirement."""
KNAVE = char("X-KNAVE", 100, 20, 20, 20)
"""A plain builder or bystander."""
TARGET = char("X-TARGET", 300, 10, 0, 10)
"""A plain 300-HP target."""
STANDARD = (SEER, BRUTE, KNAVE, TARGET)


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


def magic(card_id: str, target: str, *effects: dict[str, Any], side: str = "neutral"):
    return _card(card_id, "magic", side, target=target, effects=list(effects))


def potion(card_id: str, target: str, *effects: dict[str, Any], side: str = "neutral"):
    return _card(card_id, "potion", side, target=target, effects=list(effects))


def equipment(card_id: str, *effects: dict[str, Any], side: str = "neutral"):
    return _card(card_id, "equipment", side, effects=list(effects))


def eg(card_id: str, phases: int, *auras: dict[str, Any], side: str = "neutral"):
    return _card(card_id, "enchantgineering", side, phases=phases, auras=list(auras))


# -- the effect language (§3.2) ---------------------------------------------------------------


def damage(amount: int) -> dict[str, Any]:
    return {"kind": "damage", "amount": amount}


def heal(amount: int | str) -> dict[str, Any]:
    return {"kind": "heal", "amount": amount}


def modify(stat: str, amount: int, duration: str = "permanent") -> dict[str, Any]:
    return {"kind": "modify_stat", "stat": stat, "amount": amount, "duration": duration}


def sleep(turns: int) -> dict[str, Any]:
    return {"kind": "sleep", "turns": turns}


def wake() -> dict[str, Any]:
    return {"kind": "wake"}


def ward(duration: str = "permanent") -> dict[str, Any]:
    return {"kind": "protect_magic", "duration": duration}


def parry() -> dict[str, Any]:
    return {"kind": "parry"}


def draw(count: int) -> dict[str, Any]:
    return {"kind": "draw", "count": count}


def discard(count: int) -> dict[str, Any]:
    return {"kind": "discard", "count": count}


def revive(hp: int | str) -> dict[str, Any]:
    return {"kind": "revive", "hp": hp}


def siege(hits: int) -> dict[str, Any]:
    return {"kind": "siege", "hits": hits}


def draw_per_turn(count: int) -> dict[str, Any]:
    return {"kind": "draw_per_turn", "count": count}


def discard_per_turn(count: int) -> dict[str, Any]:
    return {"kind": "discard_per_turn", "count": count}


def aura(effect: dict[str, Any], applies_to: str) -> dict[str, Any]:
    return {**effect, "applies_to": applies_to}


# -- positions and actions ------------------------------------------------------------------


def position(seats: dict[str, dict[str, Any]], *cards: dict[str, Any], **options: Any) -> Table:
    """A scripted battle (`battle_tables.battle`) whose catalogue holds the standard
    characters above and `cards` (each card id once)."""
    catalog: dict[str, dict[str, Any]] = {c["card_id"]: c for c in (*STANDARD, *cards)}
    return battle(seats, cards=list(catalog.values()), **options)


def duel(
    *cards: dict[str, Any],
    p1: Any = (),
    h1: Any = (),
    p2: Any = (),
    h2: Any = (),
    g1: Any = (),
    g2: Any = (),
    **options: Any,
) -> Table:
    """P1 (table `p1`, hand `h1`, EGs `g1`) against P2 (`p2`, `h2`, `g2`), both with the
    neutral 500-HP main `m<seat>`; `cards` are the inline cards used."""
    return position(
        {
            "P1": {"table": list(p1), "hand": list(h1), "egs": list(g1)},
            "P2": {"table": list(p2), "hand": list(h2), "egs": list(g2)},
        },
        *cards,
        **options,
    )


def standing(card_id: str, iid: str, **fields: Any) -> dict[str, Any]:
    """An EG entry for a scripted table (complete unless `progress` is given)."""
    return {"card": card_id, "iid": iid, **fields}


def held(card_id: str, iid: str) -> dict[str, Any]:
    """A hand entry with a fixed instance id."""
    return on(card_id, iid)


def play(iid: str, target: str | None = None) -> Action:
    if target is None:
        return Action("play_card", iid=iid)
    return Action("play_card", iid=iid, target=target)


def assign(eq_iid: str, char_iid: str) -> Action:
    return Action("assign_equipment", eq_iid=eq_iid, char_iid=char_iid)


def build(eg_iid: str, *builders: str) -> Action:
    return Action("build", eg_iid=eg_iid, builders=list(builders))


def eg_state(table: Table, iid: str):
    """The Enchantgineering `iid` on a table (None once it left)."""
    return table.state.battle.egs.get(iid)


def discard_pile(table: Table) -> list[str]:
    return list(table.state.discard)


WARD_MOD = {"stat": "ward", "amount": 0, "duration": "round"}
"""A scripted ward modifier (as left by a `protect_magic` card of duration `round`)."""
