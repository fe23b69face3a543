"""`tavola campaign new/play/status`: a campaign (one party, a sequence of games, the
game's own state between them) kept in a JSON file between sittings.

The shell knows no game: it asks the game's `Campaigns` capability what the campaign waits
for, plays each game at the terminal with `TerminalTable` (people and bots), asks people
their choices between games and lets the game choose for bots. The file holds the game's
name and the campaign state; a game left unfinished is kept there as a game record and
resumed by the next `play`.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from tavola.cli import game_flags
from tavola.cli.prompt import Prompt
from tavola.cli.sitting import bots_for, play_out
from tavola.core import (
    Action,
    Game,
    GameRecord,
    IllegalAction,
    Messages,
    Table,
    TavolaError,
    Viewer,
    game_names,
    get_game,
    replay,
)
from tavola.core.capabilities import (
    HUMAN,
    QuitGame,
    TerminalPrompt,
    TerminalScreen,
    TerminalTable,
    capability,
)
from tavola.core.rng import new_secret
from tavola.features.campaigns.protocol import CampaignChoice, CampaignGame, Campaigns

app = typer.Typer(
    help="Campaigns: one party plays a sequence of games, the game's own state kept between them.",
    no_args_is_help=True,
)

LEGACY_TABLE_KEY = "battle"
"""The key a game in progress had in campaign files of older releases: still read."""

BOT = "reference"
"""Who plays a person's seat under `--auto`: the game's own bot."""

TEXT = Messages(
    {
        "it": {
            "created": "Campagna creata in {path}.",
            "exists": "{path} esiste già: scegli un altro file.",
            "unreadable": "{path} non è un file di campagna leggibile: {problem}",
            "over": "La campagna è finita.",
            "title": "— {title} —",
            "quit": "Partita lasciata a metà: play la riprende dal punto in cui è rimasta.",
            "saved": "Campagna salvata in {path}.",
            "pick_one": "Scrivi il numero di una delle voci.",
            "pick_many": "Scrivi i numeri separati da virgole, oppure - per nessuna voce.",
            "bot_chose": "{seat} sceglie: {choice}",
            "none": "nessuna voce",
            "no_campaigns": "{game} non ha campagne.",
            "no_terminal": "{game} non si gioca al terminale.",
            "which_game": "Indica il gioco con --game (hanno campagne: {games}).",
        },
        "en": {
            "created": "Campaign created in {path}.",
            "exists": "{path} already exists: choose another file.",
            "unreadable": "{path} is not a readable campaign file: {problem}",
            "over": "The campaign is over.",
            "title": "— {title} —",
            "quit": "Game left unfinished: play picks it up where it stopped.",
            "saved": "Campaign saved to {path}.",
            "pick_one": "Type the number of one of the entries.",
            "pick_many": "Type the numbers separated by commas, or - for none.",
            "bot_chose": "{seat} chooses: {choice}",
            "none": "none",
            "no_campaigns": "{game} has no campaigns.",
            "no_terminal": "{game} cannot be played at the terminal.",
            "which_game": "Name the game with --game (games with campaigns: {games}).",
        },
    }
)


def _split(text: str) -> list[str]:
    return [part.strip() for part in text.split(",") if part.strip()]


def _campaigns(game: Game[Any], lang: str) -> Campaigns[Any]:
    campaigns = capability(game, Campaigns)
    if campaigns is None:
        raise game_flags.UsageProblem(TEXT.text(lang, "no_campaigns", game=game.name))
    return campaigns


def _only_campaign_game(lang: str) -> Game[Any]:
    """The game `new` means without `--game`: the only registered one with campaigns."""
    offering = [n for n in game_names() if capability(get_game(n), Campaigns) is not None]
    if len(offering) != 1:
        raise game_flags.UsageProblem(TEXT.text(lang, "which_game", games=", ".join(offering)))
    return get_game(offering[0])


def _read_options(path: Path | None) -> dict[str, Any]:
    """A campaign config file: JSON, or TOML by its suffix."""
    if path is None:
        return {}
    try:
        if path.suffix == ".toml":
            import tomllib

            with path.open("rb") as fh:
                return tomllib.load(fh)
        data = json.loads(path.read_text())
    except (OSError, ValueError) as exc:
        raise game_flags.UsageProblem(f"{path}: {exc}") from None
    if not isinstance(data, dict):
        raise game_flags.UsageProblem(f"{path}: a campaign config is a JSON object")
    return data


class CampaignFile:
    """The file: `{game, campaign, table}`; `table` is the record of a game in progress
    (`LEGACY_TABLE_KEY` in files written before it was named so)."""

    def __init__(self, path: Path, game: Game[Any], campaign: dict[str, Any]) -> None:
        self.path = path
        self.game = game
        self.campaign = campaign
        self.table: GameRecord | None = None

    @classmethod
    def load(cls, path: Path, lang: str) -> CampaignFile:
        try:
            data = json.loads(path.read_text())
            game = game_flags.game(str(data["game"]))
            loaded = cls(path, game, dict(data["campaign"]))
            record = data.get("table", data.get(LEGACY_TABLE_KEY))
            if record is not None:
                loaded.table = GameRecord.from_json(record)
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise game_flags.UsageProblem(
                TEXT.text(lang, "unreadable", path=path, problem=exc)
            ) from None
        return loaded

    def save(self) -> None:
        """Written whole to a new file, then moved over the old one: never half a file."""
        data = {
            "game": self.game.name,
            "campaign": self.campaign,
            "table": self.table.to_json() if self.table else None,
        }
        partial = self.path.with_name(self.path.name + ".partial")
        partial.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")
        os.replace(partial, self.path)


@app.command()
def new(
    file: Annotated[Path, typer.Argument(help="The campaign file to create (JSON).")],
    game_name: Annotated[
        str | None,
        typer.Option("--game", help="A registered game (default: the one that has campaigns)."),
    ] = None,
    config: Annotated[
        Path | None,
        typer.Option(help="The campaign's options (JSON or TOML); default: the game's own."),
    ] = None,
    party: Annotated[
        str, typer.Option(help="Who plays each party member, comma-separated: human or bot.")
    ] = "",
    names: Annotated[str, typer.Option(help="Comma-separated names of the party.")] = "",
    seed: Annotated[int | None, typer.Option(help="The campaign's seed (default random).")] = None,
    lang: Annotated[str, typer.Option(help="it or en.")] = "it",
) -> None:
    """Create a campaign file."""
    console = Console(highlight=False)
    game = game_flags.game(game_name) if game_name else _only_campaign_game(lang)
    campaigns = _campaigns(game, lang)
    if file.exists():
        raise game_flags.UsageProblem(TEXT.text(lang, "exists", path=file))
    kinds, given = _split(party), _split(names)
    seats = [
        {"kind": kind, **({"name": given[i]} if i < len(given) else {})}
        for i, kind in enumerate(kinds)
    ]
    try:
        options = campaigns.campaign_config(_read_options(config), seats)
        campaign = campaigns.new_campaign(  # no seed given: a secret, kept in the file only
            options, 0 if seed is None else seed, new_secret() if seed is None else None
        )
    except TavolaError as exc:
        console.print(f"[red]{exc.code}[/]: {exc.localized(lang)}")
        raise typer.Exit(2) from None
    CampaignFile(file, game, campaign).save()
    console.print(TEXT.text(lang, "created", path=file))
    _show(console, campaigns, campaign, Viewer.public(), lang)


@app.command()
def status(
    file: Annotated[Path, typer.Argument(help="A campaign file.")],
    seat: Annotated[
        str | None, typer.Option(help="Whose eyes: a party seat (P1…); default the public.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="The campaign's view as JSON.")] = False,
    lang: Annotated[str, typer.Option(help="it or en.")] = "it",
) -> None:
    """Show a campaign: its games, its party and what comes next, in the game's words."""
    console = Console(highlight=False)
    loaded = CampaignFile.load(file, lang)
    campaigns = _campaigns(loaded.game, lang)
    viewer = Viewer.seat(seat) if seat else Viewer.public()
    if as_json:
        view = campaigns.campaign_view(loaded.campaign, viewer, lang)
        typer.echo(json.dumps(view, indent=1, ensure_ascii=False))
        return
    _show(console, campaigns, loaded.campaign, viewer, lang)


@app.command()
def play(
    file: Annotated[Path, typer.Argument(help="A campaign file.")],
    auto: Annotated[
        bool,
        typer.Option(
            help="Bots play the people's seats too, and the campaign runs to its end unattended."
        ),
    ] = False,
    lang: Annotated[str, typer.Option(help="it or en.")] = "it",
) -> None:
    """Play on: the choices before the next game, the game, then the choices after it."""
    console = Console(highlight=False)
    loaded = CampaignFile.load(file, lang)
    campaigns = _campaigns(loaded.game, lang)
    session = Session(loaded, campaigns, console, Prompt(console), lang, auto)
    try:
        session.run()
    except QuitGame:
        console.print(TEXT.text(lang, "quit"))
        loaded.save()
        raise typer.Exit(1) from None
    except TavolaError as exc:  # a campaign file edited by hand, say
        console.print(f"[red]{exc.code}[/]: {exc.localized(lang)}")
        raise typer.Exit(2) from None
    loaded.save()
    console.print(TEXT.text(lang, "saved", path=file))


@dataclass
class Session:
    """One `play`: choices and games until a game is over and its choices are made
    (or, with `auto`, until the campaign is over)."""

    loaded: CampaignFile
    campaigns: Campaigns[Any]
    console: Console
    prompt: TerminalPrompt
    lang: str
    auto: bool

    def run(self) -> None:
        played = 0
        while True:
            step = self.campaigns.campaign_next(self.loaded.campaign, self.lang)
            if step is None:
                self.console.print(TEXT.text(self.lang, "over"))
                break
            if isinstance(step, CampaignChoice):
                self._choose(step)
            elif played and not self.auto:
                break  # one game per sitting; the file keeps the rest
            else:
                self._play(step)
                played += 1
            self.loaded.save()
        _show(self.console, self.campaigns, self.loaded.campaign, Viewer.public(), self.lang)

    # -- choices between games ----------------------------------------------------------------

    def _choose(self, choice: CampaignChoice) -> None:
        while True:
            if choice.kind == HUMAN and not self.auto:
                action = self._ask(choice)
            else:
                action = self.campaigns.campaign_bot_choice(self.loaded.campaign, choice.seat)
                self.console.print(
                    TEXT.text(
                        self.lang,
                        "bot_chose",
                        seat=choice.name,
                        choice=_described(choice, action, self.lang),
                    )
                )
            try:
                campaign, _ = self.campaigns.campaign_choose(
                    self.loaded.campaign, choice.seat, action
                )
            except IllegalAction as exc:
                self.console.print(f"[red]{exc.localized(self.lang)}[/]")
                if choice.kind != HUMAN or self.auto:
                    raise
                continue
            self.loaded.campaign = campaign
            return

    def _ask(self, choice: CampaignChoice) -> Action:
        self.console.print(f"[bold]{choice.question}[/]")
        for number, option in enumerate(choice.options, start=1):
            self.console.print(f"  {number}. {option.label}")
        while True:
            line = self.prompt.ask(choice.name)
            picked = _numbers(line or "", len(choice.options), several=choice.limit is not None)
            if picked is None:
                key = "pick_one" if choice.limit is None else "pick_many"
                self.console.print(TEXT.text(self.lang, key))
                continue
            values = [choice.options[i].value for i in picked]
            argument: Any = values if choice.limit is not None else values[0]
            return Action(choice.action, **{choice.argument: argument})

    # -- games -------------------------------------------------------------------------------

    def _play(self, awaited: CampaignGame) -> None:
        game = self.loaded.game
        self.console.print(f"[bold]{TEXT.text(self.lang, 'title', title=awaited.title)}[/]")
        table = self._table(awaited)
        kinds = {
            seat: (BOT if self.auto and kind == HUMAN else kind)
            for seat, kind in zip(game.seats(table.state), awaited.seats, strict=True)
        }
        humans = [seat for seat, kind in kinds.items() if kind == HUMAN]
        screen = self._screen() if humans else None
        people = screen.people(humans) if screen is not None else {}
        players = {**bots_for(game, kinds, awaited.seed), **people}
        try:
            if screen is None:  # bots alone: nobody to tell
                while table.to_act:
                    table.play(players)
            else:
                play_out(table, players, screen, humans)
        except QuitGame:
            self.loaded.table = table.record()
            raise
        # How it went is the game's to say: its lines, shown at the end of the sitting.
        self.loaded.campaign, _ = self.campaigns.campaign_record(self.loaded.campaign, table.state)
        self.loaded.table = None

    def _table(self, awaited: CampaignGame) -> Table:
        """The awaited game, or the one left unfinished in the file if it is that one."""
        record = self.loaded.table
        if (
            record is not None
            and record.config == dict(awaited.config)
            and record.seed == awaited.seed
            and record.setup == (dict(awaited.setup) if awaited.setup is not None else None)
        ):
            return replay(record)
        return Table(self.loaded.game, awaited.config, awaited.seed, awaited.setup)

    def _screen(self) -> TerminalScreen:
        terminal = capability(self.loaded.game, TerminalTable)
        if terminal is None:
            raise game_flags.UsageProblem(
                TEXT.text(self.lang, "no_terminal", game=self.loaded.game.name)
            )
        return terminal.terminal_screen(self.console, self.prompt, self.lang)


def _numbers(line: str, count: int, *, several: bool) -> list[int] | None:
    """Option indices (from 0) from typed numbers; None when the line is not that."""
    if several and line.strip() == "-":
        return []
    parts = _split(line)
    if not parts or not all(p.isdigit() and 1 <= int(p) <= count for p in parts):
        return None
    if not several and len(parts) != 1:
        return None
    return [int(p) - 1 for p in parts]


def _described(choice: CampaignChoice, action: Action, lang: str) -> str:
    value = action.get(choice.argument)
    chosen = list(value) if isinstance(value, list | tuple) else [value]
    labels = {json.dumps(o.value): o.label for o in choice.options}
    words = [labels.get(json.dumps(v), str(v)) for v in chosen]
    return "; ".join(words) if words else TEXT.text(lang, "none")


def _show(
    console: Console, campaigns: Campaigns[Any], campaign: dict[str, Any], viewer: Viewer, lang: str
) -> None:
    for line in campaigns.campaign_lines(campaign, viewer, lang):
        console.print(line, soft_wrap=True)


def add_commands(tavola: typer.Typer) -> None:
    tavola.add_typer(app, name="campaign")
