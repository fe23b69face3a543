"""Swiss pairing. Round 1: the top half of the seeding meets the bottom half. Later
rounds: the bye goes to the lowest-ranked entrant without one; then each highest unpaired
entrant meets the highest unpaired one it has not met yet.

That greedy rule can paint itself into a corner (the last two have met already) when
another choice higher up would have avoided every rematch. Then, and only then, each
choice is kept only if the entrants still unpaired can all meet someone new (a perfect
matching of the "not yet met" graph, by networkx's blossom algorithm); when no pairing
avoids a rematch at all, the greedy rule pairs with the highest unpaired entrant."""

from __future__ import annotations

from collections.abc import Collection

import networkx as nx

Met = Collection[frozenset[int]]


def swiss_rounds(entrants: int) -> int:
    """ceil(log2 E), the default number of rounds."""
    return max(1, (entrants - 1).bit_length())


def bye_for(order: list[int], had_bye: Collection[int]) -> int | None:
    """With an odd count, the lowest-ranked entrant without a bye (all had one: the
    lowest-ranked)."""
    if len(order) % 2 == 0:
        return None
    return next((e for e in reversed(order) if e not in had_bye), order[-1])


def first_round(seeding: list[int]) -> list[list[int]]:
    """Seeds 1…m/2 against m/2+1…m (1 v 5, 2 v 6… for 8); the bye to the last seed."""
    bye = bye_for(seeding, ())
    playing = [e for e in seeding if e != bye]
    half = len(playing) // 2
    pairs = [[playing[i], playing[i + half]] for i in range(half)]
    return pairs + ([[bye]] if bye is not None else [])


def pair_round(order: list[int], met: Met, had_bye: Collection[int]) -> list[list[int]]:
    """A later round's pairings; `order` is the standings order."""
    bye = bye_for(order, had_bye)
    playing = [e for e in order if e != bye]
    pairs = _greedy(playing, met) or _avoiding(playing, met) or _greedy(playing, met, True)
    assert pairs is not None
    return [list(p) for p in pairs] + ([[bye]] if bye is not None else [])


def _greedy(order: list[int], met: Met, rematch: bool = False) -> list[tuple[int, int]] | None:
    """As written: None when someone is left with nobody new (unless `rematch`)."""
    unpaired = list(order)
    pairs = []
    while unpaired:
        top = unpaired.pop(0)
        other = next((e for e in unpaired if frozenset((top, e)) not in met), None)
        if other is None:
            if not rematch:
                return None
            other = unpaired[0]
        unpaired.remove(other)
        pairs.append((top, other))
    return pairs


def _can_all_meet_someone_new(entrants: list[int], met: Met) -> bool:
    graph: nx.Graph[int] = nx.Graph()
    graph.add_nodes_from(entrants)
    graph.add_edges_from(
        (a, b)
        for i, a in enumerate(entrants)
        for b in entrants[i + 1 :]
        if frozenset((a, b)) not in met
    )
    return len(nx.max_weight_matching(graph, maxcardinality=True)) * 2 == len(entrants)


def _avoiding(order: list[int], met: Met) -> list[tuple[int, int]] | None:
    """The greedy rule, each choice kept only if the rest can still avoid rematches."""
    if not _can_all_meet_someone_new(order, met):
        return None
    unpaired = list(order)
    pairs = []
    while unpaired:
        top = unpaired.pop(0)
        for other in unpaired:
            rest = [e for e in unpaired if e != other]
            if frozenset((top, other)) not in met and _can_all_meet_someone_new(rest, met):
                break
        unpaired.remove(other)
        pairs.append((top, other))
    return pairs
