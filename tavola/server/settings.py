"""Numbers read from the environment: a bad one is refused naming its setting."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TypeVar

N = TypeVar("N", int, float)


def number(environ: Mapping[str, str], name: str, default: N, kind: Callable[[str], N]) -> N:
    """`environ[name]` as `kind` (0 or more), else `default`; ValueError naming it."""
    text = environ.get(name)
    if text is None:
        return default
    try:
        value = kind(text.strip())
    except ValueError:
        raise ValueError(f"{name}: {text!r} is not a number") from None
    if not value >= 0:  # NaN too
        raise ValueError(f"{name}: {text!r} must be 0 (no limit) or more")
    return value
