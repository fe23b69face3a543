"""The reference practice bot (§10) and the menu of posts `legal_actions` lists."""

from __future__ import annotations

from typing import Any

from tavola.core import Action, Game, IllegalAction

from .houses import HOUSES
from .posts import validate_post
from .state import Team, TronoState, catalogue_of

Json = dict[str, Any]


def _hireable(state: TronoState, team: Team) -> list[tuple[int, str]]:
    chests = int(state.opening["teams"][team.key]["chests"])
    return sorted(
        (c.cost, c.id)
        for c in catalogue_of(state).values()
        if (c.kind == "neutral" or c.house_id == team.house_id)
        and c.id not in team.hired_ever
        and c.cost <= chests
    )


def _post(state: TronoState, team: Team, actions: list[Json], deploy: list[Json]) -> Action:
    return Action("submit_post", team=team.key, turn=state.turn, actions=actions, deploy=deploy)


def _valid(state: TronoState, team: Team, actions: list[Json], deploy: list[Json]) -> bool:
    try:
        validate_post(
            state,
            team.members[0],
            {"team": team.key, "turn": state.turn, "actions": actions, "deploy": deploy},
            state.now,
        )
    except IllegalAction:
        return False
    return True


def deployments(state: TronoState, team: Team, actions: list[Json]) -> list[Json]:
    """§10: every owned character whose parameters the bot can fill; refused ones skipped."""
    seated = list(state.opening["seated"])
    active = list(state.opening["active"])
    is_seated = team.key in seated
    catalogue = catalogue_of(state)
    if is_seated:
        target = next((h for h in HOUSES if h in active and h not in seated), None)
    else:
        target = state.opening.get("throne")
    slot = next((i for i, a in enumerate(actions, start=1) if a["kind"] != "hire"), None)
    chosen: list[Json] = []
    for cid in state.opening["teams"][team.key]["characters"]:
        character = catalogue.get(cid)
        if character is None:
            continue
        entry: Json = {"character": cid}
        if character.needs_target:
            attack = any(
                e.kind == "extra_action" and e.get("action") == "attack" for e in character.effects
            )
            entry["target"] = ("all" if is_seated else "trono") if attack else target
            if entry["target"] is None:
                continue
        if character.needs_slot:
            if slot is None:
                continue
            entry["slot"] = slot
        if _valid(state, team, actions, [*chosen, entry]):
            chosen.append(entry)
    return chosen


def reference_actions(state: TronoState, team: Team) -> list[Json]:
    seated = team.key in state.opening["seated"]
    soldiers = int(state.opening["teams"][team.key]["soldiers"])
    if seated:
        return [{"kind": "attack", "target": "all"}, {"kind": "defend"}, {"kind": "rally"}]
    if soldiers <= state.soldier_max // 4:
        return [{"kind": "defend"}, {"kind": "enlist"}, {"kind": "enlist"}]
    hireable = _hireable(state, team)
    if state.turn % 2 == 1 and hireable:
        return [
            {"kind": "hire", "character": hireable[0][1]},
            {"kind": "attack", "target": "trono"},
            {"kind": "rally"},
        ]
    return [{"kind": "attack", "target": "trono"}, {"kind": "tax"}, {"kind": "rally"}]


class ReferenceBot:
    """Deterministic: no RNG."""

    def choose(self, game: Game[Any], state: TronoState, seat: str) -> Action:
        legal = game.legal_actions(state, seat)
        team = state.team_of(seat.partition(":")[2])
        if state.phase != "turn_open" or team is None or not legal:
            return legal[0]
        actions = reference_actions(state, team)
        return _post(state, team, actions, deployments(state, team, actions))


def post_menu(state: TronoState, team: Team) -> list[Action]:
    """A menu of valid posts (the whole space runs to tens of thousands): every plain kind
    three times, every attack target with fillers, the two cheapest affordable hires, the reference
    post with every prefix of its deployments. Any other valid post is accepted too."""
    seated = team.key in state.opening["seated"]
    active = list(state.opening["active"])
    plain = ["defend", "tax", "rally"] + ([] if seated else ["enlist"])
    targets = [h for h in active if h != team.key] + (["all"] if seated else ["trono"])
    triples: list[list[Json]] = [[{"kind": k}] * 3 for k in plain]
    for target in targets:
        attack = {"kind": "attack", "target": target}
        triples.append([attack, {"kind": "defend"}, {"kind": "tax"}])
    default = {"kind": "attack", "target": "all" if seated else "trono"}
    triples.append([default, default, {"kind": "rally"}])
    for _, cid in _hireable(state, team)[:2]:
        triples.append([{"kind": "hire", "character": cid}, default, {"kind": "rally"}])
    menu: list[Action] = []
    seen: set[Action] = set()
    for actions in triples:
        if not _valid(state, team, actions, []):
            continue
        action = _post(state, team, actions, [])
        if action not in seen:
            seen.add(action)
            menu.append(action)
    reference = reference_actions(state, team)
    deploy = deployments(state, team, reference)
    for n in range(len(deploy) + 1):
        action = _post(state, team, reference, deploy[:n])
        if action not in seen and _valid(state, team, reference, deploy[:n]):
            seen.add(action)
            menu.append(action)
    return menu
