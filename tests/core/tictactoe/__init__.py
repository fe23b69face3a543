"""Tic-tac-toe, written as docs/adding-a-game.md says: its rules, its declaration, its words
(tests/core/test_adding_a_game.py installs it as a game is installed)."""

from .game import game as game
