"""P11 spies, P12 end check and P13 publication: the close of a turn's resolution."""

from __future__ import annotations

from typing import Any

from tavola.core import Event

from .ending import end_check
from .turn_record import TurnRecord, params


def spies(turn: TurnRecord) -> None:
    """P11, R42: each spy reports on the state after P10 (§3.5 kind 9): the target's
    parameters, its characters and charges, or its actions of this turn. A spy of or on a
    team eliminated in P4 fails (R62)."""
    for dep in turn.deployments:
        for effect in dep.effects("spy"):
            target = dep.target or ""
            ok = target in turn.survivors and dep.team in turn.survivors
            dep.outcomes.append(ok)
            if not ok:
                continue
            spied = turn.team(target)
            reveal = effect.get("reveal")
            found: dict[str, Any] = {"target": target, "reveal": reveal}
            if reveal == "parameters":
                found.update(params(spied))
            elif reveal == "characters":
                found["characters"] = [c.model_dump() for c in spied.characters]
            else:
                found["actions"] = turn.slots[target]
                found["extras"] = turn.extras[target]
            turn.reports[dep.team]["spy"].append(found)


def check_end(turn: TurnRecord) -> None:
    """P12, R43: the end check of R72 (ending.end_check)."""
    turn.over = end_check(turn.state, turn.numbers)


def publication(turn: TurnRecord) -> None:
    """P13, R44, R30: the charges are settled, then each team active at the opening,
    including those eliminated this turn, gets its private report (§8); the referees'
    record of the turn is kept. The public bulletin is `referee.publish`, which waits for
    the referees under R45."""
    _settle_charges(turn)
    state = turn.state
    for house in turn.active_open:
        team = turn.team(house)
        report = turn.reports[house]
        report["after"] = params(team)
        report["characters"] = [c.model_dump() for c in team.characters]
        report["seat"] = (
            "throne" if state.throne == house else ("tower" if state.tower == house else None)
        )
        report["eliminated"] = not team.active
        team.reports.append(report)
        turn.events.append(
            Event("turn_report", {"team": house, "turn": turn.k}, turn.audience(house))
        )
    state.resolutions.append(
        {
            "turn": turn.k,
            "numbers": turn.numbers,
            "battle": turn.battle,
            "op": {x: dict(sorted(v.items())) for x, v in sorted(turn.op.items())},
            "eliminated": turn.eliminated,
            "tower_removed": turn.had_tower and not state.tower_exists,
        }
    )
    if turn.over:
        result = state.result
        turn.events.append(
            Event(
                "game_over",
                {
                    "king": result["king"] if result else None,
                    "hand": result["hand"] if result else None,
                },
            )
        )


def _settle_charges(turn: TurnRecord) -> None:
    """R30: a failed deployment of a character that keeps its charge on failure gets it
    back; each deployment's outcome goes to its team's report; an instance with no charge
    left leaves its team."""
    for dep in turn.deployments:
        instance = turn.team(dep.team).owns(dep.character.id)
        if dep.failed and not dep.character.consume_on_failure and dep.charge == "spent":
            dep.charge = "returned"
            if instance is not None and instance.charges_left is not None:
                instance.charges_left += 1
        turn.reports[dep.team]["deployments"].append(
            {
                "character": dep.character.id,
                "target": dep.target,
                "slot": dep.slot,
                "outcome": "failure" if dep.failed else "success",
                "charge": dep.charge,
            }
        )
        turn.events.append(
            Event(
                "charge_spent",
                {
                    "team": dep.team,
                    "character": dep.character.id,
                    "charge": dep.charge,
                    "failed": dep.failed,
                },
                turn.audience(dep.team),
            )
        )
    for team in turn.state.teams:
        team.characters = [c for c in team.characters if c.charges_left != 0]
