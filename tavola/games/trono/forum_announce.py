"""The public board's announcements: the public events of a command as forum text ready
to paste, with the turn bulletins (R44) and the winners.

Everything rendered here is built from a *view* (`game.view(state, viewer)`), never from the
raw state (§8)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from tavola.core import Event

from .audit_words import audit_words
from .forum_words import (
    bold,
    day_of_text,
    draw_lines,
    forum_day,
    house_name,
    local_time,
    people,
    person_name,
    t,
)
from .messages import count, text


def announce(
    events: Iterable[Event], view: Mapping[str, Any], lang: str, *, bbcode: bool = False
) -> list[str]:
    """The public board's text for these events; private events are skipped."""
    lines: list[str] = []
    ending: list[str] = []
    published = False
    zone = "Europe/Rome"
    for event in events:
        if event.visible_to is not None:
            continue
        data = dict(event.data)
        kind = event.type
        if kind in ("player_registered", "player_withdrew", "join_queued"):
            shown = data.get("display_name") or person_name(view, str(data["user"]))
            lines.append(t(lang, kind, **{**data, "user": shown}))
        elif kind == "turn_locked":
            lines.append(t(lang, kind, **data))
        elif kind == "registration_closed":
            players = count("players", int(data["P"]))
            lines.append(t(lang, kind, players=players, commitment=data["commitment"]))
        elif kind == "formation_failed":
            registered = count("registered", int(data["P"]))
            lines.append(t(lang, kind, registered=registered, teams=count("teams", int(data["T"]))))
        elif kind == "draw_corrected":
            lines.append(bold(t(lang, kind, turn=data["turn"]), bbcode))
            lines += draw_lines(data["numbers"])
        elif kind == "close_set":
            lines.append(t(lang, kind, when=local_time(data["close_at"], zone, lang)))
        elif kind == "draw_recorded":
            key = "draw_formation" if data["purpose"] == "formation" else "draw_turn"
            day = (
                day_of_text(data["date"], lang)
                if key == "draw_formation"
                else forum_day(data["date"], lang)
            )
            lines.append(bold(t(lang, key, date=day, turn=data.get("turn")), bbcode))
            lines += draw_lines(data["numbers"])
        elif kind == "teams_formed":
            lines.append(bold(t(lang, kind), bbcode))
            for no, members in data["rosters"].items():
                lines.append(t(lang, "team_line", no=no, members=people(view, members)))
        elif kind == "house_ranking_submitted":
            houses = ", ".join(house_name(view, h) for h in data["houses"])
            lines.append(t(lang, kind, no=data["team_no"], houses=houses))
        elif kind == "houses_assigned":
            lines.append(bold(t(lang, kind), bbcode))
            for no, house in data["houses"].items():
                lines.append(t(lang, "house_line", no=no, house=house_name(view, house)))
        elif kind == "seats_initialised":
            lines.append(t(lang, "seats", throne=house_name(view, data["throne"])))
            if data.get("tower"):
                lines.append(t(lang, "seats_tower", tower=house_name(view, data["tower"])))
        elif kind == "player_joined":
            user = person_name(view, str(data["user"]))
            lines.append(t(lang, kind, user=user, team=house_name(view, data["team"])))
        elif kind == "turn_opened":
            lines.append(bold(t(lang, kind, k=data["k"]), bbcode))
            seats = data.get("seats") or {}
            if not published:  # a bulletin just gave the seats
                lines.append(t(lang, "seats", throne=house_name(view, seats.get("throne"))))
                if seats.get("tower"):
                    lines.append(t(lang, "seats_tower", tower=house_name(view, seats["tower"])))
            if data.get("deadline"):
                lines.append(t(lang, "deadline", when=local_time(data["deadline"], zone, lang)))
            else:
                lines.append(t(lang, "no_deadline"))
        elif kind == "turn_published":
            lines += bulletin_lines(view, int(data["turn"]), lang, bbcode=bbcode)
            published = True
        elif kind == "game_over":
            ending = winner_lines(view, lang, bbcode=bbcode)
        elif kind == "referee_override":
            lines.append(override_line(view, data, lang))
    return lines + ending


def override_line(view: Mapping[str, Any], data: Mapping[str, Any], lang: str) -> str:
    """A public override: its number, what it was and whom it concerned, in words (a
    person by name, a turn, a day: as the audit trail says them)."""
    subject = data.get("subject")
    about = ""
    if subject not in (None, "", "None"):
        people = {
            p["user_id"]: p.get("display_name") or p["user_id"] for p in view.get("registered", [])
        }
        entry = {"kind": data["kind"], "subject": subject, "thing": data.get("thing")}
        said = audit_words(view, entry, people, lang)["about"]
        about = t(lang, "override_about", subject=said)
    what = text(lang, f"override.{data['kind']}")
    return t(lang, "override", seq=data["seq"], kind=what, about=about)


def bulletin_lines(
    view: Mapping[str, Any], turn: int, lang: str, *, bbcode: bool = False
) -> list[str]:
    """Turn `turn`'s public bulletin (R44) with display names."""
    bulletin = next((b for b in view.get("bulletins", []) if b["turn"] == turn), None)
    if bulletin is None:
        return []
    head = t(lang, "public.turn", turn=turn, max_turns=view.get("max_turns", "?"))
    if bulletin.get("corrected"):
        head += " " + t(lang, "corrected")
    lines = [bold(head, bbcode)]
    lines.append(t(lang, "seats", throne=house_name(view, bulletin["throne"])))
    if bulletin.get("tower"):
        lines.append(t(lang, "seats_tower", tower=house_name(view, bulletin["tower"])))
    for house in bulletin.get("eliminated", []):
        lines.append(t(lang, "team_eliminated", team=house_name(view, house)))
    if bulletin.get("tower_removed"):
        lines.append(t(lang, "tower_removed"))
    return lines


def winner_lines(view: Mapping[str, Any], lang: str, *, bbcode: bool = False) -> list[str]:
    result = view.get("result")
    if not result:
        return []
    if result.get("reason") == "not_started":
        return [t(lang, "not_started")]
    lines = [bold(t(lang, "game_over"), bbcode)]
    if result.get("king"):
        kings = ", ".join(house_name(view, h) for h in str(result["king"]).split(","))
        lines.append(bold(t(lang, "king", house=kings), bbcode))
        if result.get("hand"):
            hands = ", ".join(house_name(view, h) for h in str(result["hand"]).split(","))
            lines.append(bold(t(lang, "hand", house=hands), bbcode))
    else:
        lines.append(t(lang, "no_winner"))
    return lines
