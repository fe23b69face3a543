"""`add_player`: a referee adds a late player to a live season (issue 27, point 7;
DECISIONS 44). No seat is prepared in advance: the player gets a new account (`p13`, the
next free one), whose seat the server adds to the table, and then asks to join as R63
has it: queued until the houses are assigned, placed by R64 afterwards, a member at once
(R65). During the registration the new account simply registers (R3)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tavola.core import Event

from .actions import only
from .audiences import referees
from .audit_log import audit
from .messages import refuse
from .referee import player_action
from .state import TronoState

MAX_NAME = 60
"""A forum nickname, as a copied sign-up (registrations.py)."""


def next_account(state: TronoState) -> str:
    """The first free player account after the table's own (`p13` after `p01`…`p12`)."""
    taken = set(state.config.players) | set(state.players) | set(state.config.referees)
    n = len(state.config.players) + 1
    while f"p{n:02d}" in taken:
        n += 1
    return f"p{n:02d}"


def add_player(state: TronoState, uid: str, args: Mapping[str, Any], at: int) -> list[Event]:
    only("add_player", args, "display_name", "avoid_houses", "reason")
    if state.config.mode != "live":
        raise refuse("E_NOT_LIVE")
    name = args.get("display_name")
    if not isinstance(name, str) or not name.strip() or len(name.strip()) > MAX_NAME:
        raise refuse("E_PLAYER_NAME", n=MAX_NAME)
    name = " ".join(name.split())
    why = args.get("reason", "")
    if not isinstance(why, str) or len(why) > 500:
        raise refuse("E_REASON_REQUIRED")
    _check_name(state, name)
    account = next_account(state)
    work = state.clone()
    if work.phase == "registration":
        if args.get("avoid_houses"):
            raise refuse("E_JOIN_AVOID_EARLY")
        events = player_action(work, account, "register", {"display_name": name}, at)
    else:
        wishes = {"avoid_houses": args.get("avoid_houses") or []}
        events = player_action(work, account, "request_join", wishes, at)
        work.players[account].display_name = name
    player = work.players[account]
    team = work.team_by_no(player.team_no).key if player.team_no else None
    audit(work, uid, at, "add_player", account, None, team, why.strip())
    for field in TronoState.model_fields:
        setattr(state, field, getattr(work, field))
    added = Event(
        "player_added",
        {"user": account, "display_name": name, "team": team},
        referees(state),
    )
    return [added, *events]


def _check_name(state: TronoState, name: str) -> None:
    """A name is how the forum and the pages tell people apart: one already at the table
    is refused; one of an eliminated team's member is R63's rejoin."""
    wanted = name.casefold()
    for player in state.players.values():
        if player.status == "withdrawn" or player.display_name.casefold() != wanted:
            continue
        if player.status == "eliminated" and not state.config.eliminated_players_may_rejoin:
            raise refuse("E_REJOIN_FORBIDDEN")
        raise refuse("E_NAME_TAKEN", name=name)
