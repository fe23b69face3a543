"""Setup steps shared by every mode: seats and turn order (S1, R2, R3), deck assembly (S4),
shuffle and cut (S6, R118)."""

from __future__ import annotations

from tavola.core import Event, Rng

from .catalog import Catalog
from .config import LegendsConfig
from .state import SeatState

BOSS = "B"


def make_seats(config: LegendsConfig) -> dict[str, SeatState]:
    """Seats `P1…Pn` in config order, then `B` for the boss (S1)."""
    seats: dict[str, SeatState] = {}
    free_for_all = config.mode == "simplified" or config.sides == "free_for_all"
    for i, player in enumerate(config.players, start=1):
        seat_id = f"P{i}"
        team = seat_id if free_for_all or player.team is None else player.team
        seats[seat_id] = SeatState(
            seat_id, player.kind, player.name or seat_id, player.age, 100 - player.age, team
        )
    if config.boss is not None:
        seats[BOSS] = SeatState(BOSS, "auto_boss", "Boss", None, config.boss_agility, "evil")
    return seats


def turn_order(
    config: LegendsConfig, seats: dict[str, SeatState], rng: Rng
) -> tuple[list[str], Event]:
    """R2, R3: agility descending (the youngest first); ties by a public lottery (the RNG's
    first use, S3) or by config order; the boss after every player seat whose agility is at
    least its own."""
    players = [s for s in seats.values() if s.kind != "auto_boss"]
    by_agility: dict[int, list[str]] = {}
    for seat in players:
        by_agility.setdefault(seat.agility, []).append(seat.seat_id)
    order: list[str] = []
    lotteries: list[list[str]] = []
    for agility in sorted(by_agility, reverse=True):
        tied = by_agility[agility]
        if len(tied) > 1 and config.agility_tie_break == "lottery":
            rng.shuffle(tied)
            lotteries.append(list(tied))
        order.extend(tied)
    if config.turn_order is not None:  # R150: a tournament game's alternating order
        order, lotteries = list(config.turn_order), []
    if BOSS in seats:
        boss_agility = seats[BOSS].agility
        position = sum(1 for s in order if seats[s].agility >= boss_agility)
        order.insert(position, BOSS)
    event = Event(
        "turn_order_set",
        {
            "order": order,
            "agility": {s: seats[s].agility for s in order},
            "lotteries": lotteries,
        },
    )
    return order, event


def assemble_deck(
    config: LegendsConfig, catalog: Catalog, order: list[str]
) -> tuple[list[str], dict[str, str], dict[str, list[str]]]:
    """S4: the player seats' contributions in turn order, then the boss's, then one copy of
    every catalogue card when `deck_source` asks for it. Returns (deck iids, iid → card_id,
    contributions)."""
    contributions: dict[str, list[str]] = {}
    for i, player in enumerate(config.players, start=1):
        contributions[f"P{i}"] = list(player.contribution)
    if config.boss is not None:
        contributions[BOSS] = list(config.boss.contribution)
    card_ids: list[str] = []
    for seat in [s for s in order if s != BOSS] + [BOSS]:
        card_ids.extend(contributions.get(seat, []))
    if config.deck_source in ("starter", "both"):
        card_ids.extend(catalog)
    instances = {f"c{i}": card_id for i, card_id in enumerate(card_ids, start=1)}
    return list(instances), instances, contributions


def random_cut(rng: Rng, size: int) -> int:
    """S6/BP3: k = 1 + (RNG mod (size − 1)), the cut a bot or a timed-out seat makes."""
    return 1 + rng.next_u32() % (size - 1)


def cut(deck: list[str], k: int) -> list[str]:
    """The top k cards go to the bottom."""
    return deck[k:] + deck[:k]
