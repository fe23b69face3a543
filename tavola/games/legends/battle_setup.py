"""Battle setup (S5–S9): main characters, the initial deal, the battle formation."""

from __future__ import annotations

from typing import Any

from tavola.core import ConfigError, Event

from . import carry_in
from .alignments import side_of
from .cards import CharacterCard
from .draws import discard, may_use, to_hand
from .setup import BOSS
from .state import Battle, Character, LegendsState, Modifier
from .turns import live_seats, start_round

MAIN_SIDES = {"good": ("good", "neutral"), "evil": ("evil", "neutral")}


def allowed_main_sides(state: LegendsState, seat: str) -> tuple[str, ...]:
    """S5: in good-vs-evil, good mains for the good team, evil for the evil team (neutral
    for both); any main otherwise."""
    if state.config.sides == "good_vs_evil":
        return MAIN_SIDES[state.seats[seat].team]
    return ("good", "neutral", "evil")


def main_candidates(state: LegendsState, seat: str) -> list[str]:
    """Catalogue characters `seat` may choose as its main."""
    sides = allowed_main_sides(state, seat)
    return [
        card.card_id
        for card in state.catalog.cards()
        if isinstance(card, CharacterCard) and card.side in sides
    ]


def begin(state: LegendsState, events: list[Event]) -> None:
    """S5 onwards: preset and random mains now; sealed choices if any seat must choose."""
    state.battle = Battle()
    config = state.config
    for i, player in enumerate(config.players, start=1):
        if player.main_card_id is not None:
            instantiate_main(state, f"P{i}", player.main_card_id)
    if config.boss is not None:
        instantiate_main(state, BOSS, config.boss.main_card_id)
    if config.main_selection == "random":
        for seat in state.turn_order:
            if state.seats[seat].main_iid is None:
                _random_main(state, seat)
    carry_in.add_to_hands(state)  # R136: before the deal, outside the deck
    if any(s.main_iid is None for s in state.seats.values()):
        state.phase = "setup_main_choice"
        return
    shuffle_for_cut(state, events)


def _random_main(state: LegendsState, seat: str) -> None:
    """S5 random: the RNG picks among the deck's characters allowed to the seat."""
    sides = allowed_main_sides(state, seat)
    pool = [
        iid
        for iid in state.deck
        if isinstance(state.card(iid), CharacterCard) and state.card(iid).side in sides
    ]
    if not pool:
        raise ConfigError(
            "no_main_candidate", f"no character in the deck can be {seat}'s main", field="players"
        )
    iid = pool[state.rng.below(len(pool))]
    state.deck.remove(iid)
    instantiate_main(state, seat, state.instances[iid])


def instantiate_main(state: LegendsState, seat: str, card_id: str) -> None:
    """The main becomes instance `m<seat>`; the seat's permission follows its side (§3.6),
    the boss's is evil whatever its main."""
    iid = f"m{seat}"
    state.instances = {**state.instances, iid: card_id}  # shared with clones: copy on write
    info = state.seats[seat]
    info.main_iid = iid
    info.permission = (
        "evil" if info.kind == "auto_boss" else side_of(state.catalog[card_id].alignment)
    )


def reveal_mains(state: LegendsState, events: list[Event]) -> None:
    """A1: every sealed main choice is revealed together."""
    sealed = state.battle.sealed if state.battle else {}
    seats = live_seats(state)
    for seat in seats:
        if seat in sealed:
            instantiate_main(state, seat, sealed.pop(seat))
    events.append(Event("mains_revealed", {s: state.instances[f"m{s}"] for s in seats}))
    shuffle_for_cut(state, events)


def shuffle_for_cut(state: LegendsState, events: list[Event]) -> None:
    """S6: the first seat shuffles; the next one cuts (skipped below two cards)."""
    state.rng.shuffle(state.deck)
    seats = live_seats(state)
    events.append(Event("deck_shuffled", {"seat": seats[0], "size": len(state.deck)}))
    if len(state.deck) < 2:
        deal(state, events)
        return
    state.cutter = seats[1]
    state.phase = "setup_cut"


def deal_count(state: LegendsState, seat: str) -> int:
    """S7 and BP16: the boss gets one more card per level above 1; R137: a party seat of a
    campaign battle is dealt fewer cards by as many as it carried."""
    extra = state.config.boss.level - 1 if seat == BOSS and state.config.boss else 0
    carried = carry_in.carried_count(state.config, seat)
    return max(0, state.config.initial_deal_size + extra - carried)


def deal(state: LegendsState, events: list[Event]) -> None:
    """S7: one card at a time in turn order; unusable cards are then discarded (and, with
    `replace_initial_discards`, replaced one at a time). The deal never reshuffles the
    discard pile: it stops when the deck is empty."""
    seats = live_seats(state)
    wanted = {s: deal_count(state, s) for s in seats}
    held = {s: len(state.seats[s].hand) for s in seats}  # R136: carried cards come first
    given = dict.fromkeys(seats, 0)
    while state.deck and any(given[s] < wanted[s] for s in seats):
        for seat in seats:
            if given[seat] < wanted[seat] and state.deck:
                to_hand(state, seat, state.deck.pop(0), "card_dealt", events)
                given[seat] += 1
    for seat in seats:
        _discard_unusable(state, seat, events)
        if state.config.replace_initial_discards:
            while len(state.seats[seat].hand) < held[seat] + wanted[seat] and state.deck:
                to_hand(state, seat, state.deck.pop(0), "card_dealt", events)
                _discard_unusable(state, seat, events)
    _place_mains(state, events)
    state.phase = "setup_formation"
    if not _formation_pending(state):
        reveal_formation(state, events)


def _discard_unusable(state: LegendsState, seat: str, events: list[Event]) -> None:
    hand = state.seats[seat].hand
    for iid in [i for i in hand if not may_use(state, seat, i)]:
        hand.remove(iid)
        discard(state, iid)
        events.append(
            Event("card_discarded", {"seat": seat, "iid": iid, "card_id": state.instances[iid]})
        )


def _place_mains(state: LegendsState, events: list[Event]) -> None:
    """S8: every main is placed on its seat's table, ready, undamaged."""
    seats = live_seats(state)
    for seat in seats:
        iid = state.seats[seat].main_iid
        assert iid is not None
        main = place(state, seat, iid, is_main=True)
        if seat == BOSS and state.config.boss is not None and state.config.boss.level > 1:
            bonus = 100 * (state.config.boss.level - 1)  # BP16
            main.modifiers.append(Modifier("hp_max", bonus, "permanent", None, None, 0))
    events.append(Event("mains_placed", {s: state.seats[s].main_iid for s in seats}))


def place(state: LegendsState, seat: str, iid: str, *, is_main: bool = False) -> Character:
    """A character enters a table: ready, damage 0, no modifiers (R23)."""
    assert state.battle is not None
    ch = Character(iid, seat, is_main=is_main)
    state.battle.characters[iid] = ch
    state.seats[seat].table.append(iid)
    state.last_controller[iid] = seat
    carry_in.on_placed(state, ch)  # R136: what a carried character or main brings
    state.revealed.add(iid)
    return ch


def table_room(state: LegendsState, seat: str) -> int | None:
    """Characters the seat may still place (R23), or None when unlimited."""
    limit = state.config.max_characters_on_table
    return None if limit is None else limit - len(state.seats[seat].table)


def _formation_pending(state: LegendsState) -> bool:
    assert state.battle is not None
    return any(
        s not in state.battle.sealed
        for s in live_seats(state)
        if state.seats[s].kind != "auto_boss"
    )


def main_choice_pending(state: LegendsState) -> list[str]:
    """Seats still owing their sealed main choice."""
    assert state.battle is not None
    return [
        s
        for s in live_seats(state)
        if state.seats[s].main_iid is None and s not in state.battle.sealed
    ]


def submit_main(state: LegendsState, seat: str, card_id: str, events: list[Event]) -> None:
    """A1: a sealed main choice; revealed when every seat has chosen."""
    _seal(state, seat, card_id, "main_submitted", events)


def after_setup_concession(state: LegendsState, events: list[Event]) -> None:
    """A seat left during setup: the others' sealed choices may now all be in, and a new
    cutter may be needed."""
    if state.phase == "setup_cut" and state.cutter is not None:
        if state.seats[state.cutter].eliminated:
            state.cutter = live_seats(state)[1]
    else:
        _reveal_when_all_in(state, events)


def _seal(state: LegendsState, seat: str, choice: Any, submitted: str, events: list[Event]) -> None:
    """A seat's sealed choice of this setup step (its main, its formation), told as sent."""
    assert state.battle is not None
    state.battle.sealed[seat] = choice
    events.append(Event(submitted, {"seat": seat}))
    _reveal_when_all_in(state, events)


def _reveal_when_all_in(state: LegendsState, events: list[Event]) -> None:
    """The sealed mains, or formations, shown together once no seat owes one."""
    if state.phase == "setup_main_choice" and not main_choice_pending(state):
        reveal_mains(state, events)
    elif state.phase == "setup_formation" and not _formation_pending(state):
        reveal_formation(state, events)


def submit_formation(state: LegendsState, seat: str, iids: list[str], events: list[Event]) -> None:
    """A3: a sealed formation; placed when every player seat has sent one."""
    _seal(state, seat, iids, "formation_submitted", events)


def reveal_formation(state: LegendsState, events: list[Event]) -> None:
    """S8: formations placed together (the boss places every character it holds, BP2);
    then S9: round 1 begins with the first seat's turn."""
    assert state.battle is not None
    placed: dict[str, list[dict[str, str]]] = {}
    for seat in live_seats(state):
        info = state.seats[seat]
        if info.kind == "auto_boss":
            chosen = [i for i in info.hand if isinstance(state.card(i), CharacterCard)]
            room = table_room(state, seat)
            chosen = chosen if room is None else chosen[: max(0, room)]
        else:
            chosen = state.battle.sealed.pop(seat, [])
        for iid in chosen:
            info.hand.remove(iid)
            place(state, seat, iid)
        placed[seat] = [{"iid": i, "card_id": state.instances[i]} for i in chosen]
    events.append(Event("characters_placed", {"formations": placed}))
    start_round(state, events)
