"""The balance assistant's picture: each card's impact before and after, with its interval,
against the band (matplotlib's Agg backend, as `charts` draws)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from .charts import _pyplot
from .tuning import TuningResult

BEFORE_AFTER = "impact_before_after.png"


def before_after(result: TuningResult, folder: Path, label: Callable[[str], str]) -> str | None:
    """Every card measured, the largest impact before at the top: before in grey, after in
    blue (changed cards in green), the band shaded."""
    before = {c.card_id: c for c in result.baseline.balance.cards}
    after = {c.card_id: c for c in result.after.balance.cards}
    ids = sorted(
        set(before) | set(after),
        key=lambda card: (before[card].delta[0] if card in before else 0.0, card),
    )
    if not ids:
        return None
    changed = {change.card_id for change in result.changes}
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(10, 0.28 * len(ids) + 1.8))
    band = 100 * result.settings.band
    ax.axvspan(-band, band, color="#e8f0e0", label=f"band ±{band:g} pp")
    ax.axvline(0, color="black", linewidth=0.8)
    for offset, impacts, colour, name in (
        (0.18, before, "#9d9d9d", "before"),
        (-0.18, after, "#4c78a8", "after"),
    ):
        for y, card in enumerate(ids):
            impact = impacts.get(card)
            if impact is None:
                continue
            delta, low, high = (100 * x for x in impact.delta)
            shade = "#54a24b" if name == "after" and card in changed else colour
            ax.errorbar(
                delta,
                y + offset,
                xerr=[[delta - low], [high - delta]],
                fmt="o",
                markersize=3.5,
                color=shade,
                capsize=2,
                label=name if y == 0 else None,
            )
    ax.set_yticks(range(len(ids)))
    ax.set_yticklabels([label(card)[:40] for card in ids], fontsize=7)
    for tick, card in zip(ax.get_yticklabels(), ids, strict=True):
        if card in changed:
            tick.set_fontweight("bold")
    ax.set_ylim(-0.7, len(ids) - 0.3)
    centre = ", less the card's tier's centre" if result.tiers else ""
    ax.set_xlabel(f"win rate when dealt, minus the baseline{centre} (pp), 95% intervals")
    ax.set_title("Card impact before and after (changed cards in green, bold)")
    ax.legend(loc="lower right", fontsize=8)
    fig.tight_layout()
    fig.savefig(folder / BEFORE_AFTER, dpi=100)
    plt.close(fig)
    return BEFORE_AFTER
