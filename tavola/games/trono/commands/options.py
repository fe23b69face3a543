"""The arguments and options the referee commands share, each defined once."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

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
