"""Every registered game passes the conformance suite over many seeds and every sample table."""

from dataclasses import replace
from typing import Any

import pytest

from tavola.core import Event, Rng, Viewer, game_names, get_game
from tavola.core.capabilities import HeldResults, SampleConfigs, capability
from tavola.core.conformance import (
    ConformanceError,
    check_declaration,
    check_determinize_blind,
    check_held_results,
    play_random_game,
)
from tavola.features import features

features()  # the features' capabilities, so that a game's declared ones are checked too

SEEDS = range(6)


def samples(name: str) -> list[dict[str, Any]]:
    offered = capability(get_game(name), SampleConfigs)
    assert offered is not None, f"{name} offers no sample tables"
    return offered.sample_configs()


CASES = [
    (name, index, seed)
    for name in game_names()
    for index in range(len(samples(name)))
    for seed in SEEDS
]


def test_every_registered_game_offers_sample_tables():
    for name in game_names():
        assert samples(name), name


@pytest.mark.parametrize("name", game_names())
def test_every_game_declares_what_it_implements(name):
    check_declaration(get_game(name))


class Undeclared:
    """A registered game whose declaration leaves out a capability it implements."""

    def __init__(self, name: str) -> None:
        self.inner = get_game(name)
        self.name = name
        self.info = replace(self.inner.info, capabilities=self.inner.info.capabilities[1:])

    def __getattr__(self, attr: str) -> Any:
        return getattr(self.inner, attr)


def test_a_declaration_that_leaves_out_a_capability_is_caught():
    with pytest.raises(ConformanceError, match="declares"):
        check_declaration(Undeclared("legends"))  # type: ignore[arg-type]


@pytest.mark.parametrize(("name", "index", "seed"), CASES)
def test_random_play_conforms(name, index, seed):
    game = get_game(name)
    config = samples(name)[index]
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


HOLDING = [name for name in game_names() if capability(get_game(name), HeldResults) is not None]


@pytest.mark.parametrize(("name", "seed"), [(n, s) for n in HOLDING for s in range(3)])
def test_a_held_result_reaches_nobody_before_publication(name, seed):
    """Issue 28, finding 8: results reach players only when the rules say."""
    table = check_held_results(get_game(name), seed)
    assert table.state is not None


def test_some_game_holds_results_for_publication():
    assert HOLDING  # Gioco del Trono's review (R45): the check above is not empty


class Leaky:
    """Gioco del Trono under review, but telling a team or the public what only the
    referees see: in its views, in its exports, or in the events it sends."""

    def __init__(self, where: str) -> None:
        self.inner = get_game("trono")
        self.name, self.info, self.where = "trono", self.inner.info, where

    def view(self, state: Any, viewer: Viewer) -> Any:
        return self.inner.view(state, Viewer.referee() if self.where == "view" else viewer)

    def exports(self, state: Any, viewer: Viewer, lang: str) -> Any:
        seen = Viewer.referee() if self.where == "exports" else viewer
        return self.inner.exports(state, seen, lang)

    def apply(self, state: Any, seat: str, action: Any) -> Any:
        events = self.inner.apply(state, seat, action)
        if self.where == "events":  # sent as they are made, to their own audiences
            events += [Event.from_record(r) for r in state.held_events]
        return events

    def __getattr__(self, attr: str) -> Any:
        return getattr(self.inner, attr)


@pytest.mark.parametrize("where", ["view", "exports", "events"])
def test_a_game_that_gives_away_a_held_result_is_caught(where):
    with pytest.raises(ConformanceError, match="is given a held result"):
        check_held_results(Leaky(where), 0)  # type: ignore[arg-type]


@pytest.mark.parametrize(("name", "seed"), [(n, s) for n in HOLDING for s in range(3)])
def test_random_play_of_a_holding_table_conforms(name, seed):
    """The whole suite on the table that holds results (determinized worlds included)."""
    game = get_game(name)
    holds = capability(game, HeldResults)
    assert holds is not None
    table = play_random_game(game, holds.holding_config(), seed)
    assert game.outcome(table.state) is not None
