"""`bot:basic` (§10.3), the game's reference bot: deterministic, and reading only what its
seat sees (its hand, zone and pool, public dice, lives, arenas and modifiers).

Where §10.3 is silent: with `purgatory_optional` it takes the extra card unless that would
empty its deck; seated as the referee of a linked die it reads faces from its own RNG."""

from __future__ import annotations

from typing import Any

from tavola.core import Action, Game, Rng

from .actions import affordable, valid_targets
from .content import starter
from .content_model import CardDef, Effect
from .effects import revive_auto_pick
from .flow import awaiting, effective_dv
from .legal import legal_actions
from .lineup import eff_cost, lineup_problems
from .state import REFEREE, SEATS, LeagueState, other

USEFUL_DECK = 10
"""`draw` is worth it only while the deck holds at least this many cards (§10.3)."""


class BasicBot:
    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, game: Game[Any], state: LeagueState, seat: str) -> Action:
        return choose(state, seat, self.seed)


def choose(state: LeagueState, seat: str, seed: int = 0) -> Action:
    if seat == REFEREE:
        legal = legal_actions(state, seat)
        return legal[Rng(seed, stream=state.decisions).below(len(legal))]
    side = SEATS.index(seat)
    if state.prompt is not None:
        deck = len(state.sides[side].deck)
        return Action("take_extra", yes=deck > 1 + state.config.purgatory_extra)
    if side not in awaiting(state):
        return Action("concede")
    stage = state.stage
    if stage == "lineup":
        return _lineup(state, side)
    if stage == "override":
        return _override(state, side)
    if stage == "tactic":
        return _tactic(state, side)
    if stage == "window":
        return _window(state, side)
    if stage == "attack_decision":
        return Action("declare_attack")
    return Action("declare_block" if _blocks(state, side) else "declare_no_block")


def _lineup(state: LeagueState, side: int) -> Action:
    content = starter()
    wanted = ("preset_a", "preset_b")[side]
    presets = [wanted, *content.presets]
    valid = next(p for p in presets if not lineup_problems(p, content, state.config)[1])
    return Action("submit_lineup", preset=valid)


def _override(state: LeagueState, side: int) -> Action:
    """Override only when behind: the cheapest card that beats the opponent's die."""
    mine, theirs = state.sides[side].die or 0, state.sides[other(side)].die or 0
    if mine < theirs:
        cards = starter().cards
        hand = state.sides[side].hand
        better = [
            (cards[state.cards[c]].cost, state.cards[c], i, c)
            for i, c in enumerate(hand)
            if cards[state.cards[c]].cost > theirs
        ]
        if better:
            return Action("override_die", card=min(better)[3])
    return Action("keep_die")


def _best_legend(state: LeagueState, side: int) -> str | None:
    """L*: the affordable waiting legend of highest DV (tie: lower eff_cost, lower id)."""
    legends = starter().legends
    gimmick = state.sides[side].gimmick

    def rank(legend: str) -> tuple[int, int, str]:
        d = legends[legend]
        return (-d.dv, eff_cost(d, gimmick, state.config), legend)

    options = affordable(state, side)
    return min(options, key=rank) if options else None


def _price(state: LeagueState, card: CardDef) -> int:
    return card.cost if state.config.card_costs_use_pool else 0


def _useful(state: LeagueState, side: int, effect: Effect, *, in_window: bool) -> bool:
    player = state.sides[side]
    opp = state.sides[other(side)]
    cap = state.config.life_cap
    if effect.op == "draw":
        return len(player.deck) >= USEFUL_DECK
    if effect.op == "life":
        return cap is None or player.life + effect.amount <= cap
    if effect.op == "revive":
        return bool(player.rest)
    if effect.op == "salvage":
        return bool(player.discard)
    if effect.op == "break":
        return bool(opp.zone)
    if in_window:
        if effect.op == "stay":
            return state.t.block == "declared" and effective_dv(state, side) <= effective_dv(
                state, other(side)
            )
        if (effect.op == "dv" and effect.side == "opp") or effect.op in ("silence", "no_block"):
            return opp.arena is not None
    return True


def _target(state: LeagueState, side: int, card: CardDef) -> Any:
    """§10.3 targets: revive per R54, salvage the costliest discard card, break index 0."""
    effect = card.target
    if effect is None:
        return None
    player = state.sides[side]
    if effect.op == "revive":
        return revive_auto_pick(state, side, None)
    if effect.op == "salvage":
        cards = starter().cards
        return max(
            player.discard, key=lambda c: (cards[state.cards[c]].cost, -player.discard.index(c))
        )
    return 0


def _card_action(kind: str, state: LeagueState, side: int, iid: str, card: CardDef) -> Action:
    target = _target(state, side, card)
    if target is None:
        return Action(kind, card=iid)
    return Action(kind, card=iid, target=target)


def _role_fits(state: LeagueState, side: int, card: CardDef) -> bool:
    return card.role == "any" or (card.role == "attacker") == (side == state.attacker)


def _tactic(state: LeagueState, side: int) -> Action:
    player = state.sides[side]
    cards = starter().cards
    best = _best_legend(state, side)
    reserve = 0 if best is None else eff_cost(starter().legends[best], player.gimmick, state.config)
    hand = sorted(player.hand, key=lambda c: (state.cards[c], player.hand.index(c)))
    for iid in hand:
        card = cards[state.cards[iid]]
        if (
            card.kind == "support"
            and _role_fits(state, side, card)
            and _price(state, card) <= player.pool - reserve
            and all(_useful(state, side, e, in_window=False) for e in card.effects)
            and (card.target is None or valid_targets(state, side, card))
        ):
            return _card_action("use_support", state, side, iid, card)
    limit = state.config.tactic_zone_max
    tactics = [c for c in player.hand if cards[state.cards[c]].kind == "tactic"]
    if tactics and (not limit or len(player.zone) < limit):
        pick = min(tactics, key=lambda c: (-cards[state.cards[c]].cost, state.cards[c]))
        return Action("set_tactic", card=pick)
    if best is not None:
        return Action("designate_legend", legend=best)
    return Action("designate_none")


def _window(state: LeagueState, side: int) -> Action:
    player = state.sides[side]
    cards = starter().cards
    for iid, _ in player.zone:
        card = cards[state.cards[iid]]
        if (
            card.window == state.t.window
            and _role_fits(state, side, card)
            and _price(state, card) <= player.pool
            and all(_useful(state, side, e, in_window=True) for e in card.effects)
            and (card.target is None or valid_targets(state, side, card))
        ):
            return _card_action("activate_tactic", state, side, iid, card)
    return Action("pass")


def _blocks(state: LeagueState, side: int) -> bool:
    """Block iff own E ≥ the attacker's E, or the unblocked hit would be lethal."""
    attacker = other(side)
    own, theirs = effective_dv(state, side), effective_dv(state, attacker)
    hit = theirs + state.t.dmg_bonus[attacker] - state.t.dmg_reduce[side]
    return own >= theirs or hit >= state.sides[side].life
