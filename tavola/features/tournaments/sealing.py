"""A tournament read to be changed: one stored before game seeds were keyed (no secret,
its seed drawn by the server) is given a secret now, kept with the change. The games it
scheduled already keep their seeds; every game scheduled from then on is keyed by the
secret, so the seeds its finished games published tell nothing of them."""

from __future__ import annotations

from tavola.core.rng import new_secret
from tavola.features.tournaments.format import Tournament
from tavola.features.tournaments.tables import TournamentRow


def sealed(row: TournamentRow) -> Tournament:
    t = Tournament.model_validate(row.tournament)
    if t.secret is None and not row.seed_known:
        t.secret = new_secret()
    return t
