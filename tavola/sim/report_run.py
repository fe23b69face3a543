"""What the balance report needs to know about a run beyond its figures, from run.json, the
rows and the game's declarations (never its name): which seats are referees, whether the
game is played alone, whether the bots changed seats, and whether the run ended.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tavola.core.capabilities import GameInfo


@dataclass(frozen=True, slots=True)
class RunFacts:
    referees: frozenset[str] = frozenset()
    """Seats that referee (`GameInfo.referee_seats`): played by the reference bot, they
    never win, so they are no seat-games of the win rates."""
    solo: bool = False
    """A one-seat game (`GameInfo.max_seats == 1`): nothing to compare between seats."""
    rotated: bool = False
    """The bots moved round the seats (`--rotate`)."""
    planned: int = 0
    """Games asked for (0: not known, an older run.json)."""
    finished: int = 0
    stopped: str | None = None
    bots: frozenset[str] = frozenset()
    """The bots at the players' seats."""
    first_bots: frozenset[str] = frozenset()
    """The bots that sat at the seat that went first, over the games that name one."""

    @property
    def incomplete(self) -> bool:
        return self.stopped is not None or self.finished < self.planned

    @property
    def first_is_fair(self) -> bool:
        """Who played first can be told from which bot did: the bots moved round the
        seats, or one bot played every seat."""
        return self.rotated or len(self.bots) <= 1


UNFINISHED = "killed, or still running"
"""Why a run whose run.json is still the one written at its start did not end."""


def referee_seats(info: GameInfo, seats: Sequence[str], players: int) -> list[str]:
    """The seats of a game with referee seats beyond its first `players` (the run's bots
    and automata): `SimSpec.seat_bots` gives those the reference bot, as a table does."""
    return list(seats[players:]) if info.referee_seats else []


def run_facts(
    info: GameInfo, run: Mapping[str, Any], rows: Sequence[Mapping[str, str]]
) -> RunFacts:
    """The facts of `rows`, the run's games as games.csv has them (referees included)."""
    seats = rows[0]["seats"].split() if rows else []
    players = len(run.get("bots") or ()) + len(run.get("automata") or ())
    referees = frozenset(referee_seats(info, seats, players) if players else ())
    played = player_rows(rows, referees)
    return RunFacts(
        referees=referees,
        solo=info.max_seats == 1,
        rotated=bool(run.get("rotate")),
        planned=int(run.get("games_planned") or 0),
        finished=len(rows),
        stopped=run.get("stopped")
        or (None if run.get("complete", True) else "killed, or still running"),
        bots=frozenset(row.get(f"bot_{s}", "") for row in played for s in row["seats"].split()),
        first_bots=frozenset(row.get(f"bot_{row['first']}", "") for row in played if row["first"]),
    )


def player_rows(
    rows: Sequence[Mapping[str, str]], referees: frozenset[str]
) -> list[dict[str, str]]:
    """The rows with the referees left out of each game's seats: the figures then count
    the players' seat-games only (a referee's columns stay, unread)."""
    if not referees:
        return [dict(row) for row in rows]
    return [
        {**row, "seats": " ".join(s for s in row["seats"].split() if s not in referees)}
        for row in rows
    ]


def stopped_note(facts: RunFacts) -> str:
    """The report's first words about a run that did not end: how much of it there is."""
    if not facts.incomplete:
        return ""
    why = f" ({facts.stopped})" if facts.stopped else ""
    of = f" of {facts.planned}" if facts.planned else ""
    return (
        f"**Incomplete run{why}: {facts.finished}{of} games finished.** Every figure"
        f" below is of those {facts.finished} games."
    )
