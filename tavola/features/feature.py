"""A feature as the platform meets it: its routes, commands, tables' migrations, and the
part of it that works inside a server (hears games start and end, opens tables when due)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from tavola.core import Game
from tavola.core.scenario import KindRunner

from .notices import GameEnded, GameStarted

if TYPE_CHECKING:
    import typer
    from fastapi import APIRouter
    from sqlalchemy.orm import Session

    from tavola.server.tables import Tables
    from tavola.store import Database


@dataclass(frozen=True)
class LobbyLink:
    """A link on the lobby's card of every game that implements `capability` (the game's
    name in `href` as `{game}`), titled by the shell catalogue's key `words`."""

    capability: str
    href: str
    words: str


@dataclass(frozen=True)
class TableHome:
    """The page a feature's table leads its seats back to (a campaign's, say), titled by
    the shell catalogue's key `words`; `rematch`: whether the table offers a rematch (a
    feature that plays its tables again itself says no); `title`, the table's own name
    (a shell catalogue key filled with `title_params`: a tournament's "Round 1 · Anna vs
    Bea"), if the feature gives it one."""

    href: str
    words: str
    rematch: bool = True
    title: str | None = None
    title_params: Mapping[str, str | int] = field(default_factory=dict)

    def to_json(self) -> dict[str, object]:
        named = {"words": self.title, "params": dict(self.title_params)} if self.title else None
        return {"href": self.href, "words": self.words, "rematch": self.rematch, "title": named}


class Platform(Protocol):
    """What a feature's part works with: the database and the server's tables."""

    @property
    def db(self) -> Database: ...

    @property
    def tables(self) -> Tables: ...


class Part:
    """A feature at work in a server. Each method does nothing here: a feature overrides
    what it listens to."""

    def game_started(self, session: Session, started: GameStarted) -> None:
        """In the commit that opens the table."""

    def game_ended(self, session: Session, ended: GameEnded) -> None:
        """In the commit that records the final move."""

    def table_home(self, session: Session, game_id: str) -> TableHome | None:
        """Where the table `game_id` leads its seats back to, if it is one of this
        feature's (read when the server loads the game)."""
        return None

    def after_game_ended(self, ended: GameEnded) -> None:
        """Once that commit has landed (tables the end makes due are opened later, by
        `tick`, outside the game's hold)."""

    def tick(self) -> None:
        """Now and then, from the server's automation pass."""


@dataclass(frozen=True)
class Feature:
    """A feature's declaration, the object its `tavola.features` entry point names.
    `part`: builds its server-side part (None: it has routes or commands only);
    `migrations`: the folder of its Alembic revisions (its tables'), if any."""

    name: str
    routers: Sequence[APIRouter] = ()
    commands: Callable[[typer.Typer], None] | None = None
    """Adds its commands to the `tavola` command line."""
    migrations: Path | None = None
    part: Callable[[Platform], Part] | None = None
    pages: Path | None = None
    """Its browser pages and modules, served at the site's root beside the shell's."""
    schemas: Callable[[dict[str, Any], Sequence[Game[Any]]], None] | None = None
    """Completes the published OpenAPI components of its requests with the games' models
    (the components by name, every registered game)."""
    capabilities: Mapping[str, type[Any]] = field(default_factory=dict)
    """What it asks of a game that takes part, by the name a game declares it with."""
    lobby: LobbyLink | None = None
    scenarios: Mapping[str, KindRunner] = field(default_factory=dict)
    """The scenario kinds it runs (`kind = "<kind>"` in a scenario file)."""

    def __post_init__(self) -> None:
        if not self.name.isidentifier():
            raise ValueError(f"feature name {self.name!r} is not an identifier")
