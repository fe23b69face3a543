"""The report's pictures, drawn with matplotlib's Agg backend (no display needed).

Each function writes one PNG and returns its file name, relative to the report folder.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from .balance import Balance, CardImpact
from .stats import Rate

CARDS_SHOWN = 25
"""Cards in the impact chart: the head of the sorted table, where the news is."""


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg", force=True)
    import matplotlib.pyplot as plt

    return plt


def _saved(plt: Any, fig: Any, folder: Path, name: str, title: str | None = None) -> str:
    """The figure, titled, laid out and written to `folder/name` (closed); its file name."""
    if title is not None:
        fig.suptitle(title)
    fig.tight_layout()
    fig.savefig(folder / name, dpi=100)
    plt.close(fig)
    return name


def _rate_bars(ax: Any, rates: Mapping[str, Rate], baseline: float, title: str) -> None:
    labels = list(rates)
    values = [100 * rates[k].p for k in labels]
    lows = [100 * (rates[k].p - rates[k].interval[0]) for k in labels]
    highs = [100 * (rates[k].interval[1] - rates[k].p) for k in labels]
    ax.bar(labels, values, yerr=[lows, highs], capsize=4, color="#4c78a8")
    ax.axhline(100 * baseline, color="#e45756", linestyle="--", label="baseline")
    ax.set_ylim(0, 100)
    ax.set_ylabel("win rate (%)")
    ax.set_title(title)
    ax.legend(loc="upper right")


def win_rates(balance: Balance, folder: Path, seat_names: Mapping[str, str] | None = None) -> str:
    """Win rates by seat (each by the game's name for it, if any) and by bot."""
    plt = _pyplot()
    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4))
    named = seat_names or {}
    by_seat = {named.get(seat, seat): rate for seat, rate in balance.by_seat.items()}
    _rate_bars(left, by_seat, balance.baseline.p, "by seat position")
    _rate_bars(right, balance.by_bot, balance.baseline.p, "by bot")
    return _saved(plt, fig, folder, "win_rates.png", "Win rate with 95% Wilson intervals")


def game_length(balance: Balance, folder: Path, length_label: str) -> str:
    plt = _pyplot()
    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4))
    key = "turns" if any(balance.lengths["turns"]) else "rounds"
    for ax, values, label in (
        (left, balance.lengths[key], length_label if key == "turns" else "rounds"),
        (right, balance.lengths["actions"], "actions"),
    ):
        span = max(values) - min(values) if values else 0
        bins = range(min(values), max(values) + 2) if 0 < span <= 60 else 40
        ax.hist(values, bins=bins, color="#72b7b2", align="left" if span <= 60 else "mid")
        ax.set_xlabel(label)
        ax.set_ylabel("games")
    return _saved(plt, fig, folder, "game_length.png", "Distribution of game length")


def distribution(per_seat: Mapping[str, list[int]], folder: Path, figure: str, meaning: str) -> str:
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(8, 4))
    for seat, values in per_seat.items():
        span = max(values) - min(values)
        bins = range(min(values), max(values) + 2) if 0 < span <= 80 else 40
        ax.hist(values, bins=bins, alpha=0.7, label=seat)
    ax.set_xlabel(meaning)
    ax.set_ylabel("games")
    if len(per_seat) > 1:
        ax.legend(loc="upper right")
    return _saved(plt, fig, folder, f"distribution_{figure}.png", f"Distribution of {figure}")


def card_impact(
    cards: list[CardImpact], folder: Path, label: Callable[[str], str], kind: str = "card"
) -> str | None:
    """The impact chart of one kind of thing played (cards, or a kind the game names)."""
    if not cards:
        return None
    plt = _pyplot()
    shown = cards[:CARDS_SHOWN][::-1]
    deltas = [100 * c.delta[0] for c in shown]
    below = [100 * (c.delta[0] - c.delta[1]) for c in shown]
    above = [100 * (c.delta[2] - c.delta[0]) for c in shown]
    colours = ["#54a24b" if d > 0 else "#e45756" for d in deltas]
    fig, ax = plt.subplots(figsize=(10, 0.32 * len(shown) + 1.5))
    ax.barh([label(c.card_id) for c in shown], deltas, xerr=[below, above], color=colours)
    ax.axvline(0, color="black", linewidth=0.8)
    ax.set_xlabel("win rate of its seat-games, minus the baseline (pp)")
    ax.set_title(f"{kind.capitalize()} impact, 95% intervals")
    return _saved(plt, fig, folder, f"{kind}_impact.png")
