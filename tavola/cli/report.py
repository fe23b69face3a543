"""`tavola report`: the balance report of a `tavola simulate` folder."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

console = Console(highlight=False)


def report(
    folder: Annotated[Path, typer.Argument(metavar="DIR", help="A folder from tavola simulate.")],
) -> None:
    """Write DIR/report.md and DIR/report.html (with PNG charts): win rates by seat and by
    bot (and by the game's own labels, a lineup), first-player advantage, game length and
    card impact. A run stopped part-way is reported on the games it finished."""
    from tavola.sim.output import GAMES_CSV
    from tavola.sim.report import highlights, write_report

    if not (folder / GAMES_CSV).exists():
        console.print(f"[red]error[/]: no {GAMES_CSV} in {folder}")
        raise typer.Exit(2)
    try:
        written = write_report(folder)
    except ValueError as exc:  # a run stopped before its first game finished
        console.print(f"[red]error[/]: {folder / GAMES_CSV}: {exc}")
        raise typer.Exit(2) from None
    for path in written:
        console.print(f"wrote {path}")
    for line in highlights(folder):
        console.print(line, markup=False, soft_wrap=True)
