"""Legends of AZ: the flagship card battle (rules: shared/rules/legends_of_az.md)."""

from .game import LegendsGame, game

__all__ = ["LegendsGame", "game"]
