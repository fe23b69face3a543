"""P1 values and P2 hiring: what each slot is worth, the deployments, the hires."""

from __future__ import annotations

from tavola.core import Event

from .houses import WHEEL_OF
from .lotto import value
from .state import CharacterInstance
from .turn_record import Deployment, Entry, TurnRecord

NO_VALUE = ("hire", "void")
"""Slots that get no value, their number unused: a hire (R29) and a void action of a post
copied from the forum (DECISIONS 22)."""


def values(turn: TurnRecord) -> None:
    """P1, R29, R30, R70: each slot's number and base value (a hire gets none); every
    deployment spends a charge (a revoked character's deployment fails); then
    alternate_number, action_bonus and enemy_malus (§3.5 kinds 1–3), the final values
    (floor 0) and the extra actions (kind 4) with their own values."""
    _deploy(turn)
    for dep in turn.deployments:
        nums = turn.numbers[WHEEL_OF[dep.team]]
        for effect in dep.effects("alternate_number"):
            entry = turn.slots[dep.team][int(dep.slot or 1) - 1]
            alt = value(nums[int(effect.get("index")) - 1])
            entry["base"] = alt if effect.get("mode") == "replace" else max(entry["base"], alt)
            dep.outcomes.append(True)
    for house in turn.active_open:
        for entry in turn.slots[house]:
            if entry["kind"] not in NO_VALUE:
                entry["adjust"] = 0
    for dep in turn.deployments:
        for effect in dep.effects("action_bonus"):
            touched = [e for e in turn.slots[dep.team] if e["kind"] == effect.get("action")]
            for entry in touched:
                entry["adjust"] += int(effect.get("delta"))
            dep.outcomes.append(bool(touched))
        for effect in dep.effects("enemy_malus"):
            target_slots = turn.slots.get(dep.target or "", [])
            touched = [e for e in target_slots if e["kind"] == effect.get("action")]
            for entry in touched:
                entry["adjust"] -= int(effect.get("delta"))
            dep.outcomes.append(bool(touched))
    for house in turn.active_open:
        for entry in turn.slots[house]:
            if entry["kind"] not in NO_VALUE:
                entry["value"] = max(0, entry["base"] + entry.pop("adjust"))
        turn.reports[house]["slots"] = turn.slots[house]
    _extra_actions(turn)
    turn.events.append(
        Event(
            "values_computed",
            {
                "turn": turn.k,
                "values": {h: [e.get("value") for e in turn.slots[h]] for h in turn.active_open},
            },
            turn.referees(),
        )
    )


def _deploy(turn: TurnRecord) -> None:
    """The slots with their numbers and base values, and the deployments, team by team."""
    for house in turn.active_open:
        team = turn.team(house)
        post = turn.posts[house]
        nums = turn.numbers[WHEEL_OF[house]]
        turn.slots[house] = []
        if post is None:
            continue
        for s, action in enumerate(post.actions, start=1):
            entry = dict(action)
            entry["slot"] = s
            if action["kind"] not in NO_VALUE:
                entry["number"] = nums[s - 1]
                entry["base"] = value(nums[s - 1])
            turn.slots[house].append(entry)
        for raw in post.deploy:
            instance = team.owns(raw["character"])
            dep = Deployment(
                house, turn.catalogue[raw["character"]], raw.get("target"), raw.get("slot")
            )
            if instance is None:
                dep.revoked = True  # R70: a revoked character's deployment fails
                dep.charge = "none"
            elif instance.charges_left is not None:
                instance.charges_left -= 1
            turn.deployments.append(dep)
            turn.events.append(
                Event(
                    "character_deployed",
                    {"team": house, "character": dep.character.id},
                    turn.audience(house),
                )
            )


def _extra_actions(turn: TurnRecord) -> None:
    """§3.5 kind 4: a fixed value or v(n4)/v(n5); an extra attack keeps its target."""
    turn.extras = {h: [] for h in turn.active_open}
    for dep in turn.deployments:
        nums = turn.numbers[WHEEL_OF[dep.team]]
        for effect in dep.effects("extra_action"):
            amount = effect.get("value")
            if amount is None:
                amount = value(nums[int(effect.get("index")) - 1])
            extra: Entry = {"kind": effect.get("action"), "value": int(amount), "extra": True}
            if effect.get("action") == "attack":
                extra["target"] = dep.target or "all"
            turn.extras[dep.team].append(extra)
            dep.outcomes.append(True)


def hiring(turn: TurnRecord) -> None:
    """P2, R31, R70: hires in slot order; a hire the team can no longer afford fails."""
    for house in turn.active_open:
        team = turn.team(house)
        for entry in turn.slots[house]:
            if entry["kind"] != "hire":
                continue
            character = turn.catalogue[entry["character"]]
            if team.chests < character.cost:
                turn.reports[house]["hires"].append(
                    {"character": character.id, "cost": character.cost, "ok": False}
                )
                turn.events.append(
                    Event(
                        "hire_failed",
                        {"team": house, "character": character.id},
                        turn.audience(house),
                    )
                )
                continue
            team.chests -= character.cost
            team.characters.append(
                CharacterInstance(
                    character_id=character.id, charges_left=character.charges, hired_turn=turn.k
                )
            )
            team.hired_ever.append(character.id)
            turn.reports[house]["hires"].append(
                {"character": character.id, "cost": character.cost, "ok": True}
            )
            turn.events.append(
                Event(
                    "hire_resolved",
                    {"team": house, "character": character.id, "cost": character.cost},
                    turn.audience(house),
                )
            )
