"""What a game's declaration must make true before it is registered, each problem said in a
sentence: the registry refuses a game with any (`registry`), and the conformance suite
starts from them (`conformance.check_declaration`). Cheap checks only: no table is played.
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from .base_game import HIDING_MEMBERS, keeps_default
from .capabilities import CAPABILITIES, GENERIC_BOTS, HUMAN, TableBuilder, capability, implemented
from .form_words import read_catalogue, table_form_keys
from .protocol import Game
from .rules_files import rules_problems


def declaration_problems(game: Game[Any]) -> list[str]:
    """Every way `game`'s declaration (`GameInfo`) is not true of the game, one sentence each."""
    info, name = game.info, game.name
    problems: list[str] = []
    if info.name != name:
        problems.append(f"{name}: its declaration is named {info.name}")
    # A name the kernel does not know is a feature's, checked once that feature is loaded
    # (the features register theirs: `add_capability`).
    known = [name for name in info.capabilities if name in CAPABILITIES]
    declared, offered = tuple(sorted(known)), implemented(game)
    if declared != offered:
        problems.append(f"{name}: declares {declared} but implements {offered}")
    if not 1 <= info.min_seats <= info.max_seats:
        problems.append(f"{name}: seat range {info.min_seats}–{info.max_seats}")
    if unknown := set(info.seat_kinds) - {HUMAN, *GENERIC_BOTS, *info.automata}:
        problems.append(f"{name}: unknown seat kinds {sorted(unknown)}")
    for lang in info.languages:
        if not (info.title.get(lang) and info.description.get(lang)):
            problems.append(f"{name}: no title or description in {lang}")
    problems += _hiding_problems(game)
    problems += _mode_problems(game)
    problems += _form_word_problems(game)
    problems += rules_problems(info)
    return problems


def _hiding_problems(game: Game[Any]) -> list[str]:
    """A `BaseGame` of imperfect information hides what its rules hide, which the defaults
    (written for perfect information) do not."""
    if game.info.information != "imperfect":
        return []
    kept = [member for member in HIDING_MEMBERS if keeps_default(game, member)]
    if not kept:
        return []
    return [
        f"{game.name} declares imperfect information but keeps BaseGame's "
        f"{', '.join(kept)}, which hide nothing: write them so that each seat is shown, and "
        "guesses, only what it may see (or declare information='perfect')"
    ]


def _mode_problems(game: Game[Any]) -> list[str]:
    """Every declared mode is an option the shell may pass: `{"mode": m}` as the table's
    options (`TableBuilder.TableOptions`), or as the config of a game that builds no tables
    (`tavola play --mode`, `simulate --mode`, `bench --mode` and the lobby all do)."""
    builder = capability(game, TableBuilder)
    model = builder.TableOptions if builder is not None else game.Config
    where = "table options" if builder is not None else "Config"
    problems = []
    for mode in game.info.modes:
        try:
            model.model_validate({"mode": mode})
        except ValidationError as exc:
            first = exc.errors()[0]
            field = ".".join(str(part) for part in first["loc"]) or "config"
            problems.append(
                f"{game.name} declares the mode '{mode}' but its {where} refuse "
                f'{{"mode": "{mode}"}} ({field}: {first["msg"]}): add a `mode` field '
                "that accepts each declared mode, with defaults for the other fields"
            )
    return problems


def _form_word_problems(game: Game[Any]) -> list[str]:
    """A game with a browser table has words for every field and value of its new-table
    form in every language it declares (the lobby would otherwise show raw keys)."""
    builder = capability(game, TableBuilder)
    web = game.info.web
    if builder is None or web is None:
        return []
    keys = table_form_keys(builder.TableOptions, builder.SeatOptions)
    problems = []
    for lang in game.info.languages:
        words = read_catalogue(web, lang)
        if missing := [key for key in keys if key not in words]:
            problems.append(
                f"{game.name}'s catalogue {web.name}/i18n/{lang}.json has no words for "
                f"{', '.join(missing)}: the new-table form shows each option by them"
            )
    return problems
