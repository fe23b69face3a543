"""The arguments and options the referee commands share, each defined once."""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import typer

FileArg = Annotated[Path, typer.Argument(help="The game record (JSON).")]
UserArg = Annotated[str, typer.Argument(help="The user's account.")]
LangOpt = Annotated[str, typer.Option("--lang", help="it (default) or en.")]
AtOpt = Annotated[
    str | None,
    typer.Option(
        "--at",
        help="When it happens: an ISO instant (2025-03-04T18:00:00Z) or 'now'; "
        "default: the table's clock (the last accepted instant).",
    ),
]
RefereeOpt = Annotated[
    str | None, typer.Option("--referee", help="The referee acting (default: the first one).")
]
BBCodeOpt = Annotated[bool, typer.Option("--bbcode", help="Bold headings as [b]…[/b].")]
TeamOpt = Annotated[str, typer.Option("--team", help="The team: its house, its number or teamN.")]
AsOpt = Annotated[
    str | None, typer.Option("--as", help="The member sending it (default: the first one).")
]
NumbersOpt = Annotated[
    str | None,
    typer.Option("--numbers", help='The draw: "BA:1,2,3,4,5 CA:… … VE:…" in extraction order.'),
]
CheckOpt = Annotated[
    bool,
    typer.Option(
        "--check",
        help="Only say whether it would be accepted, as the console's Controlla; records nothing.",
    ),
]
ImportOpt = Annotated[
    Path | None, typer.Option("--import", help="A draw file in the import format (A8).")
]
ReasonOpt = Annotated[str, typer.Option(help="Why (required, 1–500 characters).")]
SeenOpt = Annotated[
    int | None,
    typer.Option(
        help="The overrides you had read (as `show` counts them): refused if another "
        "referee changed the same thing since (issue 27, point 3)."
    ),
]


@dataclass(frozen=True, slots=True)
class Sent:
    """What a referee's command is sent with: `--check`, `--referee`, `--at`, `--lang` and
    `--bbcode` (false where the command has no `--bbcode`)."""

    check: bool = False
    referee: str | None = None
    at: str | None = None
    lang: str = "it"
    bbcode: bool = False


_SENT_OPTIONS = (
    ("check", CheckOpt, False),
    ("referee", RefereeOpt, None),
    ("at", AtOpt, None),
    ("lang", LangOpt, "it"),
    ("bbcode", BBCodeOpt, False),
)
"""`Sent`'s options as Typer reads them, in the order `--help` lists them."""

Command = Callable[..., None]


def sent_options(*, check: bool = True, bbcode: bool = True) -> Callable[[Command], Command]:
    """A referee's command whose last parameter is `*, sent: Sent`, as Typer takes it: that
    parameter becomes the options `Sent` holds (without `--check` or `--bbcode` when they
    are false), declared here once rather than at the end of every command."""
    left_out = {name for name, kept in (("check", check), ("bbcode", bbcode)) if not kept}

    def decorate(command: Command) -> Command:
        own = list(inspect.signature(command, eval_str=True).parameters.values())
        if not own or own[-1].name != "sent":
            raise TypeError(f"{command.__name__}: its last parameter must be `*, sent: Sent`")
        shared = [
            inspect.Parameter(
                name,
                inspect.Parameter.POSITIONAL_OR_KEYWORD,
                default=default,
                annotation=annotation,
            )
            for name, annotation, default in _SENT_OPTIONS
            if name not in left_out
        ]

        @functools.wraps(command)
        def typed(**params: Any) -> None:
            given = {name: params.pop(name) for name, _, _ in _SENT_OPTIONS if name in params}
            command(**params, sent=Sent(**given))

        signature = inspect.Signature([*own[:-1], *shared], return_annotation=None)
        typed.__signature__ = signature  # type: ignore[attr-defined]
        typed.__annotations__ = {p.name: p.annotation for p in signature.parameters.values()}
        return typed

    return decorate
