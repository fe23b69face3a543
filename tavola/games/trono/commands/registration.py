"""Before the first turn: the record's creation, registrations, the close, the houses'
ranking and the start (R3–R21, R63–R65)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from tavola.core import Action, Table, TavolaError, Viewer
from tavola.core.record_file import create, read_config

from ..forum_boards import public_lines
from ..forum_parser import normalise_target
from ..state import TronoState
from .options import (
    AsOpt,
    AtOpt,
    FileArg,
    LangOpt,
    RefereeOpt,
    Sent,
    TeamOpt,
    UserArg,
    sent_options,
)
from .session import (
    by_player,
    by_referee,
    comma_list,
    fail,
    find_team,
    from_referee,
    hint,
    instant,
    member_seat,
    plain,
    referee_seat,
    referee_step,
    run,
    send,
    with_at,
)
from .texts import echo_lines, say


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
        options["referees"] = comma_list(referees)
    if mode == "practice":
        if players:
            options["players"] = comma_list(players)
        elif teams:
            options["players"] = [f"bot{i:02d}" for i in range(1, teams + 1)]
        options.setdefault("draw_source", "simulated")
        options.setdefault("schedule", "manual")
        options.setdefault("target_team_size", 1)
        count = len(options.get("players", [])) // int(options["target_team_size"])
        options.setdefault("min_teams", max(2, min(4, count)))
    stamp = instant(start_at or "now")
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
    typer.echo(say(lang, "next", hint=hint(state, lang)))


def register(
    file: FileArg,
    user: UserArg,
    name: Annotated[str | None, typer.Option(help="The display name.")] = None,
    at: AtOpt = None,
    lang: LangOpt = "it",
) -> None:
    """Register USER (R3)."""
    run(file, lang, by_player(user, "register", {"display_name": name or user}, at))


def preferences(
    file: FileArg,
    user: UserArg,
    partner: Annotated[str | None, typer.Option(help="The preferred partner.")] = None,
    avoid: Annotated[str, typer.Option(help="Comma-separated users to avoid (≤3).")] = "",
    at: AtOpt = None,
    lang: LangOpt = "it",
) -> None:
    """Set USER's secret pair preference and avoid list (R4); replaces earlier ones."""
    names = comma_list(avoid)
    wishes = {"preferred_partner": partner, "avoid": names}
    run(file, lang, by_player(user, "set_preferences", wishes, at))


@sent_options(bbcode=False)
def signup(
    file: FileArg,
    user: UserArg,
    name: Annotated[str | None, typer.Option(help="The name used on the forum.")] = None,
    partner: Annotated[str | None, typer.Option(help="The preferred partner.")] = None,
    avoid: Annotated[str, typer.Option(help="Comma-separated users to avoid (≤3).")] = "",
    *,
    sent: Sent,
) -> None:
    """A sign-up copied from the forum's registration topic by a referee: USER registered
    with the wishes written in it, all or nothing (record_registration, as the console's
    "Copia un'iscrizione dal forum")."""
    args: dict[str, Any] = {"user": user, "display_name": name or user}
    if partner:
        args["preferred_partner"] = partner
    names = comma_list(avoid)
    if names:
        args["avoid"] = names
    send(file, sent, by_referee(sent.referee, "record_registration", args, sent.at))


FromForumOpt = Annotated[
    bool,
    typer.Option(
        "--from-forum",
        help="A referee copies it from the forum, as the console does (--referee: which).",
    ),
]


def withdraw(
    file: FileArg,
    user: UserArg,
    from_forum: FromForumOpt = False,
    referee: RefereeOpt = None,
    at: AtOpt = None,
    lang: LangOpt = "it",
) -> None:
    """Withdraw USER's registration (R5); with `--from-forum` a referee records the
    withdrawal written on the forum (record_withdrawal, the console's "Ritira")."""

    def build(table: Table) -> tuple[str, Action]:
        if from_forum:
            args = with_at({"user": user}, at)
            return referee_seat(table.state, referee), Action("record_withdrawal", **args)
        return f"player:{user}", Action("withdraw", **with_at({}, at))

    run(file, lang, build)


def join(
    file: FileArg,
    user: UserArg,
    avoid_houses: Annotated[str, typer.Option(help="Up to 2 houses, comma-separated.")] = "",
    at: AtOpt = None,
    lang: LangOpt = "it",
) -> None:
    """A late joiner asks to join (R63–R65)."""
    houses = [normalise_target(h) for h in avoid_houses.split(",") if h.strip()]
    run(file, lang, by_player(user, "request_join", {"avoid_houses": houses}, at))


@sent_options()
def close(
    file: FileArg,
    when: Annotated[
        str | None, typer.Option(help="Schedule the close at this instant instead (set_close).")
    ] = None,
    *,
    sent: Sent,
) -> None:
    """Close registration now (R6) — in simulated games the teams form at once — or, with
    `--when`, at that instant (after a failed formation: registration reopens until then)."""

    def build(table: Table) -> tuple[str, Action]:
        state: TronoState = table.state
        seat = referee_seat(state, sent.referee)
        if when is not None:
            # the console's "Chiusura delle iscrizioni" picks the same action (R8)
            kind = "reopen_registration" if state.formation_attempts else "set_close"
            return seat, Action(kind, **with_at({"close_at": instant(when)}, sent.at))
        return seat, Action("close_registration", **with_at({}, sent.at))

    send(file, sent, build)


@sent_options()
def ranking(
    file: FileArg,
    houses: Annotated[str, typer.Argument(help="Best first, comma-separated: stark,tully,…")],
    team: TeamOpt,
    as_user: AsOpt = None,
    from_forum: FromForumOpt = False,
    *,
    sent: Sent,
) -> None:
    """Send a team's house ranking (R16); the last one assigns houses and seats. With
    `--from-forum` a referee records the ranking the team posted on the forum
    (record_ranking, the console's "Copia una classifica dal forum")."""
    ranks = [normalise_target(h) for h in houses.split(",") if h.strip()]

    def build(table: Table) -> tuple[str, Action]:
        found = find_team(table.state, team)
        if from_forum:
            args = {"team_no": found.team_no, "houses": ranks}
            return from_referee(table.state, sent, "record_ranking", args)
        seat = member_seat(table.state, found, as_user)
        return seat, Action("submit_house_ranking", **with_at({"houses": ranks}, sent.at))

    send(file, sent, build)


start = referee_step("start", "Open turn 1 (R21).", plain("start_game"))
