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

    .venv/bin/python tests/games/league/test_engine_golden.py --regen
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import orjson

from tavola.core import Action, Rng, Viewer, get_game
from tavola.core.playout import random_action
from tavola.core.protocol import state_hash
from tavola.games.league.game import LeagueGame

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


def _text(value: Any) -> bytes:
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS)


def _views(state: Any) -> list[Any]:
    viewers = [Viewer.seat(s) for s in game.seats(state)] + [Viewer.public()]
    return [game.view(state, viewer) for viewer in viewers]


def _check_clone(state: Any, seed: int, step: int) -> None:
    """A clone played ahead on its own leaves the original as it was."""
    before = state_hash(game, state)
    ahead = game.clone(state)
    rng = Rng(seed, stream=1000 + step)
    for _ in range(AHEAD):
        waiting = sorted(game.to_act(ahead))
        if not waiting:
            break
        seat = waiting[rng.below(len(waiting))]
        game.apply(ahead, seat, random_action(game, ahead, seat, rng))
    if state_hash(game, state) != before:
        raise AssertionError(f"seed {seed}, step {step}: a clone's moves changed its original")


def play(seed: int) -> list[Any]:
    """[table index, steps, actions digest, events digest, probes digest, final hash]."""
    choices = tables()
    index = seed % len(choices)
    state = game.new(choices[index], seed)
    rng = Rng(seed, stream=99)
    order = game.seats(state)
    actions, events, probes = hashlib.sha256(), hashlib.sha256(), hashlib.sha256()
    for event in game.opening_events(state):
        events.update(_text(event.to_record()))
    steps = 0
    while waiting := game.to_act(state):
        seat = [s for s in order if s in waiting][rng.below(len(waiting))]
        listing = game.legal_actions(state, seat)
        if steps % PROBE == 0:
            probes.update(_text([a.to_json() for a in listing]))
            probes.update(_text(_views(state)))
            world = game.determinize(state, seat, Rng(seed, stream=500 + steps))
            probes.update(state_hash(game, world).encode())
            _check_clone(state, seed, steps)
        action = random_action(game, state, seat, rng)
        if seed % 2:
            action = Action.from_json(json.loads(json.dumps(action.to_json())))
        actions.update(_text([seat, len(listing), action.to_json()]))
        for event in game.apply(state, seat, action):
            events.update(_text(event.to_record()))
        steps += 1
    short = [h.hexdigest()[:20] for h in (actions, events, probes)]
    return [index, steps, *short, state_hash(game, state)[:20]]


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
