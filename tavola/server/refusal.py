"""A refused request: what every route answers instead of a traceback."""

from __future__ import annotations

from typing import Any


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
        return {"code": self.code, "message": self.message, **self.extra}
