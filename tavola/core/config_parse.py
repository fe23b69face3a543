"""A game's options validated into its config model: a bad one is the `ConfigError`
`invalid_option` naming its field as the options write it (`players[0].age`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from .errors import ConfigError

M = TypeVar("M", bound=BaseModel)


def field_name(loc: tuple[int | str, ...]) -> str:
    """pydantic's location of a problem as the options write it: `players[0].age`."""
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def validated_options(
    model: type[M], data: Mapping[str, Any] | BaseModel, *, counted: bool = False
) -> M:
    """`data` as a `model` (as it is when it is one already); the first problem raises
    `invalid_option` (with `counted`, saying how many more there are)."""
    if isinstance(data, model):
        return data
    raw = data.model_dump() if isinstance(data, BaseModel) else dict(data)
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        problems = exc.errors()
        field = field_name(tuple(problems[0]["loc"]))
        message = f"{field}: {problems[0]['msg']}"
        if counted and len(problems) > 1:
            message += f" (and {len(problems) - 1} more)"
        raise ConfigError("invalid_option", message, field=field) from None
