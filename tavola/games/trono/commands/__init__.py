"""`tavola trono ...`: the Gioco del Trono referee's command line on a game record file, and
`tavola play trono --mode practice`: a game of the reference practice bots.

Every command loads the record, replays it (checking the state hash), sends one action as a
referee or as a team member and writes the file back atomically only if the game accepts it.
Refusals print the spec's code and a sentence (Italian by default, `--lang en`) and exit 1.
Announcements and reports come out as forum text."""

from __future__ import annotations

import json
import secrets
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Any

import typer

from tavola.core import Action, Event, IllegalAction, Table, TavolaError, Viewer
from tavola.games.trono.bot import ReferenceBot
from tavola.games.trono.clock import format_instant, parse_instant
from tavola.games.trono.state import Team, TronoState, catalogue_of
from tavola.games.trono.text import (
    action_text,
    announce,
    bulletin_lines,
    formation_draw_date,
    house_name,
    normalise_target,
    parse_actions,
    parse_deploy,
    parse_numbers,
    public_lines,
    referee_lines,
    team_report_lines,
    winner_lines,
)

from .table_commands import RecordProblem, create, fail, load_table, read_config, save_table

app = typer.Typer(
    help="Referee a Gioco del Trono game kept in a record file (JSON).",
    no_args_is_help=True,
)

FileArg = Annotated[Path, typer.Argument(help="The game record (JSON).")]
LangOpt = Annotated[str, typer.Option("--lang", help="it (default) or en.")]
AtOpt = Annotated[
    str | None,
    typer.Option(
        "--at",
        help="When it happens: an ISO instant (2025-03-04T18:00:00Z) or 'now'; "
        "default: the table's clock (the last accepted instant).",
    ),
]
RefOpt = Annotated[
    str | None, typer.Option("--referee", help="The referee acting (default: the first one).")
]
BBOpt = Annotated[bool, typer.Option("--bbcode", help="Bold headings as [b]…[/b].")]

CLI_TEXT: dict[str, dict[str, str]] = {
    "it": {
        "created": "Partita creata in {file}: {mode}, seme {seed}, arbitri {referees}.",
        "accepted": "Accettato: {what}.",
        "post_sealed": "Post di {house} per il turno {turn} sigillato ({at}, autore {author}): "
        "{actions}",
        "deploy": "Schieramenti: {list}",
        "abandon": "Condizione di abbandono: meno di {n} soldati",
        "next": "Prossimo passo: {hint}",
        "hint.registration": "iscrizioni (register, preferences), poi close",
        "hint.formation_wait": "draw --purpose formation con l'estrazione del {date}",
        "hint.house_ranking": "ranking --team N CASATA1,CASATA2,… (scadenza {when})",
        "hint.ready": "start",
        "hint.turn_open": 'post --team CASATA "…" per ogni squadra, poi resolve',
        "hint.turn_locked": 'draw --numbers "BA:… CA:…" o --import FILE (estrazione del {date})',
        "hint.review": "publish",
        "hint.over": "report --public",
        "reports": "Rapporti privati pronti: report --team CASATA.",
        "audit": "Intervento n. {seq} ({kind} {subject}): {before} → {after}. Motivo: {reason}",
        "E_UNKNOWN_TEAM": "Nessuna squadra '{team}' (casata, numero o teamN).",
        "E_NO_MEMBERS": "La squadra {team} non ha membri.",
        "E_DRAW_PURPOSE": "L'estrazione attesa ora è {expected}, non {given}.",
        "E_BEFORE_DEADLINE": "Il turno si chiude alla scadenza ({deadline}): --at non può "
        "essere precedente.",
        "E_AWAITING_DRAW": "Il turno {turn} è chiuso: ora serve l'estrazione (draw).",
        "E_OPTIONS": "{detail}",
        "E_IMPORT_FILE": "Non leggo il file d'estrazione {path}: {detail}",
    },
    "en": {
        "created": "Game created in {file}: {mode}, seed {seed}, referees {referees}.",
        "accepted": "Accepted: {what}.",
        "post_sealed": "{house}'s post for turn {turn} sealed ({at}, author {author}): {actions}",
        "deploy": "Deployments: {list}",
        "abandon": "Abandonment condition: fewer than {n} soldiers",
        "next": "Next: {hint}",
        "hint.registration": "registrations (register, preferences), then close",
        "hint.formation_wait": "draw --purpose formation with the draw of {date}",
        "hint.house_ranking": "ranking --team N HOUSE1,HOUSE2,… (deadline {when})",
        "hint.ready": "start",
        "hint.turn_open": 'post --team HOUSE "…" for each team, then resolve',
        "hint.turn_locked": 'draw --numbers "BA:… CA:…" or --import FILE (draw of {date})',
        "hint.review": "publish",
        "hint.over": "report --public",
        "reports": "Private reports ready: report --team HOUSE.",
        "audit": "Override no. {seq} ({kind} {subject}): {before} → {after}. Reason: {reason}",
        "E_UNKNOWN_TEAM": "No team '{team}' (a house, a number or teamN).",
        "E_NO_MEMBERS": "Team {team} has no members.",
        "E_DRAW_PURPOSE": "The draw expected now is {expected}, not {given}.",
        "E_BEFORE_DEADLINE": "The turn locks at its deadline ({deadline}): --at cannot be earlier.",
        "E_AWAITING_DRAW": "Turn {turn} is locked: the draw is needed now (draw).",
        "E_OPTIONS": "{detail}",
        "E_IMPORT_FILE": "Cannot read the draw file {path}: {detail}",
    },
}


def say(lang: str, key: str, **params: Any) -> str:
    table = CLI_TEXT.get(lang, CLI_TEXT["en"])
    return table.get(key, CLI_TEXT["en"].get(key, key)).format(**params)


def cli_error(code: str, **params: Any) -> IllegalAction:
    """A refusal the command line itself makes (before the engine sees anything)."""
    return IllegalAction(code, say("en", code, **params), message_it=say("it", code, **params))


def echo_lines(lines: list[str]) -> None:
    for line in lines:
        typer.echo(line)


def _instant(at: str | None) -> str | None:
    if at is None:
        return None
    if at.strip().lower() == "now":
        return format_instant(int(datetime.now(tz=UTC).timestamp()) * 1000)
    return at


def _with_at(args: dict[str, Any], at: str | None) -> dict[str, Any]:
    stamp = _instant(at)
    if stamp is not None:
        args["at"] = stamp
    return args


def _referee_seat(state: TronoState, referee: str | None) -> str:
    return f"referee:{referee or state.config.referees[0]}"


def find_team(state: TronoState, name: str) -> Team:
    """A team by house (id or display name), by number (`2`, `#2`) or by key (`team2`)."""
    key = name.strip().lower().lstrip("#")
    if key.startswith("team") and key[4:].isdigit():
        key = key[4:]
    if key.isdigit() and 1 <= int(key) <= len(state.teams):
        return state.team_by_no(int(key))
    house = normalise_target(name)
    found = state.team(house)
    if found is None:
        raise cli_error("E_UNKNOWN_TEAM", team=name)
    return found


def _member_seat(team: Team, user: str | None) -> str:
    if user is not None:
        return f"player:{user}"
    if not team.members:
        raise cli_error("E_NO_MEMBERS", team=team.key)
    return f"player:{team.members[0]}"


def _run(
    file: Path,
    lang: str,
    build: Any,
    *,
    bbcode: bool = False,
    after: Any = None,
) -> None:
    """Load, build (seat, action) from the replayed table, apply and save; print the outcome.
    `build(table) -> (seat, action)`; `after(table, events) -> lines` adds private lines."""
    try:
        table = load_table(file)
        seat, action = build(table)
        events = table.act(seat, action)
        save_table(table, file)
    except IllegalAction as exc:
        raise fail(exc, lang, 1) from None
    except TavolaError as exc:
        raise fail(exc, lang, 2) from None
    typer.echo(say(lang, "accepted", what=action.type))
    if after is not None:
        echo_lines(after(table, events))
    public = table.view(Viewer.public())
    lines = announce(events, public, lang, bbcode=bbcode)
    if lines:
        typer.echo("")
        echo_lines(lines)
    if any(e.type == "turn_report" for e in events):
        typer.echo("")
        typer.echo(say(lang, "reports"))
    if table.state.phase != "over":
        typer.echo("")
        typer.echo(say(lang, "next", hint=_hint(table.state, lang)))


def awaiting(table: Table) -> list[str]:
    """Who the table waits for: referee seats as they are, players by their team."""
    state: TronoState = table.state
    out: set[str] = set()
    for seat in table.to_act:
        kind, _, user = seat.partition(":")
        found = state.team_of(user) if kind == "player" else None
        out.add(found.key if found is not None else seat)
    return sorted(out)


def _hint(state: TronoState, lang: str) -> str:
    phase = state.phase
    date = "?"
    if phase == "formation_wait" and state.closed_at is not None:
        date = formation_draw_date(state.closed_at)
    elif phase == "turn_locked":
        date = state.draw_date or "?"
    when = format_instant(state.ranking_deadline) if state.ranking_deadline else "—"
    return say(lang, f"hint.{phase}", date=date, when=when)


# -- setup -------------------------------------------------------------------------------------


@app.command()
def new(
    file: FileArg,
    mode: Annotated[str, typer.Option(help="live (default) or practice.")] = "live",
    config: Annotated[Path | None, typer.Option(help="A TOML file with options (§3.2).")] = None,
    seed: Annotated[int | None, typer.Option(help="The seed (default: random).")] = None,
    referees: Annotated[
        str | None, typer.Option(help="Comma-separated referee accounts (default: arbitro).")
    ] = None,
    players: Annotated[
        str | None, typer.Option(help="Practice: comma-separated accounts, registered at once.")
    ] = None,
    teams: Annotated[
        int | None, typer.Option(help="Practice: this many one-member teams bot01, bot02, …")
    ] = None,
    start_at: Annotated[
        str | None, typer.Option(help="The table's clock at creation (default: now).")
    ] = None,
    force: Annotated[bool, typer.Option(help="Replace an existing file.")] = False,
    lang: LangOpt = "it",
) -> None:
    """Create a game record: live (registrations by hand) or practice (simulated draws)."""
    options = read_config(config) if config else {}
    options["mode"] = mode
    if referees:
        options["referees"] = [r.strip() for r in referees.split(",") if r.strip()]
    if mode == "practice":
        if players:
            options["players"] = [p.strip() for p in players.split(",") if p.strip()]
        elif teams:
            options["players"] = [f"bot{i:02d}" for i in range(1, teams + 1)]
        options.setdefault("draw_source", "simulated")
        options.setdefault("schedule", "manual")
        options.setdefault("target_team_size", 1)
        count = len(options.get("players", [])) // int(options["target_team_size"])
        options.setdefault("min_teams", max(2, min(4, count)))
    stamp = _instant(start_at or "now")
    options.setdefault("start_at", stamp)
    try:
        table = create("trono", file, options, seed, force=force)
    except TavolaError as exc:
        raise fail(exc, lang, 2) from None
    state: TronoState = table.state
    typer.echo(
        say(
            lang,
            "created",
            file=str(file),
            mode=state.config.mode,
            seed=table.seed,
            referees=", ".join(state.config.referees),
        )
    )
    typer.echo("")
    echo_lines(public_lines(table.view(Viewer.public()), lang))
    typer.echo("")
    typer.echo(say(lang, "next", hint=_hint(state, lang)))


@app.command()
def register(
    file: FileArg,
    user: Annotated[str, typer.Argument(help="The user's account.")],
    name: Annotated[str | None, typer.Option(help="The display name.")] = None,
    at: AtOpt = None,
    lang: LangOpt = "it",
) -> None:
    """Register USER (R3)."""
    _run(
        file,
        lang,
        lambda table: (
            f"player:{user}",
            Action("register", **_with_at({"display_name": name or user}, at)),
        ),
    )


@app.command()
def preferences(
    file: FileArg,
    user: Annotated[str, typer.Argument(help="The registered user.")],
    partner: Annotated[str | None, typer.Option(help="The preferred partner.")] = None,
    avoid: Annotated[str, typer.Option(help="Comma-separated users to avoid (≤3).")] = "",
    at: AtOpt = None,
    lang: LangOpt = "it",
) -> None:
    """Set USER's secret pair preference and avoid list (R4); replaces earlier ones."""
    names = [a.strip() for a in avoid.split(",") if a.strip()]
    _run(
        file,
        lang,
        lambda table: (
            f"player:{user}",
            Action(
                "set_preferences", **_with_at({"preferred_partner": partner, "avoid": names}, at)
            ),
        ),
    )


@app.command()
def withdraw(file: FileArg, user: str, at: AtOpt = None, lang: LangOpt = "it") -> None:
    """Withdraw USER's registration (R5)."""
    _run(file, lang, lambda table: (f"player:{user}", Action("withdraw", **_with_at({}, at))))


@app.command()
def join(
    file: FileArg,
    user: str,
    avoid_houses: Annotated[str, typer.Option(help="Up to 2 houses, comma-separated.")] = "",
    at: AtOpt = None,
    lang: LangOpt = "it",
) -> None:
    """A late joiner asks to join (R63–R65)."""
    houses = [normalise_target(h) for h in avoid_houses.split(",") if h.strip()]
    _run(
        file,
        lang,
        lambda table: (
            f"player:{user}",
            Action("request_join", **_with_at({"avoid_houses": houses}, at)),
        ),
    )


@app.command()
def close(
    file: FileArg,
    when: Annotated[
        str | None, typer.Option(help="Schedule the close at this instant instead (set_close).")
    ] = None,
    referee: RefOpt = None,
    at: AtOpt = None,
    lang: LangOpt = "it",
    bbcode: BBOpt = False,
) -> None:
    """Close registration now (R6) — in simulated games the teams form at once."""

    def build(table: Table) -> tuple[str, Action]:
        seat = _referee_seat(table.state, referee)
        if when is not None:
            return seat, Action("set_close", **_with_at({"close_at": _instant(when)}, at))
        return seat, Action("close_registration", **_with_at({}, at))

    _run(file, lang, build, bbcode=bbcode)


@app.command()
def draw(
    file: FileArg,
    numbers: Annotated[
        str | None, typer.Option(help='"BA:1,2,3,4,5 CA:… … VE:…" in extraction order.')
    ] = None,
    import_file: Annotated[
        Path | None, typer.Option("--import", help="A file in the import format (A8).")
    ] = None,
    purpose: Annotated[
        str | None, typer.Option(help="formation or the turn number (checked).")
    ] = None,
    date: Annotated[
        str | None, typer.Option(help="The draw's date (default: the expected one).")
    ] = None,
    referee: RefOpt = None,
    at: AtOpt = None,
    lang: LangOpt = "it",
    bbcode: BBOpt = False,
) -> None:
    """Enter or import a Lotto draw: the formation draw, or the locked turn's draw, which
    resolves the turn at once."""

    def build(table: Table) -> tuple[str, Action]:
        state: TronoState = table.state
        if (numbers is None) == (import_file is None):
            raise cli_error("E_OPTIONS", detail="--numbers or --import (one of them)")
        expected = "formation" if state.phase == "formation_wait" else str(state.turn)
        if purpose is not None and purpose.strip().lower() != expected:
            raise cli_error("E_DRAW_PURPOSE", expected=expected, given=purpose)
        seat = _referee_seat(state, referee)
        if import_file is not None:
            try:
                text = import_file.read_text(encoding="utf-8")
            except OSError as exc:
                raise cli_error("E_IMPORT_FILE", path=str(import_file), detail=str(exc)) from None
            return seat, Action("import_draw", **_with_at({"text": text}, at))
        assert numbers is not None
        parsed = parse_numbers(numbers)
        if date is not None:
            day = date
        elif state.phase == "formation_wait" and state.closed_at is not None:
            day = formation_draw_date(state.closed_at)
        else:
            day = state.draw_date or format_instant(state.now)[:10]
        kind = "formation" if state.phase == "formation_wait" else "turn"
        args = {"purpose": kind, "date": day, "numbers": parsed}
        return seat, Action("enter_draw", **_with_at(args, at))

    _run(file, lang, build, bbcode=bbcode)


@app.command()
def ranking(
    file: FileArg,
    houses: Annotated[str, typer.Argument(help="Best first, comma-separated: stark,tully,…")],
    team: Annotated[str, typer.Option("--team", help="The team: its number (or teamN).")],
    as_user: Annotated[str | None, typer.Option("--as", help="The member sending it.")] = None,
    at: AtOpt = None,
    lang: LangOpt = "it",
    bbcode: BBOpt = False,
) -> None:
    """Send a team's house ranking (R16); the last one assigns houses and seats."""
    ranks = [normalise_target(h) for h in houses.split(",") if h.strip()]

    def build(table: Table) -> tuple[str, Action]:
        found = find_team(table.state, team)
        seat = _member_seat(found, as_user)
        return seat, Action("submit_house_ranking", **_with_at({"houses": ranks}, at))

    _run(file, lang, build, bbcode=bbcode)


@app.command()
def start(
    file: FileArg,
    referee: RefOpt = None,
    at: AtOpt = None,
    lang: LangOpt = "it",
    bbcode: BBOpt = False,
) -> None:
    """Open turn 1 (R21)."""
    _run(
        file,
        lang,
        lambda table: (
            _referee_seat(table.state, referee),
            Action("start_game", **_with_at({}, at)),
        ),
        bbcode=bbcode,
    )


@app.command()
def post(
    file: FileArg,
    actions: Annotated[str, typer.Argument(help='Three actions: "attack(Lannister) defend tax".')],
    team: Annotated[str, typer.Option("--team", help="The house posting.")],
    deploy: Annotated[
        list[str] | None, typer.Option(help="CHAR[:TARGET[:SLOT]], repeatable.")
    ] = None,
    abandon: Annotated[
        int | None, typer.Option(help="Seated teams: step down below this many soldiers.")
    ] = None,
    as_user: Annotated[str | None, typer.Option("--as", help="The member posting.")] = None,
    at: AtOpt = None,
    lang: LangOpt = "it",
) -> None:
    """A team's sealed post for the open turn (A6). Once accepted it can never change."""

    def build(table: Table) -> tuple[str, Action]:
        state: TronoState = table.state
        found = find_team(state, team)
        names = {c.name: c.id for c in catalogue_of(state.config).values()}
        args: dict[str, Any] = {
            "team": found.key,
            "turn": state.turn,
            "actions": parse_actions(actions, names),
            "deploy": [parse_deploy(d, names) for d in deploy or []],
        }
        if abandon is not None:
            args["abandon_threshold"] = abandon
        return _member_seat(found, as_user), Action("submit_post", **_with_at(args, at))

    def sealed(table: Table, events: list[Event]) -> list[str]:
        lines = []
        for event in events:
            if event.type != "post_accepted":
                continue
            data = event.data["post"]
            view = table.view(Viewer.public())
            shown = [action_text(lang, view, a) for a in data["actions"]]
            lines.append(
                say(
                    lang,
                    "post_sealed",
                    house=house_name(view, event.data["team"]),
                    turn=data["turn"],
                    at=format_instant(data["at"]),
                    author=data["author"],
                    actions=", ".join(shown),
                )
            )
            if data["deploy"]:
                listed = ", ".join(
                    ":".join(str(d[k]) for k in ("character", "target", "slot") if k in d)
                    for d in data["deploy"]
                )
                lines.append(say(lang, "deploy", list=listed))
            if data.get("abandon_threshold") is not None:
                lines.append(say(lang, "abandon", n=data["abandon_threshold"]))
        return lines

    _run(file, lang, build, after=sealed)


@app.command()
def resolve(
    file: FileArg,
    referee: RefOpt = None,
    at: AtOpt = None,
    lang: LangOpt = "it",
    bbcode: BBOpt = False,
) -> None:
    """Lock the open turn (close_turn, or at the deadline under the calendar); missing posts
    become empty. With simulated draws the turn resolves at once; otherwise enter the draw."""

    def build(table: Table) -> tuple[str, Action]:
        state: TronoState = table.state
        seat = _referee_seat(state, referee)
        if state.phase == "turn_locked":
            raise cli_error("E_AWAITING_DRAW", turn=state.turn)
        if state.phase == "turn_open" and state.config.schedule == "calendar":
            assert state.deadline is not None
            stamp = _instant(at) or format_instant(max(state.deadline, state.now))
            if parse_instant(stamp) < state.deadline:
                raise cli_error("E_BEFORE_DEADLINE", deadline=format_instant(state.deadline))
            return seat, Action("tick", at=stamp)
        return seat, Action("close_turn", **_with_at({}, at))

    _run(file, lang, build, bbcode=bbcode)


@app.command()
def publish(
    file: FileArg,
    referee: RefOpt = None,
    at: AtOpt = None,
    lang: LangOpt = "it",
    bbcode: BBOpt = False,
) -> None:
    """Publish a reviewed turn's results (R45) and open the next turn."""
    _run(
        file,
        lang,
        lambda table: (
            _referee_seat(table.state, referee),
            Action("publish_results", **_with_at({}, at)),
        ),
        bbcode=bbcode,
    )


@app.command()
def tick(
    file: FileArg,
    at: Annotated[str, typer.Option("--at", help="ISO instant or now.")],
    referee: RefOpt = None,
    lang: LangOpt = "it",
    bbcode: BBOpt = False,
) -> None:
    """Advance the table's clock: runs the scheduled closes and locks due by then (R2)."""
    _run(
        file,
        lang,
        lambda table: (_referee_seat(table.state, referee), Action("tick", at=_instant(at))),
        bbcode=bbcode,
    )


def _value(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return text


@app.command()
def override(
    file: FileArg,
    kind: Annotated[str, typer.Argument(help="adjust_parameter, set_seat, correct_draw, …")],
    args: Annotated[
        list[str] | None,
        typer.Argument(help="[SUBJECT] [KEY=VALUE …]; adjust_parameter HOUSE PARAM N."),
    ] = None,
    reason: Annotated[str, typer.Option(help="Why (required, 1–500 characters).")] = "",
    numbers: Annotated[str | None, typer.Option(help="correct_draw: the right numbers.")] = None,
    import_file: Annotated[
        Path | None, typer.Option("--import", help="correct_draw: a draw file.")
    ] = None,
    referee: RefOpt = None,
    at: AtOpt = None,
    lang: LangOpt = "it",
    bbcode: BBOpt = False,
) -> None:
    """An audited referee override (R66–R70), e.g.
    `override adjust_parameter greyjoy chests 10 --reason "..."`,
    `override set_seat seat=throne house=tyrell --reason "..."`."""
    words = list(args or [])

    def build(table: Table) -> tuple[str, Action]:
        subject: str | None = None
        value: dict[str, Any] = {}
        rest = words
        if rest and "=" not in rest[0]:
            subject, rest = rest[0], rest[1:]
        if kind == "adjust_parameter" and len(rest) == 2 and "=" not in rest[0]:
            value = {"param": rest[0], "to": _value(rest[1])}
            rest = []
        for word in rest:
            key, sep, raw = word.partition("=")
            if not sep:
                raise cli_error("E_OPTIONS", detail=f"KEY=VALUE expected, got {word!r}")
            value[key] = _value(raw)
        if numbers is not None:
            value["numbers"] = parse_numbers(numbers)
        if import_file is not None:
            try:
                value["text"] = import_file.read_text(encoding="utf-8")
            except OSError as exc:
                raise cli_error("E_IMPORT_FILE", path=str(import_file), detail=str(exc)) from None
        if subject is not None and kind not in ("move_player", "remove_player", "assign_house"):
            subject = normalise_target(subject)
        payload: dict[str, Any] = {"kind": kind, "value": value, "reason": reason}
        if subject is not None:
            payload["subject"] = subject
        return _referee_seat(table.state, referee), Action("override", **_with_at(payload, at))

    def audited(table: Table, events: list[Event]) -> list[str]:
        return [
            say(
                lang,
                "audit",
                **{
                    k: json.dumps(v, ensure_ascii=False) if k in ("before", "after") else v
                    for k, v in e.data.items()
                },
            )
            for e in events
            if e.type == "referee_override"
        ]

    _run(file, lang, build, bbcode=bbcode, after=audited)


# -- reading ----------------------------------------------------------------------------------


@app.command()
def report(
    file: FileArg,
    team: Annotated[str | None, typer.Option("--team", help="A team's private report.")] = None,
    public: Annotated[bool, typer.Option("--public", help="The public announcement.")] = False,
    referee: Annotated[bool, typer.Option("--referee", help="The referees' board.")] = False,
    turn: Annotated[
        int | None, typer.Option(help="Team/public: this turn (default: last).")
    ] = None,
    lang: LangOpt = "it",
    bbcode: BBOpt = False,
) -> None:
    """Forum text: a team's private report (only what that team may see), the public
    announcement, or the referees' board."""
    if sum((team is not None, public, referee)) != 1:
        raise fail(cli_error("E_OPTIONS", detail="--team, --public or --referee (one)"), lang, 2)
    try:
        table = load_table(file)
        state: TronoState = table.state
        if team is not None:
            found = find_team(state, team)
            viewer = Viewer.team(found.key, [f"player:{m}" for m in found.members])
            if not found.members:
                raise cli_error("E_NO_MEMBERS", team=found.key)
            lines = team_report_lines(table.view(viewer), lang, turn=turn, bbcode=bbcode)
        elif public:
            view = table.view(Viewer.public())
            if turn is not None:
                lines = bulletin_lines(view, turn, lang, bbcode=bbcode)
                if turn == state.turn and state.phase == "over":
                    lines += winner_lines(view, lang, bbcode=bbcode)
            else:
                lines = public_lines(view, lang, bbcode=bbcode)
        else:
            view = table.view(Viewer.referee())
            lines = referee_lines(view, awaiting(table), lang, bbcode=bbcode)
    except IllegalAction as exc:
        raise fail(exc, lang, 1) from None
    except TavolaError as exc:
        raise fail(exc, lang, 2) from None
    echo_lines(lines)


@app.command()
def status(file: FileArg, lang: LangOpt = "it") -> None:
    """The referees' board and the next step (the file's hash is checked on the way)."""
    try:
        table = load_table(file)
    except (RecordProblem, TavolaError) as exc:
        raise fail(exc, lang, 2) from None
    view = table.view(Viewer.referee())
    echo_lines(referee_lines(view, awaiting(table), lang))
    if table.state.phase != "over":
        typer.echo(say(lang, "next", hint=_hint(table.state, lang)))


# -- practice at the terminal -------------------------------------------------------------------


def practice_config(teams: int, team_size: int = 1, max_turns: int | None = None) -> dict[str, Any]:
    config: dict[str, Any] = {
        "mode": "practice",
        "draw_source": "simulated",
        "schedule": "manual",
        "target_team_size": team_size,
        "min_teams": max(2, min(4, teams)),
        "referees": ["arbitro"],
        "players": [f"bot{i:02d}" for i in range(1, teams * team_size + 1)],
    }
    if max_turns is not None:
        config["max_turns"] = max_turns
    return config


def play_practice(
    teams: int,
    seed: int | None,
    lang: str,
    *,
    team_size: int = 1,
    max_turns: int | None = None,
    save: Path | None = None,
    bbcode: bool = False,
) -> None:
    """`tavola play trono --mode practice`: reference bots on every seat (the referee too),
    simulated draws; prints the formation, houses and each turn's public announcement."""
    if seed is None:
        seed = secrets.randbelow(2**31)
        typer.echo(f"seed {seed}")
    try:
        table = Table("trono", practice_config(teams, team_size, max_turns), seed)
    except TavolaError as exc:
        raise fail(exc, lang, 2) from None
    state: TronoState = table.state
    view = table.view(Viewer.public())
    echo_lines(public_lines(view, lang, bbcode=bbcode))
    bot = ReferenceBot()
    players = {seat: bot for seat in table.game.seats(state)}

    def tell(events: list[Event]) -> None:
        interesting = [
            e
            for e in events
            if e.type in ("houses_assigned", "seats_initialised", "turn_published", "game_over")
        ]
        if not interesting:
            return
        lines = announce(interesting, table.view(Viewer.public()), lang, bbcode=bbcode)
        if lines:
            typer.echo("")
            echo_lines(lines)

    table.play(players, on_events=tell)
    if save is not None:
        table.record().save(save)
