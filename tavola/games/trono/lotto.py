"""Lotto numbers: the value table (§3.4), `lotto_rank` (§7.2), draw checks and import (A8)."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping
from typing import Any

from tavola.core import Rng

from .houses import WHEEL_FULL, WHEEL_NAMES, WHEELS
from .messages import reason

Numbers = dict[str, list[int]]


def value(n: int) -> int:
    """v(n): 1–15 → 0; 16–35 → 1; 36–55 → 2; 56–75 → 3; 76–90 → 4."""
    if n <= 15:
        return 0
    if n <= 35:
        return 1
    if n <= 55:
        return 2
    if n <= 75:
        return 3
    return 4


def draw_string(numbers: Mapping[str, list[int]]) -> str:
    return ";".join(f"{wheel}:" + ",".join(f"{n:02d}" for n in numbers[wheel]) for wheel in WHEELS)


def rank_key(numbers: Mapping[str, list[int]], salt: str, item: str) -> str:
    text = f"{draw_string(numbers)}|{salt}|{item}"
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def lotto_rank(items: Iterable[str], numbers: Mapping[str, list[int]], salt: str) -> list[str]:
    prefix = draw_string(numbers)
    keyed = [
        (hashlib.sha256(f"{prefix}|{salt}|{item}".encode()).hexdigest(), item) for item in items
    ]
    return [item for _, item in sorted(keyed)]


def simulate(rng: Rng) -> Numbers:
    """Practice mode: 5 distinct numbers in 1..90 per wheel, in canonical order."""
    return {wheel: rng.sample(range(1, 91), 5) for wheel in WHEELS}


class DrawProblem(Exception):
    """A bad draw: its code (A8) and what is wrong, as words of each language."""

    def __init__(self, code: str, why: str, **params: Any) -> None:
        super().__init__(f"{code}: {why} {params}")
        self.code = code
        self.detail = reason(why, **params)


def check_numbers(raw: object) -> Numbers:
    """A draw's numbers: every wheel, 5 distinct numbers in 1..90; Nazionale ignored."""
    if not isinstance(raw, Mapping):
        raise DrawProblem("E_DRAW_INCOMPLETE", "draw_not_table")
    numbers: Numbers = {}
    for key, values in raw.items():
        wheel = wheel_code(str(key))
        if wheel is None:
            continue
        if not isinstance(values, list | tuple) or not all(
            isinstance(n, int) and not isinstance(n, bool) for n in values
        ):
            raise DrawProblem("E_DRAW_INCOMPLETE", "draw_not_integers", wheel=WHEEL_FULL[wheel])
        numbers[wheel] = [int(n) for n in values]
    for wheel in WHEELS:
        if wheel not in numbers or len(numbers[wheel]) != 5:
            raise DrawProblem("E_DRAW_INCOMPLETE", "draw_five", wheel=WHEEL_FULL[wheel])
    for wheel in WHEELS:
        for n in numbers[wheel]:
            if not 1 <= n <= 90:
                raise DrawProblem("E_DRAW_RANGE", "draw_range", wheel=WHEEL_FULL[wheel], n=n)
    for wheel in WHEELS:
        for n in numbers[wheel]:
            if numbers[wheel].count(n) > 1:
                name = WHEEL_FULL[wheel]
                raise DrawProblem("E_DRAW_DUPLICATE", "draw_repeated", wheel=name, n=n)
    return {wheel: numbers[wheel] for wheel in WHEELS}


def wheel_code(name: str) -> str | None:
    """BA or Bari → BA; Nazionale and unknown names → None."""
    upper = name.strip().upper()
    if upper in WHEELS:
        return upper
    return WHEEL_NAMES.get(upper)


def parse_import(text: str) -> tuple[str, dict[str, list[int]]]:
    """The import format: `date,YYYY-MM-DD`, then `WHEEL,n1,n2,n3,n4,n5` lines."""
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    if not lines or not lines[0].lower().startswith("date,"):
        raise DrawProblem("E_IMPORT_FORMAT", "import_first_line")
    date = lines[0].split(",", 1)[1].strip()
    numbers: dict[str, list[int]] = {}
    for line in lines[1:]:
        parts = [p.strip() for p in line.split(",")]
        name = parts[0]
        if name.upper() in ("NAZIONALE", "NZ", "RN"):
            continue
        wheel = wheel_code(name)
        if wheel is None:
            raise DrawProblem("E_IMPORT_FORMAT", "unknown_wheel", wheel=name)
        try:
            numbers[wheel] = [int(p) for p in parts[1:]]
        except ValueError:
            raise DrawProblem("E_IMPORT_FORMAT", "draw_not_integers", wheel=wheel) from None
    return date, numbers
