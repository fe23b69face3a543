"""The referee's state machine data (§3.3): players, teams, seats, posts, draws, audit."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, SerializerFunctionWrapHandler, model_serializer

from tavola.core import Rng, canonical_json

from .characters import CatalogueProblem, Character, parse_catalogue, starter_catalogue
from .config import TronoConfig

PHASES = (
    "registration",
    "formation_wait",
    "house_ranking",
    "ready",
    "turn_open",
    "turn_locked",
    "review",
    "over",
)


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=False)


class Player(_Model):
    user_id: str
    display_name: str
    registered_at: int
    preferred_partner: str | None = None
    avoid: list[str] = []
    status: str = "registered"  # registered, withdrawn, member, eliminated
    team_no: int | None = None
    joined_late: bool = False
    join_avoid_houses: list[str] = []


class CharacterInstance(_Model):
    character_id: str
    charges_left: int | None
    hired_turn: int


class Team(_Model):
    team_no: int
    house_id: str | None = None
    members: list[str] = []
    status: str = "active"  # active, eliminated
    soldiers: int = 0
    chests: int = 0
    banners: int = 0
    characters: list[CharacterInstance] = []
    hired_ever: list[str] = []
    turns_without_attack: int = 0
    eliminated_turn: int | None = None
    banners_at_elimination: int | None = None
    chests_at_elimination: int | None = None
    house_ranking: list[str] | None = None
    ranking_at: int | None = None
    disqualified: bool = False
    reports: list[dict[str, Any]] = []
    notices: list[dict[str, Any]] = []

    @property
    def key(self) -> str:
        return self.house_id or f"team{self.team_no}"

    @property
    def active(self) -> bool:
        return self.status == "active"

    def owns(self, character_id: str) -> CharacterInstance | None:
        return next((c for c in self.characters if c.character_id == character_id), None)


class Post(_Model):
    id: str
    team_no: int
    turn: int
    at: int
    author: str
    actions: list[dict[str, Any]]
    deploy: list[dict[str, Any]]
    abandon_threshold: int | None = None
    # A post copied from the forum (DECISIONS 22): its void parts with their reasons, and
    # the referee who recorded it.
    void: list[dict[str, Any]] = []
    recorded_by: str | None = None


class Draw(_Model):
    purpose: str  # "formation" or "turn"
    turn: int | None = None
    date: str
    numbers: dict[str, list[int]]
    source: str
    entered_by: str
    entered_at: int
    corrected: bool = False


class AuditEntry(_Model):
    seq: int
    at: int
    referee: str
    kind: str
    subject: str
    before: Any = None
    after: Any = None
    reason: str
    thing: str | None = None
    """What inside the subject changed: an adjusted parameter, a character (edits.py)."""


class TronoState(_Model):
    config: TronoConfig
    rng: dict[str, int]
    phase: str = "registration"
    now: int
    close_at: int | None = None
    closed_at: int | None = None
    players: dict[str, Player] = {}
    teams: list[Team] = []
    throne: str | None = None
    tower: str | None = None
    tower_exists: bool = False
    two_winners: bool = False
    soldier_max: int = 0
    turn: int = 0
    turn_opened_at: int | None = None
    deadline: int | None = None
    draw_date: str | None = None
    draw_shifts: dict[str, str] = {}  # regular draw day → the day the Lotto moved it to
    draws: list[Draw] = []
    formation_draw: dict[str, list[int]] | None = None
    formation_secret: str | None = None
    formation_commitment: str | None = None
    formation_attempts: int = 0
    formation_conflicts: int | None = None
    ranking_deadline: int | None = None
    reminder_hours: int | None = None
    """Set in the console (`set_reminder`): the config's `missing_posts_reminder_hours`
    for the rest of the season."""
    reminded_turn: int = 0
    """The last turn whose missing posts the referees were told of (reminders.py)."""
    join_queue: list[str] = []
    opening: dict[str, Any] = {}
    posts: dict[str, Post] = {}
    post_history: list[Post] = []
    audit: list[AuditEntry] = []
    bulletins: list[dict[str, Any]] = []
    resolutions: list[dict[str, Any]] = []
    pre_resolution: dict[str, Any] | None = None
    # R45 (publication.py): the events a review holds for publication, and the state as last
    # published when a correction reopens a published turn for review.
    held_events: list[dict[str, Any]] = []
    last_published: dict[str, Any] | None = None
    published_turn: int = 0
    result: dict[str, Any] | None = None
    not_started: bool = False
    decisions: int = 0
    characters: list[dict[str, Any]] | None = None
    """The season's catalogue once the referees edit it (season_characters.py); None: the
    table's (`config.characters`, or the starter set)."""

    @model_serializer(mode="wrap")
    def _dump(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        # A game whose referees never edited its characters dumps (and hashes) as before:
        # stored games still rebuild their stored state.
        data: dict[str, Any] = handler(self)
        if data.get("characters", 0) is None:
            del data["characters"]
        return data

    # -- helpers -------------------------------------------------------------------------

    def random(self) -> Rng:
        return Rng.from_json(self.rng)

    def keep(self, rng: Rng) -> None:
        self.rng = rng.to_json()

    def team(self, house: str) -> Team | None:
        return next((t for t in self.teams if t.house_id == house), None)

    def team_by_no(self, team_no: int) -> Team:
        return self.teams[team_no - 1]

    def team_of(self, user_id: str) -> Team | None:
        player = self.players.get(user_id)
        if player is None or player.team_no is None:
            return None
        return self.team_by_no(player.team_no)

    def active_teams(self) -> list[Team]:
        return [t for t in self.teams if t.active]

    def seated(self) -> list[str]:
        return [h for h in (self.throne, self.tower) if h is not None]

    def clone(self) -> TronoState:
        return TronoState.model_validate(self.model_dump())


_CATALOGUES: dict[str, dict[str, Character]] = {}


def catalogue_of(source: TronoConfig | TronoState) -> dict[str, Character]:
    """The characters of a game (its state: the referees' edits count) or of a config."""
    if isinstance(source, TronoState):
        items = source.characters if source.characters is not None else source.config.characters
    else:
        items = source.characters
    if items is None:
        return starter_catalogue()
    key = canonical_json(items)
    found = _CATALOGUES.get(key)
    if found is None:
        found = parse_catalogue(items)
        _CATALOGUES[key] = found
    return found


__all__ = ["PHASES", "CatalogueProblem", "TronoState", "catalogue_of"]
