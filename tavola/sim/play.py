"""Playing games of a run: one game, or a chunk of consecutive games (a worker's task).

`play_chunk` is pure: its result depends on (spec, start, stop) alone, so a chunk lost
with its worker and played again elsewhere gives the same rows.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from tavola.bots import make_bot
from tavola.core import Event, Game, TavolaError, Viewer, get_game

from .rows import Row, extractor_for, game_row
from .spec import SimSpec


class SimulationError(RuntimeError):
    """A game that cannot finish under simulation (a game that outruns its own
    `max_decisions` cap, or waits with nobody to act)."""


@dataclass(slots=True)
class Chunk:
    start: int
    stop: int
    rows: list[Row]
    names: dict[str, dict[str, str]] = field(default_factory=dict)
    cpu_seconds: float = 0.0
    """CPU time the chunk took where it ran: for run.json only, never for the rows."""


@cache
def _game(name: str) -> Game[Any]:
    return get_game(name)


def play_game(spec: SimSpec, index: int) -> tuple[Row, dict[str, dict[str, str]]]:
    """Game `index` of the run, bots and all, to its end; its row and the card names its
    final referee view shows."""
    game = _game(spec.game)
    seed = spec.game_seed(index)
    state = game.new(spec.config, seed)
    seats = game.seats(state)
    bots = spec.seat_bots(index, seats)
    players = {seat: make_bot(name, game, seed, seat) for seat, name in bots.items()}
    events: list[Event] = list(game.opening_events(state))
    limit = game.max_decisions(state)
    actions = 0
    while waiting := game.to_act(state):
        seat = next(s for s in seats if s in waiting)
        if actions >= limit:
            raise SimulationError(f"game {index}: more than {limit} decisions (its own cap)")
        action = players[seat].choose(game, state, seat)
        try:
            events.extend(game.apply(state, seat, action))
        except TavolaError as exc:  # a bot's bug: name the game so that it can be replayed
            raise SimulationError(
                f"game {index} (seed {seed}): {bots[seat]} at {seat} played {action!r}: {exc}"
            ) from exc
        actions += 1
    outcome = game.outcome(state)
    if outcome is None:
        raise SimulationError(f"game {index}: nobody to act, yet the game is not over")
    view = game.view(state, Viewer.referee())
    extractor = extractor_for(game)
    row = game_row(
        index=index,
        seed=seed,
        seats=seats,
        bots=bots,
        outcome=outcome,
        actions=actions,
        view=view,
        events=events,
        extractor=extractor,
    )
    return row, extractor.card_names(view)


def play_chunk(spec: SimSpec, start: int, stop: int) -> Chunk:
    """Games `start` to `stop - 1`: the unit of work sent to a process or a Dask worker."""
    began = time.process_time()
    chunk = Chunk(start, stop, [])
    for index in range(start, stop):
        row, names = play_game(spec, index)
        chunk.rows.append(row)
        chunk.names.update(names)
    chunk.cpu_seconds = time.process_time() - began
    return chunk
