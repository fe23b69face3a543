"""Forum text in and out for the referee's command line: posts and draws written by hand,
announcements and reports ready to paste into a forum post (Italian or English).

Everything rendered here is built from a *view* (`game.view(state, viewer)`), never from the
raw state, so a team report can only hold what that team may see (§8)."""

from __future__ import annotations

import re
import string
from collections.abc import Iterable, Mapping
from datetime import UTC, date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from tavola.core import Event

from .clock import draw_instant, parse_instant
from .houses import DISPLAY_ORIGINAL, HOUSES
from .messages import refuse

Json = dict[str, Any]

# -- parsing what a referee types ---------------------------------------------------------------

KIND_ALIASES: dict[str, str] = {
    "attack": "attack",
    "attacca": "attack",
    "attacco": "attack",
    "defend": "defend",
    "defence": "defend",
    "defense": "defend",
    "difesa": "defend",
    "difendi": "defend",
    "enlist": "enlist",
    "arruola": "enlist",
    "tax": "tax",
    "tassa": "tax",
    "rally": "rally",
    "raduna": "rally",
    "hire": "hire",
    "assolda": "hire",
}
TARGET_ALIASES: dict[str, str] = {
    "trono": "trono",
    "throne": "trono",
    "all": "all",
    "tutti": "all",
    "tutte": "all",
}
_ORIGINAL = {name.lower(): house for house, name in DISPLAY_ORIGINAL.items()}
_TOKEN = re.compile(r"\s*([^\s(),;]+)\s*(?:\(\s*([^()]*?)\s*\))?\s*[,;]?")


def normalise_target(text: str) -> str:
    """`Lannister`, `lannister`, `Casa Aurimonte`, `Trono`, `tutti` → the engine's target."""
    key = " ".join(text.strip().lower().split())
    if key in TARGET_ALIASES:
        return TARGET_ALIASES[key]
    if key in _ORIGINAL:
        return _ORIGINAL[key]
    return key


def normalise_character(text: str, names: Mapping[str, str] | None = None) -> str:
    """A character id, or its display name when `names` (name → id) knows it."""
    key = " ".join(text.strip().split())
    if names:
        for name, cid in names.items():
            if name.lower() == key.lower():
                return cid
    return re.sub(r"[\s'’]+", "_", key.lower())


def parse_actions(text: str, names: Mapping[str, str] | None = None) -> list[Json]:
    """`attack(Lannister) defend tax` → the post's actions. Unknown words become unknown
    kinds, so the engine refuses them with its own code (E_UNKNOWN_ACTION, E_ACTION_COUNT)."""
    actions: list[Json] = []
    pos = 0
    text = text.strip()
    while pos < len(text):
        match = _TOKEN.match(text, pos)
        if match is None or match.end() == pos:
            raise refuse("E_UNKNOWN_ACTION", slot=len(actions) + 1)
        word, arg = match.group(1), match.group(2)
        kind = KIND_ALIASES.get(word.lower(), word.lower())
        action: Json = {"kind": kind}
        if arg is not None and arg != "":
            if kind == "hire":
                action["character"] = normalise_character(arg, names)
            else:
                action["target"] = normalise_target(arg)
        actions.append(action)
        pos = match.end()
    return actions


def parse_deploy(spec: str, names: Mapping[str, str] | None = None) -> Json:
    """`CHAR[:TARGET[:SLOT]]`; a lone number after the character is a slot (`alvise:1`)."""
    parts = spec.split(":")
    out: Json = {"character": normalise_character(parts[0], names)}
    rest = [p.strip() for p in parts[1:]]
    if len(rest) == 1 and rest[0].isdigit():
        rest = ["", rest[0]]
    if rest and rest[0]:
        out["target"] = normalise_target(rest[0])
    if len(rest) > 1 and rest[1]:
        out["slot"] = int(rest[1]) if rest[1].isdigit() else rest[1]
    return out


def parse_numbers(text: str) -> dict[str, list[int]]:
    """`BA:1,2,3,4,5 CA:...` (or `Bari: 1, 2, ...; Cagliari: ...`) → wheel → numbers.
    Completeness and ranges are the engine's checks (A8)."""
    numbers: dict[str, list[int]] = {}
    for chunk in re.findall(r"([A-Za-z]+)\s*[:=]\s*([\d\s,]+)", text):
        wheel, raw = chunk
        values = [v for v in re.split(r"[\s,]+", raw.strip()) if v]
        numbers[wheel] = [int(v) for v in values]
    leftover = re.sub(r"([A-Za-z]+)\s*[:=]\s*([\d\s,]+)", "", text).strip(" ;,\n\t")
    if leftover or not numbers:
        raise refuse("E_IMPORT_FORMAT", detail=f"expected WHEEL:n1,n2,n3,n4,n5 ({leftover!r})")
    return numbers


def formation_draw_date(closed_at: int) -> str:
    """R7: the date of the first Lotto draw (20:00 Rome) after the registration close."""
    day = datetime.fromtimestamp(closed_at / 1000, tz=ZoneInfo("Europe/Rome")).date()
    while draw_instant(day) <= closed_at:
        day += timedelta(days=1)
    return day.isoformat()


# -- the text catalogue -------------------------------------------------------------------------

TEXT: dict[str, dict[str, str]] = {
    "it": {
        "registration.open": "Iscrizioni aperte ({n} iscritti).",
        "player_registered": "Nuovo iscritto: {user}.",
        "player_withdrew": "{user} ritira l'iscrizione.",
        "close_set": "Le iscrizioni chiudono il {when}.",
        "registration_closed": "Iscrizioni chiuse: {P} giocatori. Impegno segreto di "
        "formazione (SHA-256): {commitment}",
        "formation_failed": "Formazione fallita: {P} iscritti bastano per {T} squadre. "
        "Le iscrizioni riaprono.",
        "draw_formation": "Estrazione di formazione del {date}:",
        "draw_turn": "Estrazione del turno {turn} ({date}):",
        "teams_formed": "Squadre formate:",
        "team_line": "Squadra {no}: {members}",
        "house_ranking_submitted": "Squadra {no} ha inviato la classifica: {houses}.",
        "houses_assigned": "Casate assegnate:",
        "house_line": "Squadra {no}: {house}",
        "seats": "Trono: {throne}",
        "seats_tower": "Torre: {tower}",
        "player_joined": "{user} si unisce a {team}.",
        "join_queued": "{user} sarà assegnato a una squadra dopo l'assegnazione delle casate.",
        "turn_opened": "Si apre il turno {k}.",
        "deadline": "Scadenza dei post: {when}.",
        "no_deadline": "I post si chiudono quando tutte le squadre hanno inviato "
        "o quando l'arbitro chiude il turno.",
        "turn_locked": "Turno {k} chiuso: non si accettano altri post.",
        "team_eliminated": "Eliminata: {team}.",
        "tower_removed": "La Torre viene rimossa.",
        "draw_corrected": "Correzione dell'estrazione del turno {turn}: risultati rifatti.",
        "corrected": "(risultati corretti)",
        "game_over": "La partita è finita.",
        "king": "Re: {house}",
        "hand": "Primo Cavaliere: {house}",
        "not_started": "La partita non è cominciata (formazione fallita troppe volte).",
        "no_winner": "Nessun vincitore.",
        "winners": "Vincitori: {houses}",
        "override": "Intervento arbitrale n. {seq} ({kind} {subject}).",
        # team report
        "report.title": "Rapporto per {house} — turno {turn} (estrazione del {date})",
        "report.corrected": "(rapporto corretto dopo una correzione dell'estrazione)",
        "report.none": "{house}: nessun rapporto ancora.",
        "report.no_post": "Nessun post inviato: nessuna azione.",
        "report.slot": "Azione {slot}: {action} — numero {number}, valore base {base}, "
        "valore finale {value}",
        "report.slot_hire": "Azione {slot}: assolda {character}",
        "report.hire": "Ingaggio: {character} ({cost} casse){failed}",
        "report.hire_failed": " — non riuscito, casse insufficienti",
        "report.deploy": "Schierato {character}{target}: {outcome}, carica {charge}",
        "report.battle": "Battaglia: attacchi ricevuti {A}, difesa {Dv}, danni diretti {Pc}, "
        "scudo {shield} → danni {damage}",
        "report.attackers": "Attaccanti: {list}",
        "report.economy": "Arruolati {enlist} (+{gain_soldiers} da personaggi), tasse "
        "{tax} (+{gain_chests}), rubate da noi {stolen_by_us}, rubate a noi "
        "{stolen_from_us}, raduno {rally} (+{gain_banners}), scambio +{exchange_banners}",
        "report.penalty": "Turni senza attacco: {counter}{penalty}",
        "report.penalty_lost": " — perso 1 vessillo",
        "report.seat_banners": "Vessilli del seggio: +{n}",
        "report.params": "soldati {soldiers}, casse {chests}, vessilli {banners}",
        "report.before_after": "Prima: {before}. Dopo: {after}.",
        "report.characters": "Personaggi: {list}",
        "report.no_characters": "Personaggi: nessuno",
        "report.seat": "Seggio: {seat}",
        "report.eliminated": "La squadra è stata eliminata.",
        "report.spy": "Spia su {target}: {found}",
        "report.notice": "Intervento arbitrale n. {seq}: {kind}, da {before} a {after} "
        "(motivo: {reason})",
        "report.post_status": "Post del turno {turn}: {status}",
        "report.posted": "inviato",
        "report.not_posted": "non ancora inviato",
        "report.current": "Situazione attuale: {params}",
        "charge.spent": "spesa",
        "charge.returned": "restituita",
        "charge.permanent": "permanente",
        "charge.none": "nessuna",
        "outcome.success": "riuscito",
        "outcome.failure": "fallito",
        "seat.throne": "Trono",
        "seat.tower": "Torre",
        "seat.none": "nessuno",
        "permanent": "permanente",
        "charges": "{n} cariche",
        # public and referee reports
        "public.title": "Gioco del Trono — situazione (fase: {phase})",
        "public.turn": "Turno {turn} di {max_turns}",
        "public.teams": "Squadre:",
        "public.team": "{house}: {members}{status}",
        "public.eliminated_at": " — eliminata al turno {turn}",
        "public.registered": "Iscritti: {list}",
        "public.bulletin": "Ultimo bollettino:",
        "referee.title": "Gioco del Trono — quadro dell'arbitro (fase: {phase})",
        "referee.team": "{house}: soldati {soldiers}/{max}, casse {chests}, vessilli {banners}, "
        "senza attacco {counter}, personaggi {characters}, post {posted}",
        "referee.awaiting": "In attesa di: {list}",
        "referee.audit": "Interventi arbitrali: {n}",
        "referee.secret": "Segreto di formazione: {secret}",
        "yes": "sì",
        "no": "no",
    },
    "en": {
        "registration.open": "Registration open ({n} registered).",
        "player_registered": "New registration: {user}.",
        "player_withdrew": "{user} withdraws.",
        "close_set": "Registration closes on {when}.",
        "registration_closed": "Registration closed: {P} players. Formation secret "
        "commitment (SHA-256): {commitment}",
        "formation_failed": "Formation failed: {P} registered players make only {T} teams. "
        "Registration reopens.",
        "draw_formation": "Formation draw of {date}:",
        "draw_turn": "Draw for turn {turn} ({date}):",
        "teams_formed": "Teams formed:",
        "team_line": "Team {no}: {members}",
        "house_ranking_submitted": "Team {no} sent its house ranking: {houses}.",
        "houses_assigned": "Houses assigned:",
        "house_line": "Team {no}: {house}",
        "seats": "Throne: {throne}",
        "seats_tower": "Tower: {tower}",
        "player_joined": "{user} joins {team}.",
        "join_queued": "{user} will be placed on a team once the houses are assigned.",
        "turn_opened": "Turn {k} opens.",
        "deadline": "Posts are due before {when}.",
        "no_deadline": "Posts close when every team has posted or the referee closes the turn.",
        "turn_locked": "Turn {k} is closed: no more posts.",
        "team_eliminated": "Eliminated: {team}.",
        "tower_removed": "The Tower is removed.",
        "draw_corrected": "Draw for turn {turn} corrected: results recomputed.",
        "corrected": "(corrected results)",
        "game_over": "The game is over.",
        "king": "King: {house}",
        "hand": "Hand: {house}",
        "not_started": "The game did not start (formation failed too many times).",
        "no_winner": "No winner.",
        "winners": "Winners: {houses}",
        "override": "Referee override no. {seq} ({kind} {subject}).",
        "report.title": "Report for {house} — turn {turn} (draw of {date})",
        "report.corrected": "(report corrected after a draw correction)",
        "report.none": "{house}: no report yet.",
        "report.no_post": "No post sent: no actions.",
        "report.slot": "Slot {slot}: {action} — number {number}, base value {base}, "
        "final value {value}",
        "report.slot_hire": "Slot {slot}: hire {character}",
        "report.hire": "Hire: {character} ({cost} chests){failed}",
        "report.hire_failed": " — failed, not enough chests",
        "report.deploy": "Deployed {character}{target}: {outcome}, charge {charge}",
        "report.battle": "Battle: incoming attacks {A}, defence {Dv}, direct damage {Pc}, "
        "shield {shield} → damage {damage}",
        "report.attackers": "Attackers: {list}",
        "report.economy": "Enlisted {enlist} (+{gain_soldiers} from characters), tax {tax} "
        "(+{gain_chests}), stolen by us {stolen_by_us}, stolen from us {stolen_from_us}, "
        "rally {rally} (+{gain_banners}), exchange +{exchange_banners}",
        "report.penalty": "Turns without attacking: {counter}{penalty}",
        "report.penalty_lost": " — 1 banner lost",
        "report.seat_banners": "Seat banners: +{n}",
        "report.params": "soldiers {soldiers}, chests {chests}, banners {banners}",
        "report.before_after": "Before: {before}. After: {after}.",
        "report.characters": "Characters: {list}",
        "report.no_characters": "Characters: none",
        "report.seat": "Seat: {seat}",
        "report.eliminated": "The team has been eliminated.",
        "report.spy": "Spy on {target}: {found}",
        "report.notice": "Referee override no. {seq}: {kind}, from {before} to {after} "
        "(reason: {reason})",
        "report.post_status": "Post for turn {turn}: {status}",
        "report.posted": "sent",
        "report.not_posted": "not sent yet",
        "report.current": "Now: {params}",
        "charge.spent": "spent",
        "charge.returned": "given back",
        "charge.permanent": "permanent",
        "charge.none": "none",
        "outcome.success": "success",
        "outcome.failure": "failure",
        "seat.throne": "Throne",
        "seat.tower": "Tower",
        "seat.none": "none",
        "permanent": "permanent",
        "charges": "{n} charges",
        "public.title": "Gioco del Trono — standing (phase: {phase})",
        "public.turn": "Turn {turn} of {max_turns}",
        "public.teams": "Teams:",
        "public.team": "{house}: {members}{status}",
        "public.eliminated_at": " — eliminated in turn {turn}",
        "public.registered": "Registered: {list}",
        "public.bulletin": "Latest bulletin:",
        "referee.title": "Gioco del Trono — referee's board (phase: {phase})",
        "referee.team": "{house}: soldiers {soldiers}/{max}, chests {chests}, banners {banners}, "
        "no-attack {counter}, characters {characters}, post {posted}",
        "referee.awaiting": "Waiting for: {list}",
        "referee.audit": "Referee overrides: {n}",
        "referee.secret": "Formation secret: {secret}",
        "yes": "yes",
        "no": "no",
    },
}

ACTION_NAMES: dict[str, dict[str, str]] = {
    "it": {
        "attack": "attacca",
        "defend": "difesa",
        "enlist": "arruola",
        "tax": "tassa",
        "rally": "raduna",
        "hire": "assolda",
    },
    "en": {k: k for k in ("attack", "defend", "enlist", "tax", "rally", "hire")},
}

_WEEKDAYS_IT = ("lunedì", "martedì", "mercoledì", "giovedì", "venerdì", "sabato", "domenica")
_MONTHS_IT = (
    "gennaio",
    "febbraio",
    "marzo",
    "aprile",
    "maggio",
    "giugno",
    "luglio",
    "agosto",
    "settembre",
    "ottobre",
    "novembre",
    "dicembre",
)


class _Lenient(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def t(lang: str, key: str, **params: Any) -> str:
    table = TEXT.get(lang, TEXT["en"])
    template = table.get(key) or TEXT["en"].get(key, key)
    return string.Formatter().vformat(template, (), _Lenient(params))


def local_time(instant: str | None, zone: str = "Europe/Rome", lang: str = "it") -> str:
    """`2025-03-04T18:50:00.000Z` → `martedì 4 marzo 2025, 19:50 (Europe/Rome)`."""
    if instant is None:
        return "—"
    moment = datetime.fromtimestamp(parse_instant(instant) / 1000, tz=UTC).astimezone(
        ZoneInfo(zone)
    )
    if lang == "it":
        day = (
            f"{_WEEKDAYS_IT[moment.weekday()]} {moment.day} "
            f"{_MONTHS_IT[moment.month - 1]} {moment.year}"
        )
    else:
        day = moment.strftime("%A %d %B %Y").replace(" 0", " ")
    return f"{day}, {moment:%H:%M} ({zone})"


def _day(text: str | None, lang: str) -> str:
    if not text:
        return "—"
    parsed = date.fromisoformat(text)
    if lang == "it":
        return f"{parsed.day} {_MONTHS_IT[parsed.month - 1]} {parsed.year}"
    return f"{parsed.day} {parsed:%B %Y}"


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
        if kind in (
            "player_registered",
            "player_withdrew",
            "registration_closed",
            "formation_failed",
            "turn_locked",
            "join_queued",
        ):
            lines.append(t(lang, kind, **data))
        elif kind == "draw_corrected":
            lines.append(_bold(t(lang, kind, turn=data["turn"]), bbcode))
            lines += draw_lines(data["numbers"])
        elif kind == "close_set":
            lines.append(t(lang, kind, when=local_time(data["close_at"], zone, lang)))
        elif kind == "draw_recorded":
            key = "draw_formation" if data["purpose"] == "formation" else "draw_turn"
            lines.append(
                _bold(t(lang, key, date=_day(data["date"], lang), turn=data.get("turn")), bbcode)
            )
            lines += draw_lines(data["numbers"])
        elif kind == "teams_formed":
            lines.append(_bold(t(lang, kind), bbcode))
            for no, members in data["rosters"].items():
                lines.append(t(lang, "team_line", no=no, members=", ".join(members)))
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
            lines.append(t(lang, kind, user=data["user"], team=house_name(view, data["team"])))
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
            lines.append(t(lang, "override", **data))
    return lines + ending


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


def _characters(lang: str, characters: Iterable[Mapping[str, Any]]) -> str:
    parts = []
    for c in characters:
        cid = c.get("character_id") or c.get("id")
        charges = c.get("charges_left", c.get("charges"))
        left = t(lang, "permanent") if charges is None else t(lang, "charges", n=charges)
        parts.append(f"{cid} ({left})")
    return ", ".join(parts)


def action_text(lang: str, view: Mapping[str, Any], entry: Mapping[str, Any]) -> str:
    """One slot action as a player writes it: `attacca(Lannister)`, `assolda(x)`, `tassa`."""
    name = ACTION_NAMES.get(lang, ACTION_NAMES["en"]).get(entry["kind"], entry["kind"])
    target = entry.get("target")
    if entry.get("character"):
        return f"{name}({entry['character']})"
    if target == "all":
        return f"{name}({'tutti' if lang == 'it' else 'all'})"
    if target == "trono":
        return f"{name}(trono)"
    return f"{name}({house_name(view, target)})" if target else name


def team_report_lines(
    view: Mapping[str, Any], lang: str, *, turn: int | None = None, bbcode: bool = False
) -> list[str]:
    """A team's private report (§8) from its own view (`view["team"]`): the turn report
    (the last one by default) and its current parameters and post status."""
    key = view.get("my_team")
    team = view.get("team")
    if key is None or team is None:
        return []
    name = house_name(view, key)
    reports = list(team.get("reports", []))
    report = (
        reports[-1]
        if turn is None and reports
        else next((r for r in reports if r["turn"] == turn), None)
    )
    lines: list[str] = []
    if report is None:
        lines.append(t(lang, "report.none", house=name))
    else:
        lines += _report_body(view, report, name, lang, bbcode)
    if view.get("phase") not in ("over",) and team.get("soldiers") is not None:
        lines.append("")
        lines.append(t(lang, "report.current", params=_params(lang, team)))
        owned = team.get("characters", [])
        lines.append(
            t(lang, "report.characters", list=_characters(lang, owned))
            if owned
            else t(lang, "report.no_characters")
        )
        if view.get("phase") == "turn_open":
            status = t(lang, "report.posted" if team.get("posted") else "report.not_posted")
            lines.append(t(lang, "report.post_status", turn=view.get("turn"), status=status))
    for notice in team.get("notices", []):
        lines.append(t(lang, "report.notice", **notice))
    return lines


def _report_body(
    view: Mapping[str, Any], report: Mapping[str, Any], name: str, lang: str, bbcode: bool
) -> list[str]:
    date_text = _day(report.get("draw_date"), lang)
    lines = [
        _bold(t(lang, "report.title", house=name, turn=report["turn"], date=date_text), bbcode)
    ]
    if report.get("corrected"):
        lines.append(t(lang, "report.corrected"))
    if not report.get("posted"):
        lines.append(t(lang, "report.no_post"))
    for entry in report.get("slots", []):
        if entry["kind"] == "hire":
            lines.append(
                t(lang, "report.slot_hire", slot=entry["slot"], character=entry["character"])
            )
        else:
            lines.append(
                t(
                    lang,
                    "report.slot",
                    slot=entry["slot"],
                    action=action_text(lang, view, entry),
                    number=entry.get("number"),
                    base=entry.get("base"),
                    value=entry.get("value"),
                )
            )
    for hire in report.get("hires", []):
        failed = "" if hire.get("ok") else t(lang, "report.hire_failed")
        lines.append(
            t(lang, "report.hire", character=hire["character"], cost=hire["cost"], failed=failed)
        )
    for dep in report.get("deployments", []):
        target = dep.get("target")
        where = f" → {house_name(view, target)}" if target else ""
        if dep.get("slot"):
            where += f" (slot {dep['slot']})"
        lines.append(
            t(
                lang,
                "report.deploy",
                character=dep["character"],
                target=where,
                outcome=t(lang, f"outcome.{dep['outcome']}"),
                charge=t(lang, f"charge.{dep['charge']}"),
            )
        )
    if "damage" in report:
        lines.append(
            t(
                lang,
                "report.battle",
                **{k: report.get(k, 0) for k in ("A", "Dv", "Pc", "shield", "damage")},
            )
        )
    if report.get("attackers"):
        listed = ", ".join(f"{house_name(view, h)} {v}" for h, v in report["attackers"].items())
        lines.append(t(lang, "report.attackers", list=listed))
    if report.get("eliminated"):
        lines.append(_bold(t(lang, "report.eliminated"), bbcode))
    else:
        fields = (
            "enlist",
            "gain_soldiers",
            "tax",
            "gain_chests",
            "stolen_by_us",
            "stolen_from_us",
            "rally",
            "gain_banners",
            "exchange_banners",
        )
        lines.append(t(lang, "report.economy", **{f: report.get(f, 0) for f in fields}))
        penalty = t(lang, "report.penalty_lost") if report.get("penalty") else ""
        lines.append(t(lang, "report.penalty", counter=report.get("counter", 0), penalty=penalty))
        if report.get("seat_banners"):
            lines.append(t(lang, "report.seat_banners", n=report["seat_banners"]))
    before, after = report.get("before", {}), report.get("after", {})
    lines.append(
        t(lang, "report.before_after", before=_params(lang, before), after=_params(lang, after))
    )
    owned = report.get("characters", [])
    lines.append(
        t(lang, "report.characters", list=_characters(lang, owned))
        if owned
        else t(lang, "report.no_characters")
    )
    seat = report.get("seat") or "none"
    lines.append(t(lang, "report.seat", seat=t(lang, f"seat.{seat}")))
    for found in report.get("spy", []):
        shown = {k: v for k, v in found.items() if k not in ("target", "reveal")}
        lines.append(t(lang, "report.spy", target=house_name(view, found["target"]), found=shown))
    return lines


def public_lines(view: Mapping[str, Any], lang: str, *, bbcode: bool = False) -> list[str]:
    """The public board's summary: phase, teams and houses, seats, the latest bulletin,
    the open turn's deadline and, at the end, the winners."""
    lines = [_bold(t(lang, "public.title", phase=view["phase"]), bbcode)]
    if view["phase"] == "registration":
        names = [p["user_id"] for p in view.get("registered", [])]
        lines.append(t(lang, "public.registered", list=", ".join(names) or "—"))
        if view.get("close_at"):
            lines.append(t(lang, "close_set", when=local_time(view["close_at"], lang=lang)))
        return lines
    if view.get("formation", {}).get("commitment"):
        lines.append(
            t(
                lang,
                "registration_closed",
                P=len([p for p in view.get("registered", []) if p["status"] != "registered"])
                or len(view.get("registered", [])),
                commitment=view["formation"]["commitment"],
            )
        )
    if view.get("teams"):
        lines.append(t(lang, "public.teams"))
        for key, team in view["teams"].items():
            status = ""
            if team.get("status") == "eliminated":
                status = t(lang, "public.eliminated_at", turn=team.get("eliminated_turn"))
            label = house_name(view, key) if team.get("house") else f"#{team['team_no']}"
            lines.append(
                t(
                    lang,
                    "public.team",
                    house=label,
                    members=", ".join(team["members"]),
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
    lines = [_bold(t(lang, "referee.title", phase=view["phase"]), bbcode)]
    if view.get("turn"):
        lines.append(t(lang, "public.turn", turn=view["turn"], max_turns=view["max_turns"]))
    if view.get("deadline") and view["phase"] == "turn_open":
        lines.append(t(lang, "deadline", when=local_time(view["deadline"], lang=lang)))
    if view.get("formation", {}).get("secret"):
        lines.append(t(lang, "referee.secret", secret=view["formation"]["secret"]))
    for key, team in view.get("teams", {}).items():
        if not team.get("house"):
            lines.append(
                t(lang, "team_line", no=team["team_no"], members=", ".join(team["members"]))
            )
            continue
        status = "" if team.get("status") == "active" else f" [{team.get('status')}]"
        owned = _characters(lang, team.get("characters", [])) or "—"
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
    waiting = sorted(awaiting)
    if waiting:
        lines.append(t(lang, "referee.awaiting", list=", ".join(waiting)))
    if view.get("audit"):
        lines.append(t(lang, "referee.audit", n=len(view["audit"])))
    if view["phase"] == "over":
        lines += winner_lines(view, lang, bbcode=bbcode)
        ranking = (view.get("result") or {}).get("ranking") or []
        if ranking:
            lines.append(" > ".join(house_name(view, h) for h in ranking))
    return lines
