"""The whole state of one Seasons solo game (§3.6), JSON-able through `dump`/`load`.

Every card in play is an instance id (`k1`, `k2`… in creation order) mapped to its
catalogue card id in `instances`; a blind card not yet named maps to `UNKNOWN`. Hand, array,
deck, discard, seen and human_cards hold instance ids. Prompt, queue and log entries are
treated as immutable values (replaced, never changed in place), so a clone shares them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from tavola.core import Event, Rng

from .config import SeasonsConfig

UNKNOWN = "unknown"
"""The card id of a blind hand card nobody has named yet (R14, R28)."""

PHASES = (
    "PRELUDE",
    "REPORT_DICE",
    "CHOOSE_DIE",
    "HUMAN_TURN",
    "DUMMBOT_TURN",
    "END_OF_ROUND",
    "GAME_OVER",
    "FINISHED",
)


@dataclass(slots=True)
class Dummbot:
    """Dummbot's side of the table: crystals, his face-down hand, his array (summon order)
    and the familiars of his array whose effect recurs at each season change (R29)."""

    crystals: int = 0
    hand: list[str] = field(default_factory=list)
    array: list[str] = field(default_factory=list)
    recurring: list[str] = field(default_factory=list)

    def dump(self) -> dict[str, Any]:
        return asdict(self)  # the lists copied

    @classmethod
    def load(cls, data: Mapping[str, Any]) -> Dummbot:
        return cls(
            int(data["crystals"]),
            [str(x) for x in data["hand"]],
            [str(x) for x in data["array"]],
            [str(x) for x in data["recurring"]],
        )


@dataclass(slots=True)
class SeasonsState:
    config: SeasonsConfig
    rng: Rng
    script_rng: list[int] = field(default_factory=list)
    """Forced `randrange` results still to come (scenarios and tests)."""
    script_samples: list[list[str]] = field(default_factory=list)
    """Forced R23/R24 samples still to come, as card ids."""
    familiar_records: list[dict[str, Any]] = field(default_factory=list)
    """Familiar-effect records replacing the file's for this game (scenarios, §3.4)."""
    phase: str = "PRELUDE"
    prompt: dict[str, Any] | None = None
    queue: list[dict[str, Any]] = field(default_factory=list)
    round: int = 0
    month: int = 1
    year: int = 1
    max_year_reached: int = 1
    dice: list[dict[str, Any]] = field(default_factory=list)
    human_die: int | None = None
    dice_season: str | None = None
    lines: dict[str, list[str]] = field(default_factory=dict)
    dummbot: Dummbot = field(default_factory=Dummbot)
    deck: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    seen: list[str] = field(default_factory=list)
    human_cards: list[str] = field(default_factory=list)
    instances: dict[str, str] = field(default_factory=dict)
    next_iid: int = 1
    user_cards: list[dict[str, Any]] = field(default_factory=list)
    pending_year_end: bool = False
    """R33: year 4 was reached during the human's turn; the next `end_round` ends the game."""
    advance: dict[str, int] | None = None
    """R18's move of this round (`from_month`, `from_year`, `to_month`, `to_year`), read by
    `end_round` (R19) to know whether the season and the year changed."""
    ended_by_cap: bool = False
    log: list[dict[str, Any]] = field(default_factory=list)
    result: dict[str, Any] | None = None
    decisions: int = 0
    """Accepted actions, undo included; never undone (the cap of `max_decisions`)."""
    undo: list[dict[str, str]] = field(default_factory=list)
    """Earlier states, newest last: `{action, snapshot}`, the snapshot a canonical JSON
    text of `dump()` without `undo` and `decisions`."""
    opening: list[Event] = field(default_factory=list)
    """The events `new` produced (not part of the dump: read once, right after `new`)."""

    # -- cards -----------------------------------------------------------------------------

    def new_instance(self, card_id: str) -> str:
        iid = f"k{self.next_iid}"
        self.next_iid += 1
        self.instances[iid] = card_id
        return iid

    def card_of(self, iid: str) -> str:
        return self.instances[iid]

    # -- copies ----------------------------------------------------------------------------

    def clone(self) -> SeasonsState:
        return SeasonsState(
            config=self.config,
            rng=self.rng.clone(),
            script_rng=list(self.script_rng),
            script_samples=[list(s) for s in self.script_samples],
            familiar_records=self.familiar_records,
            phase=self.phase,
            prompt=self.prompt,
            queue=list(self.queue),
            round=self.round,
            month=self.month,
            year=self.year,
            max_year_reached=self.max_year_reached,
            dice=list(self.dice),
            human_die=self.human_die,
            dice_season=self.dice_season,
            lines={s: list(ids) for s, ids in self.lines.items()},
            dummbot=Dummbot(
                self.dummbot.crystals,
                list(self.dummbot.hand),
                list(self.dummbot.array),
                list(self.dummbot.recurring),
            ),
            deck=list(self.deck),
            discard=list(self.discard),
            seen=list(self.seen),
            human_cards=list(self.human_cards),
            instances=dict(self.instances),
            next_iid=self.next_iid,
            user_cards=list(self.user_cards),
            pending_year_end=self.pending_year_end,
            advance=self.advance,
            ended_by_cap=self.ended_by_cap,
            log=list(self.log),
            result=self.result,
            decisions=self.decisions,
            undo=list(self.undo),
        )

    def dump(self, *, history: bool = True) -> dict[str, Any]:
        """The state as JSON data; `history=False` leaves out `undo` and `decisions` (what
        an undo snapshot holds)."""
        data: dict[str, Any] = {
            "config": self.config.model_dump(mode="json"),
            "rng": self.rng.to_json(),
            "script": {
                "rng": list(self.script_rng),
                "samples": [list(s) for s in self.script_samples],
            },
            "familiar_effects": copy_json(self.familiar_records),
            "phase": self.phase,
            "prompt": copy_json(self.prompt),
            "queue": copy_json(self.queue),
            "round": self.round,
            "month": self.month,
            "year": self.year,
            "max_year_reached": self.max_year_reached,
            "dice": copy_json(self.dice),
            "human_die": self.human_die,
            "dice_season": self.dice_season,
            "lines": {s: list(ids) for s, ids in self.lines.items()},
            "dummbot": self.dummbot.dump(),
            "deck": list(self.deck),
            "discard": list(self.discard),
            "seen": list(self.seen),
            "human_cards": list(self.human_cards),
            "instances": dict(self.instances),
            "next_iid": self.next_iid,
            "user_cards": copy_json(self.user_cards),
            "pending_year_end": self.pending_year_end,
            "advance": copy_json(self.advance),
            "ended_by_cap": self.ended_by_cap,
            "log": copy_json(self.log),
            "result": copy_json(self.result),
        }
        if history:
            data["decisions"] = self.decisions
            data["undo"] = [dict(entry) for entry in self.undo]
        return data

    @classmethod
    def load(cls, data: Mapping[str, Any]) -> SeasonsState:
        script = data["script"]
        return cls(
            config=SeasonsConfig.model_validate(data["config"]),
            rng=Rng.from_json(dict(data["rng"])),
            script_rng=[int(x) for x in script["rng"]],
            script_samples=[[str(c) for c in s] for s in script["samples"]],
            familiar_records=copy_json(data["familiar_effects"]),
            phase=str(data["phase"]),
            prompt=copy_json(data["prompt"]),
            queue=copy_json(data["queue"]),
            round=int(data["round"]),
            month=int(data["month"]),
            year=int(data["year"]),
            max_year_reached=int(data["max_year_reached"]),
            dice=copy_json(data["dice"]),
            human_die=data["human_die"],
            dice_season=data["dice_season"],
            lines={str(s): [str(d) for d in ids] for s, ids in data["lines"].items()},
            dummbot=Dummbot.load(data["dummbot"]),
            deck=[str(x) for x in data["deck"]],
            discard=[str(x) for x in data["discard"]],
            seen=[str(x) for x in data["seen"]],
            human_cards=[str(x) for x in data["human_cards"]],
            instances={str(k): str(v) for k, v in data["instances"].items()},
            next_iid=int(data["next_iid"]),
            user_cards=copy_json(data["user_cards"]),
            pending_year_end=bool(data["pending_year_end"]),
            advance=copy_json(data["advance"]),
            ended_by_cap=bool(data["ended_by_cap"]),
            log=copy_json(data["log"]),
            result=copy_json(data["result"]),
            decisions=int(data.get("decisions", 0)),
            undo=[
                {"action": str(e["action"]), "snapshot": str(e["snapshot"])}
                for e in data.get("undo", [])
            ],
        )

    def restore(self, other: SeasonsState) -> None:
        """Takes every field of `other` (an action worked on a clone succeeded)."""
        for name in self.__slots__:
            setattr(self, name, getattr(other, name))


def copy_json(value: Any) -> Any:
    """A deep copy of JSON data (dicts, lists, scalars)."""
    if isinstance(value, dict):
        return {k: copy_json(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [copy_json(v) for v in value]
    return value
