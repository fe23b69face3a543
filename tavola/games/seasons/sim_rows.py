"""Seasons' simulation rows (its `SimulationRows` capability), read from the referee's final
view and the events, never from the state.

A simulated game is a practice game whose human seat the reference bot plays (`bot.py`):
it reports a human score of 0, so the figures that matter are Dummbot's, on the human's
seat ("human", the only one): his final score (the distribution the report shows whole,
so a player knows what score beats each level), his crystals, the prestige of his array
and its size.

No plays are listed: the card-impact table measures a seat's wins with the cards it played,
and the human's side is not played here (every game is Dummbot's). What Dummbot's cards do
shows in `dummbot_prestige` and `dummbot_score` instead.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tavola.core import Event
from tavola.core.capabilities import ReportWords

FIGURES = {
    "dummbot_score": "Dummbot's final score (crystals + the prestige of his array, §7): a"
    " player must score strictly more to win",
    "dummbot_crystals": "Dummbot's crystals at the end",
    "dummbot_prestige": "the prestige of the cards in Dummbot's array at the end (his hand"
    " scores nothing)",
    "dummbot_cards": "the cards in Dummbot's array at the end",
}
CARD_NOTE = (
    "Seasons lists no plays: the reference bot does not play the human's cards and reports"
    " a score of 0, so the human never wins a simulated game; read Dummbot's figures and"
    " the distribution of dummbot_score instead."
)


class SeasonsRows:
    """The `RowExtractor` of Seasons solo."""

    def length(self, view: Mapping[str, Any], events: Sequence[Event]) -> tuple[int, int]:
        """Rounds played (R2), and Dummbot's turns (one per die he was left, R6)."""
        turns = sum(1 for e in events if e.type == "die_chosen")
        return int(view.get("round", 0)), turns

    def plays(self, view: Mapping[str, Any], events: Sequence[Event]) -> list[tuple[str, str]]:
        """None (see the module's docstring)."""
        return []

    def seat_columns(self, view: Mapping[str, Any], seat: str) -> dict[str, int]:
        """Dummbot's end figures, on the human's seat (Dummbot has none of his own, R1)."""
        dummbot = view.get("dummbot") or {}
        return {
            "dummbot_score": int(dummbot.get("score", 0)),
            "dummbot_crystals": int(dummbot.get("crystals", 0)),
            "dummbot_prestige": int(dummbot.get("array_prestige", 0)),
            "dummbot_cards": len(dummbot.get("array") or ()),
        }

    def card_names(self, view: Mapping[str, Any]) -> dict[str, dict[str, str]]:
        """No plays, so no card to name."""
        return {}

    def words(self, config: Mapping[str, Any]) -> ReportWords:
        return ReportWords(
            rounds="rounds",
            turns="Dummbot's turns",
            figures=FIGURES,
            card_note=CARD_NOTE,
            distributions=("dummbot_score",),
        )
