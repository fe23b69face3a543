"""Referee overrides with reasons and an audit log (R66–R71)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tavola.core import Event

from .actions import only
from .audiences import referees, team_audience
from .audit_log import audit
from .battle import eliminate
from .clock import BadInstant, format_instant, parse_instant
from .draw_evenings import chosen_evening
from .draws_paste import parse_pasted
from .edits import check_seen, seen_of, thing_of
from .ending import finish
from .houses import HOUSES
from .lotto import DrawProblem, check_numbers
from .messages import Phrase, phase_word, reason, refuse
from .override_kinds import KINDS, NOT_OVERRIDABLE
from .publication import supersede
from .state import CharacterInstance, Team, TronoState, catalogue_of
from .turns import draw_recorded, held_or_published, resolve_with


def _team(state: TronoState, house: Any) -> Team:
    """A team by its house, or by its key before houses are assigned (`team2`)."""
    team = None
    if isinstance(house, str):
        team = state.team(house) or next((t for t in state.teams if t.key == house), None)
    if team is None:
        raise refuse("E_OVERRIDE_RANGE", detail=reason("unknown_team", team=str(house)))
    return team


def _value(args: Mapping[str, Any]) -> Mapping[str, Any]:
    value = args.get("value") or {}
    if not isinstance(value, Mapping):
        raise refuse("E_OVERRIDE_RANGE", detail=reason("value_table"))
    return value


def override(state: TronoState, uid: str, args: Mapping[str, Any], at: int) -> list[Event]:
    """A12, R66: an override of a known kind with its reason, applied at once and audited;
    R67's kinds are refused E_NOT_OVERRIDABLE."""
    only("override", args, "kind", "subject", "value", "reason", "seen")
    seen = seen_of(args)
    kind = args.get("kind")
    if kind in NOT_OVERRIDABLE:
        raise refuse("E_NOT_OVERRIDABLE", kind=kind)
    if kind not in KINDS:
        raise refuse("E_OVERRIDE_RANGE", detail=reason("unknown_override", kind=str(kind)))
    why = args.get("reason")
    if not isinstance(why, str) or not why.strip() or len(why) > 500:
        raise refuse("E_REASON_REQUIRED")
    if state.phase in ("registration", "formation_wait") and kind != "end_game":
        raise refuse("E_PHASE", action="override", phase=phase_word(state.phase))
    subject = args.get("subject")
    value = _value(args)
    thing = thing_of(str(kind), value)
    check_seen(state, seen, str(kind), str(subject), thing)
    handler = HANDLERS[str(kind)]
    before, after, team = handler(state, subject, value, at)
    entry = audit(state, uid, at, str(kind), str(subject), before, after, why, thing)
    events = [Event("referee_override", entry.model_dump(), referees(state))]
    if team is not None:
        notice = {
            "seq": entry.seq,
            "kind": kind,
            "before": before,
            "after": after,
            "reason": why,
        }
        if kind == "adjust_parameter":  # the notice says which parameter changed
            notice["param"] = value.get("param")
        team.notices.append(notice)
        events.append(
            Event("override_notice", {"team": team.key, **notice}, team_audience(state, team))
        )
    if kind == "correct_draw":
        events += _redo(state, value, at)
    if kind == "end_game":
        numbers = state.draws[-1].numbers if state.draws else None
        finish(state, numbers, "referee")
        events.append(
            Event(
                "game_over",
                {
                    "king": state.result["king"] if state.result else None,
                    "hand": state.result["hand"] if state.result else None,
                },
            )
        )
    return events


Result = tuple[Any, Any, Team | None]


def _adjust(state: TronoState, subject: Any, value: Mapping[str, Any], at: int) -> Result:
    team = _team(state, subject)
    param, to = value.get("param"), value.get("to")
    if param not in ("soldiers", "chests", "banners") or not isinstance(to, int):
        raise refuse("E_OVERRIDE_RANGE", detail=reason("adjust_param"))
    high = state.soldier_max if param == "soldiers" else 10**9
    if not 0 <= to <= high:
        words = reason("adjust_range", param=Phrase(f"forum.param.{param}"), to=str(to))
        raise refuse("E_OVERRIDE_RANGE", detail=words)
    before = getattr(team, str(param))
    setattr(team, str(param), to)
    return before, to, team


def _grant(state: TronoState, subject: Any, value: Mapping[str, Any], at: int) -> Result:
    team = _team(state, subject)
    cid = value.get("character")
    character = catalogue_of(state).get(str(cid))
    if character is None or team.owns(character.id) is not None:
        raise refuse("E_OVERRIDE_RANGE", detail=reason("unknown_character", character=str(cid)))
    charges = value.get("charges", character.charges)
    team.characters.append(
        CharacterInstance(character_id=character.id, charges_left=charges, hired_turn=state.turn)
    )
    if character.id not in team.hired_ever:
        team.hired_ever.append(character.id)
    return None, {"character": character.id, "charges": charges}, team


def _revoke(state: TronoState, subject: Any, value: Mapping[str, Any], at: int) -> Result:
    team = _team(state, subject)
    instance = team.owns(str(value.get("character")))
    if instance is None:
        raise refuse("E_OVERRIDE_RANGE", detail=reason("character_not_owned"))
    team.characters.remove(instance)
    return instance.model_dump(), None, team


def _charges(state: TronoState, subject: Any, value: Mapping[str, Any], at: int) -> Result:
    team = _team(state, subject)
    instance = team.owns(str(value.get("character")))
    charges = value.get("charges")
    if instance is None or not isinstance(charges, int) or not 1 <= charges <= 10:
        raise refuse("E_OVERRIDE_RANGE", detail=reason("charges_range"))
    before = instance.charges_left
    instance.charges_left = charges
    return before, charges, team


def _seat(state: TronoState, subject: Any, value: Mapping[str, Any], at: int) -> Result:
    seat, house = value.get("seat"), value.get("house")
    team = _team(state, house)
    if seat not in ("throne", "tower") or (seat == "tower" and not state.tower_exists):
        raise refuse("E_OVERRIDE_RANGE", detail=reason("unknown_seat", seat=str(seat)))
    other = "tower" if seat == "throne" else "throne"
    if not team.active or getattr(state, other) == house:
        raise refuse("E_OVERRIDE_RANGE", detail=reason("seat_team"))
    before = getattr(state, str(seat))
    setattr(state, str(seat), house)
    return before, house, None


def _move(state: TronoState, subject: Any, value: Mapping[str, Any], at: int) -> Result:
    player = state.players.get(str(subject))
    team = _team(state, value.get("house"))
    if player is None or player.team_no is None or not team.active:
        raise refuse("E_OVERRIDE_RANGE", detail=reason("move_player"))
    old = state.team_by_no(player.team_no)
    old.members.remove(player.user_id)
    team.members.append(player.user_id)
    player.team_no = team.team_no
    return old.key, team.key, None


def _remove(state: TronoState, subject: Any, value: Mapping[str, Any], at: int) -> Result:
    player = state.players.get(str(subject))
    if player is None:
        raise refuse("E_OVERRIDE_RANGE", detail=reason("unknown_user"))
    if player.team_no is not None:
        state.team_by_no(player.team_no).members.remove(player.user_id)
    before = player.status
    player.status, player.team_no = "withdrawn", None
    return before, "removed", None


def _disqualify(state: TronoState, subject: Any, value: Mapping[str, Any], at: int) -> Result:
    team = _team(state, subject)
    if not team.active:
        raise refuse("E_OVERRIDE_RANGE", detail=reason("team_out"))
    successor = value.get("successor")
    seat = "throne" if state.throne == team.key else ("tower" if state.tower == team.key else None)
    if seat is not None:
        heir = state.team(str(successor)) if isinstance(successor, str) else None
        if heir is None or not heir.active or heir is team or heir.key in state.seated():
            raise refuse("E_OVERRIDE_RANGE", detail=reason("successor"))
        setattr(state, seat, heir.key)
    team.disqualified = True
    eliminate(state, team, state.turn)
    return "active", "disqualified", team


def _assign_house(state: TronoState, subject: Any, value: Mapping[str, Any], at: int) -> Result:
    if state.phase not in ("house_ranking", "ready"):
        raise refuse("E_PHASE", action="override", phase=phase_word(state.phase))
    house = value.get("house")
    try:
        team = state.team_by_no(int(str(subject)))
    except (ValueError, IndexError):
        raise refuse("E_OVERRIDE_RANGE", detail=reason("team_number")) from None
    if house not in HOUSES or any(t.house_id == house for t in state.teams if t is not team):
        raise refuse("E_OVERRIDE_RANGE", detail=reason("unknown_house", house=str(house)))
    before = team.house_id
    for seat in ("throne", "tower"):
        if before is not None and getattr(state, seat) == before:
            setattr(state, seat, house)
    team.house_id = str(house)
    return before, house, None


def _reschedule(state: TronoState, subject: Any, value: Mapping[str, Any], at: int) -> Result:
    """R69: before the lock a later deadline; after it, only the draw date."""
    if state.phase == "turn_open" and "deadline" in value:
        try:
            deadline = parse_instant(str(value["deadline"]))
        except BadInstant:
            raise refuse("E_OVERRIDE_RANGE", detail=reason("bad_deadline")) from None
        if deadline <= at:
            raise refuse("E_OVERRIDE_RANGE", detail=reason("deadline_past"))
        before = format_instant(state.deadline) if state.deadline else None
        state.deadline = deadline
        # the draw evening follows the deadline, or is the one given (DECISIONS 37)
        state.draw_date = chosen_evening(state, value.get("draw_date"))
        return before, format_instant(deadline), None
    if state.phase in ("turn_open", "turn_locked") and "draw_date" in value:
        before_day = state.draw_date
        state.draw_date = chosen_evening(state, value["draw_date"])
        return before_day, state.draw_date, None
    raise refuse("E_OVERRIDE_RANGE", detail=reason("reschedule"))


def _correct(state: TronoState, subject: Any, value: Mapping[str, Any], at: int) -> Result:
    too_late = state.pre_resolution is None or (
        state.phase != "review" and (state.phase != "turn_open" or bool(state.posts))
    )
    if too_late:
        raise refuse("E_CORRECTION_TOO_LATE")
    try:
        numbers = (
            parse_pasted(str(value["text"])).numbers if "text" in value else value.get("numbers")
        )
        checked = check_numbers(numbers)
    except DrawProblem as exc:
        raise refuse(exc.code, detail=exc.detail) from None
    old = state.draws[-1].numbers if state.draws else None
    return old, checked, None


def _redo(state: TronoState, value: Mapping[str, Any], at: int) -> list[Event]:
    """R68: turn k again from its pre-resolution state with the corrected numbers. Results
    already sent are sent again flagged `corrected`; under review nothing was sent, so the
    correction only changes what will be (R45, publication.py)."""
    numbers = state.audit[-1].after
    assert state.pre_resolution is not None
    sent = state.phase != "review"
    shown = supersede(state)
    audit_log = list(state.audit)
    restored = TronoState.model_validate(state.pre_resolution)
    for name in TronoState.model_fields:
        setattr(state, name, getattr(restored, name))
    state.audit = audit_log
    day = state.draw_date or format_instant(at)[:10]
    if sent:
        events = [Event("draw_corrected", {"turn": state.turn, "numbers": numbers})]
    else:  # the draw the turn will be published with, as any other
        events = [draw_recorded(state, day, numbers)]
    events += resolve_with(
        state, numbers, day, source="manual", by="correction", at=at, corrected=True
    )
    for team in state.teams:
        if sent and team.reports and team.reports[-1]["turn"] == state.turn:
            team.reports[-1]["corrected"] = True
    if state.config.review_before_publish:
        state.last_published = shown
    return held_or_published(state, events, at)


def _end(state: TronoState, subject: Any, value: Mapping[str, Any], at: int) -> Result:
    return state.phase, "over", None


HANDLERS = {
    "adjust_parameter": _adjust,
    "grant_character": _grant,
    "revoke_character": _revoke,
    "set_charges": _charges,
    "set_seat": _seat,
    "move_player": _move,
    "remove_player": _remove,
    "disqualify_team": _disqualify,
    "assign_house": _assign_house,
    "reschedule_turn": _reschedule,
    "correct_draw": _correct,
    "end_game": _end,
}
