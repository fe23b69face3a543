"""The Automatic Boss's cards: BP5 equipment, BP6 magic and potions, BP7 building and BP11
defence in a window. Each returns one legal action, or None to hold."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from tavola.core import Action

from ..actions import ASSIGN_EQUIPMENT, BUILD, PLAY_CARD
from ..card_play import affected, choices, playable_now
from ..cards import CharacterCard, EquipmentCard, MagicCard, PotionCard
from ..combat import hit_damage
from ..draws import may_use
from ..effects import Damage, Heal, ModifyStat, ProtectMagic, Sleep, Wake
from ..enchantgineering import requirement_met
from ..equipment import bearer_refusal
from ..protection import alive_characters, are_opponents, battle
from ..state import Character, Combat, LegendsState
from ..stats import attack_value, current_hp, defence_value, eff, is_asleep, is_ready, is_warded
from .targets import iid_key, opponent_order, pot, ranked, target_order, val

Spell = MagicCard | PotionCard


def _allies(state: LegendsState, seat: str) -> list[Character]:
    """The seat's team's characters."""
    return [
        c
        for s in state.turn_order
        if not state.seats[s].eliminated and not are_opponents(state, seat, s)
        for c in alive_characters(state, s)
    ]


def _enemy_target_order(state: LegendsState, seat: str) -> list[str]:
    """The target order of O: every opponent's target order, oldest opponent first."""
    return [t for foe in opponent_order(state, seat) for t in target_order(state, foe)]


def _best(
    options: Iterable[str], key: Callable[[str], tuple[int, int, tuple[int, int, str]]]
) -> str | None:
    ordered = sorted(options, key=key)
    return ordered[0] if ordered else None


# -- BP5: equipment --------------------------------------------------------------------------


def positive_equipment(card: EquipmentCard) -> bool:
    """BP5: the sum of its stat changes is at least 0; other effects count as positive."""
    stats = [e.amount for e in card.effects if isinstance(e, ModifyStat)]
    return sum(stats) >= 0 or len(stats) < len(card.effects)


def equipment(state: LegendsState, seat: str, only_on: str | None = None) -> Action | None:
    """BP5: a positive item on the own unequipped character with the highest pot (then HP);
    a cursed one on the first unequipped enemy of the target order of O that R34 allows.
    `only_on` (BP13): only a positive item, only on that character."""
    b = battle(state)
    for iid in sorted(state.seats[seat].hand, key=iid_key):
        card = state.card(iid)
        if not isinstance(card, EquipmentCard) or not may_use(state, seat, iid):
            continue
        if positive_equipment(card):
            own = [c for c in alive_characters(state, seat) if c.equipment_iid is None]
            own.sort(key=lambda c: (-pot(state, c), -current_hp(state, c), iid_key(c.iid)))
            bearers = [c.iid for c in own]
        elif only_on is None:
            bearers = [t for t in _enemy_target_order(state, seat) if t in b.characters]
        else:
            continue
        if only_on is not None:
            bearers = [only_on] if only_on in bearers else []
        for bearer in bearers:
            if bearer_refusal(state, seat, bearer) is None:
                return Action(ASSIGN_EQUIPMENT, eq_iid=iid, char_iid=bearer)
    return None


# -- BP6: magic and potions ------------------------------------------------------------------


def card_play(state: LegendsState, seat: str) -> Action | None:
    """BP6: the first playable magic or potion (iid order) whose first effect finds a
    target by BP6's table; the others are held (parry waits for BP11)."""
    for iid in sorted(state.seats[seat].hand, key=iid_key):
        card = state.card(iid)
        if not isinstance(card, MagicCard | PotionCard) or not playable_now(state, seat, iid):
            continue
        legal = choices(state, seat, card)
        if not legal:
            continue
        target = _target(state, seat, card, legal)
        if target is _HOLD:
            continue
        if target is None:
            return Action(PLAY_CARD, iid=iid)
        return Action(PLAY_CARD, iid=iid, target=target)
    return None


_HOLD = object()
_ONE_CHARACTER = ("one_ally_character", "one_enemy_character", "one_character")


def _target(state: LegendsState, seat: str, card: Spell, legal: list[object]) -> object:
    spec = card.target
    effect = card.effects[0]
    b = battle(state)
    if effect.kind == "parry" or spec == "combat_target":
        return _HOLD
    if spec in _ONE_CHARACTER:
        target = _character_target(state, seat, card, [str(t) for t in legal])
        return _HOLD if target is None else target
    if spec == "all_ally_characters":
        hurt = any(c.damage > 0 for c in _allies(state, seat))
        return _HOLD if isinstance(effect, Heal) and not hurt else None
    if spec == "all_enemy_characters":
        return None if affected(state, seat, card, None) else _HOLD
    if spec == "all_enemy_players":
        return None if any(state.seats[s].hand for s in opponent_order(state, seat)) else _HOLD
    if spec == "self_player":
        return None
    if spec == "one_enemy_player":
        return next((s for s in opponent_order(state, seat) if state.seats[s].hand), _HOLD)
    if spec == "own_discard_character":

        def revive_key(iid: str) -> tuple[int, int, tuple[int, int, str]]:
            card = state.card(iid)
            assert isinstance(card, CharacterCard)
            return (-max(card.str_, card.mp), -card.hp, iid_key(iid))

        return _best((str(t) for t in legal), revive_key)
    if spec == "one_enemy_eg":
        for foe in opponent_order(state, seat):
            egs = [b.egs[i] for i in state.seats[foe].egs if i in legal]
            if egs:
                return min(egs, key=lambda eg: (eg.structure - eg.hits_taken, iid_key(eg.iid))).iid
    return _HOLD


class _Aim:
    """What BP6's rows for cards aimed at one character look at: the seat's team among the
    legal targets, and the enemies in the target order of O that are legal."""

    def __init__(self, state: LegendsState, seat: str, legal: list[str]) -> None:
        self.state = state
        self.seat = seat
        self.legal = legal
        self.b = battle(state)
        self.allies = [c for c in _allies(state, seat) if c.iid in legal]
        self.in_order = [
            t for t in _enemy_target_order(state, seat) if t in legal and t in self.b.characters
        ]

    def by_pot(self, c: Character) -> tuple[int, tuple[int, int, str]]:
        return (-pot(self.state, c), iid_key(c.iid))

    def first_in_order(self) -> str | None:
        return self.in_order[0] if self.in_order else None

    def best_ally(self, which: Callable[[Character], bool]) -> str | None:
        best = min((c for c in self.allies if which(c)), key=self.by_pot, default=None)
        return best.iid if best else None


def _aim_heal(aim: _Aim, effect: Heal) -> str | None:
    hurt = [c for c in aim.allies if c.damage > 0]
    best = min(hurt, key=lambda c: (-c.damage, not c.is_main, iid_key(c.iid)), default=None)
    return best.iid if best else None


def _aim_modify(aim: _Aim, effect: ModifyStat) -> str | None:
    if effect.amount > 0:
        return aim.best_ally(is_ready)
    return aim.first_in_order()


def _aim_damage(aim: _Aim, effect: Damage) -> str | None:
    state, b = aim.state, aim.b
    enemies = [
        b.characters[t]
        for t in aim.legal
        if are_opponents(state, aim.seat, b.characters[t].controller)
    ]
    killable = [c for c in enemies if current_hp(state, c) <= effect.amount]
    mains = [c for c in killable if c.is_main]
    if mains:
        return mains[0].iid
    if killable:
        return min(killable, key=aim.by_pot).iid
    return aim.first_in_order()


def _aim_sleep(aim: _Aim, effect: Sleep) -> str | None:
    for foe in opponent_order(aim.state, aim.seat):
        ready = [c for c in alive_characters(aim.state, foe) if not c.is_main and is_ready(c)]
        ready = [c for c in ready if c.iid in aim.legal]
        if ready:
            return min(ready, key=lambda c: iid_key(c.iid)).iid
    return aim.first_in_order()


def _aim_wake(aim: _Aim, effect: Wake) -> str | None:
    return aim.best_ally(is_asleep)


def _aim_protect(aim: _Aim, effect: ProtectMagic) -> str | None:
    main = aim.state.seats[aim.seat].main_iid
    if main in aim.legal and not is_warded(aim.state, aim.b.characters[main]):
        return main
    return aim.best_ally(lambda c: is_ready(c) and not is_warded(aim.state, c))


_AIMS: dict[type, Callable[[_Aim, Any], str | None]] = {
    Heal: _aim_heal,
    ModifyStat: _aim_modify,
    Damage: _aim_damage,
    Sleep: _aim_sleep,
    Wake: _aim_wake,
    ProtectMagic: _aim_protect,
}
"""BP6's table for cards aimed at one character, one row per kind of first effect."""


def _character_target(state: LegendsState, seat: str, card: Spell, legal: list[str]) -> str | None:
    """BP6's table for cards aimed at one character (all among the legal targets)."""
    effect = card.effects[0]
    for kind, aim in _AIMS.items():  # isinstance, as the rows read (an aura is its effect too)
        if isinstance(effect, kind):
            return aim(_Aim(state, seat, legal), effect)
    return None


# -- BP7: building ----------------------------------------------------------------------------


def build(state: LegendsState, seat: str) -> Action | None:
    """BP7: once a turn, one builder (the cheapest non-main in R) on the EG under way with
    the lowest iid, else on an EG card from the hand."""
    b = battle(state)
    rank = ranked(state, seat, None)
    if len(rank) < 2 or not requirement_met(state, seat) or b.attack_skipped:
        return None
    if any(
        c.exhausted_reason == "build" and c.acted_this_turn for c in alive_characters(state, seat)
    ):
        return None
    under_way = sorted((i for i in state.seats[seat].egs if not b.egs[i].complete), key=iid_key)
    in_hand = sorted(
        (
            i
            for i in state.seats[seat].hand
            if state.card(i).type == "enchantgineering" and may_use(state, seat, i)
        ),
        key=iid_key,
    )
    candidates = under_way or in_hand
    if not candidates:
        return None
    eg = candidates[0]
    non_mains = [c for c in rank if not c.is_main] or rank
    builder = min(non_mains, key=lambda c: (pot(state, c), iid_key(c.iid)))
    return Action(BUILD, eg_iid=eg, builders=[builder.iid])


# -- BP11: defending in a window --------------------------------------------------------------


def defend(state: LegendsState, seat: str) -> Action | None:
    """BP11: against a hit on a boss character, a parry; else a DEF/MP boost that parries
    (the smallest enough); else a sleep or weakening of the strongest attacker that
    parries; else a heal that saves the target. None: pass."""
    b = battle(state)
    fight = b.combat
    assert fight is not None
    target = b.characters.get(fight.target)
    if target is None or target.controller != seat or fight.parried:
        return None
    attack, defence = _values(state, fight, target)
    if attack <= defence:
        return None
    spells = [
        i
        for i in sorted(state.seats[seat].hand, key=iid_key)
        if isinstance(state.card(i), MagicCard | PotionCard) and playable_now(state, seat, i)
    ]
    hit = _Hit(state, seat, fight, target, attack, defence, spells)
    for answer in _ANSWERS:
        play = answer(hit)
        if play is not None:
            return play
    return None


class _Hit:
    """A hit BP11 answers: the fight, its target (a boss character), the attack that beats
    the defence and the boss's playable spells in iid order."""

    def __init__(
        self,
        state: LegendsState,
        seat: str,
        fight: Combat,
        target: Character,
        attack: int,
        defence: int,
        spells: list[str],
    ) -> None:
        self.state, self.seat, self.fight, self.target = state, seat, fight, target
        self.attack, self.defence, self.spells = attack, defence, spells

    def first_effects(self) -> Iterable[tuple[str, object]]:
        for iid in self.spells:
            card = self.state.card(iid)
            assert isinstance(card, MagicCard | PotionCard)
            yield iid, card.effects[0]


def _parry(hit: _Hit) -> Action | None:
    for iid in hit.spells:
        card = hit.state.card(iid)
        assert isinstance(card, MagicCard | PotionCard)
        if card.effects[0].kind == "parry" and choices(hit.state, hit.seat, card) == [None]:
            return Action(PLAY_CARD, iid=iid)
    return None


def _boost(hit: _Hit) -> Action | None:
    """The smallest DEF/MP boost on the target that parries."""
    state, target = hit.state, hit.target
    boosts = []
    for iid, effect in hit.first_effects():
        if isinstance(effect, ModifyStat) and effect.amount > 0 and effect.stat in ("def", "mp"):
            play = _aimed(state, hit.seat, iid, target.iid)
            if play is not None and not target.exhausted and not is_asleep(target):
                raised = {s: eff(state, target, s) for s in ("def", "mp")}
                raised[effect.stat] += effect.amount
                if max(raised.values()) >= hit.attack:
                    boosts.append((effect.amount, iid_key(iid), play))
    if boosts:
        return min(boosts, key=lambda x: (x[0], x[1]))[2]
    return None


def _weaken(hit: _Hit) -> Action | None:
    """A sleep or a lowering of the strongest awake attacker's stat that parries."""
    state, fight, target = hit.state, hit.fight, hit.target
    b = battle(state)
    attackers = [b.characters[a.iid] for a in fight.attackers if a.iid in b.characters]
    awake = sorted((a for a in attackers if not is_asleep(a)), key=lambda a: iid_key(a.iid))
    strongest = max(awake, key=lambda a: val(state, a, target)[0], default=None)
    if strongest is None:
        return None
    stat = next(a.stat for a in fight.attackers if a.iid == strongest.iid)
    for iid, effect in hit.first_effects():
        own = attack_value(state, strongest, stat, target)
        if isinstance(effect, Sleep):
            lowered = hit.attack - own
        elif isinstance(effect, ModifyStat) and effect.amount < 0 and effect.stat == stat:
            lowered = hit.attack - own + max(0, own + effect.amount)
        else:
            continue
        play = _aimed(state, hit.seat, iid, strongest.iid)
        if play is not None and lowered <= hit.defence:
            return play
    return None


def _heal(hit: _Hit) -> Action | None:
    """A heal that leaves the target more HP than the hit takes."""
    state, target = hit.state, hit.target
    predicted = hit_damage(state, hit.attack, hit.defence)
    hp = current_hp(state, target)
    for iid, effect in hit.first_effects():
        if isinstance(effect, Heal) and predicted >= hp:
            amount = 10**6 if effect.amount == "full" else effect.amount
            healed_hp = min(hp + amount, hp + target.damage)
            play = _aimed(state, hit.seat, iid, target.iid)
            if play is not None and healed_hp > predicted:
                return play
    return None


_ANSWERS: tuple[Callable[[_Hit], Action | None], ...] = (_parry, _boost, _weaken, _heal)
"""BP11's answers to a hit, in its order: the first that finds a play is played."""


def _values(state: LegendsState, fight: Combat, target: Character) -> tuple[int, int]:
    b = battle(state)
    attack = sum(
        attack_value(state, b.characters[a.iid], a.stat, target)
        for a in fight.attackers
        if a.iid in b.characters and not is_asleep(b.characters[a.iid])
    )
    return attack, defence_value(state, target, fight.defence_stat)


def _aimed(state: LegendsState, seat: str, iid: str, character: str) -> Action | None:
    """The play of this card that reaches `character`, if it can."""
    card = state.card(iid)
    assert isinstance(card, MagicCard | PotionCard)
    for target in choices(state, seat, card):
        if character in affected(state, seat, card, target):
            if target is None:
                return Action(PLAY_CARD, iid=iid)
            return Action(PLAY_CARD, iid=iid, target=target)
    return None
