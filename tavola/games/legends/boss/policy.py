"""The Automatic Boss policy (§5.14, BP1–BP16), also the reference bot of every bot seat.

It returns exactly one legal action for the seat it plays, uses no randomness of its own
(the RNG cuts and picks a main through the game, BP3 and R114), and breaks every tie
not otherwise broken by the lower instance id. Cards (BP5–BP7, BP11's plays) join it with
the magic, potions, equipment and Enchantgineering rules.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from tavola.core import Action

from .. import actions
from ..battle_setup import table_room
from ..cards import CharacterCard
from ..combat import reinforcers
from ..draws import may_use
from ..protection import battle
from ..state import Character, LegendsState
from ..stats import (
    attack_value,
    current_hp,
    defence_value,
    eff,
    is_asleep,
)
from . import cards as boss_cards
from .targets import able, dv, iid_key, opponent_order, ranked, target_order, val


def group(state: LegendsState, rank: Sequence[Character], t: str) -> list[Character]:
    """BP9: the attackers to send against t."""
    b = battle(state)
    target = b.characters.get(t)
    values = [val(state, a, target)[0] for a in rank]
    limit = state.config.max_joint_attackers
    if target is None:  # an EG: the `needed` weakest positive attackers, one hit each
        eg = b.egs[t]
        needed = eg.structure - eg.hits_taken
        positive = sorted(
            (pair for pair in zip(values, rank, strict=True) if pair[0] > 0),
            key=lambda pair: (pair[0], iid_key(pair[1].iid)),
        )
        chosen = [a for _, a in positive[:needed]]
        return chosen if limit is None or len(chosen) <= limit else chosen[:limit]
    need = dv(state, target)
    if state.config.mode == "classic":
        singles = [(v, a) for v, a in zip(values, rank, strict=True) if v > need]
        if singles:
            return [min(singles, key=lambda pair: pair[0])[1]]
        return _prefix(rank, values, lambda total: total > need, limit)

    def kills(total: int) -> bool:
        return total >= need + current_hp(state, target)

    if kills(sum(values)):
        return _prefix(rank, values, kills, limit)  # none if the cap cuts the kill short
    group = list(rank) if limit is None else list(rank[:limit])
    return group if sum(values[: len(group)]) > need else []


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
                    actions.DECLARE_ATTACK,
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
        return Action(actions.FORGO, iids=[a.iid for a in rank]) if rank else None
    if config.extra_draw_mode == "per_player" and not b.attack_skipped and not b.attacked_or_built:
        return Action(actions.SKIP_ATTACK)
    return None


def main_phase(state: LegendsState, seat: str) -> Action:
    """BP4: place, equip, play, build, attack, forgo, end the turn."""
    b = battle(state)
    if b.actions_this_turn >= state.config.max_actions_per_turn:
        return Action(actions.END_TURN)
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
        return Action(actions.PLACE_CHARACTER, iid=hand[0])
    card_move = (
        (boss_cards.equipment(state, seat) if b.equip_window_open else None)
        or boss_cards.card_play(state, seat)
        or boss_cards.build(state, seat)
    )
    if card_move is not None:
        return card_move
    if not b.attack_skipped:
        chosen = attack(state, seat, opponent_order(state, seat))
        if chosen is not None:
            return chosen
    return forgo(state, seat) or Action(actions.END_TURN)


def reinforce_or_pass(state: LegendsState, seat: str) -> Action:
    """BP12: add the cheapest character that makes the attack hit, or the strongest."""
    b = battle(state)
    fight = b.combat
    assert fight is not None
    target = b.characters.get(fight.target)
    rank = [a for a in ranked(state, seat, target) if a in reinforcers(state, seat)]
    if seat != fight.attacking_seat or target is None or not rank:
        return Action(actions.PASS)
    attack_now = sum(
        attack_value(state, b.characters[a.iid], a.stat, target)
        for a in fight.attackers
        if a.iid in b.characters and not is_asleep(b.characters[a.iid])
    )
    defence_now = defence_value(state, target, fight.defence_stat)
    if attack_now > defence_now:
        return Action(actions.PASS)
    enough = [a for a in rank if attack_now + val(state, a, target)[0] > defence_now]
    smallest = min(enough, key=lambda a: (val(state, a, target)[0], iid_key(a.iid)), default=None)
    chosen = smallest or rank[0]
    return Action(actions.REINFORCE, iid=chosen.iid, stat=val(state, chosen, target)[1])


def choose(state: LegendsState, seat: str) -> Action:
    """One legal action for `seat` in any battle decision."""
    phase = state.phase
    b = battle(state)
    if phase == "setup_main_choice":
        return Action(actions.CHOOSE_MAIN)  # R114: as on a timeout, the RNG picks
    if phase == "setup_formation":
        hand = [
            i
            for i in state.seats[seat].hand
            if isinstance(state.card(i), CharacterCard) and may_use(state, seat, i)
        ]
        room = table_room(state, seat)
        return Action(actions.PLACE_INITIAL, iids=hand if room is None else hand[: max(0, room)])
    if phase == "main":
        return main_phase(state, seat)
    if phase == "counter":  # BP14
        active = b.active_seat
        chosen = (
            (boss_cards.equipment(state, seat) if b.equip_window_open else None)
            or boss_cards.card_play(state, seat)
            or (attack(state, seat, [active]) if active is not None else None)
        )
        return chosen or Action(actions.END_COUNTER)
    fight = b.combat
    assert fight is not None
    if phase == "defence_setup":  # BP13
        target = b.characters.get(fight.target)
        if target is None:
            return Action(actions.DEFENCE_READY)
        if target.controller == seat and target.equipment_iid is None:
            equip = boss_cards.equipment(state, seat, only_on=target.iid)
            if equip is not None:
                return equip
        stat = "def" if eff(state, target, "def") >= eff(state, target, "mp") else "mp"
        return Action(actions.DEFENCE_READY, defence_stat=stat)
    if seat == fight.attacking_seat:  # BP12
        return reinforce_or_pass(state, seat)
    return boss_cards.defend(state, seat) or Action(actions.PASS)  # BP11, BP15
