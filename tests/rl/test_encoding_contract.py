"""What the environment relies on from every game's `RlEncoding`, checked on random play of
the game's sample tables: fixed sizes, bounded observations, masks that are never empty
when a seat must act, and masked indices that decode to legal actions."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

from tavola.core import Game, Rng, Viewer, game_names, get_game
from tavola.core.capabilities import RlEncoding, SampleConfigs, capability

TABLES_PER_GAME = 6
STEPS = 150


def tables() -> list[tuple[str, int]]:
    """(game, sample index) for a spread of each encoded game's sample tables."""
    found = []
    for name in game_names():
        game = get_game(name)
        samples = capability(game, SampleConfigs)
        if capability(game, RlEncoding) is None or samples is None:
            continue
        count = len(samples.sample_configs())
        step = max(1, count // TABLES_PER_GAME)
        found += [(name, i) for i in range(0, count, step)][:TABLES_PER_GAME]
    return found


def decisions(name: str, index: int) -> Iterator[tuple[Game[Any], Any, str]]:
    """(game, state, awaited seat) along a seeded random game, rare actions left out."""
    game = get_game(name)
    samples = capability(game, SampleConfigs)
    assert samples is not None
    state = game.new(samples.sample_configs()[index], index)
    rng = Rng(index)
    for _ in range(STEPS):
        waiting = [s for s in game.seats(state) if s in game.to_act(state)]
        if not waiting:
            return
        for seat in waiting:
            yield game, state, seat
        seat = waiting[0]
        legal = game.legal_actions(state, seat)
        usual = [a for a in legal if a.type not in game.info.rare_actions] or legal
        game.apply(state, seat, rng.choice(usual))


def codec_of(game: Game[Any], state: Any) -> Any:
    encoding = capability(game, RlEncoding)
    assert encoding is not None
    return encoding.rl_codec(state)


@pytest.mark.parametrize(("name", "index"), tables())
def test_observations_have_the_codecs_size_and_stay_in_bounds(name: str, index: int) -> None:
    codec = None
    for game, state, seat in decisions(name, index):
        codec = codec or codec_of(game, state)
        vector = codec.observe(game.view(state, Viewer.seat(seat)), seat)
        assert vector.shape == (codec.observation_size,) and vector.dtype == np.float32
        assert np.all(np.abs(vector) <= codec.bound)
    assert codec is not None


@pytest.mark.parametrize(("name", "index"), tables())
def test_masks_are_never_empty_and_decode_to_legal_actions(name: str, index: int) -> None:
    checked = 0
    for game, state, seat in decisions(name, index):
        codec = codec_of(game, state)
        legal = game.legal_actions(state, seat)
        usual = [a for a in legal if a.type not in game.info.rare_actions]
        mask = codec.mask(state, seat, usual)
        assert mask.shape == (codec.action_size,) and mask.dtype == np.int8
        assert mask.any(), f"{name} table {index}: nothing to choose for {seat}"
        for i in np.flatnonzero(mask):
            assert codec.decode(state, seat, int(i)) in usual
        checked += 1
    assert checked > 0


@pytest.mark.parametrize(("name", "index"), tables())
def test_every_game_of_a_table_has_the_same_encoding_sizes(name: str, index: int) -> None:
    game = get_game(name)
    samples = capability(game, SampleConfigs)
    assert samples is not None
    config = samples.sample_configs()[index]
    sizes = {
        (codec.observation_size, codec.action_size)
        for codec in (codec_of(game, game.new(config, seed)) for seed in range(3))
    }
    assert len(sizes) == 1


def test_a_game_is_checked_here() -> None:
    """The contract is tested on at least one game, or the tests above prove nothing."""
    assert tables()
