"""The browser table's side of League: a lineup sent as JSON (a saved one) is accepted in
the game, and the page's words and figures are the content set's and the catalogues'."""

from __future__ import annotations

import json

from tavola.core import Action, Table, Viewer
from tavola.games.league.content import starter
from tavola.games.league.web_words import LANGS, WEB, content_data, dumped, made_words


def test_r6_a_lineup_sent_as_json_is_accepted_in_the_lineup_phase() -> None:
    table = Table("league", {"lineups": [None, "preset_a"]}, 3)
    lineup = starter().presets["preset_b"].lineup.to_json()
    # As the page sends it: JSON, read back into a (frozen) action.
    action = Action.from_json(json.loads(json.dumps({"type": "submit_lineup", **lineup})))
    events = table.act("0", action)
    assert [e.type for e in events][:1] == ["LINEUP_ACCEPTED"]
    assert table.view(Viewer.seat("0"))["seats"]["0"]["gimmick"] == lineup["gimmick"]


def test_web_catalogues_name_every_legend_ability_and_card_as_the_content_does() -> None:
    for lang in LANGS:
        catalogue = json.loads((WEB / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
        made = made_words(lang)
        stale = sorted(k for k, v in made.items() if catalogue.get(k) != v)
        assert not stale, f"{lang}: run python -m tavola.games.league.web_words ({stale[:5]})"


def test_web_content_figures_are_the_content_sets() -> None:
    assert (WEB / "content.json").read_text(encoding="utf-8") == dumped(content_data())


def test_web_catalogues_say_the_same_keys_in_every_language() -> None:
    keys = {}
    for lang in LANGS:
        catalogue = json.loads((WEB / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
        # A plural is one key however many forms its language has (Japanese: `other` only).
        keys[lang] = {k.removesuffix(".one").removesuffix(".other") for k in catalogue}
    assert keys["en"] == keys["it"] == keys["ja"]


def _catalogue(lang: str) -> dict[str, object]:
    return dict(json.loads((WEB / "i18n" / f"{lang}.json").read_text(encoding="utf-8")))


def test_glossary_the_japanese_table_calls_the_disposal_area_as_the_narration_does() -> None:
    # §2: 廃棄所 (disposal area); the board's count must not say 廃棄場 beside the log.
    words = [v for v in _catalogue("ja").values() if isinstance(v, str) and "廃棄" in v]
    assert words and all("廃棄場" not in v for v in words)


def test_a_japanese_lineup_line_keeps_its_parts_apart_from_the_names_dots() -> None:
    # Katakana names hold "・" (コメット・ランサー): the line's parts are not joined by it.
    line = str(_catalogue("ja")["table.lineup_line"])
    assert "}・{" not in line
    for part in ("{gimmick}", "{legends}", "{deck}"):
        assert part in line


def test_a_cards_line_is_joined_in_the_pages_language() -> None:
    dots = {lang: _catalogue(lang)["table.dot"] for lang in LANGS}
    assert dots["ja"] == "・" and dots["en"] == dots["it"] == " · "
