"""The fixture feature (the house book) and the fixture game (Kuhn poker) registered for
these tests only, as `TAVOLA_FEATURES` and `TAVOLA_GAMES` register them for a process:
nothing outside `tests/` names either, and neither names the other."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tavola import features
from tavola.core import registry
from tests.fixture_game.kuhn import game

from .housebook import feature

FEATURE_TARGET = "tests.fixture_feature.housebook:feature"
GAME_TARGET = "tests.fixture_game.kuhn:game"
"""What `TAVOLA_FEATURES` and `TAVOLA_GAMES` say to a server or a command in another process."""


@pytest.fixture(autouse=True)
def registered() -> Iterator[None]:
    registry.game_names()  # the entry points first, as every process loads them
    registry.register(game)
    features.register(feature)
    yield
    features.unregister(feature.name)
    registry.unregister(game.name)


# A database of each kind (a SQLite file, a database in a throw-away PostgreSQL cluster).
# Debian's Chromium for Playwright, as the browser tests launch it.
from tests.e2e.conftest import artifacts, browser_type_launch_args  # noqa: E402, F401
from tests.server.conftest import db_url, pg_cluster  # noqa: E402, F401
