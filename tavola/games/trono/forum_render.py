"""The report renderer: announcements, bulletins, team reports and the public and referee
boards as forum text ready to paste (Italian or English, the words in i18n/*.toml under
`forum`).

Everything rendered here is built from a *view* (`game.view(state, viewer)`), never from the
raw state, so a team report can only hold what that team may see (§8)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import UTC, date, datetime
from typing import Any
from zoneinfo import ZoneInfo

from tavola.core import Event

from .clock import parse_instant
from .houses import HOUSES
from .messages import MESSAGES, count, day_of, has_text, sentence, text, zone_words


def t(lang: str, key: str, **params: Any) -> str:
    """The forum text `key` in `lang` (English when `lang` lacks it); a `.one`/`.other`
    pair agrees with `n`."""
    return text(lang, f"forum.{key}", **params)


def with_names(view: Mapping[str, Any], catalogue: Mapping[str, Any]) -> dict[str, Any]:
    """A view with the catalogue's character names and genders beside it (public content,
    kept out of the views themselves so that a view holds only what its seat may see)."""
    return {
        **view,
        "character_names": {cid: c.name for cid, c in catalogue.items()},
        "character_genders": {cid: c.gender for cid, c in catalogue.items()},
    }


def character_name(view: Mapping[str, Any], cid: Any) -> str:
    """A character by its name in the game's catalogue (`with_names`)."""
    return str(view.get("character_names", {}).get(cid, cid))


def character_gender(view: Mapping[str, Any], cid: Any) -> str:
    """`f` or `m`, for the words that agree with a character ("Schierata Nerea")."""
    return str(view.get("character_genders", {}).get(cid, "m"))


def person_name(view: Mapping[str, Any], user: str) -> str:
    """Someone by the name they registered with (an account id is nobody's name)."""
    for person in view.get("registered", []):
        if person.get("user_id") == user:
            return str(person.get("display_name") or user)
    return user


def people(view: Mapping[str, Any], users: Iterable[str]) -> str:
    return ", ".join(person_name(view, u) for u in users)


def referee_label(view: Mapping[str, Any], referee: str, lang: str) -> str:
    """A referee by their seat's name, else by role and place ("Arbitro 2")."""
    named = (view.get("referee_names") or {}).get(referee)
    if named:
        return str(named)
    digits = "".join(ch for ch in referee if ch.isdigit())
    return t(lang, "referee_n", n=int(digits)) if digits else t(lang, "referee_one")


def phase_name(lang: str, phase: str) -> str:
    return text(lang, f"phase.{phase}")


def local_time(instant: str | None, zone: str = "Europe/Rome", lang: str = "it") -> str:
    """`2025-03-04T18:50:00.000Z` → `martedì 4 marzo 2025, 19:50 (ora di Roma)`."""
    if instant is None:
        return "—"
    moment = datetime.fromtimestamp(parse_instant(instant) / 1000, tz=UTC).astimezone(
        ZoneInfo(zone)
    )
    return t(
        lang,
        "date.moment",
        weekday=t(lang, f"weekday.{moment.weekday()}"),
        day=_day_of_month(lang, moment.day),
        month=t(lang, f"month.{moment.month}"),
        year=moment.year,
        time=f"{moment:%H:%M}",
        zone=zone_words(zone),
    )


def forum_day(iso: str | None, lang: str) -> str:
    """`2025-03-04` → `4 marzo 2025`."""
    if not iso:
        return "—"
    parsed = date.fromisoformat(iso)
    return t(
        lang,
        "date.day",
        day=_day_of_month(lang, parsed.day),
        month=t(lang, f"month.{parsed.month}"),
        year=parsed.year,
    )


def _day_of(iso: str, lang: str) -> str:
    """`2025-03-11` after "of": "dell'11 marzo 2025" in Italian, "11 March 2025" in English."""
    phrase = day_of(date.fromisoformat(iso))
    return text(lang, phrase.key, **phrase.params)


def _day_of_month(lang: str, day: int) -> str:
    """Italian writes the first of the month as an ordinal ("1º marzo")."""
    return t(lang, "date.first") if day == 1 else str(day)


def house_name(view: Mapping[str, Any], key: str | None) -> str:
    """A house's display name as the view gives it (`Stark`, or `Casa Geloferro`)."""
    if key is None:
        return "—"
    team = view.get("teams", {}).get(key)
    if team and team.get("display_name"):
        return str(team["display_name"])
    return key.capitalize() if key in HOUSES else key


def draw_lines(numbers: Mapping[str, list[int]]) -> list[str]:
    return [f"{wheel} " + " ".join(f"{n:02d}" for n in nums) for wheel, nums in numbers.items()]


def _printed(number: Any) -> Any:
    """A drawn number as the Lotto prints it ("05"), anything else as it is."""
    return f"{number:02d}" if isinstance(number, int) else number


def _bold(text: str, bbcode: bool) -> str:
    return f"[b]{text}[/b]" if bbcode else text


# -- announcements (public events → forum text) ----------------------------------------------


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
            lines.append(_bold(t(lang, kind, turn=data["turn"]), bbcode))
            lines += draw_lines(data["numbers"])
        elif kind == "close_set":
            lines.append(t(lang, kind, when=local_time(data["close_at"], zone, lang)))
        elif kind == "draw_recorded":
            key = "draw_formation" if data["purpose"] == "formation" else "draw_turn"
            day = (
                _day_of(data["date"], lang)
                if key == "draw_formation"
                else forum_day(data["date"], lang)
            )
            lines.append(_bold(t(lang, key, date=day, turn=data.get("turn")), bbcode))
            lines += draw_lines(data["numbers"])
        elif kind == "teams_formed":
            lines.append(_bold(t(lang, kind), bbcode))
            for no, members in data["rosters"].items():
                lines.append(t(lang, "team_line", no=no, members=people(view, members)))
        elif kind == "house_ranking_submitted":
            houses = ", ".join(house_name(view, h) for h in data["houses"])
            lines.append(t(lang, kind, no=data["team_no"], houses=houses))
        elif kind == "houses_assigned":
            lines.append(_bold(t(lang, kind), bbcode))
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
            lines.append(_bold(t(lang, kind, k=data["k"]), bbcode))
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
    from .audit_words import audit_words

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
    lines = [_bold(head, bbcode)]
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
    lines = [_bold(t(lang, "game_over"), bbcode)]
    if result.get("king"):
        kings = ", ".join(house_name(view, h) for h in str(result["king"]).split(","))
        lines.append(_bold(t(lang, "king", house=kings), bbcode))
        if result.get("hand"):
            hands = ", ".join(house_name(view, h) for h in str(result["hand"]).split(","))
            lines.append(_bold(t(lang, "hand", house=hands), bbcode))
    else:
        lines.append(t(lang, "no_winner"))
    return lines


# -- reports -------------------------------------------------------------------------------------


def _params(lang: str, data: Mapping[str, Any]) -> str:
    return t(lang, "report.params", **data)


def _characters(lang: str, characters: Iterable[Mapping[str, Any]], view: Mapping[str, Any]) -> str:
    """Each character by name, with the charges it has left ("1 carica", "permanente")."""
    parts = []
    for c in characters:
        cid = c.get("character_id") or c.get("id")
        charges = c.get("charges_left", c.get("charges"))
        left = t(lang, "permanent") if charges is None else text(lang, "count.charges", n=charges)
        parts.append(f"{character_name(view, cid)} ({left})")
    return ", ".join(parts)


def action_text(lang: str, view: Mapping[str, Any], entry: Mapping[str, Any]) -> str:
    """One slot action as the team page writes it: "Attacca il Trono", "Attacca
    Lannister", "Assolda Nerea Salsedine", "Tassa"."""
    kind = entry["kind"]
    if kind == "void":
        return written_text(lang, view, entry.get("written"))
    name = t(lang, f"order.{kind}") if MESSAGES.has(f"forum.order.{kind}") else str(kind)
    target = entry.get("target")
    if entry.get("character"):
        return f"{name} {character_name(view, entry['character'])}"
    if target in ("all", "trono"):
        return f"{name} {t(lang, f'order.target.{target}')}"
    return f"{name} {house_name(view, target)}" if target else name


def written_text(lang: str, view: Mapping[str, Any], written: Any) -> str:
    """A void part as the team wrote it: an action, a deployment, a number; a missing
    action in words."""
    if written is None:
        return t(lang, "report.missing")
    if isinstance(written, Mapping):
        if "character" in written and "kind" not in written:
            return character_name(view, written["character"])
        kind = written.get("kind")
        if isinstance(kind, str):
            target = written.get("target")
            shown = dict(written)
            if target is not None and target not in ("all", "trono") and target not in HOUSES:
                shown["target"] = None  # an unknown house is shown as written
                name = action_text(lang, view, {"kind": kind})
                return f"{name} {target}"
            return action_text(lang, view, shown)
        return "—"
    return str(written)


def void_reason(lang: str, part: Mapping[str, Any]) -> str:
    """Why a part is void; for a slot, without naming the slot again."""
    code, params = str(part["code"]), dict(part.get("params", {}))
    if part.get("part") == "slot" and has_text(f"reason.{code}", lang):
        return text(lang, f"reason.{code}", **params)
    return sentence(lang, code, params)


def void_lines(
    view: Mapping[str, Any], void: Iterable[Mapping[str, Any]], lang: str, *, slots: bool = False
) -> list[str]:
    """The void parts of a post copied from the forum, each with its reason: actions past
    the third, deployments, the abandonment condition (and, with `slots`, the slots)."""
    lines = []
    for part in void:
        if part["part"] == "slot" and not slots:
            continue
        why = void_reason(lang, part)
        shown = written_text(lang, view, part.get("written"))
        key = "report.slot_void" if part["part"] == "slot" else f"report.void_{part['part']}"
        index = part.get("index")
        lines.append(t(lang, key, index=index, slot=index, action=shown, written=shown, why=why))
    return lines


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
    now = _params(lang, team)
    if report is None or now != _params(lang, report.get("after", {})):
        lines.append(t(lang, "report.current", params=now))
    lines.append(_characters_line(view, team.get("characters", []), lang))
    if view.get("phase") == "turn_open":
        status = t(lang, "report.posted" if team.get("posted") else "report.not_posted")
        lines.append(t(lang, "report.post_status", turn=view.get("turn"), status=status))
    return lines


def _characters_line(view: Mapping[str, Any], owned: list[Any], lang: str) -> str:
    if not owned:
        return t(lang, "report.no_characters")
    return t(lang, "report.characters", list=_characters(lang, owned, view))


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


def value_words(view: Mapping[str, Any], value: Any, lang: str) -> str:
    """An override's before or after value as players read it: a number, a character with
    its charges, a house, a status, an instant in Rome time; nothing as "—"."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return t(lang, "yes" if value else "no")
    if isinstance(value, int):
        return str(value)
    if isinstance(value, Mapping):
        if "character" in value or "character_id" in value:
            cid = value.get("character_id", value.get("character"))
            return _characters(lang, [{**value, "character_id": cid}], view)
        if all(isinstance(v, list) for v in value.values()):  # a draw's numbers
            return "; ".join(draw_lines(value))
        return ", ".join(value_words(view, v, lang) for v in value.values())
    if isinstance(value, list):
        return ", ".join(value_words(view, v, lang) for v in value) or "—"
    word = str(value)
    if word in HOUSES:
        return house_name(view, word)
    if MESSAGES.has(f"forum.status.{word}"):
        return t(lang, f"status.{word}")
    if MESSAGES.has(f"phase.{word}"):
        return phase_name(lang, word)
    if len(word) >= 20 and word[:4].isdigit() and word.endswith("Z"):
        return local_time(word, lang=lang)
    return word


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
        title = t(lang, "report.title", house=name, turn=report["turn"], date=_day_of(drawn, lang))
    else:  # a report from before draws were dated under the manual schedule: no "—"
        title = t(lang, "report.title_undated", house=name, turn=report["turn"])
    lines = [_bold(title, bbcode)]
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
        lines.append(_bold(t(lang, "report.eliminated"), bbcode))
    else:
        lines += _economy_lines(report, lang)
    before, after = report.get("before", {}), report.get("after", {})
    lines.append(
        t(lang, "report.before_after", before=_params(lang, before), after=_params(lang, after))
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
                    number=_printed(entry.get("number")),
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
        shown = _params(lang, found)
    elif reveal == "characters":
        owned = found.get("characters", [])
        shown = _characters(lang, owned, view) if owned else t(lang, "report.nobody")
    else:
        entries = [*found.get("actions", []), *found.get("extras", [])]
        shown = ", ".join(
            t(lang, "report.spied_action", action=action_text(lang, view, e), value=e["value"])
            if e.get("value") is not None
            else action_text(lang, view, e)
            for e in entries
        ) or t(lang, "report.no_post_seen")
    return t(lang, "report.spy", target=target, found=shown)


def public_lines(view: Mapping[str, Any], lang: str, *, bbcode: bool = False) -> list[str]:
    """The public board's summary: phase, teams and houses, seats, the latest bulletin,
    the open turn's deadline and, at the end, the winners."""
    lines = [_bold(t(lang, "public.title", phase=phase_name(lang, view["phase"])), bbcode)]
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
        lines.append(_bold(t(lang, "turn_opened", k=view["turn"]), bbcode))
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
    lines = [_bold(t(lang, "referee.title", phase=phase_name(lang, view["phase"])), bbcode)]
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
        owned = _characters(lang, team.get("characters", []), view) or "—"
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
    from .audit_words import audit_words

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
