"""Publication (R44, R45, P13): what a turn's results hold back while the referees review
them, and what reaches each audience once published.

P13 gives each team its private report (`team_reports`, the last phase of the resolution).
Under review (R45, phase review) a team and the public see the game as it was last
published — for a turn never published, as it stood before its draw — and every event the
review makes goes to the referees alone, kept to be sent as it was meant at publication. A
draw correction under review replaces what is kept; nothing already sent changes
(DECISIONS 36). Publishing sends what was kept and the public bulletin; the next turn
opening after it is `turns.publish_turn`."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from tavola.core import Event

from .audiences import referees
from .messages import text
from .state import TronoState
from .turn_record import TurnRecord, params

# -- P13: the teams' private reports ----------------------------------------------------------


def team_reports(turn: TurnRecord) -> None:
    """P13, R44, R30: the charges are settled, then each team active at the opening,
    including those eliminated this turn, gets its private report (§8); the referees'
    record of the turn is kept. The public bulletin is `publish`, which waits for
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


# -- R45: held under review -------------------------------------------------------------------


def published(state: TronoState) -> TronoState:
    """The game as a team or the public may know it: under review, the state as it was
    last published (the pre-resolution state, or the one kept by a correction of a turn
    already published), in phase review so that their pages say so."""
    if state.phase != "review":
        return state
    shown = state.last_published or state.pre_resolution
    if shown is None:
        return state
    seen = TronoState.model_validate(shown)
    seen.phase, seen.now = "review", state.now
    return seen


def hold(state: TronoState, events: Iterable[Event]) -> list[Event]:
    """The events made under review, for the referees only; each is kept, with its own
    audience, to be sent at publication (events only the referees see are not kept)."""
    only = referees(state)
    out: list[Event] = []
    for event in events:
        if event.visible_to is not None and event.visible_to <= only:
            out.append(event)
            continue
        state.held_events.append(event.to_record())
        out.append(Event(event.type, event.data, only))
    return out


def release(state: TronoState) -> list[Event]:
    """At publication, the events kept under review, to their own audiences."""
    events = [Event.from_record(record) for record in state.held_events]
    state.held_events = []
    state.last_published = None
    return events


def supersede(state: TronoState) -> dict[str, Any] | None:
    """Before a draw correction: what a team and the public keep seeing while the
    corrected turn is under review — the state as published, unless the turn was never
    published (then the pre-resolution state says it, and nothing is kept here)."""
    if state.phase == "review":
        return state.last_published
    last = state.model_copy()
    last.pre_resolution = None
    last.last_published = None
    return last.model_dump(mode="json")


# -- the public bulletin ---------------------------------------------------------------------


def publish(state: TronoState) -> list[Event]:
    """P13: the events kept under review and the public bulletin (R45); the last turn ends
    the game once published (the next turn opening otherwise is `turns.publish_turn`)."""
    k = state.turn
    released = release(state)
    state.bulletins.append(bulletin(state))
    state.published_turn = k
    events = [
        *released,
        Event("turn_published", {"turn": k, "throne": state.throne, "tower": state.tower}),
    ]
    if state.result is not None:
        state.phase = "over"  # the last turn, held for review, ends the game once published
    return events


def bulletin(state: TronoState) -> dict[str, Any]:
    """The public bulletin of turn `state.turn`: the seats, before and after, the
    eliminations, the winners, and its lines in each language."""
    k = state.turn
    last = state.resolutions[-1] if state.resolutions else {"eliminated": []}
    removed = bool(last.get("tower_removed"))
    out: dict[str, Any] = {
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
        out["winners"] = {"king": state.result["king"], "hand": state.result["hand"]}
    for lang in ("it", "en"):
        out[f"lines_{lang}"] = _bulletin_lines(state, out, lang)
    # R68: results sent again after a correction say so (a turn corrected before it was
    # ever published is simply published)
    if any(r.get("corrected") for team in state.teams for r in team.reports if r["turn"] == k):
        out["corrected"] = True
    return out


def _bulletin_lines(state: TronoState, bulletin: dict[str, Any], lang: str) -> list[str]:
    lines = [
        text(lang, "bulletin.turn", turn=bulletin["turn"]),
        text(lang, "bulletin.throne", house=state.throne),
    ]
    if state.tower:
        lines.append(text(lang, "bulletin.tower", house=state.tower))
    if bulletin["eliminated"]:
        lines.append(text(lang, "bulletin.eliminated", houses=", ".join(bulletin["eliminated"])))
    if bulletin["tower_removed"]:
        lines.append(text(lang, "bulletin.tower_removed"))
    if state.result is not None and state.result["king"]:
        lines.append(text(lang, "bulletin.king", house=state.result["king"]))
        if state.result["hand"]:
            lines.append(text(lang, "bulletin.hand", house=state.result["hand"]))
    return lines
