"""The simplified mode, Strappacamicia (§5.15, R117–R131): piles, clashes, the reference
stat switched by special cards, wars and the spoils."""

from __future__ import annotations

from tavola.core import Event

from .cards import CharacterCard
from .ending import competition_ranks, finish
from .state import Clash, LegendsState, Strappacamicia

# R122: the stat a special card may switch the reference to.
SPECIAL_STAT = {"magic": "mp", "equipment": "str", "potion": "hp", "enchantgineering": "def"}


def deal_piles(state: LegendsState, events: list[Event]) -> None:
    """R119, R120: equal piles in turn order from the top; the remainder is set aside; the
    reference starts on HP."""
    order = state.turn_order
    q = len(state.deck) // len(order)
    state.strappa = Strappacamicia(
        {seat: state.deck[i * q : (i + 1) * q] for i, seat in enumerate(order)}
    )
    state.set_aside = state.deck[len(order) * q :]
    state.deck = []
    events.append(
        Event(
            "piles_dealt",
            {"sizes": {s: q for s in order}, "set_aside": len(state.set_aside)},
        )
    )
    open_clash(state, order)


def strappa(state: LegendsState) -> Strappacamicia:
    assert state.strappa is not None
    return state.strappa


def open_clash(state: LegendsState, participants: list[str]) -> None:
    game = strappa(state)
    game.clash = Clash(game.clash_no + 1, participants, game.reference_stat)
    state.phase = "simplified_flip"


def seats_with_cards(state: LegendsState) -> list[str]:
    piles = strappa(state).piles
    return [s for s in state.turn_order if piles[s]]


def to_act(state: LegendsState) -> frozenset[str]:
    clash = strappa(state).clash
    if clash is None:
        return frozenset()
    if clash.choice is not None:
        return frozenset({clash.choice[0]})
    return frozenset(s for s in clash.participants if s not in clash.submitted)


def pending_choice_stat(state: LegendsState) -> str | None:
    """The stat the awaited `choose_reference` would switch to."""
    clash = strappa(state).clash
    if clash is None or clash.choice is None:
        return None
    return SPECIAL_STAT[state.card(clash.choice[1]).type]


def flip(state: LegendsState, seat: str, events: list[Event]) -> None:
    """R121: a sealed flip; when every participant has flipped, the top cards are revealed."""
    clash = strappa(state).clash
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
    game = strappa(state)
    assert game.clash is not None
    iid = game.piles[seat].pop(0)
    game.clash.flipped.setdefault(seat, []).append(iid)
    state.revealed.add(iid)
    game.unordered.pop(iid, None)
    return iid


def choose_reference(state: LegendsState, seat: str, choice: str, events: list[Event]) -> None:
    """R122: keep the reference, or switch it to the special card's stat."""
    game = strappa(state)
    clash = game.clash
    assert clash is not None and clash.choice is not None
    stat = SPECIAL_STAT[state.card(clash.choice[1]).type]
    if choice == "switch":
        events.append(
            Event(
                "reference_changed",
                {"seat": seat, "from": game.reference_stat, "to": stat, "clash": clash.number},
            )
        )
        game.reference_stat = stat
    else:
        events.append(
            Event(
                "reference_kept",
                {"seat": seat, "reference": game.reference_stat, "clash": clash.number},
            )
        )
    clash.choice = None
    state.phase = "simplified_flip"
    _after_special(state, seat, events)
    _handle_specials(state, events)


def _is_special(state: LegendsState, iid: str) -> bool:
    return not isinstance(state.card(iid), CharacterCard)


def _handle_specials(state: LegendsState, events: list[Event]) -> None:
    """R122, R123, seat by seat in turn order: a special card whose stat differs from the
    reference asks its seat to choose; with `reflip` the seat then turns its next card."""
    game = strappa(state)
    clash = game.clash
    assert clash is not None
    while clash.next_to_settle < len(clash.participants):
        seat = clash.participants[clash.next_to_settle]
        iid = clash.flipped[seat][-1]
        if not _is_special(state, iid):
            clash.next_to_settle += 1
            continue
        if SPECIAL_STAT[state.card(iid).type] != game.reference_stat:
            clash.choice = (seat, iid)
            state.phase = "simplified_choice"
            return
        _after_special(state, seat, events)
    _settle(state, events)


def _after_special(state: LegendsState, seat: str, events: list[Event]) -> None:
    """After a special card's choice (or when none is due): reflip, or move to the next seat."""
    game = strappa(state)
    clash = game.clash
    assert clash is not None
    if state.config.simplified.special_card_value == "reflip" and game.piles[seat]:
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
    """R124, R125: the winner takes the pot, or a war follows; then the outs (R126), the
    last pile (R127), everyone out after a tie (R128), a tied_only war with no tied cards
    (R129) and the cap (R130)."""
    game = strappa(state)
    clash = game.clash
    assert clash is not None
    options = state.config.simplified
    reference = (
        game.reference_stat if options.switch_applies == "current" else clash.reference_before
    )
    values = {s: clash_value(state, clash.flipped[s][-1], reference) for s in clash.participants}
    for seat in clash.participants:
        game.pot.extend(clash.flipped[seat])
    best = max(values.values())
    top = [s for s in clash.participants if values[s] == best]
    game.clash_no = clash.number
    game.clash = None
    game.last_clash = {
        "clash": clash.number,
        "reference": reference,
        "cards": {s: list(clash.flipped[s]) for s in clash.participants},
        "values": values,
        "winner": top[0] if len(top) == 1 else None,
        "tied": top if len(top) > 1 else [],
    }
    _award(state, events, top, values, reference)
    _after_clash(state, events, list(clash.participants), top)


def _award(
    state: LegendsState, events: list[Event], top: list[str], values: dict[str, int], reference: str
) -> None:
    """R124, R125: the one highest value takes the pot; a tie leaves it for a war."""
    game = strappa(state)
    number = game.clash_no
    if len(top) == 1:
        cards = _take_pot(state, top[0])
        events.append(
            Event(
                "clash_won",
                {
                    "clash": number,
                    "winner": top[0],
                    "values": values,
                    "reference": reference,
                    "cards": cards,
                },
            )
        )
        game.war_seats = None
    else:
        events.append(
            Event(
                "clash_tied",
                {
                    "clash": number,
                    "seats": top,
                    "values": values,
                    "reference": reference,
                    "pot_size": len(game.pot),
                },
            )
        )
        game.war_seats = top


def _after_clash(
    state: LegendsState, events: list[Event], participants: list[str], top: list[str]
) -> None:
    """The outs (R126), the last pile (R127), everyone out after a tie (R128), a tied_only
    war with no tied cards (R129) and the cap (R130); else the next clash."""
    game = strappa(state)
    options = state.config.simplified
    mark_outs(state, events)
    remaining = seats_with_cards(state)
    if len(remaining) == 1:
        if game.pot:
            cards = _take_pot(state, remaining[0])
            events.append(Event("pot_taken", {"seat": remaining[0], "cards": cards}))
        finish(
            state, events, "last_pile", [remaining[0]], _placements_by_outs(state, [[remaining[0]]])
        )
        return
    if not remaining:
        drawn = list(participants)
        finish(state, events, "mutual_elimination", drawn, _placements_by_outs(state, [drawn]))
        return
    next_seats = remaining
    if len(top) > 1 and options.war_participants == "tied_only":
        tied_with_cards = [s for s in top if game.piles[s]]
        if tied_with_cards:
            next_seats = tied_with_cards
        else:
            events.append(Event("pot_set_aside", {"clash": game.clash_no, "cards": len(game.pot)}))
            state.set_aside.extend(game.pot)
            game.pot = []
            game.war_seats = None
    if game.clash_no >= options.max_clashes:
        _finish_at_cap(state, events)
        return
    open_clash(state, next_seats)


def _take_pot(state: LegendsState, winner: str) -> int:
    """R124: the whole pot to the bottom of the winner's pile (shuffled if the table says so)."""
    game = strappa(state)
    cards = game.pot
    game.pot = []
    if state.config.simplified.shuffle_winnings:
        state.rng.shuffle(cards)
        for iid in cards:
            game.unordered[iid] = game.clash_no
    game.piles[winner].extend(cards)
    return len(cards)


def mark_outs(state: LegendsState, events: list[Event]) -> None:
    """R126: seats left without cards are out; those out after the same clash share a place."""
    game = strappa(state)
    for seat in state.turn_order:
        if seat not in game.out_after_clash and not game.piles[seat]:
            game.out_after_clash[seat] = game.clash_no
            events.append(Event("player_out", {"seat": seat, "clash": game.clash_no}))


def _placements_by_outs(state: LegendsState, leaders: list[list[str]]) -> dict[str, int]:
    """Placements: the `leaders` groups first, then the others, later outs ranked higher."""
    placed = {s for group in leaders for s in group}
    out_after = strappa(state).out_after_clash
    outs: dict[int, list[str]] = {}
    for seat in state.turn_order:
        if seat not in placed:
            outs.setdefault(out_after.get(seat, 0), []).append(seat)
    groups = leaders + [outs[c] for c in sorted(outs, reverse=True)]
    return competition_ranks(groups)


def _finish_at_cap(state: LegendsState, events: list[Event]) -> None:
    """R130: ranked by pile size; pot cards count for nobody; equal largest draw."""
    remaining = seats_with_cards(state)
    by_size: dict[int, list[str]] = {}
    for seat in remaining:
        by_size.setdefault(len(strappa(state).piles[seat]), []).append(seat)
    groups = [by_size[size] for size in sorted(by_size, reverse=True)]
    finish(state, events, "clash_cap", groups[0], _placements_by_outs(state, groups))
