"""Legend abilities (R52–R54): which trigger at a moment, in what order, and how one
resolves (its effects in listed order, ahead of anything queued after it)."""

from __future__ import annotations

from functools import cache
from typing import Any

from tavola.core import Event

from .content import starter
from .content_model import AbilityDef
from .effects import seat_of
from .state import LeagueState, other


def fits_role(attribute: str, side: int, state: LeagueState) -> bool:
    """R52: Star acts while its owner attacks, Moon while it defends, Sun in either role."""
    if attribute == "star":
        return side == state.attacker
    if attribute == "moon":
        return side == state.defender
    return True


def condition_holds(condition: str, side: int, state: LeagueState) -> bool:
    turn = state.t
    if condition == "dealt":
        return (turn.final_damage or 0) >= 1
    if condition == "blocked":
        return turn.block == "declared"
    if condition == "opp_exited":
        return turn.exiting[other(side)] and not turn.exiting[side]
    return True


@cache
def _with_trigger(loadout: tuple[str, ...], trigger: str) -> tuple[AbilityDef, ...]:
    """A loadout's abilities with this trigger, in slot order: the flow asks at every
    moment, and most loadouts have none for most moments."""
    abilities = starter().abilities
    return tuple(abilities[a] for a in loadout if abilities[a].trigger == trigger)


def triggered(
    state: LeagueState, side: int, legend_id: str, trigger: str, *, in_arena: bool = True
) -> list[dict[str, Any]]:
    """The abilities of `side`'s `legend_id` that trigger now, in slot order (R52, R53)."""
    player = state.sides[side]
    if state.t.silenced[side] or (in_arena and player.arena != legend_id):
        return []
    items = []
    for ability in _with_trigger(player.abilities(legend_id), trigger):
        ability_id = ability.ability_id
        if fits_role(ability.attribute, side, state) and condition_holds(
            ability.condition, side, state
        ):
            items.append(
                {"kind": "ability", "owner": side, "legend": legend_id, "ability": ability_id}
            )
    return items


def trigger_arena(state: LeagueState, trigger: str) -> None:
    """R53: the attacker's legend's abilities first, then the defender's, queued."""
    assert state.attacker is not None
    for side in (state.attacker, other(state.attacker)):
        legend = state.sides[side].arena
        if legend is not None:
            state.queue.extend(triggered(state, side, legend, trigger))


def resolve_ability(state: LeagueState, item: dict[str, Any], events: list[Event]) -> None:
    """An ability fires: its effects go to the front of the queue, in listed order."""
    ability = starter().abilities[item["ability"]]
    events.append(
        Event(
            "ABILITY_TRIGGERED",
            {
                "seat": seat_of(item["owner"]),
                "legend": item["legend"],
                "ability": ability.ability_id,
            },
        )
    )
    effects = [
        {
            "kind": "effect",
            "owner": item["owner"],
            "source": ability.ability_id,
            "legend": item["legend"],
            "effect": effect.to_json(),
        }
        for effect in ability.effects
    ]
    state.queue[0:0] = effects
