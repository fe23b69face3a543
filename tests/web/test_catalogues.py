"""The browser's catalogues: the shell's (tavola/web/i18n) and each game's own
(tavola/games/<game>/web/i18n) have the same keys and placeholders in Italian and English,
every key the pages and the table modules name is there, and every option, value and seat
kind a game's new-table form shows has its words."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tavola.core import game_names, get_game
from tavola.core.capabilities import TableBuilder, capability
from tavola.core.form_words import read_catalogue, table_form_keys

WEB = Path(__file__).resolve().parents[2] / "tavola" / "web"
LANGS = ("it", "en")
WITH_TABLES = [n for n in game_names() if get_game(n).info.web is not None]


def read(folder: Path, lang: str) -> dict[str, str]:
    """A catalogue's keys; a page's block (`"roster": {...}`) as `roster.<key>`."""
    words = read_catalogue(folder, lang)
    assert words, f"{folder} has no catalogue in {lang}"
    return words


def folder_of(game: str) -> Path:
    web = get_game(game).info.web
    assert web is not None
    return web


def placeholders(text: str) -> set[str]:
    return set(re.findall(r"\{(\w+)\}", text))


@pytest.mark.parametrize("folder", [WEB, *map(folder_of, WITH_TABLES)], ids=str)
def test_both_languages_have_the_same_keys_and_placeholders(folder: Path) -> None:
    it, en = read(folder, "it"), read(folder, "en")
    assert sorted(set(it) ^ set(en)) == []
    for key in it:
        assert it[key].strip() and en[key].strip(), key
        assert placeholders(it[key]) == placeholders(en[key]), key


def keys_in(paths: list[Path]) -> set[str]:
    """Every literal key: t("…"), tg(game, "…"), data-i18n*="…", dataset.i18n = "…", and
    the shell's helpers that take a key last (words(…, "…"))."""
    found: set[str] = set()
    for path in paths:
        source = path.read_text(encoding="utf-8")
        found |= set(re.findall(r"""\bt\(\s*["']([\w.]+)["']""", source))
        found |= set(re.findall(r"""\btg\(\s*\w+,\s*["']([\w.]+)["']""", source))
        found |= set(re.findall(r'data-i18n(?:-label|-placeholder|-title)?="([\w.]+)"', source))
        found |= set(re.findall(r"""dataset\.i18n\s*=\s*["']([\w.]+)["']""", source))
        found |= set(re.findall(r"""\bwords\([^()]*,\s*["']([\w.]+)["']\)""", source))
    return found


def test_every_key_the_shell_uses_is_in_its_catalogue() -> None:
    used = keys_in([*WEB.glob("*.html"), *WEB.glob("js/*.js")])
    assert len(used) > 60  # the scan itself works
    assert sorted(used - set(read(WEB, "en"))) == []


@pytest.mark.parametrize("game", WITH_TABLES)
def test_every_key_a_table_module_uses_is_in_a_catalogue(game: str) -> None:
    folder = folder_of(game)
    used = keys_in(list(folder.glob("*.js")))
    assert used  # the scan itself works
    assert sorted(used - set(read(folder, "en")) - set(read(WEB, "en"))) == []


def test_the_shell_names_no_game() -> None:
    """What the shell shows of a game comes from the game: no page, script, stylesheet or
    catalogue of the shell names one (its DECISIONS.md may tell the history)."""
    words = re.compile(r"legends|trono|boss|card_faces|strappa", re.IGNORECASE)
    files = [p for p in WEB.rglob("*") if p.is_file() and p.name != "DECISIONS.md"]
    assert files
    named = [f"{p}: {m}" for p in files for m in words.findall(p.read_text(errors="ignore"))]
    assert named == []


# -- the new-table form --------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", WITH_TABLES)
def test_every_option_of_the_form_has_its_words(game: str, lang: str) -> None:
    builder = capability(get_game(game), TableBuilder)
    assert builder is not None
    words = read(folder_of(game), lang)
    keys = table_form_keys(builder.TableOptions, builder.SeatOptions)
    assert sorted(k for k in keys if k not in words) == []


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", WITH_TABLES)
def test_every_seat_kind_and_mode_has_its_words(game: str, lang: str) -> None:
    info = get_game(game).info
    words = {**read(WEB, lang), **read(folder_of(game), lang)}
    keys = [f"form.seat.{k}" for k in info.seat_kinds] + [f"form.mode.{m}" for m in info.modes]
    assert sorted(k for k in keys if k not in words) == []


def test_the_shells_japanese_covers_the_replay_a_japanese_table_links_to() -> None:
    # League's end dialog opens the replay, which speaks the table's languages.
    english = {k for k in read(WEB, "en") if k.startswith("replay.")}
    assert english and english <= set(read(WEB, "ja"))
