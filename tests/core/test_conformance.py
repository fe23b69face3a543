"""Every registered game passes the conformance suite over many seeds and every sample table."""

import pytest

from tavola.core import game_names, get_game
from tavola.core.conformance import play_random_game

SEEDS = range(6)
CASES = [
    (name, index, seed)
    for name in game_names()
    for index in range(len(get_game(name).sample_configs()))  # type: ignore[attr-defined]
    for seed in SEEDS
]


def test_every_registered_game_offers_sample_tables():
    for name in game_names():
        assert get_game(name).sample_configs(), name  # type: ignore[attr-defined]


@pytest.mark.parametrize(("name", "index", "seed"), CASES)
def test_random_play_conforms(name, index, seed):
    game = get_game(name)
    config = game.sample_configs()[index]  # type: ignore[attr-defined]
    table = play_random_game(game, config, seed)
    assert game.outcome(table.state) is not None
