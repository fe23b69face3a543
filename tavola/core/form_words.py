"""The words a game's new-table form shows, and the game's catalogue that must hold them.

The lobby builds the form from the JSON schema of `TableBuilder.TableOptions` (under
`form.`) and `SeatOptions` (under `form.seat.`): each field has a label and each value of
a choice its own words, looked up in the game's browser catalogue
(`GameInfo.web / "i18n" / <lang>.json`) as `form.<field>` and `form.<field>.<value>`."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from pydantic import BaseModel


def resolve(prop: dict[str, Any], root: dict[str, Any]) -> dict[str, Any]:
    """As the lobby's fields.js does: `$ref` followed, `anyOf` with null made its kind."""
    if "anyOf" in prop:
        kinds = [k for k in prop["anyOf"] if k.get("type") != "null"]
        prop = {**resolve(kinds[0], root), **{k: v for k, v in prop.items() if k != "anyOf"}}
    if "$ref" in prop:
        target = root["$defs"][prop["$ref"].split("/")[-1]]
        prop = {**resolve(target, root), **{k: v for k, v in prop.items() if k != "$ref"}}
    return prop


def form_keys(schema: dict[str, Any], prefix: str) -> Iterator[str]:
    """The words a form built from `schema` shows: each field's, and each value's."""

    def walk(props: dict[str, Any], path: str) -> Iterator[str]:
        for name, raw in props.items():
            prop = resolve(raw, schema)
            key = f"{prefix}.{path}{name}"
            yield key
            yield from (f"{key}.{value}" for value in prop.get("enum", []))
            if prop.get("properties"):
                yield from walk(prop["properties"], f"{path}{name}.")

    yield from walk(schema.get("properties", {}), "")


def table_form_keys(options: type[BaseModel], seat_options: type[BaseModel]) -> list[str]:
    """Every word the new-table form of a game with these options shows."""
    return [
        *form_keys(options.model_json_schema(), "form"),
        *form_keys(seat_options.model_json_schema(), "form.seat"),
    ]


def read_catalogue(web: Path, lang: str) -> dict[str, str]:
    """A game's (or the shell's) catalogue in `lang`, a page's block (`"roster": {...}`)
    flattened to `roster.<key>`; empty when there is none in that language."""
    path = web / "i18n" / f"{lang}.json"
    if not path.is_file():
        return {}
    flat: dict[str, str] = {}
    for key, value in json.loads(path.read_text(encoding="utf-8")).items():
        if isinstance(value, dict):
            flat.update({f"{key}.{inner}": text for inner, text in value.items()})
        else:
            flat[key] = value
    return flat
