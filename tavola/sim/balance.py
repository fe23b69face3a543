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
    tally = _Tally(groups)
    for row in rows:
        tally.game(row)
    return tally.balance(len(rows))


class _Tally:
    """The counts `analyse` adds up, game by game, seat by seat."""

    def __init__(self, groups: Sequence[str]) -> None:
        self.groups = groups
        self.seat_order: dict[str, None] = {}
        self.seat_n: Counter[str] = Counter()
        self.seat_w: Counter[str] = Counter()
        self.bot_n: Counter[str] = Counter()
        self.bot_w: Counter[str] = Counter()
        self.first_n = self.first_w = self.draws = 0
        self.exposed = False
        self.first_by_seat: Counter[str] = Counter()
        self.reasons: Counter[str] = Counter()
        self.lengths: dict[str, list[int]] = {name: [] for name in LENGTHS}
        self.finals: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(list))
        self.card_n: Counter[str] = Counter()
        self.card_w: Counter[str] = Counter()
        self.card_games: Counter[str] = Counter()
        self.group_n: dict[str, Counter[str]] = {g: Counter() for g in groups}
        self.group_w: dict[str, Counter[str]] = {g: Counter() for g in groups}

    def game(self, row: Mapping[str, str]) -> None:
        """One game's row: its end, who moved first, then each seat."""
        seats = row["seats"].split()
        wins = seat_wins(row)
        self.draws += row["draw"] == "1"
        self.reasons[row["reason"]] += 1
        for name in LENGTHS:
            self.lengths[name].append(int(row[name]))
        first = row.get("first", "")
        if first:
            self.first_n += 1
            self.first_w += first in wins
            self.first_by_seat[first] += 1
        in_game: set[str] = set()
        for seat in seats:
            self.seat(row, seat, seat in wins, in_game)
        self.card_games.update(in_game)
        self.exposed = self.exposed or any(f"dealt_{seat}" in row for seat in seats)

    def seat(self, row: Mapping[str, str], seat: str, won: bool, in_game: set[str]) -> None:
        """A seat of a game: its bot, its group labels, its cards, its final figures."""
        self.seat_order.setdefault(seat, None)
        self.seat_n[seat] += 1
        self.seat_w[seat] += won
        bot = row[f"bot_{seat}"]
        self.bot_n[bot] += 1
        self.bot_w[bot] += won
        for group in self.groups:
            label = row.get(f"{group}_{seat}", "")
            if label:
                self.group_n[group][label] += 1
                self.group_w[group][label] += won
        dealt = row.get(f"dealt_{seat}")
        cell = dealt if dealt is not None else row.get(f"cards_{seat}", "")
        for card in parse_cards(cell):
            self.card_n[card] += 1
            self.card_w[card] += won
            in_game.add(card)
        for column, value in row.items():
            prefix, _, who = column.rpartition("_")
            if (
                who == seat
                and prefix
                and prefix not in SEAT_PREFIXES
                and prefix not in self.groups
                and value.removeprefix("-").isdigit()
            ):
                self.finals[prefix][seat].append(int(value))

    def balance(self, games: int) -> Balance:
        baseline = Rate(sum(self.seat_w.values()), sum(self.seat_n.values()))
        seat_ids = list(self.seat_order)
        cards = [
            CardImpact(card, self.card_games[card], Rate(self.card_w[card], n), baseline.p)
            for card, n in self.card_n.items()
        ]
        cards.sort(key=card_order)
        return Balance(
            games=games,
            seats=seat_ids,
            baseline=baseline,
            draws=self.draws,
            reasons=dict(self.reasons.most_common()),
            by_seat={s: Rate(self.seat_w[s], self.seat_n[s]) for s in seat_ids},
            by_bot={b: Rate(self.bot_w[b], self.bot_n[b]) for b in sorted(self.bot_n)},
            first=Rate(self.first_w, self.first_n),
            first_by_seat=dict(self.first_by_seat.most_common()),
            lengths=self.lengths,
            finals={
                figure: {s: statistics.fmean(v) for s, v in per_seat.items()}
                for figure, per_seat in self.finals.items()
            },
            final_values={figure: dict(per_seat) for figure, per_seat in self.finals.items()},
            cards=cards,
            exposed=self.exposed,
            groups={
                g: {label: Rate(self.group_w[g][label], n) for label, n in sorted(counts.items())}
                for g, counts in self.group_n.items()
            },
        )
