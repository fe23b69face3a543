"""The browser table's share of the game's words and content (`web/i18n/<lang>.json`,
`web/content.json`), made from the content set and the i18n catalogues so that the page
names every legend, ability and card as the engine does. The page has no build step, so
the files are written here and committed; a test keeps them equal to what this makes.

    python -m tavola.games.league.web_words   # rewrites the generated keys, keeps the rest
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

from .content import starter

HERE = Path(__file__).parent
WEB = HERE / "web"
LANGS = ("ja", "en", "it")
MADE = ("legend.", "ability.", "ability_text.", "card.", "card_text.", "preset.", "word.")
"""The prefixes of the generated keys of a catalogue; every other key is written by hand."""
TABLES = ("tell.end", "screen")
"""Tables of the game's i18n catalogue the page says as they are (same `{placeholders}`)."""
SINGLE = ("tell.list_separator", "tell.list_last")
"""Single keys of it, likewise."""


def _flat(prefix: str, table: dict[str, Any]) -> dict[str, str]:
    out: dict[str, str] = {}
    for key, value in table.items():
        if isinstance(value, dict):
            out.update(_flat(f"{prefix}.{key}", value))
        else:
            out[f"{prefix}.{key}"] = str(value)
    return out


def _catalogue(lang: str) -> dict[str, Any]:
    with open(HERE / "i18n" / f"{lang}.toml", "rb") as file:
        return tomllib.load(file)


def made_words(lang: str) -> dict[str, str]:
    """Every generated key of `lang`'s web catalogue."""
    content = starter()
    words: dict[str, str] = {}
    for legend in content.legends.values():
        words[f"legend.{legend.legend_id}"] = legend.names.get(lang)
    for ability in content.abilities.values():
        words[f"ability.{ability.ability_id}"] = ability.names.get(lang)
        words[f"ability_text.{ability.ability_id}"] = ability.texts.get(lang)
    for card in content.cards.values():
        words[f"card.{card.card_id}"] = card.names.get(lang)
        words[f"card_text.{card.card_id}"] = card.texts.get(lang)
    for preset in content.presets.values():
        words[f"preset.{preset.preset_id}"] = preset.names.get(lang)
    catalogue = _catalogue(lang)
    words.update(_flat("word", catalogue["word"]))
    for name in TABLES:
        table: Any = catalogue
        for part in name.split("."):
            table = table[part]
        words.update(_flat(name, table))
    for name in SINGLE:
        first, second = name.split(".")
        words[name] = str(catalogue[first][second])
    return words


def is_made(key: str) -> bool:
    return (
        key.startswith(MADE) or key in SINGLE or any(key.startswith(f"{name}.") for name in TABLES)
    )


def content_data() -> dict[str, Any]:
    """What the page draws besides names: costs, damage values, kinds, roles, windows."""
    content = starter()
    return {
        "legends": {
            legend.legend_id: {"attribute": legend.attribute, "cost": legend.cost, "dv": legend.dv}
            for legend in content.legends.values()
        },
        "abilities": {
            ability.ability_id: {"attribute": ability.attribute, "slots": ability.slots}
            for ability in content.abilities.values()
        },
        "cards": {
            card.card_id: {
                "kind": card.kind,
                "cost": card.cost,
                "role": card.role,
                "window": card.window,
            }
            for card in content.cards.values()
        },
        "presets": {
            preset.preset_id: {
                "gimmick": preset.lineup.gimmick,
                "team": [entry.legend_id for entry in preset.lineup.team],
                "deck_size": len(preset.lineup.deck),
            }
            for preset in content.presets.values()
        },
    }


def updated(current: dict[str, Any], lang: str) -> dict[str, Any]:
    """`current` with its generated keys made anew (the hand-written ones kept, in order)."""
    kept = {k: v for k, v in current.items() if not is_made(k)}
    return {**kept, **made_words(lang)}


def dumped(data: dict[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def write() -> None:
    for lang in LANGS:
        path = WEB / "i18n" / f"{lang}.json"
        current = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
        path.write_text(dumped(updated(current, lang)), encoding="utf-8")
    (WEB / "content.json").write_text(dumped(content_data()), encoding="utf-8")


if __name__ == "__main__":
    write()
