"""The referee state machine: the game is in exactly one phase at a time (R1); each action
names the phases it allows. Here the scheduled transitions (R2) and the dispatch of the
players' and referees' actions; the steps themselves live with their concepts (`formation`,
`joiners`, `turns`, `draws`, `publication`, `overrides`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tavola.core import Event

from .actions import in_phase, only
from .audiences import referees
from .clock import BadInstant, format_instant, parse_instant
from .draws import draw_action
from .formation import close_registration, houses_and_seats
from .houses import HOUSES
from .joiners import request_join
from .messages import reason, refuse
from .state import Player, TronoState
from .turns import lock_turn, open_turn, publish_turn

# -- R2 scheduled transitions ---------------------------------------------------------------


def transitions_due(state: TronoState, at: int) -> bool:
    """R2: a registration close, ranking deadline or turn lock is due by `at`."""
    if state.phase == "registration" and state.close_at is not None:
        return state.close_at <= at
    if state.phase == "house_ranking" and state.ranking_deadline is not None:
        return state.ranking_deadline <= at
    if state.phase == "turn_open" and state.config.schedule == "calendar":
        return state.deadline is not None and state.deadline <= at
    return False


def run_transitions(state: TronoState, at: int) -> list[Event]:
    """R2: every transition due by `at`, in instant order, before the action at `at`."""
    events: list[Event] = []
    for _ in range(1000):
        if not transitions_due(state, at):
            break
        if state.phase == "registration":
            assert state.close_at is not None
            events += close_registration(state, [], when=state.close_at)
        elif state.phase == "house_ranking":
            assert state.ranking_deadline is not None
            events += houses_and_seats(state, state.ranking_deadline)
        else:
            assert state.deadline is not None
            events += lock_turn(state, state.deadline, at_deadline=True)
    return events


# -- player actions --------------------------------------------------------------------------


def player_action(
    state: TronoState, uid: str, kind: str, args: Mapping[str, Any], at: int
) -> list[Event]:
    """A1 register (R3), A2 set_preferences (R4), A3 withdraw (R5), A4
    submit_house_ranking (R16), A5 request_join (R63)."""
    if kind == "register":
        return _register(state, uid, args, at)
    if kind == "set_preferences":
        return _set_preferences(state, uid, args, at)
    if kind == "withdraw":
        return _withdraw(state, uid, args, at)
    if kind == "submit_house_ranking":
        return _submit_ranking(state, uid, args, at)
    if kind == "request_join":
        return request_join(state, uid, args, at)
    raise refuse("E_UNKNOWN_ACTION_TYPE", action=kind)  # pragma: no cover


def _register(state: TronoState, uid: str, args: Mapping[str, Any], at: int) -> list[Event]:
    """A1, R3: a player registers during the registration."""
    only("register", args, "display_name")
    in_phase(state, "register", "registration")
    if uid in state.config.referees:
        raise refuse("E_REFEREE_CANNOT_PLAY", user=uid)
    existing = state.players.get(uid)
    if existing is not None and existing.status != "withdrawn":
        raise refuse("E_ALREADY_REGISTERED", user=uid)
    name = args.get("display_name", uid)
    state.players.pop(uid, None)
    state.players[uid] = Player(user_id=uid, display_name=str(name), registered_at=at)
    return [Event("player_registered", {"user": uid, "display_name": str(name)})]


def _set_preferences(state: TronoState, uid: str, args: Mapping[str, Any], at: int) -> list[Event]:
    """A2, R4: a registrant's preferred partner and the players to avoid."""
    only("set_preferences", args, "preferred_partner", "avoid")
    in_phase(state, "set_preferences", "registration")
    player = _registered(state, uid)
    partner = args.get("preferred_partner")
    avoid = args.get("avoid", [])
    if partner is not None and (not isinstance(partner, str) or not partner):
        raise refuse("E_AVOID_INVALID", reason=reason("partner_not_user"))
    if partner == uid:
        raise refuse("E_PREF_SELF")
    if not isinstance(avoid, list | tuple) or not all(isinstance(a, str) and a for a in avoid):
        raise refuse("E_AVOID_INVALID", reason=reason("avoid_not_users"))
    if len(avoid) > 3:
        raise refuse("E_AVOID_TOO_MANY", n=len(avoid))
    if uid in avoid or len(set(avoid)) != len(avoid):
        raise refuse("E_AVOID_INVALID", reason=reason("avoid_self_or_twice"))
    if partner is not None and partner in avoid:
        raise refuse("E_PREF_IN_AVOID", user=partner)
    player.preferred_partner = partner
    player.avoid = list(avoid)
    audience = frozenset({f"player:{uid}"}) | referees(state)
    return [Event("preferences_set", {"user": uid, "preferences_id": f"prefs:{uid}"}, audience)]


def _withdraw(state: TronoState, uid: str, args: Mapping[str, Any], at: int) -> list[Event]:
    """A3, R5: a registrant withdraws (and may register again)."""
    only("withdraw", args)
    in_phase(state, "withdraw", "registration")
    player = _registered(state, uid)
    player.status = "withdrawn"
    player.preferred_partner = None
    player.avoid = []
    return [Event("player_withdrew", {"user": uid})]


def _submit_ranking(state: TronoState, uid: str, args: Mapping[str, Any], at: int) -> list[Event]:
    """A4, R16: a team ranks the houses; the last ranking assigns them (R17)."""
    only("submit_house_ranking", args, "houses")
    in_phase(state, "submit_house_ranking", "house_ranking")
    team = state.team_of(uid)
    if team is None:
        raise refuse("E_NOT_MEMBER", user=uid)
    if team.house_ranking is not None:
        raise refuse("E_RANKING_SUBMITTED")
    houses = args.get("houses")
    if (
        not isinstance(houses, list | tuple)
        or not 1 <= len(houses) <= 10
        or not all(isinstance(h, str) for h in houses)  # before the set: {} has no hash
        or len(set(houses)) != len(houses)
        or any(h not in HOUSES for h in houses)
    ):
        raise refuse("E_RANKING_INVALID", reason=reason("ranking_houses"))
    team.house_ranking = list(houses)
    team.ranking_at = at
    events = [Event("house_ranking_submitted", {"team_no": team.team_no, "houses": list(houses)})]
    if all(t.house_ranking is not None for t in state.teams):
        events += houses_and_seats(state, at)
    return events


def _registered(state: TronoState, uid: str) -> Player:
    player = state.players.get(uid)
    if player is None or player.status != "registered":
        raise refuse("E_NOT_REGISTERED", user=uid)
    return player


# -- referee actions --------------------------------------------------------------------------


def referee_action(
    state: TronoState, uid: str, kind: str, args: Mapping[str, Any], at: int
) -> list[Event]:
    """A7 closing and reopening registration, A8 draws (R7, R28), A9 start_game (R21), A10
    close_turn (R27), A11 publish_results (R45), A12 overrides (R66)."""
    if kind == "close_registration":
        only(kind, args)
        in_phase(state, kind, "registration")
        return close_registration(state, [], when=at)
    if kind in ("set_close", "reopen_registration"):
        only(kind, args, "close_at")
        in_phase(state, kind, "registration")
        try:
            close_at = parse_instant(str(args.get("close_at")))
        except BadInstant:
            raise refuse("E_BAD_INSTANT", at=str(args.get("close_at"))) from None
        if close_at <= at:
            raise refuse("E_CLOSE_IN_PAST")
        state.close_at = close_at
        return [Event("close_set", {"close_at": format_instant(close_at)})]
    if kind in ("enter_draw", "import_draw"):
        return draw_action(state, uid, kind, args, at)
    if kind == "start_game":
        only(kind, args)
        in_phase(state, kind, "ready")
        return open_turn(state, at)
    if kind == "close_turn":
        only(kind, args)
        if state.config.schedule != "manual":
            raise refuse("E_NOT_MANUAL")
        in_phase(state, kind, "turn_open")
        return lock_turn(state, at)
    if kind == "publish_results":
        only(kind, args)
        in_phase(state, kind, "review")
        return publish_turn(state, at)
    if kind == "override":
        from .overrides import override

        return override(state, uid, args, at)
    if kind == "shift_draw":
        from .draw_shifts import shift_draw

        return shift_draw(state, uid, args, at)
    if kind == "record_registration":
        from .registrations import record_registration

        return record_registration(state, args, at)
    if kind == "record_withdrawal":
        from .registrations import record_withdrawal

        return record_withdrawal(state, args, at)
    if kind == "record_ranking":
        from .registrations import record_ranking

        return record_ranking(state, args, at)
    if kind == "set_reminder":
        from .reminders import set_reminder

        return set_reminder(state, args)
    if kind == "add_player":
        from .late_players import add_player

        return add_player(state, uid, args, at)
    if kind == "edit_character":
        from .season_characters import edit_character

        return edit_character(state, uid, args, at)
    raise refuse("E_UNKNOWN_ACTION_TYPE", action=kind)  # pragma: no cover
