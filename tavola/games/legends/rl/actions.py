"""A fixed integer encoding of Legends of AZ actions, for agents with a Discrete(N) output.

Legends actions name card instances ("c12", "mP1") and seats; an index names slots
instead (see `slots`: relative seat r, hand slot h, table slot j, EG slot e,
revive slot k). The space is a row of blocks; an index is the block's offset plus the
row-major position of its coordinates. `S` is the number of seats of the game (boss
included), `C` the number of character cards in the catalogue, H/T/E/R/F the slot counts
of `slots` (10, 16, 3, 8, 6). `LegendsActions.blocks` gives each block's offset.

The simplified mode (Strappacamicia) has four indices: 0 `cut_deck` (the RNG cuts),
1 `flip`, 2 `choose_reference(choice=keep)`, 3 `choose_reference(choice=switch)`.

The battle modes (classic, epic), in this order:

| block | coordinates | action |
| --- | --- | --- |
| `cut_deck` | — | `cut_deck` (the RNG cuts) |
| `concede` | — | `concede` |
| `end_turn`, `end_counter`, `pass`, `skip_attack` | — | those actions |
| `defence_ready` | d < 3 | `defence_ready` with no stat, `def`, `mp` |
| `choose_main` | c < 1 + C | c = 0: the RNG picks; else the (c−1)-th catalogue character |
| `place_initial` | b < 2**F | the hand cards of slots whose bit is set in b |
| `place_character` | h < H | that hand card |
| `forgo` | j < T | `forgo(iids=[own table j])` |
| `reinforce` | j < T, a < 2 | own table j attacks with stat a |
| `declare_attack` | j < T, a < 2, r < S−1, t < T+E | own j, stat a, on seat r+1's target t |
| `build` | s < H+E, j < T | builds the EG in hand slot s (s < H) or own EG s−H, with own j |
| `assign_equipment` | h < H, r < S, j < T | hand card h on seat r's table slot j |
| `play_card` | h < H, t < 1+S·T+S+S·E+R | hand card h on target t (below) |

An attack target t < T is the table slot t, else the EG slot t − T. A play target t is,
in order: nothing (t = 0), then a character (r, j) at 1 + r·T + j, a player r, an EG
(r, e), a revive slot k.

The attack stat a: 0 is STR, 1 is MP under `attack_stat_rule = choice`; under `max` no
stat is stated and only a = 0 is used.

What the encoding leaves out (never in the mask; the mask is still never empty when the
seat must act, since ending the phase, passing, an empty formation, the RNG's main choice,
the RNG's cut, flipping and keeping always fit):
- `cut_deck(k)` at a chosen position: the deck's order is hidden, so the RNG's cut is as good;
- cards beyond the last slot of a hand, table, EG row or the revive window;
- the multi-card shorthands the game accepts but never lists (joint declarations,
  several builders or forgoers at once): one at a time is listed and encoded;
- `concede` has an index, but the environment (`tavola.rl`) masks it out, as every
  rare action, unless `allow_rare=True`.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import numpy as np

from tavola.core import Action

from .. import actions as kinds
from ..cards import CharacterCard
from ..state import LegendsState
from .slots import (
    EG_SLOTS,
    FORMATION_SLOTS,
    HAND_SLOTS,
    REVIVE_SLOTS,
    TABLE_SLOTS,
    SeatSlots,
)

H, T, E, R, F = HAND_SLOTS, TABLE_SLOTS, EG_SLOTS, REVIVE_SLOTS, FORMATION_SLOTS
DEFENCE_STATS: tuple[str | None, ...] = (None, "def", "mp")
BATTLE_SIMPLE = (
    kinds.CUT_DECK,
    kinds.CONCEDE,
    kinds.END_TURN,
    kinds.END_COUNTER,
    kinds.PASS,
    kinds.SKIP_ATTACK,
)
SIMPLIFIED = (kinds.CUT_DECK, kinds.FLIP, "keep", "switch")


@dataclass(frozen=True, slots=True)
class Block:
    """One action kind's run of indices: `offset` plus a row-major grid of `shape`."""

    name: str
    shape: tuple[int, ...]
    offset: int

    @property
    def size(self) -> int:
        return int(np.prod(self.shape, dtype=np.int64))

    def index(self, *coords: int) -> int:
        flat = 0
        for c, n in zip(coords, self.shape, strict=True):
            if not 0 <= c < n:
                raise IndexError(f"{self.name}: coordinate {c} outside 0..{n - 1}")
            flat = flat * n + c
        return self.offset + flat

    def coords(self, index: int) -> tuple[int, ...]:
        flat = index - self.offset
        out = []
        for n in reversed(self.shape):
            flat, c = divmod(flat, n)
            out.append(c)
        return tuple(reversed(out))


@dataclass(frozen=True)
class LegendsActions:
    """The encoding for games with `seats` seats and these catalogue characters (main
    choices); `battle` is false for the simplified mode, whose space is just its four
    simple actions. Equal shapes give equal encodings."""

    seats: int
    main_cards: tuple[str, ...]
    battle: bool = True
    blocks: dict[str, Block] = field(init=False, repr=False, compare=False)
    size: int = field(init=False, compare=False)
    _main_index: dict[str, int] = field(init=False, repr=False, compare=False)
    _starts: list[int] = field(init=False, repr=False, compare=False)
    _order: tuple[Block, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        S, C = self.seats, len(self.main_cards)
        shapes: list[tuple[str, tuple[int, ...]]]
        if not self.battle:
            shapes = [(name, ()) for name in SIMPLIFIED]
        else:
            shapes = [(name, ()) for name in BATTLE_SIMPLE]
            shapes += [
                (kinds.DEFENCE_READY, (3,)),
                (kinds.CHOOSE_MAIN, (1 + C,)),
                (kinds.PLACE_INITIAL, (2**F,)),
                (kinds.PLACE_CHARACTER, (H,)),
                (kinds.FORGO, (T,)),
                (kinds.REINFORCE, (T, 2)),
                (kinds.DECLARE_ATTACK, (T, 2, max(S - 1, 1), T + E)),
                (kinds.BUILD, (H + E, T)),
                (kinds.ASSIGN_EQUIPMENT, (H, S, T)),
                (kinds.PLAY_CARD, (H, 1 + S * T + S + S * E + R)),
            ]
        blocks: dict[str, Block] = {}
        offset = 0
        for name, shape in shapes:
            blocks[name] = block = Block(name, shape, offset)
            offset += block.size
        object.__setattr__(self, "blocks", blocks)
        object.__setattr__(self, "size", offset)
        object.__setattr__(self, "_main_index", {c: i for i, c in enumerate(self.main_cards)})
        object.__setattr__(self, "_starts", [b.offset for b in blocks.values()])
        object.__setattr__(self, "_order", tuple(blocks.values()))

    # -- play-card targets ------------------------------------------------------------------

    def _target_slot(self, slots: SeatSlots, target: Any) -> int | None:
        S = self.seats
        if target is None:
            return 0
        if not isinstance(target, str):
            return None
        if target in slots.seat_index:
            return 1 + S * T + slots.seat_index[target]
        if target in slots.char_index:
            r, j = slots.char_index[target]
            return 1 + r * T + j
        if target in slots.eg_index:
            r, e = slots.eg_index[target]
            return 1 + S * T + S + r * E + e
        if target in slots.revive_index:
            return 1 + S * T + S + S * E + slots.revive_index[target]
        return None

    def _target(self, slots: SeatSlots, t: int) -> str | None:
        S = self.seats
        if t == 0:
            return None
        t -= 1
        if t < S * T:
            return _at(slots.tables[t // T], t % T)
        t -= S * T
        if t < S:
            return slots.order[t]
        t -= S
        if t < S * E:
            return _at(slots.egs[t // E], t % E)
        return _at(slots.revive, t - S * E)

    # -- encode -----------------------------------------------------------------------------

    def encode(self, state: LegendsState, seat: str, action: Action) -> int | None:
        """The index of `action` for `seat`, or None when the encoding cannot express it."""
        return self.encode_with(SeatSlots.of(state, seat), state, action)

    def encode_with(self, slots: SeatSlots, state: LegendsState, action: Action) -> int | None:
        try:
            return self._encode(slots, state, action)
        except (IndexError, KeyError, TypeError, ValueError):
            return None

    def _encode(self, slots: SeatSlots, state: LegendsState, action: Action) -> int | None:
        b = self.blocks
        kind, args = action.type, action.args
        if kind == kinds.FLIP or kind in BATTLE_SIMPLE:
            return b[kind].offset if not args and kind in b else None
        if kind == kinds.CHOOSE_REFERENCE:
            choice = args.get("choice")
            return b[choice].offset if set(args) == {"choice"} and choice in b else None
        if kind == kinds.DEFENCE_READY:
            if set(args) - {"defence_stat"} or args.get("defence_stat", "") is None:
                return None
            return b[kind].index(DEFENCE_STATS.index(args.get("defence_stat")))
        if kind == kinds.CHOOSE_MAIN:
            if not args:
                return b[kind].index(0)
            _only(args, "card_id")
            return b[kind].index(1 + self._main_index[args["card_id"]])
        if kind == kinds.PLACE_INITIAL:
            _only(args, "iids")
            positions = [slots.hand_index[i] for i in args["iids"]]
            if positions != sorted(set(positions)) or any(p >= F for p in positions):
                return None
            return b[kind].index(sum(1 << p for p in positions))
        if kind == kinds.PLACE_CHARACTER:
            _only(args, "iid")
            return b[kind].index(slots.hand_index[args["iid"]])
        if kind == kinds.FORGO:
            _only(args, "iids")
            (iid,) = args["iids"]
            return b[kind].index(_own(slots, iid))
        if kind == kinds.REINFORCE:
            stat = self._stat(state, args.get("stat"), "stat" in args)
            if set(args) - {"iid", "stat"} or stat is None:
                return None
            return b[kind].index(_own(slots, args["iid"]), stat)
        if kind == kinds.DECLARE_ATTACK:
            _only(args, "attackers", "target")
            (attacker,) = args["attackers"]
            if not isinstance(attacker, Mapping) or set(attacker) - {"iid", "stat"}:
                return None
            stat = self._stat(state, attacker.get("stat"), "stat" in attacker)
            if stat is None:
                return None
            target = args["target"]
            if target in slots.char_index:
                r, t = slots.char_index[target]
            else:
                r, e = slots.eg_index[target]
                t = T + e
            if r == 0:
                return None
            return b[kind].index(_own(slots, attacker["iid"]), stat, r - 1, t)
        if kind == kinds.BUILD:
            _only(args, "eg_iid", "builders")
            (builder,) = args["builders"]
            eg = args["eg_iid"]
            if eg in slots.hand_index:
                source = slots.hand_index[eg]
            else:
                r, e = slots.eg_index[eg]
                if r != 0:
                    return None
                source = H + e
            return b[kind].index(source, _own(slots, builder))
        if kind == kinds.ASSIGN_EQUIPMENT:
            _only(args, "eq_iid", "char_iid")
            r, j = slots.char_index[args["char_iid"]]
            return b[kind].index(slots.hand_index[args["eq_iid"]], r, j)
        if kind == kinds.PLAY_CARD:
            if set(args) - {"iid", "target"} or ("target" in args and args["target"] is None):
                return None
            aim = self._target_slot(slots, args.get("target"))
            return None if aim is None else b[kind].index(slots.hand_index[args["iid"]], aim)
        return None

    def _stat(self, state: LegendsState, stat: Any, stated: bool) -> int | None:
        if state.config.attack_stat_rule == "max":
            return None if stated else 0
        return {"str": 0, "mp": 1}.get(stat) if stated else None

    # -- decode -----------------------------------------------------------------------------

    def block_of(self, index: int) -> Block:
        if not 0 <= index < self.size:
            raise ValueError(f"action index {index} outside 0..{self.size - 1}")
        return self._order[bisect_right(self._starts, index) - 1]

    def decode(self, state: LegendsState, seat: str, index: int) -> Action:
        """The action an index stands for now; ValueError when it names an empty slot."""
        return self.decode_with(SeatSlots.of(state, seat), state, int(index))

    def decode_with(self, slots: SeatSlots, state: LegendsState, index: int) -> Action:
        block = self.block_of(index)
        kind, c = block.name, block.coords(index)
        if kind in ("keep", "switch"):
            return Action(kinds.CHOOSE_REFERENCE, choice=kind)
        if not block.shape:
            return Action(kind)
        if kind == kinds.DEFENCE_READY:
            stat = DEFENCE_STATS[c[0]]
            return Action(kind) if stat is None else Action(kind, defence_stat=stat)
        if kind == kinds.CHOOSE_MAIN:
            return Action(kind) if c[0] == 0 else Action(kind, card_id=self.main_cards[c[0] - 1])
        if kind == kinds.PLACE_INITIAL:
            bits = [h for h in range(F) if c[0] >> h & 1]
            return Action(kind, iids=[_at(slots.hand, h) for h in bits])
        if kind == kinds.PLACE_CHARACTER:
            return Action(kind, iid=_at(slots.hand, c[0]))
        if kind == kinds.FORGO:
            return Action(kind, iids=[_at(slots.tables[0], c[0])])
        if kind == kinds.REINFORCE:
            return Action(kind, **self._attacker(state, _at(slots.tables[0], c[0]), c[1]))
        if kind == kinds.DECLARE_ATTACK:
            j, a, r, t = c
            row = slots.tables[r + 1] if t < T else slots.egs[r + 1]
            target = _at(row, t if t < T else t - T)
            attacker = self._attacker(state, _at(slots.tables[0], j), a)
            return Action(kind, attackers=[attacker], target=target)
        if kind == kinds.BUILD:
            s, j = c
            eg = _at(slots.hand, s) if s < H else _at(slots.egs[0], s - H)
            return Action(kind, eg_iid=eg, builders=[_at(slots.tables[0], j)])
        if kind == kinds.ASSIGN_EQUIPMENT:
            h, r, j = c
            return Action(kind, eq_iid=_at(slots.hand, h), char_iid=_at(slots.tables[r], j))
        assert kind == kinds.PLAY_CARD
        h, aim = c
        chosen = self._target(slots, aim)
        iid = _at(slots.hand, h)
        return Action(kind, iid=iid) if chosen is None else Action(kind, iid=iid, target=chosen)

    def _attacker(self, state: LegendsState, iid: str, a: int) -> dict[str, Any]:
        if state.config.attack_stat_rule == "max":
            if a != 0:
                raise ValueError("no attack stat is stated under attack_stat_rule = max")
            return {"iid": iid}
        return {"iid": iid, "stat": ("str", "mp")[a]}

    # -- the mask ---------------------------------------------------------------------------

    def mask(self, state: LegendsState, seat: str, legal: Iterable[Action]) -> np.ndarray:
        """int8 vector: 1 at the index of every encodable action of `legal`."""
        out = np.zeros(self.size, dtype=np.int8)
        slots = SeatSlots.of(state, seat)
        for action in legal:
            i = self.encode_with(slots, state, action)
            if i is not None:
                out[i] = 1
        return out


def _at(row: Sequence[str], i: int) -> str:
    if i >= len(row):
        raise ValueError(f"slot {i} is empty")
    return row[i]


def _own(slots: SeatSlots, iid: str) -> int:
    r, j = slots.char_index[iid]
    if r != 0:
        raise ValueError(f"{iid} is not on the seat's own table")
    return j


def _only(args: Mapping[str, Any], *names: str) -> None:
    if set(args) != set(names):
        raise ValueError(f"arguments {sorted(args)} are not {sorted(names)}")


def main_cards(state: LegendsState) -> tuple[str, ...]:
    """The catalogue's characters in catalogue order: the choices of `choose_main`."""
    return tuple(c.card_id for c in state.catalog.cards() if isinstance(c, CharacterCard))


@lru_cache(maxsize=64)
def _codec(seats: int, mains: tuple[str, ...], battle: bool) -> LegendsActions:
    return LegendsActions(seats, mains, battle)


def actions_for(state: LegendsState) -> LegendsActions:
    """The action encoding of this game's shape (same seats and catalogue, same encoding)."""
    battle = state.config.mode != "simplified"
    return _codec(len(state.seats), main_cards(state) if battle else (), battle)


def encode(state: LegendsState, seat: str, action: Action) -> int | None:
    """The index of `action` for `seat` in this game's encoding, or None if it has none."""
    return actions_for(state).encode(state, seat, action)


def decode(state: LegendsState, seat: str, index: int) -> Action:
    """The action `index` stands for, for `seat`, now."""
    return actions_for(state).decode(state, seat, index)
