"""Stable numbers for a person's menu at the League terminal: a number means the same move
for the whole battle, so that moves coming and going never shift the others.

0 concedes. 1 and 2 are the step's own choices (keep the die, pass, field no legend,
attack or block — 1 — or not — 2 —, draw Purgatory's extra card or not). 11 to 17
designate a legend by its place in the team. From 21 a card, by its place among the deck's
distinct cards (the same card, the same number, in hand or in the zone). A lineup is its
preset's place in the presets' list; a referee's die report is the face itself. Moves that
share a number (one card, several targets) are chosen between in a second question."""

from __future__ import annotations

from collections.abc import Sequence

from tavola.core import Action

from .state import LeagueState

CONCEDE = 0
FIXED = {
    "keep_die": 1,
    "pass": 1,
    "designate_none": 1,
    "declare_attack": 1,
    "declare_block": 1,
    "declare_no_attack": 2,
    "declare_no_block": 2,
}
LEGEND_BASE = 10
CARD_BASE = 20
SPARE_BASE = 90
"""Numbers for a move no rule above numbers (a card from outside the deck)."""
CARD_MOVES = ("override_die", "use_support", "set_tactic", "activate_tactic")


def _distinct(items: Sequence[str]) -> list[str]:
    return list(dict.fromkeys(items))


def number_of(state: LeagueState, seat: str, action: Action, presets: Sequence[str]) -> int | None:
    """The move's number, or None if no rule numbers it."""
    kind, args = action.type, action.args
    if kind == "concede":
        return CONCEDE
    if kind in FIXED:
        return FIXED[kind]
    if kind == "take_extra":
        return 1 if args.get("yes") else 2
    if kind == "submit_lineup":
        preset = str(args["preset"])
        return presets.index(preset) + 1 if preset in presets else None
    if kind == "report_die":
        return int(args["face"])
    lineup = state.sides[int(seat)].lineup if seat.isdigit() else None
    if lineup is None:
        return None
    if kind == "designate_legend":
        team = [entry.legend_id for entry in lineup.team]
        legend = str(args["legend"])
        return LEGEND_BASE + team.index(legend) + 1 if legend in team else None
    if kind in CARD_MOVES:
        deck = _distinct(lineup.deck)
        card_id = state.cards.get(str(args.get("card")), "")
        return CARD_BASE + deck.index(card_id) + 1 if card_id in deck else None
    return None


def menu(
    state: LeagueState, seat: str, legal: Sequence[Action], presets: Sequence[str]
) -> list[tuple[int, list[int]]]:
    """(number, positions in `legal`) in the order the numbers are shown: ascending, with
    concede last."""
    groups: dict[int, list[int]] = {}
    spare = SPARE_BASE
    for position, action in enumerate(legal):
        number = number_of(state, seat, action, presets)
        if number is None:
            number, spare = spare, spare + 1
        groups.setdefault(number, []).append(position)
    return sorted(groups.items(), key=lambda item: (item[0] == CONCEDE, item[0]))
