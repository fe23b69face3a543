"""The Automatic Boss policy (§5.14, BP1–BP16), also the reference bot of every bot seat.

It returns exactly one legal action for the seat it plays, uses no randomness of its own
(the RNG cuts and picks a main through the game, BP3 and R114), and breaks every tie
not otherwise broken by the lower instance id. Cards (BP5–BP7, BP11's plays) join it with
the magic, potions, equipment and Enchantgineering rules.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from tavola.core import Action

from .actions import (
    CHOOSE_MAIN,
    DECLARE_ATTACK,
    DEFENCE_READY,
    END_COUNTER,
    END_TURN,
    FORGO,
    PASS,
    PLACE_CHARACTER,
    PLACE_INITIAL,
    REINFORCE,
    SKIP_ATTACK,
)
from .battle_setup import table_room
from .cards import CharacterCard
from .draws import may_use
from .protection import alive_characters, attack_targets, battle, opponents
from .state import Character, LegendsState
from .stats import (
    attack_value,
    current_hp,
    defence_value,
    eff,
    is_asleep,
    is_vulnerable,
    is_warded,
)


def iid_key(iid: str) -> tuple[int, int, str]:
    """Lower iid number first; mains (m<seat>) before numbered cards."""
    digits = re.sub(r"\D", "", iid)
    return (0 if iid.startswith("m") else 1, int(digits) if digits else 0, iid)


def pot(state: LegendsState, a: Character) -> int:
    return max(eff(state, a, "str"), eff(state, a, "mp"))


def val(state: LegendsState, a: Character, t: Character | None) -> tuple[int, str]:
    """BP: the attack value against t and the stat giving it (STR on ties)."""
    strength = eff(state, a, "str")
    magic = 0 if t is not None and is_warded(state, t) else eff(state, a, "mp")
    return (magic, "mp") if magic > strength else (strength, "str")


def dv(state: LegendsState, t: Character | None) -> int:
    """BP: 0 for an EG or a vulnerable character, else the higher of DEF and MP."""
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
    foes = opponents(state, seat)
    return sorted(
        foes,
        key=lambda s: (-(state.seats[s].age or 0), -state.turn_order.index(s)),
    )


def target_order(state: LegendsState, defender: str) -> list[str]:
    """The legal targets of one seat: its main; vulnerable characters by HP; ready ones by
    dv then HP; then EGs."""
    characters = battle(state).characters
    legal = attack_targets(state, defender)

    def key(iid: str) -> tuple[int, int, int, tuple[int, int, str]]:
        ch = characters.get(iid)
        if ch is None:
            return (3, 0, 0, iid_key(iid))
        if ch.is_main:
            return (0, 0, 0, iid_key(iid))
        if is_vulnerable(ch):
            return (1, current_hp(state, ch), 0, iid_key(iid))
        return (2, dv(state, ch), current_hp(state, ch), iid_key(iid))

    return sorted(legal, key=key)


def group(state: LegendsState, rank: Sequence[Character], t: str) -> list[Character]:
    """BP9: the attackers to send against t."""
    target = battle(state).characters.get(t)
    values = [val(state, a, target)[0] for a in rank]
    limit = state.config.max_joint_attackers
    if target is None:
        return []  # Enchantgineering targets join with their rules
    need = dv(state, target)
    if state.config.mode == "classic":
        singles = [(v, a) for v, a in zip(values, rank, strict=True) if v > need]
        if singles:
            return [min(singles, key=lambda pair: pair[0])[1]]
        return _prefix(rank, values, lambda total: total > need, limit)
    kill = _prefix(rank, values, lambda total: total >= need + current_hp(state, target), limit)
    if kill:
        return kill
    if sum(values) > need and (limit is None or len(rank) <= limit):
        return list(rank)
    return []


def _prefix(
    rank: Sequence[Character], values: list[int], enough: Callable[[int], bool], limit: int | None
) -> list[Character]:
    total = 0
    for i, value in enumerate(values):
        total += value
        if enough(total):
            return list(rank[: i + 1]) if limit is None or i + 1 <= limit else []
    return []


def attack(state: LegendsState, seat: str, order: list[str]) -> Action | None:
    """BP8: the first non-empty group against the first target, seats in O order."""
    characters = battle(state).characters
    for defender in order:
        for t in target_order(state, defender):
            rank = ranked(state, seat, characters.get(t))
            chosen = group(state, rank, t)
            if chosen:
                return Action(
                    DECLARE_ATTACK,
                    attackers=[
                        {"iid": a.iid, "stat": val(state, a, characters.get(t))[1]} for a in chosen
                    ],
                    target=t,
                )
    return None


def forgo(state: LegendsState, seat: str) -> Action | None:
    """BP10: forgo every character still able (per character), or skip (per player)."""
    b = battle(state)
    config = state.config
    if config.extra_draw_mode == "per_character":
        rank = sorted(
            (a for a in able(state, seat) if not a.acted_this_turn), key=lambda a: iid_key(a.iid)
        )
        cap = config.max_forgo_draws_per_turn
        if cap is not None:
            rank = rank[: max(0, cap - b.forgo_draws_this_turn)]
        return Action(FORGO, iids=[a.iid for a in rank]) if rank else None
    if config.extra_draw_mode == "per_player" and not b.attack_skipped and not b.attacked_or_built:
        return Action(SKIP_ATTACK)
    return None


def main_phase(state: LegendsState, seat: str) -> Action:
    """BP4: place, (cards), attack, forgo, end the turn."""
    b = battle(state)
    if b.actions_this_turn >= state.config.max_actions_per_turn:
        return Action(END_TURN)
    room = table_room(state, seat)
    hand = sorted(
        (
            i
            for i in state.seats[seat].hand
            if isinstance(state.card(i), CharacterCard) and may_use(state, seat, i)
        ),
        key=iid_key,
    )
    if hand and (room is None or room > 0):
        return Action(PLACE_CHARACTER, iid=hand[0])
    if not b.attack_skipped:
        chosen = attack(state, seat, opponent_order(state, seat))
        if chosen is not None:
            return chosen
    return forgo(state, seat) or Action(END_TURN)


def reinforce_or_pass(state: LegendsState, seat: str) -> Action:
    """BP12: add the cheapest character that makes the attack hit, or the strongest."""
    b = battle(state)
    fight = b.combat
    assert fight is not None
    target = b.characters.get(fight.target)
    from .combat import reinforcers

    rank = [a for a in ranked(state, seat, target) if a in reinforcers(state, seat)]
    if seat != fight.attacking_seat or target is None or not rank:
        return Action(PASS)
    attack_now = sum(
        attack_value(state, b.characters[a.iid], a.stat, target)
        for a in fight.attackers
        if a.iid in b.characters and not is_asleep(b.characters[a.iid])
    )
    defence_now = defence_value(state, target, fight.defence_stat)
    if attack_now > defence_now:
        return Action(PASS)
    enough = [a for a in reversed(rank) if attack_now + val(state, a, target)[0] > defence_now]
    chosen = enough[0] if enough else rank[0]
    return Action(REINFORCE, iid=chosen.iid, stat=val(state, chosen, target)[1])


def choose(state: LegendsState, seat: str) -> Action:
    """One legal action for `seat` in any battle decision."""
    phase = state.phase
    b = battle(state)
    if phase == "setup_main_choice":
        return Action(CHOOSE_MAIN)  # R114: as on a timeout, the RNG picks
    if phase == "setup_formation":
        hand = [
            i
            for i in state.seats[seat].hand
            if isinstance(state.card(i), CharacterCard) and may_use(state, seat, i)
        ]
        room = table_room(state, seat)
        return Action(PLACE_INITIAL, iids=hand if room is None else hand[: max(0, room)])
    if phase == "main":
        return main_phase(state, seat)
    if phase == "counter":
        active = b.active_seat
        chosen = attack(state, seat, [active]) if active is not None else None
        return chosen or Action(END_COUNTER)
    if phase == "defence_setup":
        assert b.combat is not None
        target = b.characters.get(b.combat.target)
        if target is None:
            return Action(DEFENCE_READY)
        stat = "def" if eff(state, target, "def") >= eff(state, target, "mp") else "mp"
        return Action(DEFENCE_READY, defence_stat=stat)
    return reinforce_or_pass(state, seat)
