"""`tavola play seasons`: Dummbot beside a physical game (companion) or a practice game, at
the terminal; and the same flags for `tavola simulate seasons`, which plays practice games
whose human seat the reference bot takes.

`--mode` (the shell's) is companion (default) or practice; the game's own flags set the
level and the options of §3.5 and §10. The user's card catalogue (§3.3 `cards_user.json`)
is read when the table is set up, from `--catalogue FILE` or the user's data folder, and
saved there whenever the game adds a card (`terminal_screen`)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from tavola.core import TavolaError
from tavola.core.capabilities import HUMAN, TerminalPrompt, TerminalRequest, TerminalSetup
from tavola.core.game_parts import bad_flag, chosen_mode, own_flags

from .catalogue import USER_FILE, load_user_cards
from .table_options import table_config
from .terminal_screen import SeasonsTerminal

if TYPE_CHECKING:
    from rich.console import Console

MODES = ("companion", "practice")
COMPANION_ONLY = ("table_rolls", "blind")
SIMULATION = {"mode": "practice", "undo_steps": 0}
"""A simulated game is a practice game (a bot cannot play the physical table), and keeps
no undo snapshots (nobody undoes; it plays about three times faster)."""


class SeasonsFlags(BaseModel):
    model_config = ConfigDict(extra="forbid")

    level: Literal["apprentice", "wizard", "archmage"] | None = Field(
        None, description="Dummbot's level: apprentice, wizard (default) or archmage."
    )
    table_rolls: bool = Field(
        False, description="Companion: roll the season dice at the table and type their faces."
    )
    blind: bool = Field(
        False,
        description="Companion: Dummbot's cards stay face down, unnamed until a season "
        "change reveals them.",
    )
    rotating_lines: bool = Field(
        False, description="Take the dice from the ends of lines instead of a random pair."
    )
    card_pool: Literal["base_1_30", "base_1_50", "catalogue_all"] | None = Field(
        None, description="Practice: the deck, base_1_30, base_1_50 (default) or catalogue_all."
    )
    show_hand: bool = Field(False, description="Show the names of the cards in Dummbot's hand.")
    max_rounds: Annotated[int, Field(ge=12, le=1000)] | None = Field(
        None, description="End the game after this many rounds (12–1000; default 100)."
    )
    catalogue: Path | None = Field(
        None,
        description="Your cards_user.json (default: $XDG_DATA_HOME/tavola/seasons/"
        "cards_user.json, else ~/.local/share/…).",
    )


def own(flags: BaseModel) -> SeasonsFlags:
    return own_flags(SeasonsFlags, flags)


def default_catalogue_file() -> Path:
    """`cards_user.json` in the user's data folder (XDG: `$XDG_DATA_HOME`, when it is an
    absolute path, else `~/.local/share`), under `tavola/seasons/`."""
    data = os.environ.get("XDG_DATA_HOME", "")
    base = Path(data) if data and Path(data).is_absolute() else Path.home() / ".local" / "share"
    return base / "tavola" / "seasons" / USER_FILE


def user_cards(path: Path) -> list[dict[str, Any]]:
    """The catalogue additions saved in `path` (none when it does not exist yet)."""
    try:
        return load_user_cards(path)
    except TavolaError as exc:
        raise bad_flag(
            "catalogue",
            f"--catalogue {path}: {exc.message}",
            f"--catalogue {path}: {exc.localized('it')}",
        ) from None


def options(flags: SeasonsFlags) -> dict[str, Any]:
    """The game options the flags set; those left out keep the config's defaults."""
    out: dict[str, Any] = {}
    if flags.level is not None:
        out["difficulty"] = flags.level
    if flags.table_rolls:
        out["dice_source"] = "table_rolls"
    if flags.blind:
        out["hand_tracking"] = "blind_until_revealed"
    if flags.rotating_lines:
        out["dice_selection"] = "rotating_lines"
    if flags.card_pool is not None:
        out["card_pool"] = flags.card_pool
    if flags.show_hand:
        out["show_dummbot_hand"] = True
    if flags.max_rounds is not None:
        out["max_rounds"] = flags.max_rounds
    return out


def _companion_only(flags: SeasonsFlags, why: str, why_it: str) -> None:
    """Refuses the first flag set that only the companion's table reads, saying why."""
    for flag in COMPANION_ONLY:
        if getattr(flags, flag):
            name = "--" + flag.replace("_", "-")
            raise bad_flag(
                flag, f"{name} is a companion setting{why}", f"{name} vale solo al tavolo{why_it}"
            )


def flag_options(flags: BaseModel) -> dict[str, Any]:
    """A table the shell seats itself (`tavola simulate`): a practice game without undo.
    The companion's own flags mean nothing there; `--catalogue` brings the user's cards
    (for `--card-pool catalogue_all`) only when it is given."""
    seasons = own(flags)
    _companion_only(
        seasons,
        ": a simulation plays practice games",
        ": una simulazione gioca partite di allenamento",
    )
    out = {**options(seasons), **SIMULATION}
    if seasons.catalogue is not None:
        out["user_cards"] = user_cards(seasons.catalogue)
    return out


def terminal_table(request: TerminalRequest) -> tuple[TerminalSetup, Path]:
    """One seat, the person's (or a bot's, watched); the config of the mode and flags, with
    the user's catalogue additions. Returns the catalogue file too, for the screen."""
    flags = own(request.flags)
    seats = request.seats or (HUMAN,)
    if len(seats) != 1:
        raise bad_flag(
            "seats",
            "Seasons has one seat, yours: Dummbot is played by the rules",
            "Seasons ha un posto solo, il tuo: Dummbot lo giocano le regole",
        )
    if request.teams:
        raise bad_flag("teams", "Seasons has no teams", "Seasons non ha squadre")
    mode = chosen_mode(request, MODES)
    if mode == "practice":
        _companion_only(flags, " (--mode companion)", " (--mode companion)")
    path = flags.catalogue or default_catalogue_file()
    chosen = {"mode": mode, **options(flags), "user_cards": user_cards(path)}
    seat = {"kind": seats[0], **({"name": request.names[0]} if request.names else {})}
    return TerminalSetup(table_config(chosen, [seat]), tuple(seats)), path


class SeasonsTerminalTable:
    """The `TerminalTable` side of the game. It remembers the catalogue file of the table
    last set up, which its screen saves into (the shell sets a table up, then asks for its
    screen)."""

    def __init__(self) -> None:
        self.catalogue_file: Path | None = None

    def terminal_flags(self) -> type[BaseModel]:
        return SeasonsFlags

    def flag_options(self, flags: BaseModel) -> dict[str, Any]:
        return flag_options(flags)

    def terminal_table(self, request: TerminalRequest) -> TerminalSetup:
        setup, self.catalogue_file = terminal_table(request)
        return setup

    def terminal_screen(
        self, console: Console, prompt: TerminalPrompt, lang: str
    ) -> SeasonsTerminal:
        """The person's answers keep their case, so the screen reads the console itself
        (`terminal_person`) rather than `prompt`, which lowers it."""
        del prompt
        return SeasonsTerminal(console, lang, self.catalogue_file)
