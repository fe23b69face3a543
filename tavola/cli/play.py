"""`tavola play`: a game at the terminal, humans (hotseat) and bots at one table."""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from tavola.bots import make_bot
from tavola.core import Action, Event, IllegalAction, Player, Table, TavolaError, Viewer
from tavola.core.registry import get_game

from .legends_screen import LegendsScreen


class QuitGame(Exception):
    """The human asked to leave the table."""


class TerminalHuman:
    """Asks a person at the keyboard; several of them share the terminal (hotseat)."""

    def __init__(self, screen: LegendsScreen, hotseat: bool) -> None:
        self.screen = screen
        self.hotseat = hotseat
        self.auto_flip = False

    def ask(self, prompt: str) -> str:
        try:
            return self.screen.console.input(f"[bold cyan]{prompt}[/] > ").strip().lower()
        except EOFError:
            raise QuitGame from None

    def choose(self, game: Any, state: Any, seat: str) -> Action:
        legal = game.legal_actions(state, seat)
        view = game.view(state, Viewer.seat(seat))
        name = view["seats"][seat]["name"]
        t = self.screen.t
        if legal[0].type == "flip":
            if self.auto_flip:
                return legal[0]
            self.screen.show_last_clash(view)
            self.screen.show_table(view)
            answer = self.ask(t("ui.press_to_flip", seat=name))
            if answer == "q":
                raise QuitGame
            if answer == "a":
                self.auto_flip = True
            return legal[0]
        if self.hotseat:
            self.screen.console.rule(t("ui.turn_of", seat=name))
        if legal[0].type == "cut_deck":
            return self._cut(legal, name)
        if legal[0].type == "choose_reference":
            return self._reference(view, seat, name)
        return self._menu(legal)

    def _cut(self, legal: list[Action], name: str) -> Action:
        top = len(legal) - 1
        while True:
            answer = self.ask(self.screen.t("ui.cut_prompt", seat=name, max=top))
            if answer == "q":
                raise QuitGame
            if not answer:
                return Action("cut_deck")
            if answer.isdigit() and 1 <= int(answer) <= top:
                return Action("cut_deck", k=int(answer))
            self.screen.console.print(self.screen.t("ui.invalid_number", max=top))

    def _reference(self, view: dict[str, Any], seat: str, name: str) -> Action:
        t = self.screen.t
        pending = view["pending"][0]
        clash = view["clash"]
        card_id = clash["cards"][seat][-1]["card_id"]
        face = view["card_faces"][card_id]
        self.screen.console.print(
            self.screen.clash_panel(view, clash["cards"], view["reference_stat"])
        )
        card_name = face.get("name_en") if self.screen.lang == "en" else face["name"]
        self.screen.console.print(
            t(
                "ui.choose_reference",
                seat=name,
                card=card_name,
                stat=t("stat." + pending["switch_to"]),
            )
        )
        keep = t("ui.keep", stat=t("stat." + view["reference_stat"]))
        switch = t("ui.switch", stat=t("stat." + pending["switch_to"]))
        while True:
            answer = self.ask(f"1 = {keep} (Enter), 2 = {switch}")
            if answer == "q":
                raise QuitGame
            if answer in ("", "1", "2"):
                return Action("choose_reference", choice="switch" if answer == "2" else "keep")

    def _menu(self, legal: list[Action]) -> Action:
        for i, action in enumerate(legal, start=1):
            self.screen.console.print(f"{i}. {action!r}")
        while True:
            answer = self.ask(f"1–{len(legal)}")
            if answer == "q":
                raise QuitGame
            if answer.isdigit() and 1 <= int(answer) <= len(legal):
                return legal[int(answer) - 1]


def legends_config(
    mode: str, kinds: list[str], ages: list[int] | None, names: list[str] | None, lang: str
) -> dict[str, Any]:
    """Sensible defaults for a table: every player's age, names, and the starter deck."""
    players = []
    for i, kind in enumerate(kinds, start=1):
        if names and i <= len(names):
            name = names[i - 1]
        elif kind == "human":
            name = f"{'Giocatore' if lang == 'it' else 'Player'} {i}"
        else:
            name = f"Bot {i}"
        age = ages[i - 1] if ages and i <= len(ages) else 30 + 5 * i
        players.append({"name": name, "kind": "human" if kind == "human" else "bot", "age": age})
    return {"mode": mode, "players": players, "deck_source": "starter"}


def play(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="The game: legends.")],
    mode: Annotated[str, typer.Option(help="classic, epic or simplified.")] = "simplified",
    seats: Annotated[
        str, typer.Option(help="Comma-separated: human, bot (or random).")
    ] = "human,bot,bot",
    ages: Annotated[str, typer.Option(help="Comma-separated ages, one per seat.")] = "",
    names: Annotated[str, typer.Option(help="Comma-separated names, one per seat.")] = "",
    seed: Annotated[
        int | None, typer.Option(help="Seed of the game's RNG (default: random).")
    ] = None,
    lang: Annotated[str, typer.Option(help="it or en.")] = "it",
    max_clashes: Annotated[int | None, typer.Option(help="Simplified: the clash limit.")] = None,
    save: Annotated[Path | None, typer.Option(help="Write the game record to this file.")] = None,
) -> None:
    """Play a game in the terminal."""
    console = Console(highlight=False)
    game = get_game(game_name)
    if seed is None:
        seed = secrets.randbelow(2**31)
        console.print(f"seed {seed}")
    kinds = [s.strip() for s in seats.split(",") if s.strip()]
    age_list = [int(a) for a in ages.split(",") if a.strip()] if ages else None
    name_list = [n.strip() for n in names.split(",")] if names else None
    config = legends_config(mode, kinds, age_list, name_list, lang)
    if max_clashes is not None:
        config["simplified"] = {"max_clashes": max_clashes}
    try:
        table = Table(game, config, seed)
    except TavolaError as exc:
        console.print(f"[red]{exc.code}[/]: {exc.localized(lang)}")
        raise typer.Exit(2) from None
    screen = LegendsScreen(console, game.messages, lang)  # type: ignore[attr-defined]
    hotseat = kinds.count("human") > 1
    players: dict[str, Player] = {}
    for seat, kind in zip(game.seats(table.state), kinds, strict=True):
        players[seat] = (
            TerminalHuman(screen, hotseat) if kind == "human" else make_bot(kind, game, seed, seat)
        )

    def tell(events: list[Event]) -> None:
        for line in game.narrate(table.state, events, lang):  # type: ignore[attr-defined]
            console.print(line)

    tell(table.events)
    try:
        while table.to_act:
            try:
                table.play(players, on_events=tell)
            except IllegalAction as exc:
                console.print(screen.t("ui.refused", message=exc.localized(lang)), style="red")
            if table.to_act and not any(s in players for s in table.to_act):
                break
    except QuitGame:
        console.print(screen.t("ui.quit"))
        _save(table, save, console, screen)
        raise typer.Exit(1) from None
    view = table.view(Viewer.public())
    screen.show_outcome(view)
    _save(table, save, console, screen)


def _save(table: Table, path: Path | None, console: Console, screen: LegendsScreen) -> None:
    if path is not None:
        table.record().save(path)
        console.print(screen.t("ui.saved", path=str(path)))
