"""A world for ISMCTS (§8): a full state consistent with what one seat sees, drawn only from
what it sees, so that two states the seat cannot tell apart give the same world.

Redrawn: the seat's own deck order; the opponent's unseen cards (deck, hand and face-down
cards, each face-down slot getting a tactic card); the opponent's hidden designation and
sealed override choice; the future dice (a fresh RNG, no script). A lineup sealed in the
game (custom tables) is redrawn where unseen: the legends not revealed, their loadouts and
the cards nobody has seen (`unseen_lineup.py`). A lineup given in the table's config stays
(DECISIONS: it is known)."""

from __future__ import annotations

from tavola.core import Rng

from .actions import affordable
from .content import starter
from .state import SEATS, LeagueState, other
from .unseen_lineup import redraw_lineup


def determinize(state: LeagueState, seat: str, rng: Rng) -> LeagueState:
    world = state.clone()
    if seat not in SEATS or state.result is not None:
        world.rng = Rng(rng.next_u32())
        world.dice_script = []
        return world
    own = SEATS.index(seat)
    mine, theirs = world.sides[own], world.sides[other(own)]
    deck = sorted(mine.deck)
    rng.shuffle(deck)
    mine.deck = deck
    # A card everyone has seen (salvaged back to the hand) stays where it is.
    known = set(theirs.exposed)
    unseen = sorted(
        [c for c in theirs.hand if c not in known]
        + theirs.deck
        + [c for c, _ in theirs.zone if c not in known]
    )
    if theirs.lineup is not None and state.config.lineups[other(own)] is None:
        redraw_lineup(world, other(own), [c for c in unseen if c not in known], rng)
    rng.shuffle(unseen)
    cards = starter().cards
    for slot in theirs.zone:
        if slot[0] in known:
            continue
        pick = next(c for c in unseen if cards[world.cards[c]].kind == "tactic")
        unseen.remove(pick)
        slot[0] = pick
    hand_size = len([c for c in theirs.hand if c not in known])
    theirs.hand = [c for c in theirs.hand if c in known] + unseen[:hand_size]
    theirs.deck = unseen[hand_size:]
    opp = other(own)
    redrawn = theirs.designated not in (None, "none", *theirs.waiting)
    if (
        theirs.designated is not None
        and theirs.arena is None
        and (world.stage == "tactic" or redrawn)
    ):
        options = affordable(world, opp)
        if not options or world.config.allow_voluntary_no_entry:
            options = [*options, "none"]
        theirs.designated = options[rng.below(len(options))]
    if theirs.sealed is not None and theirs.sealed["choice"] is not None:
        choices: list[dict[str, str]] = [{"type": "keep_die"}]
        choices += [{"type": "override_die", "card": c} for c in theirs.hand]
        theirs.sealed = {"kind": "override", "choice": choices[rng.below(len(choices))]}
    world.rng = Rng(rng.next_u32())
    world.dice_script = []
    return world
