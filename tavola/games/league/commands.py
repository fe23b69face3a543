"""`tavola league`: the roster app's checks at the command line, contributed through the
`tavola.commands` entry point group. `team validate FILE` and `deck validate FILE` list
every problem (R1–R5) with the spec's code and a sentence in the chosen language, and exit
1 when there is one; `lineup show FILE` prints a lineup in words. FILE is a lineup file
(`lineup_file.py`); `lineup show` also takes a preset id."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from tavola.core import IllegalAction

from .config import LeagueConfig
from .content import starter
from .lineup import Malformed, eff_cost, lineup_problems
from .lineup_file import LineupFile, read_lineup_file
from .messages import text

app = typer.Typer(help="Legend.a.League: check teams and decks, show a lineup.")
team_app = typer.Typer(help="Teams of 7 legends (R1–R4).")
deck_app = typer.Typer(help="Decks of tactic and support cards (R5).")
lineup_app = typer.Typer(help="Whole lineups: team, gimmick stage and deck.")
app.add_typer(team_app, name="team")
app.add_typer(deck_app, name="deck")
app.add_typer(lineup_app, name="lineup")
console = Console(highlight=False, soft_wrap=True)

TEAM_CODES = frozenset(
    {
        "TEAM_SIZE",
        "DUPLICATE_LEGEND",
        "TEAM_COST_EXCEEDED",
        "ABILITY_ATTRIBUTE_MISMATCH",
        "DUPLICATE_ABILITY",
        "ABILITY_SLOTS_EXCEEDED",
        "UNKNOWN_LEGEND",
        "UNKNOWN_ABILITY",
        "UNKNOWN_GIMMICK",
    }
)
DECK_CODES = frozenset({"DECK_TOO_SMALL", "DECK_TOO_LARGE", "TOO_MANY_COPIES", "UNKNOWN_CARD"})
LANGS = ("it", "en", "ja")

FileArg = Annotated[Path, typer.Argument(metavar="FILE", help="A lineup file (TOML or JSON).")]
LangOption = Annotated[str, typer.Option(help="ja, en or it.")]


def _lang(lang: str) -> str:
    if lang not in LANGS:
        raise typer.BadParameter(f"--lang is ja, en or it, not {lang}")
    return lang


def say(lang: str, key: str, **params: Any) -> str:
    return text(lang, f"command.{key}", **params)


def counted(lang: str, key: str, n: int, **params: Any) -> str:
    """`key.one` or `key.other` by `n`."""
    return say(lang, f"{key}.{'one' if n == 1 else 'other'}", n=n, **params)


def _read(path: Path, lang: str) -> LineupFile:
    try:
        return read_lineup_file(path)
    except IllegalAction as exc:
        console.print(f"{exc.code}: {exc.localized(lang)}")
        raise typer.Exit(1) from None


def _problems(raw: dict[str, Any], codes: frozenset[str], lang: str) -> list[str]:
    """Every problem of `raw` among `codes`, one line each: `CODE: sentence`."""
    try:
        _, problems = lineup_problems(raw, starter(), LeagueConfig())
    except Malformed as exc:
        line = text(lang, "error.MALFORMED_ACTION", field=exc.field, reason=exc.reason)
        return [f"MALFORMED_ACTION: {line}"]
    return [f"{p.code}: {p.message(lang)}" for p in problems if p.code in codes]


def _report(lines: list[str], ok: str) -> None:
    for line in lines:
        console.print(line)
    if lines:
        raise typer.Exit(1)
    console.print(ok)


@team_app.command("validate")
def team_validate(file: FileArg, lang: LangOption = "it") -> None:
    """Check a team (its 7 legends, their abilities, the gimmick stage's cost): every
    problem with its code; exit 1 when there is one."""
    lang = _lang(lang)
    lineup = _read(file, lang)
    if "team" not in lineup.raw:
        _report([f"MALFORMED_ACTION: {say(lang, 'no_team', path=str(file))}"], "")
    raw = {"team": lineup.raw["team"], "gimmick": lineup.raw.get("gimmick", "none"), "deck": []}
    lines = _problems(raw, TEAM_CODES, lang)
    if lines:
        _report(lines, "")
    total, cap = _team_cost(raw), LeagueConfig().team_cost_cap
    console.print(say(lang, "team_ok", n=len(raw["team"]), total=total, cap=cap))


@deck_app.command("validate")
def deck_validate(file: FileArg, lang: LangOption = "it") -> None:
    """Check a deck (its size, the copies of each card): every problem with its code; exit
    1 when there is one."""
    lang = _lang(lang)
    lineup = _read(file, lang)
    if "deck" not in lineup.raw:
        _report([f"MALFORMED_ACTION: {say(lang, 'no_deck', path=str(file))}"], "")
    raw = {"team": [], "gimmick": "none", "deck": lineup.raw["deck"]}
    lines = _problems(raw, DECK_CODES, lang)
    _report(lines, say(lang, "deck_ok", n=len(raw["deck"])))


def _team_cost(raw: dict[str, Any]) -> int:
    content, config = starter(), LeagueConfig()
    lineup, _ = lineup_problems(raw, content, config)
    assert lineup is not None
    return sum(eff_cost(content.legends[e.legend_id], lineup.gimmick, config) for e in lineup.team)


@lineup_app.command("show")
def lineup_show(
    file: Annotated[
        str, typer.Argument(metavar="FILE", help="A lineup file (TOML or JSON), or a preset id.")
    ],
    lang: LangOption = "it",
) -> None:
    """A lineup in words: its team with each legend's abilities, its gimmick stage and its
    deck, then any problem it has."""
    lang = _lang(lang)
    content = starter()
    if file in content.presets:
        preset = content.presets[file]
        name, raw = preset.names.get(lang), preset.lineup.to_json()
    else:
        read = _read(Path(file), lang)
        name, raw = read.name, {"gimmick": "none", "team": [], "deck": [], **read.raw}
    for line in lineup_lines(name, raw, lang):
        console.print(line)
    problems = _problems(raw, TEAM_CODES | DECK_CODES, lang)
    if problems:
        console.print(say(lang, "problems"))
        for line in problems:
            console.print(f"  {line}")
        raise typer.Exit(1)


def lineup_lines(name: str, raw: dict[str, Any], lang: str) -> list[str]:
    """The lineup's readable text form (ids it does not know are shown as they are)."""
    content, config = starter(), LeagueConfig()
    gimmick = str(raw.get("gimmick", "none"))
    word = text(lang, f"word.gimmick.{gimmick}") if gimmick in GIMMICK_WORDS else gimmick
    lines = [say(lang, "title", name=name, gimmick=word)]
    entries = [
        e if isinstance(e, dict) else {"legend_id": e, "abilities": None} for e in raw["team"]
    ]
    team_lines, total = [], 0
    for number, entry in enumerate(entries, 1):
        legend = content.legends.get(str(entry.get("legend_id")))
        if legend is None:
            team_lines.append(f"  {number}. {entry.get('legend_id')}")
            continue
        abilities = entry.get("abilities")
        ids = legend.default_abilities if abilities is None else abilities
        said = [
            counted(lang, "ability", a.slots, name=a.names.get(lang))
            if (a := content.abilities.get(str(i)))
            else str(i)
            for i in ids
        ]
        cost = eff_cost(legend, gimmick, config)
        total += cost
        team_lines.append(
            say(
                lang,
                "legend",
                number=number,
                name=legend.names.get(lang),
                attribute=text(lang, f"word.attribute.{legend.attribute}"),
                cost=cost,
                dv=legend.dv,
                abilities=text(lang, "tell.list_separator").join(said) or "–",
            )
        )
    lines.append(counted(lang, "team", len(entries), total=total, cap=config.team_cost_cap))
    lines += team_lines
    deck = [str(c) for c in raw["deck"]]
    lines.append(counted(lang, "deck", len(deck)))
    for card_id, copies in Counter(deck).items():
        card = content.cards.get(card_id)
        if card is None:
            lines.append(f"  {copies} × {card_id}")
            continue
        kind = text(lang, f"word.kind.{card.kind}")
        if card.window is not None:
            kind = text(
                lang, "screen.tactic_window", kind=kind, window=text(lang, f"word.{card.window}")
            )
        lines.append(
            say(
                lang,
                "card",
                copies=copies,
                name=card.names.get(lang),
                kind=kind,
                cost=card.cost,
                text=card.texts.get(lang),
            )
        )
    return lines


GIMMICK_WORDS = ("none", "galaxy", "brackish_lake", "purgatory")
