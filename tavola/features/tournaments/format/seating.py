"""Multi-seat championship tables: entrants in standings order, split into
consecutive tables of `table_size`."""

from __future__ import annotations

from tavola.features.tournaments.format.options import MAX_TABLE


def table_sizes(entrants: int, size: int, most: int = MAX_TABLE) -> list[int]:
    """Tables of `size`; the last holds the rest when that is at least 2. A single
    leftover joins the previous table (up to `most` seats, the game's); at `most` already,
    that table lends it one seat so that the last has 2."""
    if entrants <= size:
        return [entrants]
    full, rest = divmod(entrants, size)
    sizes = [size] * full
    if rest == 1:
        if size + 1 <= most:
            sizes[-1] += 1
        else:
            sizes[-1] -= 1
            sizes.append(2)
    elif rest:
        sizes.append(rest)
    return sizes


def split_tables(order: list[int], size: int, most: int = MAX_TABLE) -> list[list[int]]:
    tables: list[list[int]] = []
    start = 0
    for n in table_sizes(len(order), size, most):
        tables.append(order[start : start + n])
        start += n
    return tables
