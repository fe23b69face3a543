"""A game's own flags on the command line: the words typer left over (`--round-limit 20`,
`--timed`) read against the pydantic model the game gives (`TerminalTable.terminal_flags`).

Field `round_limit` is `--round-limit N`; a bool field is a switch (`--timed`,
`--no-timed`); a list field takes comma-separated values. An unknown flag is refused
naming it and listing the game's own."""

from __future__ import annotations

import types
import typing
from typing import Any, NoReturn

import typer
from pydantic import BaseModel, ValidationError
from rich.console import Console
from rich.panel import Panel
from rich.table import Table as RichTable

from tavola.bots import seat_kind_usage
from tavola.core import Game, UnknownGame, game_names, get_game
from tavola.core.capabilities import TerminalTable, capability

CONTEXT: dict[str, Any] = {
    "allow_extra_args": True,
    "ignore_unknown_options": True,
    "help_option_names": [],
}
"""The settings of a command that takes a game's flags: the words typer does not know are
left to the game, and the command's own `--help` lists them too."""


class UsageProblem(typer.BadParameter):
    """A command line that cannot be read: `Error: <message>`, exit status 2."""

    def format_message(self) -> str:
        return self.message


def game(name: str) -> Game[Any]:
    """The registered game `name`; a usage error (exit 2) listing the known ones."""
    try:
        return get_game(name)
    except UnknownGame as exc:  # a refused game too, saying why
        raise UsageProblem(exc.message) from None


def no_game() -> UsageProblem:
    return UsageProblem(f"Missing argument 'GAME' (one of: {', '.join(game_names())}).")


def flag_name(field: str) -> str:
    return "--" + field.replace("_", "-")


def _is_bool(annotation: Any) -> bool:
    return annotation is bool


def _is_list(annotation: Any) -> bool:
    """True for list[...] and tuple[...], also inside `X | None`."""
    origin = typing.get_origin(annotation)
    if origin in (typing.Union, types.UnionType):
        return any(_is_list(arg) for arg in typing.get_args(annotation))
    if origin is typing.Annotated:
        return _is_list(typing.get_args(annotation)[0])
    return origin in (list, tuple)


def describe(model: type[BaseModel]) -> list[tuple[str, str]]:
    """(flag, help) for every flag of `model`, in its order."""
    rows = []
    for name, info in model.model_fields.items():
        flag = flag_name(name)
        if _is_bool(info.annotation):
            shown = f"{flag} / --no-{flag[2:]}"
        elif _is_list(info.annotation):
            shown = f"{flag} A,B,…"
        else:
            shown = f"{flag} VALUE"
        rows.append((shown, info.description or ""))
    return rows


def show_help(ctx: typer.Context, game: str | None, model: type[BaseModel] | None) -> NoReturn:
    """The command's help, then `game`'s own flags; exits."""
    text = ctx.get_help()  # typer prints its own (Rich) help and returns nothing
    if text:
        typer.echo(text)
    if game is not None:
        grid = RichTable.grid(padding=(0, 2))
        grid.add_column(style="bold cyan", no_wrap=True)
        grid.add_column()
        for flag, help_text in describe(model) if model is not None else []:
            grid.add_row(flag, help_text)
        # The seats the game declares (people, bots, its automata), as --seats takes them.
        kinds = get_game(game).info.seat_kinds
        grid.add_row("--seats", "seat kinds: " + ", ".join(seat_kind_usage(k) for k in kinds))
        grid.add_row("--lang", "languages: " + ", ".join(get_game(game).info.languages))
        body = grid
        title = f"Options of {game}"
        Console().print(Panel(body, title=title, title_align="left", border_style="dim"))
    raise typer.Exit(0)


def listing(model: type[BaseModel]) -> str:
    rows = describe(model)
    if not rows:
        return "none"
    return ", ".join(flag for flag, _ in rows)


def parse(model: type[BaseModel], words: list[str], game: str) -> BaseModel:
    """The game's flags from the words typer did not know; `UsageProblem` (exit 2)
    names a word that is no flag of the game, or a value the game refuses."""
    fields = model.model_fields
    values: dict[str, Any] = {}
    rest = list(words)
    while rest:
        word = rest.pop(0)
        if not word.startswith("--"):
            raise UsageProblem(f"unexpected argument {word!r}")
        name, has_value, value = word[2:].partition("=")
        field = name.replace("-", "_")
        negated = field.startswith("no_") and field[3:] in fields
        if negated:
            field = field[3:]
        if field not in fields:
            raise UsageProblem(
                f"no such option for {game}: --{name} (its own options: {listing(model)})"
            )
        annotation = fields[field].annotation
        if _is_bool(annotation):
            values[field] = value if has_value else not negated
            continue
        if negated:
            raise UsageProblem(f"no such option for {game}: --{name}")
        if not has_value:
            if not rest or rest[0].startswith("--"):
                raise UsageProblem(f"option --{name} needs a value")
            value = rest.pop(0)
        values[field] = (
            [part.strip() for part in value.split(",") if part.strip()]
            if _is_list(annotation)
            else value
        )
    try:
        return model.model_validate(values)
    except ValidationError as exc:
        problems = "; ".join(
            f"{flag_name(str(error['loc'][0]))}: {error['msg']}" for error in exc.errors()
        )
        raise UsageProblem(problems) from None


def game_with_flags(
    ctx: typer.Context, name: str | None, show: bool
) -> tuple[Game[Any], TerminalTable | None, type[BaseModel] | None]:
    """The command's game, its terminal table and the model of its own flags; `--help`
    (with the game's flags when one is named) or a missing game end the command here."""
    if name is None:
        if show:
            show_help(ctx, None, None)
        raise no_game()
    known = game(name)
    terminal = capability(known, TerminalTable)
    model = terminal.terminal_flags() if terminal is not None else None
    if show:
        show_help(ctx, name, model)
    return known, terminal, model


def flag_options(
    ctx: typer.Context, name: str, terminal: TerminalTable | None, model: type[BaseModel] | None
) -> dict[str, Any]:
    """The game options the game's own flags stand for; a game without flags refuses any."""
    if terminal is not None and model is not None:
        return terminal.flag_options(parse(model, list(ctx.args), name))
    if ctx.args:
        raise UsageProblem(f"{name} has no options of its own: use --set KEY=VALUE")
    return {}
