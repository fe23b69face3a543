"""The simplified mode behind the game's gate: its actions and checks, clocks, what each
seat sees and may not see, and the worlds a bot may imagine."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tavola.core import Action, Event, Rng, Viewer

from . import scripted_setup, simplified
from .actions import CHOOSE_REFERENCE, FLIP
from .messages import only_args, refuse
from .state import LegendsState, Strappacamicia
from .views import card_ref

ACTIONS = frozenset({FLIP, CHOOSE_REFERENCE})
PHASE_ACTION = {"simplified_flip": FLIP, "simplified_choice": CHOOSE_REFERENCE}


def after_cut(state: LegendsState, events: list[Event]) -> None:
    simplified.deal_piles(state, events)


def deal_scripted(state: LegendsState, setup: Mapping[str, Any]) -> list[Event]:
    """Scripted piles (scenarios): play starts at the next clash."""
    piles, set_aside = scripted_setup.scripted_piles(setup, state.catalog, state.turn_order)
    card_ids = [cid for seat in state.turn_order for cid in piles[seat]] + set_aside
    state.instances = {f"c{i}": cid for i, cid in enumerate(card_ids, start=1)}
    iids = iter(state.instances)
    state.strappa = Strappacamicia(
        {seat: [next(iids) for _ in piles[seat]] for seat in state.turn_order},
        reference_stat=scripted_setup.scripted_reference(setup),
        clash_no=scripted_setup.scripted_clash_no(setup),
    )
    state.set_aside = list(iids)
    state.deck = []
    events: list[Event] = []
    simplified.mark_outs(state, events)
    simplified.open_clash(state, simplified.seats_with_cards(state))
    return events


def is_out(state: LegendsState, seat: str) -> bool:
    return state.strappa is not None and seat in state.strappa.out_after_clash


def to_act(state: LegendsState) -> frozenset[str]:
    return simplified.to_act(state)


def legal_actions(state: LegendsState, seat: str) -> list[Action]:
    if seat not in to_act(state):
        return []
    if state.phase == "simplified_choice":
        return [Action(CHOOSE_REFERENCE, choice="keep"), Action(CHOOSE_REFERENCE, choice="switch")]
    return [Action(FLIP)]


def apply(state: LegendsState, seat: str, action: Action, events: list[Event]) -> None:
    """A17 `flip` (a second one in a clash is already_submitted) and A18
    `choose_reference(keep|switch)`."""
    clash = simplified.strappa(state).clash
    if action.type == FLIP and clash is not None and seat in clash.submitted:
        raise refuse("already_submitted", seat=seat)
    if seat not in to_act(state):
        raise refuse("not_your_decision", seat=seat)
    if PHASE_ACTION.get(state.phase) != action.type:
        raise refuse("wrong_phase", action=action.type, phase=state.phase)
    if action.type == FLIP:
        only_args(action.type, action.args)
        simplified.flip(state, seat, events)
        return
    only_args(action.type, action.args, "choice")
    choice = action.get("choice")
    if choice not in ("keep", "switch"):
        raise refuse("invalid_choice", choice=choice)
    simplified.choose_reference(state, seat, str(choice), events)


def decision_id(state: LegendsState, seat: str) -> str | None:
    """Names the decision `seat` owes now, so that a late timeout can be told apart."""
    clash = simplified.strappa(state).clash
    if seat not in to_act(state) or clash is None:
        return None
    if clash.choice is not None:
        return f"choice-{clash.number}-{clash.choice[1]}"
    return f"flip-{clash.number}"


def decision_name(state: LegendsState, seat: str) -> str:
    return PHASE_ACTION[state.phase]


def forced_action(state: LegendsState, seat: str) -> Action:
    """R115: a timed-out flip flips; a timed-out choice keeps the reference."""
    if state.phase == "simplified_choice":
        return Action(CHOOSE_REFERENCE, choice="keep")
    return Action(FLIP)


def clock_seconds(state: LegendsState, seat: str) -> tuple[float, str] | None:
    timers = state.config.timers
    if timers is None:
        return None
    if state.phase == "simplified_choice":
        return timers.choice_s, "choice"
    return timers.flip_s, "flip"


def hidden_from(state: LegendsState, seat: str) -> set[str]:
    """Face-down cards nobody has seen: piles and set-aside cards."""
    hidden = set(state.set_aside)
    for pile in simplified.strappa(state).piles.values():
        hidden.update(pile)
    return hidden - state.revealed


def determinize(world: LegendsState, viewer: str, rng: Rng) -> None:
    """Deals the unseen cards again among the unseen places; won cards shuffled into a
    pile are reordered within their group. Cards are sorted before each shuffle, so that
    the world depends only on what `viewer` sees and on `rng`."""
    game = simplified.strappa(world)
    places: list[tuple[list[str], int]] = []
    groups: dict[tuple[str, int], list[int]] = {}
    for seat in world.turn_order:
        pile = game.piles[seat]
        for i, iid in enumerate(pile):
            if iid not in world.revealed:
                places.append((pile, i))
            elif iid in game.unordered:
                groups.setdefault((seat, game.unordered[iid]), []).append(i)
    places.extend(
        (world.set_aside, i) for i, iid in enumerate(world.set_aside) if iid not in world.revealed
    )
    unseen = sorted(zone[i] for zone, i in places)
    rng.shuffle(unseen)
    for (zone, i), iid in zip(places, unseen, strict=True):
        zone[i] = iid
    for (seat, _), positions in groups.items():
        pile = game.piles[seat]
        cards = sorted(pile[i] for i in positions)
        rng.shuffle(cards)
        for i, iid in zip(positions, cards, strict=True):
            pile[i] = iid


def max_decisions(state: LegendsState) -> int:
    """At most one flip per seat and one choice per card turned in each clash left (R130)."""
    played = state.strappa.clash_no if state.strappa else 0
    clashes_left = state.config.simplified.max_clashes - played
    return clashes_left * (len(state.seats) + len(state.instances))


def view(state: LegendsState, viewer: Viewer) -> dict[str, Any]:
    """Piles are face down even to their owner: sizes only (§8). Keys `seats` and `referee`
    are merged into the common view's entries."""
    game = simplified.strappa(state)
    clash = game.clash
    last = game.last_clash
    out: dict[str, Any] = {
        "seats": {
            s: {
                "pile_size": len(pile),
                "out": s in game.out_after_clash,
                "out_after_clash": game.out_after_clash.get(s),
            }
            for s, pile in game.piles.items()
        },
        "reference_stat": game.reference_stat,
        "clash_no": game.clash_no,
        "max_clashes": state.config.simplified.max_clashes,
        "simplified": state.config.simplified.model_dump(),
        "clash": None
        if clash is None
        else {
            "number": clash.number,
            "participants": list(clash.participants),
            "submitted": list(clash.submitted),
            "cards": {s: [card_ref(state, i) for i in cards] for s, cards in clash.flipped.items()},
        },
        "pot": [card_ref(state, iid) for iid in game.pot],
        "war_seats": game.war_seats,
        "last_clash": None
        if last is None
        else {
            **last,
            "cards": {s: [card_ref(state, i) for i in cards] for s, cards in last["cards"].items()},
        },
    }
    if viewer.is_referee:
        out["referee"] = {
            "piles": {s: list(pile) for s, pile in game.piles.items()},
            "pile_cards": {s: [state.instances[i] for i in pile] for s, pile in game.piles.items()},
        }
    return out


def pending_extra(state: LegendsState) -> dict[str, Any]:
    stat = simplified.pending_choice_stat(state)
    return {"switch_to": stat} if stat else {}
