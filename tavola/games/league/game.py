"""Legend.a.League's card battle as a `Game` (rules: shared/rules/legend_a_league.md).

Two seats, "0" and "1"; with the linked die (`dice_source = external`) a third seat,
"referee", types the faces. `apply` works on a clone, so a refusal leaves the state (RNG
included) exactly as it was."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from tavola.core import Action, Clock, Event, Outcome, Rng, Viewer
from tavola.core.capabilities import GameInfo
from tavola.core.protocol import Game

from . import actions, legal, views
from .bot import BasicBot
from .bot import choose as basic_choice
from .config import LeagueConfig
from .determinize import determinize
from .evaluate import evaluate
from .flow import advance, awaiting
from .messages import refuse
from .setup import new_state
from .state import REFEREE, SEATS, LeagueState

if TYPE_CHECKING:
    from tavola.core import Player

ACTIONS_PER_TURN = 80
"""The documented cap on accepted actions: per turn at most 2 overrides per roll (and 3
uses each), a tactic step and a window turn per card, 4 decisions; 80 is ample."""
ACTIONS_SPARE = 40

INFO = GameInfo(
    name="league",
    title={
        "it": "Legend.a.League",
        "en": "Legend.a.League",
        "ja": "Legend.a.League（レジェンダリーリーグ）",
    },
    description={
        "it": "Battaglia di carte per due: ogni giocatore schiera una squadra di 7 leggende, "
        "un mazzo di carte tattica e supporto e un dado. A ogni turno i dadi decidono chi "
        "attacca; le leggende si scelgono in segreto, le carte si mettono coperte, e vince chi "
        "porta a zero la vita avversaria, resta con leggende in campo o non esaurisce il mazzo.",
        "en": "A two-player card battle: each player fields a team of 7 legends, a deck of "
        "tactic and support cards and a die. Every turn the dice decide who attacks; legends "
        "are chosen in secret, cards are set face down, and you win by bringing the opposing "
        "life to zero, outlasting the opposing legends or the opposing deck.",
        "ja": "二人対戦のカードバトル。7体のレジェンドのチーム、戦術カードと支援カードの"
        "デッキ、サイコロ1個で戦う。毎ターン、サイコロで攻撃側が決まり、レジェンドは秘密裏に"
        "指定し、カードは裏向きに伏せる。相手のライフを0にするか、相手のレジェンドか山札を"
        "尽きさせれば勝利。",
    },
    min_seats=2,
    max_seats=3,
    seat_kinds=("human", "random", "reference", "greedy", "ismcts"),
    languages=("it", "en", "ja"),
    modes=("quick", "custom"),
    simultaneous=True,
    referee_seats=True,
    rare_actions=frozenset({"concede"}),
    capabilities=("evaluation", "reference_player", "sample_configs"),
)


def action_limit(state: LeagueState) -> int:
    return ACTIONS_PER_TURN * (state.config.max_turns + 1) + ACTIONS_SPARE


class LeagueGame:
    name = "league"
    info = INFO

    @property
    def Config(self) -> type[BaseModel]:
        return LeagueConfig

    def new(
        self,
        config: Mapping[str, Any] | BaseModel,
        seed: int,
        setup: Mapping[str, Any] | None = None,
    ) -> LeagueState:
        return new_state(config, seed, setup)

    def opening_events(self, state: LeagueState) -> list[Event]:
        return list(state.opening)

    def to_act(self, state: LeagueState) -> frozenset[str]:
        if state.decisions >= action_limit(state):
            return frozenset()
        return frozenset(REFEREE if w == REFEREE else SEATS[int(w)] for w in awaiting(state))

    def legal_actions(self, state: LeagueState, seat: str) -> list[Action]:
        if state.decisions >= action_limit(state):
            return []
        return legal.legal_actions(state, seat)

    def apply(self, state: LeagueState, seat: str, action: Action) -> list[Event]:
        """Common checks (`GAME_OVER`, `MALFORMED_ACTION`), then the action's own (§6)."""
        if action.type not in actions.HANDLERS:
            raise refuse("UNKNOWN_ACTION", action=action.type)
        side = actions.side_of(state, seat, action)
        if state.result is not None or state.decisions >= action_limit(state):
            raise refuse("GAME_OVER")
        actions.check_shape(action)
        work = state.clone()
        events: list[Event] = []
        actions.HANDLERS[action.type](work, side, action, events)
        advance(work, events)
        work.decisions += 1
        state.restore(work)
        return events

    def view(self, state: LeagueState, viewer: Viewer) -> dict[str, Any]:
        return views.view(state, viewer)

    def outcome(self, state: LeagueState) -> Outcome | None:
        result = state.result
        if result is None:
            if state.decisions >= action_limit(state):
                return Outcome((), {s: 1 for s in SEATS}, "too_many_actions", draw=True)
            return None
        winner = result["winner"]
        lives = {SEATS[i]: float(state.sides[i].life) for i in (0, 1)}
        if winner is None:
            return Outcome(SEATS, {s: 1 for s in SEATS}, result["condition"], True, lives)
        loser = SEATS[1 - SEATS.index(winner)]
        return Outcome((winner,), {winner: 1, loser: 2}, result["condition"], False, lives)

    def determinize(self, state: LeagueState, seat: str, rng: Rng) -> LeagueState:
        return determinize(state, seat, rng)

    def timeout_action(self, state: LeagueState, seat: str) -> Action:
        """§6: what `bot:basic` would choose."""
        return basic_choice(state, seat)

    def clone(self, state: LeagueState) -> LeagueState:
        return state.clone()

    def dump(self, state: LeagueState) -> dict[str, Any]:
        return state.dump()

    def load(self, data: Mapping[str, Any]) -> LeagueState:
        return LeagueState.load(data)

    def seats(self, state: LeagueState) -> list[str]:
        if state.config.dice_source == "external":
            return [*SEATS, REFEREE]
        return list(SEATS)

    def teams(self, state: LeagueState) -> dict[str, list[str]]:
        return {}

    def clocks(self, state: LeagueState) -> dict[str, Clock]:
        return {}

    def hidden_from(self, state: LeagueState, seat: str) -> set[str]:
        return views.hidden_from(state, seat)

    def max_decisions(self, state: LeagueState) -> int:
        return max(0, action_limit(state) - state.decisions)

    # -- capabilities: evaluation, the reference bot, sample tables

    def evaluate(self, state: LeagueState, seat: str) -> float:
        return evaluate(state, seat)

    def reference_bot(self, seed: int) -> Player:
        return BasicBot(seed)

    def sample_configs(self) -> list[dict[str, Any]]:
        """Quick games, a custom one with lineups submitted, the rule options, a linked die."""
        quick = {"lineups": ["preset_a", "preset_b"]}
        return [
            quick,
            {"lineups": [None, None]},
            {
                **quick,
                "allow_voluntary_no_entry": True,
                "galaxy_applies_to_override": True,
                "card_costs_use_pool": False,
                "deck_out_rule": "cannot_draw",
                "tactic_zone_max": 0,
                "life_cap": None,
                "open_teams": True,
            },
            {
                "lineups": [
                    {
                        "team": ["L09", "L10", "L11", "L12", "L13", "L14", "L17"],
                        "gimmick": "purgatory",
                        "deck": ["C18", "C19", "C25", "C22", "C20", "C29", "C23"] * 3
                        + ["C14", "C16", "C11", "C15"] * 3,
                    },
                    "preset_a",
                ],
                "purgatory_optional": True,
                "max_turns": 12,
            },
            {**quick, "dice_source": "external", "max_turns": 8},
        ]


game: Game[LeagueState] = LeagueGame()
"""Legend.a.League: the two-player card battle (rules: shared/rules/legend_a_league.md)."""
