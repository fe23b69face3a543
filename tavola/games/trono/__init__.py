"""Gioco del Trono 2.0: the digital referee (rules: shared/rules/gioco_del_trono.md)."""

from .game import TronoGame, game

__all__ = ["TronoGame", "game"]
