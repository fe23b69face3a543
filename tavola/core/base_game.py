"""`BaseGame`: what a game of perfect information need not write.

A game subclasses it, sets `info`, `Config` and `State` (a pydantic model or a dataclass of
JSON-ready fields), and writes its rules: `new`, `to_act`, `legal_actions`, `apply`,
`outcome`, `seats` and `max_decisions`. The rest has the obvious default, which a game
overrides only where its rules differ:

- `view` is the whole state and `hidden_from` is empty: nothing is hidden;
- `determinize` is a copy of the state: there is nothing to guess;
- `dump`, `load` and `clone` go through the state's pydantic schema;
- `opening_events` are none, `teams` one seat each, `clocks` none, and `timeout_action`
  is the seat's first legal action.

A game that declares imperfect information (`GameInfo.information`) must override `view`,
`hidden_from` and `determinize`; the declaration check refuses it otherwise.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from functools import cached_property
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, TypeAdapter

from .actions import Action, Event
from .capabilities import GameInfo
from .configs import GivenConfig
from .protocol import Clock, Outcome
from .rng import Rng
from .viewer import Viewer

S = TypeVar("S")

HIDING_MEMBERS = ("view", "hidden_from", "determinize")
"""The members whose defaults hide nothing: a game of imperfect information writes them."""


class BaseGame(ABC, Generic[S]):
    """Defaults for the `Game` protocol; a subclass writes the rules (the abstract members)."""

    name: str
    """The declaration's name (set for each subclass from its `info`)."""
    info: GameInfo
    Config: type[BaseModel]
    """The game's options (a pydantic model): `config` validates by it."""
    State: type[Any]
    """The state's type: a pydantic model or a dataclass whose fields pydantic can read
    back from JSON (the defaults of `dump`, `load` and `clone` rely on it)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "info" in vars(cls):
            cls.name = cls.info.name

    # -- the rules: every game writes these ------------------------------------------------

    @abstractmethod
    def new(self, config: GivenConfig, seed: int, setup: Mapping[str, Any] | None = None) -> S: ...

    @abstractmethod
    def to_act(self, state: S) -> frozenset[str]: ...

    @abstractmethod
    def legal_actions(self, state: S, seat: str) -> list[Action]: ...

    @abstractmethod
    def apply(self, state: S, seat: str, action: Action) -> list[Event]: ...

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None: ...

    @abstractmethod
    def seats(self, state: S) -> list[str]: ...

    @abstractmethod
    def max_decisions(self, state: S) -> int: ...

    # -- the defaults ----------------------------------------------------------------------

    def config(self, config: GivenConfig) -> Any:
        """`config` as the game's `Config` (validated; a bad field is refused naming it)."""
        if isinstance(config, self.Config):
            return config
        data = config.model_dump() if isinstance(config, BaseModel) else dict(config)
        return self.Config.model_validate(data)

    def opening_events(self, state: S) -> list[Event]:
        return []

    def view(self, state: S, viewer: Viewer) -> dict[str, Any]:
        """Everything: a game of perfect information hides nothing from anyone."""
        return {**self.dump(state), "to_act": sorted(self.to_act(state))}

    def hidden_from(self, state: S, seat: str) -> set[str]:
        return set()

    def determinize(self, state: S, seat: str, rng: Rng) -> S:
        """The state itself (a copy): a seat that sees everything has nothing to guess."""
        return self.clone(state)

    def timeout_action(self, state: S, seat: str) -> Action:
        """The seat's first legal action: a clock that runs out plays on for the seat."""
        return self.legal_actions(state, seat)[0]

    @cached_property
    def _schema(self) -> TypeAdapter[Any]:
        return TypeAdapter(self.State)

    def dump(self, state: S) -> dict[str, Any]:
        data: dict[str, Any] = self._schema.dump_python(state, mode="json")
        return data

    def load(self, data: Mapping[str, Any]) -> S:
        state: S = self._schema.validate_python(dict(data))
        return state

    def clone(self, state: S) -> S:
        return self.load(self.dump(state))

    def teams(self, state: S) -> dict[str, list[str]]:
        return {seat: [seat] for seat in self.seats(state)}

    def clocks(self, state: S) -> dict[str, Clock]:
        return {}


def keeps_default(game: object, member: str) -> bool:
    """True when `game` is a `BaseGame` that did not override `member`."""
    return isinstance(game, BaseGame) and getattr(type(game), member) is getattr(BaseGame, member)
