"""Sealed posts: the checks of A6, in the spec's exact order (R23–R25, R46–R50, R58–R61)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tavola.core import IllegalAction

from .characters import Character
from .houses import HOUSES
from .messages import refuse
from .state import Team, TronoState, catalogue_of

SLOT_KINDS = ("attack", "defend", "enlist", "tax", "rally", "hire")


def hits_of(target: str, own: str, seated: list[str], active: list[str]) -> list[str]:
    """The houses an attack aimed at `target` hits (R47, R48); seats as at the opening."""
    if target == "trono":
        return [h for h in seated if h in active]
    if target == "all":
        return [h for h in active if h not in seated and h != own]
    return [target] if target in active else []


def check_target(
    state: TronoState, own: str, target: Any, seated: list[str], active: list[str], field: str
) -> str:
    """Step 6 for one attack; returns the effective target (a seated team's none → all)."""
    is_seated = own in seated
    if target is None:
        if not is_seated:
            raise refuse("E_TARGET_REQUIRED", field=field)
        return "all"
    if target == own:
        raise refuse("E_TARGET_SELF", field=field)
    in_play = {t.house_id for t in state.teams}
    if not isinstance(target, str) or (
        target not in ("trono", "all") and (target not in HOUSES or target not in in_play)
    ):
        raise refuse("E_TARGET_UNKNOWN", field=field, target=str(target))
    if target not in ("trono", "all") and target not in active:
        raise refuse("E_TARGET_INACTIVE", field=field, target=target)
    if target == "trono" and is_seated:
        raise refuse("E_TARGET_TRONO_SEATED", field=field)
    if target == "all" and not is_seated:
        raise refuse("E_TARGET_ALL_NOT_SEATED", field=field)
    return target


def validate_post(
    state: TronoState, user: str, args: Mapping[str, Any], at: int
) -> tuple[Team, list[dict[str, Any]], list[dict[str, Any]], int | None]:
    """A6: runs its steps 1 to 11 in order, against the state at the turn's opening (R25);
    returns the team and the normalised actions and deployments."""
    allowed = {"team", "turn", "actions", "deploy", "abandon_threshold", "at"}
    extra = sorted(set(args) - allowed)
    if extra:
        raise refuse("E_MALFORMED", action="submit_post", args=", ".join(extra))
    team = state.team_of(user)
    named = args.get("team")
    if team is None or not team.active or (named is not None and named != team.house_id):
        raise refuse("E_NOT_MEMBER", user=user)
    own = team.house_id or ""
    turn = args.get("turn")
    if (
        turn == state.turn
        and state.deadline is not None
        and state.config.schedule == "calendar"
        and at >= state.deadline
    ):
        raise refuse("E_DEADLINE_PASSED", turn=state.turn)  # step 2 (R24)
    if state.phase != "turn_open":
        raise refuse("E_PHASE", action="submit_post", phase=state.phase)
    if turn != state.turn or isinstance(turn, bool):
        raise refuse("E_WRONG_TURN", turn=str(turn), current=state.turn)
    if str(team.team_no) in state.posts:  # step 4: a post is sealed (R23)
        raise refuse("E_ALREADY_SUBMITTED", team=own)
    opening = state.opening
    seated: list[str] = list(opening["seated"])
    active: list[str] = list(opening["active"])
    actions = args.get("actions")
    if not isinstance(actions, list | tuple) or len(actions) != 3:
        raise refuse(
            "E_ACTION_COUNT", count=len(actions) if isinstance(actions, list | tuple) else 0
        )
    normal: list[dict[str, Any]] = []
    for slot, raw in enumerate(actions, start=1):
        if not isinstance(raw, Mapping) or raw.get("kind") not in SLOT_KINDS:
            raise refuse("E_UNKNOWN_ACTION", slot=slot)
        kind = raw["kind"]
        keys = {"kind", "target"} if kind == "attack" else {"kind", "character"}
        if kind not in ("attack", "hire"):
            keys = {"kind"}
        if set(raw) - keys or (kind == "hire" and not isinstance(raw.get("character"), str)):
            raise refuse("E_UNKNOWN_ACTION", slot=slot)
        normal.append(dict(raw))
    for slot, action in enumerate(normal, start=1):  # step 6 (R47, R48)
        if action["kind"] == "attack":
            action["target"] = check_target(
                state, own, action.get("target"), seated, active, f"slot {slot}"
            )
    catalogue = catalogue_of(state.config)
    deploy_raw = args.get("deploy", [])
    if deploy_raw is None:
        deploy_raw = []
    if not isinstance(deploy_raw, list | tuple):
        raise refuse("E_DEPLOY_PARAM", character="?", reason="deploy must be a list")
    counts: dict[str, int] = {}  # step 7: the attack limit (R49)
    for action in normal:
        if action["kind"] == "attack":
            for house in hits_of(action["target"], own, seated, active):
                counts[house] = counts.get(house, 0) + 1
    if state.config.character_attacks_count_toward_limit:
        for raw in deploy_raw:
            ch = catalogue.get(raw.get("character", "")) if isinstance(raw, Mapping) else None
            for effect in ch.effects if ch else ():
                if effect.kind == "extra_action" and effect.get("action") == "attack":
                    target = raw.get("target") or ("all" if own in seated else None)
                    if isinstance(target, str):
                        for house in hits_of(target, own, seated, active):
                            counts[house] = counts.get(house, 0) + 1
    for house in sorted(counts, key=lambda h: (-counts[h], HOUSES.index(h))):
        if counts[house] > state.config.max_attacks_per_target:
            raise refuse("E_ATTACK_LIMIT", house=house, n=counts[house])
    is_seated = own in seated  # step 8 (R46)
    if is_seated and any(a["kind"] == "enlist" for a in normal):
        raise refuse("E_ENLIST_ON_SEAT", house=own)
    total = 0  # step 9: hires (R58, R59, R60)
    hired: set[str] = set()
    for slot, action in enumerate(normal, start=1):
        if action["kind"] != "hire":
            continue
        cid = action["character"]
        character = catalogue.get(cid)
        if character is None:
            raise refuse("E_UNKNOWN_CHARACTER", character=cid, slot=slot)
        if character.kind == "house" and character.house_id != own:
            raise refuse("E_HIRE_WRONG_HOUSE", character=cid, slot=slot)
        if cid in team.hired_ever or cid in hired:
            raise refuse("E_HIRE_ALREADY_HIRED", character=cid, slot=slot)
        hired.add(cid)
        total += character.cost
    chests_open = int(opening["teams"][own]["chests"])
    if total > chests_open:
        raise refuse("E_HIRE_INSUFFICIENT_CHESTS", cost=total, chests=chests_open)
    owned_open: list[str] = list(opening["teams"][own]["characters"])  # step 10 (R61)
    deploys: list[dict[str, Any]] = []
    seen: set[str] = set()
    for raw in deploy_raw:
        cid = raw.get("character") if isinstance(raw, Mapping) else None
        if not isinstance(cid, str) or cid not in owned_open or cid not in catalogue:
            raise refuse("E_DEPLOY_NOT_OWNED", character=str(cid))
        if cid in seen:
            raise refuse("E_DEPLOY_DUPLICATE", character=cid)
        seen.add(cid)
        assert isinstance(raw, Mapping)
        deploys.append(_check_deploy(state, own, catalogue[cid], raw, normal, seated, active))
    threshold = args.get("abandon_threshold")  # step 11 (R50)
    if threshold is not None:
        if not is_seated:
            raise refuse("E_ABANDON_NOT_SEATED", house=own)
        soldiers_open = int(opening["teams"][own]["soldiers"])
        if (
            not isinstance(threshold, int)
            or isinstance(threshold, bool)
            or not 0 <= threshold <= soldiers_open
        ):
            raise refuse("E_ABANDON_RANGE", value=str(threshold), soldiers=soldiers_open)
    return team, normal, deploys, threshold


def _check_deploy(
    state: TronoState,
    own: str,
    character: Character,
    raw: Mapping[str, Any],
    actions: list[dict[str, Any]],
    seated: list[str],
    active: list[str],
) -> dict[str, Any]:
    """R61: a deployment's parameters fit its character; an extra enlist is barred from a
    seat (R46)."""
    cid = character.id
    extra = set(raw) - {"character", "target", "slot"}
    if extra:
        raise refuse("E_DEPLOY_PARAM", character=cid, reason=f"unexpected {sorted(extra)[0]}")
    out: dict[str, Any] = {"character": cid}
    is_attack = any(
        e.kind == "extra_action" and e.get("action") == "attack" for e in character.effects
    )
    target = raw.get("target")
    if character.needs_target:
        if is_attack:
            try:
                out["target"] = check_target(state, own, target, seated, active, cid)
            except IllegalAction as exc:
                raise refuse("E_DEPLOY_PARAM", character=cid, reason=exc.message) from None
        else:
            if not isinstance(target, str) or target not in active or target == own:
                raise refuse("E_DEPLOY_PARAM", character=cid, reason="needs an active house")
            out["target"] = target
    elif target is not None:
        raise refuse("E_DEPLOY_PARAM", character=cid, reason="takes no target")
    slot = raw.get("slot")
    if character.needs_slot:
        if not isinstance(slot, int) or isinstance(slot, bool) or not 1 <= slot <= 3:
            raise refuse("E_DEPLOY_PARAM", character=cid, reason="needs a slot 1..3")
        if actions[slot - 1]["kind"] == "hire":
            raise refuse("E_DEPLOY_PARAM", character=cid, reason="the slot holds a hire")
        out["slot"] = slot
    elif slot is not None:
        raise refuse("E_DEPLOY_PARAM", character=cid, reason="takes no slot")
    if own in seated and any(
        e.kind == "extra_action" and e.get("action") == "enlist" for e in character.effects
    ):
        raise refuse("E_ENLIST_ON_SEAT", house=own)
    return out
