"""Who may be attacked (R31–R37): opponents, protection tiers and the protected main."""

from __future__ import annotations

from .state import Battle, Character, LegendsState


def battle(state: LegendsState) -> Battle:
    assert state.battle is not None
    return state.battle


def alive_characters(state: LegendsState, seat: str) -> list[Character]:
    """The characters on a seat's table, in placement order (the main first)."""
    b = state.battle
    assert b is not None
    characters = b.characters
    return [characters[iid] for iid in state.seats[seat].table]


def are_opponents(state: LegendsState, a: str, b: str) -> bool:
    """R31: seats on different teams."""
    return state.seats[a].team != state.seats[b].team


def opponents(state: LegendsState, seat: str) -> list[str]:
    """Non-eliminated seats of other teams, in turn order."""
    seats = state.seats
    team = seats[seat].team
    return [s for s in state.turn_order if not (info := seats[s]).eliminated and info.team != team]


def main_protected(state: LegendsState, seat: str) -> bool:
    """R32, R33: the main is protected while its seat controls an alive non-main character
    (with `team_protection`, while any teammate does)."""
    b = state.battle
    assert b is not None
    characters = b.characters
    if not state.config.team_protection:
        for iid in state.seats[seat].table:  # noqa: SIM110 (a plain loop: asked at every step)
            if not characters[iid].is_main:
                return True
        return False
    team = state.seats[seat].team
    guards = [s for s, info in state.seats.items() if info.team == team and not info.eliminated]
    return any(not c.is_main for s in guards for c in alive_characters(state, s))


def attack_targets(state: LegendsState, defender: str) -> list[str]:
    """R32: Tier 1 (ready non-mains) if any; else Tier 2 (vulnerable non-mains, and EGs,
    R97), plus the main when it is no longer protected."""
    b = state.battle
    assert b is not None
    on_table = b.characters
    table = state.seats[defender].table
    # R7's ready, inline: this runs for every defender at every listing.
    tier1 = [
        iid
        for iid in table
        if not ((c := on_table[iid]).is_main or c.exhausted or c.sleep_remaining > 0)
    ]
    if tier1:
        return tier1
    characters = [on_table[iid] for iid in table]
    vulnerable = [c for c in characters if c.exhausted or c.sleep_remaining > 0]  # inline
    targets = [c.iid for c in vulnerable if not c.is_main]
    targets += list(state.seats[defender].egs)
    if not main_protected(state, defender):
        targets += [c.iid for c in characters if c.is_main]
    return targets


def controller_of(state: LegendsState, iid: str) -> str | None:
    """The seat whose table holds this character (or EG), or None."""
    b = battle(state)
    ch = b.characters.get(iid)
    if ch is not None:
        return ch.controller
    eg = b.egs.get(iid)
    return eg.controller if eg is not None else None


def target_refusal(
    state: LegendsState, seat: str, target: str, only_from: str | None
) -> str | None:
    """The refusal code for attacking `target` (A8 order), or None when it is legal. It is
    asked when an attack is declared, never again while its combat is open (R37).
    `only_from`: in a counter-attack phase, the seat whose cards may be attacked (R59)."""
    owner = controller_of(state, target)
    if owner is None:
        return "invalid_target"
    if not are_opponents(state, seat, owner):
        return "target_not_opponent"
    if target not in attack_targets(state, owner):
        ch = battle(state).characters.get(target)
        if ch is not None and ch.is_main and main_protected(state, owner):
            return "main_protected"
        return "protected_target"
    if only_from is not None and owner != only_from:
        return "counter_target_not_attacker"
    return None
