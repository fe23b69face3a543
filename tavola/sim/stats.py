"""The run's statistics live in `tavola.core.stats` (bots use them too and know no
simulation); re-exported here for the simulation's modules and existing imports."""

from __future__ import annotations

from tavola.core.stats import Z95, Rate, wilson

__all__ = ["Z95", "Rate", "wilson"]
