"""Playing magic and potions (A6, R63–R70): who may, when, on what; and the play itself."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from tavola.core import Action, Event

from . import listing
from .card_effects import apply_effect
from .cards import CharacterCard, MagicCard, PotionCard
from .combat import continue_after_effects
from .draws import check_playable, discard, may_use
from .hands import Usable, usable
from .messages import only_args, refuse
from .protection import alive_characters, are_opponents, battle, main_protected, opponents
from .state import LegendsState
from .stats import eff, is_warded
from .turns import settle_deaths

Spell = MagicCard | PotionCard
CHARACTER_SPECS = ("one_ally_character", "one_enemy_character", "one_character")


def magic_requirement_met(state: LegendsState, seat: str) -> bool:
    """R64: an alive character on the caster's own table with effective MP > 50."""
    for c in alive_characters(state, seat):  # noqa: SIM110 (a plain loop: asked at every step)
        if eff(state, c, "mp") > 50:
            return True
    return False


def _team_characters(state: LegendsState, seat: str, hostile: bool) -> list[str]:
    """The alive characters of the caster's opponents (`hostile`) or of its own team, mains
    included: a friendly effect reaches any own-team character (R36)."""
    seats = state.seats
    team = seats[seat].team
    return [
        iid
        for s in state.turn_order
        if not (info := seats[s]).eliminated and (info.team != team) == hostile  # R31
        for iid in info.table
    ]


def _revivable(state: LegendsState, seat: str) -> list[str]:
    """§3.4: non-main characters in the discard pile last controlled by the caster."""
    return [
        iid
        for iid in state.discard
        if isinstance(state.card(iid), CharacterCard)
        and not iid.startswith("m")
        and state.last_controller.get(iid) == seat
    ]


def _character_refusal(state: LegendsState, seat: str, card: Spell, iid: str) -> str | None:
    """R68: an effect on an opponent's character is hostile. Hostile effects (R69) spare a
    protected main (R34) but not Tier 1's guards (R82); opponents' magic spares the warded
    (R70)."""
    ch = battle(state).characters[iid]
    if not are_opponents(state, seat, ch.controller):
        return None
    if ch.is_main and main_protected(state, ch.controller):
        return "main_protected"
    if isinstance(card, MagicCard) and is_warded(state, ch):
        return "target_warded"
    return None


def target_refusal(state: LegendsState, seat: str, card: Spell, target: Any) -> str | None:
    """The refusal for a chosen target (A6 order: invalid_target, main_protected,
    target_warded), or None when it fits §3.4 (R67)."""
    spec = card.target
    b = state.battle
    assert b is not None
    if spec in CHARACTER_SPECS:
        if not isinstance(target, str) or target not in b.characters:
            return "invalid_target"
        owner = b.characters[target].controller
        if spec == "one_ally_character" and are_opponents(state, seat, owner):
            return "invalid_target"
        if spec == "one_enemy_character" and not are_opponents(state, seat, owner):
            return "invalid_target"
        return _character_refusal(state, seat, card, target)
    if spec == "one_enemy_player":
        return None if target in opponents(state, seat) else "invalid_target"
    if spec == "one_enemy_eg":
        eg = b.egs.get(target) if isinstance(target, str) else None
        return (
            None
            if eg is not None and are_opponents(state, seat, eg.controller)
            else "invalid_target"
        )
    if spec == "own_discard_character":
        return None if target in _revivable(state, seat) else "invalid_target"
    if target is not None:
        return "invalid_target"  # area and fixed targets take no choice
    if spec == "combat_target":
        fight = b.combat
        if fight is None or fight.target_kind != "character" or fight.target not in b.characters:
            return "invalid_target"  # R52: parry and friends cannot aim at an EG
        return _character_refusal(state, seat, card, fight.target)
    return None


def _character_choices(state: LegendsState, seat: str, card: Spell, pool: list[str]) -> list[str]:
    """The characters of `pool` that `target_refusal` accepts, for a pool that already
    fits the card's target (allies for an ally card, opponents for an enemy card): only
    `_character_refusal`'s tests are left, each seat's main protection asked once."""
    b = state.battle
    assert b is not None
    characters = b.characters
    seats = state.seats
    team = seats[seat].team
    magic = isinstance(card, MagicCard)
    protected: dict[str, bool] = {}
    accepted = []
    for iid in pool:
        ch = characters[iid]
        owner = ch.controller
        if seats[owner].team != team:  # hostile (R68)
            if ch.is_main:
                spared = protected.get(owner)
                if spared is None:
                    spared = protected[owner] = main_protected(state, owner)
                if spared:
                    continue
            if magic and is_warded(state, ch):
                continue
        accepted.append(iid)
    return accepted


def choices(state: LegendsState, seat: str, card: Spell) -> list[Any]:
    """Every target value a play may name (None for areas and fixed targets)."""
    spec = card.target
    b = state.battle
    assert b is not None
    if spec in CHARACTER_SPECS:
        if spec == "one_character":
            pool = list(b.characters)
        else:
            pool = _team_characters(state, seat, hostile=spec == "one_enemy_character")
        return _character_choices(state, seat, card, pool)
    if spec == "one_enemy_player":
        pool = opponents(state, seat)
    elif spec == "one_enemy_eg":
        pool = [iid for iid, eg in b.egs.items() if are_opponents(state, seat, eg.controller)]
    elif spec == "own_discard_character":
        pool = _revivable(state, seat)
    else:
        return [None] if target_refusal(state, seat, card, None) is None else []
    return [t for t in pool if target_refusal(state, seat, card, t) is None]


def affected(state: LegendsState, seat: str, card: Spell, target: Any) -> list[str]:
    """What the card's effects reach: the chosen target, or an area decided at play."""
    spec = card.target
    b = state.battle
    assert b is not None
    if spec == "combat_target":
        assert b.combat is not None
        return [b.combat.target]
    if spec == "self_player":
        return [seat]
    if spec == "all_enemy_players":
        return opponents(state, seat)
    if spec == "all_ally_characters":
        return _team_characters(state, seat, hostile=False)
    if spec == "all_enemy_characters":  # R35, R70: protected mains and, for magic, the warded
        return [
            iid
            for iid in _team_characters(state, seat, hostile=True)
            if _character_refusal(state, seat, card, iid) is None
        ]
    return [target]


def playable_now(state: LegendsState, seat: str, iid: str) -> bool:
    """R63, R64, R65 and A6's checks before the target: the card could be played now by
    `seat` (which must be the seat whose decision it is): in its main phase outside a
    combat (R25), its counter-attack phase, or holding priority in a window."""
    card = state.card(iid)
    if not isinstance(card, MagicCard | PotionCard) or not may_use(state, seat, iid):
        return False
    if isinstance(card, MagicCard) and not magic_requirement_met(state, seat):
        return False
    b = state.battle
    assert b is not None
    fight = b.combat
    if card.target == "combat_target" and (fight is None or state.phase != "window"):
        return False
    if state.phase == "window" and fight is not None:
        return fight.plays_in_window < state.config.max_plays_per_window
    return state.phase in ("main", "counter") and fight is None


def check(state: LegendsState, seat: str, action: Action) -> tuple[str, Spell, Any]:
    """A6's checks after the gate's: the card, the caster, the moment, the target, the cap."""
    only_args(action.type, action.args, "iid", "target")
    iid = action.get("iid")
    check_playable(state, seat, iid, (MagicCard, PotionCard))
    card = state.card(iid)
    assert isinstance(card, MagicCard | PotionCard)
    if isinstance(card, MagicCard) and not magic_requirement_met(state, seat):
        raise refuse("magic_requirement_unmet")
    b = state.battle
    assert b is not None
    if card.target == "combat_target" and (b.combat is None or state.phase != "window"):
        raise refuse("not_in_combat")
    if card.target == "own_discard_character" and not _revivable(state, seat):
        raise refuse("nothing_to_revive")
    target = action.get("target")
    code = target_refusal(state, seat, card, target)
    if code is not None:
        # A protected main is a card's target only once its guards fall (R34).
        raise refuse(code, iid=target, rule="R34" if code == "main_protected" else None)
    fight = b.combat if state.phase == "window" else None
    if fight is not None and fight.plays_in_window >= state.config.max_plays_per_window:
        raise refuse("window_cap_reached")
    return iid, card, target


def play(state: LegendsState, seat: str, action: Action, events: list[Event]) -> None:
    """A6: the checks, then the play."""
    iid, card, target = check(state, seat, action)
    resolve_play(state, seat, iid, card, target, events)


def resolve_play(
    state: LegendsState, seat: str, iid: str, card: Spell, target: Any, events: list[Event]
) -> None:
    """R66: the card leaves the hand, its effects resolve in order on its targets, then it
    goes to the discard pile; deaths follow, and play goes on where it was."""
    b = state.battle
    assert b is not None
    if b.combat is not None:
        b.combat.plays.clear()  # what may be played next is to be listed again
    in_window = state.phase == "window"
    state.seats[seat].hand.remove(iid)
    state.revealed.add(iid)
    events.append(
        Event(
            "card_played",
            {"seat": seat, "iid": iid, "card_id": card.card_id, "target": target},
            rule="R66",
        )
    )
    reach = affected(state, seat, card, target)
    for effect in card.effects:
        for obj in reach:
            if state.result is None and _still_there(state, card, obj):
                apply_effect(state, seat, iid, effect, obj, events)
                settle_deaths(state, events)  # R77: a character at 0 HP dies at once
    discard(state, iid)
    fight = b.combat
    if in_window and fight is not None and state.result is None:
        fight.plays_in_window += 1
        fight.consecutive_passes = 0
        order = fight.eligible_seats
        if seat in order:
            fight.priority_seat = order[(order.index(seat) + 1) % len(order)]
    continue_after_effects(state, "window" if in_window else state.phase, events)


def _still_there(state: LegendsState, card: Spell, obj: str) -> bool:
    """A character killed by an earlier effect of the same card takes no more."""
    b = state.battle
    assert b is not None
    if card.target in ("self_player", "one_enemy_player", "all_enemy_players"):
        return not state.seats[obj].eliminated
    if card.target == "one_enemy_eg":
        return obj in b.egs
    if card.target == "own_discard_character":
        return True
    return obj in b.characters


def play_actions(state: LegendsState, seat: str, hand: Usable | None = None) -> Sequence[Action]:
    """Every card `seat` may play now, on every target it may name: `check`'s tests, the
    card's made once per card and its target's by `choices`. In a response window the
    answer is kept until a card is played (`resolve_play` drops it) or a seat is out:
    nothing else there changes it (R45's reinforcing exhausts, which no play depends on,
    and passing changes nothing)."""
    b = state.battle
    assert b is not None
    fight = b.combat if state.phase == "window" else None
    if fight is None:
        return _plays(state, seat, hand, in_window=False)
    if fight.plays_in_window >= state.config.max_plays_per_window:
        return ()
    key = (seat, b.eliminations)
    known = fight.plays.get(key)
    if known is None:
        known = fight.plays[key] = tuple(_plays(state, seat, hand, in_window=True))
    return known


def _plays(state: LegendsState, seat: str, hand: Usable | None, in_window: bool) -> list[Action]:
    spells = (hand or usable(state, seat)).spells
    if not spells:
        return []
    defs = state.card_defs()
    mage: bool | None = None  # R64, read once and only when a magic card asks
    actions = []
    for iid in spells:
        card = cast(Spell, defs[iid])  # `usable` sorted it among the spells
        if card.type == "magic":
            if mage is None:
                mage = magic_requirement_met(state, seat)
            if not mage:
                continue
        if card.target == "combat_target" and not in_window:
            continue
        actions += [listing.play(iid, target) for target in choices(state, seat, card)]
    return actions
