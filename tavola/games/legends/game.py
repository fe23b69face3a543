"""Legends of AZ behind the `Game` protocol: setup, the action gate, views and the rest.

Only the simplified mode exists so far; classic and epic battles arrive with their own
modules and plug into the same gate.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from tavola.core import (
    TIMEOUT,
    Action,
    Clock,
    ConfigError,
    Event,
    Messages,
    Outcome,
    Rng,
    Viewer,
)

from . import scripted_setup, simplified
from .actions import CHOOSE_REFERENCE, CUT_DECK, FLIP
from .config import LegendsConfig, check_config, parse_config
from .narrate import Narrator
from .reference_bot import ReferenceBot
from .setup import assemble_deck, cut, make_seats, random_cut, turn_order
from .state import LegendsState
from .views import build_view

MESSAGES = Messages.load(Path(__file__).parent / "i18n")
ACTION_TYPES = frozenset({CUT_DECK, FLIP, CHOOSE_REFERENCE})
PHASE_ACTIONS = {
    "setup_cut": CUT_DECK,
    "simplified_flip": FLIP,
    "simplified_choice": CHOOSE_REFERENCE,
}


class LegendsGame:
    name = "legends"
    Config = LegendsConfig
    messages = MESSAGES

    # -- setup ---------------------------------------------------------------------------

    def new(
        self,
        config: Mapping[str, Any] | BaseModel,
        seed: int,
        setup: Mapping[str, Any] | None = None,
    ) -> LegendsState:
        cfg = parse_config(config if not isinstance(config, BaseModel) else config.model_dump())
        setup = setup or {}
        catalog = check_config(cfg, deck_given="deck" in setup or "piles" in setup)
        if cfg.mode != "simplified":
            raise ConfigError(
                "mode_unavailable",
                f"mode '{cfg.mode}' is not playable yet; use mode 'simplified'",
                field="mode",
                message_it=f"la modalità '{cfg.mode}' non è ancora giocabile; usa 'simplified'",
            )
        scripted_setup.check_keys(setup, cfg.mode)
        rng = Rng(seed)
        seats = make_seats(cfg)
        opening: list[Event] = []
        if "turn_order" in setup:
            order = scripted_setup.scripted_turn_order(setup, list(seats))
            opening.append(Event("turn_order_set", {"order": order, "scripted": True}))
        else:
            order, event = turn_order(cfg, seats, rng)
            opening.append(event)
        deck, instances, contributions = assemble_deck(cfg, catalog, order)
        state = LegendsState(
            config=cfg,
            catalog=catalog,
            rng=rng,
            phase="setup_cut",
            seats=seats,
            turn_order=order,
            instances=instances,
            contributions=contributions,
            deck=deck,
        )
        if "piles" in setup:
            self._deal_scripted_piles(state, setup)
            return state
        if "deck" in setup:
            card_ids = scripted_setup.expand_cards(setup["deck"], catalog, "deck")
            if len(card_ids) < len(order):
                raise ConfigError("deck_too_small", "fewer cards than players", field="setup.deck")
            state.instances = {f"c{i}": cid for i, cid in enumerate(card_ids, start=1)}
            state.deck = list(state.instances)
        else:
            rng.shuffle(state.deck)
            opening.append(Event("deck_shuffled", {"seat": order[0], "size": len(state.deck)}))
        state.cutter = order[1]
        state.opening = opening
        return state

    def _deal_scripted_piles(self, state: LegendsState, setup: Mapping[str, Any]) -> None:
        piles, set_aside = scripted_setup.scripted_piles(setup, state.catalog, state.turn_order)
        card_ids = [cid for seat in state.turn_order for cid in piles[seat]] + set_aside
        state.instances = {f"c{i}": cid for i, cid in enumerate(card_ids, start=1)}
        iids = iter(state.instances)
        for seat in state.turn_order:
            state.seats[seat].pile = [next(iids) for _ in piles[seat]]
        state.set_aside = list(iids)
        state.deck = []
        state.reference_stat = scripted_setup.scripted_reference(setup)
        state.clash_no = scripted_setup.scripted_clash_no(setup)
        events: list[Event] = [Event("turn_order_set", {"order": state.turn_order})]
        simplified.mark_outs(state, events)
        simplified.open_clash(state, simplified.seats_with_cards(state))
        state.opening = events

    def opening_events(self, state: LegendsState) -> list[Event]:
        return list(state.opening)

    # -- whose turn, what is legal ------------------------------------------------------

    def to_act(self, state: LegendsState) -> frozenset[str]:
        if state.phase == "game_over":
            return frozenset()
        if state.phase == "setup_cut":
            return frozenset({state.cutter}) if state.cutter else frozenset()
        return simplified.to_act(state)

    def legal_actions(self, state: LegendsState, seat: str) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        if state.phase == "setup_cut":
            size = len(state.deck)
            return [Action(CUT_DECK)] + [Action(CUT_DECK, k=k) for k in range(1, size)]
        return simplified.legal_actions(state, seat)

    # -- the action gate ------------------------------------------------------------------

    def apply(self, state: LegendsState, seat: str, action: Action) -> list[Event]:
        """Checks in the spec's order (§6): game over, seat, decision, phase, then the
        action's own preconditions; nothing changes before every check has passed."""
        refuse = MESSAGES.illegal
        if state.phase == "game_over":
            raise refuse("game_over")
        if action.type == TIMEOUT:
            return self._timeout(state, seat, action)
        if seat not in state.seats:
            raise refuse("not_your_decision", seat=seat)
        if state.seats[seat].out_after_clash is not None:
            raise refuse("seat_eliminated", seat=seat)
        if action.type not in ACTION_TYPES:
            raise refuse("unknown_action", action=action.type)
        clash = state.clash
        if (
            action.type == FLIP
            and state.phase == "simplified_flip"
            and clash is not None
            and seat in clash.submitted
        ):
            raise refuse("already_submitted", seat=seat)
        if seat not in self.to_act(state):
            raise refuse("not_your_decision", seat=seat)
        if PHASE_ACTIONS[state.phase] != action.type:
            raise refuse("wrong_phase", action=action.type, phase=state.phase)
        events: list[Event] = []
        if action.type == CUT_DECK:
            self._cut(state, seat, action, events)
        elif action.type == FLIP:
            _only_args(action)
            simplified.flip(state, seat, events)
        else:
            _only_args(action, "choice")
            choice = action.get("choice")
            if choice not in ("keep", "switch"):
                raise refuse("invalid_choice", choice=choice)
            simplified.choose_reference(state, seat, str(choice), events)
        return events

    def _cut(self, state: LegendsState, seat: str, action: Action, events: list[Event]) -> None:
        """S6/R118: `cut_deck(k)` moves the top k cards to the bottom; without k the game's
        RNG cuts (as bots and timed-out seats do)."""
        _only_args(action, "k")
        size = len(state.deck)
        k = action.get("k")
        if k is not None and (isinstance(k, bool) or not isinstance(k, int) or not 1 <= k < size):
            raise MESSAGES.illegal("invalid_cut", k=k, size_minus_one=size - 1)
        if k is None:
            k = random_cut(state.rng, size)
        state.deck = cut(state.deck, k)
        state.cutter = None
        events.append(Event("deck_cut", {"seat": seat, "k": k}))
        simplified.deal_piles(state, events)

    def _timeout(self, state: LegendsState, seat: str, action: Action) -> list[Event]:
        """R110: a clock ran out; a timeout for a decision no longer pending changes nothing."""
        wanted = self._decision_id(state, seat)
        if (
            wanted is None
            or action.get("decision_id") != wanted
            or set(action.args) != {"decision_id"}
        ):
            raise MESSAGES.illegal("stale_timeout", seat=seat)
        events = [Event("timeout", {"seat": seat, "decision_id": wanted})]
        if state.phase == "setup_cut":
            self._cut(state, seat, Action(CUT_DECK), events)
            return events
        forced = simplified.timeout_action(state, seat)
        assert forced is not None
        forced(events)
        return events

    def _decision_id(self, state: LegendsState, seat: str) -> str | None:
        if state.phase == "setup_cut":
            return "cut" if seat == state.cutter else None
        return simplified.decision_id(state, seat)

    def timeout_action(self, state: LegendsState, seat: str) -> Action:
        return Action(TIMEOUT, decision_id=self._decision_id(state, seat) or "")

    def clocks(self, state: LegendsState) -> dict[str, Clock]:
        timers = state.config.timers
        if timers is None:
            return {}
        seconds = {
            "setup_cut": timers.setup_s,
            "simplified_flip": timers.flip_s,
            "simplified_choice": timers.choice_s,
        }
        clocks = {}
        for seat in self.to_act(state):
            decision = self._decision_id(state, seat)
            if decision is not None:
                clocks[seat] = Clock(decision, seconds[state.phase], state.phase)
        return clocks

    # -- what each seat sees -------------------------------------------------------------

    def view(self, state: LegendsState, viewer: Viewer) -> dict[str, Any]:
        view = build_view(state, viewer)
        view["pending"] = [
            {
                "seat": s,
                "decision": PHASE_ACTIONS[state.phase],
                "decision_id": self._decision_id(state, s),
            }
            for s in state.turn_order
            if s in self.to_act(state)
        ]
        if state.phase == "simplified_choice":
            view["pending"][0]["switch_to"] = simplified.pending_choice_stat(state)
        return view

    def hidden_from(self, state: LegendsState, seat: str) -> set[str]:
        """Face-down cards nobody has seen: piles, set-aside cards and the deck."""
        hidden = set(state.deck) | set(state.set_aside)
        for s in state.seats.values():
            hidden.update(s.pile)
        return hidden - state.revealed

    def determinize(self, state: LegendsState, seat: str, rng: Rng) -> LegendsState:
        """Deals the unseen cards again among the unseen places; won cards shuffled into a
        pile are reordered within their group."""
        world = state.clone()
        places: list[tuple[list[str], int]] = []
        groups: dict[tuple[str, int], list[int]] = {}
        for s in world.turn_order:
            pile = world.seats[s].pile
            for i, iid in enumerate(pile):
                if iid not in world.revealed:
                    places.append((pile, i))
                elif iid in world.unordered:
                    groups.setdefault((s, world.unordered[iid]), []).append(i)
        for zone in (world.deck, world.set_aside):
            places.extend((zone, i) for i, iid in enumerate(zone) if iid not in world.revealed)
        unseen = [zone[i] for zone, i in places]
        rng.shuffle(unseen)
        for (zone, i), iid in zip(places, unseen, strict=True):
            zone[i] = iid
        for (s, _), positions in groups.items():
            pile = world.seats[s].pile
            cards = [pile[i] for i in positions]
            rng.shuffle(cards)
            for i, iid in zip(positions, cards, strict=True):
                pile[i] = iid
        world.rng = Rng(rng.next_u32())  # the real RNG's future is hidden too
        return world

    # -- the rest of the protocol -----------------------------------------------------------

    def outcome(self, state: LegendsState) -> Outcome | None:
        result = state.result
        if result is None:
            return None
        return Outcome(tuple(result.winners), dict(result.placements), result.reason, result.draw)

    def clone(self, state: LegendsState) -> LegendsState:
        return state.clone()

    def narrate(self, state: LegendsState, events: list[Event], lang: str) -> list[str]:
        """The events in words (Italian or English), skipping those not worth telling."""
        names = {s: seat.name for s, seat in state.seats.items()}
        narrator = Narrator(MESSAGES, state.catalog, names, lang)
        return [line for event in events if (line := narrator.event(event)) is not None]

    def reference_bot(self, seed: int) -> ReferenceBot:
        """The rules' own bot (R131; BP for battles). It needs no seed: it is deterministic."""
        return ReferenceBot()

    def dump(self, state: LegendsState) -> dict[str, Any]:
        return state.dump()

    def seats(self, state: LegendsState) -> list[str]:
        return list(state.seats)

    def teams(self, state: LegendsState) -> dict[str, list[str]]:
        teams: dict[str, list[str]] = {}
        for seat in state.seats.values():
            teams.setdefault(seat.team, []).append(seat.seat_id)
        return teams

    def sample_configs(self) -> list[dict[str, Any]]:
        """Tables the conformance suite plays at random: every switch of the mode."""
        players = [{"age": age, "kind": "bot"} for age in (9, 42, 42, 30, 61, 17, 25, 70)]
        small = {"max_clashes": 60}
        return [
            {"mode": "simplified", "deck_source": "starter", "players": players[:2]},
            {
                "mode": "simplified",
                "deck_source": "starter",
                "players": players[:3],
                "simplified": {**small, "special_card_value": "reflip"},
                "timers": {},
            },
            {
                "mode": "simplified",
                "deck_source": "both",
                "players": [
                    {**players[0], "contribution": ["S1-001", "S1-025", "S1-047"]},
                    {**players[1], "contribution": ["S1-013"]},
                    *players[2:5],
                ],
                "simplified": {
                    **small,
                    "war_participants": "tied_only",
                    "switch_applies": "next",
                    "shuffle_winnings": True,
                },
            },
            {
                "mode": "simplified",
                "deck_source": "starter",
                "players": players,
                "agility_tie_break": "seat_order",
                "simplified": small,
            },
        ]

    def max_decisions(self, state: LegendsState) -> int:
        """Simplified: at most one cut, then per clash one flip per seat and one choice per
        card turned, for at most `max_clashes` clashes (R130)."""
        cards = len(state.instances)
        clashes_left = state.config.simplified.max_clashes - state.clash_no
        return 1 + clashes_left * (len(state.seats) + cards)


def _only_args(action: Action, *allowed: str) -> None:
    extra = sorted(set(action.args) - set(allowed))
    if extra:
        raise MESSAGES.illegal("malformed_action", action=action.type, args=", ".join(extra))


game = LegendsGame()
