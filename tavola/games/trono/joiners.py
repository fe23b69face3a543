"""Late joiners (R63–R65): who may ask to join and where the joiner is placed. A referee
adding a late player (`late_players.add_player`) asks through here too."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tavola.core import Event

from .actions import only
from .houses import HOUSES, in_wheel_order
from .messages import phase_word, reason, refuse
from .state import Player, TronoState


def request_join(state: TronoState, uid: str, args: Mapping[str, Any], at: int) -> list[Event]:
    """A5, R63: who may ask to join; a request before the houses are assigned is queued
    (R20 places it)."""
    only("request_join", args, "avoid_houses")
    if state.phase == "registration":
        raise refuse("E_PHASE", action="request_join", phase=phase_word(state.phase))
    if uid in state.config.referees:
        raise refuse("E_REFEREE_CANNOT_PLAY", user=uid)
    player = state.players.get(uid)
    status = player.status if player is not None else None
    # A registrant frozen at the close is placed by the formation itself (R8–R14).
    forming = state.phase == "formation_wait" and status == "registered"
    if status == "member" or forming or uid in state.join_queue:
        raise refuse("E_ALREADY_MEMBER", user=uid)
    if (
        player is not None
        and player.status == "eliminated"
        and not state.config.eliminated_players_may_rejoin
    ):
        raise refuse("E_REJOIN_FORBIDDEN")
    avoid = args.get("avoid_houses", [])
    if (
        not isinstance(avoid, list | tuple)
        or len(avoid) > 2
        or len(set(avoid)) != len(avoid)
        or any(h not in HOUSES for h in avoid)
    ):
        raise refuse("E_AVOID_INVALID", reason=reason("join_avoid_houses"))
    state.players[uid] = Player(
        user_id=uid,
        display_name=player.display_name if player else uid,
        registered_at=at,
        status="registered",
        joined_late=True,
        join_avoid_houses=list(avoid),
    )
    if state.phase in ("formation_wait", "house_ranking"):
        state.join_queue.append(uid)
        return [Event("join_queued", {"user": uid})]
    return place(state, uid)


def place(state: TronoState, uid: str) -> list[Event]:
    """R64: among the smallest teams (or weighted), minus the honoured avoided houses, by
    the state RNG; the joiner is a member at once (R65)."""
    player = state.players[uid]
    active = state.active_teams()
    if not active:
        return []
    fewest = min(len(t.members) for t in active)
    smallest = [t for t in active if len(t.members) == fewest]
    honoured = 0 if len(smallest) < 3 else (1 if len(smallest) < 6 else 2)
    avoided = set(player.join_avoid_houses[:honoured])
    rng = state.random()
    if state.config.late_join_policy == "weighted":
        most = max(len(t.members) for t in active)
        pool = [t for t in active if t.house_id not in avoided]
        weights = [most - len(t.members) + 1 for t in pool]
        pick = rng.below(sum(weights))
        chosen = pool[-1]
        for team, weight in zip(pool, weights, strict=True):
            if pick < weight:
                chosen = team
                break
            pick -= weight
    else:
        pool_keys = in_wheel_order(
            [t.house_id for t in smallest if t.house_id not in avoided and t.house_id is not None]
        )
        chosen_key = pool_keys[rng.below(len(pool_keys))]
        chosen = next(t for t in smallest if t.house_id == chosen_key)
    state.keep(rng)
    chosen.members.append(uid)
    player.status = "member"
    player.team_no = chosen.team_no
    return [Event("player_joined", {"user": uid, "team": chosen.key})]
