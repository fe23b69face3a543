"""Ready-made themed decks (content/decks/*.toml), so that a table starts with no
preparation; each is checked against the catalogue on load."""

from __future__ import annotations

import tomllib
from functools import cache
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from tavola.core import ContentError

from .catalog import CONTENT_DIR, Catalog, load_catalog
from .scripted_setup import expand_cards


class ThemedDeck(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    name: str
    name_en: str
    side: Literal["good", "neutral", "evil"]
    cards: Annotated[list[str], Field(min_length=1)]

    def card_ids(self) -> list[str]:
        return expand_cards(list(self.cards), load_catalog(), f"deck {self.id}")

    def cards_in(self, catalog: Catalog) -> list[str]:
        """The deck's cards written out, those `catalog` lacks left out."""
        cards = []
        for entry in self.cards:
            card_id, star, count = entry.partition("*")
            if card_id in catalog:
                cards.extend([card_id] * (int(count) if star else 1))
        return cards

    def display_name(self, lang: str) -> str:
        return self.name_en if lang == "en" else self.name


@cache
def themed_decks() -> tuple[ThemedDeck, ...]:
    path = CONTENT_DIR / "decks" / "S1.toml"
    with path.open("rb") as fh:
        raw = tomllib.load(fh).get("deck", [])
    try:
        decks = tuple(ThemedDeck.model_validate(d) for d in raw)
    except ValidationError as exc:
        raise ContentError([f"{path}: {e['loc']}: {e['msg']}" for e in exc.errors()]) from None
    for deck in decks:
        deck.card_ids()  # every card exists
    return decks


def deck_for(seat_index: int, team: str | None) -> ThemedDeck:
    """Seat i's deck: a good or evil theme for good-vs-evil sides, else the themes in turn."""
    decks = themed_decks()
    if team in ("good", "evil"):
        fitting = [d for d in decks if d.side in (team, "neutral")]
        return fitting[seat_index % len(fitting)]
    return decks[seat_index % len(decks)]
