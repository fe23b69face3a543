"""Cards to and from CSV, so that a designer can edit stats in a spreadsheet. Lists of
effects and auras travel as JSON text in one cell; the way back gets the same validation
as a TOML file."""

from __future__ import annotations

import csv
import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from .cards import FIELD_ORDER, CardDef, card_to_data
from .catalog import validate_cards

JSON_COLUMNS = ("effects", "auras")
INT_COLUMNS = ("hp", "str", "mp", "def", "phases")
BOOL_COLUMNS = ("tournament_legal", "is_monster")


def export_csv(cards: Iterable[CardDef], path: Path) -> int:
    rows = 0
    with path.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=FIELD_ORDER)
        writer.writeheader()
        for card in cards:
            data = card_to_data(card)
            for column in JSON_COLUMNS:
                if column in data:
                    data[column] = json.dumps(data[column], ensure_ascii=False)
            writer.writerow(data)
            rows += 1
    return rows


def _cell(column: str, text: str, where: str) -> Any:
    if column in JSON_COLUMNS:
        try:
            return json.loads(text)
        except json.JSONDecodeError as exc:
            raise ValueError(f"{where}: field '{column}': not valid JSON ({exc.msg})") from None
    if column in INT_COLUMNS:
        try:
            return int(text)
        except ValueError:
            raise ValueError(f"{where}: field '{column}': '{text}' is not a whole number") from None
    if column in BOOL_COLUMNS:
        lowered = text.lower()
        if lowered in ("true", "1", "yes", "sì", "si"):
            return True
        if lowered in ("false", "0", "no"):
            return False
        raise ValueError(f"{where}: field '{column}': '{text}' is not true or false")
    return text


def import_csv(path: Path) -> tuple[list[CardDef], list[str]]:
    """Reads and validates a CSV of cards: (valid cards, one line per problem)."""
    problems: list[str] = []
    raw_cards: list[dict[str, Any]] = []
    rows: list[str] = []
    with path.open(newline="", encoding="utf-8") as fh:
        reader = csv.DictReader(fh)
        unknown = sorted(set(reader.fieldnames or []) - set(FIELD_ORDER))
        if unknown:
            problems.append(f"{path}: unknown columns {unknown}; allowed: {', '.join(FIELD_ORDER)}")
        for line, row in enumerate(reader, start=2):
            where = f"{path}: row {line}: card {row.get('card_id') or '?'}"
            raw: dict[str, Any] = {}
            for column, text in row.items():
                if column is None or column in unknown or text is None or text == "":
                    continue
                try:
                    raw[column] = _cell(column, text.strip(), where)
                except ValueError as exc:
                    problems.append(str(exc))
            raw_cards.append(raw)
            rows.append(f"row {line}")
    if problems:
        return [], problems
    return validate_cards(raw_cards, str(path), rows)
