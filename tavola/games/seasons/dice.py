"""The calendar, transmutation rates (§3.1) and the 20 season dice (§3.2), loaded from
`content/dice.json` and checked on load."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .errors import DataInvalid
from .faces import ENERGY_TYPES, Face, FaceError, face_from_data

DICE_FILE = Path(__file__).parent / "content" / "dice.json"
SEASONS = ("winter", "spring", "summer", "autumn")
DIE_PREFIX = {"winter": "wi", "spring": "sp", "summer": "su", "autumn": "au"}
DICE_PER_SEASON = 5
FACES_PER_DIE = 6

# Crystals per energy token; the season's missing energy is worth 3 (§3.1).
RATES: dict[str, dict[str, int]] = {
    "winter": {"W": 1, "E": 3, "F": 2, "A": 1},
    "spring": {"W": 1, "E": 1, "F": 3, "A": 2},
    "summer": {"W": 2, "E": 1, "F": 1, "A": 3},
    "autumn": {"W": 3, "E": 2, "F": 1, "A": 1},
}

Dice = dict[str, dict[str, tuple[Face, ...]]]


def season_of(month: int) -> str:
    """The season of a month 1–12 (§3.1): 1–3 winter, 4–6 spring, 7–9 summer, 10–12 autumn."""
    if not 1 <= month <= 12:
        raise ValueError(f"month must be 1–12, not {month}")
    return SEASONS[(month - 1) // 3]


def rate(season: str, energy: str) -> int:
    """Crystals one `energy` token (W, E, F or A) is worth in `season` (§3.1)."""
    return RATES[season][energy]


def load_dice(path: Path | None = None) -> Dice:
    """The dice of `path` (default the shipped `dice.json`), in die-id order per season.
    The §3.2 load checks — 5 dice per season, 6 faces per die, pips 1–3, each face one a
    face code can write — fail with `DataInvalid`, naming every problem."""
    path = path or DICE_FILE
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise DataInvalid(path.name, f"cannot read the file ({exc})") from exc
    problems: list[str] = []
    dice = _read_dice(data, problems)
    if problems:
        raise DataInvalid(path.name, problems)
    return dice


def _read_dice(data: Any, problems: list[str]) -> Dice:
    if not isinstance(data, dict):
        problems.append("the file must hold an object {season: {die_id: [faces]}}")
        return {}
    if unknown := [s for s in data if s not in SEASONS]:
        problems.append(f"unknown season(s) {', '.join(map(str, unknown))}")
    dice: Dice = {}
    for season in SEASONS:
        season_dice = data.get(season)
        if not isinstance(season_dice, dict):
            problems.append(f"{season}: missing, or not an object of dice")
            continue
        expected = [f"{DIE_PREFIX[season]}{i}" for i in range(1, DICE_PER_SEASON + 1)]
        if sorted(season_dice) != expected:
            problems.append(
                f"{season}: needs {DICE_PER_SEASON} dice {', '.join(expected)}, "
                f"has {', '.join(map(str, season_dice)) or 'none'}"
            )
        dice[season] = {}
        for die_id in sorted(d for d in season_dice if d in expected):
            faces = _read_die(season, die_id, season_dice[die_id], problems)
            dice[season][die_id] = faces
    return dice


def _read_die(season: str, die_id: str, data: Any, problems: list[str]) -> tuple[Face, ...]:
    where = f"{season}.{die_id}"
    if not isinstance(data, list) or len(data) != FACES_PER_DIE:
        size = len(data) if isinstance(data, list) else "no list of"
        problems.append(f"{where}: needs {FACES_PER_DIE} faces, has {size} faces")
        return ()
    faces: list[Face] = []
    for i, face_data in enumerate(data, start=1):
        try:
            faces.append(face_from_data(face_data))
        except FaceError as exc:
            problems.append(f"{where} face {i}: {exc.reason}")
    return tuple(faces)


DICE: Dice = load_dice()


def die_ids(season: str) -> list[str]:
    """The 5 die ids of `season` in id order (`wi1`…`wi5`)."""
    return list(DICE[season])


def season_of_die(die_id: str) -> str:
    for season, dice in DICE.items():
        if die_id in dice:
            return season
    raise KeyError(die_id)


def dice_with_face(season: str, face: Face) -> list[str]:
    """The ids of `season`'s dice that show `face`, in id order (for R5 `report_dice`)."""
    return [die_id for die_id, faces in DICE[season].items() if face in faces]


def face_index(die_id: str, face: Face) -> int:
    """The 1-based index of `face` on the die (the first, if a die showed it twice)."""
    faces = DICE[season_of_die(die_id)][die_id]
    return faces.index(face) + 1


def face_at(die_id: str, index: int) -> Face:
    """Face `index` (1–6) of a die."""
    return DICE[season_of_die(die_id)][die_id][index - 1]


def transmuted(face: Face, season: str) -> int:
    """Crystals the face's energy is worth at `season`'s rates (R9)."""
    return sum(n * rate(season, kind) for kind, n in zip(ENERGY_TYPES, face.energy, strict=True))
