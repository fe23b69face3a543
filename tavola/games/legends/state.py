"""The runtime state of a Legends of AZ game (§3.7): plain dataclasses, cloned by hand
because bots clone states thousands of times.

`LegendsState` holds what every mode shares (seats, deck, RNG); the simplified mode keeps
its piles and clashes in `strappa`, the battle modes their tables and combats in `battle`.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from tavola.core import Action, Event, Rng

from .cards import CardDef
from .catalog import Catalog
from .config import LegendsConfig


@dataclass(slots=True)
class SeatState:
    seat_id: str
    kind: str
    """`human`, `bot` or `auto_boss`."""
    name: str
    age: int | None
    agility: int
    team: str
    hand: list[str] = field(default_factory=list)
    table: list[str] = field(default_factory=list)
    """Characters on this seat's table, in placement order (the main first)."""
    egs: list[str] = field(default_factory=list)
    main_iid: str | None = None
    permission: str = "neutral"
    eliminated: bool = False
    elimination_order: int | None = None
    timeouts_in_row: int = 0
    autopilot: bool = False

    def clone(self) -> SeatState:
        return SeatState(
            self.seat_id,
            self.kind,
            self.name,
            self.age,
            self.agility,
            self.team,
            list(self.hand),
            list(self.table),
            list(self.egs),
            self.main_iid,
            self.permission,
            self.eliminated,
            self.elimination_order,
            self.timeouts_in_row,
            self.autopilot,
        )

    @classmethod
    def load(cls, data: dict[str, Any]) -> SeatState:
        return cls(**data)

    def dump(self) -> dict[str, Any]:
        return {
            "seat_id": self.seat_id,
            "kind": self.kind,
            "name": self.name,
            "age": self.age,
            "agility": self.agility,
            "team": self.team,
            "hand": list(self.hand),
            "table": list(self.table),
            "egs": list(self.egs),
            "main_iid": self.main_iid,
            "permission": self.permission,
            "eliminated": self.eliminated,
            "elimination_order": self.elimination_order,
            "timeouts_in_row": self.timeouts_in_row,
            "autopilot": self.autopilot,
        }


# -- the simplified mode ----------------------------------------------------------------------


@dataclass(slots=True)
class Clash:
    """The clash being played in the simplified mode (R121–R125)."""

    number: int
    participants: list[str]
    reference_before: str
    submitted: list[str] = field(default_factory=list)
    """Seats that have sent their sealed `flip`."""
    flipped: dict[str, list[str]] = field(default_factory=dict)
    """Cards each seat turned this clash, in order; the last one is its value card."""
    choice: tuple[str, str] | None = None
    """(seat, card iid) whose `choose_reference` is awaited."""
    next_to_settle: int = 0
    """Index into `participants` of the seat whose special cards are being handled."""

    def clone(self) -> Clash:
        return Clash(
            self.number,
            list(self.participants),
            self.reference_before,
            list(self.submitted),
            {seat: list(cards) for seat, cards in self.flipped.items()},
            self.choice,
            self.next_to_settle,
        )

    @classmethod
    def load(cls, data: dict[str, Any]) -> Clash:
        choice = data["choice"]
        return cls(**{**data, "choice": tuple(choice) if choice else None})

    def dump(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "participants": list(self.participants),
            "reference_before": self.reference_before,
            "submitted": list(self.submitted),
            "flipped": {seat: list(cards) for seat, cards in self.flipped.items()},
            "choice": list(self.choice) if self.choice else None,
            "next_to_settle": self.next_to_settle,
        }


@dataclass(slots=True)
class Strappacamicia:
    """Simplified-mode state (R117–R131)."""

    piles: dict[str, list[str]]
    """Face-down cards per seat, top first."""
    out_after_clash: dict[str, int] = field(default_factory=dict)
    """Seats out of cards, with the clash after which they ran out."""
    reference_stat: str = "hp"
    clash_no: int = 0
    """Clashes settled so far."""
    clash: Clash | None = None
    pot: list[str] = field(default_factory=list)
    """Cards of earlier tied clashes, in pot order."""
    war_seats: list[str] | None = None
    """After a tie: the seats that tied (under `tied_only`, those who play the war)."""
    unordered: dict[str, int] = field(default_factory=dict)
    """Won cards shuffled into a pile (`shuffle_winnings`): iid → the clash that won them,
    so that a determinized world keeps each such group together but in unknown order."""
    last_clash: dict[str, Any] | None = None

    def clone(self) -> Strappacamicia:
        return Strappacamicia(
            {seat: list(pile) for seat, pile in self.piles.items()},
            dict(self.out_after_clash),
            self.reference_stat,
            self.clash_no,
            self.clash.clone() if self.clash else None,
            list(self.pot),
            list(self.war_seats) if self.war_seats is not None else None,
            dict(self.unordered),
            self.last_clash,  # replaced, never mutated
        )

    @classmethod
    def load(cls, data: dict[str, Any]) -> Strappacamicia:
        clash = data["clash"]
        return cls(**{**data, "clash": Clash.load(clash) if clash else None})

    def dump(self) -> dict[str, Any]:
        return {
            "piles": {seat: list(pile) for seat, pile in self.piles.items()},
            "out_after_clash": dict(self.out_after_clash),
            "reference_stat": self.reference_stat,
            "clash_no": self.clash_no,
            "clash": self.clash.dump() if self.clash else None,
            "pot": list(self.pot),
            "war_seats": list(self.war_seats) if self.war_seats is not None else None,
            "unordered": dict(self.unordered),
            "last_clash": self.last_clash,
        }


# -- the battle modes ---------------------------------------------------------------------------


@dataclass(slots=True)
class Modifier:
    """A temporary or lasting change to a character's stat (§3.7); `ward` has amount 0."""

    stat: str
    amount: int
    duration: str
    source_iid: str | None
    combat_id: int | None
    turn_no: int

    def dump(self) -> dict[str, Any]:
        return {
            "stat": self.stat,
            "amount": self.amount,
            "duration": self.duration,
            "source_iid": self.source_iid,
            "combat_id": self.combat_id,
            "turn_no": self.turn_no,
        }


@dataclass(slots=True)
class Character:
    """A character on a table (§3.7 CharacterState)."""

    iid: str
    controller: str
    is_main: bool = False
    damage: int = 0
    exhausted: bool = False
    exhausted_reason: str | None = None
    sleep_remaining: int = 0
    sleep_counts: bool = False
    forwent: bool = False
    equipment_iid: str | None = None
    modifiers: list[Modifier] = field(default_factory=list)
    acted_this_turn: bool = False

    def clone(self) -> Character:
        return Character(
            self.iid,
            self.controller,
            self.is_main,
            self.damage,
            self.exhausted,
            self.exhausted_reason,
            self.sleep_remaining,
            self.sleep_counts,
            self.forwent,
            self.equipment_iid,
            list(self.modifiers),  # Modifier values are never mutated
            self.acted_this_turn,
        )

    @classmethod
    def load(cls, data: dict[str, Any]) -> Character:
        return cls(**{**data, "modifiers": [Modifier(**m) for m in data["modifiers"]]})

    def dump(self) -> dict[str, Any]:
        return {
            "iid": self.iid,
            "controller": self.controller,
            "is_main": self.is_main,
            "damage": self.damage,
            "exhausted": self.exhausted,
            "exhausted_reason": self.exhausted_reason,
            "sleep_remaining": self.sleep_remaining,
            "sleep_counts": self.sleep_counts,
            "forwent": self.forwent,
            "equipment_iid": self.equipment_iid,
            "modifiers": [m.dump() for m in self.modifiers],
            "acted_this_turn": self.acted_this_turn,
        }


@dataclass(slots=True)
class Enchantgineering:
    """An Enchantgineering on a table (§3.7 EGState): built phase by phase (R91–R93)."""

    iid: str
    controller: str
    phases: int
    progress: int = 0
    hits_taken: int = 0

    @property
    def complete(self) -> bool:
        return self.progress >= self.phases

    @property
    def structure(self) -> int:
        """R95: the phases once complete, the progress while under construction."""
        return self.phases if self.complete else self.progress

    def clone(self) -> Enchantgineering:
        return Enchantgineering(
            self.iid, self.controller, self.phases, self.progress, self.hits_taken
        )

    def dump(self) -> dict[str, Any]:
        return {
            "iid": self.iid,
            "controller": self.controller,
            "phases": self.phases,
            "progress": self.progress,
            "hits_taken": self.hits_taken,
        }


@dataclass(slots=True)
class Attacker:
    iid: str
    stat: str


@dataclass(slots=True)
class Combat:
    """An open combat (§3.7): from `declare_attack` to `attack_resolved`."""

    combat_id: int
    attacking_seat: str
    defending_seat: str
    attackers: list[Attacker]
    target: str
    target_kind: str
    """`character` or `eg`."""
    origin: str
    """`main` or `counter`: the phase to return to."""
    stage: str = "defence_setup"
    """`defence_setup` (R41) or `window` (R42)."""
    defence_stat: str | None = None
    parried: bool = False
    eligible_seats: list[str] = field(default_factory=list)
    priority_seat: str | None = None
    consecutive_passes: int = 0
    plays_in_window: int = 0
    plays: dict[tuple[str, int], tuple[Action, ...]] = field(
        default_factory=dict, compare=False, repr=False
    )
    """The window's play listings (see `card_play.play_actions`) by seat and eliminations
    so far, until the next card played. Not game state: never dumped or cloned."""

    def __getstate__(self) -> dict[str, Any]:
        """Pickled and deep-copied without `plays`, which is not game state."""
        return {name: getattr(self, name) for name in self.__slots__ if name != "plays"}

    def __setstate__(self, data: dict[str, Any]) -> None:
        for name, value in data.items():
            setattr(self, name, value)
        self.plays = {}

    def clone(self) -> Combat:
        return Combat(
            self.combat_id,
            self.attacking_seat,
            self.defending_seat,
            [Attacker(a.iid, a.stat) for a in self.attackers],
            self.target,
            self.target_kind,
            self.origin,
            self.stage,
            self.defence_stat,
            self.parried,
            list(self.eligible_seats),
            self.priority_seat,
            self.consecutive_passes,
            self.plays_in_window,
        )

    @classmethod
    def load(cls, data: dict[str, Any]) -> Combat:
        return cls(**{**data, "attackers": [Attacker(**a) for a in data["attackers"]]})

    def dump(self) -> dict[str, Any]:
        return {
            "combat_id": self.combat_id,
            "attacking_seat": self.attacking_seat,
            "defending_seat": self.defending_seat,
            "attackers": [{"iid": a.iid, "stat": a.stat} for a in self.attackers],
            "target": self.target,
            "target_kind": self.target_kind,
            "origin": self.origin,
            "stage": self.stage,
            "defence_stat": self.defence_stat,
            "parried": self.parried,
            "eligible_seats": list(self.eligible_seats),
            "priority_seat": self.priority_seat,
            "consecutive_passes": self.consecutive_passes,
            "plays_in_window": self.plays_in_window,
        }


@dataclass(slots=True)
class Battle:
    """Classic and epic state: round and turn, tables, the open combat, counter phases."""

    characters: dict[str, Character] = field(default_factory=dict)
    egs: dict[str, Enchantgineering] = field(default_factory=dict)
    round_no: int = 0
    turn_no: int = 0
    active_seat: str | None = None
    combat: Combat | None = None
    combats_opened: int = 0
    counter_queue: list[str] = field(default_factory=list)
    """Seats still owed a counter-attack phase this turn (R57), in order."""
    counter_seat: str | None = None
    attacked_seats_this_turn: list[str] = field(default_factory=list)
    equip_window_open: bool = False
    actions_this_turn: int = 0
    forgo_draws_this_turn: int = 0
    attack_skipped: bool = False
    attacked_or_built: bool = False
    """An attack or a build happened this turn (R26 `already_attacked`)."""
    sealed: dict[str, Any] = field(default_factory=dict)
    """Setup choices sent but not yet revealed: seat → card id (mains) or iids (formation)."""
    eliminations: int = 0
    """Seats eliminated so far (R104's elimination_order)."""

    def clone(self) -> Battle:
        return Battle(
            {iid: c.clone() for iid, c in self.characters.items()},
            {iid: eg.clone() for iid, eg in self.egs.items()},
            self.round_no,
            self.turn_no,
            self.active_seat,
            self.combat.clone() if self.combat else None,
            self.combats_opened,
            list(self.counter_queue),
            self.counter_seat,
            list(self.attacked_seats_this_turn),
            self.equip_window_open,
            self.actions_this_turn,
            self.forgo_draws_this_turn,
            self.attack_skipped,
            self.attacked_or_built,
            {seat: (list(v) if isinstance(v, list) else v) for seat, v in self.sealed.items()},
            self.eliminations,
        )

    @classmethod
    def load(cls, data: dict[str, Any]) -> Battle:
        return cls(
            **{
                **data,
                "characters": {i: Character.load(c) for i, c in data["characters"].items()},
                "egs": {i: Enchantgineering(**eg) for i, eg in data["egs"].items()},
                "combat": Combat.load(data["combat"]) if data["combat"] else None,
            }
        )

    def dump(self) -> dict[str, Any]:
        return {
            "characters": {iid: c.dump() for iid, c in self.characters.items()},
            "egs": {iid: eg.dump() for iid, eg in self.egs.items()},
            "round_no": self.round_no,
            "turn_no": self.turn_no,
            "active_seat": self.active_seat,
            "combat": self.combat.dump() if self.combat else None,
            "combats_opened": self.combats_opened,
            "counter_queue": list(self.counter_queue),
            "counter_seat": self.counter_seat,
            "attacked_seats_this_turn": list(self.attacked_seats_this_turn),
            "equip_window_open": self.equip_window_open,
            "actions_this_turn": self.actions_this_turn,
            "forgo_draws_this_turn": self.forgo_draws_this_turn,
            "attack_skipped": self.attack_skipped,
            "attacked_or_built": self.attacked_or_built,
            "sealed": {s: (list(v) if isinstance(v, list) else v) for s, v in self.sealed.items()},
            "eliminations": self.eliminations,
        }


# -- the whole game ------------------------------------------------------------------------------


@dataclass(slots=True)
class Result:
    winners: list[str]
    placements: dict[str, int]
    reason: str
    draw: bool

    def dump(self) -> dict[str, Any]:
        return asdict(self)  # copies of the lists and tables, as JSON wants them


_CACHES = ("listed", "defs")
"""`LegendsState`'s fields that only speed it up."""


class CardDefs(dict[str, CardDef]):
    """Instance iid → its card definition, looked up once: `card` is asked thousands of
    times a game. It serves one `instances` mapping (replaced, never changed in place, but
    for new iids during a scripted setup), and is shared between clones like it."""

    __slots__ = ("catalog", "hands", "instances", "stat_effects", "stat_sums")

    def __init__(self, catalog: Catalog, instances: dict[str, str]) -> None:
        super().__init__()
        self.catalog = catalog
        self.instances = instances
        self.hands: dict[tuple[tuple[str, ...], str], Any] = {}
        """(hand, permission) → its usable cards by kind (see `hands`), for the same reason."""
        self.stat_effects: dict[str, tuple[Any, ...]] = {}
        """Equipment or EG iid → its effects or auras on stats and wards (see `stats`)."""
        self.stat_sums: dict[str, tuple[dict[str, int], dict[str, int]]] = {}
        """Equipment or EG iid → the sums of its stat changes by stat: an equipment's on
        its bearer, and an empty mapping; an EG's auras on its allies, then on its enemies
        (see `stats`)."""

    def __missing__(self, iid: str) -> CardDef:
        card = self[iid] = self.catalog[self.instances[iid]]
        return card


LATER_OPTIONS = ("carry_in", "turn_order")
"""Config fields added after games were stored (campaigns, tournaments): left out of the
dump while unset."""


@dataclass(slots=True)
class LegendsState:
    config: LegendsConfig
    """Shared between clones: never mutated."""
    catalog: Catalog
    """Shared between clones: never mutated."""
    rng: Rng
    phase: str
    seats: dict[str, SeatState]
    turn_order: list[str]
    """Fixed at setup, so clones share it."""
    instances: dict[str, str]
    """Card instance iid → card_id, fixed once setup is done, so clones share it."""
    contributions: dict[str, list[str]]
    """Seat → card ids it brought (public after S4)."""
    deck: list[str] = field(default_factory=list)
    """Top first."""
    discard: list[str] = field(default_factory=list)
    """Newest last."""
    set_aside: list[str] = field(default_factory=list)
    last_controller: dict[str, str] = field(default_factory=dict)
    """Card iid → the seat that last controlled it on a table (R77, R80)."""
    cutter: str | None = None
    revealed: set[str] = field(default_factory=set)
    """Instances whose face everyone has seen at some point (where they are now may still
    be hidden: the deck's order always is)."""
    strappa: Strappacamicia | None = None
    battle: Battle | None = None
    result: Result | None = None
    opening: list[Event] = field(default_factory=list)
    listed: tuple[str, tuple[Action, ...]] | None = field(default=None, compare=False, repr=False)
    """The last listing of legal actions (seat, actions) made for this state as it is now:
    an action found in it by identity is legal by construction (see `battle_listed`).
    Not game state: never dumped, hashed or cloned; any change of the state drops it."""

    defs: CardDefs | None = field(default=None, compare=False, repr=False)
    """`card`'s look-ups, for the current `instances` (rebuilt when it is replaced)."""

    def __getstate__(self) -> dict[str, Any]:
        """Pickled and deep-copied without `listed` and `defs`, which are not game state."""
        return {name: getattr(self, name) for name in self.__slots__ if name not in _CACHES}

    def __setstate__(self, data: dict[str, Any]) -> None:
        for name, value in data.items():
            setattr(self, name, value)
        self.listed = None
        self.defs = None

    def card(self, iid: str) -> CardDef:
        defs = self.defs
        if defs is None or defs.instances is not self.instances or defs.catalog is not self.catalog:
            defs = self.card_defs()
        return defs[iid]

    def card_defs(self) -> CardDefs:
        defs = self.defs
        if defs is None or defs.instances is not self.instances or defs.catalog is not self.catalog:
            defs = self.defs = CardDefs(self.catalog, self.instances)
        return defs

    def clone(self) -> LegendsState:
        return LegendsState(
            config=self.config,
            catalog=self.catalog,
            rng=self.rng.clone(),
            phase=self.phase,
            seats={sid: seat.clone() for sid, seat in self.seats.items()},
            turn_order=self.turn_order,  # never changed once the game is set up
            instances=self.instances,
            contributions=self.contributions,
            deck=list(self.deck),
            discard=list(self.discard),
            set_aside=list(self.set_aside),
            last_controller=dict(self.last_controller),
            cutter=self.cutter,
            revealed=set(self.revealed),
            strappa=self.strappa.clone() if self.strappa else None,
            battle=self.battle.clone() if self.battle else None,
            result=self.result,
            opening=self.opening,
            defs=self.defs,
        )

    @classmethod
    def load(cls, data: dict[str, Any], config: LegendsConfig, catalog: Catalog) -> LegendsState:
        """The inverse of `dump` (snapshots): the config and catalogue come parsed."""
        result = data["result"]
        return cls(
            config=config,
            catalog=catalog,
            rng=Rng.from_json(data["rng"]),
            phase=data["phase"],
            seats={sid: SeatState.load(seat) for sid, seat in data["seats"].items()},
            turn_order=list(data["turn_order"]),
            instances=dict(data["instances"]),
            contributions={s: list(c) for s, c in data["contributions"].items()},
            deck=list(data["deck"]),
            discard=list(data["discard"]),
            set_aside=list(data["set_aside"]),
            last_controller=dict(data["last_controller"]),
            cutter=data["cutter"],
            revealed=set(data["revealed"]),
            strappa=Strappacamicia.load(data["strappa"]) if data["strappa"] else None,
            battle=Battle.load(data["battle"]) if data["battle"] else None,
            result=Result(**result) if result else None,
        )

    def dump(self) -> dict[str, Any]:
        return {
            # Options added after games were stored dump only when set, so a game that does
            # not use them keeps its hash (stored games, the golden guard).
            "config": self.config.model_dump(
                mode="json",
                by_alias=True,
                exclude={f for f in LATER_OPTIONS if getattr(self.config, f) is None},
            ),
            "rng": self.rng.to_json(),
            "phase": self.phase,
            "seats": {sid: seat.dump() for sid, seat in self.seats.items()},
            "turn_order": list(self.turn_order),
            "instances": dict(self.instances),
            "contributions": {s: list(c) for s, c in self.contributions.items()},
            "deck": list(self.deck),
            "discard": list(self.discard),
            "set_aside": list(self.set_aside),
            "last_controller": dict(self.last_controller),
            "cutter": self.cutter,
            "revealed": sorted(self.revealed),
            "strappa": self.strappa.dump() if self.strappa else None,
            "battle": self.battle.dump() if self.battle else None,
            "result": self.result.dump() if self.result else None,
        }
