"""The one canonical JSON form used for hashing, persisting and comparing game data."""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

import orjson

Json = Any
"""A value made of dicts, lists, str, int, float, bool and None."""


def canonical_json(value: Json) -> str:
    """Sorted keys, no spaces, UTF-8 kept: equal data gives equal text."""
    fast = _written_by_orjson(value)
    return fast.decode("utf-8") if fast is not None else _written_by_python(value)


def digest(value: Json) -> str:
    """SHA-256 hex of the canonical JSON of `value`."""
    fast = _written_by_orjson(value)
    text = fast if fast is not None else _written_by_python(value).encode("utf-8")
    return hashlib.sha256(text).hexdigest()


def _written_by_python(value: Json) -> str:
    """The canonical form itself: every stored hash was made from this text."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _written_by_orjson(value: Json) -> bytes | None:
    """The same bytes, several times faster, when orjson writes them alike: keys that are
    strings, integers within 64 bits, no lone surrogate (else orjson refuses) and no float
    it would write otherwise; None when not. (Not-a-number and infinities are not JSON:
    data holding them has no canonical form either way.)"""
    try:
        text = orjson.dumps(value, option=orjson.OPT_SORT_KEYS)
    except TypeError:
        return None
    # Floats orjson writes unlike Python: plain below 1e-4 (Python uses an exponent
    # there) and with an exponent written otherwise. Found inside a string, these only
    # cost the slower way.
    if b"0.0000" in text or _has_exponent(text):
        return None
    return text


def _has_exponent(text: bytes) -> bool:
    # The sign after an "e" first: a search with a literal start, several times faster
    # than the full pattern; most texts (states, views) have no "e+" or "e-" at all.
    return _SIGNED_E.search(text) is not None and _EXPONENT.search(text) is not None


_EXPONENT = re.compile(rb"[0-9]e[+-]")
"""A number's exponent, as orjson writes one (one regular expression: state dumps hold
many "e-" inside words, which a loop in Python would visit one by one)."""
_SIGNED_E = re.compile(rb"e[+-]")


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
