"""Seasons solo against Dummbot as a `Game` (rules: shared/rules/seasons_dummbot.md).

One acting seat, the human; Dummbot is no seat (R1): his steps run inside `apply` and stop
only for prompts. `apply` works on a clone, so a refusal leaves the state exactly as it
was; each accepted action (other than `undo`) first remembers the state for `undo`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tavola.core import Action, Event, Outcome, Rng, Viewer
from tavola.core.capabilities import GameInfo, LineupCheck
from tavola.core.game_parts import KeptState, TerminalByTable
from tavola.core.protocol import Game

from . import actions, legal, my_cards, scoring, undo, views
from .bot import ReferenceBot
from .config import SeasonsConfig
from .determinize import determinize
from .messages import refuse
from .narrate import narrate as narrate_events
from .narrate import narrate_for as narrate_events_for
from .setup import new_state
from .sim_rows import SeasonsRows
from .state import SeasonsState
from .table_options import SeasonsSeatOptions, SeasonsTableOptions, presets, table_config
from .terminal import SeasonsTerminalTable

if TYPE_CHECKING:
    from tavola.core import Player
    from tavola.core.capabilities import (
        RowExtractor,
    )

SEAT = "human"
ACTIONS_PER_ROUND = 40
ACTIONS_SPARE = 200
RARE = frozenset({*actions.ADJUSTMENTS, "add_catalogue_card", "undo"})

INFO = GameInfo(
    name="seasons",
    information="imperfect",
    chance="sampled_stochastic",
    utility="general_sum",
    title={"it": "Seasons in solitario contro Dummbot", "en": "Seasons solo against Dummbot"},
    description={
        "it": "Giochi a Seasons con le tue carte vere contro Dummbot, l'automa della "
        "variante in solitario: il telefono tira i suoi dadi, tiene i suoi cristalli, la "
        "sua mano e la sua schiera e ti dice che cosa fa. Oppure una partita di "
        "allenamento con un mazzo virtuale.",
        "en": "Play Seasons with your real cards against Dummbot, the solo variant's "
        "automaton: the phone rolls his dice, keeps his crystals, hand and array, and "
        "tells you what he does. Or a practice game with a virtual deck.",
    },
    min_seats=1,
    max_seats=1,
    seat_kinds=("human", "random", "reference"),
    languages=("it", "en"),
    modes=("companion", "practice"),
    rare_actions=RARE,
    web=Path(__file__).parent / "web",
    rules=Path(__file__).parent / "rules",
    capabilities=(
        "narration",
        "sample_configs",
        "table_builder",
        "reference_player",
        "simulation_rows",
        "terminal_table",
        "lineups",
    ),
)


def action_limit(state: SeasonsState) -> int:
    """The documented cap on accepted actions of a game: 40 per round allowed by
    `max_rounds`, plus 200 (prelude, corrections, undo)."""
    return ACTIONS_PER_ROUND * state.config.max_rounds + ACTIONS_SPARE


class SeasonsGame(KeptState[SeasonsState], TerminalByTable):
    name = "seasons"
    info = INFO
    state_class = SeasonsState
    Config = SeasonsConfig
    new = staticmethod(new_state)
    # The table builder is table_options.py's.
    TableOptions = SeasonsTableOptions
    SeatOptions = SeasonsSeatOptions
    table_config = staticmethod(table_config)
    presets = staticmethod(presets)

    def lineup_catalog(self, lang: str) -> dict[str, Any]:
        """The person's own cards are kept as the one saved "lineup" (`my_cards.py`)."""
        return my_cards.lineup_catalog(lang)

    def check_lineup(self, body: Any) -> LineupCheck:
        return my_cards.check_lineup(body)

    def to_act(self, state: SeasonsState) -> frozenset[str]:
        if state.phase == "FINISHED" or state.decisions >= action_limit(state):
            return frozenset()
        return frozenset({SEAT})

    def legal_actions(self, state: SeasonsState, seat: str) -> list[Action]:
        if seat != SEAT:
            return []
        return legal.legal_actions(state, action_limit(state))

    def apply(self, state: SeasonsState, seat: str, action: Action) -> list[Event]:
        """The seat, the action's name, `FINISHED`, `TOO_MANY_ACTIONS`, then §6's checks."""
        if seat != SEAT:
            raise refuse("UNKNOWN_SEAT", seat=seat)
        if action.type not in actions.ARGS:
            raise refuse("UNKNOWN_ACTION", action=action.type)
        if state.phase == "FINISHED":
            raise refuse("FINISHED")
        if state.decisions >= action_limit(state):
            raise refuse("TOO_MANY_ACTIONS", limit=action_limit(state))
        if action.type == "undo":
            actions.arguments(state, action)
            events = undo.undo(state)
            state.decisions += 1
            return events
        before = undo.snapshot(state) if state.config.undo_steps else ""
        work = state.clone()
        events = actions.dispatch(work, action)
        undo.remember(work, action.type, before)
        work.decisions += 1
        state.restore(work)
        return events

    def view(self, state: SeasonsState, viewer: Viewer) -> dict[str, Any]:
        return views.view(state, viewer)

    def outcome(self, state: SeasonsState) -> Outcome | None:
        if state.phase != "FINISHED" and state.decisions >= action_limit(state):
            return Outcome((), {SEAT: 2}, "too_many_actions")
        return scoring.outcome(state)

    def determinize(self, state: SeasonsState, seat: str, rng: Rng) -> SeasonsState:
        return determinize(state, rng)

    def timeout_action(self, state: SeasonsState, seat: str) -> Action:
        """No clocks: the first legal action (DECISIONS)."""
        return self.legal_actions(state, seat)[0]

    def seats(self, state: SeasonsState) -> list[str]:
        return [SEAT]

    def hidden_from(self, state: SeasonsState, seat: str) -> set[str]:
        return views.hidden_from_human(state)

    def max_decisions(self, state: SeasonsState) -> int:
        return max(0, action_limit(state) - state.decisions)

    def sample_configs(self) -> list[dict[str, Any]]:
        """Companion named, blind, table rolls with rotating lines; practice at each level."""
        return [
            {"mode": "companion", "difficulty": "wizard"},
            {
                "mode": "companion",
                "difficulty": "archmage",
                "hand_tracking": "blind_until_revealed",
            },
            {
                "mode": "companion",
                "difficulty": "apprentice",
                "dice_source": "table_rolls",
                "dice_selection": "rotating_lines",
            },
            {"mode": "practice", "difficulty": "apprentice", "card_pool": "base_1_30"},
            {"mode": "practice", "difficulty": "wizard"},
            {"mode": "practice", "difficulty": "archmage", "card_pool": "catalogue_all"},
        ]

    # -- narration (narrate.py): the companion page's lines, the terminal's, the record's

    def narrate(self, state: SeasonsState, events: list[Event], lang: str) -> list[str]:
        return narrate_events(state, events, lang)

    def narrate_for(
        self,
        state: SeasonsState,
        events: Sequence[Event],
        lang: str,
        view: Mapping[str, Any],
    ) -> list[str | None]:
        return narrate_events_for(state, events, lang, view)

    # -- the reference bot, simulation rows and the terminal (bot.py, sim_rows.py, terminal.py)

    _terminal = SeasonsTerminalTable()

    def reference_bot(self, seed: int) -> Player:
        return ReferenceBot(seed)

    def row_extractor(self) -> RowExtractor:
        return SeasonsRows()


game: Game[SeasonsState] = SeasonsGame()
