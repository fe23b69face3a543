"""Ready-to-play tables from a short description: who sits where, and the game options.
The terminal and the server both build their tables here."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .decks import deck_for

BOSS_MAIN = "S1-023"
"""The starter set's evil main with HP over 800 (§3.9's boss mains)."""


def table_config(options: Mapping[str, Any], seats: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """A full config: `options` are game options (mode, sides, timers, …, and
    `boss_level` for a boss seat); each seat is {name, kind (human, bot or boss), age,
    team, contribution}. Missing ages, teams and decks get sensible defaults: ages 35,
    40, …; teams A/B (or good/evil) alternating; a themed deck per seat (the starter set
    for the simplified mode). With a boss every player is good."""
    config = {k: v for k, v in options.items() if k != "boss_level"}
    mode = config.get("mode", "classic")
    players = [s for s in seats if s.get("kind") != "boss"]
    boss = len(players) < len(seats)
    if boss:
        config["sides"] = "good_vs_evil"
    sides = config.get("sides", "free_for_all")
    built = []
    for i, seat in enumerate(players):
        person = seat.get("kind", "human") == "human"
        player: dict[str, Any] = {
            # An unnamed bot is "Bot 2" in every language (the log and the table agree);
            # an unnamed person keeps the seat's id until they say their name.
            "name": seat.get("name") or (f"P{i + 1}" if person else f"Bot {i + 1}"),
            "kind": "human" if person else "bot",
            "age": seat.get("age") or 35 + 5 * i,
        }
        if sides == "teams":
            player["team"] = seat.get("team") or "AB"[i % 2]
        elif sides == "good_vs_evil":
            player["team"] = "good" if boss else seat.get("team") or ("good", "evil")[i % 2]
        for key in ("main_card_id", "contribution"):
            if seat.get(key) is not None:
                player[key] = seat[key]
        if mode != "simplified" and "contribution" not in player:
            player["contribution"] = deck_for(i, player.get("team")).card_ids()
        built.append(player)
    config["mode"] = mode
    config["players"] = built
    if mode == "simplified":
        config.setdefault("deck_source", "starter")
    if boss:
        config["boss"] = {
            "main_card_id": BOSS_MAIN,
            "level": int(options.get("boss_level", 1)),
            "contribution": deck_for(0, "evil").card_ids(),
        }
    return config
