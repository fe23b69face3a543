"""No bot looks at what its seat cannot see in a Legend.a.League battle (§8): given two states
the seat sees alike (the other one with the opponent's unseen cards dealt otherwise between
hand, deck and face-down slots, another secret designation or sealed override choice, the
seat's own deck in another order, and a different RNG), a bot with the same seed plays the
same action. The search bots use League's `evaluate`, which reads the whole state it is
given: only their determinized worlds keep it from reading the hidden values."""

from __future__ import annotations

from functools import cache

import pytest

from tavola.bots import make_bot
from tavola.bots.strength import default_table
from tavola.core import Rng, Table, get_game
from tavola.games.league.actions import affordable
from tavola.games.league.content import starter
from tavola.games.league.state import SEATS, LeagueState, other

from .twins import Peeking, Twin, a_peeking_search_tells_twins_apart
from .twins import twins as shared_twins

BOTS = ["random", "reference", "greedy", "ismcts:40"]


def _secret(state: LeagueState, seat: str) -> str | None:
    """What the opponent holds sealed at this decision, if anything worth disguising."""
    theirs = state.sides[other(SEATS.index(seat))]
    if state.stage == "tactic" and theirs.designated is not None and theirs.zone:
        return "designation"
    if state.stage == "override" and theirs.sealed and theirs.sealed["choice"] is not None:
        return "override"
    return None


@cache
def positions() -> tuple[tuple[Table, str], ...]:
    """Per deal, the first decision of several options taken while the opponent holds a
    sealed choice (a designation with cards face down, or an override): (table, seat)."""
    found: list[tuple[Table, str]] = []
    for seed, wanted in ((0, "designation"), (1, "override"), (2, "designation"), (3, "override")):
        game = get_game("league")
        table = Table(game, default_table(game), seed)
        bot = game.reference_bot(0)  # type: ignore[attr-defined]
        while table.outcome is None:
            seat = sorted(table.to_act)[-1]
            if seat in SEATS and _secret(table.state, seat) == wanted:
                found.append((table, seat))
                break
            table.act(seat, bot.choose(game, table.state, seat))
    assert len(found) == 4
    return tuple(found)


def disguised(state: LeagueState, seat: str, seed: int) -> LeagueState:
    """A state `seat` cannot tell from `state` (see the module's docstring)."""
    world = state.clone()
    rng = Rng(seed)
    own = SEATS.index(seat)
    mine, theirs = world.sides[own], world.sides[other(own)]
    mine.deck = mine.deck[::-1]
    known = set(theirs.exposed)
    hand = [c for c in theirs.hand if c not in known]
    slots = [slot for slot in theirs.zone if slot[0] not in known]
    unseen = hand + theirs.deck + [slot[0] for slot in slots]
    tactic = [c for c in unseen if starter().cards[state.cards[c]].kind == "tactic"]
    dealt = list(unseen)
    while dealt == unseen:
        rng.shuffle(tactic)
        down = tactic[: len(slots)]  # a face-down slot holds a tactic card
        rest = [c for c in unseen if c not in down]
        rng.shuffle(rest)
        dealt = rest + down
    for slot, card in zip(slots, down, strict=True):
        slot[0] = card
    theirs.hand = [c for c in theirs.hand if c in known] + rest[: len(hand)]
    theirs.deck = rest[len(hand) :]
    if _secret(state, seat) == "designation":
        options = [*affordable(world, other(own)), "none"]
        theirs.designated = next(o for o in options if o != theirs.designated)
    elif theirs.sealed is not None:
        kept = theirs.sealed["choice"]["type"] == "keep_die"
        choice = {"type": "override_die", "card": theirs.hand[0]} if kept else {"type": "keep_die"}
        theirs.sealed = {"kind": "override", "choice": choice}
    world.rng = Rng(seed + 1)
    world.dice_script = []
    return world


def twins() -> list[Twin]:
    return shared_twins(positions(), disguised)


@pytest.mark.parametrize("name", BOTS)
def test_a_bot_plays_alike_in_league_states_its_seat_cannot_tell_apart(name):
    for game, state, other_state, seat in twins():
        first = make_bot(name, game, 7, seat).choose(game, state, seat)
        second = make_bot(name, game, 7, seat).choose(game, other_state, seat)
        assert first == second, (name, state.stage, seat)


def test_worlds_of_states_a_seat_cannot_tell_apart_are_the_same():
    for game, state, other_state, seat in twins():
        for seed in (1, 2):
            world = game.determinize(state, seat, Rng(seed))
            again = game.determinize(other_state, seat, Rng(seed))
            assert game.dump(world) == game.dump(again)


class Copying(Peeking):
    """League as a cheat sees it: "worlds" that are copies of the real state."""

    def determinize(self, state: LeagueState, seat: str, rng: Rng) -> LeagueState:
        return state.clone()


def test_the_check_catches_bots_searching_worlds_that_peek_at_the_real_state():
    assert a_peeking_search_tells_twins_apart(twins(), Copying)
