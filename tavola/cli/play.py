"""`tavola play`: a game at the terminal, people (hotseat) and bots at one table.

The shell reads the flags every game shares; the game reads its own (`TerminalTable`), sets
the table up, seats its people and draws the table; a game without a `TerminalTable` is
played at the shell's plain table (`plain_table`). Bots and automata are `make_bot`'s."""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from tavola.bots import BOT_NAMES, seat_kind_usage
from tavola.core import (
    Game,
    Messages,
    Player,
    Table,
    TavolaError,
)
from tavola.core.capabilities import (
    HUMAN,
    QuitGame,
    TerminalRequest,
    TerminalScreen,
    TerminalSetup,
    TerminalTable,
    capability,
)
from tavola.core.commitment import new_salt, salt_of_chosen_seed

from . import game_flags, problems
from .plain_table import PlainTerminal
from .prompt import Prompt
from .sitting import bots_for, play_out

TEXT = Messages(
    {
        "it": {
            "quit": "Partita lasciata a metà.",
            "saved": "Partita salvata in {path}: "
            "tavola verify {path} ne controlla il mescolamento.",
            "commitment": "Impegno sul mescolamento (SHA-256 di seme e sale): {commitment}",
            "revealed": "Seme {seed}, sale {salt}.",
            "no_person": "{game}: nessun posto per una persona al terminale ({seats}).",
            "mode": "Modalità {mode} (--mode: {modes})",
        },
        "en": {
            "quit": "Game left unfinished.",
            "saved": "Game record saved to {path}: tavola verify {path} checks its shuffle.",
            "commitment": "Shuffle commitment (SHA-256 of seed and salt): {commitment}",
            "revealed": "Seed {seed}, salt {salt}.",
            "no_person": "{game}: no seat for a person at the terminal ({seats}).",
            "mode": "Mode {mode} (--mode: {modes})",
        },
    }
)
BOTS = ", ".join(seat_kind_usage(name) for name in BOT_NAMES)
REFEREE_SEAT_KIND = "reference"
"""Who plays a seat the request did not name (a referee's): the game's own bot."""

CONTEXT = game_flags.CONTEXT


def _split(text: str) -> tuple[str, ...]:
    return tuple(part.strip() for part in text.split(",") if part.strip())


def play(
    ctx: typer.Context,
    game_name: Annotated[
        str | None,
        typer.Argument(metavar="GAME", help="A registered game (tavola games), first."),
    ] = None,
    mode: Annotated[
        str | None,
        typer.Option(
            help="One of the game's modes (default: its first); printed as the game starts."
        ),
    ] = None,
    seats: Annotated[
        str,
        typer.Option(
            help=f"Comma-separated, one per seat: human, a bot ({BOTS}) or one of the game's"
            " automata (GAME --help lists the game's seats); default: the game's usual table."
        ),
    ] = "",
    names: Annotated[str, typer.Option(help="Comma-separated names, one per seat.")] = "",
    teams: Annotated[str, typer.Option(help="Comma-separated teams, as the game reads them.")] = "",
    seed: Annotated[
        int | None, typer.Option(help="Seed of the game's RNG (default: random).")
    ] = None,
    lang: Annotated[
        str, typer.Option(help="One of the game's languages (GAME --help lists them).")
    ] = "it",
    save: Annotated[Path | None, typer.Option(help="Write the game record to this file.")] = None,
    show_help: Annotated[
        bool, typer.Option("--help", help="Show this message, with GAME's own options, and exit.")
    ] = False,
) -> None:
    """Play a game in the terminal. Each game adds its own options (see --help with GAME)."""
    if game_name is None:
        if show_help:
            game_flags.show_help(ctx, None, None)
        raise game_flags.no_game()
    game = game_flags.game(game_name)
    if lang not in game.info.languages:
        problems.fail(
            "play",
            f"unknown language '{lang}' for {game_name}; its languages: "
            + ", ".join(game.info.languages),
        )
    # A game without a terminal table of its own is played at the plain one.
    terminal: TerminalTable = capability(game, TerminalTable) or PlainTerminal(game)
    model = terminal.terminal_flags()
    if show_help:
        game_flags.show_help(ctx, game_name, model)
    flags = game_flags.parse(model, list(ctx.args), game_name)
    console = Console(highlight=False)
    request = TerminalRequest(mode, _split(seats), _split(names), _split(teams), lang, flags)
    table, setup = _new_table(game, terminal, request, seed, console)
    played = game.info.mode_of({"mode": mode} if mode else {}, setup.config)
    if played is not None:  # `simulate` may default to another mode: say which this is
        console.print(TEXT.text(lang, "mode", mode=played, modes=", ".join(game.info.modes)))
    screen = terminal.terminal_screen(console, Prompt(console), lang)
    _play_out(table, setup.seats, screen, console, lang, save)


def _new_table(
    game: Game[Any],
    terminal: TerminalTable,
    request: TerminalRequest,
    seed: int | None,
    console: Console,
) -> tuple[Table, TerminalSetup]:
    """The table the request asks for. A seed drawn here gets a random salt; one the player
    chose, a salt derived from it. A drawn seed is told only at the end, with its salt:
    printed now, it would give everyone at the terminal every hidden card."""
    salt = new_salt() if seed is None else salt_of_chosen_seed(seed)
    if seed is None:
        seed = secrets.randbelow(2**31)
    try:
        setup = terminal.terminal_table(request)
        return Table(game, setup.config, seed, salt=salt), setup
    except TavolaError as exc:
        console.print(f"[red]{exc.code}[/]: {exc.localized(request.lang)}")
        raise typer.Exit(2) from None


def _play_out(
    table: Table,
    seat_kinds: tuple[str, ...],
    screen: TerminalScreen,
    console: Console,
    lang: str,
    save: Path | None,
) -> None:
    """The game from its opening to its end (or a quit), told as its one person sees it."""
    kinds = _seat_kinds(table, seat_kinds)
    players = _players(table, kinds, screen, table.seed, lang)
    humans = [seat for seat, kind in kinds.items() if kind == HUMAN]
    console.print(TEXT.text(lang, "commitment", commitment=table.commitment), soft_wrap=True)
    try:
        play_out(table, players, screen, humans)
    except QuitGame:
        console.print(TEXT.text(lang, "quit"))
        _save(table, save, console, lang)
        raise typer.Exit(1) from None
    console.print(TEXT.text(lang, "revealed", seed=table.seed, salt=table.salt), soft_wrap=True)
    _save(table, save, console, lang)


def _seat_kinds(table: Table, kinds: tuple[str, ...]) -> dict[str, str]:
    """Who plays each of the table's seats; seats beyond those asked for (a referee's) get
    the game's own bot."""
    seats = table.game.seats(table.state)
    return {s: kinds[i] if i < len(kinds) else REFEREE_SEAT_KIND for i, s in enumerate(seats)}


def _players(
    table: Table, kinds: dict[str, str], screen: TerminalScreen, seed: int, lang: str
) -> dict[str, Player]:
    humans = [seat for seat, kind in kinds.items() if kind == HUMAN]
    people = screen.people(humans) if humans else {}
    missing = [seat for seat in humans if seat not in people]
    if missing:
        typer.echo(TEXT.text(lang, "no_person", game=table.game.name, seats=", ".join(missing)))
        raise typer.Exit(2)
    try:
        bots = bots_for(table.game, kinds, seed)
    except ValueError as exc:
        problems.fail("play", str(exc))
    return {**bots, **people}


def _save(table: Table, path: Path | None, console: Console, lang: str) -> None:
    if path is not None:
        table.record().save(path)
        console.print(TEXT.text(lang, "saved", path=str(path)), soft_wrap=True)
