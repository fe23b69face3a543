"""`draw`: a Lotto draw entered or imported by a referee, for the formation or for the
locked turn (which then resolves at once)."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from tavola.core import Action, Table

from ..clock import format_instant
from ..forum_parser import formation_draw_date, parse_numbers
from ..state import TronoState
from .options import FileArg, ImportOpt, NumbersOpt, Sent, sent_options
from .session import referee_seat, send, with_at
from .texts import cli_error


@sent_options()
def draw(
    file: FileArg,
    numbers: NumbersOpt = None,
    import_file: ImportOpt = None,
    purpose: Annotated[
        str | None, typer.Option(help="formation or the turn number (checked).")
    ] = None,
    date: Annotated[
        str | None, typer.Option(help="The draw's date (default: the expected one).")
    ] = None,
    *,
    sent: Sent,
) -> None:
    """Enter or import a Lotto draw: the formation draw, or the locked turn's draw, which
    resolves the turn at once."""

    def build(table: Table) -> tuple[str, Action]:
        state: TronoState = table.state
        if (numbers is None) == (import_file is None):
            raise cli_error("E_OPTIONS", detail="--numbers or --import (one of them)")
        expected = "formation" if state.phase == "formation_wait" else str(state.turn)
        if purpose is not None and purpose.strip().lower() != expected:
            raise cli_error("E_DRAW_PURPOSE", expected=expected, given=purpose)
        seat = referee_seat(state, sent.referee)
        if import_file is not None:
            try:
                text = import_file.read_text(encoding="utf-8")
            except OSError as exc:
                raise cli_error("E_IMPORT_FILE", path=str(import_file), detail=str(exc)) from None
            # The CSV of A8 or the newspapers' lines (`draws_paste`).
            pasted: dict[str, Any] = {"text": text}
            if date is not None:
                pasted["date"] = date
            return seat, Action("import_draw", **with_at(pasted, sent.at))
        assert numbers is not None
        parsed = parse_numbers(numbers)
        if date is not None:
            day = date
        elif state.phase == "formation_wait" and state.closed_at is not None:
            day = formation_draw_date(state.closed_at, state.draw_shifts)
        else:
            day = state.draw_date or format_instant(state.now)[:10]
        kind = "formation" if state.phase == "formation_wait" else "turn"
        args = {"purpose": kind, "date": day, "numbers": parsed}
        return seat, Action("enter_draw", **with_at(args, sent.at))

    send(file, sent, build)
