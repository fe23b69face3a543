"""Drawing cards (R14–R19): the empty deck, and where a drawn card goes."""

from __future__ import annotations

from typing import Any

from tavola.core import Event

from .alignments import permits
from .cards import CharacterCard
from .messages import refuse
from .protection import alive_characters
from .state import LegendsState


def hand_viewers(state: LegendsState, seat: str) -> frozenset[str]:
    """Seats that may see `seat`'s hand (§8): itself, teammates with `team_shared_hands`,
    everyone for a public boss hand."""
    info = state.seats[seat]
    if info.kind == "auto_boss" and state.config.boss_hand_public:
        return frozenset(state.seats)
    if state.config.team_shared_hands:
        return frozenset(s for s, other in state.seats.items() if other.team == info.team)
    return frozenset({seat})


def may_use(state: LegendsState, seat: str, iid: str) -> bool:
    """§3.6: the seat's permission allows the card's side."""
    return permits(state.seats[seat].permission, state.card(iid).side)  # type: ignore[arg-type]


def check_playable(state: LegendsState, seat: str, iid: Any, kinds: tuple[type, ...]) -> None:
    """A card a seat plays from its hand: there, of one of `kinds`, and of a side the
    seat's permission allows (§3.6)."""
    if iid not in state.seats[seat].hand:
        raise refuse("card_not_in_hand", iid=iid)
    if not isinstance(state.card(iid), kinds):
        raise refuse("wrong_card_type", iid=iid)
    if not may_use(state, seat, iid):
        raise refuse("alignment_forbidden", iid=iid)


def take_top(state: LegendsState, events: list[Event]) -> str | None:
    """R16: the top card; an empty deck is first refilled from the shuffled discard pile."""
    if not state.deck and state.config.reshuffle_discard and state.discard:
        state.deck = state.discard
        state.discard = []
        state.rng.shuffle(state.deck)
        events.append(Event("deck_reshuffled", {"size": len(state.deck)}))
    if not state.deck:
        events.append(Event("draw_skipped", {}))
        return None
    return state.deck.pop(0)


def discard(state: LegendsState, iid: str) -> None:
    state.discard.append(iid)
    state.revealed.add(iid)


def to_hand(
    state: LegendsState,
    seat: str,
    iid: str,
    kind: str,
    events: list[Event],
    rule: str | None = None,
) -> None:
    """The card joins the hand; its face is shown only to the hand's viewers."""
    state.seats[seat].hand.append(iid)
    viewers = hand_viewers(state, seat)
    data = {"seat": seat, "iid": iid, "card_id": state.instances[iid]}
    if len(viewers) == len(state.seats):  # every seat (a public boss hand): viewers ⊆ seats
        events.append(Event(kind, data, rule=rule))
    else:
        events.append(Event(kind, data, visible_to=viewers, public={"seat": seat}, rule=rule))


def pass_recipient(state: LegendsState, drawer: str) -> str | None:
    """R18: the evil-permission seat with the fewest alive characters, then the smallest
    hand, then the earliest in turn order."""
    candidates = [
        s
        for s in state.turn_order
        if s != drawer and not state.seats[s].eliminated and state.seats[s].permission == "evil"
    ]
    if not candidates:
        return None
    return min(
        candidates,
        key=lambda s: (
            len(alive_characters(state, s)),
            len(state.seats[s].hand),
            state.turn_order.index(s),
        ),
    )


def draw(state: LegendsState, seat: str, events: list[Event]) -> None:
    """One draw, routed as soon as it is drawn (R15): kept (R17), passed to an evil seat
    (R18), or discarded (R19)."""
    iid = take_top(state, events)
    if iid is None:
        return
    if may_use(state, seat, iid):
        to_hand(state, seat, iid, "card_drawn", events, rule="R17")
        return
    card = state.card(iid)
    recipient = None
    if isinstance(card, CharacterCard) and card.side == "evil":
        recipient = pass_recipient(state, seat)
    if recipient is not None:
        state.seats[recipient].hand.append(iid)
        state.revealed.add(iid)
        events.append(
            Event(
                "card_passed",
                {"from": seat, "to": recipient, "iid": iid, "card_id": card.card_id},
                rule="R18",
            )
        )
        return
    discard(state, iid)
    events.append(
        Event("card_discarded", {"seat": seat, "iid": iid, "card_id": card.card_id}, rule="R19")
    )


def discard_random(state: LegendsState, seat: str, count: int, events: list[Event]) -> int:
    """R14, R79: random cards (RNG) from the hand, fewer if the hand is smaller."""
    hand = state.seats[seat].hand
    dropped = 0
    for _ in range(min(count, len(hand))):
        iid = hand.pop(state.rng.below(len(hand)))
        discard(state, iid)
        events.append(
            Event("card_discarded", {"seat": seat, "iid": iid, "card_id": state.instances[iid]})
        )
        dropped += 1
    return dropped
