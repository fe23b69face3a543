"""The Legends flags of `tavola play` (and of `tavola simulate`), and the table they ask for:
the shell reads the seats, names, teams and mode; these are the game's own."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field

from tavola.core.capabilities import HUMAN, TerminalRequest, TerminalSetup
from tavola.core.game_parts import bad_flag, own_flags

from ..config import Sides
from ..tables import table_config

BOSS = "boss"
DEFAULT_SEATS = (HUMAN, "bot", "bot")
TIMED_AUTOPILOT_AFTER = 3
"""At a timed terminal table, three silences in a row hand the seat to the reference bot."""


class LegendsFlags(BaseModel):
    model_config = ConfigDict(extra="forbid")

    sides: Sides | None = Field(None, description="free_for_all (default), teams or good_vs_evil.")
    boss_level: Annotated[int, Field(ge=1, le=5)] = Field(
        1, description="The automatic boss's level, 1–5 (with a boss seat)."
    )
    ages: list[Annotated[int, Field(ge=1, le=99)]] = Field(
        default_factory=list, description="Ages, one per seat: the youngest plays first."
    )
    timers: bool = Field(False, description="A timed game: a clock on every decision.")
    max_clashes: Annotated[int, Field(ge=1)] | None = Field(
        None, description="Simplified: the clash limit."
    )
    max_rounds: Annotated[int, Field(ge=1)] | None = Field(
        None, description="Classic and epic: the round limit."
    )


def table_options(flags: LegendsFlags) -> dict[str, Any]:
    """The game options the flags set; those left out keep the config's defaults."""
    options: dict[str, Any] = {}
    if flags.sides is not None:
        options["sides"] = flags.sides
    if "boss_level" in flags.model_fields_set:
        options["boss_level"] = flags.boss_level
    if flags.timers:
        options["timers"] = {"autopilot_after": TIMED_AUTOPILOT_AFTER}
    if flags.max_clashes is not None:
        options["simplified"] = {"max_clashes": flags.max_clashes}
    if flags.max_rounds is not None:
        options["max_rounds"] = flags.max_rounds
    return options


def flag_options(flags: BaseModel) -> dict[str, Any]:
    """The options of a table whose seats the shell builds itself (`tavola simulate`):
    there an age has no seat to go to."""
    legends = own_flags(LegendsFlags, flags)
    if legends.ages:
        raise bad_flag(
            "ages",
            "--ages gives the ages of a terminal table's seats (tavola play)",
            "--ages dà le età dei posti di un tavolo al terminale (tavola play)",
        )
    return table_options(legends)


def terminal_table(request: TerminalRequest) -> TerminalSetup:
    """The config of the table asked for: people and bots in the order typed, then the
    automatic boss when one of the seats is `boss`. Unnamed people are "Player 1"... (in the
    table's language), unnamed bots "Bot 2"..."""
    flags = own_flags(LegendsFlags, request.flags)
    kinds = request.seats or DEFAULT_SEATS
    if len(flags.ages) > len(kinds):
        raise bad_flag(
            "ages",
            f"--ages gives {len(flags.ages)} ages for {len(kinds)} seats",
            f"--ages dà {len(flags.ages)} età per {len(kinds)} posti",
        )
    person = "Giocatore" if request.lang == "it" else "Player"
    seats: list[dict[str, Any]] = []
    for i, kind in enumerate(kinds):
        if kind == BOSS:
            seats.append({"kind": BOSS})
            continue
        default = f"{person} {i + 1}" if kind == HUMAN else f"Bot {i + 1}"
        seat: dict[str, Any] = {
            "kind": kind,
            "name": request.names[i] if i < len(request.names) else default,
        }
        if i < len(flags.ages):
            seat["age"] = flags.ages[i]
        if i < len(request.teams):
            seat["team"] = request.teams[i]
        seats.append(seat)
    options = {"mode": request.mode or "simplified", **table_options(flags)}
    order = tuple(k for k in kinds if k != BOSS) + tuple(k for k in kinds if k == BOSS)
    return TerminalSetup(table_config(options, seats), order)
