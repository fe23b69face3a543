"""A refused request: what every route answers instead of a traceback."""

from __future__ import annotations

from typing import Any

from tavola.core.errors import TavolaError
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

    @classmethod
    def of(cls, status: int, exc: TavolaError, **extra: Any) -> Refusal:
        """A game's or the core's error as refused: its sentence in English (`message`),
        Italian (`message_it`) and its further languages (`messages`, e.g. `{"ja": ...}`),
        each ending as a sentence does in its language."""
        if exc.messages:
            further = {k: sentence(printable(v), k) for k, v in exc.messages.items()}
            extra = {"messages": further, **extra}
        if exc.rule:
            extra = {"rule": exc.rule, **extra}  # the page links it to the rules page
        it = sentence(printable(exc.message_it), "it")
        return cls(status, exc.code, exc.message, message_it=it, **extra)

    def to_json(self) -> dict[str, Any]:
        """The body answered: the message a sentence. Its texts may quote what a client
        sent: a lone surrogate there is replaced, since UTF-8 cannot carry it."""
        texts = {k: printable(v) for k, v in self.extra.items() if isinstance(v, str)}
        message = sentence(printable(self.message))
        return {"code": self.code, "message": message, **self.extra, **texts}


class TryLater(Refusal):
    """A 429: what there was too much of, and the seconds to wait (also `Retry-After`)."""

    def __init__(self, code: str, what: str, what_it: str, seconds: int) -> None:
        super().__init__(
            429,
            code,
            f"{what}: try again in {seconds} seconds.",
            message_it=f"{what_it}: riprova tra {seconds} secondi.",
            retry_after=seconds,
        )
        self.seconds = seconds


def sentence(text: str, lang: str = "en") -> str:
    """`text` ending as a sentence does in `lang` (a model's messages do not)."""
    if text.endswith((".", "!", "?", "…", "。", "！", "？")):
        return text
    return f"{text}。" if lang in ("ja", "zh") else f"{text}."
