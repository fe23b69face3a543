"""The game-agnostic kernel: protocol, actions, events, RNG, views, records and replay."""

from .actions import AUTOPILOT, PLATFORM_ACTIONS, TIMEOUT, Action, Event
from .errors import ConfigError, ContentError, IllegalAction, TavolaError, UnknownGame
from .i18n import Messages
from .jsonform import canonical_json, digest
from .protocol import Clock, Game, Outcome, state_hash
from .registry import game_names, get_game, register
from .rng import Rng, derive_seed
from .table import GameRecord, LogEntry, Player, Table, replay
from .viewer import Viewer, filter_event, filter_events

__all__ = [
    "AUTOPILOT",
    "PLATFORM_ACTIONS",
    "TIMEOUT",
    "Action",
    "Clock",
    "ConfigError",
    "ContentError",
    "Event",
    "Game",
    "GameRecord",
    "IllegalAction",
    "LogEntry",
    "Messages",
    "Outcome",
    "Player",
    "Rng",
    "Table",
    "TavolaError",
    "UnknownGame",
    "Viewer",
    "canonical_json",
    "derive_seed",
    "digest",
    "filter_event",
    "filter_events",
    "game_names",
    "get_game",
    "register",
    "replay",
    "state_hash",
]
