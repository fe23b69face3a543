"""Errors of Seasons' content: bad data files (§3.2–§3.4) and refused catalogue edits
(§3.3, §6.1 `add_catalogue_card`). Each carries the spec's code; the engine turns the
catalogue ones into `IllegalAction` with the same code and messages."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from tavola.core import ContentError, TavolaError

if TYPE_CHECKING:
    from .catalogue import Card


class DataInvalid(ContentError):
    """A data file that fails its load checks: `DATA_INVALID: <file>: <reason>`, one line per
    problem when there are several."""

    def __init__(self, file: str, reasons: str | Sequence[str]) -> None:
        problems = [reasons] if isinstance(reasons, str) else list(reasons)
        lines = [f"DATA_INVALID: {file}: {reason}" for reason in problems]
        TavolaError.__init__(self, "DATA_INVALID", "\n".join(f"{file}: {r}" for r in problems))
        self.args = ("\n".join(lines),)
        self.file = file
        self.problems = problems


class CatalogueError(TavolaError):
    """A card name the catalogue cannot resolve, or an addition it refuses."""


class UnknownCard(CatalogueError):
    """`UNKNOWN_CARD` (§3.3): `typed` matches no name or alias; `suggestions` holds up to 3
    close names, closest first."""

    def __init__(self, typed: str, suggestions: Sequence[str] = ()) -> None:
        self.typed = typed
        self.suggestions = tuple(suggestions)
        message = (
            f'"{typed}" is not in the card catalogue. Check the spelling, or add it with '
            "add_catalogue_card (name, prestige, type) or as an alias of an existing card."
        )
        message_it = (
            f'"{typed}" non è nel catalogo delle carte. Controlla come è scritto, oppure '
            "aggiungila con add_catalogue_card (nome, prestigio, tipo) o come alias di una "
            "carta che c'è già."
        )
        if self.suggestions:
            message += f" Did you mean {_either(self.suggestions, 'or')}?"
            message_it += f" Forse intendevi {_either(self.suggestions, 'o')}?"
        super().__init__("UNKNOWN_CARD", message, message_it=message_it)


class DuplicateName(CatalogueError):
    """`DUPLICATE_NAME` (§6.1): the name's normal form is already a name or alias of `card`."""

    def __init__(self, name: str, card: Card) -> None:
        self.name = name
        self.card = card
        super().__init__(
            "DUPLICATE_NAME",
            f"{name} already matches {card.name}",
            message_it=f"{name} corrisponde già a {card.name}",
        )


class InvalidName(CatalogueError):
    """`INVALID_NAME` (§6.1): empty, longer than 60 characters, or without a letter or digit."""

    def __init__(self, name: str, message: str, message_it: str) -> None:
        self.name = name
        super().__init__("INVALID_NAME", message, message_it=message_it)


class InvalidPrestige(CatalogueError):
    """`INVALID_PRESTIGE` (§6.1): prestige not a whole number in −99…99."""

    def __init__(self, prestige: object) -> None:
        self.prestige = prestige
        super().__init__(
            "INVALID_PRESTIGE",
            f"Prestige must be a whole number from -99 to 99, not {prestige!r}",
            message_it=f"Il prestigio deve essere un numero intero da -99 a 99, non {prestige!r}",
        )


class InvalidCardType(CatalogueError):
    """A card type other than magic_item or familiar; the spec has no code of its own for
    it, so it is the engine's `BAD_ARGUMENT`."""

    def __init__(self, card_type: object) -> None:
        self.card_type = card_type
        super().__init__(
            "BAD_ARGUMENT",
            f"A card's type must be magic_item or familiar, not {card_type!r}",
            message_it=f"Il tipo di una carta deve essere magic_item o familiar, non {card_type!r}",
        )


def _either(names: Sequence[str], word: str) -> str:
    quoted = [f'"{n}"' for n in names]
    if len(quoted) == 1:
        return quoted[0]
    return f"{', '.join(quoted[:-1])} {word} {quoted[-1]}"
