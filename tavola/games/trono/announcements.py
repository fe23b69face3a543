"""The public board (issue 19, point 4): announcements and standings in words, built from
the *public* view alone (`public_view`, with the catalogue's names), so that nothing a
team keeps secret (§8) can reach them, whoever asks.

Announcements come newest first: the open turn with its deadline, then each published
turn's results — who sits on the Throne and the Tower, who stepped down and who climbed,
the eliminations, the Tower's removal — and, at the end, the winners."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from .forum_announce import winner_lines
from .forum_words import house_name, local_time, t


@dataclass(frozen=True, slots=True)
class Block:
    """One announcement: a heading and its lines."""

    title: str
    lines: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True, slots=True)
class Standing:
    """One house on the public standings: what §8 makes public (and, once the game is
    over with `reveal_all_at_end`, its place and parameters)."""

    house: str
    members: str
    seat: str | None
    status: str
    out: bool
    params: str | None = None

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def _seat_change(view: Mapping[str, Any], seat: str, before: Any, after: Any, lang: str) -> str:
    """ "Stark scende dal Trono, sale Tyrell", or who keeps, takes or leaves the seat."""
    if before == after:
        return t(lang, f"board.{seat}_kept", house=house_name(view, after)) if after else ""
    if before and after:
        return t(
            lang,
            f"board.{seat}_changed",
            before=house_name(view, before),
            after=house_name(view, after),
        )
    if after:
        return t(lang, f"board.{seat}_taken", house=house_name(view, after))
    return t(lang, f"board.{seat}_left", house=house_name(view, before))


def results_block(
    view: Mapping[str, Any],
    bulletin: Mapping[str, Any],
    previous: Mapping[str, Any] | None,
    lang: str,
) -> Block:
    """A published turn's public results (R44): the seats and what changed, eliminations."""
    turn = int(bulletin["turn"])
    title = t(lang, "board.results", turn=turn)
    if bulletin.get("corrected"):
        title += " " + t(lang, "corrected")
    # The seats the turn opened with (older bulletins lack them: the previous turn's).
    throne_before = bulletin.get("throne_before", (previous or {}).get("throne"))
    tower_before = bulletin.get("tower_before", (previous or {}).get("tower"))
    lines = [
        _seat_change(view, "throne", throne_before, bulletin.get("throne"), lang),
        _seat_change(view, "tower", tower_before, bulletin.get("tower"), lang),
    ]
    lines += [
        t(lang, "board.eliminated", house=house_name(view, h))
        for h in bulletin.get("eliminated", [])
    ]
    if bulletin.get("tower_removed"):
        lines.append(t(lang, "tower_removed"))
    return Block(title, [line for line in lines if line])


def opened_block(view: Mapping[str, Any], lang: str) -> Block | None:
    """The open turn and its deadline in Rome time (none under the manual schedule)."""
    if view.get("phase") != "turn_open" or not view.get("turn"):
        return None
    zone = "Europe/Rome"
    when = view.get("deadline")
    deadline = (
        t(lang, "deadline", when=local_time(when, zone, lang)) if when else t(lang, "no_deadline")
    )
    return Block(t(lang, "board.opened", turn=view["turn"]), [deadline])


def review_block(view: Mapping[str, Any], lang: str) -> Block | None:
    """R45: the turn the referees are reviewing, with none of its results."""
    if view.get("phase") != "review" or not view.get("turn"):
        return None
    return Block(t(lang, "board.review", turn=view["turn"]), [t(lang, "board.review_note")])


def announcements(view: Mapping[str, Any], lang: str) -> list[Block]:
    """Every public announcement of the season, newest first."""
    blocks: list[Block] = []
    if view.get("phase") == "over" and view.get("result"):
        ending = winner_lines(view, lang)
        blocks.append(Block(ending[0], ending[1:]))
    opened = opened_block(view, lang) or review_block(view, lang)
    if opened is not None:
        blocks.append(opened)
    bulletins = list(view.get("bulletins", []))
    for i in range(len(bulletins) - 1, -1, -1):
        previous = bulletins[i - 1] if i else None
        blocks.append(results_block(view, bulletins[i], previous, lang))
    return blocks


def _members(view: Mapping[str, Any], members: list[str]) -> str:
    """The members by the names they registered with."""
    names = {
        p["user_id"]: p.get("display_name") or p["user_id"] for p in view.get("registered", [])
    }
    return ", ".join(str(names.get(m, m)) for m in members)


def standings(view: Mapping[str, Any], lang: str) -> list[Standing]:
    """The houses as the public may rank them: the Throne, the Tower, the others in play,
    then the eliminated (the latest first); by the final ranking once it is public."""
    seats = view.get("seats") or {}
    teams = {k: v for k, v in view.get("teams", {}).items() if v.get("house")}
    ranking = list((view.get("result") or {}).get("ranking") or [])

    def order(item: tuple[str, Mapping[str, Any]]) -> tuple[int, int, int]:
        key, team = item
        if key in ranking:
            return (0, ranking.index(key), 0)
        if team.get("status") == "eliminated":
            return (3, -int(team.get("eliminated_turn") or 0), int(team["team_no"]))
        seat = 0 if seats.get("throne") == key else 1 if seats.get("tower") == key else 2
        return (1, seat, int(team["team_no"]))

    rows = []
    for key, team in sorted(teams.items(), key=order):
        out = team.get("status") == "eliminated"
        seat = None
        if seats.get("throne") == key:
            seat = t(lang, "board.on_throne")
        elif seats.get("tower") == key:
            seat = t(lang, "board.on_tower")
        status = (
            t(lang, "board.eliminated_in", turn=team.get("eliminated_turn"))
            if out
            else t(lang, "board.survived" if view.get("phase") == "over" else "board.active")
        )
        params = None
        if team.get("banners") is not None:  # public only once the game reveals it (§8)
            params = t(
                lang,
                "board.params",
                soldiers=team.get("soldiers"),
                chests=team.get("chests"),
                banners=team.get("banners"),
            )
        rows.append(
            Standing(
                house_name(view, key), _members(view, team["members"]), seat, status, out, params
            )
        )
    return rows


def board(view: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """The public page's words in `lang`: announcements and standings, JSON-ready."""
    revealed = any(team.get("banners") is not None for team in view.get("teams", {}).values())
    return {
        "title": t(lang, "board.title"),
        "announcements": [b.to_json() for b in announcements(view, lang)],
        "nothing_yet": t(lang, "board.nothing_yet"),
        "standings": {
            "title": t(lang, "board.standings"),
            "note": t(lang, "board.standings_revealed" if revealed else "board.standings_note"),
            "rows": [s.to_json() for s in standings(view, lang)],
        },
    }
