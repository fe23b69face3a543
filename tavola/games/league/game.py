"""Legend.a.League's card battle as a `Game` (rules: shared/rules/legend_a_league.md).

Two seats, "0" and "1"; with the linked die (`dice_source = external`) a third seat,
"referee", types the faces. `apply` works on a clone, so a refusal leaves the state (RNG
included) exactly as it was."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from tavola.core import Action, Event, Outcome, Rng, Viewer
from tavola.core.capabilities import GameInfo, LineupCheck
from tavola.core.game_parts import KeptState, TerminalByTable
from tavola.core.protocol import Game
from tavola.features.tournaments.format import Entrant
from tavola.features.tournaments.protocol import TableResult

from . import actions, legal, tournament, views
from .bot import BasicBot
from .bot import choose as basic_choice
from .config import LeagueConfig
from .determinize import determinize
from .evaluate import evaluate
from .flow import advance, awaiting
from .messages import refuse
from .narrate import narrate, narrate_for
from .roster import check_lineup, lineup_catalog
from .setup import new_state
from .sim_rows import LeagueRows
from .state import REFEREE, SEATS, LeagueState
from .table_options import LeagueSeatOptions, LeagueTableOptions, presets, table_config
from .terminal import LeagueTerminalTable

if TYPE_CHECKING:
    from tavola.core import Player
    from tavola.core.capabilities import (
        RowExtractor,
    )

ACTIONS_PER_TURN = 80
"""The documented cap on accepted actions: per turn at most 2 overrides per roll (and 3
uses each), a tactic step and a window turn per card, 4 decisions; 80 is ample."""
ACTIONS_SPARE = 40

INFO = GameInfo(
    name="league",
    information="imperfect",
    chance="sampled_stochastic",
    utility="general_sum",
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
    raced=True,  # designers simulate its random play by the thousand
    web=Path(__file__).parent / "web",
    rules=Path(__file__).parent / "rules",
    pages=("roster",),  # the app's roster: collection, loadouts, team, deck, saved lineups
    capabilities=(
        "evaluation",
        "lineups",
        "narration",
        "reference_player",
        "sample_configs",
        "simulation_rows",
        "table_builder",
        "terminal_table",
        "tournament_rules",
    ),
)


def action_limit(state: LeagueState) -> int:
    return ACTIONS_PER_TURN * (state.config.max_turns + 1) + ACTIONS_SPARE


ALONE: dict[int | str, frozenset[str]] = {0: frozenset({"0"}), 1: frozenset({"1"})}
ALONE[REFEREE] = frozenset({REFEREE})
"""`to_act` when one seat is awaited, as most of the time: made once."""


def _in_listing(listing: tuple[Action, ...] | None, action: Action) -> bool:
    """By identity only: `==` would build each listed action's canonical JSON."""
    if listing is not None:
        for listed in listing:
            if listed is action:
                return True
    return False


class LeagueGame(KeptState[LeagueState], TerminalByTable):
    name = "league"
    info = INFO
    state_class = LeagueState
    Config = LeagueConfig
    new = staticmethod(new_state)
    # The table builder is table_options.py's.
    TableOptions = LeagueTableOptions
    SeatOptions = LeagueSeatOptions
    table_config = staticmethod(table_config)
    presets = staticmethod(presets)

    def to_act(self, state: LeagueState) -> frozenset[str]:
        # `action_limit`, inlined here and in `legal_actions`: both run at every step.
        if state.decisions >= ACTIONS_PER_TURN * (state.config.max_turns + 1) + ACTIONS_SPARE:
            return frozenset()
        waiting = awaiting(state)
        if len(waiting) == 1:
            for one in waiting:
                return ALONE[one]
        return frozenset(REFEREE if w == REFEREE else SEATS[int(w)] for w in waiting)

    def legal_actions(self, state: LeagueState, seat: str) -> list[Action]:
        if state.decisions >= ACTIONS_PER_TURN * (state.config.max_turns + 1) + ACTIONS_SPARE:
            return []
        # Remembered (as a tuple: the caller may change its list) for `apply`'s fast path,
        # and handed out again while the state has not changed.
        listed = state.listed
        if listed is None:
            listed = state.listed = {}
        elif seat in listed:
            return list(listed[seat])
        listing = legal.legal_actions(state, seat)
        listed[seat] = tuple(listing)
        return listing

    def apply(self, state: LeagueState, seat: str, action: Action) -> list[Event]:
        """Common checks (`GAME_OVER`, `MALFORMED_ACTION`), then the action's own (§6).

        An object found by identity in the seat's current listing is legal: it skips the
        shape check and is applied in place, without a working copy (every handler checks
        before it changes anything). Anything else — a client's JSON, a log, an object of
        another state's listing — is checked on a copy that replaces the state only once
        the action succeeded."""
        listed = state.listed
        if listed is not None and _in_listing(listed.get(seat), action):
            state.listed = None
            events: list[Event] = []
            side = actions.side_of(state, seat, action)
            actions.HANDLERS[action.type](state, side, action, events)
            advance(state, events)
            state.decisions += 1
            return events
        return self._apply_checked(state, seat, action)

    def _apply_checked(self, state: LeagueState, seat: str, action: Action) -> list[Event]:
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

    def seats(self, state: LeagueState) -> list[str]:
        if state.config.dice_source == "external":
            return [*SEATS, REFEREE]
        return list(SEATS)

    def hidden_from(self, state: LeagueState, seat: str) -> set[str]:
        return views.hidden_from(state, seat)

    def max_decisions(self, state: LeagueState) -> int:
        return max(0, action_limit(state) - state.decisions)

    # -- capabilities: narration, evaluation, the reference bot, tables, rows, the terminal

    def narrate(self, state: LeagueState, events: list[Event], lang: str) -> list[str]:
        return narrate(events, lang)

    def narrate_for(
        self, state: LeagueState, events: Sequence[Event], lang: str, view: Mapping[str, Any]
    ) -> list[str | None]:
        """The events are the viewer's filtered ones: they name only what it may see."""
        return narrate_for(events, lang)

    def row_extractor(self) -> RowExtractor:
        return LeagueRows()

    _terminal = LeagueTerminalTable()

    def evaluate(self, state: LeagueState, seat: str) -> float:
        return evaluate(state, seat)

    def reference_bot(self, seed: int) -> Player:
        return BasicBot(seed)

    def lineup_catalog(self, lang: str) -> dict[str, Any]:
        return lineup_catalog(lang)

    def check_lineup(self, body: Any) -> LineupCheck:
        return check_lineup(body)

    # -- tournaments (see `tournament`) ----------------------------------------------------

    def tournament_options(self) -> type[BaseModel]:
        return tournament.LeagueTournamentOptions

    def registration(self) -> type[BaseModel]:
        """An entrant's lineup."""
        return tournament.LeagueRegistration

    def registration_choices(self, options: BaseModel, lang: str) -> dict[str, Any]:
        return tournament.registration_choices(lang)

    def ready_registration(self, options: BaseModel, number: int) -> dict[str, Any]:
        return tournament.ready_registration(number)

    def check_entrant(self, entrant: Entrant, options: BaseModel) -> Entrant:
        return tournament.check_entrant(entrant, options)

    def table_seats(self) -> tuple[int, int]:
        """A battle is heads-up."""
        return (2, 2)

    def rotates_opener(self, options: BaseModel) -> bool:
        """The dice decide who attacks each turn: nobody opens a battle."""
        return False

    def tournament_table(
        self, entrants: Sequence[Entrant], options: BaseModel, order: Sequence[int] | None
    ) -> dict[str, Any]:
        return tournament.tournament_table(entrants, options, order)

    def table_result(self, state: LeagueState) -> TableResult:
        return tournament.table_result(self.outcome(state))

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
