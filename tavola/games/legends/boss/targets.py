"""The Automatic Boss's measures (§5.14 definitions): pot, val, dv, the able characters R,
the opponent order O and each seat's target order; ties go to the lower instance id."""

from __future__ import annotations

import re

from ..protection import alive_characters, attack_targets, battle, opponents
from ..state import Character, LegendsState
from ..stats import current_hp, eff, is_vulnerable, is_warded
from ..status import is_asleep


def iid_key(iid: str) -> tuple[int, int, str]:
    """Lower iid number first; mains (m<seat>) before numbered cards."""
    digits = re.sub(r"\D", "", iid)
    return (0 if iid.startswith("m") else 1, int(digits) if digits else 0, iid)


def pot(state: LegendsState, a: Character) -> int:
    return max(eff(state, a, "str"), eff(state, a, "mp"))


def val(state: LegendsState, a: Character, t: Character | None) -> tuple[int, str]:
    """The attack value against t and the stat giving it (STR on ties)."""
    strength = eff(state, a, "str")
    magic = 0 if t is not None and is_warded(state, t) else eff(state, a, "mp")
    return (magic, "mp") if magic > strength else (strength, "str")


def dv(state: LegendsState, t: Character | None) -> int:
    """0 for an EG or a vulnerable character, else the higher of DEF and MP."""
    if t is None or is_vulnerable(t):
        return 0
    return max(eff(state, t, "def"), eff(state, t, "mp"))


def able(state: LegendsState, seat: str) -> list[Character]:
    """Characters satisfying R11."""
    return [
        c
        for c in alive_characters(state, seat)
        if not c.exhausted and not is_asleep(c) and not c.forwent
    ]


def ranked(state: LegendsState, seat: str, t: Character | None) -> list[Character]:
    """R: able characters by val against t, highest first, then lower iid."""
    return sorted(able(state, seat), key=lambda a: (-val(state, a, t)[0], iid_key(a.iid)))


def opponent_order(state: LegendsState, seat: str) -> list[str]:
    """O: opponents oldest first; equal ages, later in turn order first (the boss, ageless,
    counts as the youngest)."""
    return sorted(
        opponents(state, seat),
        key=lambda s: (-(state.seats[s].age or 0), -state.turn_order.index(s)),
    )


def target_order(state: LegendsState, defender: str) -> list[str]:
    """One seat's legal targets: its main; vulnerable characters by HP; ready ones by dv
    then HP; then EGs, complete first, then by remaining hits."""
    b = battle(state)

    def key(iid: str) -> tuple[int, int, int, tuple[int, int, str]]:
        ch = b.characters.get(iid)
        if ch is None:
            eg = b.egs[iid]
            return (3, 0 if eg.complete else 1, eg.structure - eg.hits_taken, iid_key(iid))
        if ch.is_main:
            return (0, 0, 0, iid_key(iid))
        if is_vulnerable(ch):
            return (1, current_hp(state, ch), 0, iid_key(iid))
        return (2, dv(state, ch), current_hp(state, ch), iid_key(iid))

    return sorted(attack_targets(state, defender), key=key)
