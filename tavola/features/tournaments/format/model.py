"""A tournament's state as plain data: entrants, seeding, rounds of matches, each match's
games and their results. `Tournament.model_dump(mode="json")` is its whole JSON form (a
server persists it; `Tournament.model_validate` reads it back)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from tavola.core.rng import Rng, keyed_seed
from tavola.core.text import Text
from tavola.features.tournaments.format.options import MAX_TABLE, TournamentOptions

System = Literal["single_elimination", "round_robin", "swiss", "tables"]
"""How rounds are made: a bracket, the circle method, Swiss pairing, or multi-seat tables
split by standings."""


class _Data(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Entrant(_Data):
    """One entrant as registered: `kind` is who plays it, `human` or a bot's name;
    `rating` seeds it when the tournament seeds by rating; `registration` is what it brings
    to every game, the game's business (its model and check are the game's
    `TournamentRules`)."""

    name: Annotated[Text, Field(min_length=1, max_length=60)]
    kind: Annotated[Text, Field(min_length=1, max_length=40)] = "human"
    rating: Annotated[float, Field(ge=-1e9, le=1e9, allow_inf_nan=False)] | None = None
    registration: dict[str, Any] = {}


class Result(_Data):
    """How one game ended. `places` follows the game's `entrants` (1 = first, shared places
    allowed); `forfeits` lists those who did not show; `order` the entrants in
    playing order, when the game was played; `drawn`: the game itself was a draw, and
    `picked`: the tournament RNG then named the winner."""

    places: list[int]
    forfeits: list[int] = []
    order: list[int] | None = None
    drawn: bool = False
    picked: bool = False


class TableGame(_Data):
    """A scheduled game: `id` is `r<round>.m<match>.g<game>`; `entrants` in seat order;
    `seed` drawn for it (`Tournament.game_seed`); `order` the playing order it must follow
    (the opener rotated, `Tournament.rotate_opener`), else None: the game's own rule."""

    id: str
    entrants: list[int]
    seed: int
    order: list[int] | None = None
    replay: bool = False
    result: Result | None = None


class Match(_Data):
    """A pairing of a round: one entrant alone is a bye; a bracket's match is best of n; a
    championship's is one game."""

    entrants: list[int]
    games: list[TableGame] = []
    wins: list[int] = []
    replays: int = 0
    winner: int | None = None
    label: Literal["", "final", "third_place"] = ""

    @property
    def bye(self) -> bool:
        return len(self.entrants) == 1

    @property
    def done(self) -> bool:
        if self.bye:
            return True
        if self.wins:  # best of n: done once it has a winner
            return self.winner is not None
        return bool(self.games) and all(g.result is not None for g in self.games)


class Round(_Data):
    number: int
    matches: list[Match]

    @property
    def done(self) -> bool:
        return all(m.done for m in self.matches)


Secret = Annotated[str, Field(pattern=r"^[0-9a-f]{64,256}$")]
"""A tournament's secret in hex: 256 bits at least (`tavola.core.rng.new_secret`)."""


class Tournament(_Data):
    """The whole tournament. Entrants are numbered by registration (0, 1, …); `seeding`
    lists them by seed (seed 1 first); `tickets[e]` is entrant e's place in the
    lottery, drawn once so that every standings table agrees.

    `secret`: each game's seed and each winner by lot are keyed by it and the game's slot
    (`game_seed`, `lot`), so that the seeds of finished games, which are public, tell
    nothing of the others; never shown. Without one (a seed someone chose, hence known,
    or a tournament stored before secrets) they are the next outputs of `rng`, as the
    lottery's are."""

    options: TournamentOptions
    game_options: dict[str, object] = {}
    rotate_opener: bool = False
    max_table: int = MAX_TABLE
    """The most entrants the game seats at one table (`TournamentRules.table_seats`)."""
    """The game asks that each game of a match after the first open with whoever followed
    the last game's opener (`TournamentRules.rotates_opener`)."""
    rng: dict[str, int]
    secret: Secret | None = None
    phase: Literal["registration", "playing", "over"] = "registration"
    entrants: list[Entrant] = []
    system: System | None = None
    seeding: list[int] = []
    tickets: list[int] = []
    bracket_size: int = 0
    planned_rounds: int = 0
    schedule: list[list[list[int]]] = []
    """Round robin: every round's pairings, made at the start (a bye is a lone entrant)."""
    rounds: list[Round] = []

    @classmethod
    def create(
        cls,
        options: TournamentOptions,
        seed: int | None,
        game_options: dict[str, object] | None = None,
        secret: str | None = None,
        rotate_opener: bool = False,
        max_table: int = MAX_TABLE,
    ) -> Tournament:
        """From a known `seed`, or from a `secret` (then its lottery's stream too)."""
        if (seed is None) == (secret is None):
            raise ValueError("a tournament has a seed or a secret, not both")
        start = keyed_seed(secret, "lottery") if secret is not None else seed
        assert start is not None
        return cls(
            options=options,
            game_options=game_options or {},
            rng=Rng(start).to_json(),
            secret=secret,
            rotate_opener=rotate_opener,
            max_table=max_table,
        )

    def random(self) -> Rng:
        return Rng.from_json(self.rng)

    def keep(self, rng: Rng) -> None:
        self.rng = rng.to_json()

    def game_seed(self, slot: str, rng: Rng) -> int:
        """The seed of the game `slot`."""
        return keyed_seed(self.secret, "game", slot) if self.secret else rng.next_u32()

    def lot(self, slot: str, rng: Rng, count: int) -> int:
        """The seat (of `count`) a lot names the winner of the drawn game `slot`."""
        if self.secret is None:
            return rng.below(count)
        return Rng(keyed_seed(self.secret, "lot", slot)).below(count)

    def games(self) -> list[TableGame]:
        return [g for r in self.rounds for m in r.matches for g in m.games]

    def game(self, game_id: str) -> tuple[Round, Match, TableGame] | None:
        for round_ in self.rounds:
            for match in round_.matches:
                for game in match.games:
                    if game.id == game_id:
                        return round_, match, game
        return None
