"""Enchantgineering (R90–R99): building by character-turns, completion and auras, hits,
destruction, repair at round end, and the per-turn auras on players (R14, R83)."""

from __future__ import annotations

from tavola.core import Event

from .cards import EnchantgineeringCard, EquipmentCard
from .draws import discard
from .effects import DiscardPerTurnAura, DrawPerTurn, DrawPerTurnAura
from .protection import alive_characters, are_opponents, battle
from .state import Enchantgineering, LegendsState
from .stats import aura_memo, eff_among, keep_alive, standing


def eg_card(state: LegendsState, iid: str) -> EnchantgineeringCard:
    card = state.card(iid)
    assert isinstance(card, EnchantgineeringCard)
    return card


def requirement_met(state: LegendsState, seat: str) -> bool:
    """R90: two distinct characters, one with effective STR > 50, another with MP > 50."""
    strong: str | None = None  # the first strong character seen, the first wise one
    wise: str | None = None
    memo = aura_memo(state)  # the seat's auras, summed once for all its characters
    for c in alive_characters(state, seat):
        is_strong = eff_among(state, c, "str", memo) > 50
        is_wise = eff_among(state, c, "mp", memo) > 50
        # Paired with an earlier character (hence another one): the answer is known.
        if (is_strong and wise is not None) or (is_wise and strong is not None):
            return True
        if is_strong and strong is None:
            strong = c.iid
        if is_wise and wise is None:
            wise = c.iid
    return False


def build(
    state: LegendsState, seat: str, iid: str, builders: list[str], events: list[Event]
) -> None:
    """R91, R92, R93: builders are exhausted (R8) and have acted; one phase each, progress
    kept across turns (R92); complete at `phases` (R93). A build closes the equipment
    window (R24)."""
    b = state.battle
    assert b is not None
    eg = b.egs.get(iid)
    if eg is None:  # from the hand: on the table, under construction
        state.seats[seat].hand.remove(iid)
        eg = Enchantgineering(iid, seat, eg_card(state, iid).phases)
        b.egs[iid] = eg
        state.seats[seat].egs.append(iid)
        state.revealed.add(iid)
        events.append(
            Event("eg_started", {"seat": seat, "iid": iid, "card_id": state.instances[iid]})
        )
    for builder in builders:
        ch = b.characters[builder]
        ch.exhausted = True
        ch.exhausted_reason = "build"
        ch.acted_this_turn = True
    b.equip_window_open = False
    b.attacked_or_built = True
    eg.progress += len(builders)
    events.append(
        Event(
            "eg_progressed",
            {"iid": iid, "builders": builders, "progress": eg.progress, "phases": eg.phases},
        )
    )
    if eg.complete:
        events.append(Event("eg_completed", {"iid": iid, "seat": seat}, rule="R93"))


def add_hits(state: LegendsState, iid: str, hits: int, events: list[Event]) -> None:
    """R52, R81, R96: hits on an EG; destroyed once they reach its structure."""
    eg = battle(state).egs[iid]
    eg.hits_taken += hits
    events.append(Event("eg_hit", {"iid": iid, "hits": hits, "hits_taken": eg.hits_taken}))
    if eg.hits_taken >= eg.structure:
        destroy(state, iid, events)


def destroy(state: LegendsState, iid: str, events: list[Event]) -> None:
    """R96: the card goes to the discard pile and its auras end at once."""
    b = state.battle
    assert b is not None
    before = standing(state)
    eg = b.egs.pop(iid)
    state.seats[eg.controller].egs.remove(iid)
    state.last_controller[iid] = eg.controller
    discard(state, iid)
    keep_alive(state, before)  # R75: its max-HP auras end
    events.append(Event("eg_destroyed", {"iid": iid, "seat": eg.controller}))


def repair_all(state: LegendsState, events: list[Event]) -> None:
    """R98: at round end every standing EG loses its hits (progress stays)."""
    for eg in battle(state).egs.values():
        if eg.hits_taken:
            eg.hits_taken = 0
            events.append(Event("eg_repaired", {"iid": eg.iid}))


def per_turn(state: LegendsState, seat: str) -> tuple[int, int]:
    """R14, R83, R89: (extra draws, discards) at the start of `seat`'s turn, from its
    characters' equipment and from complete EGs' player auras."""
    draws = discards = 0
    for ch in alive_characters(state, seat):
        if ch.equipment_iid is not None:
            card = state.card(ch.equipment_iid)
            assert isinstance(card, EquipmentCard)
            draws += sum(e.count for e in card.effects if isinstance(e, DrawPerTurn))
    for eg in battle(state).egs.values():
        if not eg.complete:
            continue
        hostile = are_opponents(state, eg.controller, seat)
        for aura in eg_card(state, eg.iid).auras:
            if (
                isinstance(aura, DrawPerTurnAura)
                and aura.applies_to == "ally_players"
                and not hostile
            ):
                draws += aura.count
            if (
                isinstance(aura, DiscardPerTurnAura)
                and aura.applies_to == "enemy_players"
                and hostile
            ):
                discards += aura.count
    return draws, discards
