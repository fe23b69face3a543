"""The engine guard (issue 17, speed): 300 seeded random League battles replayed and
compared with a golden file recorded before any speed work. Any optimisation that changes
a listed action, an applied action, an event, a view, an imagined world or a final state
shows up here.

Each game stores digests: the action log with the length of every listing it was picked
from; every event in full (audience and public twin included); and at every `PROBE`th
step the acting seat's whole listing, every seat's and the public view, the hash of a
determinized world, and a check that a clone played ahead leaves its original unchanged.
Odd seeds apply a JSON copy of each picked action, even seeds the listed object itself,
so both the listing's fast path and the full validation of outside actions are covered.

Regenerate the golden file only on purpose (after an intended change of the rules):

    .venv/bin/python -m tests.games.league.test_engine_golden --regen
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from tavola.core import get_game
from tavola.games.league.game import LeagueGame
from tests.golden_games import digest

GOLDEN = Path(__file__).parent / "golden" / "engine_league.json"
GAMES = 300
PROBE = 23
"""Every PROBE-th step, the costlier checks (views, listing, determinize, clone)."""
AHEAD = 6
"""Random steps a probed clone plays on its own."""

game = get_game("league")

QUICK: dict[str, Any] = {"lineups": ["preset_a", "preset_b"]}
CUSTOM: dict[str, Any] = {
    "team": ["L09", "L10", "L11", "L12", "L13", "L14", "L17"],
    "gimmick": "purgatory",
    "deck": ["C18", "C19", "C25", "C22", "C20", "C29", "C23"] * 3
    + ["C14", "C16", "C11", "C15"] * 3,
}


def tables() -> list[dict[str, Any]]:
    """The bench's table, the game's sample tables, and the rule options varied."""
    bench = {**QUICK, "seats": ["bot:basic", "bot:basic"]}
    return [
        bench,
        *LeagueGame().sample_configs(),
        {"lineups": ["preset_b", "preset_a"], "shuffle_decks": False, "initial_hand": 2},
        {
            **QUICK,
            "override_uses": 0,
            "die_faces": 2,
            "max_tie_rerolls": 1,
            "life_start": 3000,
            "life_cap": 5000,
        },
        {
            "lineups": [None, None],
            "galaxy_applies_to_override": True,
            "allow_voluntary_no_entry": True,
            "max_turns": 15,
        },
        {
            "lineups": [CUSTOM, {**CUSTOM, "gimmick": "galaxy"}],
            "purgatory_extra": 3,
            "deck_out_rule": "cannot_draw",
            "tactic_zone_max": 1,
            "galaxy_bonus": 5,
            "brackish_reduction": 3,
        },
        {
            "lineups": ["preset_a", {**CUSTOM, "gimmick": "brackish_lake"}],
            "card_costs_use_pool": False,
            "purgatory_optional": True,
            "override_uses": 10,
            "dice_source": "external",
            "die_faces": 3,
            "max_turns": 10,
        },
    ]


# -- one game, digested -----------------------------------------------------------------------


def play(seed: int) -> list[Any]:
    """[table index, steps, actions digest, events digest, probes digest, final hash]."""
    choices = tables()
    index = seed % len(choices)
    return [index, *digest(game, choices[index], seed, probe=PROBE, ahead=AHEAD)]


def regenerate() -> None:
    rows = [play(seed) for seed in range(GAMES)]
    lines = ",\n".join("  " + json.dumps(row) for row in rows)
    GOLDEN.write_text(f'{{"game": "league", "games": [\n{lines}\n]}}\n')


def test_random_games_are_unchanged() -> None:
    stored = json.loads(GOLDEN.read_text())["games"]
    assert len(stored) == GAMES
    for seed, expected in enumerate(stored):
        assert play(seed) == expected, f"seed {seed}"


if __name__ == "__main__":
    if sys.argv[1:] != ["--regen"]:
        sys.exit(__doc__)
    regenerate()
    print(f"wrote {GOLDEN}")
