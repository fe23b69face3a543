"""`tavola play league`: a battle at the terminal, people and bots (`--seats human,basic`),
and the same flags for `tavola simulate league`.

`--lineups A,B` gives each seat's lineup: a preset id (`preset_a`) or a lineup file (TOML
or JSON, `lineup_file.py`). Without it, `--mode quick` (the default) plays the presets and
`--mode custom` asks each player for a lineup in the game."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

from pydantic import BaseModel, ConfigDict, Field

from tavola.core import IllegalAction
from tavola.core.capabilities import HUMAN, TerminalPrompt, TerminalRequest, TerminalSetup
from tavola.core.game_parts import bad_flag, chosen_mode, own_flags

from .content import starter
from .lineup_file import read_lineup_file
from .table_options import table_config
from .terminal_screen import LeagueTerminal

if TYPE_CHECKING:
    from rich.console import Console

MODES = ("quick", "custom")
BASIC = "basic"
"""`bot:basic` as typed at the terminal: the game's reference bot."""


class LeagueFlags(BaseModel):
    model_config = ConfigDict(extra="forbid")

    lineups: Annotated[list[str], Field(max_length=2)] = Field(
        default_factory=list,
        description="Each seat's lineup: a preset (preset_a, preset_b) or a lineup file "
        "(TOML or JSON).",
    )
    max_turns: Annotated[int, Field(ge=1, le=999)] | None = Field(
        None, description="End the battle after this many turns (1–999; default 60)."
    )


def own(flags: BaseModel) -> LeagueFlags:
    return own_flags(LeagueFlags, flags)


def lineup_of(value: str) -> str | dict[str, Any]:
    """A preset id as it is, else the lineup in the file `value` names."""
    if value in starter().presets:
        return value
    path = Path(value)
    if not path.exists():
        known = ", ".join(starter().presets)
        raise bad_flag(
            "lineups",
            f"--lineups: {value} is neither a preset ({known}) nor a file",
            f"--lineups: {value} non è né una formazione pronta ({known}) né un file",
        )
    try:
        raw = read_lineup_file(path).raw
    except IllegalAction as exc:
        raise bad_flag("lineups", exc.message, exc.message_it) from None
    return {"gimmick": "none", **raw}


def options(flags: LeagueFlags) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if flags.lineups:
        if len(flags.lineups) != 2:
            raise bad_flag(
                "lineups",
                "--lineups takes two lineups, one per seat",
                "--lineups vuole due formazioni, una per posto",
            )
        out["lineups"] = [lineup_of(value) for value in flags.lineups]
    if flags.max_turns is not None:
        out["max_turns"] = flags.max_turns
    return out


def terminal_table(request: TerminalRequest) -> TerminalSetup:
    """Two seats (`human`, `basic` or any bot), the mode's lineups or `--lineups`."""
    kinds = tuple(BASIC_KIND.get(k, k) for k in request.seats or (HUMAN, BASIC))
    if len(kinds) != 2:
        raise bad_flag(
            "seats",
            f"--seats: a battle has two seats, not {len(kinds)}",
            f"--seats: una battaglia ha due posti, non {len(kinds)}",
        )
    if request.teams:
        raise bad_flag(
            "teams", "--teams: a battle has no teams", "--teams: una battaglia non ha squadre"
        )
    mode = chosen_mode(request, MODES)
    chosen = {"mode": mode, **options(own(request.flags))}
    return TerminalSetup(table_config(chosen, [{"kind": k} for k in kinds]), kinds)


BASIC_KIND = {BASIC: "reference", "bot": "reference"}
"""`basic` (the spec's name) and `bot` seat the reference bot."""


class LeagueTerminalTable:
    """The `TerminalTable` side of the game."""

    def terminal_flags(self) -> type[BaseModel]:
        return LeagueFlags

    def flag_options(self, flags: BaseModel) -> dict[str, Any]:
        return options(own(flags))

    def terminal_table(self, request: TerminalRequest) -> TerminalSetup:
        return terminal_table(request)

    def terminal_screen(
        self, console: Console, prompt: TerminalPrompt, lang: str
    ) -> LeagueTerminal:
        return LeagueTerminal(console, prompt, lang)
