"""The fixture game is registered for these tests only, as `TAVOLA_GAMES` would register it
for a process: nothing outside `tests/` names it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tavola.core import registry

from .kuhn import game

GAME_TARGET = "tests.fixture_game.kuhn:game"
"""What `TAVOLA_GAMES` says to a server or a command in another process."""


@pytest.fixture(autouse=True)
def kuhn_registered() -> Iterator[None]:
    registry.game_names()  # the entry points first, as every process loads them
    registry.register(game)
    yield
    registry.unregister(game.name)
