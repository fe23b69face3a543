"""P11 spies: what each spy sees of its target after P10."""

from __future__ import annotations

from typing import Any

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
