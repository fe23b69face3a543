"""What the tournaments feature asks of a game that takes part (the `tournament_rules`
capability): an entrant's registration, who sits and opens at each table, a table's config
and the reading of a finished one."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from tavola.core.capabilities.base import S

if TYPE_CHECKING:
    from pydantic import BaseModel

    from .format import Entrant


@dataclass(frozen=True, slots=True)
class TableResult:
    """A finished tournament game as the tournament reads it (`tavola.features.tournaments.format`):
    each entrant's place (1 = first; shared places allowed), in the order the table was
    given its entrants, and their positions in the order they played."""

    places: tuple[int, ...]
    order: tuple[int, ...]


@runtime_checkable
class TournamentRules(Protocol[S]):
    """What a tournament needs of its game: the game's part of the tournament's options,
    what an entrant registers with and its check, who opens each game of a match, the
    config of one tournament table and the reading of a finished one. The format itself
    (pairings, points, standings) is `tavola.features.tournaments.format`'."""

    def tournament_options(self) -> type[BaseModel]:
        """The game's own tournament options, each bounded; keys outside it and the
        format's are refused."""
        ...

    def registration(self) -> type[BaseModel]:
        """The model of an entrant's `registration` (what the entrant brings to every game
        of the tournament); a model without fields when there is nothing to bring."""
        ...

    def registration_choices(self, options: BaseModel, lang: str) -> dict[str, Any]:
        """What a registration form offers under `options`, named in `lang` (plain JSON
        for the game's page; empty when the registration model's fields say it all)."""
        ...

    def ready_registration(self, options: BaseModel, number: int) -> dict[str, Any]:
        """A ready-made registration under `options` for the entrant numbered `number`
        (registration order, from 0): what a bot brings when the organiser gives it
        nothing, so that a bot is added by its name alone ({} when there is nothing to
        bring)."""
        ...

    def check_entrant(self, entrant: Entrant, options: BaseModel) -> Entrant:
        """The entrant as the game keeps it (its registration written out), or
        `IllegalAction` with the game's refusal code when it may not play."""
        ...

    def table_seats(self) -> tuple[int, int]:
        """The fewest and the most entrants one tournament game seats (a tournament's
        `table_size` must lie between them; a table never grows past the most)."""
        ...

    def rotates_opener(self, options: BaseModel) -> bool:
        """True: after a match's first game, each game opens with whoever followed the
        last game's opener (its order rotated by one); False: the game's own rule of who
        starts decides every game."""
        ...

    def tournament_table(
        self, entrants: Sequence[Entrant], options: BaseModel, order: Sequence[int] | None
    ) -> dict[str, Any]:
        """The config of one game between `entrants` (seated in this order): `order`, their
        positions in the playing order the game must follow, or None for the game's own
        rule of who starts."""
        ...

    def table_result(self, state: S) -> TableResult:
        """How a finished tournament game ended, its seats read in entrant order."""
        ...
