"""The engine guard (issue 21): 500 seeded random games per Legends mode — simplified,
classic, epic, and battles against the Automatic Boss — replayed and compared with a golden
file recorded before any speed work. Any optimisation that changes a listed action, an
applied action, an event, a view, an imagined world or a final state shows up here.

Each game stores digests: the action log with the length of every listing it was picked
from; every event in full (audience and public twin included); and at every `PROBE`th
step the acting seat's whole listing, every seat's and the public view, the hash of a
determinized world, and a check that a clone played ahead leaves its original unchanged.
Odd seeds apply a JSON copy of each picked action, even seeds the listed object itself,
so both the listing's fast path and the full validation of outside actions are covered.

Regenerate the golden files only on purpose (after an intended change of the rules):

    .venv/bin/python -m tests.games.legends.test_engine_golden --regen [MODE ...]
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from tavola.core import Action, get_game
from tavola.games.legends.boss import BossBot
from tavola.games.legends.decks import deck_for
from tests.golden_games import digest

GOLDEN = Path(__file__).parent / "golden"
GAMES = 500
PROBE = 53
"""Every PROBE-th step, the costlier checks (views, listing, determinize, clone)."""
AHEAD = 6
"""Random steps a probed clone plays on its own."""
MODES = ("simplified", "classic", "epic", "boss")

game = get_game("legends")


# -- the tables each mode plays, in turn -------------------------------------------------


def _battle_tables(mode: str) -> list[dict[str, Any]]:
    """The bench's own table (two themed decks), then 2, 3, 4 and 8 seats in each side
    arrangement with the switches varied; round caps keep the guard quick."""
    bench = {
        "mode": mode,
        "players": [
            {
                "name": f"P{i + 1}",
                "kind": "bot",
                "age": 35 + 5 * i,
                "contribution": deck_for(i, None).card_ids(),
            }
            for i in range(2)
        ],
        "max_rounds": 10,
    }
    variants: list[dict[str, Any]] = [
        {},
        {"main_selection": "random", "timers": {"autopilot_after": 2}},
        {"extra_draw_mode": "per_player", "defence_stat_rule": "choice", "max_joint_attackers": 2},
        {
            "counter_attack_mode": "next_turn",
            "classic_damage": "ceil",
            "max_characters_on_table": 4,
        },
        {"attack_stat_rule": "max", "team_protection": True, "response_scope": "all"},
        {"team_shared_hands": True, "extra_draw_mode": "off", "reshuffle_discard": False},
    ]
    teams = {2: "AB", 3: "AAB", 4: "ABAB", 8: "ABCDABCD"}
    tables = [bench]
    for n, letters in teams.items():
        for sides in ("free_for_all", "teams", "good_vs_evil"):
            players = []
            for i in range(n):
                player: dict[str, Any] = {"age": 8 + 9 * i, "kind": "bot"}
                if sides == "teams":
                    player["team"] = letters[i]
                elif sides == "good_vs_evil":
                    player["team"] = "good" if i % 2 == 0 else "evil"
                players.append(player)
            variant = variants[len(tables) % len(variants)]
            if sides == "free_for_all":
                variant = {k: v for k, v in variant.items() if not k.startswith("team")}
            tables.append(
                {
                    "mode": mode,
                    "sides": sides,
                    "deck_source": "starter",
                    "players": players,
                    "max_rounds": 5 if n < 8 else 3,
                    **variant,
                }
            )
    return tables


def _boss_tables() -> list[dict[str, Any]]:
    """One to three heroes against the boss, classic and epic, every level."""
    tables = []
    for mode in ("classic", "epic"):
        for heroes in (1, 2, 3):
            for level in (1, 3, 5) if heroes == 1 else (2, 4):
                tables.append(
                    {
                        "mode": mode,
                        "sides": "good_vs_evil",
                        "deck_source": "both",
                        "players": [
                            {
                                "age": 12 + 7 * i,
                                "kind": "bot",
                                "team": "good",
                                "contribution": deck_for(i, "good").card_ids(),
                            }
                            for i in range(heroes)
                        ],
                        "boss": {
                            "main_card_id": "S1-023",
                            "level": level,
                            "contribution": deck_for(0, "evil").card_ids(),
                        },
                        "max_rounds": 6,
                    }
                )
    return tables


def _simplified_tables() -> list[dict[str, Any]]:
    players = [{"age": age, "kind": "bot"} for age in (9, 42, 42, 30, 61, 17, 25, 70)]
    small = {"max_clashes": 40}
    return [
        {
            "mode": "simplified",
            "deck_source": "starter",
            "players": players[:2],
            "simplified": small,
        },
        {
            "mode": "simplified",
            "deck_source": "starter",
            "players": players[:3],
            "simplified": {**small, "special_card_value": "reflip"},
            "timers": {"autopilot_after": 2},
        },
        {
            "mode": "simplified",
            "deck_source": "both",
            "players": [
                {**players[0], "contribution": ["S1-001", "S1-025", "S1-047"]},
                {**players[1], "contribution": ["S1-013"]},
                *players[2:5],
            ],
            "simplified": {
                **small,
                "war_participants": "tied_only",
                "switch_applies": "next",
                "shuffle_winnings": True,
            },
        },
        {
            "mode": "simplified",
            "deck_source": "starter",
            "players": players,
            "agility_tie_break": "seat_order",
            "simplified": small,
        },
    ]


def tables(mode: str) -> list[dict[str, Any]]:
    if mode == "simplified":
        return _simplified_tables()
    if mode == "boss":
        return _boss_tables()
    return _battle_tables(mode)


# -- one game, digested -----------------------------------------------------------------------


def play(mode: str, seed: int) -> list[Any]:
    """[table index, steps, actions digest, events digest, probes digest, final hash]."""
    choices = tables(mode)
    index = seed % len(choices)
    boss = BossBot() if mode == "boss" else None

    def boss_move(state: Any, seat: str) -> Action | None:
        if boss is not None and state.seats[seat].kind == "auto_boss":
            return boss.choose(game, state, seat)
        return None

    row = digest(game, choices[index], seed, probe=PROBE, ahead=AHEAD, choose=boss_move)
    return [index, *row]


def golden_path(mode: str) -> Path:
    return GOLDEN / f"engine_{mode}.json"


def regenerate(mode: str) -> None:
    rows = [play(mode, seed) for seed in range(GAMES)]
    lines = ",\n".join("  " + json.dumps(row) for row in rows)
    golden_path(mode).write_text(f'{{"mode": "{mode}", "games": [\n{lines}\n]}}\n')


@pytest.mark.parametrize("mode", MODES)
def test_random_games_are_unchanged(mode: str) -> None:
    stored = json.loads(golden_path(mode).read_text())["games"]
    assert len(stored) == GAMES
    for seed, expected in enumerate(stored):
        assert play(mode, seed) == expected, f"{mode}, seed {seed}"


if __name__ == "__main__":
    if sys.argv[1:2] != ["--regen"]:
        sys.exit(__doc__)
    for name in sys.argv[2:] or MODES:
        regenerate(name)
        print(f"wrote {golden_path(name)}")
