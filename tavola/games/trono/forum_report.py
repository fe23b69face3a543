"""A team's private report (§8) as forum text: the turn's actions, hires and
deployments, the battle, what the turn gave and took, spies' findings, the referees' notices
and the team as it stands now.

Built from the team's own view (`game.view(state, seat)`), so a report can only hold what
that team may see."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .forum_orders import action_text, void_lines, void_reason
from .forum_words import (
    bold,
    character_gender,
    character_name,
    characters_text,
    day_of_text,
    house_name,
    params_text,
    printed,
    t,
    value_words,
)
from .messages import count, text


def team_report_lines(
    view: Mapping[str, Any], lang: str, *, turn: int | None = None, bbcode: bool = False
) -> list[str]:
    """A team's private report (§8) from its own view (`view["team"]`): the turn report
    (the last one by default) and its current parameters and post status. The
    characters are said once: now, while the game goes on, else as the turn left them;
    the current parameters only where they differ from the report's "after"."""
    key = view.get("my_team")
    team = view.get("team")
    if key is None or team is None:
        return []
    entry = view.get("teams", {}).get(key, {})
    housed = not entry or bool(entry.get("house"))
    # Before the houses are assigned a team is its number, and has no parameters yet.
    name = house_name(view, key) if housed else t(lang, "team_name", no=entry.get("team_no"))
    reports = list(team.get("reports", []))
    report = (
        reports[-1]
        if turn is None and reports
        else next((r for r in reports if r["turn"] == turn), None)
    )
    current = view.get("phase") != "over" and team.get("soldiers") is not None and housed
    lines: list[str] = []
    if report is None:
        lines.append(t(lang, "report.none", house=name))
    else:
        lines += _report_body(view, report, name, lang, bbcode, characters=not current)
    if current:
        lines.append("")
        lines += _current_lines(view, team, report, lang)
    for notice in team.get("notices", []):
        lines.append(notice_line(view, notice, lang))
    return lines


def _current_lines(
    view: Mapping[str, Any], team: Mapping[str, Any], report: Mapping[str, Any] | None, lang: str
) -> list[str]:
    """The team as it stands now: its parameters (unless the report's "after" says them
    already), its characters, and whether it has posted for the open turn."""
    lines = []
    now = params_text(lang, team)
    if report is None or now != params_text(lang, report.get("after", {})):
        lines.append(t(lang, "report.current", params=now))
    lines.append(_characters_line(view, team.get("characters", []), lang))
    if view.get("phase") == "turn_open":
        status = t(lang, "report.posted" if team.get("posted") else "report.not_posted")
        lines.append(t(lang, "report.post_status", turn=view.get("turn"), status=status))
    return lines


def _characters_line(view: Mapping[str, Any], owned: list[Any], lang: str) -> str:
    if not owned:
        return t(lang, "report.no_characters")
    return t(lang, "report.characters", list=characters_text(lang, owned, view))


def notice_line(view: Mapping[str, Any], notice: Mapping[str, Any], lang: str) -> str:
    """A referee's override on the team (R66), its values in words."""
    kind = str(notice["kind"])
    what = text(lang, f"override.{kind}")
    if notice.get("param"):
        what += f" ({t(lang, 'param.' + str(notice['param']))})"
    return t(
        lang,
        "report.notice",
        seq=notice["seq"],
        kind=what,
        before=value_words(view, notice.get("before"), lang),
        after=value_words(view, notice.get("after"), lang),
        reason=notice.get("reason", ""),
    )


def _report_body(
    view: Mapping[str, Any],
    report: Mapping[str, Any],
    name: str,
    lang: str,
    bbcode: bool,
    *,
    characters: bool = True,
) -> list[str]:
    """One turn's report: title, the actions, hires and deployments, the battle, what the
    turn gave and took, before and after (and, with `characters`, the characters)."""
    drawn = report.get("draw_date")
    if drawn:
        title = t(
            lang, "report.title", house=name, turn=report["turn"], date=day_of_text(drawn, lang)
        )
    else:  # a report from before draws were dated under the manual schedule: no "—"
        title = t(lang, "report.title_undated", house=name, turn=report["turn"])
    lines = [bold(title, bbcode)]
    if report.get("corrected"):
        lines.append(t(lang, "report.corrected"))
    if not report.get("posted"):
        lines.append(t(lang, "report.no_post"))
    lines += _slot_lines(view, report, lang)
    lines += void_lines(view, report.get("void", []), lang)
    lines += _hire_lines(view, report, lang)
    lines += _deploy_lines(view, report, lang)
    lines += _battle_lines(view, report, lang)
    if report.get("eliminated"):
        lines.append(bold(t(lang, "report.eliminated"), bbcode))
    else:
        lines += _economy_lines(report, lang)
    before, after = report.get("before", {}), report.get("after", {})
    lines.append(
        t(
            lang,
            "report.before_after",
            before=params_text(lang, before),
            after=params_text(lang, after),
        )
    )
    if characters:
        lines.append(_characters_line(view, report.get("characters", []), lang))
    seat = report.get("seat") or "none"
    lines.append(t(lang, "report.seat", seat=t(lang, f"seat.{seat}")))
    for found in report.get("spy", []):
        lines.append(spy_line(view, found, lang))
    return lines


def _slot_lines(view: Mapping[str, Any], report: Mapping[str, Any], lang: str) -> list[str]:
    """Each of the three actions: a hire, a void action and why, or its number and values."""
    voids = {v["index"]: v for v in report.get("void", []) if v["part"] == "slot"}
    lines = []
    for entry in report.get("slots", []):
        slot = entry["slot"]
        if entry["kind"] == "hire":
            who = character_name(view, entry["character"])
            lines.append(t(lang, "report.slot_hire", slot=slot, character=who))
        elif entry["kind"] == "void":
            void = voids.get(slot, {"code": "E_UNKNOWN_ACTION", "params": {}})
            action, why = action_text(lang, view, entry), void_reason(lang, void)
            lines.append(t(lang, "report.slot_void", slot=slot, action=action, why=why))
        else:
            lines.append(
                t(
                    lang,
                    "report.slot",
                    slot=slot,
                    action=action_text(lang, view, entry),
                    number=printed(entry.get("number")),
                    base=entry.get("base"),
                    value=entry.get("value"),
                )
            )
    return lines


def _hire_lines(view: Mapping[str, Any], report: Mapping[str, Any], lang: str) -> list[str]:
    lines = []
    for hire in report.get("hires", []):
        failed = "" if hire.get("ok") else t(lang, "report.hire_failed")
        who = character_name(view, hire["character"])
        cost = count("chests", int(hire["cost"]))
        lines.append(t(lang, "report.hire", character=who, cost=cost, failed=failed))
    return lines


def _deploy_lines(view: Mapping[str, Any], report: Mapping[str, Any], lang: str) -> list[str]:
    """Each deployment, its word agreeing with the character ("Schierata Nerea …")."""
    lines = []
    for dep in report.get("deployments", []):
        target = dep.get("target")
        where = t(lang, "report.deploy_target", house=house_name(view, target)) if target else ""
        if dep.get("slot"):
            where += t(lang, "report.deploy_slot", slot=dep["slot"])
        gender = character_gender(view, dep["character"])
        lines.append(
            t(
                lang,
                f"report.deploy.{gender}",
                character=character_name(view, dep["character"]),
                target=where,
                outcome=t(lang, f"outcome.{dep['outcome']}"),
                charge=t(lang, f"charge.{dep['charge']}"),
            )
        )
    return lines


BATTLE = ("A", "Dv", "Pc", "shield", "damage")


def _battle_lines(view: Mapping[str, Any], report: Mapping[str, Any], lang: str) -> list[str]:
    """The battle's figures (none when nothing hit the team) and who attacked."""
    lines = []
    figures = {k: report.get(k, 0) for k in BATTLE}
    if "damage" in report and any(figures.values()):
        lines.append(t(lang, "report.battle", **figures))
    if report.get("attackers"):
        listed = ", ".join(f"{house_name(view, h)} {v}" for h, v in report["attackers"].items())
        lines.append(t(lang, "report.attackers", list=listed))
    return lines


# What the turn gave and took, each with what characters added to it (`gain_…`).
ECONOMY = (
    ("enlisted", "gain_soldiers"),
    ("tax", "gain_chests"),
    ("stolen_by_us", None),
    ("stolen_from_us", None),
    ("rally", "gain_banners"),
    ("exchange_banners", None),
)


def _economy_lines(report: Mapping[str, Any], lang: str) -> list[str]:
    """What the turn gave and took, the counters that moved only (no line of zeros), and
    the turns without an attack once they count."""
    parts = []
    for field, extra in ECONOMY:
        value = report.get(field, report.get("enlist", 0) if field == "enlisted" else 0)
        gained = report.get(extra, 0) if extra else 0
        if not value and not gained:
            continue
        part = t(lang, f"report.gain.{field}", n=value)
        if gained:
            part += t(lang, "report.gain.characters", n=gained)
        parts.append(part)
    lines = []
    if parts:
        said = ", ".join(parts)
        lines.append(said[:1].upper() + said[1:])
    penalty = t(lang, "report.penalty_lost") if report.get("penalty") else ""
    if report.get("counter") or penalty:
        lines.append(t(lang, "report.penalty", counter=report.get("counter", 0), penalty=penalty))
    if report.get("seat_banners"):
        lines.append(t(lang, "report.seat_banners", n=report["seat_banners"]))
    return lines


def spy_line(view: Mapping[str, Any], found: Mapping[str, Any], lang: str) -> str:
    """A spy's findings in words (§3.5 kind 9): parameters, characters or the post."""
    target = house_name(view, found["target"])
    reveal = found.get("reveal")
    if reveal == "parameters":
        shown = params_text(lang, found)
    elif reveal == "characters":
        owned = found.get("characters", [])
        shown = characters_text(lang, owned, view) if owned else t(lang, "report.nobody")
    else:
        entries = [*found.get("actions", []), *found.get("extras", [])]
        shown = ", ".join(
            t(lang, "report.spied_action", action=action_text(lang, view, e), value=e["value"])
            if e.get("value") is not None
            else action_text(lang, view, e)
            for e in entries
        ) or t(lang, "report.no_post_seen")
    return t(lang, "report.spy", target=target, found=shown)
