"""Seasons solo against Dummbot: the companion and practice engine
(rules: shared/rules/seasons_dummbot.md)."""

from .game import SeasonsGame, game

__all__ = ["SeasonsGame", "game"]
