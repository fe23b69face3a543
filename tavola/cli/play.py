"""`tavola play`: a game at the terminal, humans (hotseat) and bots at one table."""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from tavola.bots import make_bot
from tavola.core import Event, IllegalAction, Player, Table, TavolaError, Viewer, filter_events
from tavola.core.registry import get_game
from tavola.games.legends.tables import table_config

from .legends_battle import BattleScreen, LegendsHuman
from .prompt import Prompt, QuitGame


def _split(text: str) -> list[str]:
    return [part.strip() for part in text.split(",") if part.strip()]


def seat_specs(
    kinds: list[str], ages: list[int], names: list[str], teams: list[str], lang: str
) -> list[dict[str, Any]]:
    """The seats of a terminal table, with default names in the table's language."""
    specs: list[dict[str, Any]] = []
    for i, kind in enumerate(kinds):
        if kind == "boss":
            specs.append({"kind": "boss"})
            continue
        default = (
            f"{'Giocatore' if lang == 'it' else 'Player'} {i + 1}"
            if kind == "human"
            else f"Bot {i + 1}"
        )
        spec: dict[str, Any] = {"kind": kind, "name": names[i] if i < len(names) else default}
        if i < len(ages):
            spec["age"] = ages[i]
        if i < len(teams):
            spec["team"] = teams[i]
        specs.append(spec)
    return specs


def play(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="The game: legends or trono.")],
    mode: Annotated[
        str | None,
        typer.Option(help="legends: classic, epic or simplified (default); trono: practice."),
    ] = None,
    sides: Annotated[
        str, typer.Option(help="free_for_all, teams or good_vs_evil.")
    ] = "free_for_all",
    seats: Annotated[str, typer.Option(help="Comma-separated: human, bot, random, boss.")] = (
        "human,bot,bot"
    ),
    boss_level: Annotated[int, typer.Option(help="The automatic boss's level, 1–5.")] = 1,
    ages: Annotated[str, typer.Option(help="Comma-separated ages, one per seat.")] = "",
    names: Annotated[str, typer.Option(help="Comma-separated names, one per seat.")] = "",
    teams: Annotated[
        str, typer.Option(help="Comma-separated teams (A,A,B,B or good,evil); trono: a count.")
    ] = "",
    timers: Annotated[bool, typer.Option(help="Timed game: clocks on every decision.")] = False,
    seed: Annotated[
        int | None, typer.Option(help="Seed of the game's RNG (default: random).")
    ] = None,
    lang: Annotated[str, typer.Option(help="it or en.")] = "it",
    max_clashes: Annotated[int | None, typer.Option(help="Simplified: the clash limit.")] = None,
    max_rounds: Annotated[int | None, typer.Option(help="Battles: the round limit.")] = None,
    save: Annotated[Path | None, typer.Option(help="Write the game record to this file.")] = None,
    max_turns: Annotated[int | None, typer.Option(help="trono: the turn limit.")] = None,
) -> None:
    """Play a game in the terminal (trono: the practice bots play a whole game)."""
    if game_name == "trono":
        from .trono import play_practice

        if mode not in (None, "practice"):
            typer.echo("trono: only --mode practice plays at the terminal; see `tavola trono`.")
            raise typer.Exit(2)
        if teams and not teams.isdigit():
            typer.echo("trono: --teams is a number of one-bot teams (2–10).")
            raise typer.Exit(2)
        play_practice(int(teams or 4), seed, lang, max_turns=max_turns, save=save)
        return
    mode = mode or "simplified"
    console = Console(highlight=False)
    game = get_game(game_name)
    if seed is None:
        seed = secrets.randbelow(2**31)
        console.print(f"seed {seed}")
    every = _split(seats)
    kinds = [k for k in every if k != "boss"]
    specs = seat_specs(every, [int(a) for a in _split(ages)], _split(names), _split(teams), lang)
    options: dict[str, Any] = {"mode": mode, "sides": sides, "boss_level": boss_level}
    config = table_config(options, specs)
    if max_clashes is not None:
        config["simplified"] = {"max_clashes": max_clashes}
    if max_rounds is not None:
        config["max_rounds"] = max_rounds
    if timers:
        config["timers"] = {"autopilot_after": 3}
    try:
        table = Table(game, config, seed)
    except TavolaError as exc:
        console.print(f"[red]{exc.code}[/]: {exc.localized(lang)}")
        raise typer.Exit(2) from None
    screen = BattleScreen(console, game.messages, lang)  # type: ignore[attr-defined]
    seat_kinds = dict(zip(game.seats(table.state), [*kinds, "boss"], strict=False))
    humans = [s for s, kind in seat_kinds.items() if kind == "human"]
    human = LegendsHuman(screen, Prompt(console), hotseat=len(humans) > 1)
    players: dict[str, Player] = {
        s: human if kind == "human" else make_bot("bot" if kind == "boss" else kind, game, seed, s)
        for s, kind in seat_kinds.items()
    }
    # One person at the table reads the log as its seat sees it; otherwise as the public.
    viewer = Viewer.seat(humans[0]) if len(humans) == 1 else Viewer.public()

    def tell(events: list[Event]) -> None:
        seen = filter_events(events, viewer)
        for line in game.narrate(table.state, seen, lang):  # type: ignore[attr-defined]
            console.print(line)

    tell(table.events)
    try:
        while table.to_act:
            try:
                table.play(players, on_events=tell)
            except IllegalAction as exc:
                console.print(screen.t("ui.refused", message=exc.localized(lang)), style="red")
    except QuitGame:
        console.print(screen.t("ui.quit"))
        _save(table, save, console, screen)
        raise typer.Exit(1) from None
    screen.show_outcome(table.view(Viewer.public()))
    _save(table, save, console, screen)


def _save(table: Table, path: Path | None, console: Console, screen: BattleScreen) -> None:
    if path is not None:
        table.record().save(path)
        console.print(screen.t("ui.saved", path=str(path)))
