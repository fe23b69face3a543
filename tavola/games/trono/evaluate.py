"""How a team stands, as its players would judge it: the heuristic the search bots (greedy,
ISMCTS) stop at instead of playing to the end.

It is called on determinized worlds (other teams' values there are guesses, DECISIONS 18),
so it may read the whole state. The scale and sign are Legends': higher is better for the
seat, a finished game is +`WIN` for a winner (King or Hand) and −`WIN` for everyone else
(Trono's outcome has no draws), and a game in play stays well inside that, at about one unit
per four banners.

A team's worth counts banners first (they win: R72–R73), then soldiers (at 0 the team is
out, R34; they are R73's second criterion), chests and characters (what chests buy), and a
seat (its banners every turn, R40). The seat's team is judged against the rival it must beat
to win: the best other active team, or the second best when two teams win (R74).

An open turn counts as resolved (R29–R44), so that a sealed post is worth what it will
likely do: every slot is worth 2, the Lotto table's average value (§3.4), and the teams that
have not posted send the reference bot's attacking post (§10), deploying what they own. Its
post for a team low on soldiers is left out: those soldiers are guesses in a bot's world,
and a seat that counted on its rivals being too weak to attack would leave itself open.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Any

from .bot import deployments
from .houses import WHEELS
from .lotto import value
from .resolution import resolve_turn
from .state import Post, Team, TronoState, catalogue_of

WIN = 100.0
"""A finished game: far beyond any position still in play."""
ELIMINATED = -WIN / 2
"""The seat's team is out (R34): worse than any standing in play, better than a loss."""

BANNER = 0.25
"""Per banner: the victory count (R72a) and the ranking's first criterion (R73)."""
SOLDIER = 0.06
"""Per soldier: R73's second criterion, and a cushion against the attacks to come."""
FALL = 8.0
"""Times the chance that the team's soldiers fall to 0 next turn if it does not defend."""
CHEST = 0.08
"""Per chest, and per chest of a character's cost: a third of a banner while turns remain."""
SEAT = 0.5
"""Holding the Throne or the Tower: two banners a turn (R40) while turns remain."""
LATE_TURNS = 3
"""Chests, characters and seats fade over the last turns: there is little left to buy."""
NO_ATTACK_DUE = 0.15
"""A team whose next turn without attacking costs a banner (R39)."""

AVERAGE_DRAW = {wheel: [36, 41, 46, 51, 55] for wheel in WHEELS}
"""A draw whose every number is worth 2 (v(36)..v(55) = 2), the mean of the value table."""


def evaluate(state: TronoState, seat: str) -> float:
    """Higher is better for `seat`: its team's worth, less its risk of falling, minus the
    worth of the rival it must beat (a finished game: ±`WIN` by the outcome)."""
    own = state.team_of(seat.partition(":")[2])
    if state.phase == "over":
        won = own is not None and own.key in (state.result or {}).get("winners", [])
        return WIN if won else -WIN
    if own is None or state.soldier_max == 0:
        return 0.0  # no team yet, or no house: nothing to judge
    if state.phase == "turn_open":
        state = resolved(state)
        own = state.team_by_no(own.team_no)
    if not own.active:
        return ELIMINATED
    rivals = sorted((worth(state, t) for t in state.active_teams() if t is not own), reverse=True)
    titles = 2 if state.two_winners else 1
    rival = rivals[titles - 1] if len(rivals) >= titles else 0.0
    return worth(state, own) - FALL * fall_chance(state, own) - rival


def worth(state: TronoState, team: Team) -> float:
    """An active team's standing in evaluation units."""
    left = max(0, state.config.max_turns - state.turn)
    later = min(1.0, left / LATE_TURNS)
    score = BANNER * team.banners + SOLDIER * team.soldiers
    score += later * CHEST * (team.chests + _characters(state, team))
    if team.key in (state.throne, state.tower):
        score += later * SEAT
    if team.turns_without_attack >= state.config.no_attack_grace - 1:
        score -= NO_ATTACK_DUE
    return score


def fall_chance(state: TronoState, team: Team) -> float:
    """The chance that next turn's usual attacks on `team` (see `_usual_actions`) reach its
    soldiers when it does not defend: a seat is attacked once by every team off the seats
    (R48), a team off the seats once by every seat (R47). None after the last turn."""
    if state.phase == "over" or state.turn >= state.config.max_turns:
        return 0.0
    seated = {h for h in (state.throne, state.tower) if h is not None}
    rivals = [t for t in state.active_teams() if t is not team]
    if team.key in seated:
        attacks = sum(1 for t in rivals if t.key not in seated)
    else:
        attacks = sum(1 for t in rivals if t.key in seated)
    tail = _at_least(attacks)
    return tail[team.soldiers] if team.soldiers < len(tail) else 0.0


@cache
def _at_least(attacks: int) -> tuple[float, ...]:
    """P(the sum of `attacks` slot values ≥ s) for s = 0, 1, …, the highest sum (§3.4)."""
    counts = Counter(value(n) for n in range(1, 91))
    sums = {0: 1.0}
    for _ in range(attacks):
        step: dict[int, float] = {}
        for total, chance in sums.items():
            for v, count in counts.items():
                step[total + v] = step.get(total + v, 0.0) + chance * count / 90
        sums = step
    top = max(sums)
    return tuple(sum(sums.get(t, 0.0) for t in range(s, top + 1)) for s in range(top + 1))


def _characters(state: TronoState, team: Team) -> float:
    """Characters in chests: their cost, times the share of their charges left."""
    catalogue = catalogue_of(state)
    total = 0.0
    for instance in team.characters:
        character = catalogue.get(instance.character_id)
        if character is None:
            continue
        share = 1.0
        if character.charges and instance.charges_left is not None:
            share = instance.charges_left / character.charges
        total += character.cost * share
    return total


def resolved(state: TronoState) -> TronoState:
    """A copy of `state` with its open turn resolved: every team that has not posted sends
    its usual post (`_usual_actions`), and the draw is `AVERAGE_DRAW`."""
    world = state.clone()
    for team in world.active_teams():
        if team.members and str(team.team_no) not in world.posts:
            world.posts[str(team.team_no)] = _usual_post(world, team)
    world.phase = "turn_locked"
    resolve_turn(world, AVERAGE_DRAW)
    return world


def _usual_post(state: TronoState, team: Team) -> Post:
    actions = _usual_actions(state, team)
    return Post(
        id=f"post:{state.turn}:{team.key}",
        team_no=team.team_no,
        turn=state.turn,
        at=state.now,
        author=team.members[0],
        actions=actions,
        deploy=deployments(state, team, actions),
    )


def _usual_actions(state: TronoState, team: Team) -> list[dict[str, Any]]:
    """The reference post of a team out of danger, without its hire (§10)."""
    if team.key in state.opening["seated"]:
        return [{"kind": "attack", "target": "all"}, {"kind": "defend"}, {"kind": "rally"}]
    return [{"kind": "attack", "target": "trono"}, {"kind": "tax"}, {"kind": "rally"}]


__all__ = ["ELIMINATED", "WIN", "evaluate", "fall_chance", "resolved", "worth"]
