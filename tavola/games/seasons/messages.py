"""Player-facing text of the engine (i18n/en.toml, i18n/it.toml): refusals under `[error]`
(§6, the spec's English sentences), prompts under `[prompt]`, small words under `[word]`.

A parameter may itself be a `Phrase` (a key and its parameters): it is put into each
language's sentence in that language (a prompt quoted by `PROMPT_PENDING`, a kind of value).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tavola.core import IllegalAction, Messages

MESSAGES = Messages.load(Path(__file__).parent / "i18n")


@dataclass(frozen=True, slots=True)
class Phrase:
    key: str
    params: dict[str, Any] = field(default_factory=dict)


def text(lang: str, key: str, **params: Any) -> str:
    """The text `key` in `lang`; a `.one`/`.other` pair agrees with the parameter `n`."""
    rendered = {k: _render(lang, v) for k, v in params.items()}
    if not MESSAGES.has(key) and MESSAGES.has(f"{key}.other"):
        n = params.get("n")
        key = f"{key}.one" if isinstance(n, int) and abs(n) == 1 else f"{key}.other"
    return MESSAGES.text(lang, key, **rendered)


def _render(lang: str, value: Any) -> Any:
    if isinstance(value, Phrase):
        return text(lang, value.key, **value.params)
    return value


def refuse(code: str, key: str | None = None, /, **params: Any) -> IllegalAction:
    """The refusal `code` (§6) in English and Italian; `key` picks another sentence of the
    same code (`error.<key>`)."""
    name = f"error.{key or code}"
    return IllegalAction(code, text("en", name, **params), message_it=text("it", name, **params))


def prompt_phrase(prompt: dict[str, Any]) -> Phrase:
    """What a prompt asks, as a phrase (never naming a hidden card, §8)."""
    kind = prompt["kind"]
    if kind == "name_cards":
        return Phrase(f"prompt.{prompt['purpose']}", {"n": prompt["count"]})
    if kind == "amount":
        return Phrase("prompt.amount", {"n": prompt["max"]})
    if kind == "prelude_assign":
        return Phrase("prompt.prelude_assign", {"round": prompt["round"]})
    return Phrase(f"prompt.{prompt['text_key']}", dict(prompt.get("params", {})))
