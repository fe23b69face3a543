"""What a game may offer beyond the required `Game` protocol: its declaration (`GameInfo`)
and each optional capability as a small typed protocol, one module per part of Tavola
that asks for it (docs/capabilities.md lists them on one page):

- `base`: the declaration every part reads (`GameInfo`) and `capability`;
- `play`: the server and the engine while a game is played;
- `table`: a table's set-up (lobby, seats, presets, lineups);
- `terminal`: `tavola play`;
- `simulation`: the simulator, the benchmarks, the search bots, learning agents;
- `designer`: the balance assistant.

A game author reads this package and `protocol.py`, and nothing else of the shell. The
shell never tests a game's name nor looks a member up by string: it reads `game.info` and
asks `capability(game, Narration)`; a game that lacks the capability answers None there.
`GameInfo.capabilities` names the capabilities a game declares; the conformance suite
checks that the declaration and the implementation agree. Every name is imported from
here (`from tavola.core.capabilities import Narration`), never from a module of it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .base import GENERIC_BOTS, HUMAN, GameInfo, capability
from .designer import NO_RULES, CardChange, CardTuning, Direction, StatChange, TuningRules
from .play import (
    ActionCheck,
    AddedSeats,
    Autopilot,
    Exports,
    ExportText,
    HeldResult,
    HeldResults,
    Narration,
    PrivateWaiting,
    TimedActions,
)
from .simulation import (
    Evaluation,
    ReportWords,
    RlCodec,
    RlEncoding,
    RowExposure,
    RowExtractor,
    RowGroups,
    SampleConfigs,
    SimulationRows,
)
from .table import (
    Automata,
    LineupCheck,
    LineupIssue,
    Lineups,
    Preset,
    ReferencePlayer,
    TableBuilder,
)
from .terminal import (
    QuitGame,
    SharedSeats,
    TerminalPrompt,
    TerminalRequest,
    TerminalScreen,
    TerminalSetup,
    TerminalTable,
)

if TYPE_CHECKING:
    from ..protocol import Game

__all__ = [
    "CAPABILITIES",
    "GENERIC_BOTS",
    "HUMAN",
    "NO_RULES",
    "ActionCheck",
    "AddedSeats",
    "Automata",
    "Autopilot",
    "CardChange",
    "CardTuning",
    "Direction",
    "Evaluation",
    "ExportText",
    "Exports",
    "GameInfo",
    "HeldResult",
    "HeldResults",
    "LineupCheck",
    "LineupIssue",
    "Lineups",
    "Narration",
    "Preset",
    "PrivateWaiting",
    "QuitGame",
    "ReferencePlayer",
    "ReportWords",
    "RlCodec",
    "RlEncoding",
    "RowExposure",
    "RowExtractor",
    "RowGroups",
    "SampleConfigs",
    "SharedSeats",
    "SimulationRows",
    "StatChange",
    "TableBuilder",
    "TerminalPrompt",
    "TerminalRequest",
    "TerminalScreen",
    "TerminalSetup",
    "TerminalTable",
    "TimedActions",
    "TuningRules",
    "add_capability",
    "capability",
    "implemented",
]

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
    "exports": Exports,
    "held_results": HeldResults,
    "lineups": Lineups,
    "added_seats": AddedSeats,
}
"""Every optional capability by the name a `GameInfo` declares it with: the kernel's, and
each loaded feature's (`add_capability`)."""


def add_capability(name: str, kind: type[Any]) -> None:
    """A feature's capability (what it asks of a game that takes part), by its name."""
    CAPABILITIES.setdefault(name, kind)


def implemented(game: Game[Any]) -> tuple[str, ...]:
    """The names of the capabilities `game` implements, whatever it declares."""
    return tuple(sorted(name for name, kind in CAPABILITIES.items() if isinstance(game, kind)))
