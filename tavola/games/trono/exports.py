"""The forum exports (issue 19, point 4; the `Exports` capability): the public post of the
turn and one private message per team, as BBCode ready to paste.

Each text is built from the view of the one it is for — the public post from the public
view, a team's message from that team's own view — so a text can hold only what its
readers may see (§8); and each viewer is offered only the texts it may read: the public
post to everyone, a team's message to that team and to the referees."""

from __future__ import annotations

from typing import Any

from tavola.core import Viewer
from tavola.core.capabilities import ExportText

from .announcements import announcements, opened_block, results_block, review_block, standings
from .bbcode import bullet_list, heading, subheading
from .forum_announce import winner_lines
from .forum_report import team_report_lines
from .forum_words import draw_lines, forum_day, house_name, t, with_names
from .publication import published
from .state import Team, TronoState, catalogue_of
from .views import view_for

PUBLIC = "public"


def _named_view(state: TronoState, viewer: Viewer) -> dict[str, Any]:
    """The reader's view; `state` is already what the export's reader may know (R45), so
    a referee reads under review the texts that publication will send."""
    referees = frozenset(f"referee:{r}" for r in state.config.referees)
    view = view_for(state, viewer, referees, preview=True)
    return with_names(view, catalogue_of(state))


def last_report_turn(state: TronoState) -> int | None:
    """The latest resolved turn any team has a report of."""
    turns = [int(r["turn"]) for team in state.teams for r in team.reports]
    return max(turns) if turns else None


def _draw_lines(view: dict[str, Any], turn: int, lang: str) -> list[str]:
    """The draw the published turn was played on: its date and numbers as printed, so the
    forum can check every figure of the results against the Lotto's."""
    draws = [d for d in view.get("draws", []) if d["purpose"] == "turn" and d["turn"] == turn]
    if not draws:
        return []
    drawn = draws[-1]  # a corrected draw comes after the one it replaced
    title = t(lang, "draw_turn", turn=turn, date=forum_day(drawn["date"], lang))
    return [subheading(title), *draw_lines(drawn["numbers"]), ""]


def public_post(state: TronoState, lang: str) -> ExportText:
    """The turn's public post: its results, the next turn with its deadline (or the
    winners) and the public standings."""
    view = _named_view(state, Viewer.public())
    bulletins = view.get("bulletins", [])
    turn = int(bulletins[-1]["turn"]) if bulletins else None
    title = t(lang, "board.public_title", turn=turn) if turn else t(lang, "board.public_title_none")
    lines = [heading(t(lang, "board.title")), ""]
    if bulletins:
        previous = bulletins[-2] if len(bulletins) > 1 else None
        results = results_block(view, bulletins[-1], previous, lang)
        lines += [subheading(results.title), *bullet_list(results.lines), ""]
        lines += _draw_lines(view, int(bulletins[-1]["turn"]), lang)
    opened = opened_block(view, lang) or review_block(view, lang)
    if opened is not None:
        lines += [subheading(opened.title), *bullet_list(opened.lines), ""]
    if view.get("phase") == "over":
        ending = winner_lines(view, lang)
        if ending:
            lines += [subheading(ending[0]), *bullet_list(ending[1:]), ""]
    if not bulletins and opened is None and not announcements(view, lang):
        lines += [t(lang, "board.nothing_yet"), ""]
    rows = standings(view, lang)
    if rows:
        lines.append(subheading(t(lang, "board.standings")))
        items = []
        for row in rows:
            facts = [f for f in (row.seat, row.status, row.params) if f]
            name = f"[b]{row.house}[/b]"
            items.append(f"{name} ({row.members}) — " + ", ".join(facts))
        lines += ["[list]", *(f"[*]{item}" for item in items), "[/list]"]
        lines.append(t(lang, "board.standings_note"))
    filename = t(lang, "board.public_file", turn=turn or 0)
    return ExportText(PUBLIC, title, filename, "\n".join(lines).strip() + "\n")


def team_message(state: TronoState, team: Team, turn: int, lang: str) -> ExportText:
    """Team `team`'s private message for `turn`: its report from its own view."""
    view = _named_view(state, Viewer.seat(f"player:{team.members[0]}"))
    house = house_name(view, team.key)
    title = t(lang, "board.pm_title", house=house, turn=turn)
    report = team_report_lines(view, lang, turn=turn)
    names = {p["user_id"]: p.get("display_name") or p["user_id"] for p in view["registered"]}
    members = ", ".join(str(names.get(m, m)) for m in team.members)
    lines = [heading(title), t(lang, "board.pm_to", members=members), ""]
    if report:
        lines.append(subheading(report[0]))
        sections: list[list[str]] = [[]]
        for line in report[1:]:
            if line:
                sections[-1].append(line)
            else:
                sections.append([])
        for section in sections:
            lines += [*bullet_list(section), ""]
    filename = t(lang, "board.pm_file", turn=turn, house=team.key)
    return ExportText(f"pm-{team.key}", title, filename, "\n".join(lines).strip() + "\n")


def _teams_with_report(state: TronoState, turn: int) -> list[Team]:
    return [
        team
        for team in state.teams
        if team.members and team.house_id and any(r["turn"] == turn for r in team.reports)
    ]


def exports_for(state: TronoState, viewer: Viewer, lang: str) -> list[ExportText]:
    """The public post for everyone; the referees every team's message of the latest
    resolved turn, a team's member its own team's. Under review (R45) the referees read
    the texts publication will send, everyone else those of the last published turn."""
    referees = frozenset(f"referee:{r}" for r in state.config.referees)
    referee = viewer.is_referee or bool(viewer.seats and viewer.seats <= referees)
    if not referee:
        state = published(state)
    texts = [public_post(state, lang)]
    turn = last_report_turn(state)
    if turn is None:
        return texts
    if referee:
        teams = _teams_with_report(state, turn)
    else:
        users = {s.partition(":")[2] for s in viewer.seats if s.startswith("player:")}
        found = [state.team_of(u) for u in users]
        own = {team.key for team in found if team is not None}
        # a viewer whose seats span teams, or hold no team, reads no team's message
        teams = [
            team
            for team in _teams_with_report(state, turn)
            if len(own) == 1 and None not in found and team.key in own
        ]
    return texts + [team_message(state, team, turn, lang) for team in teams]


def recipients(state: TronoState, team: Team) -> list[str]:
    """The team's members by the names they use on the forum: a private message's
    recipients, in roster order."""
    return [state.players[m].display_name if m in state.players else m for m in team.members]


def all_team_messages(state: TronoState, lang: str) -> str:
    """Every team's private message of the latest resolved turn in one text, each under its
    title with its recipients, to paste one after another (issue 27, point 8; the referees'
    page offers the same file). Under review, the messages publication will send."""
    turn = last_report_turn(state)
    if turn is None:
        return ""
    parts = []
    for team in _teams_with_report(state, turn):
        message = team_message(state, team, turn, lang)
        to = t(lang, "board.pm_recipients", members=", ".join(recipients(state, team)))
        parts.append(f"===== {message.title} =====\n{to}\n\n{message.text}")
    return "\n".join(parts)
