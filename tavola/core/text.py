"""Text that every page, database and socket can carry. A Python string may hold a lone
surrogate (`json.loads` reads "\\ud800" into one) that UTF-8 cannot encode: options and
names holding one are refused where they are checked, and a message that quotes what a
client sent replaces them, so that no answer fails to render."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any

from pydantic import AfterValidator

NOT_UNICODE = "text must be valid Unicode (no lone surrogate such as \\ud800)"


def encodable(text: str) -> bool:
    """Whether UTF-8 can encode `text` (it holds no lone surrogate)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def lone_surrogate_in(value: Any, where: str = "") -> str | None:
    """The path (`a.b[2]`) of the first text in JSON-like `value`, key or string, that
    UTF-8 cannot encode; None when there is none."""
    if isinstance(value, str):
        return None if encodable(value) else where
    if isinstance(value, Mapping):
        for key, item in value.items():
            path = f"{where}.{key}" if where else str(key)
            if isinstance(key, str) and not encodable(key):
                return printable(path)
            found = lone_surrogate_in(item, path)
            if found is not None:
                return printable(found)
    elif isinstance(value, list | tuple):
        for i, item in enumerate(value):
            found = lone_surrogate_in(item, f"{where}[{i}]")
            if found is not None:
                return found
    return None


def printable(text: str) -> str:
    """`text` with each lone surrogate replaced by U+FFFD (pairs written as two
    surrogates become the character they spell)."""
    if encodable(text):
        return text
    return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")


def _checked_text(value: str) -> str:
    if not encodable(value):
        raise ValueError(NOT_UNICODE)
    return value


def _checked_json(value: Any) -> Any:
    where = lone_surrogate_in(value)
    if where is not None:
        raise ValueError(f"{where or 'value'}: {NOT_UNICODE}")
    return value


Text = Annotated[str, AfterValidator(_checked_text)]
"""A string field that refuses lone surrogates."""

UnicodeOnly = AfterValidator(_checked_json)
"""For a field of free JSON data (`Annotated[dict[str, Any], UnicodeOnly]`): refuses a
lone surrogate anywhere in it, naming where."""
