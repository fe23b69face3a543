from .game import LeagueGame, game

__all__ = ["LeagueGame", "game"]
