"""What a game class may inherit where a module of its own does the work: a state that
clones, dumps and loads itself, and a terminal table set up by an object of its own (with
what that object reads its flags with).
Each method only hands on, so a game that inherits them reads the same as one that writes
them out."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, Self, TypeVar

from .actions import Event
from .errors import ConfigError

if TYPE_CHECKING:
    from pydantic import BaseModel
    from rich.console import Console

    from .capabilities import (
        TerminalPrompt,
        TerminalRequest,
        TerminalScreen,
        TerminalSetup,
        TerminalTable,
    )
    from .protocol import Clock


class OwnState(Protocol):
    """A state that keeps its opening events and copies, dumps and loads itself."""

    @property
    def opening(self) -> Sequence[Event]: ...

    def clone(self) -> Self: ...

    def dump(self) -> dict[str, Any]: ...

    @classmethod
    def load(cls, data: Mapping[str, Any]) -> Self: ...


S = TypeVar("S", bound=OwnState)
F = TypeVar("F", bound="BaseModel")


class KeptState(Generic[S]):
    """The `Game` methods a state of class `state_class` answers itself; no teams, no clocks."""

    state_class: ClassVar[type[Any]]

    def opening_events(self, state: S) -> list[Event]:
        return list(state.opening)

    def clone(self, state: S) -> S:
        return state.clone()

    def dump(self, state: S) -> dict[str, Any]:
        return state.dump()

    def load(self, data: Mapping[str, Any]) -> S:
        loaded: S = self.state_class.load(data)
        return loaded

    def teams(self, state: S) -> dict[str, list[str]]:
        return {}

    def clocks(self, state: S) -> dict[str, Clock]:
        return {}


class TerminalByTable:
    """`TerminalTable` handed on to `_terminal`, the game's own object for it (which may
    remember what it set up for the screen it makes next)."""

    _terminal: ClassVar[TerminalTable]

    def terminal_flags(self) -> type[BaseModel]:
        return self._terminal.terminal_flags()

    def flag_options(self, flags: BaseModel) -> dict[str, Any]:
        return self._terminal.flag_options(flags)

    def terminal_table(self, request: TerminalRequest) -> TerminalSetup:
        return self._terminal.terminal_table(request)

    def terminal_screen(
        self, console: Console, prompt: TerminalPrompt, lang: str
    ) -> TerminalScreen:
        return self._terminal.terminal_screen(console, prompt, lang)


def own_flags(kind: type[F], flags: BaseModel) -> F:
    """`flags` as the game's own flags `kind` (the shell validated them with it)."""
    if isinstance(flags, kind):
        return flags
    return kind.model_validate(flags.model_dump(exclude_unset=True))


def bad_flag(field: str, message: str, message_it: str) -> ConfigError:
    """A flag (or a part of the request, `seats`, `mode`) the game refuses, in both languages."""
    return ConfigError("invalid_option", message, field=field, message_it=message_it)


def chosen_mode(request: TerminalRequest, modes: Sequence[str]) -> str:
    """`--mode`, one of the game's `modes` (the first when it is not given)."""
    mode = request.mode or modes[0]
    if mode not in modes:
        raise bad_flag(
            "mode",
            f"--mode is {_either(modes, 'or')}, not {mode}",
            f"--mode è {_either(modes, 'o')}, non {mode}",
        )
    return mode


def _either(words: Sequence[str], or_: str) -> str:
    return f"{', '.join(words[:-1])} {or_} {words[-1]}" if len(words) > 1 else words[0]
