"""Proportions with honest intervals: the Wilson score interval, which stays inside [0, 1]
and keeps its coverage with few games or rates near 0 and 1 (where the textbook
"p ± 1.96·SE" interval fails)."""

from __future__ import annotations

import math
from dataclasses import dataclass

Z95 = 1.959963984540054
"""The two-sided 95% normal quantile."""


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for successes/n; (0, 1) when n is 0 (nothing is known)."""
    if n < 0 or not 0 <= successes <= n:
        raise ValueError(f"need 0 <= successes <= n, got {successes}/{n}")
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    # Rounding must not push the bounds past the rate itself (at 0/n and n/n they touch it).
    return max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))


@dataclass(frozen=True, slots=True)
class Rate:
    """`wins` out of `n`, with its 95% Wilson interval."""

    wins: int
    n: int

    @property
    def p(self) -> float:
        return self.wins / self.n if self.n else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.n)

    def minus(self, baseline: float) -> tuple[float, float, float]:
        """(difference, low, high) from a baseline rate taken as known: the baseline is
        measured on every seat of every game, far more than any one card's games."""
        low, high = self.interval
        return self.p - baseline, low - baseline, high - baseline
