"""How a game ends: the result, its event, and shared placements (R109, R126)."""

from __future__ import annotations

from collections.abc import Iterable

from tavola.core import Event

from .state import LegendsState, Result


def competition_ranks(groups: Iterable[list[str]]) -> dict[str, int]:
    """Groups best first; a group shares the place after all seats ranked above it
    (1, 2, 2, 4)."""
    places: dict[str, int] = {}
    above = 0
    for group in groups:
        for seat in group:
            places[seat] = above + 1
        above += len(group)
    return places


def finish(
    state: LegendsState,
    events: list[Event],
    reason: str,
    winners: list[str],
    placements: dict[str, int],
    *,
    draw: bool | None = None,
) -> None:
    """Ends the game. Without `draw`, several winners mean a draw (the simplified mode);
    the battle passes it explicitly, since a winning team has several seats."""
    is_draw = len(winners) > 1 if draw is None else draw
    state.result = Result(winners, placements, reason, is_draw)
    state.phase = "game_over"
    events.append(Event("game_over", state.result.dump()))
