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
    bot, first-player advantage, game length and card impact."""
    from tavola.sim.balance import analyse
    from tavola.sim.output import GAMES_CSV, read_rows
    from tavola.sim.report import pct, pp, write_report

    if not (folder / GAMES_CSV).exists():
        console.print(f"[red]error[/]: no {GAMES_CSV} in {folder}")
        raise typer.Exit(2)
    for path in write_report(folder):
        console.print(f"wrote {path}")
    balance = analyse(read_rows(folder))
    console.print(f"{balance.games} games; baseline win rate {pct(balance.baseline.p)}")
    for seat, rate in balance.by_seat.items():
        console.print(f"  {seat}: {pct(rate.p)} of {rate.n}")
    for card in [c for c in balance.cards if c.clear][:5]:
        console.print(f"  card {card.card_id}: {pp(card.delta[0])} vs baseline ({card.rate.n})")
