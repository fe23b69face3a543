"""The ladder holds: with fixed seeds, each deal played from both seats, the stronger bot
wins a clear majority. Games are shortened and budgets small to keep the suite quick;
`bench/strength.py` plays the full-budget ladder."""

from __future__ import annotations

import pytest

from tavola.bots.strength import MatchRow, classic_config, match, matches, wilson


def test_wilson_interval_matches_known_values():
    low, high = wilson(8, 10)
    assert (round(low, 3), round(high, 3)) == (0.49, 0.943)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0
    low, high = wilson(5, 10)
    assert low == pytest.approx(1 - high)


def test_a_row_counts_draws_as_half_a_win():
    row = MatchRow("a", "b", games=4, wins=2, draws=2, losses=0, seconds=1.0)
    assert row.win_rate == 0.75
    assert row.to_json()["ci95"] == [round(v, 3) for v in wilson(3, 4)]


def test_greedy_beats_random():
    """The lower end of the Wilson 95% interval above one half."""
    row = match("greedy", "random", 12, seed=1, config=classic_config(max_rounds=6))
    assert row.interval[0] > 0.5, row.to_json()


def test_ismcts_beats_greedy():
    """A small budget (200 iterations) in short games without forgo draws, where the
    attacks decide more: two games in three at least."""
    config = {**classic_config(max_rounds=6), "extra_draw_mode": "off"}
    row = match("ismcts:200", "greedy", 12, seed=0, config=config)
    assert row.win_rate >= 2 / 3, row.to_json()


def test_matches_plays_one_row_per_pairing():
    rows = matches([("random", "random"), ("boss", "random")], games=2, max_rounds=2)
    assert [(r.bot, r.opponent, r.games) for r in rows] == [
        ("random", "random", 2),
        ("boss", "random", 2),
    ]
