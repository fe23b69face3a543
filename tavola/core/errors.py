"""Typed errors a user can hit, each with a stable code and a human message."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


class TavolaError(Exception):
    """Base of every error Tavola reports to a user: a stable `code` and a sentence."""

    def __init__(
        self,
        code: str,
        message: str,
        *,
        message_it: str | None = None,
        messages: Mapping[str, str] | None = None,
        rule: str | None = None,
    ) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.message_it = message_it or message
        self.messages = dict(messages or {})
        """The sentence in a game's further languages (those its `GameInfo.languages` add)."""
        self.rule = rule
        """The number of the rule the refusal applies (`R34`), as the game's rules page
        anchors it (`/rules/<game>#R34`); None when the game does not say."""

    def localized(self, lang: str) -> str:
        """The message in `lang` ("it", "en", or one of `messages`); English otherwise."""
        if lang == "it":
            return self.message_it
        return self.messages.get(lang, self.message)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "code": self.code,
            "message": self.message,
            "message_it": self.message_it,
        }
        if self.messages:
            data["messages"] = dict(self.messages)
        if self.rule:
            data["rule"] = self.rule
        return data


class IllegalAction(TavolaError):
    """An action the rules refuse; the state is left exactly as it was."""


class ConfigError(TavolaError):
    """A bad game option: `field` names it, `reason` is the spec's reason code."""

    def __init__(
        self,
        reason: str,
        message: str,
        *,
        field: str = "",
        message_it: str | None = None,
        messages: Mapping[str, str] | None = None,
    ) -> None:
        super().__init__("invalid_config", message, message_it=message_it, messages=messages)
        self.reason = reason
        self.field = field

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "reason": self.reason, "field": self.field}


class ContentError(TavolaError):
    """A content file that fails validation; `problems` holds one line per error."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("invalid_card_def", "; ".join(problems))
        self.problems = problems


class UnknownGame(TavolaError):
    def __init__(self, name: str, known: list[str]) -> None:
        super().__init__(
            "unknown_game",
            f"Unknown game '{name}'; known games: {', '.join(known) or 'none'}.",
            message_it=f"Gioco sconosciuto '{name}'; giochi disponibili: {', '.join(known)}.",
        )


class RefusedGame(UnknownGame):
    """A game found (an entry point, `TAVOLA_GAMES`) whose declaration is not true of it:
    it is not registered, and asking for it says why (wherever an unknown game is refused,
    so is this one)."""

    def __init__(self, name: str, problems: list[str]) -> None:
        said = "; ".join(problems)
        TavolaError.__init__(
            self,
            "refused_game",
            f"The game '{name}' is not registered: {said}.",
            message_it=f"Il gioco '{name}' non è registrato (la dichiarazione non è vera): {said}.",
        )
