"""Running a tournament: registration, the start (seeding, the format's first round), the
games waiting to be played, their results, each round after the last, and the end.

Every random choice (the seeding lottery, the lottery tickets, each game's seed, a
winner by lot) comes from the tournament's RNG, in the order the tournament makes them, or
is keyed by the tournament's secret and the game's slot, so that (options, seed or secret,
entrants, results) rebuild the same tournament."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tavola.core.rng import Rng
from tavola.features.tournaments.format import bracket, circle, seating, swiss
from tavola.features.tournaments.format.model import (
    Entrant,
    Match,
    Result,
    Round,
    TableGame,
    Tournament,
)
from tavola.features.tournaments.format.options import (
    MAX_ENTRANTS,
    MAX_TABLE,
    TournamentOptions,
    check_table_size,
    parse_options,
)
from tavola.features.tournaments.format.points import winner_seat
from tavola.features.tournaments.format.refusals import refuse
from tavola.features.tournaments.format.standings import (
    championship_standings,
    had_bye,
    match_loser,
    met_pairs,
)


def new_tournament(
    options: Mapping[str, Any] | TournamentOptions,
    seed: int | None,
    game_options: Mapping[str, Any] | None = None,
    *,
    secret: str | None = None,
    rotate_opener: bool = False,
    table_seats: tuple[int, int] = (2, MAX_TABLE),
) -> Tournament:
    """A tournament open for registration. `game_options` are the game's part of the
    options, already validated by the game. Its random choices come from a known `seed`
    (practice, scenarios) or from a `secret` nobody is told (`Tournament.secret`).
    `rotate_opener`: the game's rule of who opens a match's later games
    (`Tournament.rotate_opener`); `table_seats`: the fewest and most entrants the game
    seats at a table (a `table_size` outside them is refused)."""
    parsed = options if isinstance(options, TournamentOptions) else parse_options(options)
    check_table_size(parsed, table_seats)
    return Tournament.create(
        parsed, seed, dict(game_options or {}), secret, rotate_opener, table_seats[1]
    )


def register(
    t: Tournament, entrant: Entrant, check: Callable[[Entrant], Entrant] | None = None
) -> int:
    """Adds an entrant (its number); `check` is the game's own registration,
    which may refuse it or return it written out as the game keeps it."""
    if t.phase != "registration":
        raise refuse("registration_closed")
    if len(t.entrants) >= MAX_ENTRANTS:
        raise refuse("tournament_full", limit=MAX_ENTRANTS)
    if any(e.name.casefold() == entrant.name.casefold() for e in t.entrants):
        raise refuse("name_taken", name=entrant.name)
    t.entrants.append(check(entrant) if check is not None else entrant)
    return len(t.entrants) - 1


def start(t: Tournament) -> None:
    """Closes registration: seeding, the lottery tickets, the format, the
    first round."""
    if t.phase != "registration":
        raise refuse("registration_closed")
    count = len(t.entrants)
    if count < 2:
        raise refuse("too_few_entrants", count=count)
    rng = t.random()
    t.seeding = seed_entrants(t.entrants, t.options.seeding, rng)
    tickets = list(range(count))
    rng.shuffle(tickets)
    t.tickets = [tickets.index(e) for e in range(count)]
    options = t.options
    if options.format == "single_elimination":
        t.system = "single_elimination"
        t.bracket_size = bracket.bracket_size(count)
        t.planned_rounds = t.bracket_size.bit_length() - 1
        first = bracket.first_round(t.seeding)
    elif options.table_size > 2:
        t.system = "tables"
        t.planned_rounds = options.rounds or swiss.swiss_rounds(count)
        first = seating.split_tables(t.seeding, options.table_size, t.max_table)
    elif options.format == "round_robin" or (options.format == "championship" and count <= 10):
        t.system = "round_robin"
        t.schedule = circle.round_robin(t.seeding, options.double)
        t.planned_rounds = len(t.schedule)
        first = t.schedule[0]
    else:
        t.system = "swiss"
        t.planned_rounds = options.rounds or swiss.swiss_rounds(count)
        first = swiss.first_round(t.seeding)
    t.phase = "playing"
    _open_round(t, rng, first)
    t.keep(rng)


def seed_entrants(entrants: Sequence[Entrant], seeding: str, rng: Rng) -> list[int]:
    """A permutation drawn by lot; by rating, the highest rating first, equal and
    missing ratings (those last) in that lottery's order (ratings count only here)."""
    order = list(range(len(entrants)))
    rng.shuffle(order)
    if seeding == "rating":
        order.sort(key=lambda e: (entrants[e].rating is None, -(entrants[e].rating or 0.0)))
    return order


def pending(t: Tournament) -> list[TableGame]:
    """The games waiting for a result, in schedule order."""
    return [g for g in t.games() if g.result is None]


def record(
    t: Tournament,
    game_id: str,
    places: Sequence[int],
    *,
    forfeits: Collection[int] = (),
    order: Sequence[int] | None = None,
) -> None:
    """A game's result: each seat's place, the entrants absent, the playing
    order. Then the match and the round move on; the last round ends the tournament."""
    if t.phase == "registration":
        raise refuse("not_started")
    found = t.game(game_id)
    if found is None or found[2].result is not None:
        raise refuse("unknown_game", game=game_id)
    round_, match, game = found
    seats = len(game.entrants)
    if (
        len(places) != seats
        or any(not 1 <= p <= seats for p in places)
        or not set(forfeits) <= set(game.entrants)
        or (order is not None and sorted(order) != sorted(game.entrants))
    ):
        raise refuse("bad_result", game=game_id, seats=seats)
    rng = t.random()
    game.result = Result(
        places=list(places),
        forfeits=sorted(set(forfeits)),
        order=list(order) if order is not None else None,
        drawn=winner_seat(places) is None,
    )
    if t.system == "single_elimination":
        _best_of(t, round_, match, game, rng)
    if round_.done:
        _next_round(t, rng)
    t.keep(rng)


def forfeit_places(seats: int, absent: Collection[int], present: Mapping[int, int]) -> list[int]:
    """The places of a game some seats (positions) did not start: those present keep
    their places among themselves (`present`: position → place), the absent share the
    place after them; with one present it wins; with none, all share the first."""
    shown = {i: present.get(i, 1) for i in range(seats) if i not in absent}
    last = len(shown) + 1 if shown else 1
    return [shown.get(i, last) for i in range(seats)]


def _open_round(t: Tournament, rng: Rng, pairings: Sequence[Sequence[int]], third: int = 0) -> None:
    """A new round from its pairings; the last `third` pairing is a third-place match."""
    number = len(t.rounds) + 1
    round_ = Round(number=number, matches=[])
    bracket_round = t.system == "single_elimination"
    final = bracket_round and number == t.planned_rounds
    for i, entrants in enumerate(pairings, start=1):
        label = "third_place" if third and i == len(pairings) else "final" if final else ""
        match = Match(entrants=list(entrants), label=label)
        if match.bye:
            match.winner = entrants[0]
        else:
            if bracket_round:
                match.wins = [0] * len(entrants)
            _schedule(t, match, number, i, rng)
        round_.matches.append(match)
    t.rounds.append(round_)


def _schedule(t: Tournament, match: Match, round_no: int, match_no: int, rng: Rng) -> None:
    """The match's next game, its seed drawn now; when the game rotates the opener, it
    opens with whoever followed the opener of the match's last game played."""
    order = None
    played = [g.result.order for g in match.games if g.result is not None and g.result.order]
    if t.rotate_opener and played:
        last = played[-1]
        order = [*last[1:], last[0]]
    game_id = f"r{round_no}.m{match_no}.g{len(match.games) + 1}"
    game = TableGame(
        id=game_id,
        entrants=list(match.entrants),
        seed=t.game_seed(game_id, rng),
        order=order,
        replay=bool(match.games)
        and match.games[-1].result is not None
        and match.games[-1].result.drawn,
    )
    match.games.append(game)


def _best_of(t: Tournament, round_: Round, match: Match, game: TableGame, rng: Rng) -> None:
    """A drawn game is replayed up to `max_replays` times a match, then the
    tournament RNG names its winner; the first to ceil(best_of / 2) wins takes the match.
    A game both entrants missed is not replayed: it goes to the lot at once."""
    result = game.result
    assert result is not None
    seat = winner_seat(result.places)
    if seat is None:
        nobody_came = set(result.forfeits) == set(game.entrants)
        if not nobody_came and match.replays < t.options.max_replays:
            match.replays += 1
            _schedule(t, match, round_.number, round_.matches.index(match) + 1, rng)
            return
        seat = t.lot(game.id, rng, len(game.entrants))
        result.picked = True
        result.places = [1 if i == seat else 2 for i in range(len(game.entrants))]
    match.wins[seat] += 1
    if match.wins[seat] == (t.options.best_of + 1) // 2:
        match.winner = game.entrants[seat]
    else:
        _schedule(t, match, round_.number, round_.matches.index(match) + 1, rng)


def _next_round(t: Tournament, rng: Rng) -> None:
    if len(t.rounds) >= t.planned_rounds:
        t.phase = "over"
        return
    if t.system == "single_elimination":
        last = t.rounds[-1].matches
        winners = [m.winner for m in last if m.label != "third_place"]
        pairings = [
            [w for w in winners[i : i + 2] if w is not None] for i in range(0, len(winners), 2)
        ]
        losers = [match_loser(m) for m in last]
        third = 0
        if len(pairings) == 1 and t.options.third_place_match and None not in losers:
            pairings.append([e for e in losers if e is not None])
            third = 1
        _open_round(t, rng, pairings, third)
    elif t.system == "round_robin":
        _open_round(t, rng, t.schedule[len(t.rounds)])
    else:
        order = [s.entrant for s in championship_standings(t)]
        if t.system == "swiss":
            _open_round(t, rng, swiss.pair_round(order, met_pairs(t), had_bye(t)))
        else:
            _open_round(t, rng, seating.split_tables(order, t.options.table_size, t.max_table))


@dataclass(frozen=True, slots=True)
class Placing:
    """An entrant's place in a bracket: None while it is still in."""

    entrant: int
    place: int | None


def bracket_places(t: Tournament) -> list[Placing]:
    """The champion 1st, the final's loser 2nd, the third-place match's winner and
    loser 3rd and 4th, else both semi-final losers 3rd; a round's losers share the place
    after everyone who went further (5th for the quarter-finals). Listed by place, a
    shared place in lottery order."""
    place: dict[int, int] = {}
    for round_ in t.rounds:
        bracket_matches = [m for m in round_.matches if m.label != "third_place"]
        for match in round_.matches:
            loser = match_loser(match)
            if loser is None:
                continue
            if match.label == "third_place":
                place[loser] = 4
                assert match.winner is not None
                place[match.winner] = 3
            elif loser not in place:
                place[loser] = len(bracket_matches) + 1
        if round_.number == t.planned_rounds and round_.done:
            final = next(m for m in round_.matches if m.label == "final")
            assert final.winner is not None
            place[final.winner] = 1
    ticket = dict(enumerate(t.tickets))
    everyone = sorted(
        range(len(t.entrants)),
        key=lambda e: (place.get(e, 0), ticket.get(e, e)),
    )
    return [Placing(e, place.get(e)) for e in everyone]
