"""Tables for League's engine tests: the spec's baseline (§12) and positions."""

from typing import Any

from tavola.core import Table
from tavola.games.league.content import starter

PA = starter().presets["preset_a"].lineup.to_json()
BASE = {"lineups": [{**PA, "gimmick": "none"}, "preset_b"], "shuffle_decks": False}


def table(setup: dict[str, Any] | None = None, seed: int = 1, **config: Any) -> Table:
    return Table("league", {**BASE, **config}, seed, setup)


def entry(attacker: str, defender: str, **setup: Any) -> Table:
    """Both legends designated, the entry phase next (pools 12)."""
    return table(
        {"start": "entry", "attacker": 0, "designated": {"0": attacker, "1": defender}, **setup}
    )
