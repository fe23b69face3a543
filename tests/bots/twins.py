"""Pairs of states a seat cannot tell apart, for the no-cheating tests: a bot (or a world
drawn for it) must behave the same in both; and a cheat that peeks at the real state, to
show the check can fail."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from tavola.bots import GreedyBot, IsmctsBot
from tavola.core import Game, Rng, Table, Viewer

Twin = tuple[Game[Any], Any, Any, str]


def twins(positions: Iterable[tuple[Table, str]], disguise: Callable[..., Any]) -> list[Twin]:
    """Each position beside a disguised copy (`disguise(state, seat, seed)`): the seat's
    view and legal actions are the same, the states are not."""
    out = []
    for n, (table, seat) in enumerate(positions):
        game, state = table.game, table.state
        other = disguise(state, seat, 100 + n)
        assert game.view(state, Viewer.seat(seat)) == game.view(other, Viewer.seat(seat))
        assert game.legal_actions(state, seat) == game.legal_actions(other, seat)
        assert game.dump(state) != game.dump(other)
        out.append((game, state, other, seat))
    return out


class Peeking:
    """A game as a cheat sees it: everything the game's, but its worlds (`determinize`,
    given by the subclass) copy what the seat should not know."""

    def __init__(self, game: Game[Any]) -> None:
        self.game = game

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)

    def determinize(self, state: Any, seat: str, rng: Rng) -> Any:
        raise NotImplementedError


def a_peeking_search_tells_twins_apart(pairs: list[Twin], cheat: type[Peeking]) -> bool:
    """Whether greedy or ISMCTS searching the cheat's worlds chooses differently in some
    pair: the no-cheating check would catch such a bot."""

    def differs(make: Callable[[], GreedyBot | IsmctsBot]) -> bool:
        for game, state, other, seat in pairs:
            peeking: Any = cheat(game)
            if make().choose(peeking, state, seat) != make().choose(peeking, other, seat):
                return True
        return False

    return differs(lambda: GreedyBot(7)) or differs(lambda: IsmctsBot(7, 40))
