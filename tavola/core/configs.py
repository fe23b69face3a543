"""A game's config from what it is handed (its model, another model, a mapping), and the
refusal of a bad one under the game's own code."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from pydantic import BaseModel

from .errors import ConfigError

M = TypeVar("M", bound=BaseModel)

GivenConfig = Mapping[str, Any] | BaseModel
"""What a game is handed as its config: its model, another model, or plain data."""


def as_config(kind: type[M], data: GivenConfig) -> M:
    """`data` as the game's config model `kind`: as it is when it is one already, else
    validated (pydantic's `ValidationError` for the game to word)."""
    if isinstance(data, kind):
        return data
    raw = data.model_dump() if isinstance(data, BaseModel) else dict(data)
    return kind.model_validate(raw)


def config_refusal(code: str, field: str, why: str) -> ConfigError:
    """`CODE: field: why`, the same in every language; `code` is the reason code the
    game's rules give (`ConfigError.reason`)."""
    message = f"{code}: {field}: {why}"
    return ConfigError(code, message, field=field, message_it=message)
