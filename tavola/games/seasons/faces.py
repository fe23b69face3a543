"""Season-die faces and their text codes (§3.2).

A face code is tokens separated by spaces, case-insensitive, in any order: `nX` energy
(n 1–2, X one of W E F A), `+nc` crystals (n 1, 2, 3 or 6), `*` star, `T` transmute, `D` draw
a card, and exactly one `/p` pips (1–3). `face_code` writes the canonical order: energies
W, E, F, A, then `+nc`, `*`, `T`, `D`, `/p`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, TypeGuard

ENERGY_TYPES = ("W", "E", "F", "A")
CRYSTAL_AMOUNTS = (1, 2, 3, 6)

_ENERGY = re.compile(r"(\d+)([WEFA])")
_CRYSTALS = re.compile(r"\+(\d+)C")
_PIPS = re.compile(r"/(\d+)")


class FaceError(ValueError):
    """A face code or face record that no season die could show; `reason` says why in a
    short English sentence (the engine quotes it in `BAD_FACE_CODE "<code>: <reason>"`)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True, slots=True)
class Face:
    """One die face: energy tokens per type (W, E, F, A), crystals, the star (summoning
    gauge), transmute, the draw-a-card symbol and the pips."""

    energy: tuple[int, int, int, int]
    crystals: int
    star: bool
    transmute: bool
    draw: bool
    pips: int

    @property
    def has_energy(self) -> bool:
        return any(self.energy)

    def energy_of(self, kind: str) -> int:
        return self.energy[ENERGY_TYPES.index(kind)]

    def to_data(self) -> dict[str, Any]:
        """The face as a `dice.json` record (§3.2)."""
        return {
            "energy": dict(zip(ENERGY_TYPES, self.energy, strict=True)),
            "crystals": self.crystals,
            "star": self.star,
            "transmute": self.transmute,
            "draw": self.draw,
            "pips": self.pips,
        }

    def __str__(self) -> str:
        return face_code(self)


def face_code(face: Face) -> str:
    """The canonical code of `face` (§3.2 order)."""
    tokens = [f"{n}{kind}" for kind, n in zip(ENERGY_TYPES, face.energy, strict=True) if n]
    if face.crystals:
        tokens.append(f"+{face.crystals}c")
    if face.star:
        tokens.append("*")
    if face.transmute:
        tokens.append("T")
    if face.draw:
        tokens.append("D")
    tokens.append(f"/{face.pips}")
    return " ".join(tokens)


def parse_face(code: str) -> Face:
    """The face a code describes; `FaceError` with the reason when it is not a face (§3.2)."""
    tokens = code.split()
    if not tokens:
        raise FaceError("the face code is empty")
    energy = dict.fromkeys(ENERGY_TYPES, 0)
    crystals: int | None = None
    symbols: set[str] = set()
    pips: list[int] = []
    for token in tokens:
        upper = token.upper()
        if upper in ("*", "T", "D"):
            if upper in symbols:
                raise FaceError(f"'{token}' appears twice")
            symbols.add(upper)
        elif match := _ENERGY.fullmatch(upper):
            n, kind = int(match.group(1)), match.group(2)
            if n not in (1, 2):
                raise FaceError(f"an energy count must be 1 or 2, not '{token}'")
            if energy[kind]:
                raise FaceError(f"energy {kind} appears twice")
            energy[kind] = n
        elif match := _CRYSTALS.fullmatch(upper):
            n = int(match.group(1))
            if n not in CRYSTAL_AMOUNTS:
                raise FaceError(f"crystals must be +1c, +2c, +3c or +6c, not '{token}'")
            if crystals is not None:
                raise FaceError("crystals appear twice")
            crystals = n
        elif match := _PIPS.fullmatch(upper):
            n = int(match.group(1))
            if n not in (1, 2, 3):
                raise FaceError(f"pips must be /1, /2 or /3, not '{token}'")
            pips.append(n)
        else:
            raise FaceError(f"unknown token '{token}'")
    if len(pips) != 1:
        raise FaceError("exactly one pips token /p is needed")
    face = Face(
        energy=(energy["W"], energy["E"], energy["F"], energy["A"]),
        crystals=crystals or 0,
        star="*" in symbols,
        transmute="T" in symbols,
        draw="D" in symbols,
        pips=pips[0],
    )
    check_face(face)
    return face


def check_face(face: Face) -> None:
    """The §3.2 facts every face obeys, whatever its source: some symbol besides the pips,
    `T` always with energy, `D` alone. Raises `FaceError`."""
    if not (face.has_energy or face.crystals or face.star or face.transmute or face.draw):
        raise FaceError("the face shows nothing but its pips")
    if face.transmute and not face.has_energy:
        raise FaceError("a transmute face (T) also shows energy")
    if face.draw and (face.has_energy or face.crystals or face.star or face.transmute):
        raise FaceError("a draw face (D) shows nothing else but its pips")


def face_from_data(data: Any) -> Face:
    """A face from its `dice.json` record (§3.2); `FaceError` names the bad field."""
    if not isinstance(data, dict):
        raise FaceError("a face must be an object")
    expected = {"energy", "crystals", "star", "transmute", "draw", "pips"}
    if missing := sorted(expected - data.keys()):
        raise FaceError(f"missing field(s) {', '.join(missing)}")
    if extra := sorted(data.keys() - expected):
        raise FaceError(f"unknown field(s) {', '.join(extra)}")
    energy = data["energy"]
    if not isinstance(energy, dict) or set(energy) != set(ENERGY_TYPES):
        raise FaceError("energy must be an object with exactly W, E, F and A")
    for kind in ENERGY_TYPES:
        if not _is_int(energy[kind]) or not 0 <= energy[kind] <= 2:
            raise FaceError(f"energy {kind} must be 0, 1 or 2")
    crystals = data["crystals"]
    if not _is_int(crystals) or crystals not in (0, *CRYSTAL_AMOUNTS):
        raise FaceError("crystals must be 0, 1, 2, 3 or 6")
    for flag in ("star", "transmute", "draw"):
        if not isinstance(data[flag], bool):
            raise FaceError(f"{flag} must be true or false")
    pips = data["pips"]
    if not _is_int(pips) or pips not in (1, 2, 3):
        raise FaceError("pips must be 1, 2 or 3")
    face = Face(
        energy=(energy["W"], energy["E"], energy["F"], energy["A"]),
        crystals=crystals,
        star=data["star"],
        transmute=data["transmute"],
        draw=data["draw"],
        pips=pips,
    )
    check_face(face)
    return face


def _is_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)
