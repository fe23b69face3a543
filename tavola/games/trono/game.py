"""Gioco del Trono 2.0 as a `Game`: the digital referee (rules: shared/rules/gioco_del_trono.md)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from tavola.core import (
    PLATFORM_ACTIONS,
    TIMEOUT,
    Action,
    Clock,
    ConfigError,
    Event,
    IllegalAction,
    Outcome,
    Rng,
    Viewer,
)
from tavola.core.capabilities import (
    GENERIC_BOTS,
    HUMAN,
    ExportText,
    GameInfo,
    HeldResult,
    Preset,
    TerminalPrompt,
    TerminalRequest,
    TerminalSetup,
)
from tavola.core.configs import GivenConfig
from tavola.core.protocol import Game

from . import held, referee, reminders
from .announcements import board
from .audit_words import audit_words
from .bot import ReferenceBot, post_menu
from .characters import CatalogueProblem
from .clock import BadInstant, format_instant, parse_instant, parse_local
from .config import TronoConfig, parse_config
from .copied_post import copied_problems, read_post_text, unread_void
from .determinize import player_world
from .evaluate import evaluate
from .exports import exports_for
from .formation import close_registration, team_count
from .forum_deploy import parse_forum_deploy
from .forum_report import team_report_lines
from .forum_words import with_names
from .houses import HOUSES
from .lotto_calendar import shipped_shifts
from .messages import moment, refuse
from .posts import examine_post, post_problems, validate_post
from .publication import hold, published
from .sim_rows import TronoRows
from .state import Player, Post, Team, TronoState, catalogue_of
from .table_options import (
    TronoSeatOptions,
    TronoTableOptions,
    live_config,
    practice_config,
    practice_seats,
    presets,
)
from .terminal import TronoFlags, TronoTerminal, flag_options, terminal_table
from .turns import lock_turn
from .views import revealed_at_end, view_for
from .void_words import named_problems

if TYPE_CHECKING:
    from rich.console import Console

PLAYER_ACTIONS = frozenset(
    {
        "register",
        "set_preferences",
        "withdraw",
        "submit_house_ranking",
        "request_join",
        "submit_post",
        "tick",
    }
)
REFEREE_ACTIONS = frozenset(
    {
        "set_close",
        "close_registration",
        "reopen_registration",
        "enter_draw",
        "import_draw",
        "start_game",
        "close_turn",
        "publish_results",
        "override",
        "record_post",
        "record_registration",
        "record_withdrawal",
        "record_ranking",
        "shift_draw",
        "set_reminder",
        "add_player",
        "edit_character",
        "tick",
        TIMEOUT,  # the season's clock (reminders.py): the platform's alone
    }
)


def _parse_seat(seat: str) -> tuple[str, str]:
    kind, _, uid = seat.partition(":")
    if kind not in ("player", "referee") or not uid:
        raise refuse("E_NOT_PLAYER", seat=seat)
    return kind, uid


INFO = GameInfo(
    name="trono",
    information="imperfect",
    chance="sampled_stochastic",
    utility="general_sum",
    title={"it": "Gioco del Trono", "en": "Gioco del Trono"},
    description={
        "it": "Il gioco da forum a squadre con le estrazioni del Lotto: qui una partita "
        "di pratica tra bot, un bot per casata.",
        "en": "The forum team game driven by the Lotto draws: here a practice game "
        "among bots, one bot per house.",
    },
    min_seats=2,
    max_seats=40,  # a live season: up to 30 players and the referees; practice: 10 houses
    seat_kinds=(HUMAN, *GENERIC_BOTS),
    modes=("practice", "live"),
    simultaneous=True,
    referee_seats=True,
    rare_actions=frozenset({"withdraw"}),
    threaded_actions=frozenset({"record_post", "import_draw", "override"}),
    web=Path(__file__).parent / "web",
    rules=Path(__file__).parent / "rules",
    capabilities=(
        "action_check",
        "added_seats",
        "evaluation",
        "exports",
        "held_results",
        "private_waiting",
        "reference_player",
        "sample_configs",
        "simulation_rows",
        "table_builder",
        "terminal_table",
        "timed_actions",
    ),
)


class TronoGame:
    name = "trono"
    info = INFO
    Config = TronoConfig
    TableOptions = TronoTableOptions
    SeatOptions = TronoSeatOptions

    # -- creation -------------------------------------------------------------------------------

    def new(
        self, config: GivenConfig, seed: int, setup: Mapping[str, Any] | None = None
    ) -> TronoState:
        cfg = parse_config(config)
        try:
            catalogue_of(cfg)
        except CatalogueProblem as exc:
            raise ConfigError(
                "E_CATALOGUE_INVALID", f"E_CATALOGUE_INVALID: {exc}", field="characters"
            ) from None
        try:
            now = parse_instant(cfg.start_at)
        except BadInstant as exc:
            raise ConfigError("invalid_option", f"start_at: {exc}", field="start_at") from None
        state = TronoState(config=cfg, rng=Rng(seed).to_json(), now=now)
        state.draw_shifts = shipped_shifts()  # the game's own from now on (DECISIONS 30)
        if setup:
            from .setup import apply_setup

            apply_setup(state, setup)
            return state
        if cfg.mode == "practice":
            teams = team_count(len(cfg.players), cfg.target_team_size)
            if teams < cfg.min_teams:
                raise ConfigError(
                    "invalid_option",
                    f"players: {len(cfg.players)} players make {teams} teams "
                    f"(min_teams {cfg.min_teams})",
                    field="players",
                )
            for i, uid in enumerate(cfg.players):
                state.players[uid] = Player(user_id=uid, display_name=uid, registered_at=now + i)
            close_registration(state, [])
        return state

    def opening_events(self, state: TronoState) -> list[Event]:
        return []

    # -- whose turn -------------------------------------------------------------------------------

    def referee_seats(self, state: TronoState) -> frozenset[str]:
        return frozenset(f"referee:{r}" for r in state.config.referees)

    def to_act(self, state: TronoState) -> frozenset[str]:
        phase = state.phase
        if phase == "registration" and state.config.rehearsal:
            # A rehearsal's bot players register themselves first (DECISIONS 28).
            waiting = [u for u in state.config.players if u not in state.players]
            if waiting:
                return frozenset(f"player:{u}" for u in waiting)
        if phase in ("registration", "formation_wait", "ready", "turn_locked", "review"):
            return self.referee_seats(state)
        if phase == "house_ranking":
            return frozenset(
                f"player:{m}" for t in state.teams if t.house_ranking is None for m in t.members
            )
        if phase == "turn_open":
            return frozenset(
                f"player:{m}"
                for t in state.active_teams()
                if str(t.team_no) not in state.posts
                for m in t.members
            )
        return frozenset()

    def to_act_seen_by(self, state: TronoState, seat: str | None) -> frozenset[str]:
        """§8: whether a team has posted is its own and the referees' to know. While a
        turn is open a player is told only of its own team's awaited members, the public
        of none; every other phase's waiting is public."""
        awaited = self.to_act(state)
        if state.phase != "turn_open" or seat in self.referee_seats(state):
            return awaited
        team = state.team_of(seat.partition(":")[2]) if seat else None
        if team is None:
            return frozenset()
        return awaited & {f"player:{m}" for m in team.members}

    def legal_actions(self, state: TronoState, seat: str) -> list[Action]:
        kind, _, uid = seat.partition(":")
        phase = state.phase
        if kind == "referee" and uid in state.config.referees:
            if phase == "ready":
                return [Action("start_game")]
            if phase == "review":
                return [Action("publish_results")]
            if phase == "registration" and state.players:
                return [Action("close_registration")]
            if phase == "turn_open" and state.config.schedule == "manual":
                return [Action("close_turn")]
            return []
        if kind != "player":
            return []
        if phase == "registration":
            if uid not in state.players and uid not in state.config.referees:
                # a bot registers as the lobby calls its seat ("Bot 4"), never as "p04"
                place = state.config.players.index(uid) + 1 if uid in state.config.players else 0
                return [Action("register", display_name=f"Bot {place}" if place else uid)]
            return []
        team = state.team_of(uid)
        if team is None or not team.active:
            return []
        if phase == "house_ranking" and team.house_ranking is None:
            taken = {t.house_id for t in state.teams}
            return [Action("submit_house_ranking", houses=[h]) for h in HOUSES if h not in taken]
        if phase == "turn_open" and str(team.team_no) not in state.posts:
            return post_menu(state, team)
        return []

    # -- applying -------------------------------------------------------------------------------

    def apply(self, state: TronoState, seat: str, action: Action) -> list[Event]:
        """Referee actions (A7 to A12) need a referee seat; every action carries its instant
        (R2), and what is due by then runs first."""
        kind, uid = _parse_seat(seat)
        if state.phase == "over":
            raise refuse("E_GAME_OVER")
        allowed = PLAYER_ACTIONS if kind == "player" else REFEREE_ACTIONS
        if action.type not in PLAYER_ACTIONS | REFEREE_ACTIONS:
            raise refuse("E_UNKNOWN_ACTION_TYPE", action=action.type)
        if action.type not in allowed:
            code = "E_NOT_REFEREE" if action.type in REFEREE_ACTIONS else "E_NOT_MEMBER"
            raise refuse(code, action=action.type, user=uid)
        if kind == "referee" and uid not in state.config.referees:
            raise refuse("E_NOT_REFEREE", action=action.type)
        if action.type == TIMEOUT:  # before R2 runs: the deadline is what it stands for
            reminders.check_timeout(state, seat, action.args)
        raw_at = action.get("at")
        if raw_at is None:
            at = state.now
        else:
            try:
                at = parse_instant(str(raw_at))
            except BadInstant:
                raise refuse("E_BAD_INSTANT", at=str(raw_at)) from None
        if at < state.now:
            raise refuse(
                "E_CLOCK_REGRESSION", at=format_instant(at), last=format_instant(state.now)
            )
        reviewing = state.phase == "review"
        if referee.transitions_due(state, at):
            work = state.clone()
            events = referee.run_transitions(work, at)
            events += self._dispatch(work, kind, uid, action, at)
            for name in TronoState.model_fields:
                setattr(state, name, getattr(work, name))
        else:
            events = self._dispatch(state, kind, uid, action, at)
        state.now = at
        state.decisions += 1
        if reviewing and state.phase == "review":  # R45: the referees' business till published
            events = hold(state, events)
        return events

    def _dispatch(
        self, state: TronoState, kind: str, uid: str, action: Action, at: int
    ) -> list[Event]:
        """A13: a `tick` does nothing but what R2 already ran."""
        args = {k: v for k, v in action.args.items() if k != "at"}
        if action.type == "tick":
            _only(action.type, args)
            return []
        if action.type == TIMEOUT:
            return reminders.on_timeout(state, str(args.get("decision_id")))
        if kind == "player":
            if action.type == "submit_post":
                if "author" in action.args:
                    raise refuse("E_MALFORMED", action="submit_post", args="author")
                team, actions, deploys, threshold = validate_post(state, uid, action.args, at)
                return self._seal(state, team, uid, actions, deploys, threshold, at)
            return referee.player_action(state, uid, action.type, args, at)
        if action.type == "record_post":
            return self._record_post(state, uid, action.args, at)
        return referee.referee_action(state, uid, action.type, args, at)

    def _record_post(
        self, state: TronoState, referee_uid: str, args: Mapping[str, Any], at: int
    ) -> list[Event]:
        """A post copied from the forum by a referee, at the forum's instant: sealed as
        written, each invalid part void with its reason, the rest standing (DECISIONS 22).
        What makes the whole post invalid (late, a second post, not a member) refuses it."""
        author = args.get("author")
        found = state.team(str(args.get("team")))
        if not isinstance(author, str) or found is None or author not in found.members:
            raise refuse("E_NOT_MEMBER", user=str(author))
        posted = _forum_time(state, args.get("posted_at"), at)
        args = _with_written_deployments(state, found, args)
        args, unread = read_post_text(state, found, args)
        examined = examine_post(state, author, args, posted, copied=True)
        return self._seal(
            state,
            examined.team,
            author,
            examined.actions,
            examined.deploy,
            examined.threshold,
            posted,
            void=[p.to_json() for p in examined.problems] + unread_void(unread),
            recorded_by=referee_uid,
        )

    def _seal(
        self,
        state: TronoState,
        team: Team,
        author: str,
        actions: list[dict[str, Any]],
        deploys: list[dict[str, Any]],
        threshold: int | None,
        at: int,
        *,
        void: list[dict[str, Any]] | None = None,
        recorded_by: str | None = None,
    ) -> list[Event]:
        """A6: the post is sealed (R23); under the manual schedule the turn locks once
        every team with members has posted (R27)."""
        house = team.key
        post = Post(
            id=f"post:{state.turn}:{house}",
            team_no=team.team_no,
            turn=state.turn,
            at=at,
            author=author,
            actions=actions,
            deploy=deploys,
            abandon_threshold=threshold,
            void=void or [],
            recorded_by=recorded_by,
        )
        state.posts[str(team.team_no)] = post
        state.post_history.append(post)
        audience = frozenset(f"player:{m}" for m in team.members) | self.referee_seats(state)
        events = [
            Event("post_accepted", {"team": house, "post": post.model_dump()}, audience),
            Event("team_posted", {"team": house, "turn": state.turn}, self.referee_seats(state)),
        ]
        if (
            state.phase == "turn_open"
            and state.config.schedule == "manual"
            and all(str(t.team_no) in state.posts for t in state.active_teams() if t.members)
        ):
            events += lock_turn(state, at)
        return events

    # -- views ----------------------------------------------------------------------------------

    def view(self, state: TronoState, viewer: Viewer) -> dict[str, Any]:
        view = view_for(state, viewer, self.referee_seats(state))
        # The public page's words (announcements, standings), from the public view alone.
        public = with_names(
            view_for(state, Viewer.public(), self.referee_seats(state)), catalogue_of(state)
        )
        view["board"] = {lang: board(public, lang) for lang in self.info.languages}
        if "calendar" in view:  # the referees' view: the audit trail in words, both languages
            named = with_names(view, catalogue_of(state))
            people = {uid: p.display_name for uid, p in state.players.items()}
            view["audit_words"] = {
                lang: [audit_words(named, entry, people, lang) for entry in view["audit"]]
                for lang in self.info.languages
            }
        if "team" in view and state.config.mode == "live":
            # The team's page shows its private report in words, as the forum's message
            # says it (Italian and English; the page picks its language).
            named = with_names(view, catalogue_of(state))
            view["team"]["report_text"] = {
                lang: team_report_lines(named, lang) for lang in self.info.languages
            }
        return view

    def exports(self, state: TronoState, viewer: Viewer, lang: str) -> list[ExportText]:
        """The forum's texts: the public post, and each team's private message for those
        who may read it (exports.py)."""
        return exports_for(state, viewer, lang)

    # -- a late player's seat (the `AddedSeats` capability, late_players.py) -------------

    def adds_seats(self, action: Action) -> bool:
        return action.type == "add_player"

    def seat_name(self, state: TronoState, seat: str) -> str:
        player = state.players.get(seat.partition(":")[2])
        return player.display_name if player is not None else seat

    # -- results held for publication (R45; the `HeldResults` capability, held.py) ------------

    def held_results(self, state: TronoState) -> list[HeldResult]:
        return held.held_results(state)

    def reviewers(self, state: TronoState) -> frozenset[str]:
        return self.referee_seats(state)

    def publication(self, state: TronoState) -> tuple[str, Action] | None:
        return held.publication(state)

    def holding_config(self) -> dict[str, Any]:
        return held.holding_config()

    def hidden_from(self, state: TronoState, seat: str) -> set[str]:
        if seat in self.referee_seats(state):
            return set()
        uid = seat.partition(":")[2]
        hidden = {f"prefs:{u}" for u in state.players if u != uid}
        if revealed_at_end(state):  # §8: every post is public once the game is over
            return hidden
        own = state.team_of(uid)
        hidden |= {p.id for p in state.post_history if own is None or p.team_no != own.team_no}
        return hidden

    def determinize(self, state: TronoState, seat: str, rng: Rng) -> TronoState:
        """A world consistent with what `seat` sees (§8): everything hidden from it guessed
        from what it sees and `rng` alone (DECISIONS 18); the referees see everything."""
        if seat in self.referee_seats(state):
            return state.clone()
        # under review (R45), from the game as last published: the seat knows no more
        return player_world(published(state), seat.partition(":")[2], rng)

    def evaluate(self, state: TronoState, seat: str) -> float:
        """How `seat`'s team stands, for the search bots (DECISIONS 19): called on their
        determinized worlds only, so it reads the state as it is."""
        return evaluate(state, seat)

    def stamp(self, state: TronoState, seat: str, action: Action, at: datetime) -> Action:
        """A live game runs on the server's clock (R2): every action happens at the
        server's instant, which no seat chooses; a copied forum post's own time travels as
        `posted_at` (DECISIONS 25). A practice table keeps its own clock (DECISIONS 2)."""
        if state.config.mode != "live" or action.type in PLATFORM_ACTIONS:
            return action
        if "at" in action.args:
            raise refuse("E_AT_FROM_SERVER", action=action.type)
        instant = format_instant(round(at.timestamp() * 1000))
        return Action(action.type, **{**action.args, "at": instant})

    def check(self, state: TronoState, seat: str, action: Action) -> list[IllegalAction]:
        """Every problem of an action before it is sent: a team's post gets the whole list
        of A6 (`post_problems`, in the spec's order), anything else its refusal, if any."""
        work = state.clone()
        try:
            self.apply(work, seat, action)
        except IllegalAction as refused:
            kind, _, uid = seat.partition(":")
            if action.type != "submit_post" or kind != "player":
                return [refused]
            at = action.get("at")
            try:
                when = parse_instant(str(at)) if at is not None else state.now
            except BadInstant:
                return [refused]
            found = post_problems(state, uid, action.args, when)
            whole = [p.refusal() for p in found if p.part == "post"]
            own = state.team_of(uid)
            house = own.key if own is not None else ""
            named = named_problems(state, house, [p.to_json() for p in found], void=False)
            return whole or list(named) or [refused]
        if action.type == "record_post":  # what sealing it voids, every part (issue 27)
            return list(copied_problems(state, work, str(action.args.get("team"))))
        return []

    def timeout_action(self, state: TronoState, seat: str) -> Action:
        """The season's clock (reminders.py): the reminder, then the close at the deadline."""
        return reminders.timeout_action(state, seat)

    def clocks(self, state: TronoState) -> dict[str, Clock]:
        return reminders.clocks(state)

    # -- the rest of the protocol -----------------------------------------------------------

    def outcome(self, state: TronoState) -> Outcome | None:
        if state.phase != "over":
            return None
        result = state.result or {"winners": [], "ranking": [], "reason": "not_started"}
        place = {key: i + 1 for i, key in enumerate(result.get("ranking", []))}
        placements: dict[str, int] = {}
        winners: list[str] = []
        for team in state.teams:
            for member in team.members:
                placements[f"player:{member}"] = place.get(team.key, len(place) + 1)
                if team.key in result["winners"]:
                    winners.append(f"player:{member}")
        return Outcome(tuple(winners), placements, str(result["reason"]), draw=not winners)

    def clone(self, state: TronoState) -> TronoState:
        return state.clone()

    def dump(self, state: TronoState) -> dict[str, Any]:
        return state.model_dump(mode="json")

    def load(self, data: Mapping[str, Any]) -> TronoState:
        return TronoState.model_validate(dict(data))

    def seats(self, state: TronoState) -> list[str]:
        users = list(state.config.players)
        users += [u for u in state.players if u not in users]
        return [f"player:{u}" for u in users] + sorted(self.referee_seats(state))

    def teams(self, state: TronoState) -> dict[str, list[str]]:
        return {t.key: [f"player:{m}" for m in t.members] for t in state.teams}

    def max_decisions(self, state: TronoState) -> int:
        people = len(self.seats(state)) + len(state.players)
        turns = state.config.max_turns - state.turn + 1
        return 3 * people + 20 + turns * (people + 4)

    def reference_bot(self, seed: int) -> ReferenceBot:
        return ReferenceBot()

    def row_extractor(self) -> TronoRows:
        return TronoRows()

    def table_config(
        self, options: Mapping[str, Any], seats: Sequence[Mapping[str, Any]]
    ) -> dict[str, Any]:
        """A practice table for bots (simulation, the server): one single-member team per
        seat, its bot's account `bot01`, `bot02`… in seat order (a seat's name is the
        table's to show: accounts stay short and valid), simulated draws, turns closed as
        soon as every team has posted; `options` override any of it. With `mode: live`, a
        season of people and referees on the calendar (`live_config`)."""
        chosen = dict(options)
        if chosen.pop("mode", "practice") == "live":
            return live_config(chosen, seats)
        if chosen.pop("rehearsal", False):
            raise ConfigError(
                "invalid_option",
                "rehearsal: a referees' rehearsal is a live table (mode: live)",
                field="rehearsal",
                message_it="rehearsal: una prova arbitri è un tavolo dal vivo (mode: live)",
            )
        practice_seats(seats)
        players = [f"bot{i:02d}" for i in range(1, len(seats) + 1)]
        return {**practice_config(len(seats)), **chosen, "players": players}

    def terminal_flags(self) -> type[BaseModel]:
        """The Trono flags of `tavola play` (see `terminal`)."""
        return TronoFlags

    def flag_options(self, flags: BaseModel) -> dict[str, Any]:
        return flag_options(flags)

    def terminal_table(self, request: TerminalRequest) -> TerminalSetup:
        return terminal_table(self, request)

    def terminal_screen(self, console: Console, prompt: TerminalPrompt, lang: str) -> TronoTerminal:
        return TronoTerminal(console, lang)

    def presets(self) -> list[Preset]:
        return presets()

    def sample_configs(self) -> list[dict[str, Any]]:
        """Practice tables with 4, 7 and 10 one-bot teams (the conformance suite); the last
        reveals everything at the end (§8), so the suite checks that variant's views too."""
        samples = []
        reveal = {"max_turns": 4, "reveal_all_at_end": True}
        for teams, extra in ((4, {}), (7, {"max_turns": 8}), (10, reveal)):
            samples.append(
                {
                    "mode": "practice",
                    "draw_source": "simulated",
                    "schedule": "manual",
                    "target_team_size": 1,
                    "referees": ["arbitro"],
                    "players": [f"bot{i:02d}" for i in range(1, teams + 1)],
                    **extra,
                }
            )
        return samples


def _forum_time(state: TronoState, written: Any, at: int) -> int:
    """A copied post's own instant: the forum's time (`posted_at`, Rome local time as the
    forum shows it, `2026-10-27 19:49`, or an instant with an offset); without one, the
    action's. It is never later than the moment it is recorded (DECISIONS 25)."""
    if written is None:
        return at
    try:
        posted = parse_local(str(written), state.config.timezone)
    except BadInstant:
        raise refuse("E_BAD_INSTANT", at=str(written)) from None
    if posted > at:
        zone = state.config.timezone
        raise refuse("E_POSTED_LATER", posted=moment(posted, zone), at=moment(at, zone))
    return posted


MAX_DEPLOY_TEXT = 2000
"""The deployments of one post are a few lines; anything far longer is not a post."""


def _with_written_deployments(
    state: TronoState, team: Team, args: Mapping[str, Any]
) -> Mapping[str, Any]:
    """A copied post's deployments as the forum writes them (`deploy_text`: "Ardengo
    (Baratheon), Alvise (azione 1)"), read into the engine's deployments after any given
    as data; a name no character has stays as written, and is void (DECISIONS 33)."""
    if "deploy_text" not in args:
        return args
    rest = {k: v for k, v in args.items() if k != "deploy_text"}
    written = args["deploy_text"]
    if not isinstance(written, str) or len(written) > MAX_DEPLOY_TEXT:
        raise refuse("E_DEPLOY_TEXT", n=MAX_DEPLOY_TEXT)
    given = rest.get("deploy") or []
    if not isinstance(given, list | tuple):
        return rest  # A6 step 4 refuses it with its own words
    owned = list(state.opening.get("teams", {}).get(team.key, {}).get("characters", []))
    read = parse_forum_deploy(written, catalogue_of(state), owned)
    return {**rest, "deploy": [*given, *read]}


def _only(action_type: str, args: Mapping[str, Any], *allowed: str) -> None:
    extra = sorted(set(args) - set(allowed))
    if extra:
        raise refuse("E_MALFORMED", action=action_type, args=", ".join(extra))


game: Game[TronoState] = TronoGame()
