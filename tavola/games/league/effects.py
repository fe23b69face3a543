"""The closed effect language's interpreter (§3.3, R55–R62) and the atomic moves under it:
life changes (R56, V1), draw instructions (R22, V4), mills (R58), the end of the game.

Each atomic move checks V1/V4 at once (R10): when one holds, `end_game` records the result
and empties the queue, so nothing further resolves."""

from __future__ import annotations

from typing import Any

from tavola.core import Event

from .content import starter
from .state import SEATS, LeagueState, other


def seat_of(side: int) -> str:
    return SEATS[side]


def end_game(state: LeagueState, winner: int | None, condition: str, events: list[Event]) -> None:
    """The game is over (§9): nothing resolves after this (R10)."""
    state.result = {
        "winner": None if winner is None else seat_of(winner),
        "condition": condition,
        "lives": [s.life for s in state.sides],
        "turn": state.turn_no,
    }
    state.stage = "over"
    state.queue.clear()
    state.prompt = None
    events.append(Event("GAME_ENDED", dict(state.result)))


def change_life(state: LeagueState, side: int, delta: int, events: list[Event]) -> None:
    """R56, F7: gains stop at `life_cap`, losses at 0; V1 after each change."""
    player = state.sides[side]
    cap = state.config.life_cap
    before = player.life
    after = max(0, before + delta)
    if delta > 0 and cap is not None:
        after = min(cap, after) if before <= cap else before
    player.life = after
    events.append(
        Event("LIFE_CHANGED", {"seat": seat_of(side), "from": before, "to": after, "delta": delta})
    )
    if after == 0 and state.result is None:
        end_game(state, other(side), "life_zero", events)


def _drawn(state: LeagueState, side: int, cards: list[str], events: list[Event]) -> None:
    if not cards:
        return
    seat = seat_of(side)
    left = len(state.sides[side].deck)
    public = {"seat": seat, "count": len(cards), "deck_left": left}
    events.append(
        Event(
            "CARDS_DRAWN",
            {**public, "cards": [[c, state.cards[c]] for c in cards]},
            visible_to=frozenset({seat}),
            public=public,
        )
    )


def draw_cards(state: LeagueState, side: int, n: int, extra: bool, events: list[Event]) -> None:
    """R22: a draw instruction of n cards (n + 1 with Purgatory when `extra`), one card at a
    time from the top; V4 after each card (or, with `cannot_draw`, a draw from an empty
    deck loses)."""
    player = state.sides[side]
    count = n + (state.config.purgatory_extra if extra else 0)
    drawn: list[str] = []
    for _ in range(count):
        if not player.deck:
            _drawn(state, side, drawn, events)
            if state.config.deck_out_rule == "cannot_draw":
                end_game(state, other(side), "deck_out", events)
            return
        card = player.deck.pop(0)
        player.hand.append(card)
        drawn.append(card)
        if not player.deck and state.config.deck_out_rule == "reaches_zero":
            _drawn(state, side, drawn, events)
            end_game(state, other(side), "deck_out", events)
            return
    _drawn(state, side, drawn, events)


def mill(state: LeagueState, side: int, count: int, events: list[Event]) -> None:
    """R58: the top `count` cards go to `side`'s discard pile one at a time; V4 after each.
    Mill is not a draw: an empty deck just stops it."""
    player = state.sides[side]
    for _ in range(count):
        if not player.deck:
            return
        card = player.deck.pop(0)
        player.discard.append(card)
        player.expose(card)
        events.append(
            Event(
                "CARD_MILLED", {"seat": seat_of(side), "card": card, "card_id": state.cards[card]}
            )
        )
        if not player.deck and state.config.deck_out_rule == "reaches_zero":
            end_game(state, other(side), "deck_out", events)
            return


def revive_auto_pick(state: LeagueState, side: int, exclude: str | None) -> str | None:
    """R54: the rest-room legend of highest base cost (tie: the earliest exited), never the
    legend whose ability is resolving."""
    legends = starter().legends
    best: str | None = None
    for legend_id in state.sides[side].rest:
        if legend_id == exclude:
            continue
        if best is None or legends[legend_id].cost > legends[best].cost:
            best = legend_id
    return best


def revive(state: LeagueState, side: int, legend_id: str, events: list[Event]) -> None:
    """R57: rest room → end of the waiting room."""
    player = state.sides[side]
    player.rest.remove(legend_id)
    player.waiting.append(legend_id)
    events.append(Event("LEGEND_REVIVED", {"seat": seat_of(side), "legend": legend_id}))


def break_card(state: LeagueState, side: int, index: int, events: list[Event]) -> None:
    """R59: a face-down card of `side` goes face up to its discard pile, unresolved."""
    player = state.sides[side]
    card, _ = player.zone.pop(index)
    player.discard.append(card)
    player.expose(card)
    events.append(
        Event(
            "CARD_DESTROYED",
            {"seat": seat_of(side), "card": card, "card_id": state.cards[card], "index": index},
        )
    )


def apply_effect(state: LeagueState, item: dict[str, Any], events: list[Event]) -> None:
    """One effect of a card or an ability (§3.3), owned by `item["owner"]`."""
    effect: dict[str, Any] = item["effect"]
    owner: int = item["owner"]
    opp = other(owner)
    op = effect["op"]
    turn = state.t
    events.append(
        Event(
            "EFFECT_APPLIED",
            {"seat": seat_of(owner), "source": item["source"], "op": op, "params": effect},
        )
    )
    target_side = owner if effect.get("side", "self") == "self" else opp
    amount = int(effect.get("amount", 0))
    count = int(effect.get("count", 0))
    if op == "dv":
        turn.dv_mod[target_side] += amount
    elif op == "dmg_bonus":
        turn.dmg_bonus[owner] += amount
    elif op == "dmg_reduce":
        turn.dmg_reduce[owner] += amount
    elif op == "life":
        change_life(state, owner, amount, events)
    elif op == "burn":
        change_life(state, opp, -amount, events)
    elif op == "cost":
        state.sides[owner].pool += amount
    elif op == "draw":
        state.queue.insert(0, {"kind": "draw", "owner": owner, "n": count})
    elif op == "die_next":
        state.sides[target_side].pending_die_mod += amount
    elif op == "no_block":
        turn.block_prevented[opp] = True
    elif op == "stay":
        turn.exit_immune[owner] = True
    elif op == "silence":
        turn.silenced[opp] = True
    elif op == "mill":
        mill(state, opp, count, events)
    elif op == "revive":
        _revive(state, item, count, events)
    elif op == "salvage":
        card = item.get("target")
        if card in state.sides[owner].discard:
            state.sides[owner].discard.remove(card)
            state.sides[owner].hand.append(card)
            events.append(
                Event(
                    "CARD_SALVAGED",
                    {"seat": seat_of(owner), "card": card, "card_id": state.cards[card]},
                )
            )
    elif op == "break":
        zone = state.sides[opp].zone
        index = item.get("target") if effect["pick"] == "chosen" else 0
        if isinstance(index, int) and 0 <= index < len(zone):
            break_card(state, opp, index, events)


def _revive(state: LeagueState, item: dict[str, Any], count: int, events: list[Event]) -> None:
    owner: int = item["owner"]
    if item["effect"]["pick"] == "chosen":
        target = item.get("target")
        if target in state.sides[owner].rest:
            revive(state, owner, target, events)
        return
    for _ in range(count):
        pick = revive_auto_pick(state, owner, item.get("legend"))
        if pick is None:
            return
        revive(state, owner, pick, events)
