"""`tavola verify RECORD`: a finished game's shuffle checked from its record, a file saved by
`tavola play --save` (or `tavola new`) or a record downloaded from the server
(`/api/games/ID/record`). Exit 0: verified; 1: not."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape

from tavola.core.verification import verify as verify_record

from . import problems

TEXT = {
    "it": {
        "commitment": "Impegno:  {value}",
        "seed": "Seme:     {value}",
        "salt": "Sale:     {value}",
    },
    "en": {
        "commitment": "Commitment: {value}",
        "seed": "Seed:       {value}",
        "salt": "Salt:       {value}",
    },
}


def verify(
    record: Annotated[Path, typer.Argument(help="A game record (JSON): saved or downloaded.")],
    lang: Annotated[str, typer.Option(help="it or en.")] = "it",
    commitment: Annotated[
        str | None,
        typer.Option(help="The commitment you noted at the table, which the record's must be."),
    ] = None,
) -> None:
    """Check a finished game's shuffle: the revealed seed and salt give the commitment shown
    from the start, and replaying the record from the seed gives every card as dealt."""
    if lang not in TEXT:
        problems.fail("verify", f"--lang {lang!r}: unknown language (it, en)")
    words = TEXT[lang]
    console = Console(highlight=False)
    data = problems.read_json("verify", record, "a game record")
    if not isinstance(data, dict):
        problems.fail("verify", f"{record}: not a game record (not a JSON object)")
    verdict = verify_record(data, commitment)
    for key, value in (
        ("commitment", verdict.commitment),
        ("seed", verdict.seed),
        ("salt", verdict.salt),
    ):
        if value is not None:
            console.print(words[key].format(value=value), soft_wrap=True)
    for check in verdict.checks:
        mark = "[green]✓[/]" if check.passed else "[red]✗[/]"
        console.print(f"{mark} {escape(check.text(lang))}", soft_wrap=True)
    colour = "green" if verdict.passed else "red"
    console.print(f"[bold {colour}]{escape(verdict.summary(lang))}[/]", soft_wrap=True)
    if not verdict.passed:
        raise typer.Exit(1)
