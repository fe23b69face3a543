"""Events told in words, in Italian or English, for logs and play-by-play."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tavola.core import Event, Messages

from .catalog import Catalog


class Narrator:
    def __init__(
        self, messages: Messages, catalog: Catalog, names: Mapping[str, str], lang: str
    ) -> None:
        self.messages = messages
        self.catalog = catalog
        self.names = dict(names)
        self.lang = lang

    def t(self, key: str, **params: Any) -> str:
        return self.messages.text(self.lang, key, **params)

    def seat(self, seat: str) -> str:
        return self.names.get(seat, seat)

    def card(self, card_id: str) -> str:
        card = self.catalog.get(card_id)
        return card.display_name(self.lang) if card else card_id

    def stat(self, stat: str) -> str:
        return self.t(f"stat.{stat}")

    def seats(self, seats: Any) -> str:
        return ", ".join(self.seat(s) for s in seats)

    def values(self, values: Mapping[str, int]) -> str:
        return ", ".join(f"{self.seat(s)} {v}" for s, v in values.items())

    def outcome(self, data: Mapping[str, Any]) -> str:
        key = "outcome.draw" if data["draw"] else "outcome.winner"
        text = self.t(key, winners=self.seats(data["winners"]))
        return f"{text} ({self.t('outcome.' + data['reason'])})"

    def event(self, event: Event) -> str | None:
        """One line for an event, or None for events not worth telling."""
        d = dict(event.data)
        kind = event.type
        key = f"event.{kind}"
        if not self.messages.has(key) or kind == "flip_submitted":
            return None
        params: dict[str, Any] = dict(d)
        for name in ("seat", "winner"):
            if name in d:
                params[name] = self.seat(d[name])
        if "order" in d:
            params["order"] = self.seats(d["order"])
        if "values" in d:
            params["values"] = self.values(d["values"])
        for name in ("reference", "from", "to"):
            if name in d:
                params[name] = self.stat(d[name])
        if kind == "cards_flipped":
            params["cards"] = "; ".join(
                f"{self.seat(c['seat'])} → {self.card(c['card_id'])}" for c in d["cards"]
            )
        if kind == "card_reflipped":
            params["card"] = self.card(d["card_id"])
        if kind == "piles_dealt":
            params["sizes"] = self.values(d["sizes"])
        if kind == "game_over":
            params["outcome"] = self.outcome(d)
        return self.t(key, **params)
