"""Balance figures from the rows of a run (games.csv), for any game and mode.

A "seat-game" is one seat in one game. A seat wins a game when it is among the winners of
a game that is not a draw (teammates win together; in a draw nobody wins). The baseline is
the win rate of all seat-games: what a seat, a bot or a card would score if nothing made
a difference.
"""

from __future__ import annotations

import statistics
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from .rows import parse_cards
from .stats import Rate

SEAT_PREFIXES = ("bot", "place", "plays", "cards", "dealt")
"""Per-seat columns that are not end-of-game figures."""

LENGTHS = ("rounds", "turns", "actions")


@dataclass(frozen=True, slots=True)
class CardImpact:
    card_id: str
    games: int
    """Games in which at least one seat was dealt the card (played it, without `dealt_`
    columns)."""
    rate: Rate
    """Seat-games whose seat was dealt the card (its opening hand, its main: `dealt_<seat>`
    columns), and how many of them it won. Rows without them (older runs, games that do
    not say what they deal) count the cards played (`cards_<seat>`), which credits a card
    with its side's wins: the side that is winning plays more."""
    baseline: float
    centre: float = 0.0
    """The impact the card is expected to have (the balance assistant's centre of the band:
    the mean impact of the other cards of its tier, `tuning`); 0 elsewhere, where a card
    is held to the baseline."""

    @property
    def delta(self) -> tuple[float, float, float]:
        """The impact, less the centre, with its interval."""
        return self.rate.minus(self.baseline + self.centre)

    @property
    def clear(self) -> bool:
        """The interval of the difference leaves out zero: the effect is not just noise."""
        _, low, high = self.delta
        return low > 0 or high < 0


@dataclass(frozen=True, slots=True)
class Spread:
    mean: float
    median: float
    p10: float
    p90: float
    low: int
    high: int

    @classmethod
    def of(cls, values: Sequence[int]) -> Spread:
        if not values:
            return cls(0.0, 0.0, 0.0, 0.0, 0, 0)
        ordered = sorted(values)
        return cls(
            statistics.fmean(ordered),
            float(statistics.median(ordered)),
            quantile(ordered, 0.1),
            quantile(ordered, 0.9),
            ordered[0],
            ordered[-1],
        )


def quantile(ordered: Sequence[int], q: float) -> float:
    """Linear interpolation between order statistics (numpy's default)."""
    position = q * (len(ordered) - 1)
    below = int(position)
    above = min(below + 1, len(ordered) - 1)
    return ordered[below] + (ordered[above] - ordered[below]) * (position - below)


@dataclass(slots=True)
class Balance:
    games: int
    seats: list[str]
    baseline: Rate
    draws: int
    reasons: dict[str, int]
    by_seat: dict[str, Rate]
    by_bot: dict[str, Rate]
    first: Rate
    first_by_seat: dict[str, int]
    lengths: dict[str, list[int]]
    finals: dict[str, dict[str, float]]
    """Figure (hp, pile...) → seat → mean at the end."""
    final_values: dict[str, dict[str, list[int]]] = field(default_factory=dict)
    """Figure → seat → every game's value at the end (the distributions)."""
    cards: list[CardImpact] = field(default_factory=list)
    groups: dict[str, dict[str, Rate]] = field(default_factory=dict)
    """Group (lineup, gimmick...) → a seat's label → its seat-games and wins."""
    exposed: bool = False
    """Card impacts count the cards dealt (`dealt_<seat>`), not those played."""


def seat_wins(row: Mapping[str, str]) -> set[str]:
    return set() if row["draw"] == "1" else set(row["winners"].split())


def card_order(card: CardImpact) -> tuple[bool, float, str]:
    """Clear effects first, the largest difference (either way) first, then by id: the
    most over- and under-powered cards lead the table."""
    return (not card.clear, -abs(card.delta[0]), card.card_id)


def analyse(rows: Sequence[Mapping[str, str]], groups: Sequence[str] = ()) -> Balance:
    """The figures of `rows`; `groups` are the per-seat label columns (by prefix) to give
    win rates by (`ReportWords.groups`)."""
    if not rows:
        raise ValueError("no games to analyse")
    seat_order: dict[str, None] = {}
    seat_n: Counter[str] = Counter()
    seat_w: Counter[str] = Counter()
    bot_n: Counter[str] = Counter()
    bot_w: Counter[str] = Counter()
    first_n = first_w = draws = 0
    exposed = False
    first_by_seat: Counter[str] = Counter()
    reasons: Counter[str] = Counter()
    lengths: dict[str, list[int]] = {name: [] for name in LENGTHS}
    finals: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(list))
    card_n: Counter[str] = Counter()
    card_w: Counter[str] = Counter()
    card_games: Counter[str] = Counter()
    group_n: dict[str, Counter[str]] = {g: Counter() for g in groups}
    group_w: dict[str, Counter[str]] = {g: Counter() for g in groups}
    for row in rows:
        seats = row["seats"].split()
        wins = seat_wins(row)
        draws += row["draw"] == "1"
        reasons[row["reason"]] += 1
        for name in LENGTHS:
            lengths[name].append(int(row[name]))
        first = row.get("first", "")
        if first:
            first_n += 1
            first_w += first in wins
            first_by_seat[first] += 1
        in_game: set[str] = set()
        for seat in seats:
            seat_order.setdefault(seat, None)
            won = seat in wins
            seat_n[seat] += 1
            seat_w[seat] += won
            bot = row[f"bot_{seat}"]
            bot_n[bot] += 1
            bot_w[bot] += won
            for group in groups:
                label = row.get(f"{group}_{seat}", "")
                if label:
                    group_n[group][label] += 1
                    group_w[group][label] += won
            dealt = row.get(f"dealt_{seat}")
            cell = dealt if dealt is not None else row.get(f"cards_{seat}", "")
            for card in parse_cards(cell):
                card_n[card] += 1
                card_w[card] += won
                in_game.add(card)
            for column, value in row.items():
                prefix, _, who = column.rpartition("_")
                if (
                    who == seat
                    and prefix
                    and prefix not in SEAT_PREFIXES
                    and prefix not in groups
                    and value.removeprefix("-").isdigit()
                ):
                    finals[prefix][seat].append(int(value))
        card_games.update(in_game)
        exposed = exposed or any(f"dealt_{seat}" in row for seat in seats)
    baseline = Rate(sum(seat_w.values()), sum(seat_n.values()))
    seat_ids = list(seat_order)
    cards = [
        CardImpact(card, card_games[card], Rate(card_w[card], card_n[card]), baseline.p)
        for card in card_n
    ]
    cards.sort(key=card_order)
    return Balance(
        games=len(rows),
        seats=seat_ids,
        baseline=baseline,
        draws=draws,
        reasons=dict(reasons.most_common()),
        by_seat={s: Rate(seat_w[s], seat_n[s]) for s in seat_ids},
        by_bot={b: Rate(bot_w[b], bot_n[b]) for b in sorted(bot_n)},
        first=Rate(first_w, first_n),
        first_by_seat=dict(first_by_seat.most_common()),
        lengths=lengths,
        finals={
            figure: {s: statistics.fmean(v) for s, v in per_seat.items()}
            for figure, per_seat in finals.items()
        },
        final_values={figure: dict(per_seat) for figure, per_seat in finals.items()},
        cards=cards,
        exposed=exposed,
        groups={
            g: {label: Rate(group_w[g][label], n) for label, n in sorted(group_n[g].items())}
            for g in groups
        },
    )
