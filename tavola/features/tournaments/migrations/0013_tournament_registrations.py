"""Tournaments generic over games: an entrant is `{name, kind, rating, registration}`, what it
brings to every game being its game's `registration`, and who opens a match's later games is
the game's rule. A stored tournament's entrants keep their other keys (the age, main and
deck the one game with tournaments had) in their `registration`; the format's old
`first_player` option moves to the game's options, and `alternate` becomes the tournament's
`rotate_opener`. Only the JSON of the `tournaments` rows changes.
"""

from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"

KEPT = ("name", "kind", "rating")
"""An entrant's own keys; every other one was the game's."""
OLD_OPTION = "first_player"

tournaments = sa.table("tournaments", sa.column("id", sa.String), sa.column("tournament", sa.JSON))


def upgrade() -> None:
    _rewrite(_upgraded)


def downgrade() -> None:
    _rewrite(_downgraded)


def _rewrite(change: Any) -> None:
    bind = op.get_bind()
    rows = bind.execute(sa.select(tournaments.c.id, tournaments.c.tournament)).all()
    for row_id, data in rows:
        if not isinstance(data, dict):
            continue
        bind.execute(
            tournaments.update()
            .where(tournaments.c.id == row_id)
            .values(tournament=change(dict(data)))
        )


def _upgraded(t: dict[str, Any]) -> dict[str, Any]:
    if "rotate_opener" in t:  # written by the new code already
        return t
    options = dict(t.get("options") or {})
    opener = options.pop(OLD_OPTION, None)
    game_options = dict(t.get("game_options") or {})
    if opener is not None:
        game_options[OLD_OPTION] = opener
    entrants = []
    for entrant in t.get("entrants") or []:
        own = {k: v for k, v in entrant.items() if k in KEPT}
        brought = {k: v for k, v in entrant.items() if k not in KEPT and k != "registration"}
        entrants.append({**own, "registration": {**entrant.get("registration", {}), **brought}})
    return {
        **t,
        "options": options,
        "game_options": game_options,
        "entrants": entrants,
        "rotate_opener": opener == "alternate",
    }


def _downgraded(t: dict[str, Any]) -> dict[str, Any]:
    t = dict(t)
    rotate = bool(t.pop("rotate_opener", False))
    t.pop("max_table", None)
    game_options = dict(t.get("game_options") or {})
    opener = game_options.pop(OLD_OPTION, "alternate" if rotate else "age")
    t["game_options"] = game_options
    t["options"] = {**(t.get("options") or {}), OLD_OPTION: opener}
    t["entrants"] = [
        {**{k: v for k, v in e.items() if k != "registration"}, **(e.get("registration") or {})}
        for e in t.get("entrants") or []
    ]
    return t
