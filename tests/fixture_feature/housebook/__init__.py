"""The house book, a feature that lives only under tests/: per game, how many tables were
opened and how many finished. It names no game, and no game names it; a process meets it
through `TAVOLA_FEATURES=tests.fixture_feature.housebook:feature` (or a test's
`tavola.features.register`). docs/adding-a-feature.md walks through these files."""

from pathlib import Path

from tavola.features import Feature

from . import commands, routes
from .part import HouseBook

HERE = Path(__file__).parent

feature = Feature(
    "housebook",
    routers=(routes.router,),
    commands=commands.add,
    migrations=HERE / "migrations",
    part=HouseBook,
    pages=HERE / "web",
)

__all__ = ["feature"]
