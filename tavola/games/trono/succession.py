"""P10 succession: who leaves the Throne and the Tower, whether the Tower stands, who climbs."""

from __future__ import annotations

from tavola.core import Event

from .lotto import lotto_rank
from .turn_record import TurnRecord


def succession(turn: TurnRecord) -> None:
    """P10, R41, R51, R52, R53: departures (an eliminated occupant; one whose soldiers fell
    below its abandonment threshold), the Tower's removal below the team count, then the
    vacated seats still standing are filled, Throne first."""
    state = turn.state
    turn.had_tower = state.tower_exists
    vacated: list[tuple[str, str]] = []  # (seat, departed occupant)
    for seat in ("throne", "tower"):
        occupant = getattr(state, seat)
        if occupant is None:
            continue
        team = turn.team(occupant)
        post = turn.posts.get(occupant)
        threshold = post.abandon_threshold if post is not None else None
        if not team.active or (threshold is not None and team.soldiers < threshold):
            setattr(state, seat, None)
            vacated.append((seat, occupant))
            turn.events.append(Event("seat_vacated", {"seat": seat, "team": occupant}))
    if state.tower_exists and len(state.active_teams()) < state.config.tower_min_teams:
        state.tower_exists = False
        if state.tower is not None:
            turn.events.append(Event("seat_vacated", {"seat": "tower", "team": state.tower}))
        state.tower = None
        vacated = [(s, o) for s, o in vacated if s != "tower"]
        turn.events.append(Event("tower_removed", {"turn": turn.k}))
    chosen: set[str] = set()
    for seat, departed in vacated:
        winner = _climber(turn, seat, departed, chosen)
        if winner is None:
            continue
        setattr(state, seat, winner)
        chosen.add(winner)
        turn.events.append(Event("seat_filled", {"seat": seat, "team": winner}))


def _climber(turn: TurnRecord, seat: str, departed: str, chosen: set[str]) -> str | None:
    """R54, R55, R56, R57: among the eligible teams, the one that hit the departed occupant
    with the greatest offensive power (ties: earliest post, then lotto_rank); with no such
    hitter, the first eligible team by lotto_rank. None when nobody is eligible: the seat
    stays empty (DECISIONS 9)."""
    eligible = [h for h in turn.survivors if h not in turn.seated and h not in chosen]
    if not eligible:
        return None
    salt = f"succession|{turn.k}|{seat}"
    candidates = [h for h in eligible if h in turn.hit_by.get(departed, set())]
    if not candidates:
        return lotto_rank(eligible, turn.numbers, salt)[0]
    powers = turn.op.get(departed, {})
    best = max(powers[h] for h in candidates)
    tied = [h for h in candidates if powers[h] == best]
    if len(tied) > 1 and turn.state.config.throne_tie_break == "earliest_post":
        first = min(turn.post_order(h)[0] for h in tied)
        tied = [h for h in tied if turn.post_order(h)[0] == first]
    return lotto_rank(tied, turn.numbers, salt)[0]
