"""`tavola tournament FILE`: a tournament of any game with `TournamentRules`, people at the
terminal and bots, from a file of entrants and options (TOML or JSON). Every game is
played here in turn; a state file written after each game lets an interrupted tournament
carry on where it stopped (the game under way starts again, from the same seed).

The file: `game`, optional `seed`, a `[tournament]` table (the format's options and the
game's) and one `[[entrants]]` table per entrant: `name`, `kind` (`human` or a bot:
random, reference, greedy, ismcts:N), optional `rating`, and `registration`, what the
entrant brings to every game as the game's registration model says."""

from __future__ import annotations

import json
import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any

import typer
from pydantic import ValidationError
from rich.console import Console

from tavola.bots import make_bot
from tavola.cli.prompt import Prompt
from tavola.cli.simulate import catalog_options
from tavola.cli.sitting import bots_for, play_out
from tavola.core import (
    Game,
    Table,
    TavolaError,
    get_game,
)
from tavola.core.capabilities import (
    HUMAN,
    CardTuning,
    QuitGame,
    TerminalPrompt,
    TerminalTable,
    capability,
)
from tavola.core.rng import new_secret
from tavola.features.tournaments import show
from tavola.features.tournaments.format import (
    Entrant,
    TableGame,
    Tournament,
    forfeit_places,
    new_tournament,
    parse_game_options,
    pending,
    public_view,
    record,
    register,
    start,
)
from tavola.features.tournaments.protocol import TournamentRules

FILE_KEYS = frozenset({"game", "seed", "tournament", "entrants"})
TEXT = {
    "it": {
        "no_rules": "{game} non ha tornei.",
        "bad_file": "{path}: {problem}",
        "refused": "{name}: iscrizione rifiutata. {message}",
        "seed": "seme del torneo {seed}",
        "saved": "Torneo salvato in {path}: rilancia lo stesso comando per continuare.",
        "resumed": "Riprendo il torneo salvato in {path}.",
        "game": "Partita {game}: {names}",
        "ready": "{name}, premi Invio per cominciare la partita {game}",
        "no_person": "{game} non si può giocare al terminale: al tavolo ci sono persone.",
    },
    "en": {
        "no_rules": "{game} has no tournaments.",
        "bad_file": "{path}: {problem}",
        "refused": "{name}: registration refused. {message}",
        "seed": "tournament seed {seed}",
        "saved": "Tournament saved to {path}: run the same command again to carry on.",
        "resumed": "Carrying on the tournament saved in {path}.",
        "game": "Game {game}: {names}",
        "ready": "{name}, press Enter to start game {game}",
        "no_person": "{game} cannot be played at the terminal, and people sit at this table.",
    },
}


def say(lang: str, key: str, **params: Any) -> str:
    return TEXT.get(lang, TEXT["en"])[key].format(**params)


class Problem(Exception):
    """A file the command cannot use: printed, exit status 2."""


def tournament(
    file: Annotated[Path, typer.Argument(help="Entrants and options (TOML or JSON).")],
    state: Annotated[
        Path | None,
        typer.Option(help="State file (default: FILE's name with .state.json, here)."),
    ] = None,
    restart: Annotated[
        bool, typer.Option("--restart", help="Start again, ignoring a saved state.")
    ] = False,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the result as JSON instead of tables.")
    ] = False,
    seed: Annotated[int | None, typer.Option(help="The tournament's seed.")] = None,
    no_show_after: Annotated[
        float | None,
        typer.Option(help="Seconds a person has to start each game before losing it by forfeit."),
    ] = None,
    lang: Annotated[str, typer.Option(help="it or en.")] = "it",
    catalog: Annotated[
        str | None,
        typer.Option(
            "--catalog",
            help="A catalogue id or file the games play (a balance proposal), for a game"
            " with catalogues; read once, kept in the state file.",
        ),
    ] = None,
) -> None:
    """Run a tournament: bots play on their own, people at this terminal; prints every round
    as it ends, then the bracket or the rounds and the final standings."""
    console = Console(highlight=False)
    state_path = state or Path(f"{file.stem}.state.json")
    try:
        if state_path.exists() and not restart:
            game, t = load_state(state_path)
            if not as_json:
                console.print(say(lang, "resumed", path=state_path))
        else:
            game, t = from_file(file, seed, lang, console, quiet=as_json, catalog=catalog)
            save_state(state_path, game, t)
    except Problem as exc:
        console.print(f"[red]{exc}[/]")
        raise typer.Exit(2) from None
    runner = Runner(game, t, console, Prompt(console), lang, no_show_after, quiet=as_json)
    try:
        runner.run(lambda: save_state(state_path, game, t))
    except QuitGame:
        save_state(state_path, game, t)
        console.print(say(lang, "saved", path=state_path))
        raise typer.Exit(1) from None
    except Problem as exc:
        console.print(f"[red]{exc}[/]")
        raise typer.Exit(2) from None
    view = public_view(t)
    if as_json:
        typer.echo(json.dumps(view, ensure_ascii=False, indent=1))
        return
    show.show_standings(console, view, lang)


def _rules(game: Game[Any], lang: str) -> TournamentRules[Any]:
    rules = capability(game, TournamentRules)
    if rules is None:
        raise Problem(say(lang, "no_rules", game=game.name))
    return rules


def read_file(path: Path) -> dict[str, Any]:
    try:
        text = path.read_text(encoding="utf-8")
        data = json.loads(text) if path.suffix == ".json" else tomllib.loads(text)
    except (OSError, ValueError) as exc:
        raise Problem(f"{path}: {exc}") from None
    if not isinstance(data, dict):
        raise Problem(f"{path}: not a table of options")
    unknown = sorted(set(data) - FILE_KEYS)
    if unknown or "game" not in data:
        raise Problem(f"{path}: needs 'game'; allowed keys: {', '.join(sorted(FILE_KEYS))}")
    return data


def from_file(
    path: Path,
    seed: int | None,
    lang: str,
    console: Console,
    *,
    quiet: bool,
    catalog: str | None = None,
) -> tuple[Game[Any], Tournament]:
    """A started tournament from the file: options checked, every entrant registered;
    `catalog` (an id or a file) replaces the file's catalogue."""
    data = read_file(path)
    try:
        game = get_game(str(data["game"]))
        rules = _rules(game, lang)
        options = data.get("tournament", {})
        if not isinstance(options, Mapping):
            raise Problem(f"{path}: 'tournament' is a table of options")
        if catalog is not None:
            options = {**options, **catalog_options(game, catalog)}
        if not quiet and (tuning := capability(game, CardTuning)) is not None:
            console.print(f"catalogue {tuning.catalog_label(options)}")
        game_options = parse_game_options(rules.tournament_options(), options)
        if seed is None and "seed" in data:
            seed = int(data["seed"])
            if not quiet:
                console.print(say(lang, "seed", seed=seed))
        # No seed given: a secret, kept in the state file only (the games' seeds are
        # keyed by it; the screen everyone at the table sees never shows it).
        secret = new_secret() if seed is None else None
        t = new_tournament(
            options,
            seed,
            game_options.model_dump(mode="json"),
            secret=secret,
            rotate_opener=rules.rotates_opener(game_options),
            table_seats=rules.table_seats(),
        )
    except TavolaError as exc:
        raise Problem(f"{path}: {exc.localized(lang)}") from None
    entrants = data.get("entrants", [])
    if not isinstance(entrants, list):
        raise Problem(f"{path}: 'entrants' is a list of tables")
    for i, raw in enumerate(entrants):
        where = f"entrants[{i}]"
        try:
            entrant = Entrant.model_validate(raw)
            where += ".registration"
            read = rules.registration().model_validate(entrant.registration)
            entrant = entrant.model_copy(update={"registration": read.model_dump(mode="json")})
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(p) for p in (where, *first["loc"]))
            raise Problem(f"{path}: {where}: {first['msg']}") from None
        _check_kind(game, entrant, path)
        try:
            register(t, entrant, lambda e: rules.check_entrant(e, game_options))
        except TavolaError as exc:
            raise Problem(
                say(lang, "refused", name=entrant.name, message=exc.localized(lang))
            ) from None
    try:
        start(t)
    except TavolaError as exc:
        raise Problem(f"{path}: {exc.localized(lang)}") from None
    return game, t


def _check_kind(game: Game[Any], entrant: Entrant, path: Path) -> None:
    if entrant.kind == HUMAN:
        return
    try:
        make_bot(entrant.kind, game, 0, "P1")
    except ValueError as exc:
        raise Problem(f"{path}: {entrant.name}: {exc}") from None


def save_state(path: Path, game: Game[Any], t: Tournament) -> None:
    data = {"game": game.name, "tournament": t.model_dump(mode="json")}
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text(json.dumps(data, ensure_ascii=False) + "\n", encoding="utf-8")
    temporary.replace(path)  # never half a state file


def load_state(path: Path) -> tuple[Game[Any], Tournament]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        game = get_game(str(data["game"]))
        return game, Tournament.model_validate(data["tournament"])
    except (OSError, ValueError, KeyError, TypeError, TavolaError) as exc:
        raise Problem(f"{path}: {exc}") from None


@dataclass
class Runner:
    """Plays the tournament's games one after the other until it ends."""

    game: Game[Any]
    t: Tournament
    console: Console
    prompt: TerminalPrompt
    lang: str
    no_show_after: float | None
    quiet: bool = field(default=False, kw_only=True)
    rules: TournamentRules[Any] = field(init=False)
    options: Any = field(init=False)
    """The game's tournament options, as its model reads them."""

    def __post_init__(self) -> None:
        self.rules = _rules(self.game, self.lang)
        self.options = self.rules.tournament_options().model_validate(self.t.game_options)

    def run(self, saved: Callable[[], None]) -> None:
        if not self.quiet:
            self.console.print(show.heading(public_view(self.t), self.lang), style="bold")
        while self.t.phase == "playing":
            shown = sum(r.done for r in self.t.rounds)
            self.play(pending(self.t)[0])
            saved()
            if not self.quiet:
                view = public_view(self.t)
                for number in range(shown + 1, sum(r.done for r in self.t.rounds) + 1):
                    show.show_round(self.console, view, number, self.lang)

    def play(self, slot: TableGame) -> None:
        """One game: who shows up, then the game itself among those present."""
        entrants = [self.t.entrants[e] for e in slot.entrants]
        if not self.quiet or any(e.kind == HUMAN for e in entrants):
            names = " – ".join(e.name for e in entrants)
            self.console.print(say(self.lang, "game", game=slot.id, names=names))
        absent = self._absent(slot, entrants)
        present = [i for i in range(len(entrants)) if i not in absent]
        if len(present) < 2:
            places = forfeit_places(len(entrants), absent, {})
            record(self.t, slot.id, places, forfeits=[slot.entrants[i] for i in absent])
            return
        order = None
        if slot.order is not None:  # the order the match asks, among those present
            positions = [slot.entrants.index(e) for e in slot.order]
            order = [present.index(i) for i in positions if i in present]
        config = self.rules.tournament_table([entrants[i] for i in present], self.options, order)
        table = Table(self.game, config, slot.seed)
        self._play_table(table, [entrants[i] for i in present])
        result = self.rules.table_result(table.state)
        places = forfeit_places(
            len(entrants), absent, {i: p for i, p in zip(present, result.places, strict=True)}
        )
        played_order = [slot.entrants[present[i]] for i in result.order]
        record(
            self.t,
            slot.id,
            places,
            forfeits=[slot.entrants[i] for i in absent],
            order=played_order,
        )

    def _absent(self, slot: TableGame, entrants: Sequence[Entrant]) -> set[int]:
        """With a no-show limit, each person must answer within it."""
        if self.no_show_after is None:
            return set()
        absent = set()
        for i, entrant in enumerate(entrants):
            if entrant.kind != HUMAN:
                continue
            line = self.prompt.ask(
                say(self.lang, "ready", name=entrant.name, game=slot.id), self.no_show_after
            )
            if line is None:
                absent.add(i)
        return absent

    def _play_table(self, table: Table, entrants: Sequence[Entrant]) -> None:
        seats = self.game.seats(table.state)
        kinds = dict(zip(seats, (e.kind for e in entrants), strict=False))
        humans = [s for s, kind in kinds.items() if kind == HUMAN]
        players = bots_for(self.game, kinds, table.seed)
        if not humans:
            table.play(players)
            return
        terminal = capability(self.game, TerminalTable)
        if terminal is None:
            raise Problem(say(self.lang, "no_person", game=self.game.name))
        screen = terminal.terminal_screen(self.console, self.prompt, self.lang)
        players.update(screen.people(humans))
        play_out(table, players, screen, humans)


def add_commands(tavola: typer.Typer) -> None:
    tavola.command()(tournament)
