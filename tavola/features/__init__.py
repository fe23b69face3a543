"""Features: what tables share across games (tournaments, campaigns, saved lineups,
ratings), one folder each, registered by the `tavola.features` entry point as games are.
A feature asks a game only through the protocol it declares and hears of a game's start
and end through `GameStarted` and `GameEnded`, in the commit that records them; the move
path and the kernel know no feature."""

from .feature import Feature, LobbyLink, Part, Platform, TableHome
from .notices import GameEnded, GameStarted
from .registry import features, register, unregister

__all__ = [
    "Feature",
    "GameEnded",
    "GameStarted",
    "LobbyLink",
    "Part",
    "Platform",
    "TableHome",
    "features",
    "register",
    "unregister",
]
