"""The turn under review in one look (issue 27, point 6): who attacked whom, each battle's
figures as the team reports give them (attacks received, defence, direct damage, shield →
damage) and the Throne/Tower succession the turn leads to. The console draws the same
table (web/console.js, `battles`); `tavola trono report --referee` prints these lines."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .forum_words import house_name, t


def last_resolution(view: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """The resolution of the turn the view is at (none before its draw)."""
    for resolution in reversed(view.get("resolutions") or []):
        if resolution.get("turn") == view.get("turn"):
            return dict(resolution)
    return None


def review_lines(view: Mapping[str, Any], lang: str) -> list[str]:
    resolution = last_resolution(view)
    if resolution is None:
        return []
    lines = [t(lang, "review.title", turn=resolution["turn"])]
    op: Mapping[str, Mapping[str, int]] = resolution.get("op") or {}
    eliminated = set(resolution.get("eliminated") or [])
    for house, figures in (resolution.get("battle") or {}).items():
        by = op.get(house) or {}
        attackers = ", ".join(f"{house_name(view, a)} ({n})" for a, n in by.items())
        if not by and not figures.get("damage"):
            lines.append(t(lang, "review.quiet", house=house_name(view, house)))
            continue
        line = t(
            lang,
            "review.battle",
            house=house_name(view, house),
            attackers=attackers,
            A=figures.get("A", 0),
            Dv=figures.get("D", 0),
            Pc=figures.get("Pc", 0),
            shield=figures.get("shield", 0),
            damage=figures.get("damage", 0),
        )
        if house in eliminated:
            line += t(lang, "review.eliminated")
        lines.append(line)
    opening = (view.get("referee") or {}).get("opening") or {}
    seats = view.get("seats") or {}
    for seat in ("throne", "tower"):
        before, after = opening.get(seat), seats.get(seat)
        if before is None and after is None:
            continue
        if before == after:
            lines.append(
                t(lang, "review.stays", seat=t(lang, f"seat.{seat}"), house=house_name(view, after))
            )
        else:
            lines.append(
                t(
                    lang,
                    "review.succession",
                    seat=t(lang, f"seat.{seat}"),
                    before=house_name(view, before) if before else t(lang, "seat.none"),
                    after=house_name(view, after) if after else t(lang, "seat.none"),
                )
            )
    if resolution.get("tower_removed"):
        lines.append(t(lang, "review.tower_removed"))
    return lines
