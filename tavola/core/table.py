"""A game in progress: its state, its action log and its numbered events; replay."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Protocol

from pydantic import BaseModel

from . import commitment
from .actions import Action, Event
from .jsonform import Json, digest
from .protocol import Game, Outcome, state_hash
from .registry import get_game
from .viewer import Viewer, filter_events


@dataclass(frozen=True, slots=True)
class LogEntry:
    seat: str
    action: Action

    def to_json(self) -> dict[str, Json]:
        return {"seat": self.seat, "action": self.action.to_json()}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> LogEntry:
        return cls(str(data["seat"]), Action.from_json(data["action"]))


@dataclass(slots=True)
class GameRecord:
    """Everything needed to rebuild a game exactly: what the store persists and what bug
    reports carry."""

    game: str
    config: dict[str, Json]
    seed: int
    setup: dict[str, Json] | None = None
    log: list[LogEntry] = field(default_factory=list)
    state_hash: str | None = None
    salt: str | None = None
    """The seed's commitment salt (None: a table dealt before commitments, or without one)."""
    commitment: str | None = None
    """The SHA-256 of seed and salt every seat was shown when the table was dealt."""
    events_hash: str | None = None
    """The digest of every event the game made, cards dealt included (`events_digest`):
    what a replay from the seed must make again."""

    def to_json(self) -> dict[str, Json]:
        data: dict[str, Json] = {
            "game": self.game,
            "config": self.config,
            "seed": self.seed,
            "setup": self.setup,
            "log": [entry.to_json() for entry in self.log],
            "state_hash": self.state_hash,
        }
        if self.salt is not None or self.commitment is not None:  # older records: as they were
            data["salt"] = self.salt
            data["commitment"] = self.commitment
            data["events_hash"] = self.events_hash
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GameRecord:
        return cls(
            game=str(data["game"]),
            config=dict(data["config"]),
            seed=int(data["seed"]),
            setup=data.get("setup"),
            log=[LogEntry.from_json(e) for e in data.get("log", [])],
            state_hash=data.get("state_hash"),
            salt=data.get("salt"),
            commitment=data.get("commitment"),
            events_hash=data.get("events_hash"),
        )

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), indent=1, ensure_ascii=False) + "\n")

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        return cls.from_json(json.loads(Path(path).read_text()))


class Player(Protocol):
    """Anything that picks an action for a seat: a bot, a terminal prompt, a network client."""

    def choose(self, game: Game[Any], state: Any, seat: str) -> Action: ...


class Table:
    """One game being played. Every accepted action goes to the log; events are numbered."""

    def __init__(
        self,
        game: Game[Any] | str,
        config: Mapping[str, Any] | BaseModel,
        seed: int,
        setup: Mapping[str, Any] | None = None,
        *,
        salt: str | None = None,
    ) -> None:
        """`salt`: the seed's commitment salt (see `commitment`), drawn by whoever deals."""
        self.game: Game[Any] = get_game(game) if isinstance(game, str) else game
        self.config: dict[str, Json] = (
            config.model_dump(mode="json", by_alias=True)
            if isinstance(config, BaseModel)
            else dict(config)
        )
        self.seed = seed
        self.salt = salt
        self.setup: dict[str, Json] | None = dict(setup) if setup is not None else None
        self.state: Any = self.game.new(self.config, seed, self.setup)
        self.log: list[LogEntry] = []
        self.events: list[Event] = []
        self._number(self.game.opening_events(self.state))

    @classmethod
    def restore(
        cls,
        game: Game[Any],
        config: Mapping[str, Any],
        seed: int,
        setup: Mapping[str, Any] | None,
        state: Any,
        log: list[LogEntry],
        events: list[Event],
        *,
        salt: str | None = None,
    ) -> Table:
        """A table from stored parts (a snapshot's state, its log and numbered events),
        without replaying."""
        table = cls.__new__(cls)
        table.game = game
        table.config = dict(config)
        table.seed = seed
        table.salt = salt
        table.setup = dict(setup) if setup is not None else None
        table.state = state
        table.log = list(log)
        table.events = list(events)
        return table

    def _number(self, events: list[Event]) -> list[Event]:
        start = len(self.events)
        numbered = [replace(e, seq=start + i + 1) for i, e in enumerate(events)]
        self.events.extend(numbered)
        return numbered

    def act(self, seat: str, action: Action) -> list[Event]:
        """Applies an action; on refusal `IllegalAction` propagates and nothing is logged."""
        events = self.game.apply(self.state, seat, action)
        self.log.append(LogEntry(seat, action))
        return self._number(events)

    @property
    def to_act(self) -> frozenset[str]:
        return self.game.to_act(self.state)

    @property
    def outcome(self) -> Outcome | None:
        return self.game.outcome(self.state)

    @property
    def commitment(self) -> str | None:
        """The SHA-256 of seed and salt, shown to every seat from the start (None: no salt)."""
        return commitment.seed_commitment(self.seed, self.salt) if self.salt is not None else None

    @property
    def hash(self) -> str:
        return state_hash(self.game, self.state)

    def view(self, viewer: Viewer) -> dict[str, Any]:
        return self.game.view(self.state, viewer)

    def events_for(self, viewer: Viewer, since: int = 0) -> list[Event]:
        return filter_events(self.events[since:], viewer)

    def record(self) -> GameRecord:
        return GameRecord(
            self.game.name,
            self.config,
            self.seed,
            self.setup,
            list(self.log),
            self.hash,
            salt=self.salt,
            commitment=self.commitment,
            events_hash=events_digest(self.events) if self.salt is not None else None,
        )

    def play(
        self,
        players: Mapping[str, Player],
        *,
        on_events: Callable[[list[Event]], None] | None = None,
        max_actions: int | None = None,
    ) -> int:
        """Lets `players` act until the game ends or awaits a seat nobody here plays.
        Returns the number of actions applied."""
        applied = 0
        order = self.game.seats(self.state)
        while max_actions is None or applied < max_actions:
            waiting = self.to_act
            seat = next((s for s in order if s in waiting and s in players), None)
            if seat is None:
                break
            action = players[seat].choose(self.game, self.state, seat)
            events = self.act(seat, action)
            applied += 1
            if on_events is not None:
                on_events(events)
        return applied


def events_digest(events: list[Event]) -> str:
    """SHA-256 of the canonical JSON of every event in full (audience and public twin too),
    but for the rule it cites: how an event is told, which a game may learn to say later
    without changing a finished game's digest."""
    return digest([e.to_record(with_rule=False) for e in events])


def replay(record: GameRecord) -> Table:
    """Rebuilds a table from its record by applying every logged action again."""
    table = Table(record.game, record.config, record.seed, record.setup, salt=record.salt)
    for entry in record.log:
        table.act(entry.seat, entry.action)
    return table
