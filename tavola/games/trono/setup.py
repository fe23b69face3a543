"""Explicit positions for scenarios and tests: teams, seats and an open turn (`setup`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tavola.core import ConfigError

from .clock import BadInstant, parse_instant
from .houses import HOUSES
from .state import CharacterInstance, Player, Team, TronoState, catalogue_of
from .turns import open_turn, snapshot_opening

TEAM_KEYS = frozenset(
    {
        "house",
        "members",
        "soldiers",
        "chests",
        "banners",
        "characters",
        "hired_ever",
        "turns_without_attack",
        "status",
        "eliminated_turn",
        "banners_at_elimination",
        "chests_at_elimination",
    }
)
KEYS = frozenset(
    {"teams", "throne", "tower", "turn", "now", "start_teams", "soldier_max", "phase", "registered"}
)


def _fail(field: str, message: str) -> ConfigError:
    return ConfigError("invalid_setup", f"setup.{field}: {message}", field=f"setup.{field}")


def apply_setup(state: TronoState, setup: Mapping[str, Any]) -> None:
    """`registered`: users registered in order (phase registration); otherwise `teams`
    (list of tables), `throne`, `tower`, `turn` (the turn to open, default 1), `now`,
    `start_teams` (T at the start, default the number of teams), `soldier_max`."""
    unknown = sorted(set(setup) - KEYS)
    if unknown:
        raise _fail(unknown[0], f"unknown key; allowed: {sorted(KEYS)}")
    cfg = state.config
    if "now" in setup:
        try:
            state.now = parse_instant(str(setup["now"]))
        except BadInstant as exc:
            raise _fail("now", str(exc)) from None
    if "registered" in setup:
        for i, uid in enumerate(setup["registered"]):
            state.players[uid] = Player(user_id=uid, display_name=uid, registered_at=state.now + i)
        return
    teams = setup.get("teams") or []
    if len(teams) < 2:
        raise _fail("teams", "at least 2 teams")
    start_teams = int(setup.get("start_teams", len(teams)))
    state.soldier_max = int(setup.get("soldier_max", cfg.soldiers_per_team * start_teams))
    state.two_winners = start_teams >= cfg.two_winner_min_teams
    catalogue = catalogue_of(cfg)
    for no, raw in enumerate(teams, start=1):
        extra = sorted(set(raw) - TEAM_KEYS)
        if extra:
            raise _fail(f"teams[{no - 1}].{extra[0]}", "unknown key")
        house = raw.get("house")
        if house not in HOUSES or any(t.house_id == house for t in state.teams):
            raise _fail(f"teams[{no - 1}].house", f"bad or repeated house {house!r}")
        members = list(raw.get("members") or [f"{house}1"])
        characters = []
        for c in raw.get("characters", []):
            entry = {"id": c} if isinstance(c, str) else dict(c)
            if entry["id"] not in catalogue:
                raise _fail(f"teams[{no - 1}].characters", f"unknown {entry['id']!r}")
            charges = entry.get("charges", catalogue[entry["id"]].charges)
            characters.append(
                CharacterInstance(character_id=entry["id"], charges_left=charges, hired_turn=0)
            )
        hired = list(raw.get("hired_ever", []))
        hired += [c.character_id for c in characters if c.character_id not in hired]
        team = Team(
            team_no=no,
            house_id=house,
            members=members,
            status=raw.get("status", "active"),
            soldiers=int(raw.get("soldiers", state.soldier_max)),
            chests=int(raw.get("chests", cfg.starting_chests)),
            banners=int(raw.get("banners", 0)),
            characters=characters,
            hired_ever=hired,
            turns_without_attack=int(raw.get("turns_without_attack", 0)),
            eliminated_turn=raw.get("eliminated_turn"),
            banners_at_elimination=raw.get("banners_at_elimination"),
            chests_at_elimination=raw.get("chests_at_elimination"),
        )
        state.teams.append(team)
        for uid in members:
            status = "member" if team.status == "active" else "eliminated"
            state.players[uid] = Player(
                user_id=uid, display_name=uid, registered_at=state.now, status=status, team_no=no
            )
    state.throne = setup.get("throne", state.teams[0].house_id)
    state.tower = setup.get("tower")
    state.tower_exists = state.tower is not None
    for seat in ("throne", "tower"):
        house = getattr(state, seat)
        if house is not None and (state.team(house) is None or not state.team(house).active):  # type: ignore[union-attr]
            raise _fail(seat, f"{house!r} is not an active team")
    phase = setup.get("phase", "turn_open")
    if phase == "ready":
        state.phase = "ready"
        state.turn = int(setup.get("turn", 1)) - 1
        snapshot_opening(state)
        return
    state.turn = int(setup.get("turn", 1)) - 1
    open_turn(state, state.now)
