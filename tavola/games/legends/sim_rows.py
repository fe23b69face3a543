"""Legends of AZ's simulation rows (its `SimulationRows` capability): read from its
public events and the referee's view, never from the state, so the game can change inside
without breaking simulation.

Cards "played" are those a seat put into play: its main (revealed at setup), characters
placed in the formation or later, action cards, equipment and enchantgineering. In the
simplified mode, the cards it was dealt: a seat flips its whole dealt pile before any card
it wins (won cards go to the bottom), so the first seat to flip a card is the one it was
dealt to. Counting every flip instead would credit the winner, who ends up flipping most of
the loser's cards too, with nearly every card; the deal is random, so a dealt card's win
rate is the card's own.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tavola.core import Event
from tavola.core.capabilities import ReportWords

SINGLE_PLAYS = frozenset({"character_placed", "card_played", "equipment_assigned", "eg_started"})


class LegendsRows:
    """The `RowExtractor` of Legends of AZ."""

    def length(self, view: Mapping[str, Any], events: Sequence[Event]) -> tuple[int, int]:
        """Battles: rounds reached and turns taken. Simplified: clashes and flips."""
        if view.get("mode") == "simplified":
            flips = [e for e in events if e.type == "cards_flipped"]
            clashes = max((int(e.data.get("clash", 0)) for e in flips), default=0)
            return clashes, len(flips)
        turns = [e for e in events if e.type == "turn_started"]
        rounds = max((int(e.data.get("round", 0)) for e in turns), default=0)
        return rounds, len(turns)

    def plays(self, view: Mapping[str, Any], events: Sequence[Event]) -> list[tuple[str, str]]:
        if view.get("mode") == "simplified":
            return dealt(events)
        out: list[tuple[str, str]] = []
        for event in events:
            if event.visible_to is not None:
                continue  # private events (draws) are not plays
            data = event.data
            kind = event.type
            if kind in SINGLE_PLAYS:
                out.append((str(data["card_id"]), str(data["seat"])))
            elif kind == "cards_flipped":
                out.extend((str(c["card_id"]), str(c["seat"])) for c in data.get("cards", ()))
            elif kind == "mains_revealed":
                out.extend((str(card), str(seat)) for seat, card in data.items())
            elif kind == "characters_placed":
                for seat, cards in data.get("formations", {}).items():
                    out.extend((str(c["card_id"]), str(seat)) for c in cards)
        return out

    def exposure(self, view: Mapping[str, Any], events: Sequence[Event]) -> list[tuple[str, str]]:
        """The cards chance gave each seat before any decision: in a battle, its opening
        hand (S7, `card_dealt`) and its main card; in the simplified mode, its dealt pile.
        A card's impact is measured on these (see `tavola.sim.balance`)."""
        if view.get("mode") == "simplified":
            return dealt(events)
        out: list[tuple[str, str]] = []
        for event in events:
            if event.type == "card_dealt":
                out.append((str(event.data["card_id"]), str(event.data["seat"])))
            elif event.type == "mains_revealed":
                out.extend((str(card), str(seat)) for seat, card in event.data.items())
        return out

    def seat_columns(self, view: Mapping[str, Any], seat: str) -> dict[str, int]:
        """Battles: HP left on the seat's table (0 once eliminated) and characters on it.
        Simplified: the size of the seat's pile."""
        info = view.get("seats", {}).get(seat, {})
        if view.get("mode") == "simplified":
            return {"pile": int(info.get("pile_size", 0))}
        table = info.get("table") or []
        return {
            "hp": sum(int(c.get("hp", 0)) for c in table),
            "chars": len(table),
        }

    def words(self, config: Mapping[str, Any]) -> ReportWords:
        """Battles count rounds and turns; the simplified mode counts clashes and flips,
        and a long game of it flips most cards."""
        if config.get("mode") == "simplified":
            return ReportWords(
                "clashes",
                "flips",
                {"pile": "cards in its pile"},
                "In the simplified mode a card counts for the seat it was dealt to (the first"
                " to flip it): the deal is random, so a card's figure is its own.",
            )
        return ReportWords(
            figures={
                "hp": "hit points left on the seat's table",
                "chars": "characters on its table",
            }
        )

    def card_names(self, view: Mapping[str, Any]) -> dict[str, dict[str, str]]:
        """The names of the cards the view shows (`card_faces`: Italian `name`, English
        `name_en`)."""
        names: dict[str, dict[str, str]] = {}
        for card_id, face in (view.get("card_faces") or {}).items():
            if isinstance(face, Mapping) and face.get("name"):
                entry = {"it": str(face["name"])}
                if face.get("name_en"):
                    entry["en"] = str(face["name_en"])
                names[str(card_id)] = entry
        return names


def dealt(events: Sequence[Event]) -> list[tuple[str, str]]:
    """Simplified mode: (card_id, seat) of each card instance at its first flip, which is
    by the seat it was dealt to (cards set aside at the deal are never flipped)."""
    first: dict[str, tuple[str, str]] = {}
    for event in events:
        if event.visible_to is not None:
            continue
        if event.type == "cards_flipped":
            for card in event.data.get("cards", ()):
                first.setdefault(str(card["iid"]), (str(card["card_id"]), str(card["seat"])))
        elif event.type == "card_reflipped":
            data = event.data
            first.setdefault(str(data["iid"]), (str(data["card_id"]), str(data["seat"])))
    return list(first.values())
