"""`tavola play` for a game with no `TerminalTable` of its own: a plain table made from what
every game has, as the browser's plain path does. The view is shown as data, each legal
action is a numbered line (its verb, then its arguments), and events are told by the game's
`Narration` (as data without one). A game writes a `TerminalTable` only to do better."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError
from rich.console import Console
from rich.markup import escape

from tavola.core import (
    Action,
    ConfigError,
    Event,
    Game,
    IllegalAction,
    Messages,
    Player,
    Table,
    Viewer,
)
from tavola.core.capabilities import (
    HUMAN,
    Narration,
    QuitGame,
    TableBuilder,
    TerminalPrompt,
    TerminalRequest,
    TerminalSetup,
    capability,
)

WORDS = Messages(
    {
        "it": {
            "turn": "Tocca a {seat}.",
            "choose": "Scegli (1–{count}, q per uscire)",
            "not_listed": "Scrivi il numero di una delle mosse elencate.",
            "winners": "Fine della partita: vince {seats}.",
            "draw": "Fine della partita: pareggio ({seats}).",
            "reason": "Motivo: {reason}.",
            "seats": "--seats: {game} si gioca in {low}–{high} posti, non {count}",
            "kind": "--seats: {kind} non può sedere a {game} (posti possibili: {kinds})",
            "mode": "--mode: {game} non ha la modalità {mode} (modalità: {modes})",
            "no_mode": "--mode: {game} non ha modalità",
            "teams": "--teams: il tavolo semplice di {game} non forma squadre",
            "names": "--names: il tavolo semplice di {game} non dà nomi ai posti",
        },
        "en": {
            "turn": "{seat} to play.",
            "choose": "Choose (1–{count}, q to quit)",
            "not_listed": "Type the number of one of the moves listed.",
            "winners": "Game over: {seats} won.",
            "draw": "Game over: a draw ({seats}).",
            "reason": "Reason: {reason}.",
            "seats": "--seats: {game} is played by {low}–{high} seats, not {count}",
            "kind": "--seats: {kind} cannot sit at {game} (seat kinds: {kinds})",
            "mode": "--mode: {game} has no mode {mode} (modes: {modes})",
            "no_mode": "--mode: {game} has no modes",
            "teams": "--teams: {game}'s plain table makes no teams",
            "names": "--names: {game}'s plain table gives the seats no names",
        },
    }
)


def _refuse(field: str, key: str, **params: Any) -> ConfigError:
    return ConfigError(
        "invalid_option",
        WORDS.text("en", key, **params),
        field=field,
        message_it=WORDS.text("it", key, **params),
    )


def action_line(action: Action) -> str:
    """An action as the browser's plain path shows it: its verb, then its arguments."""
    args = " ".join(f"{name}={json.dumps(value)}" for name, value in action.args.items())
    return " ".join(filter(None, (action.type.replace("_", " "), args)))


class NoFlags(BaseModel):
    """A plain table has no flags of its own."""

    model_config = ConfigDict(extra="forbid")


class PlainTerminal:
    """The `TerminalTable` the shell lends a game that has none."""

    def __init__(self, game: Game[Any]) -> None:
        self.game = game

    def terminal_flags(self) -> type[BaseModel]:
        return NoFlags

    def flag_options(self, flags: BaseModel) -> dict[str, Any]:
        return {}

    def terminal_table(self, request: TerminalRequest) -> TerminalSetup:
        """The seats asked for (default: a person, then the game's own bot up to its
        smallest table of two or more), in the mode asked for."""
        info, name = self.game.info, self.game.name
        size = max(info.min_seats, min(2, info.max_seats))
        kinds = request.seats or (HUMAN, *["reference"] * (size - 1))
        if not info.min_seats <= len(kinds) <= info.max_seats:
            raise _refuse(
                "seats",
                "seats",
                game=name,
                low=info.min_seats,
                high=info.max_seats,
                count=len(kinds),
            )
        for kind in kinds:
            if kind.partition(":")[0] not in {*info.seat_kinds, "bot"}:
                raise _refuse(
                    "seats", "kind", game=name, kind=kind, kinds=", ".join(info.seat_kinds)
                )
        if request.teams:
            raise _refuse("teams", "teams", game=name)
        options = self._mode_options(request.mode)
        builder = capability(self.game, TableBuilder)
        if builder is not None:
            names = [{"name": n} for n in request.names] + [{}] * len(kinds)
            seats = [{"kind": kind, **names[i]} for i, kind in enumerate(kinds)]
            return TerminalSetup(builder.table_config(options, seats), tuple(kinds))
        if request.names:
            raise _refuse("names", "names", game=name)
        try:
            self.game.Config.model_validate(options)
        except ValidationError as exc:
            raise ConfigError("invalid_config", str(exc), field="mode") from None
        return TerminalSetup(options, tuple(kinds))

    def _mode_options(self, mode: str | None) -> dict[str, Any]:
        modes = self.game.info.modes
        if mode is None:
            return {}
        if not modes:
            raise _refuse("mode", "no_mode", game=self.game.name)
        if mode not in modes:
            raise _refuse("mode", "mode", game=self.game.name, mode=mode, modes=", ".join(modes))
        return {"mode": mode}

    def terminal_screen(self, console: Console, prompt: TerminalPrompt, lang: str) -> PlainScreen:
        return PlainScreen(self.game, console, prompt, lang)


class PlainPerson:
    """A person at the terminal: the view as data, the legal list numbered, a number typed."""

    def __init__(self, screen: PlainScreen) -> None:
        self.screen = screen

    def choose(self, game: Game[Any], state: Any, seat: str) -> Action:
        console, lang = self.screen.console, self.screen.lang
        view = game.view(state, Viewer.seat(seat))
        console.print(escape(json.dumps(view, ensure_ascii=False)), soft_wrap=True)
        console.print(WORDS.text(lang, "turn", seat=seat))
        legal = game.legal_actions(state, seat)
        for number, action in enumerate(legal, start=1):
            console.print(f"  {number}. {escape(action_line(action))}")
        while True:
            typed = self.screen.prompt.ask(WORDS.text(lang, "choose", count=len(legal)))
            if typed == "q":
                raise QuitGame
            if typed and typed.isdigit() and 1 <= int(typed) <= len(legal):
                return legal[int(typed) - 1]
            console.print(WORDS.text(lang, "not_listed"))


class PlainScreen:
    """The `TerminalScreen` of a plain table: events in the game's words, or as data."""

    def __init__(self, game: Game[Any], console: Console, prompt: TerminalPrompt, lang: str):
        self.game, self.console, self.prompt, self.lang = game, console, prompt, lang
        self.viewer = Viewer.public()

    def people(self, seats: Sequence[str]) -> dict[str, Player]:
        # One person reads the game as its seat sees it; people sharing it, as the public.
        self.viewer = Viewer.seat(seats[0]) if len(seats) == 1 else Viewer.public()
        return {seat: PlainPerson(self) for seat in seats}

    def opening(self, table: Table, events: Sequence[Event]) -> None:
        self.console.print(
            f"[bold]{escape(self.game.info.text(self.game.info.title, self.lang))}[/]"
        )
        self.tell(table, events)

    def tell(self, table: Table, events: Sequence[Event]) -> None:
        for line in self._lines(table, events):
            self.console.print(escape(line), soft_wrap=True)

    def _lines(self, table: Table, events: Sequence[Event]) -> list[str]:
        narration = capability(self.game, Narration)
        if narration is None:
            return [json.dumps(e.to_json(), ensure_ascii=False) for e in events]
        view: Mapping[str, Any] = self.game.view(table.state, self.viewer)
        told = narration.narrate_for(table.state, events, self.lang, view)
        return [line for line in told if line]

    def refused(self, error: IllegalAction) -> None:
        self.console.print(f"[red]{escape(error.localized(self.lang))}[/]")

    def outcome(self, table: Table) -> None:
        ending = self.game.outcome(table.state)
        if ending is None:
            return
        key = "draw" if ending.draw or not ending.winners else "winners"
        seats = ", ".join(ending.winners or self.game.seats(table.state))
        self.console.print(f"[bold]{escape(WORDS.text(self.lang, key, seats=seats))}[/]")
        self.console.print(
            escape(WORDS.text(self.lang, "reason", reason=ending.reason.replace("_", " ")))
        )
