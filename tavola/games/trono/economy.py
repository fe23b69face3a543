"""P5–P9, for the teams that survived the battle (R34; their gains, DECISIONS 6): enlist,
tax and steals, rally and exchanges, the no-attack penalty, the seat banners."""

from __future__ import annotations

from tavola.core import Event

from .characters import Effect
from .turn_record import Deployment, TurnRecord


def enlist(turn: TurnRecord) -> None:
    """P5, R35: soldiers += enlist + gain soldiers, capped at the soldier maximum; a gain
    that finds the team at the cap fails (§3.5 kind 8)."""
    cap = turn.state.soldier_max
    for house in turn.survivors:
        team = turn.team(house)
        enlisted = turn.total(house, "enlist")
        after_enlist = min(cap, team.soldiers + enlisted)
        gain = 0
        for dep in turn.own(house):
            for effect in dep.effects("gain"):
                if effect.get("resource") == "soldiers":
                    dep.outcomes.append(after_enlist + gain < cap)
                    gain += int(effect.get("amount"))
        before = team.soldiers
        team.soldiers = min(cap, team.soldiers + enlisted + gain)
        turn.reports[house]["enlist"] = enlisted
        # What the team really got: the cap may take some of the enlist and the gain.
        turn.reports[house]["enlisted"] = after_enlist - before
        turn.reports[house]["gain_soldiers"] = team.soldiers - after_enlist


def tax_and_steals(turn: TurnRecord) -> None:
    """P6, R36, R37: chests += tax + gain chests; then the steals (§3.5 kind 7), taken from
    a snapshot in the thieves' post order and transferred all at once."""
    for house in turn.survivors:
        team = turn.team(house)
        tax = turn.total(house, "tax")
        gain = turn.gained(house, "chests")
        team.chests += tax + gain
        report = turn.reports[house]
        report["tax"] = tax
        report["gain_chests"] = gain
        report["stolen_from_us"] = 0
        report["stolen_by_us"] = 0
    for thief, target, amount in _steals(turn):
        turn.team(target).chests -= amount
        turn.team(thief).chests += amount
        turn.reports[target]["stolen_from_us"] += amount
        turn.reports[thief]["stolen_by_us"] += amount
        turn.events.append(
            Event(
                "chests_stolen",
                {"thief": thief, "target": target, "amount": amount},
                turn.referees(),
            )
        )


def _steals(turn: TurnRecord) -> list[tuple[str, str, int]]:
    """The transfers (thief, target, amount) of this turn's steals (R37); a steal that takes
    nothing, or aims at a team eliminated in P4 (R62), fails. A thief eliminated in P4 steals
    nothing; teams that posted at the same instant go in wheel order (DECISIONS 7)."""
    snapshot = {h: turn.team(h).chests for h in turn.survivors}
    steals: list[tuple[Deployment, Effect]] = [
        (dep, effect)
        for dep in turn.deployments
        for effect in dep.effects("steal_chests")
        if dep.team in turn.survivors
    ]
    transfers: list[tuple[str, str, int]] = []
    taken: dict[str, int] = {}
    for dep, effect in sorted(steals, key=lambda de: turn.post_order(de[0].team)):
        target = dep.target or ""
        if target not in turn.survivors:
            dep.outcomes.append(False)
            continue
        amount = min(int(effect.get("amount")), snapshot[target] - taken.get(target, 0))
        taken[target] = taken.get(target, 0) + amount
        dep.outcomes.append(amount > 0)
        if amount > 0:
            transfers.append((dep.team, target, amount))
    return transfers


def rally_and_exchanges(turn: TurnRecord) -> None:
    """P7, R38: banners += rally + gain banners; then the exchanges (§3.5 kind 11)."""
    for house in turn.survivors:
        team = turn.team(house)
        rally = turn.total(house, "rally")
        gain = turn.gained(house, "banners")
        team.banners += rally + gain
        turn.reports[house]["rally"] = rally
        turn.reports[house]["gain_banners"] = gain
        exchanged = 0
        for dep in turn.own(house):
            for effect in dep.effects("exchange"):
                pay = int(effect.get("pay_chests"))
                ok = team.chests >= pay
                if ok:
                    team.chests -= pay
                    team.banners += int(effect.get("get_banners"))
                    exchanged += int(effect.get("get_banners"))
                dep.outcomes.append(ok)
        turn.reports[house]["exchange_banners"] = exchanged


def no_attack_penalty(turn: TurnRecord) -> None:
    """P8, R39: any attack, extra attack or direct damage resets the counter, otherwise it
    advances; from the grace count on, a banner is lost unless a penalty_waiver was
    deployed (§3.5 kind 10), which fails when no loss was due (DECISIONS 8)."""
    grace = turn.state.config.no_attack_grace
    for house in turn.survivors:
        team = turn.team(house)
        attacked = any(e["kind"] == "attack" for e in turn.actions(house)) or any(
            dep.effects("direct_damage") for dep in turn.own(house)
        )
        team.turns_without_attack = 0 if attacked else team.turns_without_attack + 1
        due = team.turns_without_attack >= grace
        waivers = [d for d in turn.own(house) if d.effects("penalty_waiver")]
        for dep in waivers:
            dep.outcomes.append(due)
        penalty = 1 if due and not waivers and team.banners > 0 else 0
        team.banners -= penalty
        turn.reports[house]["penalty"] = penalty
        turn.reports[house]["counter"] = team.turns_without_attack
        if penalty:
            turn.events.append(Event("no_attack_penalty", {"team": house}, turn.audience(house)))


def seat_banners(turn: TurnRecord) -> None:
    """P9, R40: a team seated at the opening gains the seat banners, even if it steps
    down in P10."""
    for house in turn.survivors:
        gained = turn.state.config.seat_banner_gain if house in turn.seated else 0
        turn.team(house).banners += gained
        turn.reports[house]["seat_banners"] = gained
        if gained:
            turn.events.append(
                Event("seat_banners", {"team": house, "banners": gained}, turn.audience(house))
            )
