"""The game's events in words, in Italian and in English (the `Narration` capability)."""

from collections.abc import Mapping, Sequence
from typing import Any

from tavola.core import Event

WORDS = {
    "it": {
        "marked": "{seat} segna la casella {square}.",
        "won": "Vince {seat}.",
        "draw": "Patta: la griglia è piena.",
    },
    "en": {
        "marked": "{seat} marks square {square}.",
        "won": "{seat} wins.",
        "draw": "A draw: the grid is full.",
    },
}


def tell(event: Event, lang: str) -> str | None:
    words = WORDS.get(lang, WORDS["en"])
    if event.type == "marked":
        return words["marked"].format(**event.data)
    if event.type == "ended":
        winners = event.data["winners"]
        return words["draw"] if event.data["draw"] else words["won"].format(seat=winners[0])
    return None


class WordsOfTicTacToe:
    def narrate(self, state: Any, events: list[Event], lang: str) -> list[str]:
        return [line for line in self.narrate_for(state, events, lang, {}) if line]

    def narrate_for(
        self, state: Any, events: Sequence[Event], lang: str, view: Mapping[str, Any]
    ) -> list[str | None]:
        return [tell(event, lang) for event in events]
