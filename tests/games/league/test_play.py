"""Whole games: random play ends without error (property), the bots terminate and replay
(§12 scenario 50), and no bot plays differently in states its seat cannot tell apart."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tavola.bots import make_bot
from tavola.core import Rng, Table, Viewer, replay
from tavola.core.playout import random_action
from tavola.games.league.game import game

QUICK = {"lineups": ["preset_a", "preset_b"]}
CONFIGS = game.sample_configs()


def play(table: Table, players: dict) -> None:
    while table.to_act:
        seat = sorted(table.to_act)[0]
        table.act(seat, players[seat].choose(table.game, table.state, seat))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), index=st.integers(0, len(CONFIGS) - 1))
def test_random_play_of_seeded_games_ends_without_error(seed, index):
    table = Table(game, CONFIGS[index], seed)
    rng = Rng(seed, stream=7)
    while table.to_act:
        seat = sorted(table.to_act)[rng.below(len(table.to_act))]
        table.act(seat, random_action(game, table.state, seat, rng))
    assert game.outcome(table.state) is not None


def test_sc50_basic_against_random_ends_by_turn_36_and_replays():
    for seed in range(1, 101):
        table = Table(game, {**QUICK, "seats": ["bot:basic", "bot:random"]}, seed)
        play(
            table,
            {"0": make_bot("reference", game, seed, "0"), "1": make_bot("random", game, seed, "1")},
        )
        assert table.outcome is not None and table.state.turn_no <= 36, seed
        assert replay(table.record()).hash == table.hash


def test_basic_is_deterministic_and_beats_random_more_often_than_not():
    wins = 0
    for seed in range(20):
        table = Table(game, QUICK, seed)
        play(
            table,
            {"0": make_bot("reference", game, seed, "0"), "1": make_bot("random", game, seed, "1")},
        )
        again = Table(game, QUICK, seed)
        play(
            again,
            {"0": make_bot("reference", game, seed, "0"), "1": make_bot("random", game, seed, "1")},
        )
        assert again.hash == table.hash
        wins += table.outcome.winners == ("0",)
    assert wins > 10


def disguised(state, seat: str, seed: int):
    """The same position for `seat` with the opponent's unseen cards dealt otherwise, its
    own deck reordered and another RNG."""
    other = game.clone(state)
    own = int(seat)
    mine, theirs = other.sides[own], other.sides[1 - own]
    rng = Rng(seed)
    rng.shuffle(mine.deck)
    hand = [c for c in theirs.hand if c not in theirs.exposed]
    pool = hand + theirs.deck
    rng.shuffle(pool)
    theirs.hand = [c for c in theirs.hand if c in theirs.exposed] + pool[: len(hand)]
    theirs.deck = pool[len(hand) :]
    other.rng = Rng(seed + 1)
    return other


def positions():
    found = []
    for seed in range(30):
        table = Table(game, QUICK, seed)
        bot = game.reference_bot(0)
        for step in range(60):
            if table.outcome is not None:
                break
            seat = sorted(table.to_act)[0]
            options = [a for a in game.legal_actions(table.state, seat) if a.type != "concede"]
            if step > 6 and len(options) >= 3:
                found.append((table.state, seat))
                break
            table.act(seat, bot.choose(game, table.state, seat))
        if len(found) == 4:
            return found
    return found


@pytest.mark.parametrize("name", ["random", "reference", "greedy", "ismcts:60"])
def test_a_bot_plays_alike_in_states_its_seat_cannot_tell_apart(name):
    for n, (state, seat) in enumerate(positions()):
        other = disguised(state, seat, 100 + n)
        assert game.view(state, Viewer.seat(seat)) == game.view(other, Viewer.seat(seat))
        assert game.dump(state) != game.dump(other)
        first = make_bot(name, game, 7, seat).choose(game, state, seat)
        assert first == make_bot(name, game, 7, seat).choose(game, other, seat), (name, seat)
