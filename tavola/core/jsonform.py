"""The one canonical JSON form used for hashing, persisting and comparing game data."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

Json = Any
"""A value made of dicts, lists, str, int, float, bool and None."""


def canonical_json(value: Json) -> str:
    """Sorted keys, no spaces, UTF-8 kept: equal data gives equal text."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def digest(value: Json) -> str:
    """SHA-256 hex of the canonical JSON of `value`."""
    return hashlib.sha256(canonical_json(value).encode("utf-8")).hexdigest()


def freeze(value: Json) -> Json:
    """A deep read-only copy (lists become tuples, mappings read-only views), so that the
    value can be shared safely."""
    if isinstance(value, Mapping):
        return MappingProxyType({str(k): freeze(v) for k, v in value.items()})
    if isinstance(value, list | tuple):
        return tuple(freeze(v) for v in value)
    return value


def thaw(value: Json) -> Json:
    """The JSON-ready twin of `freeze`: tuples back to lists, mappings to dicts."""
    if isinstance(value, Mapping):
        return {k: thaw(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [thaw(v) for v in value]
    return value
