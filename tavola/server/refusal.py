"""A refused request: what every route answers instead of a traceback."""

from __future__ import annotations

from typing import Any

from tavola.core.text import printable


class Refusal(Exception):
    """A refused request: an HTTP status, a stable code and a sentence (and extras such as
    the current view for a stale move)."""

    def __init__(self, status: int, code: str, message: str, **extra: Any) -> None:
        super().__init__(f"{code}: {message}")
        self.status = status
        self.code = code
        self.message = message
        self.extra = extra

    def to_json(self) -> dict[str, Any]:
        """The body answered: the message a sentence. Its texts may quote what a client
        sent: a lone surrogate there is replaced, since UTF-8 cannot carry it."""
        texts = {k: printable(v) for k, v in self.extra.items() if isinstance(v, str)}
        message = sentence(printable(self.message))
        return {"code": self.code, "message": message, **self.extra, **texts}


def sentence(text: str) -> str:
    """`text` ending as a sentence does (a model's messages do not)."""
    return text if text.endswith((".", "!", "?", "…")) else f"{text}."
