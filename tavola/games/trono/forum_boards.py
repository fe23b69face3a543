"""The two boards' summaries: the public one (phase, teams, seats, the latest bulletin,
the open turn, the winners) and the referees' (every team's parameters and post status,
what is awaited, the audit trail in words)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from .audit_words import audit_words
from .forum_announce import bulletin_lines, winner_lines
from .forum_words import (
    bold,
    characters_text,
    house_name,
    local_time,
    people,
    person_name,
    phase_name,
    referee_label,
    t,
)
from .messages import count


def public_lines(view: Mapping[str, Any], lang: str, *, bbcode: bool = False) -> list[str]:
    """The public board's summary: phase, teams and houses, seats, the latest bulletin,
    the open turn's deadline and, at the end, the winners."""
    lines = [bold(t(lang, "public.title", phase=phase_name(lang, view["phase"])), bbcode)]
    if view["phase"] == "registration":
        names = [str(p.get("display_name") or p["user_id"]) for p in view.get("registered", [])]
        lines.append(t(lang, "public.registered", list=", ".join(names) or "—"))
        if view.get("close_at"):
            lines.append(t(lang, "close_set", when=local_time(view["close_at"], lang=lang)))
        return lines
    if view.get("formation", {}).get("commitment"):
        players = view["formation"].get("players")
        if players is None:  # the players frozen at the close: late joiners came after it
            players = len([p for p in view.get("registered", []) if not p.get("joined_late")])
        lines.append(
            t(
                lang,
                "registration_closed",
                players=count("players", int(players)),
                commitment=view["formation"]["commitment"],
            )
        )
    if view.get("teams"):
        lines.append(t(lang, "public.teams"))
        for key, team in view["teams"].items():
            status = ""
            if team.get("status") == "eliminated":
                status = t(lang, "public.eliminated_at", turn=team.get("eliminated_turn"))
            label = (
                house_name(view, key)
                if team.get("house")
                else t(lang, "team_name", no=team["team_no"])
            )
            lines.append(
                t(
                    lang,
                    "public.team",
                    house=label,
                    members=people(view, team["members"]),
                    status=status,
                )
            )
    seats = view.get("seats") or {}
    if seats.get("throne"):
        lines.append(t(lang, "seats", throne=house_name(view, seats["throne"])))
        if seats.get("tower"):
            lines.append(t(lang, "seats_tower", tower=house_name(view, seats["tower"])))
    bulletins = view.get("bulletins", [])
    if bulletins:
        lines.append("")
        lines.append(t(lang, "public.bulletin"))
        lines += bulletin_lines(view, int(bulletins[-1]["turn"]), lang, bbcode=bbcode)
    if view["phase"] == "turn_open":
        lines.append("")
        lines.append(bold(t(lang, "turn_opened", k=view["turn"]), bbcode))
        if view.get("deadline"):
            lines.append(t(lang, "deadline", when=local_time(view["deadline"], lang=lang)))
        else:
            lines.append(t(lang, "no_deadline"))
    if view["phase"] == "over":
        lines.append("")
        lines += winner_lines(view, lang, bbcode=bbcode)
    return lines


def referee_lines(
    view: Mapping[str, Any], awaiting: Iterable[str], lang: str, *, bbcode: bool = False
) -> list[str]:
    """The referees' board: every team's parameters and post status, what is awaited."""
    lines = [bold(t(lang, "referee.title", phase=phase_name(lang, view["phase"])), bbcode)]
    lines.append(t(lang, "referee.private"))
    if view.get("turn"):
        lines.append(t(lang, "public.turn", turn=view["turn"], max_turns=view["max_turns"]))
    if view.get("deadline") and view["phase"] == "turn_open":
        lines.append(t(lang, "deadline", when=local_time(view["deadline"], lang=lang)))
    if view.get("formation", {}).get("secret"):
        lines.append(t(lang, "referee.secret", secret=view["formation"]["secret"]))
    for key, team in view.get("teams", {}).items():
        if not team.get("house"):
            lines.append(
                t(lang, "team_line", no=team["team_no"], members=people(view, team["members"]))
            )
            continue
        status = ""
        if team.get("disqualified"):
            status = t(lang, "referee.disqualified")
        elif team.get("status") == "eliminated":
            status = t(lang, "public.eliminated_at", turn=team.get("eliminated_turn"))
        owned = characters_text(lang, team.get("characters", []), view) or "—"
        lines.append(
            t(
                lang,
                "referee.team",
                house=house_name(view, key) + status,
                soldiers=team.get("soldiers"),
                max=view.get("soldier_max"),
                chests=team.get("chests"),
                banners=team.get("banners"),
                counter=team.get("turns_without_attack"),
                characters=owned,
                posted=t(lang, "yes" if team.get("posted") else "no"),
            )
        )
    waiting = [_awaited(view, w, lang) for w in sorted(awaiting)]
    if waiting:
        lines.append(t(lang, "referee.awaiting", list=", ".join(waiting)))
    if view.get("audit"):
        lines.append(t(lang, "referee.audit", n=len(view["audit"])))
        lines += _audit_lines(view, lang)
    if view["phase"] == "over":
        lines += winner_lines(view, lang, bbcode=bbcode)
        ranking = (view.get("result") or {}).get("ranking") or []
        if ranking:
            lines.append(" > ".join(house_name(view, h) for h in ranking))
    return lines


def _awaited(view: Mapping[str, Any], seat: str, lang: str) -> str:
    """Whom the table waits for: a house, a person by name, a referee by name or role."""
    if seat in view.get("teams", {}):
        return house_name(view, seat)
    role, _, who = seat.partition(":")
    if role == "referee":
        return referee_label(view, who, lang)
    return person_name(view, who or seat)


def _audit_lines(view: Mapping[str, Any], lang: str) -> list[str]:
    """Each override named as the console says it: "Casse di Stark: 5 → 6, motivo: …"."""
    people = {p["user_id"]: p["display_name"] for p in view.get("registered", [])}
    lines = []
    for entry in view["audit"]:
        words = audit_words(view, entry, people, lang)
        lines.append(
            t(
                lang,
                "referee.audit_line" if entry["reason"] else "referee.audit_line_plain",
                about=words["about"] or words["kind"],
                before=words["before"],
                after=words["after"],
                reason=entry["reason"],
            )
        )
    return lines
