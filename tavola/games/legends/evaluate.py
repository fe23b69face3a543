"""How promising a position looks to one seat: the heuristic the search bots (greedy,
ISMCTS) stop at instead of playing to the end.

It is called on determinized worlds, so it may read the whole state. The unit is about one
character on the table: R108 ranks a battle that reaches the round cap by alive characters,
then by their HP, and a seat lives as long as its main (R104). Three things look ahead:
an open combat counts as resolved (R47–R52, no card played), so that declaring an attack is
worth what it will do; sealed setup choices count as revealed (A1, A3); and what the
opponents can kill with their attacks before the seat's characters recover (R9, R32, R48)
counts as likely lost. The simplified mode counts cards in piles (R127).
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import CharacterCard
from .combat import hit_damage
from .draws import may_use
from .protection import battle
from .state import Battle, Character, LegendsState
from .stats import attack_value, defence_value, eff, is_asleep, max_hp

WIN = 100.0
"""A finished game: far beyond any position still in play."""

ALIVE = 1.0
"""A character on the table (R108's first criterion)."""
HP = 1 / 500
"""Per current HP point (R108's second); a classic hit is 100."""
MAIN_ALIVE = 3.0
"""The main on top of being a character: the seat falls with it (R104)."""
MAIN_HP = 1.5
"""The main's share of its own HP left: how far it is from falling."""
CHARACTER_IN_HAND = 0.5
"""A character the seat may place later."""
OTHER_CARD = 0.25
"""Any other card in hand: a play, an item or an EG to come."""
EG_PHASE = 0.15
EG_COMPLETE = 0.6
LIKELY_LOST = 0.6
"""How likely the opponents take what their attacks can kill before the seat's characters
recover; when that includes the main, the seat itself."""
PILE_CARD = 0.1
"""The simplified mode: one card in a seat's pile."""


def evaluate(state: LegendsState, seat: str) -> float:
    """Higher is better for `seat`: its team's standing minus the strongest opposing team's
    (a finished game: ±`WIN`, 0 for a draw it shares)."""
    result = state.result
    if result is not None:
        if seat not in result.winners:
            return -WIN
        return 0.0 if result.draw else WIN
    if state.battle is None:
        return _piles(state, seat)
    b = battle(state)
    projected = _projected_damage(state, b)
    auras = any(eg.complete for eg in b.egs.values())  # R93: only complete EGs reach
    stats = {iid: _effective(state, ch, auras) for iid, ch in b.characters.items()}
    teams: dict[str, float] = {}
    for other, info in state.seats.items():
        score = 0.0 if info.eliminated else _seat_standing(state, b, other, projected, stats)
        teams[info.team] = teams.get(info.team, 0.0) + score
    own = state.seats[seat].team
    rivals = [score for team, score in teams.items() if team != own]
    return teams[own] - (max(rivals) if rivals else 0.0)


Stats = dict[str, tuple[int, int, int, int]]
"""Per character: effective max HP, STR, MP and DEF (R72)."""


def _effective(state: LegendsState, ch: Character, auras: bool) -> tuple[int, int, int, int]:
    card = state.catalog[state.instances[ch.iid]]
    assert isinstance(card, CharacterCard)
    if not ch.modifiers and ch.equipment_iid is None and not auras:
        return card.hp, card.str_, card.mp, card.def_  # printed: the common case, fast
    return max_hp(state, ch), eff(state, ch, "str"), eff(state, ch, "mp"), eff(state, ch, "def")


@dataclass(slots=True)
class _Standing:
    """A character as the threat sees it: HP left, defence, worth, main or not."""

    hp: int
    defence: int
    worth: float
    is_main: bool
    ready: bool


def _seat_standing(
    state: LegendsState, b: Battle, seat: str, projected: tuple[str, int], stats: Stats
) -> float:
    """Characters, hand and EGs, less what the opponents' attacks can likely kill."""
    info = state.seats[seat]
    struck, damage = projected
    score = 0.0
    standing: list[_Standing] = []
    for iid in info.table:
        ch = b.characters[iid]
        most, _, mp, def_ = stats[iid]
        hp = most - ch.damage - (damage if iid == struck else 0)
        if hp <= 0:
            if ch.is_main:
                return 0.0  # the seat falls with its main
            continue
        worth = ALIVE + HP * hp
        if ch.is_main:
            worth += MAIN_ALIVE + MAIN_HP * hp / most
        vulnerable = ch.exhausted or ch.sleep_remaining > 0
        defence = 0 if vulnerable else max(def_, mp)
        standing.append(_Standing(hp, defence, worth, ch.is_main, not vulnerable))
        score += worth
    score += _sealed(state, b, seat)
    for iid in info.hand:
        card = state.card(iid)
        usable = isinstance(card, CharacterCard) and may_use(state, seat, iid)
        score += CHARACTER_IN_HAND if usable else OTHER_CARD
    for iid in info.egs:
        eg = b.egs[iid]
        score += EG_COMPLETE if eg.complete else EG_PHASE * eg.progress
    strikes = _strikes(state, b, seat, stats)
    if not strikes or not standing:
        return score
    lost, main_lost = _likely_kills(state, standing, strikes)
    if main_lost:
        return score * (1 - LIKELY_LOST)
    return score - LIKELY_LOST * lost


def _sealed(state: LegendsState, b: Battle, seat: str) -> float:
    """A3: a sealed formation counts as placed (its cards are still in hand, worth
    `CHARACTER_IN_HAND` each); A1: a chosen main not yet on the table counts as placed."""
    value = 0.0
    choice = b.sealed.get(seat)
    if isinstance(choice, list):
        for iid in choice:
            card = state.card(iid)
            if isinstance(card, CharacterCard):
                value += ALIVE + HP * card.hp - CHARACTER_IN_HAND
    main_iid = state.seats[seat].main_iid
    card_id = choice if isinstance(choice, str) else None
    if card_id is None and main_iid is not None and main_iid not in b.characters:
        card_id = state.instances[main_iid]
    if card_id is not None:
        card = state.catalog[card_id]
        if isinstance(card, CharacterCard):
            value += ALIVE + HP * card.hp + MAIN_ALIVE + MAIN_HP
    return value


def _strikes(state: LegendsState, b: Battle, seat: str, stats: Stats) -> list[int]:
    """The attack value of each attack the opponents can make on `seat` before its
    characters recover (R9: at the start of its turn): every opposing character when `seat`
    is the active seat, else the active opponent's characters still able to attack."""
    active = b.active_seat
    if active is None:
        return []
    team = state.seats[seat].team
    if active == seat:
        attackers = [ch for ch in b.characters.values() if state.seats[ch.controller].team != team]
    elif state.seats[active].team != team:
        attackers = [
            ch
            for ch in b.characters.values()
            if ch.controller == active and not ch.exhausted and not ch.forwent
        ]
    else:
        return []
    strikes = []
    for ch in attackers:
        if ch.sleep_remaining == 0:
            _, str_, mp, _ = stats[ch.iid]
            strikes.append(max(str_, mp))
    strikes.sort()
    return strikes


def _likely_kills(
    state: LegendsState, standing: list[_Standing], strikes: list[int]
) -> tuple[float, bool]:
    """The opponents' plan, roughly: kill the weakest targets the tiers allow (R32), each
    with the weakest attacks that still hit it (R48), guards first, then the vulnerable,
    then the main once nobody else stands. Returns the worth lost and whether the main
    falls."""
    left = list(strikes)
    lost = 0.0
    guards = sorted((s for s in standing if s.ready and not s.is_main), key=lambda s: s.hp)
    exposed = sorted((s for s in standing if not s.ready and not s.is_main), key=lambda s: s.hp)
    for target in guards:
        if not _kill(state, target, left):
            return lost, False  # a guard stands: the rest stay out of reach
        lost += target.worth
    for target in exposed:
        if not _kill(state, target, left):
            return lost, False
        lost += target.worth
    main = next((s for s in standing if s.is_main), None)
    return lost, main is not None and _kill(state, main, left)


def _kill(state: LegendsState, target: _Standing, strikes: list[int]) -> bool:
    """Spends the weakest attacks that hit `target` until it falls (removing them from
    `strikes`, which is sorted); False, spending nothing, when they cannot kill it."""
    used: list[int] = []
    dealt = 0
    for i, value in enumerate(strikes):
        if value > target.defence:
            used.append(i)
            dealt += hit_damage(state, value, target.defence)
            if dealt >= target.hp:
                for j in reversed(used):
                    del strikes[j]
                return True
    return False


def _projected_damage(state: LegendsState, b: Battle) -> tuple[str, int]:
    """The damage the open combat will deal to its target character if nobody plays a
    card: ("", 0) when there is none, it is parried, or it aims at an EG."""
    fight = b.combat
    if fight is None or fight.parried:
        return ("", 0)
    target = b.characters.get(fight.target)
    if target is None:
        return ("", 0)
    attack = 0
    for attacker in fight.attackers:
        ch: Character | None = b.characters.get(attacker.iid)
        if ch is not None and not is_asleep(ch):
            attack += attack_value(state, ch, attacker.stat, target)
    defence = defence_value(state, target, fight.defence_stat)
    if attack <= defence:
        return ("", 0)
    return (target.iid, hit_damage(state, attack, defence))


def _piles(state: LegendsState, seat: str) -> float:
    """The simplified mode: the seat's pile against the biggest other pile."""
    game = state.strappa
    if game is None:  # before the deal
        return 0.0
    own = len(game.piles[seat])
    others = [len(pile) for other, pile in game.piles.items() if other != seat]
    return PILE_CARD * (own - (max(others) if others else 0))


__all__ = ["evaluate"]
