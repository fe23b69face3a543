"""Every registered game passes the conformance suite over many seeds and every sample table."""

from typing import Any

import pytest

from tavola.core import Rng, game_names, get_game
from tavola.core.conformance import ConformanceError, check_determinize_blind, play_random_game

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


class Hands:
    """A toy for the determinize checks: two seats hold the six cards, three each, and
    neither sees the order of the other's hand. A world deals the unseen hand again; the
    peeking one shuffles it from its real order instead of a canonical one."""

    def __init__(self, peek: bool) -> None:
        self.peek = peek

    def seats(self, state: dict[str, list[int]]) -> list[str]:
        return sorted(state)

    def dump(self, state: dict[str, list[int]]) -> dict[str, list[int]]:
        return {seat: list(hand) for seat, hand in state.items()}

    def determinize(self, state: dict[str, list[int]], seat: str, rng: Rng) -> dict[str, Any]:
        world = self.dump(state)
        other = next(s for s in world if s != seat)
        unseen = world[other] if self.peek else sorted(world[other])
        rng.shuffle(unseen)
        world[other] = unseen
        return world


def test_the_blind_determinize_check_passes_a_world_drawn_from_what_the_seat_sees():
    check_determinize_blind(Hands(peek=False), {"a": [5, 1, 3], "b": [2, 6, 4]}, Rng(1), "toy")


def test_the_blind_determinize_check_catches_a_world_drawn_from_the_real_hidden_order():
    with pytest.raises(ConformanceError, match="depends on what it cannot see"):
        check_determinize_blind(Hands(peek=True), {"a": [5, 1, 3], "b": [2, 6, 4]}, Rng(1), "toy")
