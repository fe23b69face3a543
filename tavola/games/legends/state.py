"""The runtime state of a Legends of AZ game (§3.7): plain dataclasses, cloned by hand
because bots clone states thousands of times."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tavola.core import Event, Rng

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
    pile: list[str] = field(default_factory=list)
    """Simplified mode: face-down cards, top first."""
    out_after_clash: int | None = None
    """Simplified mode: the clash after which the seat ran out of cards."""

    def clone(self) -> SeatState:
        return SeatState(
            self.seat_id,
            self.kind,
            self.name,
            self.age,
            self.agility,
            self.team,
            list(self.pile),
            self.out_after_clash,
        )

    def dump(self) -> dict[str, Any]:
        return {
            "seat_id": self.seat_id,
            "kind": self.kind,
            "name": self.name,
            "age": self.age,
            "agility": self.agility,
            "team": self.team,
            "pile": list(self.pile),
            "out_after_clash": self.out_after_clash,
        }


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
class Result:
    winners: list[str]
    placements: dict[str, int]
    reason: str
    draw: bool

    def dump(self) -> dict[str, Any]:
        return {
            "winners": list(self.winners),
            "placements": dict(self.placements),
            "reason": self.reason,
            "draw": self.draw,
        }


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
    instances: dict[str, str]
    """Card instance iid → card_id, fixed at deck assembly."""
    contributions: dict[str, list[str]]
    """Seat → card ids it brought (public after S4)."""
    deck: list[str] = field(default_factory=list)
    """Top first."""
    discard: list[str] = field(default_factory=list)
    set_aside: list[str] = field(default_factory=list)
    cutter: str | None = None
    revealed: set[str] = field(default_factory=set)
    """Instances whose face everyone has seen."""
    # Simplified mode (R117–R131).
    reference_stat: str = "hp"
    clash_no: int = 0
    """Clashes settled so far."""
    clash: Clash | None = None
    pot: list[str] = field(default_factory=list)
    """Cards of earlier tied clashes, in pot order."""
    war_seats: list[str] | None = None
    """After a tie under `tied_only`: the seats that play the war clash."""
    unordered: dict[str, int] = field(default_factory=dict)
    """Won cards shuffled into a pile (`shuffle_winnings`): iid → the clash that won them,
    so that a determinized world keeps each such group together but in unknown order."""
    last_clash: dict[str, Any] | None = None
    result: Result | None = None
    opening: list[Event] = field(default_factory=list)

    def card(self, iid: str) -> CardDef:
        return self.catalog[self.instances[iid]]

    def clone(self) -> LegendsState:
        return LegendsState(
            config=self.config,
            catalog=self.catalog,
            rng=self.rng.clone(),
            phase=self.phase,
            seats={sid: seat.clone() for sid, seat in self.seats.items()},
            turn_order=list(self.turn_order),
            instances=self.instances,  # fixed after setup, so shared
            contributions=self.contributions,
            deck=list(self.deck),
            discard=list(self.discard),
            set_aside=list(self.set_aside),
            cutter=self.cutter,
            revealed=set(self.revealed),
            reference_stat=self.reference_stat,
            clash_no=self.clash_no,
            clash=self.clash.clone() if self.clash else None,
            pot=list(self.pot),
            war_seats=list(self.war_seats) if self.war_seats is not None else None,
            unordered=dict(self.unordered),
            last_clash=self.last_clash,  # replaced, never mutated
            result=self.result,
            opening=self.opening,
        )

    def dump(self) -> dict[str, Any]:
        return {
            "config": self.config.model_dump(mode="json", by_alias=True),
            "rng": self.rng.to_json(),
            "phase": self.phase,
            "seats": {sid: seat.dump() for sid, seat in self.seats.items()},
            "turn_order": list(self.turn_order),
            "instances": dict(self.instances),
            "contributions": {s: list(c) for s, c in self.contributions.items()},
            "deck": list(self.deck),
            "discard": list(self.discard),
            "set_aside": list(self.set_aside),
            "cutter": self.cutter,
            "revealed": sorted(self.revealed),
            "reference_stat": self.reference_stat,
            "clash_no": self.clash_no,
            "clash": self.clash.dump() if self.clash else None,
            "pot": list(self.pot),
            "war_seats": list(self.war_seats) if self.war_seats is not None else None,
            "unordered": dict(self.unordered),
            "last_clash": self.last_clash,
            "result": self.result.dump() if self.result else None,
        }
