"""`record_registration`: a referee copies a sign-up from the forum's registration topic
(issue 19: the referees register the players from their console). It is that user's own
R3 registration with the wishes written in the sign-up (R4), all or nothing: a wish that
would be refused refuses the whole copy and registers nobody (DECISIONS 34)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tavola.core import Event, IllegalAction

from .actions import only
from .messages import refuse, text
from .referee import player_action
from .state import TronoState

MAX_NAME = 60
"""A forum nickname, with room to spare."""


def record_registration(state: TronoState, args: Mapping[str, Any], at: int) -> list[Event]:
    only("record_registration", args, "user", "display_name", "preferred_partner", "avoid")
    user = args.get("user")
    seats = state.config.players
    if not isinstance(user, str) or not user or (seats and user not in seats):
        # A live table's players are its seats (p01…): nobody else could ever act.
        raise refuse("E_NOT_PLAYER", seat=f"player:{user}")
    name = args.get("display_name", user)
    if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME:
        raise refuse("E_MALFORMED", action="record_registration", args="display_name")
    work = state.clone()
    events = player_action(work, user, "register", {"display_name": name.strip()}, at)
    wishes = {k: args[k] for k in ("preferred_partner", "avoid") if k in args}
    if wishes.get("preferred_partner") == "":
        wishes["preferred_partner"] = None  # a form left on "nobody"
    if wishes:
        events += player_action(work, user, "set_preferences", wishes, at)
    for field in TronoState.model_fields:
        setattr(state, field, getattr(work, field))
    return events


def record_withdrawal(state: TronoState, args: Mapping[str, Any], at: int) -> list[Event]:
    """A withdrawal written in the forum's registration topic, copied by a referee: that
    user's own R5 withdrawal (the console's "Ritira", `tavola trono withdraw --copied`)."""
    only("record_withdrawal", args, "user")
    user = args.get("user")
    if not isinstance(user, str) or not user:
        raise refuse("E_MALFORMED", action="record_withdrawal", args="user")
    return player_action(state, user, "withdraw", {}, at)


def record_ranking(state: TronoState, args: Mapping[str, Any], at: int) -> list[Event]:
    """A team's house ranking posted on the forum, copied by a referee: its own R16 ranking,
    sent for the team (R16 records the team's ranking, not which member wrote it)."""
    only("record_ranking", args, "team_no", "houses")
    number = args.get("team_no")
    teams = state.teams
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= len(teams):
        raise refuse("E_MALFORMED", action="record_ranking", args="team_no")
    team = state.team_by_no(number)
    if not team.members:
        raise refuse("E_MALFORMED", action="record_ranking", args="team_no")
    if state.phase == "house_ranking" and team.house_ranking is not None:
        # the player's refusal says "your team": to a referee, the team by its number
        said = {lang: text(lang, "copy.ranking_submitted", no=number) for lang in ("en", "it")}
        raise IllegalAction("E_RANKING_SUBMITTED", said["en"], message_it=said["it"])
    houses = {"houses": args.get("houses")}
    return player_action(state, team.members[0], "submit_house_ranking", houses, at)
