"""The runtime state (§3.9), JSON-able through `dump`/`load`.

Seats are "0" and "1"; inside the state a side is its index. Cards are instances
`"<seat>-<k>"` (k = the index in the submitted deck list) mapped to card ids in `cards`.
`stage` says where the turn's flow stands (flow.py); `queue` holds effects and abilities
waiting to resolve, always drained before the flow moves on."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tavola.core import Action, Rng

from .config import LeagueConfig
from .content_model import Lineup, TeamEntry

SEATS = ("0", "1")
REFEREE = "referee"

PHASE_OF_STAGE = {
    "lineup": "LINEUP",
    "prepare": "GAME_PREP",
    "turn_start": "TURN_START",
    "roll": "TURN_START",
    "report_die": "TURN_START",
    "override_open": "TURN_START",
    "override": "TURN_START",
    "roles": "TURN_START",
    "cost": "COST_STEP",
    "draw": "DRAW",
    "tactic": "TACTIC",
    "entry": "ENTRY",
    "window": "BATTLE",
    "attack_decision": "BATTLE",
    "block_decision": "BATTLE",
    "damage": "DAMAGE_STEP",
    "exit": "EXIT",
    "exit_defender": "EXIT",
    "after_exit": "EXIT",
    "turn_end": "TURN_END",
    "turn_end_reset": "TURN_END",
    "over": "GAME_OVER",
}


def other(side: int) -> int:
    return 1 - side


@dataclass(slots=True)
class Side:
    """PlayerState (§3.9)."""

    lineup: Lineup | None = None
    life: int = 0
    deck: list[str] = field(default_factory=list)
    hand: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    zone: list[list[Any]] = field(default_factory=list)
    """Face-down tactic cards, oldest first: [instance, set_turn]."""
    waiting: list[str] = field(default_factory=list)
    rest: list[str] = field(default_factory=list)
    arena: str | None = None
    designated: str | None = None
    """The designated legend, "none", or None while unset (hidden, §8)."""
    die: int | None = None
    pool: int = 0
    uses: int = 0
    pending_die_mod: int = 0
    revealed: list[str] = field(default_factory=list)
    """Legends the opponent has seen enter (identity and loadout are public from then)."""
    sealed: dict[str, Any] | None = None
    """A sealed choice not yet revealed: the override window's."""
    exposed: list[str] = field(default_factory=list)
    """Cards of this side everyone has seen (played, discarded, milled, broken): a salvaged
    one is known in the hand."""

    def clone(self) -> Side:
        return Side(
            self.lineup,
            self.life,
            list(self.deck),
            list(self.hand),
            list(self.discard),
            [list(z) for z in self.zone],
            list(self.waiting),
            list(self.rest),
            self.arena,
            self.designated,
            self.die,
            self.pool,
            self.uses,
            self.pending_die_mod,
            list(self.revealed),
            None if self.sealed is None else dict(self.sealed),
            list(self.exposed),
        )

    def dump(self) -> dict[str, Any]:
        return {
            "lineup": None if self.lineup is None else self.lineup.to_json(),
            "life": self.life,
            "deck": list(self.deck),
            "hand": list(self.hand),
            "discard": list(self.discard),
            "zone": [list(z) for z in self.zone],
            "waiting": list(self.waiting),
            "rest": list(self.rest),
            "arena": self.arena,
            "designated": self.designated,
            "die": self.die,
            "pool": self.pool,
            "uses": self.uses,
            "pending_die_mod": self.pending_die_mod,
            "revealed": list(self.revealed),
            "sealed": None if self.sealed is None else dict(self.sealed),
            "exposed": list(self.exposed),
        }

    @classmethod
    def load(cls, data: Mapping[str, Any]) -> Side:
        raw = data["lineup"]
        lineup = None
        if raw is not None:
            team = tuple(TeamEntry(e["legend_id"], tuple(e["abilities"])) for e in raw["team"])
            lineup = Lineup(team, raw["gimmick"], tuple(raw["deck"]))
        return cls(
            lineup,
            int(data["life"]),
            list(data["deck"]),
            list(data["hand"]),
            list(data["discard"]),
            [list(z) for z in data["zone"]],
            list(data["waiting"]),
            list(data["rest"]),
            data["arena"],
            data["designated"],
            data["die"],
            int(data["pool"]),
            int(data["uses"]),
            int(data["pending_die_mod"]),
            list(data["revealed"]),
            None if data["sealed"] is None else dict(data["sealed"]),
            list(data["exposed"]),
        )

    @property
    def gimmick(self) -> str:
        return self.lineup.gimmick if self.lineup is not None else "none"

    def expose(self, card: str) -> None:
        if card not in self.exposed:
            self.exposed.append(card)

    @property
    def known_hand(self) -> list[str]:
        return [c for c in self.hand if c in self.exposed]

    def abilities(self, legend_id: str) -> tuple[str, ...]:
        """The loadout of a legend of the team (a plain loop: the flow asks at every
        trigger moment)."""
        assert self.lineup is not None
        for entry in self.lineup.team:
            if entry.legend_id == legend_id:
                return entry.abilities
        raise KeyError(legend_id)


def _pair(value: Any) -> list[Any]:
    return [value, value]


@dataclass(slots=True)
class Turn:
    """TurnState (§3.9): reset at every turn start."""

    attack: str = "undecided"
    block: str = "undecided"
    dv_mod: list[int] = field(default_factory=lambda: _pair(0))
    dmg_bonus: list[int] = field(default_factory=lambda: _pair(0))
    dmg_reduce: list[int] = field(default_factory=lambda: _pair(0))
    block_prevented: list[bool] = field(default_factory=lambda: _pair(False))
    exit_immune: list[bool] = field(default_factory=lambda: _pair(False))
    silenced: list[bool] = field(default_factory=lambda: _pair(False))
    exiting: list[bool] = field(default_factory=lambda: _pair(False))
    final_damage: int | None = None
    tie_rolls: int = 0
    faces: list[int | None] = field(default_factory=lambda: _pair(None))
    window: str | None = None
    window_seat: int | None = None

    def dump(self) -> dict[str, Any]:
        return {
            "attack": self.attack,
            "block": self.block,
            "dv_mod": list(self.dv_mod),
            "dmg_bonus": list(self.dmg_bonus),
            "dmg_reduce": list(self.dmg_reduce),
            "block_prevented": list(self.block_prevented),
            "exit_immune": list(self.exit_immune),
            "silenced": list(self.silenced),
            "exiting": list(self.exiting),
            "final_damage": self.final_damage,
            "tie_rolls": self.tie_rolls,
            "faces": list(self.faces),
            "window": self.window,
            "window_seat": self.window_seat,
        }

    @classmethod
    def load(cls, data: Mapping[str, Any]) -> Turn:
        fields: dict[str, Any] = {k: list(v) if isinstance(v, list) else v for k, v in data.items()}
        return cls(**fields)

    def clone(self) -> Turn:
        """A field-by-field copy (every list is of plain values): `apply` clones the state
        at every action, and the JSON round trip was a third of random play's time."""
        return Turn(
            self.attack,
            self.block,
            list(self.dv_mod),
            list(self.dmg_bonus),
            list(self.dmg_reduce),
            list(self.block_prevented),
            list(self.exit_immune),
            list(self.silenced),
            list(self.exiting),
            self.final_damage,
            self.tie_rolls,
            list(self.faces),
            self.window,
            self.window_seat,
        )


@dataclass(slots=True)
class LeagueState:
    config: LeagueConfig
    rng: Rng
    cards: dict[str, str] = field(default_factory=dict)
    """Card instance → card id."""
    sides: list[Side] = field(default_factory=lambda: [Side(), Side()])
    turn_no: int = 0
    attacker: int | None = None
    stage: str = "lineup"
    actor: int | None = None
    """Whose tactic step it is."""
    t: Turn = field(default_factory=Turn)
    queue: list[dict[str, Any]] = field(default_factory=list)
    prompt: dict[str, Any] | None = None
    """A question the flow waits for inside an effect (`take_extra`, §10.2)."""
    dice_script: list[int] = field(default_factory=list)
    result: dict[str, Any] | None = None
    decisions: int = 0
    opening: list[Any] = field(default_factory=list)
    listed: dict[str, tuple[Action, ...]] | None = field(default=None, compare=False, repr=False)
    """Each seat's last listing while the state has not changed since (`legal_actions`):
    a cache, never dumped, hashed, compared or cloned; any applied action drops it."""

    @property
    def defender(self) -> int | None:
        return None if self.attacker is None else other(self.attacker)

    @property
    def phase(self) -> str:
        return PHASE_OF_STAGE[self.stage]

    def clone(self) -> LeagueState:
        return LeagueState(
            self.config,
            self.rng.clone(),
            self.cards,  # never changed after setup
            [s.clone() for s in self.sides],
            self.turn_no,
            self.attacker,
            self.stage,
            self.actor,
            self.t.clone(),
            [dict(q) for q in self.queue],
            None if self.prompt is None else dict(self.prompt),
            list(self.dice_script),
            None if self.result is None else dict(self.result),
            self.decisions,
            self.opening,
        )

    def dump(self) -> dict[str, Any]:
        return {
            "config": self.config.model_dump(mode="json"),
            "rng": self.rng.to_json(),
            "cards": dict(self.cards),
            "sides": [s.dump() for s in self.sides],
            "turn_no": self.turn_no,
            "attacker": self.attacker,
            "stage": self.stage,
            "actor": self.actor,
            "turn": self.t.dump(),
            "queue": [dict(q) for q in self.queue],
            "prompt": None if self.prompt is None else dict(self.prompt),
            "dice_script": list(self.dice_script),
            "result": None if self.result is None else dict(self.result),
            "decisions": self.decisions,
        }

    @classmethod
    def load(cls, data: Mapping[str, Any]) -> LeagueState:
        return cls(
            LeagueConfig.model_validate(data["config"]),
            Rng.from_json(data["rng"]),
            dict(data["cards"]),
            [Side.load(s) for s in data["sides"]],
            int(data["turn_no"]),
            data["attacker"],
            str(data["stage"]),
            data["actor"],
            Turn.load(data["turn"]),
            [dict(q) for q in data["queue"]],
            None if data["prompt"] is None else dict(data["prompt"]),
            [int(x) for x in data["dice_script"]],
            None if data["result"] is None else dict(data["result"]),
            int(data["decisions"]),
        )

    def __getstate__(self) -> dict[str, Any]:
        """Pickled and deep-copied without `listed`: a cache, not state."""
        return {name: getattr(self, name) for name in self.__slots__ if name != "listed"}

    def __setstate__(self, data: Mapping[str, Any]) -> None:
        for name, value in data.items():
            setattr(self, name, value)
        self.listed = None

    def restore(self, other: LeagueState) -> None:
        """Takes over `other`'s contents (an action worked on a clone succeeded)."""
        for name in self.__slots__:
            setattr(self, name, getattr(other, name))
