"""Championship standings: points; head-to-head points among the tied entrants;
wins; Buchholz (the sum of the opponents' points); the tournament lottery (never a
shared place)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from tavola.features.tournaments.format.model import Match, Round, Tournament
from tavola.features.tournaments.format.points import BYE, game_points, winner_seat


@dataclass(frozen=True, slots=True)
class Standing:
    entrant: int
    place: int
    points: float
    head_to_head: float
    wins: int
    buchholz: float
    ticket: int


Played = tuple[list[int], list[int], list[int]]


def _played(rounds: Iterable[Round]) -> list[Played]:
    """(entrants, places, forfeits) of every game with a result."""
    return [
        (game.entrants, game.result.places, game.result.forfeits)
        for round_ in rounds
        for match in round_.matches
        for game in match.games
        if game.result is not None
    ]


def _byes(rounds: Iterable[Round]) -> list[int]:
    return [m.entrants[0] for r in rounds for m in r.matches if m.bye]


def championship_standings(t: Tournament, rounds: list[Round] | None = None) -> list[Standing]:
    """The standings after `rounds` (default: every finished round), first place first."""
    rounds = [r for r in t.rounds if r.done] if rounds is None else rounds
    played = _played(rounds)
    entrants = range(len(t.entrants))
    points = dict.fromkeys(entrants, 0.0)
    wins = dict.fromkeys(entrants, 0)
    opponents: dict[int, list[int]] = {e: [] for e in entrants}
    for seats, places, forfeits in played:
        for e, p in zip(seats, game_points(places), strict=True):
            points[e] += 0.0 if e in forfeits else p  # a no-show earns nothing
            opponents[e].extend(o for o in seats if o != e)
        winner = winner_seat(places)
        if winner is not None and seats[winner] not in forfeits:
            wins[seats[winner]] += 1
    for e in _byes(rounds):
        points[e] += BYE
    buchholz = {e: sum(points[o] for o in opponents[e]) for e in entrants}
    head = {e: _head_to_head(e, points, played) for e in entrants}
    ticket = dict(enumerate(t.tickets)) if t.tickets else {e: e for e in entrants}
    ordered = sorted(
        entrants, key=lambda e: (-points[e], -head[e], -wins[e], -buchholz[e], ticket[e])
    )
    return [
        Standing(e, i, points[e], head[e], wins[e], buchholz[e], ticket[e])
        for i, e in enumerate(ordered, start=1)
    ]


def _head_to_head(entrant: int, points: dict[int, float], played: list[Played]) -> float:
    """The points `entrant` took in games against those tied with it on points: each such
    game scored among the tied entrants at it alone (2-seat points for two, placement
    points for more)."""
    tied = {e for e, p in points.items() if p == points[entrant]}
    total = 0.0
    for seats, places, forfeits in played:
        among = [i for i, e in enumerate(seats) if e in tied]
        if len(among) < 2 or entrant not in seats or entrant in forfeits:
            continue
        scored = game_points([places[i] for i in among])
        total += scored[[seats[i] for i in among].index(entrant)]
    return total


def met_pairs(t: Tournament) -> set[frozenset[int]]:
    """Pairs of entrants who sat at one table already (Swiss avoids their rematch)."""
    pairs: set[frozenset[int]] = set()
    for round_ in t.rounds:
        for match in round_.matches:
            for i, a in enumerate(match.entrants):
                pairs.update(frozenset((a, b)) for b in match.entrants[i + 1 :])
    return pairs


def had_bye(t: Tournament) -> set[int]:
    return set(_byes(t.rounds))


def match_loser(match: Match) -> int | None:
    if match.bye or match.winner is None:
        return None
    return next(e for e in match.entrants if e != match.winner)
