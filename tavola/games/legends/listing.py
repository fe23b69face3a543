"""The battle actions a listing holds, each made once and shared (issue 21). An action is an
immutable value, and a battle lists the same ones step after step (each attacker against
each target, each reinforcement, each card on each target): found again in a memo, one
costs a dictionary look-up instead of a new object. The memo holds plain values (instance
ids, seat ids, stat names), so games, clones and threads share it safely; it starts over
once it holds `LIMIT` actions (some 15 MB at most)."""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from tavola.core import Action

from .actions import (
    ASSIGN_EQUIPMENT,
    BUILD,
    CHOOSE_MAIN,
    CUT_DECK,
    DECLARE_ATTACK,
    FORGO,
    PLACE_CHARACTER,
    PLAY_CARD,
    REINFORCE,
)

LIMIT = 20_000
_memo: dict[tuple[str, ...], Action] = {}


_by_target: dict[tuple[tuple[str, ...], str], dict[str, tuple[Action, ...]]] = {}
_joining: dict[tuple[str, ...], dict[str, tuple[Action, ...]]] = {}
"""The same actions as `_memo`'s, grouped the way the listing reads them."""


def _keep(key: tuple[str, ...], action: Action) -> Action:
    if len(_memo) >= LIMIT:  # the groups hold the same actions: they start over too
        _memo.clear()
        _by_target.clear()
        _joining.clear()
    _memo[key] = action
    return action


def attacks(attackers: list[str], stats: tuple[str, ...], targets: list[str]) -> list[Action]:
    """Each attacker with each stat against each target, by target. A main phase lists
    dozens of these at every step: they are kept by target, then by attacker, each
    attacker's actions (one per stat) together."""
    out: list[Action] = []
    for t in targets:
        try:  # subscripts, not `get`: a method call costs more than a rare KeyError
            row = _by_target[(stats, t)]
        except KeyError:
            row = _by_target[(stats, t)] = {}
        for a in attackers:
            try:
                out += row[a]
            except KeyError:
                out += row.setdefault(a, tuple([attack(a, s, t) for s in stats]))
    return out


def reinforcements(iids: list[str], stats: tuple[str, ...]) -> list[Action]:
    """Each ready character joining the attack with each stat."""
    try:
        row = _joining[stats]
    except KeyError:
        row = _joining[stats] = {}
    out: list[Action] = []
    for i in iids:
        try:
            out += row[i]
        except KeyError:
            out += row.setdefault(i, tuple([reinforce(i, s) for s in stats]))
    return out


def placements(iids: tuple[str, ...]) -> list[Action]:
    """Each usable character of a hand placed."""
    memo = _memo
    return [memo.get((PLACE_CHARACTER, i)) or place(i) for i in iids]


def forgoes(iids: list[str]) -> list[Action]:
    """Each character forgoing its attack, alone."""
    memo = _memo
    return [memo.get((FORGO, i)) or forgo(i) for i in iids]


def _attacker(iid: str, stat: str) -> dict[str, str]:
    """An attacker entry: the stat is named only when the rules let the seat choose it."""
    return {"iid": iid, "stat": stat} if stat else {"iid": iid}


def _shared(key: tuple[str, ...], args: dict[str, Any]) -> Action:
    """The action `key` names (its kind first, then what tells it apart) with `args`: the
    one in the memo, else this one, kept there."""
    found = _memo.get(key)
    if found is not None:
        return found
    return _keep(key, Action.frozen(key[0], args))


def attack(iid: str, stat: str, target: str) -> Action:
    attackers = (MappingProxyType(_attacker(iid, stat)),)
    return _shared((DECLARE_ATTACK, iid, stat, target), {"attackers": attackers, "target": target})


def reinforce(iid: str, stat: str) -> Action:
    return _shared((REINFORCE, iid, stat), _attacker(iid, stat))


def place(iid: str) -> Action:
    return _shared((PLACE_CHARACTER, iid), {"iid": iid})


def forgo(iid: str) -> Action:
    return _shared((FORGO, iid), {"iids": (iid,)})


def build(eg: str, builder: str) -> Action:
    return _shared((BUILD, eg, builder), {"eg_iid": eg, "builders": (builder,)})


def assign(card: str, bearer: str) -> Action:
    return _shared((ASSIGN_EQUIPMENT, card, bearer), {"eq_iid": card, "char_iid": bearer})


def play(iid: str, target: str | None) -> Action:
    """A card played on a target, or with none (areas and fixed targets)."""
    if target is None:
        return _shared((PLAY_CARD, iid), {"iid": iid})
    return _shared((PLAY_CARD, iid, target), {"iid": iid, "target": target})


def choose_main(card_id: str) -> Action:
    """A main chosen by its card (S3)."""
    return _shared((CHOOSE_MAIN, card_id), {"card_id": card_id})


_cuts: dict[int, tuple[Action, ...]] = {}
"""Deck size → its cuts: a game lists them once, and a short game's setup is a good part
of its cost. Few deck sizes occur, so this memo has no bound."""


def cuts(size: int) -> tuple[Action, ...]:
    """Cutting a deck of `size` cards: at random (no number), or under each of its cards
    but the last."""
    found = _cuts.get(size)
    if found is None:
        found = _cuts[size] = (
            Action(CUT_DECK),
            *[Action.frozen(CUT_DECK, {"k": k}) for k in range(1, size)],
        )
    return found
