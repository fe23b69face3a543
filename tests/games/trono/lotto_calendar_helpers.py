"""A season in registration on the Lotto's calendar, for the calendar tests."""

from tavola.core import Table


def registration(now: str = "2026-12-15T09:00:00Z") -> Table:
    """Thirteen registered players, registration still open at `now`."""
    setup = {"registered": [f"u{i:02d}" for i in range(1, 14)], "now": now}
    return Table("trono", {"formation_secret": "s3cr3t"}, 1, setup)
