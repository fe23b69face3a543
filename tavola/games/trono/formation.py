"""Team formation (R8–R14), house assignment (R16–R18) and initial seats (R19–R20); on the
game's state, the registration close (R6, R7) that leads to them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from tavola.core import Event, commitment

from .clock import format_instant
from .houses import HOUSES
from .joiners import place
from .lotto import lotto_rank, simulate
from .state import Draw, Team, TronoState


def team_count(players: int, target_size: int) -> int:
    """R8: T = min(10, ⌊P / target_team_size⌋)."""
    return min(10, players // target_size)


def capacities(players: int, teams: int) -> list[int]:
    """R9: cap_i = ⌊P/T⌋ + (1 if i ≤ P mod T)."""
    return [players // teams + (1 if i <= players % teams else 0) for i in range(1, teams + 1)]


@dataclass(frozen=True, slots=True)
class Formation:
    teams: list[list[str]]
    pair_order: list[str]
    single_order: list[str]
    greedy_conflicts: int
    conflicts: int


def mutual_pairs(
    registered: Sequence[str], preferred: Mapping[str, str | None]
) -> list[tuple[str, str]]:
    """R10: A↔B iff each prefers the other and both are registered."""
    present = set(registered)
    pairs = []
    for a in registered:
        b = preferred.get(a)
        if b is not None and b in present and a < b and preferred.get(b) == a:
            pairs.append((a, b))
    return pairs


def _conflict(a: str, b: str, avoid: Mapping[str, Sequence[str]]) -> bool:
    """R11: two players conflict when either avoids the other."""
    return b in avoid.get(a, ()) or a in avoid.get(b, ())


def _team_conflicts(members: Sequence[str], avoid: Mapping[str, Sequence[str]]) -> int:
    """R11: each conflicting pair inside a team counts once."""
    return sum(1 for i, a in enumerate(members) for b in members[i + 1 :] if _conflict(a, b, avoid))


def _total(teams: Sequence[Sequence[str]], avoid: Mapping[str, Sequence[str]]) -> int:
    return sum(_team_conflicts(t, avoid) for t in teams)


def form_teams(
    registered: Sequence[str],
    preferred: Mapping[str, str | None],
    avoid: Mapping[str, Sequence[str]],
    teams: int,
    draw: Mapping[str, list[int]],
    secret: str,
) -> Formation:
    """R9 capacities, R12 pairs first, R13 singles next, R14 improving swaps (registered:
    user ids in registration order)."""
    salt = "formation|" + secret
    caps = capacities(len(registered), teams)
    placed: list[list[str]] = [[] for _ in range(teams)]

    def key(index: int, unit: Sequence[str]) -> tuple[int, int, int]:
        added = sum(1 for u in unit for m in placed[index] if _conflict(u, m, avoid))
        return (added, -(caps[index] - len(placed[index])), index + 1)

    pairs = {f"pair:{a}+{b}": (a, b) for a, b in mutual_pairs(registered, preferred)}
    pair_order = lotto_rank(pairs, draw, salt)
    honoured: set[str] = set()
    for unit in pair_order:  # R12: a pair with no team of 2 free places splits into singles
        members = pairs[unit]
        room = [i for i in range(teams) if caps[i] - len(placed[i]) >= 2]
        if not room:
            continue
        best = min(room, key=lambda i: key(i, members))
        placed[best].extend(members)
        honoured.update(members)
    singles = {f"solo:{u}": u for u in registered if u not in honoured}
    single_order = [singles[u] for u in lotto_rank(singles, draw, salt)]
    for user in single_order:
        room = [i for i in range(teams) if caps[i] - len(placed[i]) >= 1]
        best = min(room, key=lambda i: key(i, [user]))
        placed[best].append(user)
    greedy = _total(placed, avoid)
    where = {u: i for i, members in enumerate(placed) for u in members}
    improved = True  # R14: strict improvements only, so the scan ends
    while improved:
        improved = False
        current = _total(placed, avoid)
        for i, u in enumerate(single_order):
            for v in single_order[i + 1 :]:
                tu, tv = where[u], where[v]
                if tu == tv:
                    continue
                before = _team_conflicts(placed[tu], avoid) + _team_conflicts(placed[tv], avoid)
                new_u = [v if m == u else m for m in placed[tu]]
                new_v = [u if m == v else m for m in placed[tv]]
                after = _team_conflicts(new_u, avoid) + _team_conflicts(new_v, avoid)
                if after < before:
                    placed[tu], placed[tv] = new_u, new_v
                    where[u], where[v] = tv, tu
                    current -= before - after
                    improved = True
                    break
            if improved:
                break
    order = {u: i for i, u in enumerate(registered)}
    final = [sorted(members, key=order.__getitem__) for members in placed]
    return Formation(final, pair_order, single_order, greedy, _total(final, avoid))


def assign_houses(
    rankings: Mapping[int, tuple[list[str], int] | None],
    team_nos: Sequence[int],
    draw: Mapping[str, list[int]],
    variant: str,
) -> dict[int, str]:
    """R17–R18. `rankings`: team_no → (houses best first, timestamp) or None."""
    assigned: dict[int, str] = {}
    free = list(HOUSES)
    submitted = sorted(
        (no for no in team_nos if rankings.get(no) is not None),
        key=lambda no: (_ranking(rankings, no)[1], no),
    )
    if variant == "serial":
        for no in submitted:
            for house in _ranking(rankings, no)[0]:
                if house in free:
                    assigned[no] = house
                    free.remove(house)
                    break
    else:
        for k in range(10):
            for house in list(free):
                applicants = [
                    no
                    for no in submitted
                    if no not in assigned
                    and len(_ranking(rankings, no)[0]) > k
                    and _ranking(rankings, no)[0][k] == house
                ]
                if applicants:
                    assigned[applicants[0]] = house
                    free.remove(house)
    fallback = lotto_rank(free, draw, "houses-fallback")
    rest = [no for no in submitted if no not in assigned]
    rest += [no for no in sorted(team_nos) if rankings.get(no) is None and no not in assigned]
    for no, house in zip(rest, fallback, strict=False):
        assigned[no] = house
    return assigned


def _ranking(
    rankings: Mapping[int, tuple[list[str], int] | None], no: int
) -> tuple[list[str], int]:
    found = rankings[no]
    assert found is not None
    return found


def initial_seats(houses: Sequence[str], draw: Mapping[str, list[int]]) -> tuple[str, str | None]:
    """R19: the Throne, and the Tower when T ≥ 7."""
    ranked = lotto_rank(houses, draw, "throne-initial")
    return ranked[0], ranked[1] if len(houses) >= 7 else None


# -- on the game's state: registration close, the formation draw, the houses ----------------


def close_registration(state: TronoState, _: list[str], when: int | None = None) -> list[Event]:
    """R6, R7, R8: the player set is frozen and T computed; the commitment is published and
    the formation draw awaited, or the formation fails."""
    at = state.now if when is None else when
    cfg = state.config
    registered = [p.user_id for p in state.players.values() if p.status == "registered"]
    count = len(registered)
    teams = team_count(count, cfg.target_team_size)
    state.close_at = None
    if teams < cfg.min_teams:
        state.formation_attempts += 1
        events = [Event("formation_failed", {"P": count, "T": teams})]
        if state.formation_attempts >= cfg.max_formation_attempts:
            state.phase = "over"
            state.not_started = True
            state.result = {
                "reason": "not_started",
                "king": None,
                "hand": None,
                "winners": [],
                "ranking": [],
                "turn": 0,
            }
            events.append(Event("game_over", {"king": None, "hand": None, "reason": "not_started"}))
        return events
    rng = state.random()
    secret = cfg.formation_secret
    if secret is None:
        secret = "".join(f"{rng.next_u32():08x}" for _ in range(4))
    state.keep(rng)
    state.formation_secret = secret
    state.formation_commitment = commitment.digest(secret)  # the platform's one mechanism
    state.closed_at = at
    state.phase = "formation_wait"
    events = [Event("registration_closed", {"P": count, "commitment": state.formation_commitment})]
    if cfg.draw_source == "simulated":
        rng = state.random()
        numbers = simulate(rng)
        state.keep(rng)
        day = format_instant(at)[:10]
        events += form_from_draw(state, numbers, day, "simulated", "system", at)
    return events


def form_from_draw(
    state: TronoState, numbers: dict[str, list[int]], day: str, source: str, by: str, at: int
) -> list[Event]:
    """The formation draw forms the teams (R8 to R14, in `form_teams`); the rosters are
    published and the house ranking opens (R15)."""
    cfg = state.config
    registered = [p.user_id for p in state.players.values() if p.status == "registered"]
    teams = team_count(len(registered), cfg.target_team_size)
    formation = form_teams(
        registered,
        {u: state.players[u].preferred_partner for u in registered},
        {u: state.players[u].avoid for u in registered},
        teams,
        numbers,
        state.formation_secret or "",
    )
    state.draws.append(
        Draw(
            purpose="formation",
            date=day,
            numbers=numbers,
            source=source,
            entered_by=by,
            entered_at=at,
        )
    )
    state.formation_draw = numbers
    state.formation_conflicts = formation.conflicts
    state.teams = []
    for no, members in enumerate(formation.teams, start=1):
        state.teams.append(Team(team_no=no, members=list(members)))
        for uid in members:
            state.players[uid].status = "member"
            state.players[uid].team_no = no
    state.phase = "house_ranking"
    state.ranking_deadline = at + cfg.house_ranking_hours * 3_600_000
    return [
        Event("draw_recorded", {"purpose": "formation", "date": day, "numbers": numbers}),
        Event("teams_formed", {"rosters": {str(t.team_no): t.members for t in state.teams}}),
    ]


def houses_and_seats(state: TronoState, at: int) -> list[Event]:
    """R17, R18 houses; R19 seats; R20 parameters and queued joiners; phase ready."""
    cfg = state.config
    numbers = state.formation_draw or {}
    rankings: dict[int, tuple[list[str], int] | None] = {
        t.team_no: (t.house_ranking, t.ranking_at or 0) if t.house_ranking else None
        for t in state.teams
    }
    houses = assign_houses(
        rankings, [t.team_no for t in state.teams], numbers, cfg.house_assignment
    )
    for team in state.teams:
        team.house_id = houses[team.team_no]
    in_play = [t.house_id for t in state.teams if t.house_id]
    throne, tower = initial_seats(in_play, numbers)
    state.throne, state.tower = throne, tower
    state.tower_exists = tower is not None
    state.two_winners = len(state.teams) >= cfg.two_winner_min_teams
    state.soldier_max = cfg.soldiers_per_team * len(state.teams)
    for team in state.teams:
        team.soldiers = state.soldier_max
        team.chests = cfg.starting_chests
        team.banners = 0
    state.ranking_deadline = None
    state.phase = "ready"
    events = [
        Event("houses_assigned", {"houses": {str(t.team_no): t.house_id for t in state.teams}}),
        Event("seats_initialised", {"throne": throne, "tower": tower}),
    ]
    queue, state.join_queue = state.join_queue, []
    for uid in queue:
        events += place(state, uid)
    return events
