"""What each viewer sees (§8): a user, a team, the referees, the public."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any
from zoneinfo import ZoneInfo

from tavola.core import Viewer

from .characters import Character
from .clock import format_instant
from .draws import expected_draw_date
from .houses import HOUSES, display_name
from .lotto_calendar import game_calendar
from .override_kinds import PUBLIC_OVERRIDES
from .publication import published
from .reminders import missing_posts_view, reminder_hours
from .state import Post, Team, TronoState, catalogue_of


def _when(ms: int | None) -> str | None:
    return None if ms is None else format_instant(ms)


def post_json(state: TronoState, post: Post) -> dict[str, Any]:
    """A sealed post with its instant as the forum shows it too (`local_at`: Rome local
    time, `2026-10-27 19:49:00`), the way a copied post's time was typed in."""
    zone = ZoneInfo(state.config.timezone)
    local = datetime.fromtimestamp(post.at / 1000, tz=UTC).astimezone(zone)
    return {**post.model_dump(), "local_at": f"{local:%Y-%m-%d %H:%M:%S}"}


def revealed_at_end(state: TronoState) -> bool:
    """§8: with `reveal_all_at_end`, a finished game's ranking, parameters and posts are
    public (the views, `hidden_from` and the bots' worlds all ask this one question)."""
    return state.phase == "over" and state.config.reveal_all_at_end


def public_view(state: TronoState) -> dict[str, Any]:
    """What everyone may see (§8); once a game that reveals all at the end is over, each
    team's parameters, the ranking and the posts too."""
    cfg = state.config
    reveal = revealed_at_end(state)
    return {
        "game": "trono",
        "phase": state.phase,
        "now": _when(state.now),
        "turn": state.turn,
        "max_turns": cfg.max_turns,
        "deadline": _when(state.deadline),
        "draw_date": state.draw_date,
        "close_at": _when(state.close_at),
        "ranking_deadline": _when(state.ranking_deadline),
        "registered": _public_players(state),
        "formation": _public_formation(state),
        "teams": {team.key: _public_team(state, team, reveal) for team in state.teams},
        "seats": {"throne": state.throne, "tower": state.tower, "tower_exists": state.tower_exists},
        "two_winners": state.two_winners,
        "soldier_max": state.soldier_max,
        "draws": [
            {
                "purpose": d.purpose,
                "turn": d.turn,
                "date": d.date,
                "numbers": d.numbers,
                "source": d.source,
                "corrected": d.corrected,
            }
            for d in state.draws
        ],
        "bulletins": list(state.bulletins),
        "audit": [_public_audit(a) for a in state.audit if a.kind in PUBLIC_OVERRIDES],
        "result": _public_result(state, reveal),
        "posts": ([post_json(state, p) for p in state.post_history] if reveal else []),
    }


def _public_team(state: TronoState, team: Team, reveal: bool) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "team_no": team.team_no,
        "house": team.house_id,
        "display_name": (
            display_name(team.house_id, state.config.house_display_set) if team.house_id else None
        ),
        "members": list(team.members),
        "status": team.status,
        "eliminated_turn": team.eliminated_turn,
        "house_ranking": team.house_ranking,
        "ranking_at": _when(team.ranking_at),
    }
    if reveal:
        entry.update(_private_team(state, team))
    return entry


def _public_players(state: TronoState) -> list[dict[str, Any]]:
    return [
        {
            "user_id": p.user_id,
            "display_name": p.display_name,
            "status": p.status,
            "team": (state.team_by_no(p.team_no).key if p.team_no else None),
        }
        for p in state.players.values()
        if p.status != "withdrawn"
    ]


def _public_formation(state: TronoState) -> dict[str, Any]:
    return {
        "commitment": state.formation_commitment,
        "attempts": state.formation_attempts,
        # R6's P: the players frozen at the close (late joiners came after it)
        "players": (
            sum(1 for p in state.players.values() if not p.joined_late and p.status != "withdrawn")
            if state.formation_commitment
            else None
        ),
    }


def _public_result(state: TronoState, reveal: bool) -> dict[str, Any] | None:
    if state.result is None:
        return None
    result = {
        "reason": state.result["reason"],
        "king": state.result["king"],
        "hand": state.result["hand"],
        "winners": state.result["winners"],
    }
    if reveal:
        result["ranking"] = state.result["ranking"]
    return result


def _public_audit(entry: Any) -> dict[str, Any]:
    return {"seq": entry.seq, "kind": entry.kind, "subject": entry.subject, "at": _when(entry.at)}


def _private_team(state: TronoState, team: Team) -> dict[str, Any]:
    current = state.posts.get(str(team.team_no))
    catalogue = catalogue_of(state.config)
    return {
        "soldiers": team.soldiers,
        "chests": team.chests,
        "banners": team.banners,
        "turns_without_attack": team.turns_without_attack,
        "characters": [
            {
                "id": c.character_id,
                # by name on every page, in every phase (issue 27: never "nerea_salsedine")
                "name": catalogue[c.character_id].name
                if c.character_id in catalogue
                else c.character_id,
                "charges": c.charges_left,
                "hired_turn": c.hired_turn,
            }
            for c in team.characters
        ],
        "hired_ever": list(team.hired_ever),
        "banners_at_elimination": team.banners_at_elimination,
        "chests_at_elimination": team.chests_at_elimination,
        "posted": current is not None,
        "post": post_json(state, current) if current is not None else None,
        "posts": [post_json(state, p) for p in state.post_history if p.team_no == team.team_no],
        "reports": list(team.reports),
        "notices": list(team.notices),
    }


def team_private(state: TronoState, team: Team) -> dict[str, Any]:
    data = _private_team(state, team)
    # An eliminated team keeps its history up to its elimination (§8).
    if state.phase == "turn_open" and team.active:
        data.update(_choices(state, team))
    return data


def _choices(state: TronoState, team: Team) -> dict[str, Any]:
    """What the team's post may name this turn (R58–R61, as at the opening, R25): the
    characters it may hire with the chests it opened with, and those it may deploy with
    what each deployment needs (a target, a slot; an extra attack takes "trono" or "all")."""
    catalogue = catalogue_of(state)
    opening = state.opening.get("teams", {}).get(team.key, {})
    chests = int(opening.get("chests", team.chests))
    may_hire = [
        {
            "id": c.id,
            "name": c.name,
            "cost": c.cost,
            "charges": c.charges,
            "kind": c.kind,
            "summary": _summary(c),
        }
        for c in catalogue.values()
        if (c.kind == "neutral" or c.house_id == team.house_id)
        and c.id not in team.hired_ever
        and c.cost <= chests
    ]
    may_deploy = []
    for cid in opening.get("characters", []):
        owned, character = team.owns(cid), catalogue.get(cid)
        if owned is None or character is None:
            continue
        extra_attack = any(
            e.kind == "extra_action" and e.get("action") == "attack" for e in character.effects
        )
        may_deploy.append(
            {
                "id": cid,
                "name": character.name,
                "charges": owned.charges_left,
                "target": character.needs_target,
                "attack": extra_attack,
                "slot": character.needs_slot,
                "summary": _summary(character),
            }
        )
    return {
        "may_hire": sorted(may_hire, key=lambda c: (c["cost"], c["name"])),
        "may_deploy": may_deploy,
        "seated": team.house_id in state.opening.get("seated", []),
        "opening_soldiers": opening.get("soldiers", team.soldiers),
    }


def _summary(character: Character) -> dict[str, str]:
    """What the character does, in each language the page may be in."""
    return {lang: character.summary_in(lang) for lang in ("it", "en")}


def user_data(state: TronoState, user: str) -> dict[str, Any] | None:
    player = state.players.get(user)
    if player is None:
        return None
    return {
        "user_id": player.user_id,
        "status": player.status,
        "preferences_id": f"prefs:{user}",
        "preferred_partner": player.preferred_partner,
        "avoid": list(player.avoid),
        "join_avoid_houses": list(player.join_avoid_houses),
        "team": state.team_by_no(player.team_no).key if player.team_no else None,
    }


def referee_view(state: TronoState) -> dict[str, Any]:
    view = public_view(state)
    for team in state.teams:
        # with what each team may hire and deploy, for a forum post the console records
        view["teams"][team.key].update(team_private(state, team))
        view["teams"][team.key]["disqualified"] = team.disqualified
    view["players"] = {uid: user_data(state, uid) for uid in state.players}
    view["formation"].update(
        {"secret": state.formation_secret, "conflicts": state.formation_conflicts}
    )
    if state.result is not None:
        view["result"] = dict(state.result)
    view["audit"] = [a.model_dump() for a in state.audit]
    # the version a referee's edit says it saw (`seen`, edits.py)
    view["audit_seen"] = len(state.audit)
    # the referees by their seats' names (an unnamed seat is said by role: "Arbitro 2")
    view["referee_names"] = dict(state.config.referee_names)
    view["resolutions"] = list(state.resolutions)
    view["join_queue"] = list(state.join_queue)
    # the teams that have not posted and the forum's reminder (issue 27, point 4)
    view["missing_posts"] = missing_posts_view(state)
    view["season"] = {"missing_posts_reminder_hours": reminder_hours(state)}
    view["posts"] = [post_json(state, p) for p in state.post_history]
    view["referee"] = {"rng": dict(state.rng), "opening": dict(state.opening)}
    # the console's proposal: the draw the game waits for, on the Lotto's calendar
    view["calendar"] = {
        "expected_draw": expected_draw_date(state),
        "shifts": dict(state.draw_shifts),
        # a turn that names no draw (manual schedule): the latest one, never a day without
        "last_draw": game_calendar(state.draw_shifts).last_draw(state.now).isoformat(),
    }
    # the houses by name, for the rankings before the houses are assigned, and who came late
    shown = state.config.house_display_set
    view["house_names"] = {house: display_name(house, shown) for house in HOUSES}
    view["late_joiners"] = [p.user_id for p in state.players.values() if p.joined_late]
    # every character, for the overrides that grant one or change its charges
    view["catalogue"] = [c.to_json() for c in catalogue_of(state).values()]
    return view


def view_for(
    state: TronoState, viewer: Viewer, referees: frozenset[str], *, preview: bool = False
) -> dict[str, Any]:
    """What `viewer` sees: the referees everything; a team and the public the game as last
    published (R45: a turn under review shows none of its results), unless `preview`
    (the referees reading what a team will be sent)."""
    if viewer.is_referee or (viewer.seats and viewer.seats <= referees):
        return referee_view(state)
    if not preview:
        state = published(state)
    view = public_view(state)
    if not viewer.seats:
        return view
    users = sorted(s.split(":", 1)[1] for s in viewer.seats if s.startswith("player:"))
    teams = {state.team_of(u).key for u in users if state.team_of(u) is not None}  # type: ignore[union-attr]
    if len(teams) == 1 and len(users) >= 1:
        key = next(iter(teams))
        team = next(t for t in state.teams if t.key == key)
        if all(state.team_of(u) is team for u in users):
            view["my_team"] = key
            view["team"] = team_private(state, team)
            # the houses by name, for the team's own ranking before they are assigned
            shown = state.config.house_display_set
            view["house_names"] = {house: display_name(house, shown) for house in HOUSES}
    if len(users) == 1:
        view["me"] = user_data(state, users[0])
    return view
