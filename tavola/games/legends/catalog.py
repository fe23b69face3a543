"""Card catalogues: TOML files of card definitions, validated with every error named.

A catalogue file has a `catalog` id, an optional `title`, and one `[[card]]` table per
card. The platform's own files live in `content/`; users add theirs to a folder named
in `TAVOLA_LEGENDS_CONTENT` (several folders separated by the path separator).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import tomllib
from collections.abc import Iterable, Iterator, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

import tomli_w
from pydantic import ValidationError

from tavola.core import ContentError

from .cards import CARD_ADAPTER, CARD_TYPES, CardDef, card_to_data
from .describe import describe_card
from .effects import EFFECT_KINDS
from .messages import MESSAGES

CONTENT_DIR = Path(__file__).parent / "content"
DEFAULT_CATALOG = "starter_S1"
_FIELD_PREFIX = re.compile(
    r"^(?:Value error, )?([A-Za-z_]+(?:\[\d+\])?(?:\.[A-Za-z_]+)?): (.*)$", re.S
)


class Catalog(Mapping[str, CardDef]):
    """Card definitions by `card_id`, in file order."""

    def __init__(self, catalog_id: str, cards: Iterable[CardDef]) -> None:
        self.id = catalog_id
        self._cards: dict[str, CardDef] = {}
        self._faces: dict[str, dict[str, object]] = {}
        for card in cards:
            self._cards[card.card_id] = card

    def __getitem__(self, card_id: str) -> CardDef:
        return self._cards[card_id]

    def __iter__(self) -> Iterator[str]:
        return iter(self._cards)

    def __len__(self) -> int:
        return len(self._cards)

    def cards(self) -> list[CardDef]:
        return list(self._cards.values())

    def content_hash(self) -> str:
        """The first 12 hex digits of the SHA-256 of the cards as canonical JSON: two
        catalogues with one id but different numbers never look the same in a report."""
        data = [card_to_data(card) for card in self._cards.values()]
        text = json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()[:12]

    def label(self) -> str:
        return f"{self.id} (sha256 {self.content_hash()})"

    def face(self, card_id: str) -> dict[str, object]:
        """The card as plain data with what it does in words (`effect_text`, Italian and
        English), made once: every view shows the faces of its cards. Shared between
        views, so read-only."""
        face = self._faces.get(card_id)
        if face is None:
            card = self._cards[card_id]
            face = card_to_data(card)
            words = {lang: describe_card(MESSAGES, lang, card) for lang in ("it", "en")}
            if any(words.values()):
                face["effect_text"] = words
            self._faces[card_id] = face
        return face


def _field_path(loc: tuple[int | str, ...]) -> str:
    parts: list[str] = []
    for i, part in enumerate(loc):
        if i == 0 and part in CARD_TYPES:
            continue  # the discriminator tag pydantic puts first
        if isinstance(part, str) and not re.fullmatch(r"[A-Za-z_]+", part):
            continue  # a union branch such as "constrained-int" or "literal['full']"
        if isinstance(part, int):
            parts[-1] = f"{parts[-1]}[{part}]" if parts else f"[{part}]"
        elif parts and re.fullmatch(r".*\[\d+\]", parts[-1]) and part in EFFECT_KINDS:
            continue  # the effect-kind tag inside a list of effects
        else:
            parts.append(str(part))
    return ".".join(parts)


def _describe(error: Mapping[str, Any]) -> tuple[str, str]:
    """(field, what is wrong and what is allowed) for one pydantic error."""
    field = _field_path(tuple(error["loc"]))
    message = str(error["msg"])
    kind = error["type"]
    if kind == "union_tag_not_found":
        name = error["ctx"]["discriminator"].strip("'")
        field = f"{field}.{name}" if field else name
        if name == "type":
            message = f"missing; allowed: {', '.join(CARD_TYPES)}"
        else:
            message = f"missing; allowed: {', '.join(sorted(EFFECT_KINDS))}"
    elif kind == "union_tag_invalid":
        name = error["ctx"]["discriminator"].strip("'")
        field = f"{field}.{name}" if field else name
        message = f"'{error['ctx']['tag']}' is unknown; allowed: {error['ctx']['expected_tags']}"
    elif kind == "missing":
        message = "required but missing"
    elif kind == "extra_forbidden":
        message = "unknown field for this card type"
    else:
        match = _FIELD_PREFIX.match(message)
        if match:
            inner, message = match.groups()
            field = f"{field}.{inner}" if field and not inner.startswith(field) else inner
        message = message.removeprefix("Value error, ")
    return field or "-", message


def validate_cards(
    raw_cards: Iterable[Any], source: str, places: Sequence[str] | None = None
) -> tuple[list[CardDef], list[str]]:
    """Validates raw card tables; returns the good cards and one line per problem, each
    naming the file (or source), the card id, the field and what is allowed (V1–V4 in the
    card models; V5's unique card ids here). `places` optionally names where each card came
    from (e.g. "row 7" of a CSV)."""
    cards: list[CardDef] = []
    problems: list[str] = []
    seen: dict[str, int] = {}
    for index, raw in enumerate(raw_cards, start=1):
        where = f"{source}: {places[index - 1]}" if places else source
        if not isinstance(raw, Mapping):
            problems.append(f"{where}: card #{index}: not a table of fields")
            continue
        label = raw.get("card_id") or f"#{index}"
        try:
            card = CARD_ADAPTER.validate_python(dict(raw))
        except ValidationError as exc:
            # A number-or-"full" field fails once per union branch: one line per field.
            by_field: dict[str, list[str]] = {}
            for error in exc.errors():
                field, message = _describe(error)
                by_field.setdefault(field, []).append(message)
            for field, messages in by_field.items():
                problems.append(f"{where}: card {label}: field '{field}': {' or '.join(messages)}")
            continue
        if card.card_id in seen:
            problems.append(
                f"{where}: card {card.card_id}: field 'card_id': duplicate "
                f"(already card #{seen[card.card_id]}); card ids are unique in a catalogue"
            )
            continue
        seen[card.card_id] = index
        cards.append(card)
    return cards, problems


def read_catalog_file(path: Path) -> tuple[str, list[CardDef], list[str]]:
    """Parses and validates one catalogue file: (catalog id, cards, problems)."""
    try:
        with path.open("rb") as fh:
            data = tomllib.load(fh)
    except tomllib.TOMLDecodeError as exc:
        return path.stem, [], [f"{path}: not valid TOML: {exc}"]
    except OSError as exc:
        return path.stem, [], [f"{path}: cannot be read: {exc.strerror}"]
    catalog_id = data.get("catalog", path.stem)
    problems = []
    if not isinstance(catalog_id, str) or not catalog_id:
        problems.append(f"{path}: field 'catalog': must be a non-empty string")
        catalog_id = path.stem
    raw_cards = data.get("card")
    if not isinstance(raw_cards, list) or not raw_cards:
        problems.append(f"{path}: no [[card]] tables: a catalogue needs at least one card")
        return catalog_id, [], problems
    unknown = sorted(set(data) - {"catalog", "title", "card"})
    if unknown:
        problems.append(f"{path}: unknown top-level keys {unknown}; allowed: catalog, title, card")
    cards, card_problems = validate_cards(raw_cards, str(path))
    return catalog_id, cards, problems + card_problems


def write_catalog_file(
    path: Path, catalog_id: str, cards: Iterable[CardDef], title: str = ""
) -> None:
    data: dict[str, Any] = {"catalog": catalog_id}
    if title:
        data["title"] = title
    data["card"] = [card_to_data(card) for card in cards]
    path.write_text(tomli_w.dumps(data))


def tavola_home() -> Path:
    """The user's own Tavola folder: `TAVOLA_HOME`, else the per-user data folder
    (`$XDG_DATA_HOME/tavola`, `~/.local/share/tavola`; `%APPDATA%\\tavola` on Windows)."""
    home = os.environ.get("TAVOLA_HOME")
    if home:
        return Path(home)
    if os.name == "nt" and os.environ.get("APPDATA"):
        return Path(os.environ["APPDATA"]) / "tavola"
    data = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data) / "tavola"


def user_catalog_dir() -> Path:
    """Where `tavola cards import` writes without `--out`, and where the user's own
    catalogues are found by id (never the installed package)."""
    return tavola_home() / "legends" / "catalogues"


def content_dirs() -> list[Path]:
    extra = os.environ.get("TAVOLA_LEGENDS_CONTENT", "")
    return [CONTENT_DIR, *(Path(p) for p in extra.split(os.pathsep) if p), user_catalog_dir()]


def catalog_files() -> dict[str, Path]:
    """Catalogue id → file, over the platform's and the user's content folders."""
    found: dict[str, Path] = {}
    for directory in content_dirs():
        for path in sorted(directory.glob("*.toml")):
            with path.open("rb") as fh:
                try:
                    catalog_id = tomllib.load(fh).get("catalog", path.stem)
                except tomllib.TOMLDecodeError:
                    catalog_id = path.stem
            found.setdefault(str(catalog_id), path)
    return found


@cache
def load_catalog(catalog_id: str = DEFAULT_CATALOG) -> Catalog:
    """A named catalogue; raises `ContentError` listing every problem of its file."""
    files = catalog_files()
    if catalog_id not in files:
        raise ContentError([f"unknown catalogue '{catalog_id}'; known: {', '.join(sorted(files))}"])
    _, cards, problems = read_catalog_file(files[catalog_id])
    if problems:
        raise ContentError(problems)
    return Catalog(catalog_id, cards)


def resolve_catalog(spec: str | Iterable[str | Mapping[str, Any]]) -> Catalog:
    """A game's `catalog` option: an id, or a list mixing ids and inline card tables
    (later entries add to earlier ones; a repeated card id is an error). A table holding
    only `catalog = "ID"` names the inline cards (a catalogue file's own id)."""
    if isinstance(spec, str):
        return load_catalog(spec)
    cards: list[CardDef] = []
    inline: list[Mapping[str, Any]] = []
    names: list[str] = []
    inline_name = "inline"
    for entry in spec:
        if isinstance(entry, str):
            cards.extend(load_catalog(entry).cards())
            names.append(entry)
        elif set(entry) == {"catalog"} and isinstance(entry["catalog"], str):
            inline_name = entry["catalog"]  # the name of the inline cards (a file's id)
        else:
            inline.append(entry)
    if inline:
        extra, problems = validate_cards(inline, "config.catalog")
        if problems:
            raise ContentError(problems)
        cards.extend(extra)
        names.append(inline_name)
    ids = [c.card_id for c in cards]
    repeated = sorted({i for i in ids if ids.count(i) > 1})
    if repeated:
        raise ContentError([f"config.catalog: card ids defined twice: {', '.join(repeated)}"])
    return Catalog("+".join(names), cards)
