"""Trono's simulation rows (its `SimulationRows` capability), read from the events, never
from the state.

A game's length is its turns, each published by the referee (`turn_published`), and the
orders the teams posted in them (`team_posted`, one a team a turn): the generic reading
looks for `round` fields and `turn_started` events, which Trono has not, and counted
nothing. Trono has no cards to play and no seat that goes first (the teams post their
orders in the same turn), so no plays are listed and `first` is empty.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tavola.core import Event
from tavola.core.capabilities import ReportWords


class TronoRows:
    """The `RowExtractor` of a practice table."""

    def length(self, view: Mapping[str, Any], events: Sequence[Event]) -> tuple[int, int]:
        turns = sum(1 for e in events if e.type == "turn_published")
        orders = sum(1 for e in events if e.type == "team_posted")
        return turns, orders

    def plays(self, view: Mapping[str, Any], events: Sequence[Event]) -> list[tuple[str, str]]:
        return []

    def seat_columns(self, view: Mapping[str, Any], seat: str) -> dict[str, int]:
        return {}

    def card_names(self, view: Mapping[str, Any]) -> dict[str, dict[str, str]]:
        return {}

    def words(self, config: Mapping[str, Any]) -> ReportWords:
        return ReportWords(rounds="turns", turns="team orders")
