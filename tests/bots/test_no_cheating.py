"""No bot looks at what its seat cannot see: given two states its seat sees alike (the other
one with the opponents' hidden cards swapped with the deck's, or the piles' face-down cards
dealt otherwise, and a different game RNG), a bot with the same seed plays the same action.
A bot that peeks at the real state is caught by the same check."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest

from tavola.bots import GreedyBot, make_bot
from tavola.core import Action, Game, Rng, Table, Viewer
from tavola.games.legends.battle_view import sees_hand

PLAYERS = [{"name": "A", "age": 20, "kind": "bot"}, {"name": "B", "age": 30, "kind": "bot"}]
CLASSIC = {"mode": "classic", "deck_source": "starter", "players": PLAYERS}
SIMPLIFIED = {
    "mode": "simplified",
    "deck_source": "starter",
    "players": PLAYERS,
    "simplified": {"special_card_value": "reflip"},
}
BOTS = ["random", "reference", "boss", "greedy", "ismcts:150"]


def _wanted(game: Game[Any], state: Any, seat: str) -> bool:
    """A decision worth testing: several options, and cards hidden from the seat."""
    options = [a for a in game.legal_actions(state, seat) if a.type != "concede"]
    return len(options) >= 3 or state.phase == "simplified_choice"


@cache
def positions(mode: str) -> tuple[tuple[Table, str], ...]:
    """Decisions reached by reference play from a few deals: (table, seat to act)."""
    found: list[tuple[Table, str]] = []
    config = CLASSIC if mode == "classic" else SIMPLIFIED
    for seed in range(20):
        table = Table("legends", config, seed)
        game = table.game
        bot = game.reference_bot(0)  # type: ignore[attr-defined]
        for step in range(400):
            if table.outcome is not None:
                break
            seat = sorted(table.to_act)[0]
            if step >= 8 and _wanted(game, table.state, seat):
                found.append((table, seat))
                break
            table.act(seat, bot.choose(game, table.state, seat))
        if len(found) == 4:
            break
    assert len(found) == 4
    return tuple(found)


def disguised(game: Game[Any], state: Any, seat: str, seed: int) -> Any:
    """A state `seat` cannot tell from `state`: unseen cards moved between their places
    (other hands and the deck in battles, the piles in the simplified mode), a new RNG."""
    other = game.clone(state)
    places: list[tuple[list[str], int]] = []
    if other.battle is not None:
        zones = [other.deck] + [
            info.hand
            for s, info in other.seats.items()
            if s != seat and not sees_hand(other, Viewer.seat(seat), s)
        ]
    else:
        zones = [*other.strappa.piles.values(), other.set_aside]
    for zone in zones:
        places += [(zone, i) for i, iid in enumerate(zone) if iid not in other.revealed]
    cards = [zone[i] for zone, i in places]
    shuffled = list(cards)
    rng = Rng(seed)
    while shuffled == cards:
        rng.shuffle(shuffled)
    for (zone, i), iid in zip(places, shuffled, strict=True):
        zone[i] = iid
    other.rng = Rng(seed + 1)
    return other


def twins(mode: str) -> list[tuple[Game[Any], Any, Any, str]]:
    out = []
    for n, (table, seat) in enumerate(positions(mode)):
        game, state = table.game, table.state
        other = disguised(game, state, seat, 100 + n)
        assert game.view(state, Viewer.seat(seat)) == game.view(other, Viewer.seat(seat))
        assert game.dump(state) != game.dump(other)
        out.append((game, state, other, seat))
    return out


@pytest.mark.parametrize("name", BOTS)
def test_a_bot_plays_alike_in_classic_states_its_seat_cannot_tell_apart(name):
    for game, state, other, seat in twins("classic"):
        first = make_bot(name, game, 7, seat).choose(game, state, seat)
        second = make_bot(name, game, 7, seat).choose(game, other, seat)
        assert first == second, (name, state.phase, seat)


@pytest.mark.parametrize("name", [b for b in BOTS if b != "boss"])
def test_a_bot_plays_alike_in_simplified_states_its_seat_cannot_tell_apart(name):
    for game, state, other, seat in twins("simplified"):
        first = make_bot(name, game, 7, seat).choose(game, state, seat)
        second = make_bot(name, game, 7, seat).choose(game, other, seat)
        assert first == second, (name, state.phase, seat)


def test_the_boss_plays_battles_only():
    game, state, _, seat = twins("simplified")[0]
    with pytest.raises(ValueError, match="battles only"):
        make_bot("boss", game, 7, seat).choose(game, state, seat)


class Peeking:
    """The game as a cheat sees it: its "determinized" worlds are copies of the real state."""

    def __init__(self, game: Game[Any]) -> None:
        self.game = game

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)

    def determinize(self, state: Any, seat: str, rng: Rng) -> Any:
        return self.game.clone(state)


class PeekingGreedy(GreedyBot):
    """The greedy bot trying its actions on copies of the real state: it cheats."""

    def choose(self, game: Game[Any], state: Any, seat: str) -> Action:
        return super().choose(Peeking(game), state, seat)  # type: ignore[arg-type]


def test_the_check_catches_a_bot_that_peeks_at_the_real_state():
    pairs = twins("classic") + twins("simplified")
    differs = [
        PeekingGreedy(7).choose(game, state, seat) != PeekingGreedy(7).choose(game, other, seat)
        for game, state, other, seat in pairs
    ]
    assert any(differs)
