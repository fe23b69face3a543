"""What a game may offer beyond the required `Game` protocol: its declaration (`GameInfo`)
and each optional capability as a small typed protocol.

A game author reads this file and `protocol.py`, and nothing else of the shell. The shell
never tests a game's name nor looks a member up by string: it reads `game.info` and asks
`capability(game, Narration)`; a game that lacks the capability answers None there.
`GameInfo.capabilities` names the capabilities a game declares; the conformance suite
checks that the declaration and the implementation agree.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Protocol, TypeVar, runtime_checkable

from .actions import Action, Event

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray
    from pydantic import BaseModel
    from rich.console import Console

    from .errors import IllegalAction
    from .protocol import Game
    from .table import Player, Table
    from .tournaments import Entrant
    from .viewer import Viewer

S = TypeVar("S", contravariant=True)
C = TypeVar("C")

HUMAN = "human"
"""The seat kind of a person. Every other seat kind is a bot's name (`tavola.bots`) or one
of the game's automata."""

GENERIC_BOTS = ("random", "reference", "greedy", "ismcts")
"""Bots every game can seat: `reference` is the game's own (`ReferencePlayer`), or the
random bot for a game without one; `greedy` and `ismcts` search with `Evaluation`."""


@dataclass(frozen=True, slots=True)
class GameInfo:
    """What a game declares about itself, read by the lobby, the server, the command line
    and the simulator before any state exists. Texts are keyed by language."""

    name: str
    title: Mapping[str, str]
    description: Mapping[str, str]
    min_seats: int
    max_seats: int
    seat_kinds: tuple[str, ...]
    """What a table may seat: `human`, bot names, and automata (below)."""
    languages: tuple[str, ...] = ("it", "en")
    modes: tuple[str, ...] = ()
    automata: tuple[str, ...] = ()
    """Seat kinds played by the rules themselves (an automatic boss): built by `Automata`."""
    simultaneous: bool = False
    """More than one seat may be awaited at once (sealed choices)."""
    referee_seats: bool = False
    """Some seats are referees (they see everything and act on the game's bookkeeping)."""
    rare_actions: frozenset[str] = frozenset()
    """Action types random play and the search bots take only now and then (conceding)."""
    threaded_actions: frozenset[str] = frozenset()
    """Action types whose engine work reads free text (a pasted post, a draw): the server
    plays them in a worker thread, never on its event loop, however short the text."""
    sent_once: tuple[str, ...] = ()
    """Keys of a view whose entries never change (a card's face): a live connection is
    sent each entry once."""
    web: Path | None = None
    """The folder of the game's browser table (`table.js`, `table.css`, `i18n/<lang>.json`),
    by convention `tavola/games/<name>/web/`; None: the game has no browser table."""
    pages: tuple[str, ...] = ()
    """The game's own browser pages beside its table (a roster), each served at
    `/games/<name>/<page>` by the shell's page that runs `<web>/<page>.js`; the page's
    words are its catalogue's top-level object of the same name (`title` among them)."""
    featured: bool = False
    """The lobby's new-table form opens on this game (the flagship) rather than on the
    catalogue's first."""
    raced: bool = False
    """Random play of this game is what designers simulate at scale, so `tavola bench --suite
    engine` measures it against OpenSpiel when no game is named."""
    capabilities: tuple[str, ...] = field(default=())
    """The names (below, `CAPABILITIES`) of the optional capabilities the game offers."""

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "title": dict(self.title),
            "description": dict(self.description),
            "min_seats": self.min_seats,
            "max_seats": self.max_seats,
            "seat_kinds": list(self.seat_kinds),
            "automata": list(self.automata),
            "languages": list(self.languages),
            "modes": list(self.modes),
            "simultaneous": self.simultaneous,
            "referee_seats": self.referee_seats,
            "rare_actions": sorted(self.rare_actions),
            "sent_once": list(self.sent_once),
            "web": self.web is not None,
            "raced": self.raced,
            "featured": self.featured,
            "pages": list(self.pages),
            "capabilities": sorted(self.capabilities),
        }

    def text(self, texts: Mapping[str, str], lang: str) -> str:
        """`texts` (title or description) in `lang`, else in the game's first language."""
        return texts.get(lang) or texts[self.languages[0]]

    def mode_of(self, *settings: Mapping[str, Any]) -> str | None:
        """The mode a table plays: the `mode` of the first of `settings` (the options
        asked for, the config built from them) that names one, else the game's first
        mode (a game's config without one plays it); None for a game without modes. The
        command lines print it, so `play` and `simulate` each say which mode they use."""
        for setting in settings:
            if setting.get("mode"):
                return str(setting["mode"])
        return self.modes[0] if self.modes else None


@runtime_checkable
class Narration(Protocol[S]):
    """Events told in words, in any of the game's languages."""

    def narrate(self, state: S, events: list[Event], lang: str) -> list[str]:
        """The events in words, skipping those not worth telling."""
        ...

    def narrate_for(
        self, state: S, events: Sequence[Event], lang: str, view: Mapping[str, Any]
    ) -> list[str | None]:
        """One line per event (None: not worth telling) of a viewer's filtered events,
        naming only what `view`, that viewer's view, shows."""
        ...


@runtime_checkable
class Evaluation(Protocol[S]):
    """A position's worth for a seat (higher is better): where the search bots stop. It
    may read the whole state: bots call it on determinized worlds only."""

    def evaluate(self, state: S, seat: str) -> float: ...


@runtime_checkable
class ReferencePlayer(Protocol):
    """The game's own bot, seated as `reference`."""

    def reference_bot(self, seed: int) -> Player: ...


@runtime_checkable
class Automata(Protocol):
    """Players the rules run themselves (`GameInfo.automata`), such as an automatic boss."""

    def automaton(self, kind: str, seed: int) -> Player: ...


@runtime_checkable
class TableBuilder(Protocol):
    """Tables from a short description, for the lobby, the server, the terminal and the
    simulator: game options and a list of seats `{name?, kind, ...its SeatOptions}` become
    the full config that `Game.Config` validates.

    A seat's `kind` is one of `GameInfo.seat_kinds`. The table's seats (`Game.seats`) are
    the requested seats in their order, the automata's after the others; any seat beyond
    those (a referee's) is played by the reference bot."""

    @property
    def TableOptions(self) -> type[BaseModel]:
        """The options a table may set (mode, sides, timers...), each bounded: what the
        lobby's form offers and the server accepts (the terminal and the simulator may
        pass any of `Config`'s)."""
        ...

    @property
    def SeatOptions(self) -> type[BaseModel]:
        """The game's own fields of a seat (an age, a team), beside `name` and `kind`."""
        ...

    def table_config(
        self, options: Mapping[str, Any], seats: Sequence[Mapping[str, Any]]
    ) -> dict[str, Any]: ...

    def presets(self) -> list[Preset]:
        """Ready-made tables the lobby offers first."""
        ...


@dataclass(frozen=True, slots=True)
class Preset:
    """A ready-made table: its name per language, its options, its seats' kinds and, where
    a seat is more than its kind (a referee's), that seat's own fields (`SeatOptions`)."""

    id: str
    title: Mapping[str, str]
    options: Mapping[str, Any]
    seats: tuple[str, ...]
    seat_fields: tuple[Mapping[str, Any], ...] = ()
    """Aligned with `seats`; a seat past its end keeps its fields' defaults."""
    invite_only: bool = False
    """Its seats are named people's: only each seat's link takes it, never the lobby."""

    def to_json(self) -> dict[str, Any]:
        fields = [dict(f) for f in self.seat_fields[: len(self.seats)]]
        return {
            "id": self.id,
            "title": dict(self.title),
            "options": dict(self.options),
            "seats": list(self.seats),
            "seat_fields": fields + [{}] * (len(self.seats) - len(fields)),
            "invite_only": self.invite_only,
        }


@runtime_checkable
class SampleConfigs(Protocol):
    """Configs the conformance suite and the benchmarks play at random."""

    def sample_configs(self) -> list[dict[str, Any]]: ...


class RowExtractor(Protocol):
    """What a simulation row needs beyond the protocol, read from the referee's final view
    and the game's events."""

    def length(self, view: Mapping[str, Any], events: Sequence[Event]) -> tuple[int, int]:
        """(rounds, turns) of the finished game."""
        ...

    def plays(self, view: Mapping[str, Any], events: Sequence[Event]) -> list[tuple[str, str]]:
        """(card_id, seat) of every card put into play, in the order it happened."""
        ...

    def seat_columns(self, view: Mapping[str, Any], seat: str) -> dict[str, int]:
        """Per-seat figures at the end (remaining HP, pile size...), by column prefix."""
        ...

    def card_names(self, view: Mapping[str, Any]) -> dict[str, dict[str, str]]:
        """The names of the cards the view shows, card_id -> {language: name}, for the
        report (empty when the game's cards have no names)."""
        ...

    def words(self, config: Mapping[str, Any]) -> ReportWords:
        """What the balance report calls this table's measures."""
        ...


@dataclass(frozen=True, slots=True)
class ReportWords:
    """The balance report's words for a game's measures (English, as the report is)."""

    rounds: str = "rounds"
    turns: str = "turns"
    figures: Mapping[str, str] = field(default_factory=dict)
    """What each per-seat end figure of `seat_columns` means, by column prefix."""
    card_note: str = ""
    """A sentence that helps read the card-impact table, if the game needs one."""
    distributions: tuple[str, ...] = ()
    """End figures (column prefixes of `seat_columns`) whose whole distribution the report
    shows, with its percentiles and a histogram: a score a player sets out to beat."""
    first: str = "the seat that plays first"
    """Who the `first` column names (`RowGroups.first_seat`), for the report's advantage."""
    groups: Mapping[str, str] = field(default_factory=dict)
    """What each per-seat label of `RowGroups.seat_groups` is, by column prefix: the report
    shows a seat's win rate by each (a lineup, a gimmick)."""
    group_names: Mapping[str, Mapping[str, Mapping[str, str]]] = field(default_factory=dict)
    """The names of a group's labels, by group then label, each {language: name} as
    `RowExtractor.card_names`: the report shows a label in words beside it."""
    impact_kinds: Mapping[str, str] = field(default_factory=dict)
    """The kind (a singular noun: "legend") of each id of `RowExtractor.plays` that is not
    a card: the report gives each kind its own impact table before the cards'."""
    seat_names: Mapping[str, str] = field(default_factory=dict)
    """What the report calls each seat, by seat id ("Player 1 (Starstrike)"): a seat it
    does not name is shown by its id."""


@runtime_checkable
class RowExposure(Protocol):
    """What a `RowExtractor` may also read: the cards chance gave each seat before any
    decision (its opening hand, its main card). A card's impact is measured on these, not
    on plays: the side that is winning plays more of its cards, so a played card's win
    rate credits it with the win."""

    def exposure(self, view: Mapping[str, Any], events: Sequence[Event]) -> list[tuple[str, str]]:
        """(card_id, seat) of every card dealt to a seat at the start."""
        ...


@runtime_checkable
class RowGroups(Protocol):
    """What a `RowExtractor` may also read, when the game's view names no `turn_order`
    or a seat's play depends on a choice made before the game (its lineup)."""

    def first_seat(self, view: Mapping[str, Any], events: Sequence[Event]) -> str:
        """The seat that went first ("" when none did)."""
        ...

    def seat_groups(self, view: Mapping[str, Any], seat: str) -> dict[str, str]:
        """Labels of the seat's game (its lineup, its gimmick) by column prefix, each a
        word that is not a number: the report gives win rates by each label."""
        ...


@runtime_checkable
class SimulationRows(Protocol):
    """The game's own reading of a finished game for simulation rows."""

    def row_extractor(self) -> RowExtractor: ...


class RlCodec(Protocol[S]):
    """One table's fixed encoding for learning agents: every game of the table's shape
    (seats, catalogue, mode) observes `observation_size` float32 values within ±`bound`
    and picks one of `action_size` action indices."""

    @property
    def observation_size(self) -> int: ...

    @property
    def action_size(self) -> int: ...

    @property
    def bound(self) -> float: ...

    def observe(self, view: Mapping[str, Any], seat: str) -> NDArray[np.float32]:
        """`seat`'s observation, from its own view (`Viewer.seat(seat)`) alone, so that
        nothing hidden from the seat can enter it."""
        ...

    def mask(self, state: S, seat: str, legal: Sequence[Action]) -> NDArray[np.int8]:
        """1 at the index of every action of `legal` the encoding can express, else 0;
        never all zeros while the seat must act (some legal action always fits)."""
        ...

    def decode(self, state: S, seat: str, index: int) -> Action:
        """The action `index` stands for, for `seat`, now; ValueError when it names
        nothing now."""
        ...

    def describe(self, view: Mapping[str, Any]) -> str:
        """A few lines on a public view: the environment's text rendering."""
        ...


@runtime_checkable
class RlEncoding(Protocol[S]):
    """A fixed observation and action encoding: `tavola.rl` offers the game as a
    PettingZoo environment through it."""

    def rl_codec(self, state: S) -> RlCodec[S]:
        """The encoding of `state`'s table (its shape never changes during a game)."""
        ...


class QuitGame(Exception):
    """The person at the terminal left the table (typed `q`, or closed the input)."""


class TerminalPrompt(Protocol):
    """Reads what a person types at the terminal, optionally against a clock."""

    def ask(self, prompt: str, seconds: float | None = None) -> str | None:
        """The typed line, stripped and in lower case; None when `seconds` ran out.
        Raises `QuitGame` when the input is closed."""
        ...


@dataclass(frozen=True, slots=True)
class TerminalRequest:
    """A table asked for at the terminal: the flags every game shares, and the game's own
    (`TerminalTable.terminal_flags`, already validated)."""

    mode: str | None
    seats: tuple[str, ...]
    """One seat kind per seat as typed (`human`, a bot's name, an automaton); empty: the
    game's usual table."""
    names: tuple[str, ...]
    teams: tuple[str, ...]
    lang: str
    flags: BaseModel


@dataclass(frozen=True, slots=True)
class TerminalSetup:
    """What the game makes of a `TerminalRequest`: the full config, and who plays each seat
    (`human`, a bot's name or an automaton), in the order `TableBuilder` seats them."""

    config: dict[str, Any]
    seats: tuple[str, ...]


class TerminalScreen(Protocol):
    """One table drawn at the terminal by its game: the shell runs the table (its players,
    refusals, quitting, the record) and hands the screen what there is to show."""

    def people(self, seats: Sequence[str]) -> dict[str, Player]:
        """The players of the seats kept by people at this terminal (more than one share
        it, hotseat); a seat left out cannot be played by a person here."""
        ...

    def opening(self, table: Table, events: Sequence[Event]) -> None:
        """The table as it starts; `events` are the opening events the viewer may see."""
        ...

    def tell(self, table: Table, events: Sequence[Event]) -> None:
        """What just happened: the events the viewer (the one person at the terminal, or
        the public) may see."""
        ...

    def refused(self, error: IllegalAction) -> None:
        """A person's action the rules refused (the person is asked again)."""
        ...

    def outcome(self, table: Table) -> None:
        """The end of the game."""
        ...


@runtime_checkable
class TerminalTable(Protocol):
    """`tavola play GAME`: a table at the terminal, humans and bots. The game also lends
    its own flags to the other commands that set a table up (`tavola simulate`)."""

    def terminal_flags(self) -> type[BaseModel]:
        """The game's own flags: field `round_limit` is `--round-limit N`, a bool field a
        switch (`--timed`, `--no-timed`), a list field takes comma-separated values, a
        field's description is its help. The shell refuses any other flag, naming it."""
        ...

    def flag_options(self, flags: BaseModel) -> dict[str, Any]:
        """The game options (for `TableBuilder.table_config`) the flags stand for, for a
        table the shell seats itself; a flag that means nothing there is refused with a
        `ConfigError`."""
        ...

    def terminal_table(self, request: TerminalRequest) -> TerminalSetup:
        """The table asked for; a bad request raises `ConfigError` naming the flag."""
        ...

    def terminal_screen(
        self, console: Console, prompt: TerminalPrompt, lang: str
    ) -> TerminalScreen: ...


@runtime_checkable
class Autopilot(Protocol[S]):
    """Seats the platform plays for a while, with the reference bot, though a person holds
    them (after too many timeouts, say): each such move is submitted as the platform action
    `autopilot`. The game decides when a seat goes on and comes back off."""

    def on_autopilot(self, state: S) -> frozenset[str]:
        """The seats on autopilot now."""
        ...


@runtime_checkable
class ActionCheck(Protocol[S]):
    """What is wrong with an action, said before it is sent: a form that builds an action
    (a sealed post) shows every problem at once instead of the first refusal. Nothing
    changes; an empty list means `apply` would take it now."""

    def check(self, state: S, seat: str, action: Action) -> list[IllegalAction]:
        """Every problem of `action` for `seat`, each as the refusal it would be (a stable
        code and its sentence in each language)."""
        ...


@runtime_checkable
class PrivateWaiting(Protocol[S]):
    """A game where who has already chosen is hidden (a team's sealed post): each viewer
    is told only the awaited seats it may know of. Without it, everyone sees `to_act`."""

    def to_act_seen_by(self, state: S, seat: str | None) -> frozenset[str]:
        """The awaited seats `seat` (None: the public) may know are awaited."""
        ...


@runtime_checkable
class TimedActions(Protocol[S]):
    """A game whose rules read the time (a deadline): the server stamps each action with
    its own clock before the game applies it, so no seat chooses its instant and the
    stamped action, kept in the log, replays exactly."""

    def stamp(self, state: S, seat: str, action: Action, at: datetime) -> Action:
        """`action` as it happens at the server's instant `at` (UTC); an action that
        carries an instant of its own where the server's belongs is refused
        (`IllegalAction`)."""
        ...


@runtime_checkable
class AddedSeats(Protocol[S]):
    """A game whose table gains a person's seat while it runs (a referee adds a late
    player): one of its actions adds seats (`game.seats` grows). The server plays such an
    action only by its seats route, which writes each new seat with a one-time invite in
    the action's own commit and hands the link to whoever added it; every other way to
    send it is refused, so no seat ever exists without its row."""

    def adds_seats(self, action: Action) -> bool:
        """Whether `action` may add seats."""
        ...

    def seat_name(self, state: S, seat: str) -> str:
        """The name a seat the game added is shown by (its person's)."""
        ...


@dataclass(frozen=True, slots=True)
class ExportText:
    """A text a viewer may take away and paste elsewhere (a forum post, a private
    message): `name` is stable and URL-safe, `title` and `text` in the language asked for,
    `filename` without its extension (the text is plain UTF-8)."""

    name: str
    title: str
    filename: str
    text: str

    def to_json(self) -> dict[str, str]:
        return {
            "name": self.name,
            "title": self.title,
            "filename": self.filename,
            "text": self.text,
        }


@runtime_checkable
class Exports(Protocol[S]):
    """Texts the game writes for use outside the table (a forum's posts and private
    messages). The game answers only those `viewer` may see: the shell never filters
    them, it only serves them."""

    def exports(self, state: S, viewer: Viewer, lang: str) -> list[ExportText]:
        """Every text `viewer` may take away now, in `lang` (empty: none)."""
        ...


@dataclass(frozen=True, slots=True)
class HeldResult:
    """A result the rules hold back until a publication step (a referees' review):
    `audience`, the seats it is for once published (empty: the public, so everyone);
    `needles`, strings that give it away wherever they are written (a JSON fragment of a
    view or an event, a sentence of an export)."""

    audience: frozenset[str]
    needles: tuple[str, ...]


@runtime_checkable
class HeldResults(Protocol[S]):
    """A game whose results reach players only when its rules say (a review before
    publication): until then only its reviewers see them. The conformance suite plays
    `holding_config` until something is held and checks that no other seat, nor the
    public, finds it in a view, an event or an export — then publishes, and checks that
    each result reaches its audience."""

    def held_results(self, state: S) -> list[HeldResult]:
        """What is held for publication now (empty: nothing)."""
        ...

    def reviewers(self, state: S) -> frozenset[str]:
        """The seats that see what is held before it is published."""
        ...

    def publication(self, state: S) -> tuple[str, Action] | None:
        """The seat and action that publish what is held (None: nothing is held)."""
        ...

    def holding_config(self) -> dict[str, Any]:
        """A config whose random play reaches a held result."""
        ...


Direction = Literal["weaken", "strengthen"]


@dataclass(frozen=True, slots=True)
class StatChange:
    """One number of a card changed: `stat` names it in the game's words ("hp",
    "effects[0].amount")."""

    stat: str
    old: int
    new: int

    def to_json(self) -> dict[str, Any]:
        return {"stat": self.stat, "old": self.old, "new": self.new}


@dataclass(frozen=True, slots=True)
class CardChange:
    """A proposed change to one card: its numbers, old → new. `size` grows with the change
    (comparable between one card's candidates); `label` says it in words ("-10%")."""

    card_id: str
    size: float
    label: str
    stats: tuple[StatChange, ...]

    def describe(self) -> str:
        """The card's diff, old → new per stat: "hp 960 → 860, str 95 → 85"."""
        return ", ".join(f"{s.stat} {s.old} → {s.new}" for s in self.stats)

    def to_json(self) -> dict[str, Any]:
        return {
            "card_id": self.card_id,
            "size": self.size,
            "label": self.label,
            "stats": [s.to_json() for s in self.stats],
        }


@dataclass(frozen=True, slots=True)
class TuningRules:
    """What the designer holds fixed: `locks` names cards or numbers the assistant must
    not move (the game reads them: a card id, a stat name, or `CARD:stat`); a rarer card
    may end up weaker than a commoner one only with `allow_rarity_inversion`."""

    locks: frozenset[str] = frozenset()
    allow_rarity_inversion: bool = False


NO_RULES = TuningRules()


@runtime_checkable
class CardTuning(Protocol):
    """Stat changes the balance assistant (`tavola balance suggest`) may propose for the
    cards a table plays, within the game's own authoring rules (a rarity's budgets...).
    Every change is relative to the table's catalogue as given; `changes` hold at most one
    `CardChange` per card."""

    def catalog_options(self, reference: str) -> dict[str, Any]:
        """The game options that make a table play the catalogue `reference` (an id or a
        file); a bad one raises `ContentError` or `ConfigError`."""
        ...

    def tuning_cards(self, config: Mapping[str, Any]) -> dict[str, dict[str, str]]:
        """The cards of the catalogue `config` plays: card id → name by language."""
        ...

    def card_tiers(self, config: Mapping[str, Any]) -> dict[str, str]:
        """The cards of the table by tier: card id → the class of cards the designer means
        to be equally strong (Legends: the rarity). The assistant holds each card to its
        tier's other cards, so a tier meant to be stronger may be; {}: every card to the
        baseline."""
        ...

    def seat_rotations(self, config: Mapping[str, Any]) -> list[dict[str, Any]]:
        """Configs of the same table with the seats' own cards (their decks) moved round
        the seats, so that over them each seat's cards sit at every place; `[config]` when
        no seat owns cards (one shared deck, dealt at random)."""
        ...

    def card_changes(
        self,
        config: Mapping[str, Any],
        changes: Sequence[CardChange],
        card_id: str,
        direction: Direction,
        rules: TuningRules = NO_RULES,
    ) -> list[CardChange]:
        """Candidate changes to `card_id`, smallest first, each keeping the catalogue (with
        `changes` to other cards) within the authoring rules it kept and `rules`; [] when
        none of the card's numbers counts at this table, is unlocked, or can move."""
        ...

    def check_rules(self, config: Mapping[str, Any], rules: TuningRules) -> None:
        """Raises `ConfigError` naming a lock that names no card nor number of the table."""
        ...

    def catalog_label(self, config: Mapping[str, Any]) -> str:
        """The catalogue the table plays, named for a report: its id and content hash."""
        ...

    def tuning_problems(
        self,
        config: Mapping[str, Any],
        changes: Sequence[CardChange],
        rules: TuningRules = NO_RULES,
    ) -> list[str]:
        """What the changed catalogue breaks of the authoring rules the original kept,
        one line each (empty: nothing)."""
        ...

    def tuned_config(
        self, config: Mapping[str, Any], changes: Sequence[CardChange]
    ) -> dict[str, Any]:
        """`config` playing the catalogue with `changes`; plain data, for any worker."""
        ...

    def write_tuned_catalog(
        self, config: Mapping[str, Any], changes: Sequence[CardChange], path: Path
    ) -> None:
        """The catalogue with `changes` as a file the game's own validation accepts."""
        ...


@dataclass(frozen=True, slots=True)
class CampaignBattle:
    """A campaign waits for this battle: a game to play as `Game.new(config, seed, setup)`,
    then to hand back finished to `Campaigns.campaign_record`."""

    number: int
    """The battle's place in the campaign's list, from 1."""
    attempt: int
    """1 for the first try; retries count on."""
    config: Mapping[str, Any]
    seed: int
    setup: Mapping[str, Any] | None
    seats: tuple[str, ...]
    """Who plays each seat, in `Game.seats` order: `human`, a bot's name or an automaton."""
    title: str
    """The battle in words, in the language asked for."""


@dataclass(frozen=True, slots=True)
class CampaignOption:
    """One thing a between-battle choice may pick (a battle, a card), with its words."""

    value: Any
    label: str


@dataclass(frozen=True, slots=True)
class CampaignChoice:
    """A campaign waits for a seat's choice between battles: an action of type `action`
    whose argument `argument` is one of `options` (or, when `limit` is set, a list of at
    most `limit` of them, as the game counts them)."""

    seat: str
    name: str
    """The seat's name, as the players know it."""
    kind: str
    """Who makes it: `human` or a bot's name."""
    action: str
    argument: str
    options: tuple[CampaignOption, ...]
    limit: int | None
    question: str


@runtime_checkable
class Campaigns(Protocol[S]):
    """A sequence of games played by one party, with what it carries between them. The
    campaign itself is plain JSON data (what the store persists): every method takes it and
    none changes it; the choices and records return the campaign as it then is."""

    def campaign_config(
        self, options: Mapping[str, Any], party: Sequence[Mapping[str, Any]]
    ) -> dict[str, Any]:
        """A campaign config: `options` (empty: the game's ready-made campaign) with its
        party seated as `party` says, one `{kind, name?}` per member (`human` or `bot`);
        an empty `party` keeps the options' own."""
        ...

    def campaign_options(self) -> type[BaseModel]:
        """The model of a campaign's options when they are not empty (the published
        schema's): its `party` may be left to the request's."""
        ...

    def new_campaign(
        self, config: Mapping[str, Any], seed: int, secret: str | None = None
    ) -> dict[str, Any]:
        """A new campaign; a bad config raises `ConfigError` naming the field. With a
        `secret` (hex, 256 bits at least) each battle's seed is keyed by it, never drawn
        from a stream whose past outputs the battles fought make public; it is never shown.
        Without one the seeds come from `seed`, which is then known (practice)."""
        ...

    def campaign_sealed(self, campaign: Mapping[str, Any], secret: str) -> dict[str, Any]:
        """A campaign stored before keyed seeds, its later battles keyed by `secret`; one
        keyed already, as it is."""
        ...

    def campaign_next(
        self, campaign: Mapping[str, Any], lang: str
    ) -> CampaignBattle | CampaignChoice | None:
        """What the campaign waits for; None once it is over."""
        ...

    def campaign_choose(
        self, campaign: Mapping[str, Any], seat: str, action: Action
    ) -> tuple[dict[str, Any], list[Event]]:
        """A between-battle choice; an illegal one raises `IllegalAction` (the campaign
        given is never changed)."""
        ...

    def campaign_bot_choice(self, campaign: Mapping[str, Any], seat: str) -> Action:
        """The choice the game's own rule makes for a bot seat now."""
        ...

    def campaign_record(
        self, campaign: Mapping[str, Any], state: S
    ) -> tuple[dict[str, Any], list[Event]]:
        """The campaign after the battle it waited for ended in `state` (that battle's
        final state); `IllegalAction` if `state` is not that battle, or not over."""
        ...

    def campaign_view(
        self, campaign: Mapping[str, Any], viewer: Viewer, lang: str
    ) -> dict[str, Any]:
        """JSON-ready view: what `viewer` may see of the party and its carried cards."""
        ...

    def campaign_lines(self, campaign: Mapping[str, Any], viewer: Viewer, lang: str) -> list[str]:
        """The campaign as it stands, in words, for the terminal."""
        ...

    def campaign_result(self, campaign: Mapping[str, Any]) -> dict[str, Any] | None:
        """The result once the campaign is over (won or lost), else None."""
        ...


@dataclass(frozen=True, slots=True)
class TableResult:
    """A finished tournament game as the tournament reads it (`tavola.core.tournaments`):
    each entrant's place (1 = first; shared places allowed), in the order the table was
    given its entrants, and their positions in the order they played."""

    places: tuple[int, ...]
    order: tuple[int, ...]


@runtime_checkable
class TournamentRules(Protocol[S]):
    """What a tournament needs of its game: the game's part of the tournament's options,
    an entrant's registration (its deck, its main), the config of one tournament table and
    the reading of a finished one. The format itself (pairings, points, standings) is
    `tavola.core.tournaments`'."""

    def tournament_options(self) -> type[BaseModel]:
        """The game's own tournament options (deck size, the game's mode…), each bounded;
        keys outside it and the format's are refused."""
        ...

    def check_entrant(self, entrant: Entrant, options: BaseModel) -> Entrant:
        """The entrant as the game keeps it (its deck written out), or `IllegalAction`
        with the game's refusal code when its deck or main may not play."""
        ...

    def tournament_table(
        self, entrants: Sequence[Entrant], options: BaseModel, order: Sequence[int] | None
    ) -> dict[str, Any]:
        """The config of one game between `entrants` (seated in this order): `order`, their
        positions in the playing order the game must follow, or None for the game's own
        rule of who starts."""
        ...

    def table_result(self, state: S) -> TableResult:
        """How a finished tournament game ended, its seats read in entrant order."""
        ...


@dataclass(frozen=True, slots=True)
class LineupIssue:
    """One problem of a lineup: the game's stable `code`, where it is (`field`, a dotted
    path into the lineup such as `team.3.abilities.1`) and its sentence in each of the
    game's languages."""

    code: str
    field: str
    text: Mapping[str, str]

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "field": self.field, "text": dict(self.text)}


@dataclass(frozen=True, slots=True)
class LineupCheck:
    """What a game makes of a lineup: every problem at once, a JSON `summary` of its
    figures against the rules' limits (sizes, costs...), and the lineup as the game keeps
    it (`lineup`, its own ids spelled out) when it has no problem."""

    problems: tuple[LineupIssue, ...]
    summary: Mapping[str, Any]
    lineup: Mapping[str, Any] | None = None

    @property
    def ok(self) -> bool:
        return not self.problems

    def to_json(self) -> dict[str, Any]:
        return {
            "ok": self.ok,
            "problems": [p.to_json() for p in self.problems],
            "summary": dict(self.summary),
        }


@runtime_checkable
class Lineups(Protocol):
    """Lineups a player builds before a table (a team, a deck) and keeps: the server stores
    the valid ones per account and game, and a table lets their owner choose one."""

    def lineup_catalog(self, lang: str) -> dict[str, Any]:
        """Everything a page needs to build a lineup, its words in `lang`: the pieces a
        player may choose, the rules' limits and the ready-made lineups. JSON-ready."""
        ...

    def check_lineup(self, body: Any) -> LineupCheck:
        """`body`, any JSON value a client sent, checked: never raises for a bad one."""
        ...


CAPABILITIES: dict[str, type[Any]] = {
    "narration": Narration,
    "evaluation": Evaluation,
    "reference_player": ReferencePlayer,
    "automata": Automata,
    "table_builder": TableBuilder,
    "sample_configs": SampleConfigs,
    "simulation_rows": SimulationRows,
    "rl_encoding": RlEncoding,
    "terminal_table": TerminalTable,
    "autopilot": Autopilot,
    "action_check": ActionCheck,
    "timed_actions": TimedActions,
    "private_waiting": PrivateWaiting,
    "card_tuning": CardTuning,
    "campaigns": Campaigns,
    "tournament_rules": TournamentRules,
    "exports": Exports,
    "held_results": HeldResults,
    "lineups": Lineups,
    "added_seats": AddedSeats,
}
"""Every optional capability by the name a `GameInfo` declares it with."""


def capability(game: Game[Any], kind: type[C]) -> C | None:
    """`game` as the capability `kind`, or None when it does not offer it."""
    return game if isinstance(game, kind) else None


def implemented(game: Game[Any]) -> tuple[str, ...]:
    """The names of the capabilities `game` implements, whatever it declares."""
    return tuple(sorted(name for name, kind in CAPABILITIES.items() if isinstance(game, kind)))
