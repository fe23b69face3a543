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


SCALARS = frozenset({str, int, float, bool, type(None)})
FROZEN = SCALARS | {MappingProxyType}


def freeze(value: Json) -> Json:
    """A deep read-only copy (lists become tuples, mappings read-only views), so that the
    value can be shared safely."""
    if type(value) in SCALARS:  # the common case, without the slower ABC checks
        return value
    if type(value) is MappingProxyType:  # only `freeze` makes these: already frozen
        return value
    if type(value) is tuple and all(type(v) in FROZEN for v in value):
        return value
    if isinstance(value, dict | Mapping):
        return MappingProxyType(
            {str(k): v if type(v) in SCALARS else freeze(v) for k, v in value.items()}
        )
    if isinstance(value, list | tuple):
        return tuple(v if type(v) in SCALARS else freeze(v) for v in value)
    return value


def thaw(value: Json) -> Json:
    """The JSON-ready twin of `freeze`: tuples back to lists, mappings to dicts."""
    if type(value) in SCALARS:
        return value
    if isinstance(value, dict | Mapping):
        return {k: thaw(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [thaw(v) for v in value]
    return value
