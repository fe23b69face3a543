"""Events told in words, in Italian or English, for logs and play-by-play."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from pydantic import TypeAdapter

from tavola.core import Event, Messages

from .catalog import Catalog
from .describe import describe_effect
from .effects import Effect
from .state import LegendsState

EFFECT_ADAPTER: TypeAdapter[Effect] = TypeAdapter(Effect)

SEAT_KEYS = ("seat", "winner", "from", "to", "defender", "against")


def state_owners(state: LegendsState) -> dict[str, str]:
    """Who holds or controls (or last controlled) each card instance of a game."""
    owners = dict(state.last_controller)
    for seat_id, seat in state.seats.items():
        for iid in (*seat.hand, *seat.table, *seat.egs):
            owners[iid] = seat_id
    return owners


def view_owners(view: Mapping[str, Any]) -> dict[str, str]:
    """Who holds or controls each card instance a view shows on a table or in a hand."""
    owners: dict[str, str] = {}
    for seat_id, seat in view.get("seats", {}).items():
        for place in ("table", "egs", "hand"):
            for card in seat.get(place, []):
                owners[card["iid"]] = seat_id
    return owners


class Narrator:
    def __init__(
        self,
        messages: Messages,
        catalog: Catalog,
        names: Mapping[str, str],
        lang: str,
        instances: Mapping[str, str] | None = None,
        owners: Mapping[str, str] | None = None,
    ) -> None:
        self.messages = messages
        self.catalog = catalog
        self.names = dict(names)
        self.lang = lang
        self.instances = instances or {}
        self.owners = dict(owners or {})
        self.shared_names = self._shared_names()

    def _shared_names(self) -> set[str]:
        """Card names that more than one seat holds: those cards are named with their owner
        ("Ember di Giulia attacca Ember di Marco")."""
        holders: dict[str, set[str]] = {}
        for iid, seat in self.owners.items():
            if iid in self.instances:
                holders.setdefault(self.card(self.instances[iid]), set()).add(seat)
        return {name for name, seats in holders.items() if len(seats) > 1}

    def t(self, key: str, **params: Any) -> str:
        return self.messages.text(self.lang, key, **params)

    def seat(self, seat: str) -> str:
        return self.names.get(seat, seat)

    def card(self, card_id: str) -> str:
        card = self.catalog.get(card_id)
        return card.display_name(self.lang) if card else card_id

    def instance(self, iid: str) -> str:
        name = self.card(self.instances.get(iid, iid))
        owner = self.owners.get(iid)
        if owner is not None and name in self.shared_names:
            return self.t("event.owned", card=name, seat=self.seat(owner))
        return name

    def target(self, target: str | None) -> str:
        if target is None:
            return "—"
        return self.seat(target) if target in self.names else self.instance(target)

    def stat(self, stat: str) -> str:
        return self.t(f"stat.{stat}")

    def seats(self, seats: Any) -> str:
        return ", ".join(self.seat(s) for s in seats)

    def values(self, values: Mapping[str, int]) -> str:
        return ", ".join(f"{self.seat(s)} {v}" for s, v in values.items())

    def outcome(self, data: Mapping[str, Any]) -> str:
        key = "outcome.draw" if data["draw"] else "outcome.winner"
        text = self.t(key, winners=self.seats(data["winners"]), n=len(data["winners"]))
        return f"{text} ({self.t('outcome.' + data['reason'])})"

    def event(self, event: Event) -> str | None:
        """One line for an event, or None for events not worth telling."""
        d = dict(event.data)
        if event.type == "effect_applied" and d["kind"] in ("heal", "damage"):
            return None  # `healed` and `damage_dealt` tell the actual amounts
        key = self._key(event.type, d)
        if not self.messages.has(key) or event.type == "flip_submitted":
            return None
        text = self.t(key, **self._params(event.type, d))
        return text or None

    def _key(self, kind: str, d: Mapping[str, Any]) -> str:
        if kind in ("card_drawn", "card_dealt") and "card_id" not in d:
            return f"event.{kind}_hidden"
        if kind == "attack_resolved":
            return f"event.attack_resolved_{d['result']}"
        return f"event.{kind}"

    def _params(self, kind: str, d: Mapping[str, Any]) -> dict[str, Any]:
        params: dict[str, Any] = dict(d)
        for name in SEAT_KEYS:
            if isinstance(d.get(name), str):
                params[name] = self.seat(d[name])
        if "card_id" in d:
            params["card"] = self.card(d["card_id"])
        elif "iid" in d:
            params["card"] = self.instance(d["iid"])
        said: dict[str, Callable[[Any], str]] = {
            "target": self.target,
            "bearer": self.instance,
            "order": self.seats,
            "eligible": self.seats,
            "values": self.values,
        }
        for name, say in said.items():
            if name in d:
                params[name] = say(d[name])
        if kind == "effect_applied":
            effect = EFFECT_ADAPTER.validate_python(d["effect"])
            params["what"] = describe_effect(self.messages, self.lang, effect)
        if "attackers" in d:
            params["attackers"] = ", ".join(
                f"{self.instance(a['iid'])} ({self.stat(a['stat'])})" for a in d["attackers"]
            )
        if "iids" in d:
            params["cards"] = ", ".join(self.instance(i) for i in d["iids"])
        for name in ("reference", "from_stat", "stat"):
            if isinstance(d.get(name), str):
                params[name] = self.stat(d[name])
        if kind in ("reference_changed",):
            params["from"], params["to"] = self.stat(d["from"]), self.stat(d["to"])
        if kind == "defence_ready":
            params["stat_text"] = f" ({self.stat(d['stat'])})" if d.get("stat") else ""
        if kind == "cards_flipped":
            params["cards"] = "; ".join(
                f"{self.seat(c['seat'])} → {self.card(c['card_id'])}" for c in d["cards"]
            )
        if kind == "piles_dealt":
            params["sizes"] = self.values(d["sizes"])
        if kind == "mains_revealed":
            params["mains"] = "; ".join(f"{self.seat(s)}: {self.card(c)}" for s, c in d.items())
        if kind == "characters_placed":
            params["formations"] = "; ".join(
                f"{self.seat(s)}: {', '.join(self.card(c['card_id']) for c in cards) or '—'}"
                for s, cards in d["formations"].items()
            )
        if kind == "seat_eliminated":
            params["reason"] = self.t(f"reason.{d['reason']}")
        if kind == "game_over":
            params["outcome"] = self.outcome(d)
        return params
