"""The card catalogue (§3.3): the 50 base cards of `content/cards.json`, the user's additions
of `cards_user.json`, and name lookup that forgives case, accents and apostrophes.

A `Catalogue` never changes: `added`, `aliased` and `with_cards` return a new one, so one
object (the base catalogue is loaded once) can be shared by every game and view.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
import unicodedata
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, TypeGuard

from tavola.core.text import encodable

from .errors import (
    CatalogueError,
    DataInvalid,
    DuplicateName,
    InvalidCardType,
    InvalidName,
    InvalidPrestige,
    UnknownCard,
)

__all__ = [
    "CARDS_FILE",
    "CARD_TYPES",
    "Card",
    "Catalogue",
    "DuplicateName",
    "InvalidCardType",
    "InvalidName",
    "InvalidPrestige",
    "UnknownCard",
    "base_catalogue",
    "levenshtein",
    "load_catalogue",
    "load_user_cards",
    "normalise",
    "save_user_cards",
]

CARDS_FILE = Path(__file__).parent / "content" / "cards.json"
NAMES_IT_FILE = Path(__file__).parent / "content" / "names_it.json"
"""Tavola's Italian names of the base cards, searched like aliases (DECISIONS, Content 8):
a translation for typing in Italian, not a claim about the Italian edition's print."""
CARD_TYPES = ("magic_item", "familiar")
NAME_MAX = 60
PRESTIGE_RANGE = (-99, 99)
COPIES_RANGE = (1, 4)
DEFAULT_COPIES = 2
USER_SET = "user"
_APOSTROPHES = {ord(c): None for c in "'’‘´`"}
_USER_ID = re.compile(r"user_(\d+)")
_RECORD_FIELDS = (
    "id",
    "number",
    "name",
    "aliases",
    "type",
    "prestige",
    "set",
    "copies",
    "season_change_effect",
)
_REQUIRED_FIELDS = frozenset({"id", "name", "type", "prestige", "set"})


def normalise(text: str) -> str:
    """The normal form names are compared in (§3.3): NFKD, combining marks dropped,
    casefolded, apostrophes deleted, any other non-alphanumeric turned into a space, spaces
    collapsed. Apostrophes also go before NFKD, which would turn ´ into a space and a mark."""
    decomposed = unicodedata.normalize("NFKD", text.translate(_APOSTROPHES))
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    folded = bare.casefold().translate(_APOSTROPHES)
    return " ".join("".join(c if c.isalnum() else " " for c in folded).split())


def levenshtein(a: str, b: str) -> int:
    """Edits (insert, delete, substitute one character) that turn `a` into `b`."""
    if len(a) < len(b):
        a, b = b, a
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, start=1):
        current = [i]
        for j, cb in enumerate(b, start=1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb)))
        previous = current
    return previous[-1]


@dataclass(frozen=True, slots=True)
class Card:
    """One distinct card of the catalogue (§3.3); `copies` of it are in a full game."""

    id: str
    number: int | None
    name: str
    aliases: tuple[str, ...]
    type: str
    prestige: int
    set: str
    copies: int = DEFAULT_COPIES
    season_change_effect: bool = False

    @property
    def names(self) -> tuple[str, ...]:
        return (self.name, *self.aliases)

    @property
    def is_familiar(self) -> bool:
        return self.type == "familiar"

    def to_record(self) -> dict[str, Any]:
        """The card as a `cards.json` record: every field, the aliases as a JSON list."""
        return {**asdict(self), "aliases": list(self.aliases)}


class Catalogue:
    """Cards by id in catalogue order, and every name's and alias's normal form → card id
    (unique across the catalogue, §3.3)."""

    __slots__ = ("_by_normal", "_cards", "_derived", "_display", "_normals", "_order")

    def __init__(self, cards: Iterable[Card]) -> None:
        by_id: dict[str, Card] = {}
        by_normal: dict[str, str] = {}
        display: dict[str, str] = {}
        normals: dict[str, tuple[str, ...]] = {}
        for card in cards:
            if card.id in by_id:
                raise ValueError(f"card id {card.id} is used twice")
            forms = []
            for name in card.names:
                normal = normalise(name)
                owner = by_normal.get(normal, card.id if normal in forms else None)
                if owner is not None:
                    raise DuplicateName(name, by_id.get(owner, card))
                by_normal[normal] = card.id
                display[normal] = name
                forms.append(normal)
            by_id[card.id] = card
            normals[card.id] = tuple(forms)
        self._cards = MappingProxyType(by_id)
        self._by_normal = MappingProxyType(by_normal)
        self._display = display
        self._normals = normals
        self._order = {card_id: i for i, card_id in enumerate(by_id)}
        self._derived: dict[str, Catalogue] = {}

    @classmethod
    def load_base(cls) -> Catalogue:
        """The shipped 50 base cards, loaded once and shared."""
        return base_catalogue()

    @property
    def cards(self) -> Mapping[str, Card]:
        return self._cards

    @property
    def by_normal(self) -> Mapping[str, str]:
        return self._by_normal

    def __len__(self) -> int:
        return len(self._cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self._cards.values())

    def __contains__(self, card_id: object) -> bool:
        return card_id in self._cards

    def __getitem__(self, card_id: str) -> Card:
        return self._cards[card_id]

    def find(self, typed: str) -> Card | None:
        """The card whose name or alias has the normal form of `typed`, if any."""
        card_id = self._by_normal.get(normalise(typed))
        return None if card_id is None else self._cards[card_id]

    def lookup(self, typed: str) -> Card:
        """The card `typed` names; `UnknownCard` with suggestions when none does (§3.3)."""
        card = self.find(typed)
        if card is None:
            raise UnknownCard(typed, self.suggest(typed))
        return card

    def suggest(self, typed: str, k: int = 3) -> list[str]:
        """Up to `k` names or aliases close to `typed`, one per card: Levenshtein distance on
        normal forms at most max(2, len // 4) of the typed normal form, smallest first, ties
        in catalogue order (§3.3)."""
        target = normalise(typed)
        limit = max(2, len(target) // 4)
        best: dict[str, tuple[int, str]] = {}
        for normal, card_id in self._by_normal.items():
            if abs(len(normal) - len(target)) > limit:
                continue
            distance = levenshtein(target, normal)
            if distance <= limit and (card_id not in best or distance < best[card_id][0]):
                best[card_id] = (distance, self._display[normal])
        ranked = sorted(best, key=lambda card_id: (best[card_id][0], self._order[card_id]))
        return [best[card_id][1] for card_id in ranked[:k]]

    def search(self, text: str, limit: int = 10) -> list[Card]:
        """Cards for search-as-you-type: those with a name or alias whose normal form
        contains the normalised `text`, the ones starting with it first, each group in
        catalogue order."""
        target = normalise(text)
        starting: list[Card] = []
        containing: list[Card] = []
        for card_id, forms in self._normals.items():
            if any(form.startswith(target) for form in forms):
                starting.append(self._cards[card_id])
            elif any(target in form for form in forms):
                containing.append(self._cards[card_id])
        return (starting + containing)[: max(0, limit)]

    def added(self, name: str, prestige: int, type: str) -> tuple[Catalogue, Card]:
        """A catalogue with a new user card (§6.1 `add_catalogue_card`): set "user", copies 2,
        id user_01, user_02…. Refusals in the spec's order: `InvalidName`,
        `DuplicateName`, `InvalidPrestige`, then a bad type (`InvalidCardType`)."""
        name = self._new_name(name)
        if not _is_int(prestige) or not PRESTIGE_RANGE[0] <= prestige <= PRESTIGE_RANGE[1]:
            raise InvalidPrestige(prestige)
        if type not in CARD_TYPES:
            raise InvalidCardType(type)
        card = Card(
            id=self._next_user_id(),
            number=None,
            name=name,
            aliases=(),
            type=type,
            prestige=prestige,
            set=USER_SET,
        )
        return Catalogue([*self._cards.values(), card]), card

    def aliased(self, name: str, alias_of: str) -> tuple[Catalogue, Card]:
        """A catalogue where `name` is also an alias of the card `alias_of` names (a card
        name, or a card id); returns the card with its new alias. Refusals: `InvalidName`,
        `DuplicateName`, then `UnknownCard` for `alias_of` (§6.1)."""
        name = self._new_name(name)
        target = self._cards.get(alias_of) or self.lookup(alias_of)
        card = Card(
            id=target.id,
            number=target.number,
            name=target.name,
            aliases=(*target.aliases, name),
            type=target.type,
            prestige=target.prestige,
            set=target.set,
            copies=target.copies,
            season_change_effect=target.season_change_effect,
        )
        cards = [card if c.id == card.id else c for c in self._cards.values()]
        return Catalogue(cards), card

    def with_cards(self, extra: Sequence[Mapping[str, Any]]) -> Catalogue:
        """This catalogue plus `extra`, applied in order. Each entry is a new card
        `{name, prestige, type}`, an alias `{name, alias_of}` (a card name or id), or a full
        §3.3 record (as `cards_user.json` holds them). Raises the `CatalogueError` of the
        first refused entry, or `DataInvalid` for a malformed one. Results are remembered,
        so rebuilding the same game's catalogue on every action costs a dictionary look-up."""
        try:
            key = json.dumps(list(extra), sort_keys=True, ensure_ascii=False)
        except (TypeError, ValueError):
            key = None
        if key is not None and key in self._derived:
            return self._derived[key]
        catalogue = self
        for index, entry in enumerate(extra, start=1):
            try:
                catalogue = catalogue._with_entry(entry)
            except DataInvalid as exc:
                label = _label(entry, index)
                raise DataInvalid(exc.file, [f"{label}: {p}" for p in exc.problems]) from exc
        if key is not None:
            if len(self._derived) >= 64:
                self._derived.clear()
            self._derived[key] = catalogue
        return catalogue

    def user_records(self) -> list[dict[str, Any]]:
        """What this catalogue holds beyond the base one, as `cards_user.json` entries: a full
        record per card not in the base, and `{name, alias_of: card id}` per alias added to
        a base card."""
        base = base_catalogue()
        records: list[dict[str, Any]] = []
        for card in self._cards.values():
            original = base.cards.get(card.id)
            if original is None:
                records.append(card.to_record())
                continue
            records.extend(
                {"name": alias, "alias_of": card.id}
                for alias in card.aliases
                if alias not in original.aliases
            )
        return records

    def to_view(self) -> dict[str, dict[str, Any]]:
        """`{card_id: {name, aliases, type, prestige}}` for the views (§8)."""
        return {
            card.id: {
                "name": card.name,
                "aliases": list(card.aliases),
                "type": card.type,
                "prestige": card.prestige,
            }
            for card in self._cards.values()
        }

    def _with_entry(self, entry: Mapping[str, Any]) -> Catalogue:
        if not isinstance(entry, Mapping):
            raise DataInvalid(USER_FILE, "an entry must be an object")
        keys = set(entry)
        if "id" in keys:
            card = _card_or_invalid(entry, USER_FILE)
            if card.id in self._cards:
                raise DataInvalid(USER_FILE, f"card id {card.id} is already in the catalogue")
            for name in card.names:
                self._new_name(name)
            return Catalogue([*self._cards.values(), card])
        if "alias_of" in keys:
            _expect_keys(entry, {"name", "alias_of"})
            alias_of = entry["alias_of"]
            if not isinstance(alias_of, str):
                raise DataInvalid(USER_FILE, f"alias_of must be text, not {alias_of!r}")
            return self.aliased(entry["name"], alias_of)[0]
        _expect_keys(entry, {"name", "prestige", "type"})
        return self.added(entry["name"], entry["prestige"], entry["type"])[0]

    def _new_name(self, name: object) -> str:
        """`name` trimmed, checked as a new name or alias: `InvalidName`, `DuplicateName`."""
        text = _checked_name(name)
        owner = self._by_normal.get(normalise(text))
        if owner is not None:
            raise DuplicateName(text, self._cards[owner])
        return text

    def _next_user_id(self) -> str:
        used = [int(m.group(1)) for c in self._cards if (m := _USER_ID.fullmatch(c))]
        return f"user_{max(used, default=0) + 1:02d}"


USER_FILE = "cards_user.json"


def _checked_name(name: object) -> str:
    if not isinstance(name, str):
        raise InvalidName(
            str(name), "A card name must be text", "Il nome di una carta deve essere un testo"
        )
    text = name.strip()
    if not text or len(text) > NAME_MAX:
        raise InvalidName(
            text,
            f"A card name must have 1 to {NAME_MAX} characters; this one has {len(text)}",
            f"Il nome di una carta deve avere da 1 a {NAME_MAX} caratteri; questo ne ha "
            f"{len(text)}",
        )
    if not encodable(text):
        raise InvalidName(
            text,
            "A card name must be valid Unicode text",
            "Il nome di una carta deve essere un testo Unicode valido",
        )
    if not normalise(text):
        raise InvalidName(
            text,
            "A card name needs at least one letter or digit",
            "Il nome di una carta deve contenere almeno una lettera o una cifra",
        )
    return text


def _expect_keys(entry: Mapping[str, Any], keys: set[str]) -> None:
    if set(entry) != keys:
        got = ", ".join(sorted(map(str, entry))) or "nothing"
        raise DataInvalid(USER_FILE, f"an entry needs exactly {', '.join(sorted(keys))}; has {got}")


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _record_problems(data: Any) -> list[str]:
    """What is wrong with one §3.3 record, one reason per field."""
    if not isinstance(data, dict):
        return ["must be an object"]
    problems = []
    if missing := sorted(_REQUIRED_FIELDS - data.keys()):
        problems.append(f"missing field(s) {', '.join(missing)}")
    if extra := sorted(map(str, data.keys() - set(_RECORD_FIELDS))):
        problems.append(f"unknown field(s) {', '.join(extra)}")
    card_id = data.get("id")
    if "id" in data and (not isinstance(card_id, str) or not card_id.strip()):
        problems.append("id must be non-empty text")
    number = data.get("number")
    if number is not None and not _is_int(number):
        problems.append("number must be a whole number or null")
    for field, value in [("name", data.get("name")), *_aliases(data)]:
        if field == "name" and "name" not in data:
            continue
        try:
            _checked_name(value)
        except CatalogueError as exc:
            problems.append(f"{field}: {exc.message}")
    aliases = data.get("aliases", [])
    if not isinstance(aliases, list):
        problems.append("aliases must be a list of names")
    if "type" in data and data["type"] not in CARD_TYPES:
        problems.append(f"type must be magic_item or familiar, not {data['type']!r}")
    prestige = data.get("prestige")
    low, high = PRESTIGE_RANGE
    if "prestige" in data and (not _is_int(prestige) or not low <= prestige <= high):
        problems.append(f"prestige must be a whole number from {low} to {high}")
    card_set = data.get("set")
    if "set" in data and (not isinstance(card_set, str) or not card_set.strip()):
        problems.append("set must be non-empty text")
    copies = data.get("copies", DEFAULT_COPIES)
    if not _is_int(copies) or not COPIES_RANGE[0] <= copies <= COPIES_RANGE[1]:
        problems.append(f"copies must be {COPIES_RANGE[0]} to {COPIES_RANGE[1]}")
    if not isinstance(data.get("season_change_effect", False), bool):
        problems.append("season_change_effect must be true or false")
    return problems


def _aliases(data: dict[str, Any]) -> list[tuple[str, Any]]:
    aliases = data.get("aliases", [])
    if not isinstance(aliases, list):
        return []
    return [(f"aliases[{i}]", alias) for i, alias in enumerate(aliases)]


def _card(data: dict[str, Any]) -> Card:
    """A card from a record `_record_problems` passed."""
    return Card(
        id=data["id"],
        number=data.get("number"),
        name=data["name"].strip(),
        aliases=tuple(a.strip() for a in data.get("aliases", [])),
        type=data["type"],
        prestige=data["prestige"],
        set=data["set"],
        copies=data.get("copies", DEFAULT_COPIES),
        season_change_effect=data.get("season_change_effect", False),
    )


def _card_or_invalid(data: Mapping[str, Any], file: str) -> Card:
    record = dict(data)
    if problems := _record_problems(record):
        raise DataInvalid(file, problems)
    return _card(record)


def _label(data: Any, index: int) -> str:
    """How a problem names its record: position (1-based) and id or name when it has one."""
    known = (data.get("id") or data.get("name")) if isinstance(data, Mapping) else None
    return f"record {index} ({known})" if isinstance(known, str) else f"record {index}"


def records_catalogue(records: Any, file: str) -> Catalogue:
    """A catalogue from a list of §3.3 records, every problem of the file named at once:
    fields, unique ids, unique normal forms (`DataInvalid`)."""
    if not isinstance(records, list):
        raise DataInvalid(file, "the file must hold a list of card records")
    problems: list[str] = []
    cards: list[Card] = []
    ids: set[str] = set()
    owners: dict[str, tuple[str, str]] = {}
    for index, data in enumerate(records, start=1):
        label = _label(data, index)
        record_problems = _record_problems(data)
        problems.extend(f"{label}: {p}" for p in record_problems)
        if record_problems:
            continue
        card = _card(data)
        if card.id in ids:
            problems.append(f"{label}: id {card.id} is used twice")
            continue
        ids.add(card.id)
        clash = False
        for name in card.names:
            normal = normalise(name)
            if normal in owners:
                other_name, other_id = owners[normal]
                problems.append(f"{label}: {name!r} matches {other_name!r} of {other_id}")
                clash = True
            owners[normal] = (name, card.id)
        if not clash:
            cards.append(card)
    if problems:
        raise DataInvalid(file, problems)
    return Catalogue(cards)


def load_catalogue(path: Path) -> Catalogue:
    """The catalogue of a `cards.json`-shaped file (`DataInvalid` on any problem)."""
    return records_catalogue(_read_json(path), path.name)


@cache
def base_catalogue() -> Catalogue:
    """The shipped base cards (§3.3) with their Italian names as aliases, loaded once."""
    records = _read_json(CARDS_FILE)
    italian = _read_json(NAMES_IT_FILE)
    if not isinstance(italian, dict) or not isinstance(records, list):
        raise DataInvalid(NAMES_IT_FILE.name, "the file must map card ids to names")
    for record in records:
        name = italian.get(record.get("id")) if isinstance(record, dict) else None
        if isinstance(name, str):
            record["aliases"] = [*record.get("aliases", []), name]
    return records_catalogue(records, CARDS_FILE.name)


def load_user_cards(path: Path) -> list[dict[str, Any]]:
    """The entries of a user's `cards_user.json` (none when the file does not exist yet),
    checked against the base catalogue: a file that would not load raises `DataInvalid`
    naming every bad entry."""
    if not path.exists():
        return []
    records = _read_json(path)
    _check_user_records(records, path.name)
    return list(records)


def save_user_cards(path: Path, records: Sequence[Mapping[str, Any]]) -> None:
    """Write `records` (e.g. `Catalogue.user_records()`) to `path`, after the same checks as
    `load_user_cards`; the file is replaced whole, so a crash never leaves half of it."""
    entries = [dict(r) for r in records]
    _check_user_records(entries, path.name)
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(entries, ensure_ascii=False, indent=2) + "\n"
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _check_user_records(records: Any, file: str) -> None:
    if not isinstance(records, list):
        raise DataInvalid(file, "the file must hold a list of card records")
    problems: list[str] = []
    catalogue = base_catalogue()
    for index, entry in enumerate(records, start=1):
        label = _label(entry, index)
        try:
            catalogue = catalogue._with_entry(entry)
        except DataInvalid as exc:
            problems.extend(f"{label}: {p}" for p in exc.problems)
        except CatalogueError as exc:
            problems.append(f"{label}: {exc.message}")
    if problems:
        raise DataInvalid(file, problems)


def _read_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise DataInvalid(path.name, f"cannot read the file ({exc})") from exc
