"""The simplified mode, Strappacamicia (§5.15, R117–R131): piles, clashes, the reference
stat switched by special cards, wars and the spoils."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from tavola.core import Action, Event

from .actions import CHOOSE_REFERENCE, FLIP
from .cards import CharacterCard
from .state import Clash, LegendsState, Result

# R122: the stat a special card may switch the reference to.
SPECIAL_STAT = {"magic": "mp", "equipment": "str", "potion": "hp", "enchantgineering": "def"}


def deal_piles(state: LegendsState, events: list[Event]) -> None:
    """R119–R120: equal piles in turn order from the top; the remainder is set aside."""
    order = state.turn_order
    q = len(state.deck) // len(order)
    for i, seat in enumerate(order):
        state.seats[seat].pile = state.deck[i * q : (i + 1) * q]
    state.set_aside = state.deck[len(order) * q :]
    state.deck = []
    state.reference_stat = "hp"
    events.append(
        Event(
            "piles_dealt",
            {"sizes": {s: q for s in order}, "set_aside": len(state.set_aside)},
        )
    )
    open_clash(state, order)


def open_clash(state: LegendsState, participants: list[str]) -> None:
    state.clash = Clash(state.clash_no + 1, participants, state.reference_stat)
    state.phase = "simplified_flip"


def seats_with_cards(state: LegendsState) -> list[str]:
    return [s for s in state.turn_order if state.seats[s].pile]


def to_act(state: LegendsState) -> frozenset[str]:
    clash = state.clash
    if clash is None:
        return frozenset()
    if clash.choice is not None:
        return frozenset({clash.choice[0]})
    return frozenset(s for s in clash.participants if s not in clash.submitted)


def legal_actions(state: LegendsState, seat: str) -> list[Action]:
    if seat not in to_act(state):
        return []
    if state.phase == "simplified_choice":
        return [Action(CHOOSE_REFERENCE, choice="keep"), Action(CHOOSE_REFERENCE, choice="switch")]
    return [Action(FLIP)]


def pending_choice_stat(state: LegendsState) -> str | None:
    """The stat the awaited `choose_reference` would switch to."""
    if state.clash is None or state.clash.choice is None:
        return None
    return SPECIAL_STAT[state.card(state.clash.choice[1]).type]


def flip(state: LegendsState, seat: str, events: list[Event]) -> None:
    """R121: a sealed flip; when every participant has flipped, the top cards are revealed."""
    clash = state.clash
    assert clash is not None
    clash.submitted.append(seat)
    events.append(Event("flip_submitted", {"seat": seat, "clash": clash.number}))
    if len(clash.submitted) < len(clash.participants):
        return
    shown = []
    for participant in clash.participants:
        iid = _turn_top_card(state, participant)
        shown.append({"seat": participant, "iid": iid, "card_id": state.instances[iid]})
    events.append(Event("cards_flipped", {"clash": clash.number, "cards": shown}))
    _handle_specials(state, events)


def _turn_top_card(state: LegendsState, seat: str) -> str:
    assert state.clash is not None
    iid = state.seats[seat].pile.pop(0)
    state.clash.flipped.setdefault(seat, []).append(iid)
    state.revealed.add(iid)
    state.unordered.pop(iid, None)
    return iid


def choose_reference(state: LegendsState, seat: str, choice: str, events: list[Event]) -> None:
    """R122: keep the reference, or switch it to the special card's stat."""
    clash = state.clash
    assert clash is not None and clash.choice is not None
    stat = SPECIAL_STAT[state.card(clash.choice[1]).type]
    if choice == "switch":
        events.append(
            Event(
                "reference_changed",
                {"seat": seat, "from": state.reference_stat, "to": stat, "clash": clash.number},
            )
        )
        state.reference_stat = stat
    else:
        events.append(
            Event(
                "reference_kept",
                {"seat": seat, "reference": state.reference_stat, "clash": clash.number},
            )
        )
    clash.choice = None
    state.phase = "simplified_flip"
    _after_special(state, seat, events)
    _handle_specials(state, events)


def _is_special(state: LegendsState, iid: str) -> bool:
    return not isinstance(state.card(iid), CharacterCard)


def _handle_specials(state: LegendsState, events: list[Event]) -> None:
    """R122–R123, seat by seat in turn order: a special card whose stat differs from the
    reference asks its seat to choose; with `reflip` the seat then turns its next card."""
    clash = state.clash
    assert clash is not None
    while clash.next_to_settle < len(clash.participants):
        seat = clash.participants[clash.next_to_settle]
        iid = clash.flipped[seat][-1]
        if not _is_special(state, iid):
            clash.next_to_settle += 1
            continue
        if SPECIAL_STAT[state.card(iid).type] != state.reference_stat:
            clash.choice = (seat, iid)
            state.phase = "simplified_choice"
            return
        _after_special(state, seat, events)
    _settle(state, events)


def _after_special(state: LegendsState, seat: str, events: list[Event]) -> None:
    """After a special card's choice (or when none is due): reflip, or move to the next seat."""
    clash = state.clash
    assert clash is not None
    if state.config.simplified.special_card_value == "reflip" and state.seats[seat].pile:
        iid = _turn_top_card(state, seat)
        events.append(
            Event(
                "card_reflipped",
                {"seat": seat, "iid": iid, "card_id": state.instances[iid], "clash": clash.number},
            )
        )
    else:
        clash.next_to_settle += 1


def clash_value(state: LegendsState, iid: str, reference: str) -> int:
    """R123: a character's printed value of the reference stat; a special card is worth 0."""
    card = state.card(iid)
    return card.stat(reference) if isinstance(card, CharacterCard) else 0


def _settle(state: LegendsState, events: list[Event]) -> None:
    """R124–R130: the winner takes the pot, or a war follows; then outs, end and cap."""
    clash = state.clash
    assert clash is not None
    options = state.config.simplified
    reference = (
        state.reference_stat if options.switch_applies == "current" else clash.reference_before
    )
    values = {s: clash_value(state, clash.flipped[s][-1], reference) for s in clash.participants}
    for seat in clash.participants:
        state.pot.extend(clash.flipped[seat])
    best = max(values.values())
    top = [s for s in clash.participants if values[s] == best]
    state.clash_no = clash.number
    state.clash = None
    state.last_clash = {
        "clash": clash.number,
        "reference": reference,
        "cards": {s: list(clash.flipped[s]) for s in clash.participants},
        "values": values,
        "winner": top[0] if len(top) == 1 else None,
        "tied": top if len(top) > 1 else [],
    }
    if len(top) == 1:
        cards = _take_pot(state, top[0])
        events.append(
            Event(
                "clash_won",
                {
                    "clash": clash.number,
                    "winner": top[0],
                    "values": values,
                    "reference": reference,
                    "cards": cards,
                },
            )
        )
        state.war_seats = None
    else:
        events.append(
            Event(
                "clash_tied",
                {
                    "clash": clash.number,
                    "seats": top,
                    "values": values,
                    "reference": reference,
                    "pot_size": len(state.pot),
                },
            )
        )
        state.war_seats = top
    mark_outs(state, events)
    remaining = seats_with_cards(state)
    if len(remaining) == 1:
        if state.pot:
            cards = _take_pot(state, remaining[0])
            events.append(Event("pot_taken", {"seat": remaining[0], "cards": cards}))
        _finish(
            state, events, "last_pile", [remaining[0]], _placements_by_outs(state, [[remaining[0]]])
        )
        return
    if not remaining:
        drawn = list(clash.participants)
        _finish(state, events, "mutual_elimination", drawn, _placements_by_outs(state, [drawn]))
        return
    participants = remaining
    if len(top) > 1 and options.war_participants == "tied_only":
        tied_with_cards = [s for s in top if state.seats[s].pile]
        if tied_with_cards:
            participants = tied_with_cards
        else:
            events.append(Event("pot_set_aside", {"clash": clash.number, "cards": len(state.pot)}))
            state.set_aside.extend(state.pot)
            state.pot = []
            state.war_seats = None
    if state.clash_no >= options.max_clashes:
        _finish_at_cap(state, events)
        return
    open_clash(state, participants)


def _take_pot(state: LegendsState, winner: str) -> int:
    """R124: the whole pot to the bottom of the winner's pile (shuffled if the table says so)."""
    cards = state.pot
    state.pot = []
    if state.config.simplified.shuffle_winnings:
        state.rng.shuffle(cards)
        for iid in cards:
            state.unordered[iid] = state.clash_no
    state.seats[winner].pile.extend(cards)
    return len(cards)


def mark_outs(state: LegendsState, events: list[Event]) -> None:
    """R126: seats left without cards are out; those out after the same clash share a place."""
    for seat_id in state.turn_order:
        seat = state.seats[seat_id]
        if seat.out_after_clash is None and not seat.pile:
            seat.out_after_clash = state.clash_no
            events.append(Event("player_out", {"seat": seat_id, "clash": state.clash_no}))


def _placements_by_outs(state: LegendsState, leaders: list[list[str]]) -> dict[str, int]:
    """Placements: the `leaders` groups first, then the others, later outs ranked higher."""
    placed = {s for group in leaders for s in group}
    outs: dict[int, list[str]] = {}
    for seat_id in state.turn_order:
        seat = state.seats[seat_id]
        if seat_id not in placed:
            outs.setdefault(seat.out_after_clash or 0, []).append(seat_id)
    groups = leaders + [outs[c] for c in sorted(outs, reverse=True)]
    return competition_ranks(groups)


def competition_ranks(groups: Iterable[list[str]]) -> dict[str, int]:
    """Groups best first; a group shares the place after all seats ranked above it."""
    places: dict[str, int] = {}
    above = 0
    for group in groups:
        for seat in group:
            places[seat] = above + 1
        above += len(group)
    return places


def _finish_at_cap(state: LegendsState, events: list[Event]) -> None:
    """R130: ranked by pile size; pot cards count for nobody; equal largest draw."""
    remaining = seats_with_cards(state)
    by_size: dict[int, list[str]] = {}
    for seat in remaining:
        by_size.setdefault(len(state.seats[seat].pile), []).append(seat)
    groups = [by_size[size] for size in sorted(by_size, reverse=True)]
    _finish(state, events, "clash_cap", groups[0], _placements_by_outs(state, groups))


def _finish(
    state: LegendsState,
    events: list[Event],
    reason: str,
    winners: list[str],
    placements: dict[str, int],
) -> None:
    state.result = Result(winners, placements, reason, draw=len(winners) > 1)
    state.phase = "game_over"
    events.append(Event("game_over", state.result.dump()))


def timeout_action(state: LegendsState, seat: str) -> Callable[[list[Event]], None] | None:
    """R115: the forced decision for a timed-out seat, or None when nothing is awaited."""
    if seat not in to_act(state):
        return None
    if state.phase == "simplified_choice":
        return lambda events: choose_reference(state, seat, "keep", events)
    return lambda events: flip(state, seat, events)


def decision_id(state: LegendsState, seat: str) -> str | None:
    """Names the decision `seat` owes now, so that a late timeout can be told apart."""
    if seat not in to_act(state) or state.clash is None:
        return None
    if state.clash.choice is not None:
        return f"choice-{state.clash.number}-{state.clash.choice[1]}"
    return f"flip-{state.clash.number}"
