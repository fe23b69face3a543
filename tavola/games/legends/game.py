"""Legends of AZ behind the `Game` protocol: setup, the action gate, clocks and views.

The gate runs the checks every action shares (§6: game over, timeouts, seat, decision),
the shared setup step (the cut), and hands the rest to the mode: `simplified_mode` for
Strappacamicia, `battle_mode` for classic and epic.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from tavola.core import AUTOPILOT, TIMEOUT, Action, Clock, ConfigError, Event, Outcome, Rng, Viewer
from tavola.core.capabilities import (
    GENERIC_BOTS,
    HUMAN,
    NO_RULES,
    CardChange,
    Direction,
    GameInfo,
    Preset,
    TerminalPrompt,
    TerminalRequest,
    TerminalSetup,
    TuningRules,
)
from tavola.core.configs import GivenConfig
from tavola.core.protocol import Game
from tavola.core.views import shown_instances
from tavola.features.tournaments.format import Entrant
from tavola.features.tournaments.protocol import TableResult

from . import (
    battle_listed,
    battle_mode,
    battle_scripted,
    battle_setup,
    listing,
    scripted_setup,
    simplified_mode,
    tournament,
    tuning,
)
from .actions import CONCEDE, CUT_DECK
from .boss import BossBot
from .campaign.capability import LegendsCampaigns
from .cards import card_to_data
from .config import LegendsConfig, check_config, parse_config
from .evaluate import evaluate
from .messages import MESSAGES, only_args, refuse
from .mode import ModeRules
from .narrate import Narrator, state_owners, view_owners
from .reference_bot import ReferenceBot
from .setup import assemble_deck, cut, make_seats, random_cut, turn_order
from .sim_rows import LegendsRows
from .state import LegendsState
from .table_options import LegendsSeatOptions, LegendsTableOptions, presets
from .tables import table_config
from .terminal import flags as terminal_flags
from .views import build_view

if TYPE_CHECKING:
    from rich.console import Console

    from .rl.codec import LegendsCodec
    from .terminal.session import LegendsTerminal


def rules_for(state: LegendsState) -> ModeRules:
    return simplified_mode if state.config.mode == "simplified" else battle_mode


INFO = GameInfo(
    name="legends",
    information="imperfect",
    chance="sampled_stochastic",
    utility="general_sum",
    title={"it": "Legends of AZ", "en": "Legends of AZ"},
    description={
        "it": "Battaglia di carte tra leggende: Strappacamicia, classica ed epica, "
        "anche contro il boss automatico.",
        "en": "A card battle of legends: Strappacamicia, classic and epic, "
        "also against the automatic boss.",
    },
    min_seats=2,
    max_seats=9,
    seat_kinds=(HUMAN, *GENERIC_BOTS, "boss"),
    modes=("simplified", "classic", "epic"),
    automata=("boss",),
    simultaneous=True,
    rare_actions=frozenset({CONCEDE}),
    sent_once=("card_faces",),
    web=Path(__file__).parent / "web",
    rules=Path(__file__).parent / "rules",
    raced=True,  # designers simulate its random play by the thousand
    featured=True,  # the flagship: the lobby's form opens on it
    capabilities=(
        "automata",
        "autopilot",
        "campaigns",
        "card_tuning",
        "evaluation",
        "narration",
        "reference_player",
        "rl_encoding",
        "sample_configs",
        "simulation_rows",
        "table_builder",
        "terminal_table",
        "tournament_rules",
    ),
)


class LegendsGame(LegendsCampaigns):
    name = "legends"
    info = INFO
    Config = LegendsConfig
    TableOptions = LegendsTableOptions
    SeatOptions = LegendsSeatOptions
    messages = MESSAGES

    # -- setup ---------------------------------------------------------------------------

    def new(
        self, config: GivenConfig, seed: int, setup: Mapping[str, Any] | None = None
    ) -> LegendsState:
        cfg = parse_config(config if not isinstance(config, BaseModel) else config.model_dump())
        setup = setup or {}
        battle = cfg.mode != "simplified"
        scripted = bool(setup) and battle
        catalog = check_config(cfg, deck_given=scripted or "deck" in setup or "piles" in setup)
        if scripted and cfg.carry_in is not None and cfg.carry_in.seats:
            raise ConfigError(  # R136: carried cards go to the hands before the real deal
                "invalid_setup", "a battle with carried cards has no scripted setup", field="setup"
            )
        if not battle:
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
        if scripted:
            state.opening = opening + battle_scripted.setup_position(state, setup)
            return state
        if battle:
            battle_setup.begin(state, opening)
            state.opening = opening
            return state
        if "piles" in setup:
            state.opening = opening + simplified_mode.deal_scripted(state, setup)
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

    def opening_events(self, state: LegendsState) -> list[Event]:
        return list(state.opening)

    # -- whose turn, what is legal ------------------------------------------------------

    def to_act(self, state: LegendsState) -> frozenset[str]:
        if state.battle is not None:  # a battle answers for every phase, the cut and the end
            return battle_mode.to_act(state)
        if state.phase == "game_over":
            return frozenset()
        if state.phase == "setup_cut":
            return frozenset({state.cutter}) if state.cutter else frozenset()
        return rules_for(state).to_act(state)

    def legal_actions(self, state: LegendsState, seat: str) -> list[Action]:
        phase = state.phase
        if phase == "game_over":
            return []
        if phase != "setup_cut":
            if state.battle is None:
                return rules_for(state).legal_actions(state, seat)
            actions = battle_mode.legal_actions(state, seat)  # which asks `to_act` itself
            state.listed = (seat, tuple(actions))  # remembered for `apply`'s fast path
            return actions
        if seat != state.cutter:
            return []
        cuts = list(listing.cuts(len(state.deck)))  # made once per deck size
        return cuts + ([battle_mode.BARE[CONCEDE]] if state.battle is not None else [])

    # -- the action gate ------------------------------------------------------------------

    def apply(self, state: LegendsState, seat: str, action: Action) -> list[Event]:
        """Checks in the spec's order (§6): game over, seat, decision, phase, then the
        action's own preconditions; nothing changes before every check has passed. An
        action object taken from this state's current listing skips the checks: the
        listing proved it legal (`battle_listed`)."""
        listed = state.listed
        found = False
        if listed is not None and listed[0] == seat:
            for known in listed[1]:  # by identity (a plain loop: quicker than `any(map(is_…))`)
                if known is action:
                    found = True
                    break
        if found:
            state.listed = None
            events: list[Event] = []
            battle_listed.apply_listed(state, seat, action, events)
        else:
            events = self._checked(state, seat, action)
            state.listed = None  # the state has changed
            if action.type in (TIMEOUT, AUTOPILOT):
                return events
        player = state.seats[seat]
        player.timeouts_in_row = 0
        if player.autopilot:  # R116: the player is back
            player.autopilot = False
            events.insert(0, Event("autopilot_off", {"seat": seat}))
        return events

    def _checked(self, state: LegendsState, seat: str, action: Action) -> list[Event]:
        if state.phase == "game_over":
            raise refuse("game_over")
        if action.type == TIMEOUT:
            return self._timeout(state, seat, action)
        if action.type == AUTOPILOT:
            return self._autopilot(state, seat, action)
        return self._decide(state, seat, action)

    def _decide(self, state: LegendsState, seat: str, action: Action) -> list[Event]:
        rules = rules_for(state)
        if seat not in state.seats:
            raise refuse("not_your_decision", seat=seat)
        if rules.is_out(state, seat):
            raise refuse("seat_eliminated", seat=seat)
        if action.type != CUT_DECK and action.type not in rules.ACTIONS:
            raise refuse("unknown_action", action=action.type)
        events: list[Event] = []
        if state.phase == "setup_cut":
            if seat not in self.to_act(state):
                raise refuse("not_your_decision", seat=seat)
            if action.type == CONCEDE and state.battle is not None:
                rules.apply(state, seat, action, events)
                return events
            if action.type != CUT_DECK:
                raise refuse("wrong_phase", action=action.type, phase=state.phase)
            self._cut(state, seat, action, events)
        elif action.type == CUT_DECK:
            if seat not in self.to_act(state):
                raise refuse("not_your_decision", seat=seat)
            raise refuse("wrong_phase", action=action.type, phase=state.phase)
        else:
            rules.apply(state, seat, action, events)
        return events

    def _cut(self, state: LegendsState, seat: str, action: Action, events: list[Event]) -> None:
        """A2 (S6, R118): `cut_deck(k)` moves the top k cards to the bottom; without k the
        game's RNG cuts (as bots and timed-out seats do)."""
        only_args(action.type, action.args, "k")
        size = len(state.deck)
        k = action.get("k")
        if k is not None and (isinstance(k, bool) or not isinstance(k, int) or not 1 <= k < size):
            raise refuse("invalid_cut", k=k, size_minus_one=size - 1)
        if k is None:
            k = random_cut(state.rng, size)
        state.deck = cut(state.deck, k)
        state.cutter = None
        events.append(Event("deck_cut", {"seat": seat, "k": k}))
        rules_for(state).after_cut(state, events)

    def _decision_id(self, state: LegendsState, seat: str) -> str | None:
        if state.phase == "game_over":
            return None
        if state.phase == "setup_cut":
            return "cut" if seat == state.cutter else None
        return rules_for(state).decision_id(state, seat)

    def _timeout(self, state: LegendsState, seat: str, action: Action) -> list[Event]:
        """A16, R110: a clock ran out; a timeout for a decision no longer pending changes
        nothing. R116: after `autopilot_after` timeouts in a row the reference bot takes over."""
        wanted = self._decision_id(state, seat)
        if (
            wanted is None
            or set(action.args) != {"decision_id"}
            or action.get("decision_id") != wanted
        ):
            raise refuse("stale_timeout", seat=seat)
        forced = (
            Action(CUT_DECK)
            if state.phase == "setup_cut"
            else rules_for(state).forced_action(state, seat)
        )
        events = [Event("timeout", {"seat": seat, "decision_id": wanted})]
        events += self._decide(state, seat, forced)
        player = state.seats[seat]
        player.timeouts_in_row += 1
        limit = state.config.timers.autopilot_after if state.config.timers else None
        if limit is not None and player.timeouts_in_row >= limit and not player.autopilot:
            player.autopilot = True
            events.append(Event("autopilot_on", {"seat": seat}))
        return events

    def _autopilot(self, state: LegendsState, seat: str, action: Action) -> list[Event]:
        """The platform plays the reference bot's choice for a seat on autopilot; unlike the
        seat's own action, it does not end the autopilot."""
        if seat not in state.seats or not state.seats[seat].autopilot:
            raise refuse("not_your_decision", seat=seat)
        only_args(action.type, action.args, "action")
        try:
            inner = Action.from_json(action.get("action"))
        except (TypeError, ValueError):
            raise refuse("malformed_action", action=AUTOPILOT, args="action") from None
        if inner.type in (TIMEOUT, AUTOPILOT):
            raise refuse("malformed_action", action=AUTOPILOT, args="action")
        return self._decide(state, seat, inner)

    def on_autopilot(self, state: LegendsState) -> frozenset[str]:
        """R116: the seats whose player timed out `autopilot_after` times in a row and has
        not acted since."""
        return frozenset(seat for seat, player in state.seats.items() if player.autopilot)

    def timeout_action(self, state: LegendsState, seat: str) -> Action:
        return Action(TIMEOUT, decision_id=self._decision_id(state, seat) or "")

    def clocks(self, state: LegendsState) -> dict[str, Clock]:
        timers = state.config.timers
        if timers is None:
            return {}
        clocks = {}
        for seat in self.to_act(state):
            decision = self._decision_id(state, seat)
            if decision is None:
                continue
            if state.phase == "setup_cut":
                clocks[seat] = Clock(decision, timers.setup_s, "setup")
                continue
            timing = rules_for(state).clock_seconds(state, seat)
            if timing is not None:
                clocks[seat] = Clock(decision, timing[0], timing[1])
        return clocks

    # -- what each seat sees -------------------------------------------------------------

    def view(self, state: LegendsState, viewer: Viewer) -> dict[str, Any]:
        rules = rules_for(state)
        waiting = self.to_act(state)
        pending = []
        for seat in state.turn_order:
            if seat in waiting:
                decision = (
                    CUT_DECK if state.phase == "setup_cut" else rules.decision_name(state, seat)
                )
                entry = {
                    "seat": seat,
                    "decision": decision,
                    "decision_id": self._decision_id(state, seat),
                    "autopilot": state.seats[seat].autopilot,
                }
                if state.phase != "setup_cut":
                    entry.update(rules.pending_extra(state))
                pending.append(entry)
        mode_view = rules.view if state.phase != "setup_cut" else _no_mode_view
        return build_view(state, viewer, mode_view, pending)

    def hidden_from(self, state: LegendsState, seat: str) -> set[str]:
        hidden = set(state.deck) - state.revealed
        if state.phase != "setup_cut":
            hidden |= rules_for(state).hidden_from(state, seat)
        return hidden

    def determinize(self, state: LegendsState, seat: str, rng: Rng) -> LegendsState:
        """A world consistent with what `seat` has seen: unseen cards dealt again, and a
        fresh RNG, since the real one's future is hidden too. It depends only on what
        `seat` sees and on `rng`: the bots' promise not to cheat rests on it."""
        world = state.clone()
        if state.phase == "setup_cut":
            world.deck.sort()  # nobody knows the deck's order
            rng.shuffle(world.deck)
        else:  # the modes deal the deck again with the unseen hands
            rules_for(state).determinize(world, seat, rng)
        world.rng = Rng(rng.next_u32())
        return world

    # -- the rest of the protocol -----------------------------------------------------------

    def outcome(self, state: LegendsState) -> Outcome | None:
        result = state.result
        if result is None:
            return None
        return Outcome(tuple(result.winners), dict(result.placements), result.reason, result.draw)

    def clone(self, state: LegendsState) -> LegendsState:
        return state.clone()

    def dump(self, state: LegendsState) -> dict[str, Any]:
        return state.dump()

    def load(self, data: Mapping[str, Any]) -> LegendsState:
        """A state from `dump` (snapshots); `dump(load(d)) == d`."""
        config = parse_config(data["config"])
        catalog = check_config(config, deck_given=True)
        return LegendsState.load(dict(data), config, catalog)

    def seats(self, state: LegendsState) -> list[str]:
        return list(state.seats)

    def teams(self, state: LegendsState) -> dict[str, list[str]]:
        teams: dict[str, list[str]] = {}
        for seat in state.seats.values():
            teams.setdefault(seat.team, []).append(seat.seat_id)
        return teams

    def max_decisions(self, state: LegendsState) -> int:
        setup = 1 if state.phase == "setup_cut" else 0
        return setup + rules_for(state).max_decisions(state)

    def narrate(self, state: LegendsState, events: list[Event], lang: str) -> list[str]:
        """The events in words (Italian or English), skipping those not worth telling."""
        names = {s: seat.name for s, seat in state.seats.items()}
        owners = state_owners(state)
        narrator = Narrator(MESSAGES, state.catalog, names, lang, state.instances, owners)
        return [line for event in events if (line := narrator.event(event)) is not None]

    def narrate_for(
        self, state: LegendsState, events: Sequence[Event], lang: str, view: Mapping[str, Any]
    ) -> list[str | None]:
        """One line per event (None: not worth telling) for a viewer's filtered events:
        cards are named only when `view`, that viewer's view, shows them."""
        names = {s: seat.name for s, seat in state.seats.items()}
        shown = shown_instances(view, "card_id")
        narrator = Narrator(MESSAGES, state.catalog, names, lang, shown, view_owners(view))
        return [narrator.event(event) for event in events]

    def table_config(
        self, options: Mapping[str, Any], seats: Sequence[Mapping[str, Any]]
    ) -> dict[str, Any]:
        """A full config from game options and a list of seats (see `tables.table_config`)."""
        return table_config(options, seats)

    def presets(self) -> list[Preset]:
        return presets()

    def reference_bot(self, seed: int) -> ReferenceBot:
        """The rules' own bot (R131; BP for battles). It needs no seed: it is deterministic."""
        return ReferenceBot()

    def terminal_flags(self) -> type[BaseModel]:
        """The Legends flags of `tavola play` (see `terminal.flags`)."""
        return terminal_flags.LegendsFlags

    def flag_options(self, flags: BaseModel) -> dict[str, Any]:
        return terminal_flags.flag_options(flags)

    def terminal_table(self, request: TerminalRequest) -> TerminalSetup:
        return terminal_flags.terminal_table(request)

    def terminal_screen(
        self, console: Console, prompt: TerminalPrompt, lang: str
    ) -> LegendsTerminal:
        """Imported here: only the terminal needs Rich's screens."""
        from .terminal.session import LegendsTerminal

        return LegendsTerminal(self, console, prompt, lang)

    def automaton(self, kind: str, seed: int) -> BossBot:
        """The Automatic Boss (§5.14) as a player, for battles (`kind` is always "boss",
        the only automaton). Deterministic, like the reference bot."""
        return BossBot()

    def evaluate(self, state: LegendsState, seat: str) -> float:
        """How promising the position is for `seat` (higher is better): what the search
        bots stop at. It reads the whole state: bots call it on determinized worlds."""
        return evaluate(state, seat)

    def sample_configs(self) -> list[dict[str, Any]]:
        """Tables the conformance suite plays at random: every switch of the simplified
        mode; classic and epic with 2, 3, 4 and 8 seats in every side arrangement."""
        return simplified_samples() + battle_samples()

    def row_extractor(self) -> LegendsRows:
        """What a simulation row reads of a finished game (see `sim_rows`)."""
        return LegendsRows()

    def catalog_options(self, reference: str) -> dict[str, Any]:
        """The balance assistant's `--catalog`: a catalogue id or file (see `tuning`)."""
        return tuning.catalog_options(reference)

    def tuning_cards(self, config: Mapping[str, Any]) -> dict[str, dict[str, str]]:
        return tuning.tuning_cards(config)

    def seat_rotations(self, config: Mapping[str, Any]) -> list[dict[str, Any]]:
        return tuning.seat_rotations(config)

    def card_tiers(self, config: Mapping[str, Any]) -> dict[str, str]:
        return tuning.card_tiers(config)

    def card_changes(
        self,
        config: Mapping[str, Any],
        changes: Sequence[CardChange],
        card_id: str,
        direction: Direction,
        rules: TuningRules = NO_RULES,
    ) -> list[CardChange]:
        """A card's candidate changes, within the rarity budgets (see `tuning`)."""
        return tuning.Tuning(config, rules).candidates(changes, card_id, direction)

    def check_rules(self, config: Mapping[str, Any], rules: TuningRules) -> None:
        tuning.Tuning(config, rules).check_locks()

    def catalog_label(self, config: Mapping[str, Any]) -> str:
        return tuning.catalog_label(config)

    def tuning_problems(
        self,
        config: Mapping[str, Any],
        changes: Sequence[CardChange],
        rules: TuningRules = NO_RULES,
    ) -> list[str]:
        return tuning.Tuning(config, rules).problems(changes)

    def tuned_config(
        self, config: Mapping[str, Any], changes: Sequence[CardChange]
    ) -> dict[str, Any]:
        """`config` with its catalogue inline, changed (plain data: it travels to workers)."""
        catalog = tuning.Tuning(config).changed(changes)
        return {**config, "catalog": [card_to_data(card) for card in catalog.cards()]}

    def write_tuned_catalog(
        self, config: Mapping[str, Any], changes: Sequence[CardChange], path: Path
    ) -> None:
        tuning.Tuning(config).write(changes, path)

    def rl_codec(self, state: LegendsState) -> LegendsCodec:
        """The fixed observation and action encoding of `state`'s table (see `rl`);
        imported here, since it needs NumPy."""
        from .rl.codec import codec_for

        return codec_for(state)

    def tournament_options(self) -> type[BaseModel]:
        """The Legends keys of a tournament's options: deck rules and the games' mode
        (see `tournament`)."""
        return tournament.LegendsTournamentOptions

    def registration(self) -> type[BaseModel]:
        """R142: an entrant's age, main and deck."""
        return tournament.LegendsRegistration

    def registration_choices(self, options: BaseModel, lang: str) -> dict[str, Any]:
        return tournament.registration_choices(options, lang)

    def ready_registration(self, options: BaseModel, number: int) -> dict[str, Any]:
        return tournament.ready_registration(options, number)

    def check_entrant(self, entrant: Entrant, options: BaseModel) -> Entrant:
        return tournament.check_entrant(entrant, options)

    def table_seats(self) -> tuple[int, int]:
        """R148: tables of 2 to 8."""
        return (2, 8)

    def rotates_opener(self, options: BaseModel) -> bool:
        return tournament.rotates_opener(options)

    def tournament_table(
        self, entrants: Sequence[Entrant], options: BaseModel, order: Sequence[int] | None
    ) -> dict[str, Any]:
        return tournament.tournament_table(entrants, options, order)

    def table_result(self, state: LegendsState) -> TableResult:
        return tournament.table_result(state)


def simplified_samples() -> list[dict[str, Any]]:
    players = [{"age": age, "kind": "bot"} for age in (9, 42, 42, 30, 61, 17, 25, 70)]
    small = {"max_clashes": 60}
    return [
        {"mode": "simplified", "deck_source": "starter", "players": players[:2]},
        {
            "mode": "simplified",
            "deck_source": "starter",
            "players": players[:3],
            "simplified": {**small, "special_card_value": "reflip"},
            "timers": {"autopilot_after": 2},
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


def battle_samples() -> list[dict[str, Any]]:
    """Both battle modes × 2/3/4/8 seats × the three side arrangements; switches vary."""
    teams = {2: "AB", 3: "AAB", 4: "ABAB", 8: "ABCDABCD"}
    variants: list[dict[str, Any]] = [
        {},
        {"main_selection": "random", "timers": {"autopilot_after": 2}},
        {"extra_draw_mode": "per_player", "defence_stat_rule": "choice", "max_joint_attackers": 2},
        {
            "counter_attack_mode": "next_turn",
            "classic_damage": "ceil",
            "max_characters_on_table": 4,
        },
    ]
    configs: list[dict[str, Any]] = []
    for mode in ("classic", "epic"):
        for n, letters in teams.items():
            for sides in ("free_for_all", "teams", "good_vs_evil"):
                players = []
                for i in range(n):
                    player: dict[str, Any] = {"age": 8 + 9 * i, "kind": "bot"}
                    if sides == "teams":
                        player["team"] = letters[i]
                    elif sides == "good_vs_evil":
                        player["team"] = "good" if i % 2 == 0 else "evil"
                    players.append(player)
                variant = variants[len(configs) % len(variants)]
                configs.append(
                    {
                        "mode": mode,
                        "sides": sides,
                        "deck_source": "starter",
                        "players": players,
                        "max_rounds": 12,
                        **variant,
                    }
                )
    return configs


def _no_mode_view(state: LegendsState, viewer: Viewer) -> dict[str, Any]:
    return {}


game: Game[LegendsState] = LegendsGame()
