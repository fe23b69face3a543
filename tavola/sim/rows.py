"""One row per finished game, read through the `Game` protocol only: the outcome, the
referee's view at the end and the events the game emitted.

What the protocol does not name (how long a game was, which cards were played, what each
seat had left, what the cards are called) is read by the game's own `RowExtractor` (its
`SimulationRows` capability), which knows the shapes of its views and events; a game
without one gets the generic reading below.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from tavola.core import Event, Game, Outcome
from tavola.core.capabilities import (
    ReportWords,
    RowExposure,
    RowExtractor,
    RowGroups,
    SimulationRows,
    capability,
)

Row = dict[str, str | int]
"""Column → value; only text and integers, so that CSV and Parquet round-trip exactly."""

SEP = " "
"""Separator inside list-valued cells (seats, winners, cards)."""


class GenericRows:
    """For games without their own extractor: rounds from events' `round` fields, turns
    from `turn_started` events, plays from `card_played {seat, card_id}` events; no
    card names."""

    def length(self, view: Mapping[str, Any], events: Sequence[Event]) -> tuple[int, int]:
        rounds = max((e.data.get("round", 0) for e in events if "round" in e.data), default=0)
        turns = sum(e.type == "turn_started" for e in events)
        return int(rounds), turns

    def plays(self, view: Mapping[str, Any], events: Sequence[Event]) -> list[tuple[str, str]]:
        return [
            (str(e.data["card_id"]), str(e.data["seat"]))
            for e in events
            if e.type == "card_played" and "card_id" in e.data and "seat" in e.data
        ]

    def seat_columns(self, view: Mapping[str, Any], seat: str) -> dict[str, int]:
        return {}

    def card_names(self, view: Mapping[str, Any]) -> dict[str, dict[str, str]]:
        return {}

    def words(self, config: Mapping[str, Any]) -> ReportWords:
        return ReportWords()


def extractor_for(game: Game[Any]) -> RowExtractor:
    """The game's own reading of its rows, else the generic one."""
    rows = capability(game, SimulationRows)
    return rows.row_extractor() if rows is not None else GenericRows()


def game_row(
    *,
    index: int,
    seed: int,
    seats: Sequence[str],
    bots: Mapping[str, str],
    outcome: Outcome,
    actions: int,
    view: Mapping[str, Any],
    events: Sequence[Event],
    extractor: RowExtractor,
) -> Row:
    """The row of game `index`. Column order is fixed here: shared columns, then one group
    per seat in seat order. No timings: rows depend on the seed alone."""
    rounds, turns = extractor.length(view, events)
    plays = extractor.plays(view, events)
    order = view.get("turn_order") or []
    groups = extractor if isinstance(extractor, RowGroups) else None
    exposure = extractor.exposure(view, events) if isinstance(extractor, RowExposure) else None
    first = groups.first_seat(view, events) if groups else str(order[0]) if order else ""
    row: Row = {
        "game": index,
        "seed": seed,
        "seats": SEP.join(seats),
        "first": first,
        "winners": SEP.join(outcome.winners),
        "draw": int(outcome.draw),
        "reason": outcome.reason,
        "rounds": rounds,
        "turns": turns,
        "actions": actions,
        "plays": len(plays),
    }
    for seat in seats:
        played = [card for card, who in plays if who == seat]
        row[f"bot_{seat}"] = bots[seat]
        row[f"place_{seat}"] = int(outcome.placements.get(seat, 0))
        row[f"plays_{seat}"] = len(played)
        row[f"cards_{seat}"] = format_cards(played)
        if exposure is not None:
            row[f"dealt_{seat}"] = format_cards([card for card, who in exposure if who == seat])
        for prefix, value in extractor.seat_columns(view, seat).items():
            row[f"{prefix}_{seat}"] = value
        for prefix, label in groups.seat_groups(view, seat).items() if groups else ():
            row[f"{prefix}_{seat}"] = label
    return row


def format_cards(cards: Sequence[str]) -> str:
    """A seat's played cards as a short cell: distinct ids sorted, `*n` when played n > 1
    times ("S1-001*2 S1-050"). Long games may play the same cards again and again (a game
    of flipping cards), so a full list would swamp the file."""
    counts = Counter(cards)
    return SEP.join(f"{c}*{n}" if n > 1 else c for c, n in sorted(counts.items()))


def parse_cards(cell: str) -> dict[str, int]:
    """A `cards_<seat>` cell back into card id → times played."""
    counts: dict[str, int] = {}
    for item in cell.split():
        card, star, times = item.partition("*")
        counts[card] = int(times) if star else 1
    return counts
