"""Legends of AZ in tournaments (§5.17): the game's part of a tournament's options (the
deck rules, R146, and who opens each game, R150), an entrant's registration (R142: an age,
a main, a deck) and its legality (R146), the config of one tournament game (R142, R150)
and the reading of its placements (R109). The format itself is
`tavola.features.tournaments.format`'."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from tavola.core import ContentError, IllegalAction
from tavola.features.tournaments.format import Entrant
from tavola.features.tournaments.protocol import TableResult

from .cards import CardDef, CharacterCard
from .catalog import DEFAULT_CATALOG, Catalog, resolve_catalog
from .config import Timers
from .decks import ThemedDeck, themed_decks
from .messages import MESSAGES
from .state import LegendsState

Series = Annotated[str, Field(min_length=1, max_length=16)]


class LegendsTournamentOptions(BaseModel):
    """§3.8 `tournament`, the game's keys: the deck rules (R146), the games' options
    (R142) and who opens each game (R150: `age`, R2 in every game; `alternate`, a match's
    later games open with whoever did not open the last one). `allowed_series` None:
    every series of the catalogue."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    deck_size: Annotated[int, Field(ge=1, le=1000)] = 40
    max_copies: Annotated[int, Field(ge=1, le=1000)] = 3
    allowed_series: Annotated[list[Series], Field(min_length=1, max_length=100)] | None = None
    mode: Literal["classic", "epic"] = "classic"
    max_rounds: Annotated[int, Field(ge=1, le=10_000)] = 40
    timers: Timers | None = None
    first_player: Literal["age", "alternate"] = "age"
    catalog: (
        Annotated[str, Field(min_length=1, max_length=200)]
        | Annotated[list[str | dict[str, Any]], Field(min_length=1, max_length=10_000)]
    ) = DEFAULT_CATALOG
    """An id of the content folders, or a catalogue given inline (ids and card tables, as
    a table's `catalog`): `tavola tournament --catalog FILE` reads a file into it."""


class LegendsRegistration(BaseModel):
    """R142: what an entrant brings to every game: its age (R2's first player), its main
    character and its deck (card ids, `ID*N` for N copies). Each is checked by
    `check_entrant` with the game's own refusal codes."""

    model_config = ConfigDict(extra="forbid")

    age: Annotated[int, Field(ge=-1000, le=1000)] | None = None
    main: Annotated[str, Field(max_length=100)] | None = None
    deck: Annotated[list[Annotated[str, Field(max_length=100)]], Field(max_length=1000)] = []


def registration_of(entrant: Entrant) -> LegendsRegistration:
    return LegendsRegistration.model_validate(entrant.registration)


def registration_choices(options: BaseModel, lang: str) -> dict[str, Any]:
    """What the registration form offers: the legal characters for a main and the legal
    cards for a deck, by name, with the deck's size and the copies allowed, and the
    ready-made decks that fit the tournament (a main and a deck each, one click away)."""
    opts = _options(options)
    try:
        catalog = _catalog(opts)
    except ContentError:
        empty: dict[str, Any] = {"mains": [], "cards": [], "ready": []}
        return {**empty, "deck_size": opts.deck_size, "max_copies": 0}
    legal = [c for c in catalog.cards() if _is_legal(c, opts)]

    def named(card: CardDef) -> dict[str, str]:
        return {"id": card.card_id, "name": card.display_name(lang)}

    return {
        "mains": [named(c) for c in legal if isinstance(c, CharacterCard)],
        "cards": [named(c) for c in legal],
        "deck_size": opts.deck_size,
        "max_copies": opts.max_copies,
        "ready": [
            {"name": theme.display_name(lang), "main": main, "deck": deck}
            for theme, main, deck in ready_decks(opts, catalog)
        ],
    }


def ready_decks(
    options: LegendsTournamentOptions, catalog: Catalog
) -> list[tuple[ThemedDeck, str, list[str]]]:
    """The themed decks (`decks`) made to fit the tournament's deck rules: the theme's
    first legal character as the main, and its legal cards dealt one copy each in turn
    (as many rounds as needed, never past `max_copies`) up to `deck_size`, topped up the
    same way from the catalogue's other legal cards when the theme's run out. A theme
    with no legal character, or whose cards and the catalogue's cannot fill the deck, is
    left out."""
    legal = [c.card_id for c in catalog.cards() if _is_legal(c, options)]
    made = []
    for theme in themed_decks():
        cards = [c for c in theme.cards_in(catalog) if _is_legal(catalog[c], options)]
        distinct = list(dict.fromkeys(cards))
        mains = [c for c in distinct if isinstance(catalog[c], CharacterCard)]
        others = [c for c in legal if c not in distinct]
        if not mains or len(legal) * options.max_copies < options.deck_size:
            continue
        copies: Counter[str] = Counter()
        left = options.deck_size
        for pool in (distinct, others):  # a round deals one copy of each, as many as needed
            rounds = min(options.max_copies, -(-left // len(pool))) if pool else 0
            for _ in range(rounds):
                for card_id in pool[:left]:
                    copies[card_id] += 1
                left = options.deck_size - copies.total()
        deck = [c for c in distinct + others for _ in range(copies[c])]
        made.append((theme, mains[0], deck))
    return made


READY_AGE = 30
"""A bot's age, which nobody gave (R2: the youngest opens; equal ages are the game's
rule to settle)."""


def ready_registration(options: BaseModel, number: int) -> dict[str, Any]:
    """A bot's registration when the organiser gives it none: the ready-made decks in
    turn, and `READY_AGE` ({} when no ready-made deck fits: `main_required` then)."""
    opts = _options(options)
    try:
        decks = ready_decks(opts, _catalog(opts))
    except ContentError:
        return {}
    if not decks:
        return {}
    _, main, deck = decks[number % len(decks)]
    return {"age": READY_AGE, "main": main, "deck": deck}


def _is_legal(card: CardDef, options: LegendsTournamentOptions) -> bool:
    allowed = options.allowed_series
    return card.tournament_legal and (allowed is None or card.series in allowed)


def rotates_opener(options: BaseModel) -> bool:
    """R150 `alternate`."""
    return _options(options).first_player == "alternate"


def _options(options: BaseModel) -> LegendsTournamentOptions:
    if isinstance(options, LegendsTournamentOptions):
        return options
    return LegendsTournamentOptions.model_validate(options.model_dump())


def _refuse(code: str, key: str, of: CardDef | None = None, **params: Any) -> IllegalAction:
    """The refusal `code`, its sentence `tournament.<key>` naming the card in each
    language."""

    def text(lang: str) -> str:
        named = {"name": of.display_name(lang), "card": of.card_id} if of else {}
        return MESSAGES.text(lang, f"tournament.{key}", **named, **params)

    return IllegalAction(code, text("en"), message_it=text("it"))


def _catalog(options: LegendsTournamentOptions) -> Catalog:
    return resolve_catalog(options.catalog)


def _expand(deck: Sequence[str], catalog: Catalog, options: LegendsTournamentOptions) -> list[str]:
    """A deck's entries, `ID` or `ID*N`, written out one card each."""
    cards: list[str] = []
    for entry in deck:
        card_id, star, count = entry.partition("*")
        if star and not (count.isdigit() and 1 <= int(count) <= options.deck_size):
            raise _refuse("bad_deck_entry", "bad_copies", entry=entry)
        if card_id not in catalog:
            name = catalog.id
            raise _refuse("unknown_card", "unknown_card", card=card_id, catalog=name)
        cards.extend([card_id] * (int(count) if star else 1))
    return cards


def _check_legal(card: CardDef, options: LegendsTournamentOptions) -> None:
    """R146: the card is tournament-legal and of an allowed series."""
    if not card.tournament_legal:
        raise _refuse("card_not_legal", "card_not_legal", card)
    allowed = options.allowed_series
    if allowed is not None and card.series not in allowed:
        raise _refuse(
            "card_not_legal",
            "series_not_allowed",
            card,
            series=card.series,
            allowed=", ".join(allowed),
        )


def check_entrant(entrant: Entrant, options: BaseModel) -> Entrant:
    """R142, R146: an age of 1–99, a legal character as main, a deck of exactly
    `deck_size` legal cards with at most `max_copies` of each. The main is not part of the
    deck and does not count towards its copies. Refusals: `invalid_age`, `main_required`,
    `unknown_card`, `wrong_card_type`, `card_not_legal`, `deck_size`, `too_many_copies`."""
    opts = _options(options)
    try:
        catalog = _catalog(opts)
    except ContentError as exc:
        name = str(opts.catalog)[:200]
        raise _refuse("unknown_card", "unknown_card", card="", catalog=name) from exc
    registration = registration_of(entrant)
    if registration.age is None or not 1 <= registration.age <= 99:
        raise _refuse("invalid_age", "invalid_age", age=registration.age)
    if not registration.main:
        raise _refuse("main_required", "main_required")
    if registration.main not in catalog:
        raise _refuse("unknown_card", "unknown_card", card=registration.main, catalog=catalog.id)
    main = catalog[registration.main]
    if not isinstance(main, CharacterCard):
        raise _refuse("wrong_card_type", "wrong_card_type", main)
    _check_legal(main, opts)
    deck = _expand(registration.deck, catalog, opts)
    if len(deck) != opts.deck_size:
        key = "deck_size_one" if opts.deck_size == 1 else "deck_size"
        raise _refuse("deck_size", key, size=opts.deck_size, count=len(deck))
    for card_id in dict.fromkeys(deck):
        _check_legal(catalog[card_id], opts)
    for card_id, count in Counter(deck).items():
        if count > opts.max_copies:
            raise _refuse(
                "too_many_copies",
                "too_many_copies_one" if opts.max_copies == 1 else "too_many_copies",
                catalog[card_id],
                limit=opts.max_copies,
                count=count,
            )
    kept = registration.model_copy(update={"deck": deck}).model_dump(mode="json")
    return entrant.model_copy(update={"registration": kept})


def tournament_table(
    entrants: Sequence[Entrant], options: BaseModel, order: Sequence[int] | None
) -> dict[str, Any]:
    """R142: a free-for-all game of the tournament's mode; each entrant a seat in the order
    given (P1, P2, …) with its main and its deck as its contribution, so the game's deck is
    the entrants' decks. R150: the playing order follows R2 (ages), unless `order` sets it."""
    opts = _options(options)
    config: dict[str, Any] = {
        "mode": opts.mode,
        "sides": "free_for_all",
        "catalog": opts.catalog,
        "max_rounds": opts.max_rounds,
        "players": [_player(e) for e in entrants],
    }
    if opts.timers is not None:
        config["timers"] = opts.timers.model_dump(mode="json")
    if order is not None:
        config["turn_order"] = [f"P{i + 1}" for i in order]
    return config


def _player(entrant: Entrant) -> dict[str, Any]:
    registration = registration_of(entrant)
    return {
        "name": entrant.name,
        "kind": "human" if entrant.kind == "human" else "bot",
        "age": registration.age,
        "main_card_id": registration.main,
        "contribution": list(registration.deck),
    }


def table_result(state: LegendsState) -> TableResult:
    """R109's placements of a finished game, seat P1 first (the entrants' order), and the
    positions of the seats in turn order."""
    result = state.result
    if result is None:
        raise ValueError("the game is not over")
    seats = list(state.seats)
    return TableResult(
        places=tuple(result.placements[s] for s in seats),
        order=tuple(seats.index(s) for s in state.turn_order),
    )
