"""A lineup sealed in the game, redrawn for a bot's world (issue 33, "Fair"): the
opponent's unrevealed legends with their loadouts, and the card ids of its cards nobody has
seen, drawn from the content as the lineup rules allow and around what has been revealed
(its gimmick, its revealed legends and loadouts, its seen cards, the numbers of legends and
cards). Everything is drawn from sorted pools, so the draw reads nothing the seat cannot see."""

from __future__ import annotations

from collections import Counter

from tavola.core import Rng

from .content import Content, starter
from .content_model import Lineup, TeamEntry
from .lineup import eff_cost, rule_problems
from .state import LeagueState, Side

TRIES = 20
"""Draws before keeping the lineup as it is: each draw is legal by construction and the
game's own check confirms it, so the last resort is for a content the draw cannot read."""


def redraw_lineup(world: LeagueState, side: int, hidden: list[str], rng: Rng) -> None:
    """Redraws `side`'s unseen team entries and the card ids of the `hidden` instances
    (before the game is prepared, the whole deck list, its size drawn too)."""
    player = world.sides[side]
    lineup = player.lineup
    assert lineup is not None
    content = starter()
    unseen = _unseen_legends(world, player)
    for _ in range(TRIES):
        team = _team(world, lineup, unseen, content, rng)
        deck = _deck(world, side, lineup, hidden, content, rng)
        drawn = Lineup(tuple(team), lineup.gimmick, tuple(deck))
        if not rule_problems(drawn, content, world.config):
            break
    else:
        return
    player.lineup = drawn
    if player.waiting:
        # The seen legends keep their places in the room; the drawn ones wait after them.
        fresh = [e.legend_id for e in team[len(team) - len(unseen) :]]
        player.waiting = [legend for legend in player.waiting if legend not in unseen] + fresh
    if world.cards:
        cards = dict(world.cards)  # clones share the mapping: a new one for the world
        cards.update((f"{side}-{k:02d}", card) for k, card in enumerate(deck))
        world.cards = cards


def _unseen_legends(world: LeagueState, player: Side) -> set[str]:
    """The legends of the team the opponent has not seen: waiting, never revealed (the
    whole team before the game is prepared)."""
    assert player.lineup is not None
    team = {e.legend_id for e in player.lineup.team}
    if world.stage == "lineup":
        return team
    if world.config.open_teams:
        return set()
    return {legend for legend in player.waiting if legend not in player.revealed} & team


def _team(
    world: LeagueState, lineup: Lineup, unseen: set[str], content: Content, rng: Rng
) -> list[TeamEntry]:
    """The seen entries in their order, then as many legends as were unseen, each one
    affordable with the cheapest completion of the rest under the cap (R1–R3), each with
    a loadout of its attribute's abilities that fits its slots (R4)."""
    kept = [e for e in lineup.team if e.legend_id not in unseen]
    config = world.config

    price = {
        legend: eff_cost(item, lineup.gimmick, config) for legend, item in content.legends.items()
    }
    cost = price.__getitem__

    budget = config.team_cost_cap - sum(cost(e.legend_id) for e in kept)
    pool = sorted(set(content.legends) - {e.legend_id for e in kept})
    drawn: list[TeamEntry] = []
    for left in range(len(unseen), 0, -1):
        costs = sorted(cost(legend) for legend in pool)
        rest, bound = sum(costs[: left - 1]), costs[left - 1]
        # With the left - 1 cheapest others after it (the next one if it is among them).
        options = [legend for legend in pool if rest + max(cost(legend), bound) <= budget]
        if not options:
            options = pool  # past the cap: the game's check refuses the draw
        legend = options[rng.below(len(options))]
        pool.remove(legend)
        budget -= cost(legend)
        drawn.append(TeamEntry(legend, _loadout(legend, content, config.ability_slots, rng)))
    return kept + drawn


def _loadout(legend: str, content: Content, slots: int, rng: Rng) -> tuple[str, ...]:
    attribute = content.legends[legend].attribute
    candidates = sorted(
        a for a, ability in content.abilities.items() if ability.attribute == attribute
    )
    rng.shuffle(candidates)
    chosen: list[str] = []
    for ability in candidates:
        if content.abilities[ability].slots <= slots:
            chosen.append(ability)
            slots -= content.abilities[ability].slots
    return tuple(sorted(chosen))


def _deck(
    world: LeagueState, side: int, lineup: Lineup, hidden: list[str], content: Content, rng: Rng
) -> list[str]:
    """The deck list with each hidden instance's card redrawn under the copy limit (R5),
    `tactic` cards first for the face-down slots (a slot holds a tactic card)."""
    config = world.config
    if not world.cards:  # before the game is prepared: every card is unseen
        size = config.deck_min + rng.below(config.deck_max - config.deck_min + 1)
        deck: list[str | None] = [None] * size
        slots = list(range(size))
        tactic_needed = 0
    else:
        deck = list(lineup.deck)
        positions = {f"{side}-{k:02d}": k for k in range(len(deck))}
        slots = sorted(positions[card] for card in hidden)
        for k in slots:
            deck[k] = None
        player = world.sides[side]
        tactic_needed = len([c for c, _ in player.zone if c in hidden])
    name = {card: item.name for card, item in content.cards.items()}
    copies = Counter(name[c] for c in deck if c is not None)
    # The cards a copy may still be added of, kept as the draw goes.
    open_cards = [c for c in sorted(content.cards) if copies[name[c]] < config.copies_max]
    picks: list[str] = []
    for n in range(len(slots)):
        options = open_cards
        if n < tactic_needed:
            options = [c for c in open_cards if content.cards[c].kind == "tactic"]
        if not options:
            options = sorted(content.cards)  # past the copy limit: the game's check refuses
        card = options[rng.below(len(options))]
        copies[name[card]] += 1
        picks.append(card)
        if copies[name[card]] >= config.copies_max:
            open_cards = [c for c in open_cards if name[c] != name[card]]
    rng.shuffle(picks)
    for k, card in zip(slots, picks, strict=True):
        deck[k] = card
    return [c for c in deck if c is not None]
