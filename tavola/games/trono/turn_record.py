"""The record of one turn's resolution: what the phases P1–P13 hand each other."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tavola.core import Event

from .characters import Character, Effect
from .houses import HOUSES
from .state import Post, Team, TronoState, catalogue_of

Entry = dict[str, Any]  # a slot or extra action: kind, target/character, number, base, value


class Deployment:
    """One character deployed this turn; its power fails unless some effect succeeds."""

    def __init__(self, team: str, character: Character, target: str | None, slot: int | None):
        self.team = team
        self.character = character
        self.target = target
        self.slot = slot
        self.outcomes: list[bool] = []
        self.charge = "permanent" if character.charges is None else "spent"
        self.revoked = False

    @property
    def failed(self) -> bool:
        """§3.5; a two-effect character fails only when both effects fail (DECISIONS 5)."""
        return self.revoked or not any(self.outcomes)

    def effects(self, kind: str) -> list[Effect]:
        return [] if self.revoked else [e for e in self.character.effects if e.kind == kind]


@dataclass
class TurnRecord:
    """Turn k as the phases see it. The opening facts (who was seated, who was active, the
    sealed posts) are fixed; each phase fills in what later phases and the reports read."""

    state: TronoState
    numbers: dict[str, list[int]]
    catalogue: dict[str, Character]
    seated: list[str]  # seat holders at the turn's opening
    active_open: list[str]  # teams active at the opening and still active at resolution
    posts: dict[str, Post | None]
    reports: dict[str, dict[str, Any]]  # house → its private report (§8), built phase by phase
    events: list[Event] = field(default_factory=list)
    slots: dict[str, list[Entry]] = field(default_factory=dict)  # P1
    extras: dict[str, list[Entry]] = field(default_factory=dict)  # P1: extra actions
    deployments: list[Deployment] = field(default_factory=list)  # P1
    op: dict[str, dict[str, int]] = field(default_factory=dict)  # P3: target → hitter → op
    hit_by: dict[str, set[str]] = field(default_factory=dict)  # P3: target → hitters
    battle: dict[str, dict[str, int]] = field(default_factory=dict)  # P3: house → A, D, …
    eliminated: list[str] = field(default_factory=list)  # P4
    survivors: list[str] = field(default_factory=list)  # P4: active after the battle
    had_tower: bool = False  # whether the Tower stood before P10
    over: bool = False  # P12

    @property
    def k(self) -> int:
        return self.state.turn

    def team(self, house: str) -> Team:
        return team_of(self.state, house)

    def actions(self, house: str) -> list[Entry]:
        """The team's slot and extra actions, with their final values."""
        return [*self.slots[house], *self.extras[house]]

    def total(self, house: str, kind: str) -> int:
        """Σ final values of the team's slot and extra actions of `kind`."""
        return sum(e["value"] for e in self.actions(house) if e["kind"] == kind)

    def own(self, house: str) -> list[Deployment]:
        return [d for d in self.deployments if d.team == house]

    def gained(self, house: str, resource: str) -> int:
        """What the team's `gain` powers for `resource` (chests or banners) bring; each one
        used counts as a success. Soldiers are capped, so P5 counts them itself."""
        gain = 0
        for dep in self.own(house):
            for effect in dep.effects("gain"):
                if effect.get("resource") == resource:
                    gain += int(effect.get("amount"))
                    dep.outcomes.append(True)
        return gain

    def post_order(self, house: str) -> tuple[int, int]:
        """When the team posted (no post: last), then wheel order."""
        post = self.posts.get(house)
        return (post.at if post is not None else 2**62, HOUSES.index(house))

    def audience(self, house: str) -> frozenset[str]:
        """The team's members and the referees."""
        team = self.team(house)
        return frozenset({f"player:{m}" for m in team.members} | self.referees())

    def referees(self) -> frozenset[str]:
        return frozenset(f"referee:{r}" for r in self.state.config.referees)


def _draw_date(state: TronoState) -> str | None:
    drawn = state.draws[-1] if state.draws else None
    if drawn is not None and drawn.purpose == "turn" and drawn.turn == state.turn:
        return drawn.date
    return state.draw_date


def open_record(state: TronoState, numbers: dict[str, list[int]]) -> TurnRecord:
    """The record at the turn's opening: the teams still active, their posts, and each
    team's report started with its parameters before the turn."""
    opening = state.opening
    active_open = [h for h in opening["active"] if team_of(state, h).active]
    posts = {h: state.posts.get(str(team_of(state, h).team_no)) for h in active_open}
    reports: dict[str, dict[str, Any]] = {
        house: {
            "turn": state.turn,
            # the draw's own date: under the manual schedule the turn names none (R27)
            "draw_date": _draw_date(state),
            "corrected": False,
            "posted": posts[house] is not None,
            "void": _void_of(posts[house]),
            "before": params(team_of(state, house)),
            "slots": [],
            "hires": [],
            "deployments": [],
            "spy": [],
        }
        for house in active_open
    }
    return TurnRecord(
        state=state,
        numbers=numbers,
        catalogue=catalogue_of(state),
        seated=list(opening["seated"]),
        active_open=active_open,
        posts=posts,
        reports=reports,
    )


def _void_of(post: Post | None) -> list[dict[str, Any]]:
    """The void parts of a post copied from the forum, for its team's report."""
    return [dict(v) for v in post.void] if post is not None else []


def team_of(state: TronoState, house: str) -> Team:
    team = state.team(house)
    assert team is not None
    return team


def params(team: Team) -> dict[str, int]:
    return {"soldiers": team.soldiers, "chests": team.chests, "banners": team.banners}
