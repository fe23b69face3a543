"""End of game (R71–R74, §9): the end check, the final ranking, King and Hand."""

from __future__ import annotations

from typing import Any

from .lotto import lotto_rank
from .state import Team, TronoState
from .turn_record import TurnRecord


def _sort_key(team: Team) -> tuple[int, ...]:
    if team.active:
        return (0, -team.banners, -team.soldiers, -team.chests)
    return (
        1,
        -(team.eliminated_turn or 0),
        -(team.banners_at_elimination or 0),
        -(team.chests_at_elimination or 0),
    )


def final_ranking(state: TronoState, numbers: dict[str, list[int]] | None) -> list[str]:
    """R73: active before eliminated; ties by lotto_rank(…, last draw, "final-tiebreak")."""
    teams = [t for t in state.teams if t.house_id is not None]
    groups: dict[tuple[int, ...], list[str]] = {}
    for team in teams:
        groups.setdefault(_sort_key(team), []).append(team.key)
    ranking: list[str] = []
    for key in sorted(groups):
        tied = sorted(groups[key])
        if len(tied) > 1 and numbers is not None:
            tied = lotto_rank(tied, numbers, "final-tiebreak")
        ranking.extend(tied)
    return ranking


def end_check(state: TronoState, numbers: dict[str, list[int]]) -> bool:
    """R72 at P12: sets `state.result` and phase over when the game ends."""
    cfg = state.config
    active = state.active_teams()
    limit = 2 if state.two_winners else 1
    reason = None
    if any(t.banners >= cfg.victory_banners for t in active):
        reason = "banners"
    elif len(active) <= limit:
        reason = "last_standing"
    elif state.turn >= cfg.max_turns:
        reason = "turn_limit"
    if reason is None:
        return False
    finish(state, numbers, reason)
    return True


def finish(state: TronoState, numbers: dict[str, list[int]] | None, reason: str) -> None:
    ranking = final_ranking(state, numbers)
    by_key = {t.key: t for t in state.teams}
    titles = 2 if state.two_winners else 1
    king: str | None = ranking[0] if ranking else None
    hand: str | None = ranking[1] if titles == 2 and len(ranking) > 1 else None
    kings = [king] if king else []
    if state.config.victory_tie_mode == "shared" and king is not None:

        def level(key: str) -> tuple[bool, int]:
            team = by_key[key]
            banners = team.banners if team.active else (team.banners_at_elimination or 0)
            return (team.active, banners)

        kings = [key for key in ranking if level(key) == level(king)]
        if len(kings) > 1:
            hand = None
        elif titles == 2 and len(ranking) > 1:
            hands = [key for key in ranking[1:] if level(key) == level(ranking[1])]
            hand = ",".join(hands)
    winners = kings + ([hand] if hand else [])
    result: dict[str, Any] = {
        "reason": reason,
        "king": ",".join(kings) if kings else None,
        "hand": hand,
        "winners": [w for part in winners for w in part.split(",")],
        "ranking": ranking,
        "turn": state.turn,
    }
    state.result = result
    state.phase = "over"


def check_end(turn: TurnRecord) -> None:
    """P12, R43: the end check of R72 (`end_check`)."""
    turn.over = end_check(turn.state, turn.numbers)
