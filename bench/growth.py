"""Benchmark: how Legends of AZ's random play grows with the table, beside the work.

Classic games between random players with 2, 4 and 8 seats, each on two decks: the starter
set (`deck_source = "starter"`: one copy of each of its 60 cards), then the catalogue
doubled with generated variants (each card again, renamed, under a new id: 120 cards),
made here in a temporary content folder and never shipped. Each row gives steps/s, the
mean legal actions per decision (the work), memory per game (the `tracemalloc` peak of a
whole game) and the size of the final state's dump; see `tavola.sim.growth`.

    python bench/growth.py [--seconds S] [--memory-games N] [--seats 2,4,8] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from tavola.core import get_game
from tavola.games.legends.cards import CardDef
from tavola.games.legends.catalog import DEFAULT_CATALOG, resolve_catalog, write_catalog_file
from tavola.sim.growth import GrowthRow, growth_table, measure

VARIANT_PREFIX = "X"
"""Card ids match `^[A-Z0-9-]{3,32}$`: a variant of S1-001 is XS1-001."""

DOUBLED = "growth_doubled_S1"


def doubled_cards(catalog_id: str = DEFAULT_CATALOG) -> list[CardDef]:
    """The catalogue's cards, then a renamed copy of each under a new id."""
    cards = resolve_catalog(catalog_id).cards()
    variants = [
        card.model_copy(
            update={
                "card_id": VARIANT_PREFIX + card.card_id,
                "name": f"{card.name} (variante)",
                "name_en": f"{card.name_en} (variant)" if card.name_en else card.name_en,
            }
        )
        for card in cards
    ]
    return cards + variants


def install_doubled(folder: Path) -> str:
    """Writes the doubled starter set as a catalogue file in `folder` and adds the folder
    to this process's `TAVOLA_LEGENDS_CONTENT` (the users' content folders): it loads once
    and is then shared by every game, like the starter set, instead of being validated
    again by each game as an inline catalogue would be. Returns its id."""
    write_catalog_file(
        folder / f"{DOUBLED}.toml", DOUBLED, doubled_cards(), "S1 + renamed variants (bench)"
    )
    extra = os.environ.get("TAVOLA_LEGENDS_CONTENT", "")
    os.environ["TAVOLA_LEGENDS_CONTENT"] = os.pathsep.join(filter(None, (extra, str(folder))))
    return DOUBLED


def table(seats: int, catalog: str) -> dict[str, Any]:
    """A classic free-for-all table of `seats` random players drawing from one copy of each
    card of `catalog` (no contributions)."""
    return {
        "mode": "classic",
        "deck_source": "starter",
        "catalog": catalog,
        "players": [{"name": f"P{i + 1}", "kind": "bot", "age": 35 + 5 * i} for i in range(seats)],
    }


def rows(
    seconds: float, memory_games: int, seat_counts: list[int], folder: Path
) -> list[GrowthRow]:
    game = get_game("legends")
    decks = {"starter": DEFAULT_CATALOG, "doubled": install_doubled(folder)}
    measured = []
    for seats in seat_counts:
        for deck, catalog in decks.items():
            size = len(resolve_catalog(catalog))
            labels = {"seats": seats, "deck": f"{deck} ({size})"}
            row = measure(game, table(seats, catalog), labels, seconds, memory_games)
            measured.append(row)
    return measured


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0, help="timed play per table")
    parser.add_argument("--memory-games", type=int, default=5, help="untimed games per table")
    parser.add_argument("--seats", default="2,4,8", help="seat counts, comma-separated")
    parser.add_argument("--json", action="store_true", help="print JSON only")
    args = parser.parse_args()
    seat_counts = [int(n) for n in args.seats.split(",")]
    with tempfile.TemporaryDirectory() as folder:
        measured = rows(args.seconds, args.memory_games, seat_counts, Path(folder))
    if args.json:
        print(json.dumps([row.to_json() for row in measured]))
        return
    print(growth_table(measured))


if __name__ == "__main__":
    main()
