"""Player-facing text in several languages: one TOML catalogue per language and game."""

from __future__ import annotations

import string
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from .errors import IllegalAction

LANGUAGES = ("it", "en")
DEFAULT_LANGUAGE = "it"


def _flatten(table: Mapping[str, Any], prefix: str = "") -> dict[str, str]:
    flat: dict[str, str] = {}
    for key, value in table.items():
        name = f"{prefix}{key}"
        if isinstance(value, Mapping):
            flat.update(_flatten(value, name + "."))
        else:
            flat[name] = str(value)
    return flat


class _Lenient(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


class Messages:
    """Templates keyed by dotted names (`error.already_submitted`, `event.clash_won`)."""

    def __init__(self, catalogues: Mapping[str, Mapping[str, str]]) -> None:
        self.catalogues = {lang: dict(table) for lang, table in catalogues.items()}

    @classmethod
    def load(cls, directory: Path) -> Messages:
        catalogues = {}
        for path in sorted(directory.glob("*.toml")):
            with path.open("rb") as fh:
                catalogues[path.stem] = _flatten(tomllib.load(fh))
        return cls(catalogues)

    def has(self, key: str, lang: str = "en") -> bool:
        return key in self.catalogues.get(lang, {})

    def text(self, lang: str, key: str, **params: Any) -> str:
        template = self.catalogues.get(lang, {}).get(key) or self.catalogues["en"].get(key)
        if template is None:
            return key
        return string.Formatter().vformat(template, (), _Lenient(params))

    def illegal(self, code: str, **params: Any) -> IllegalAction:
        """The refusal `code` with its English and Italian sentences."""
        key = f"error.{code}"
        return IllegalAction(
            code, self.text("en", key, **params), message_it=self.text("it", key, **params)
        )

    def missing_keys(self) -> dict[str, set[str]]:
        """Per language, the keys some other language has and it lacks."""
        every = set().union(*(set(t) for t in self.catalogues.values()))
        return {lang: every - set(table) for lang, table in self.catalogues.items()}
