"""The `HeldResults` capability (R45): what a turn under review holds back, for the
conformance suite's check that nobody but the referees is given it before publication."""

from __future__ import annotations

import json
from typing import Any

from tavola.core import Action, Viewer
from tavola.core.capabilities import HeldResult

from .audiences import referees
from .forum_report import team_report_lines
from .forum_words import with_names
from .state import TronoState, catalogue_of
from .views import view_for


def held_results(state: TronoState) -> list[HeldResult]:
    """Under review: each team's report of the turn (as JSON and as its first line in
    each language, for its members) and the turn's draw (for everyone)."""
    if state.phase != "review":
        return []
    k = state.turn
    held: list[HeldResult] = []
    draw = next((d for d in reversed(state.draws) if d.turn == k), None)
    if draw is not None:
        held.append(HeldResult(frozenset(), (json.dumps(draw.numbers),)))
    for team in state.teams:
        report = next((r for r in team.reports if r["turn"] == k), None)
        if report is None or not team.members:
            continue
        member = Viewer.seat(f"player:{team.members[0]}")
        view = with_names(
            view_for(state, member, referees(state), preview=True), catalogue_of(state)
        )
        titles = tuple(team_report_lines(view, lang, turn=k)[0] for lang in ("it", "en"))
        audience = frozenset(f"player:{m}" for m in team.members)
        held.append(HeldResult(audience, (json.dumps(report), *titles)))
    return held


def publication(state: TronoState) -> tuple[str, Action] | None:
    """A11: a referee publishes the turn's results."""
    if state.phase != "review" or not state.config.referees:
        return None
    return f"referee:{state.config.referees[0]}", Action("publish_results")


def holding_config() -> dict[str, Any]:
    """A practice table of four one-bot teams whose referee reviews every turn."""
    return {
        "mode": "practice",
        "draw_source": "simulated",
        "schedule": "manual",
        "target_team_size": 1,
        "referees": ["arbitro"],
        "players": [f"bot{i:02d}" for i in range(1, 5)],
        "review_before_publish": True,
        "max_turns": 3,
    }
