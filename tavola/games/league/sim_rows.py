"""League's simulation rows (its `SimulationRows` capability), read from the referee's final
view and the events, never from the state.

A row gives each seat's lineup (a preset's id, else `custom-` and a digest of the lineup)
and gimmick, so that the report shows win rates by lineup and by gimmick; `first` is the
seat that attacked in turn 1. The "plays" are the legends that entered the arena and the
cards used or activated, so that the impact table covers legends and cards alike. The
report names the seats "Player 1" and "Player 2", with the preset each plays when the run
fixes one."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tavola.core import Event, digest
from tavola.core.capabilities import ReportWords

from .content import starter
from .content_model import GIMMICKS
from .messages import text

PLAYS = {"LEGEND_ENTERED": "legend", "SUPPORT_USED": "card_id", "TACTIC_ACTIVATED": "card_id"}
"""The events that put a legend or a card into play, and the field naming it."""

FIGURES = {
    "life": "life at the end (10000 at the start)",
    "legends": "legends still able to fight at the end (waiting room and arena)",
    "deck": "cards left in the deck at the end",
}
CARD_NOTE = (
    "A legend counts in the games where it entered the arena, a card in those where it was"
    " used (support) or activated (tactic). With fixed lineups a seat's legends and cards"
    " come with its lineup: read them beside the win rate by lineup."
)
GROUPS = {
    "lineup": "the seat's lineup: a preset, by its id and name, else custom- and a digest"
    " of the lineup",
    "gimmick": "the gimmick stage of the seat's lineup",
}
LANGUAGES = ("it", "en", "ja")


def group_names() -> dict[str, dict[str, dict[str, str]]]:
    """The presets' and the gimmicks' names, so that the report says them in words."""
    presets = {
        key: {"it": p.names.it, "en": p.names.en, "ja": p.names.ja}
        for key, p in starter().presets.items()
    }
    gimmicks = {
        key: {lang: text(lang, f"word.gimmick.{key}") for lang in LANGUAGES} for key in GIMMICKS
    }
    return {"lineup": presets, "gimmick": gimmicks}


def seat_names(config: Mapping[str, Any], lang: str = "en") -> dict[str, str]:
    """Each player's seat in words ("Player 1 (Starstrike)"), the preset named when the
    config fixes one (a custom lineup has no name)."""
    lineups = list(config.get("lineups") or ())
    presets = starter().presets
    names = {}
    for side in range(2):
        player = text(lang, "tell.player", n=side + 1)
        chosen = lineups[side] if side < len(lineups) else None
        if isinstance(chosen, str) and chosen in presets:
            lineup = presets[chosen].names.get(lang)
            names[str(side)] = text(lang, "report.seat_lineup", player=player, lineup=lineup)
        else:
            names[str(side)] = player
    return names


def lineup_label(seat_view: Mapping[str, Any]) -> str:
    """The preset the seat's lineup is, else `custom-<digest>` (never a number)."""
    team = [
        {"legend_id": e["legend"], "abilities": list(e["abilities"])}
        for e in seat_view.get("team") or ()
    ]
    lineup = {"team": team, "gimmick": seat_view["gimmick"], "deck": seat_view.get("deck_list")}
    for preset_id, preset in starter().presets.items():
        if preset.lineup.to_json() == lineup:
            return preset_id
    return f"custom-{digest(lineup)[:8]}"


class LeagueRows:
    """The `RowExtractor` (and `RowGroups`) of Legend.a.League."""

    def length(self, view: Mapping[str, Any], events: Sequence[Event]) -> tuple[int, int]:
        """Turns played, and attacks declared."""
        return int(view.get("turn", 0)), sum(e.type == "ATTACK_DECLARED" for e in events)

    def plays(self, view: Mapping[str, Any], events: Sequence[Event]) -> list[tuple[str, str]]:
        return [
            (str(e.data[PLAYS[e.type]]), str(e.data["seat"])) for e in events if e.type in PLAYS
        ]

    def seat_columns(self, view: Mapping[str, Any], seat: str) -> dict[str, int]:
        """A player's end figures (the linked die's referee has none)."""
        if seat not in view["seats"]:
            return {}
        mine = view["seats"][seat]
        able = len(mine.get("waiting_room") or ()) + (mine.get("arena") is not None)
        return {"life": int(mine["life"]), "legends": able, "deck": int(mine["deck_count"])}

    def card_names(self, view: Mapping[str, Any]) -> dict[str, dict[str, str]]:
        """Every legend's and card's names (the content set is public)."""
        content = starter()
        names = {key: item.names for key, item in content.legends.items()}
        names.update({key: item.names for key, item in content.cards.items()})
        return {key: {"it": n.it, "en": n.en, "ja": n.ja} for key, n in names.items()}

    def first_seat(self, view: Mapping[str, Any], events: Sequence[Event]) -> str:
        """The attacker of turn 1."""
        return next((str(e.data["attacker"]) for e in events if e.type == "ROLES_DECIDED"), "")

    def seat_groups(self, view: Mapping[str, Any], seat: str) -> dict[str, str]:
        if seat not in view["seats"]:
            return {}
        mine = view["seats"][seat]
        return {"lineup": lineup_label(mine), "gimmick": str(mine["gimmick"])}

    def words(self, config: Mapping[str, Any]) -> ReportWords:
        return ReportWords(
            rounds="turns",
            turns="attacks",
            figures=FIGURES,
            card_note=CARD_NOTE,
            first="the seat that attacks in turn 1",
            groups=GROUPS,
            group_names=group_names(),
            impact_kinds=dict.fromkeys(starter().legends, "legend"),
            seat_names=seat_names(config),
        )
