"""The slot vocabulary shared by the action encoding and the observation of Legends of AZ.

A learning agent cannot use card instance ids ("c12", "mP1"): they change from game to
game. It names cards by where they sit, as seen from its own seat instead:

- **relative seat** r: 0 is the seat itself, then the others in turn order (the turn order
  rotated to start at the seat), so "the next player" is always r = 1;
- **hand slot** h < `HAND_SLOTS`: position in the seat's own hand (oldest card first);
- **table slot** j < `TABLE_SLOTS`: position on a seat's table (placement order, the main
  first), the order the view lists characters in;
- **EG slot** e < `EG_SLOTS`: position among a seat's Enchantgineerings;
- **revive slot** k < `REVIVE_SLOTS`: the k-th newest non-main character card in the
  discard pile (a revive spell's possible targets are among these).

Cards beyond the last slot are still in the game but cannot be named by the agent: the
actions that would need them are left out of the action mask (see `actions`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ..cards import CharacterCard
from ..state import LegendsState

HAND_SLOTS = 10
TABLE_SLOTS = 16
EG_SLOTS = 3
REVIVE_SLOTS = 8
FORMATION_SLOTS = 6
"""The initial formation is a subset of the first `FORMATION_SLOTS` hand cards (2**6
choices); the default deal is 5 cards."""


def relative_seats(turn_order: Sequence[str], seat: str) -> list[str]:
    """The turn order rotated to start at `seat` (relative seat 0)."""
    i = list(turn_order).index(seat)
    return [*turn_order[i:], *turn_order[:i]]


def revive_cards(
    discard: Sequence[str], is_character: Callable[[str], bool], main: Callable[[str], bool]
) -> list[str]:
    """The newest non-main characters of the discard pile (newest first), at most
    `REVIVE_SLOTS`. Works on iids (from the state) or card refs (from a view)."""
    found: list[str] = []
    for item in reversed(discard):
        if is_character(item) and not main(item):
            found.append(item)
            if len(found) == REVIVE_SLOTS:
                break
    return found


@dataclass(slots=True)
class SeatSlots:
    """Every card `seat` may name, by slot, for one state; built once per decision so that
    encoding hundreds of legal actions is a dictionary lookup each."""

    order: list[str]
    hand: list[str]
    tables: list[list[str]]
    egs: list[list[str]]
    revive: list[str]
    seat_index: dict[str, int] = field(default_factory=dict)
    hand_index: dict[str, int] = field(default_factory=dict)
    char_index: dict[str, tuple[int, int]] = field(default_factory=dict)
    eg_index: dict[str, tuple[int, int]] = field(default_factory=dict)
    revive_index: dict[str, int] = field(default_factory=dict)

    @classmethod
    def of(cls, state: LegendsState, seat: str) -> SeatSlots:
        order = relative_seats(state.turn_order, seat)
        hand = state.seats[seat].hand[:HAND_SLOTS]
        tables = [state.seats[s].table[:TABLE_SLOTS] for s in order]
        egs = [state.seats[s].egs[:EG_SLOTS] for s in order]
        revive = revive_cards(
            state.discard,
            lambda iid: isinstance(state.card(iid), CharacterCard),
            lambda iid: iid.startswith("m"),
        )
        slots = cls(order, hand, tables, egs, revive)
        slots.seat_index = {s: r for r, s in enumerate(order)}
        slots.hand_index = {iid: h for h, iid in enumerate(hand)}
        slots.char_index = {iid: (r, j) for r, t in enumerate(tables) for j, iid in enumerate(t)}
        slots.eg_index = {iid: (r, e) for r, t in enumerate(egs) for e, iid in enumerate(t)}
        slots.revive_index = {iid: k for k, iid in enumerate(revive)}
        return slots
