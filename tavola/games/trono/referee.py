"""The referee state machine: registration, formation, houses, turns, draws, overrides. The
game is in exactly one phase at a time (R1); each action names the phases it allows."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import Any

from tavola.core import Event, commitment

from .clock import BadInstant, draw_instant, format_instant, next_deadline, parse_instant
from .draw_evenings import check_happened, due_evening, evening_reason
from .draws_paste import parse_pasted
from .formation import assign_houses, form_teams, initial_seats, team_count
from .houses import HOUSES, in_wheel_order
from .lotto import DrawProblem, check_numbers, simulate
from .lotto_calendar import game_calendar
from .messages import day_of, day_words, moment, phase_word, reason, refuse, text
from .resolution import resolve_turn
from .review import hold, release
from .state import AuditEntry, Draw, Player, Team, TronoState


def _only(action: str, args: Mapping[str, Any], *allowed: str) -> None:
    extra = sorted(set(args) - set(allowed))
    if extra:
        raise refuse("E_MALFORMED", action=action, args=", ".join(extra))


def _phase(state: TronoState, action: str, *phases: str) -> None:
    """R1: an action sent in a phase that does not allow it is refused E_PHASE."""
    if state.phase not in phases:
        raise refuse("E_PHASE", action=action, phase=phase_word(state.phase))


def _referees(state: TronoState) -> frozenset[str]:
    return frozenset(f"referee:{r}" for r in state.config.referees)


def _team_audience(state: TronoState, team: Team) -> frozenset[str]:
    return frozenset(f"player:{m}" for m in team.members) | _referees(state)


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
            events += _assign(state, state.ranking_deadline)
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
        _only(kind, args, "display_name")
        _phase(state, kind, "registration")
        if uid in state.config.referees:
            raise refuse("E_REFEREE_CANNOT_PLAY", user=uid)
        existing = state.players.get(uid)
        if existing is not None and existing.status != "withdrawn":
            raise refuse("E_ALREADY_REGISTERED", user=uid)
        name = args.get("display_name", uid)
        state.players.pop(uid, None)
        state.players[uid] = Player(user_id=uid, display_name=str(name), registered_at=at)
        return [Event("player_registered", {"user": uid, "display_name": str(name)})]
    if kind == "set_preferences":
        _only(kind, args, "preferred_partner", "avoid")
        _phase(state, kind, "registration")
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
        audience = frozenset({f"player:{uid}"}) | _referees(state)
        return [Event("preferences_set", {"user": uid, "preferences_id": f"prefs:{uid}"}, audience)]
    if kind == "withdraw":
        _only(kind, args)
        _phase(state, kind, "registration")
        player = _registered(state, uid)
        player.status = "withdrawn"
        player.preferred_partner = None
        player.avoid = []
        return [Event("player_withdrew", {"user": uid})]
    if kind == "submit_house_ranking":
        _only(kind, args, "houses")
        _phase(state, kind, "house_ranking")
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
        events = [
            Event("house_ranking_submitted", {"team_no": team.team_no, "houses": list(houses)})
        ]
        if all(t.house_ranking is not None for t in state.teams):
            events += _assign(state, at)
        return events
    if kind == "request_join":
        return _request_join(state, uid, args, at)
    raise refuse("E_UNKNOWN_ACTION_TYPE", action=kind)  # pragma: no cover


def _registered(state: TronoState, uid: str) -> Player:
    player = state.players.get(uid)
    if player is None or player.status != "registered":
        raise refuse("E_NOT_REGISTERED", user=uid)
    return player


# -- registration close and formation -------------------------------------------------------


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
        events += _formation(state, numbers, day, "simulated", "system", at)
    return events


def _formation(
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


def _assign(state: TronoState, at: int) -> list[Event]:
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
        events += _place(state, uid)
    return events


# -- late joiners (R63–R65) ------------------------------------------------------------------


def _request_join(state: TronoState, uid: str, args: Mapping[str, Any], at: int) -> list[Event]:
    """A5, R63: who may ask to join; a request before the houses are assigned is queued
    (R20 places it)."""
    _only("request_join", args, "avoid_houses")
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
    return _place(state, uid)


def _place(state: TronoState, uid: str) -> list[Event]:
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


# -- turns ------------------------------------------------------------------------------------


def open_turn(state: TronoState, at: int) -> list[Event]:
    """R22: turn k+1 opens, with its deadline and draw date."""
    cfg = state.config
    state.turn += 1
    state.turn_opened_at = at
    state.posts = {}
    if cfg.schedule == "calendar":
        deadline, _ = next_deadline(
            at,
            list(cfg.turn_weekdays),
            cfg.deadline_local,
            cfg.timezone,
            cfg.min_submission_window_hours,
        )
        # d_k is the first Lotto evening after the deadline, wherever a holiday moved it
        # (DECISIONS 30), and after the last draw: evenings only go forward (DECISIONS 37)
        state.deadline, state.draw_date = deadline, due_evening(state, deadline).isoformat()
    else:
        state.deadline, state.draw_date = None, None
    snapshot_opening(state)
    state.phase = "turn_open"
    return [
        Event(
            "turn_opened",
            {
                "k": state.turn,
                "deadline": (format_instant(state.deadline) if state.deadline else None),
                "seats": {"throne": state.throne, "tower": state.tower},
            },
        )
    ]


def snapshot_opening(state: TronoState) -> None:
    state.opening = {
        "seated": state.seated(),
        "throne": state.throne,
        "tower": state.tower,
        "active": [t.key for t in state.active_teams()],
        "teams": {
            t.key: {
                "soldiers": t.soldiers,
                "chests": t.chests,
                "characters": [c.character_id for c in t.characters],
            }
            for t in state.teams
        },
    }


def lock_turn(state: TronoState, at: int, *, at_deadline: bool = False) -> list[Event]:
    """R26 (at the deadline: by the clock, whoever's action came at or after it) or R27
    (manual schedule): the turn locks; missing posts are empty. Simulated draws resolve
    at once (R28)."""
    state.phase = "turn_locked"
    locked: dict[str, Any] = {"k": state.turn}
    if at_deadline:
        locked["at_deadline"] = format_instant(at)
    events = [Event("turn_locked", locked)]
    if state.config.draw_source == "simulated":
        rng = state.random()
        numbers = simulate(rng)
        state.keep(rng)
        day = state.draw_date or format_instant(at)[:10]
        events += _turn_draw(state, numbers, day, "simulated", "system", at)
    return events


def _turn_draw(
    state: TronoState, numbers: dict[str, list[int]], day: str, source: str, by: str, at: int
) -> list[Event]:
    state.pre_resolution = None
    before = state.model_dump(mode="json")
    state.draws.append(
        Draw(
            purpose="turn",
            turn=state.turn,
            date=day,
            numbers=numbers,
            source=source,
            entered_by=by,
            entered_at=at,
        )
    )
    events = [
        Event(
            "draw_recorded",
            {"purpose": "turn", "turn": state.turn, "date": day, "numbers": numbers},
        )
    ]
    events += resolve_turn(state, numbers)
    state.pre_resolution = before
    if not state.config.review_before_publish:
        return events + publish(state, at)
    # R45: the referees review the results, the last turn's too; nobody else hears of them
    state.phase = "review"
    return hold(state, events)


def publish(state: TronoState, at: int) -> list[Event]:
    """P13: the public bulletin; then the next turn opens (R45)."""
    k = state.turn
    released = release(state)
    last = state.resolutions[-1] if state.resolutions else {"eliminated": []}
    removed = bool(last.get("tower_removed"))
    bulletin: dict[str, Any] = {
        "turn": k,
        "throne": state.throne,
        "tower": state.tower,
        # the seats as the turn opened: who stepped down and who climbed (public, §8)
        "throne_before": state.opening.get("throne"),
        "tower_before": state.opening.get("tower"),
        "eliminated": list(last["eliminated"]),
        "tower_removed": removed,
        "winners": None,
    }
    if state.result is not None:
        bulletin["winners"] = {"king": state.result["king"], "hand": state.result["hand"]}
    for lang in ("it", "en"):
        lines = [
            text(lang, "bulletin.turn", turn=k),
            text(lang, "bulletin.throne", house=state.throne),
        ]
        if state.tower:
            lines.append(text(lang, "bulletin.tower", house=state.tower))
        if bulletin["eliminated"]:
            lines.append(
                text(lang, "bulletin.eliminated", houses=", ".join(bulletin["eliminated"]))
            )
        if bulletin["tower_removed"]:
            lines.append(text(lang, "bulletin.tower_removed"))
        if state.result is not None and state.result["king"]:
            lines.append(text(lang, "bulletin.king", house=state.result["king"]))
            if state.result["hand"]:
                lines.append(text(lang, "bulletin.hand", house=state.result["hand"]))
        bulletin[f"lines_{lang}"] = lines
    # R68: results sent again after a correction say so (a turn corrected before it was
    # ever published is simply published)
    if any(r.get("corrected") for team in state.teams for r in team.reports if r["turn"] == k):
        bulletin["corrected"] = True
    state.bulletins.append(bulletin)
    state.published_turn = k
    events = [
        *released,
        Event("turn_published", {"turn": k, "throne": state.throne, "tower": state.tower}),
    ]
    if state.result is not None:
        state.phase = "over"  # the last turn, held for review, ends the game once published
    else:
        events += open_turn(state, at)
    return events


# -- referee actions --------------------------------------------------------------------------


def referee_action(
    state: TronoState, uid: str, kind: str, args: Mapping[str, Any], at: int
) -> list[Event]:
    """A7 closing and reopening registration, A8 draws (R7, R28), A9 start_game (R21), A10
    close_turn (R27), A11 publish_results (R45), A12 overrides (R66)."""
    if kind == "close_registration":
        _only(kind, args)
        _phase(state, kind, "registration")
        return close_registration(state, [], when=at)
    if kind in ("set_close", "reopen_registration"):
        _only(kind, args, "close_at")
        _phase(state, kind, "registration")
        try:
            close_at = parse_instant(str(args.get("close_at")))
        except BadInstant:
            raise refuse("E_BAD_INSTANT", at=str(args.get("close_at"))) from None
        if close_at <= at:
            raise refuse("E_CLOSE_IN_PAST")
        state.close_at = close_at
        return [Event("close_set", {"close_at": format_instant(close_at)})]
    if kind in ("enter_draw", "import_draw"):
        return _draw_action(state, uid, kind, args, at)
    if kind == "start_game":
        _only(kind, args)
        _phase(state, kind, "ready")
        return open_turn(state, at)
    if kind == "close_turn":
        _only(kind, args)
        if state.config.schedule != "manual":
            raise refuse("E_NOT_MANUAL")
        _phase(state, kind, "turn_open")
        return lock_turn(state, at)
    if kind == "publish_results":
        _only(kind, args)
        _phase(state, kind, "review")
        return publish(state, at)
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


def _draw_action(
    state: TronoState, uid: str, kind: str, args: Mapping[str, Any], at: int
) -> list[Event]:
    if kind == "enter_draw":
        _only(kind, args, "purpose", "date", "numbers")
    else:
        _only(kind, args, "text", "date")
    if state.phase == "turn_open":
        raise refuse("E_TURN_NOT_LOCKED")
    _phase(state, kind, "formation_wait", "turn_locked")
    raw: Any
    try:
        if kind == "import_draw":
            day, raw = _pasted(state, args)
        else:
            day, raw = str(args.get("date", "")), args.get("numbers")
        numbers = check_numbers(raw)
        parsed = date.fromisoformat(day)
    except DrawProblem as exc:
        raise refuse(exc.code, detail=exc.detail) from None
    except ValueError:
        raise refuse("E_IMPORT_FORMAT", detail=reason("bad_date", date=day)) from None
    source = "import" if kind == "import_draw" else "manual"
    if state.phase == "formation_wait":
        if draw_instant(parsed) <= (state.closed_at or 0):
            closed = state.closed_at or 0
            due = day_words(game_calendar(state.draw_shifts).next_draw(closed))
            raise refuse(
                "E_DRAW_BEFORE_CLOSE",
                date=day_of(parsed),
                closed=moment(closed, state.config.timezone),
                weekday=due["weekday"],
                next=due["date"],
            )
        _on_a_draw_day(state, parsed)
        check_happened(state, parsed, at)
        return _formation(state, numbers, day, source, uid, at)
    if state.config.schedule == "calendar":
        expected = date.fromisoformat(str(state.draw_date))
        if parsed != expected:
            raise refuse(
                "E_DRAW_DATE_MISMATCH",
                date=day_of(parsed),
                expected=day_of(expected),
                why=evening_reason(state, expected),
            )
        check_happened(state, parsed, at)
    return _turn_draw(state, numbers, day, source, uid, at)


def _on_a_draw_day(state: TronoState, day: date) -> None:
    """R7: the formation draw is a Lotto draw, so never on a day the Lotto does not draw
    (the game's calendar with its shifts, DECISIONS 33); the sentence names the one due."""
    calendar = game_calendar(state.draw_shifts)
    if calendar.has_draw(day):
        return
    due = calendar.next_draw(state.closed_at or state.now)
    words, next_words = day_words(day), day_words(due)
    raise refuse(
        "E_NOT_A_DRAW_DAY",
        weekday=words["weekday"],
        date=words["date"],
        next_weekday=next_words["weekday"],
        next=next_words["date"],
    )


def _pasted(state: TronoState, args: Mapping[str, Any]) -> tuple[str, Any]:
    """An imported draw: the CSV of A8 or the newspapers' lines (`draws_paste`), dated by
    its text or by `date`; with neither, the draw the calendar expects (DECISIONS 31)."""
    pasted = parse_pasted(str(args.get("text", "")))
    given = args.get("date")
    if given is not None and pasted.date is not None and str(given) != pasted.date:
        raise DrawProblem(
            "E_PASTED_DATE_MISMATCH",
            "paste_date_differs",
            text=day_of(date.fromisoformat(pasted.date)),
            given=_day_or_text(str(given)),
        )
    day = pasted.date or (str(given) if given is not None else expected_draw_date(state))
    return day or format_instant(state.now)[:10], pasted.numbers


def _day_or_text(written: str) -> Any:
    """A date as players read it, or as written when it is not one."""
    try:
        return day_of(date.fromisoformat(written))
    except ValueError:
        return written


def expected_draw_date(state: TronoState) -> str | None:
    """The draw the game waits for: the first after the close (R7), on the Lotto's calendar
    with this game's shifts; a turn's d_k (R28); none otherwise."""
    if state.phase == "formation_wait" and state.closed_at is not None:
        return game_calendar(state.draw_shifts).next_draw(state.closed_at).isoformat()
    if state.phase in ("turn_open", "turn_locked"):
        return state.draw_date
    return None


# -- used by overrides ------------------------------------------------------------------------


def audit(
    state: TronoState,
    uid: str,
    at: int,
    kind: str,
    subject: str,
    before: Any,
    after: Any,
    reason: str,
    thing: str | None = None,
) -> AuditEntry:
    entry = AuditEntry(
        thing=thing,
        seq=len(state.audit) + 1,
        at=at,
        referee=uid,
        kind=kind,
        subject=subject,
        before=before,
        after=after,
        reason=reason,
    )
    state.audit.append(entry)
    return entry
