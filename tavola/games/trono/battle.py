"""P3 battle and P4 elimination."""

from __future__ import annotations

from typing import Any

from tavola.core import Event

from .posts import hits_of
from .state import Team, TronoState
from .turn_record import Deployment, TurnRecord

Hit = dict[str, Any]  # from, to, amount, pierce, direct, excluded


def battle(turn: TurnRecord) -> None:
    """P3, R32, R33, R70: every hit at once (slot and extra attacks, direct damage; none on a
    disqualified team), the offensive power op before defence, throne immunity, defence,
    piercing damage and reduce shields (§3.5 kinds 5 and 6); soldiers fall, floor 0."""
    hits, direct = _hits(turn)
    immune = {
        dep.team: dep
        for dep in turn.deployments
        for e in dep.effects("shield")
        if e.get("mode") == "throne_immunity"
    }
    for hit in hits:
        turn.op.setdefault(hit["to"], {}).setdefault(hit["from"], 0)
        turn.op[hit["to"]][hit["from"]] += hit["amount"]
        turn.hit_by.setdefault(hit["to"], set()).add(hit["from"])
        hit["excluded"] = hit["to"] in immune and hit["from"] in turn.seated
    for dep, hit in direct:
        dep.outcomes.append(not hit["excluded"])
    for house, dep in immune.items():
        dep.outcomes.append(any(h in turn.seated for h in turn.hit_by.get(house, ())))
    for house in turn.active_open:
        _damage(turn, house, [h for h in hits if h["to"] == house and not h["excluded"]])


def _hits(turn: TurnRecord) -> tuple[list[Hit], list[tuple[Deployment, Hit]]]:
    """Every hit of the turn, and the direct damages among them with their deployment; a
    direct damage aimed at a team out of the battle fails."""
    alive = [h for h in turn.active_open if turn.team(h).active and not turn.team(h).disqualified]
    hits: list[Hit] = []
    for house in turn.active_open:
        for entry in turn.actions(house):
            if entry["kind"] != "attack":
                continue
            for target in hits_of(entry["target"], house, turn.seated, alive):
                hits.append(
                    {
                        "from": house,
                        "to": target,
                        "amount": entry["value"],
                        "pierce": False,
                        "direct": False,
                    }
                )
    direct: list[tuple[Deployment, Hit]] = []
    for dep in turn.deployments:
        for effect in dep.effects("direct_damage"):
            if dep.target in alive:
                hit: Hit = {
                    "from": dep.team,
                    "to": dep.target,
                    "amount": int(effect.get("amount")),
                    "pierce": bool(effect.get("pierce")),
                    "direct": True,
                }
                hits.append(hit)
                direct.append((dep, hit))
            else:
                dep.outcomes.append(False)
    return hits, direct


def _damage(turn: TurnRecord, house: str, counted: list[Hit]) -> None:
    """damage = max(0, max(0, A − Dv) + Pc − reduce shields); the battle's line in the
    report and in the referees' record."""
    team = turn.team(house)
    attack = sum(h["amount"] for h in counted if not h["pierce"])
    pierce = sum(h["amount"] for h in counted if h["pierce"])
    defence = turn.total(house, "defend")
    raw = max(0, attack - defence) + pierce
    shield = 0
    for dep in turn.own(house):
        for effect in dep.effects("shield"):
            if effect.get("mode") == "reduce":
                shield += int(effect.get("amount"))
                dep.outcomes.append(raw > 0)
    damage = max(0, raw - shield)
    team.soldiers = max(0, team.soldiers - damage)
    turn.battle[house] = {
        "A": attack,
        "Pc": pierce,
        "D": defence,
        "shield": shield,
        "damage": damage,
    }
    report = turn.reports[house]
    report.update({"A": attack, "Pc": pierce, "Dv": defence, "shield": shield, "damage": damage})
    if turn.state.config.reveal_attackers:
        report["attackers"] = dict(sorted(turn.op.get(house, {}).items()))
    turn.events.append(
        Event(
            "battle_resolved",
            {"team": house, "A": attack, "D": defence, "damage": damage},
            turn.audience(house),
        )
    )


def elimination(turn: TurnRecord) -> None:
    """P4, R34: every team at 0 soldiers is eliminated; later phases skip it."""
    for house in turn.active_open:
        if turn.team(house).soldiers == 0:
            eliminate(turn.state, turn.team(house), turn.k)
            turn.eliminated.append(house)
            turn.events.append(Event("team_eliminated", {"team": house, "turn": turn.k}))
    turn.survivors = [h for h in turn.active_open if turn.team(h).active]


def eliminate(state: TronoState, team: Team, turn: int) -> None:
    """R34: status, records at elimination, characters lost, members eliminated."""
    team.status = "eliminated"
    team.eliminated_turn = turn
    team.banners_at_elimination = team.banners
    team.chests_at_elimination = team.chests
    team.characters = []
    for uid in team.members:
        player = state.players.get(uid)
        if player is not None:
            player.status = "eliminated"
