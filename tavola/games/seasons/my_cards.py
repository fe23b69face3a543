"""The person's own cards, kept beside them rather than in one game: the cards and other
names they added to the catalogue (§3.3, §6.1), as `cards_user.json` entries.

At the terminal they live in the person's `cards_user.json`. In the browser the server keeps
them per account as the game's one saved "lineup" (the `Lineups` capability: the store that
keeps League's lineups, no table of its own) named `MINE`, `{"cards": [entries]}`; signed
out, the page keeps them in the browser. The companion page brings them into each game the
person opens (`add_catalogue_card`)."""

from __future__ import annotations

from typing import Any

from tavola.core.capabilities import LineupCheck, LineupIssue

from .catalogue import CARD_TYPES, base_catalogue
from .errors import CatalogueError, DataInvalid

MINE = "mine"
"""The name the person's cards are saved under."""
CARDS_MAX = 500
"""As many as a game's config takes (`SeasonsConfig.user_cards`)."""


def lineup_catalog(lang: str) -> dict[str, Any]:
    return {"lang": lang, "name": MINE, "cards_max": CARDS_MAX, "card_types": list(CARD_TYPES)}


def _issue(code: str, field: str, en: str, it: str) -> LineupIssue:
    return LineupIssue(code, field, {"en": en, "it": it})


def check_lineup(body: Any) -> LineupCheck:
    """`{"cards": [entries]}`: every entry must apply, in order, to the base catalogue."""
    cards = body.get("cards") if isinstance(body, dict) else None
    if not isinstance(cards, list):
        issue = _issue(
            "malformed", "cards", 'Expected {"cards": [...]}.', 'Atteso {"cards": [...]}.'
        )
        return LineupCheck((issue,), {"cards": None, "cards_max": CARDS_MAX})
    problems: list[LineupIssue] = []
    if len(cards) > CARDS_MAX:
        problems.append(
            _issue(
                "too_many_cards",
                "cards",
                f"At most {CARDS_MAX} cards and names.",
                f"Al massimo {CARDS_MAX} carte e nomi.",
            )
        )
    catalogue = base_catalogue()
    for index, entry in enumerate(cards[:CARDS_MAX]):
        if not isinstance(entry, dict):
            said = "an entry must be an object"
            problems.append(_issue("bad_card", f"cards.{index}", said, "ogni voce è un oggetto"))
            continue
        try:
            catalogue = catalogue.with_cards([entry])
        except DataInvalid as exc:
            said = "; ".join(exc.problems)
            problems.append(_issue("bad_card", f"cards.{index}", said, said))
        except CatalogueError as exc:
            problems.append(_issue(exc.code, f"cards.{index}", exc.message, exc.localized("it")))
    summary = {"cards": len(cards), "cards_max": CARDS_MAX}
    if problems:
        return LineupCheck(tuple(problems), summary)
    # Kept as sent, each entry as `add_catalogue_card` takes it: an alias names its card
    # (an added card's id differs from game to game).
    return LineupCheck((), summary, {"cards": [dict(entry) for entry in cards]})
