"""Season dice and face codes (§3.1, §3.2): the shipped dice.json against the spec's table,
face-code parsing, and the load checks."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tavola.games.seasons.dice import (
    DICE,
    DICE_FILE,
    SEASONS,
    dice_with_face,
    face_at,
    face_index,
    load_dice,
    rate,
    season_of,
    transmuted,
)
from tavola.games.seasons.errors import DataInvalid
from tavola.games.seasons.faces import Face, FaceError, face_code, parse_face

# The §3.2 table, copied from the spec: die id → faces 1–6.
TABLE: dict[str, tuple[str, ...]] = {
    "wi1": ("1F * T /3", "2W * /2", "2W +3c /1", "2A * /3", "D /2", "1W 1A T /1"),
    "wi2": ("2W * /3", "2W +1c /2", "2F * /1", "D /3", "1W 1A T /2", "1A * T /1"),
    "wi3": ("2W * /1", "1A * T /2", "1W 1A T /3", "D /1", "1F * /2", "2W +3c /3"),
    "wi4": ("1W 1A T /1", "2W +2c /2", "1A * T /3", "2W * /1", "+6c /2", "1F * /3"),
    "wi5": ("2A T /2", "+6c /3", "1F * /1", "1A * T /1", "2W * /3", "2W +1c /2"),
    "sp1": ("D /2", "2W * /3", "2E +3c /1", "2E * /2", "1A * T /3", "1W 1E T /1"),
    "sp2": ("1W * T /1", "1W 1E T /2", "D /3", "2A * /1", "2E +1c /2", "2E * /3"),
    "sp3": ("2E * /1", "1W * T /2", "1W 1E T /3", "D /1", "1A * /2", "2E +3c /3"),
    "sp4": ("1W 1E T /1", "2E +2c /2", "1W * T /3", "2E * /1", "+6c /2", "1A * /3"),
    "sp5": ("1W * T /1", "2W T /2", "+6c /3", "1A * /1", "2E +1c /2", "2E * /3"),
    "su1": ("D /2", "2E * /3", "2F +3c /1", "2F * /2", "1W * T /3", "1E 1F T /1"),
    "su2": ("1E 1F T /2", "D /3", "2W * /1", "2F +1c /2", "2F * /3", "1E * T /1"),
    "su3": ("1E * T /2", "1E 1F T /3", "D /1", "1W * /2", "2F +3c /3", "2F * /1"),
    "su4": ("2F +2c /2", "1E * T /3", "2F * /1", "+6c /2", "1W * /3", "1E 1F T /1"),
    "su5": ("2F * /3", "1E * T /1", "2E T /2", "+6c /3", "1W * /1", "2F +1c /2"),
    "au1": ("1F 1A T /1", "D /2", "2F * /3", "2A +3c /1", "2A * /2", "1E * T /3"),
    "au2": ("1F * T /1", "1F 1A T /2", "D /3", "2E * /1", "2A +1c /2", "2A * /3"),
    "au3": ("2A * /1", "1F * T /2", "1F 1A T /3", "D /1", "1E * /2", "2A +3c /3"),
    "au4": ("1F 1A T /1", "2A +2c /2", "1F * T /3", "2A * /1", "+6c /2", "1E * /3"),
    "au5": ("2F T /2", "+6c /3", "1E * /1", "2A +1c /2", "2A * /3", "1F * T /1"),
}
SEASON_OF_PREFIX = {"wi": "winter", "sp": "spring", "su": "summer", "au": "autumn"}


@pytest.mark.parametrize("die_id", sorted(TABLE))
def test_shipped_dice_are_the_spec_table(die_id: str) -> None:
    """(§3.2) Every face of dice.json writes as the spec's code, and the code parses back."""
    faces = DICE[SEASON_OF_PREFIX[die_id[:2]]][die_id]
    assert [face_code(face) for face in faces] == list(TABLE[die_id])
    assert [parse_face(code) for code in TABLE[die_id]] == list(faces)


def test_dice_are_five_per_season_in_id_order() -> None:
    """(§3.2) 20 dice, 5 per season, listed wi1…wi5 and so on."""
    assert list(DICE) == list(SEASONS)
    for season, dice in DICE.items():
        prefix = season[:2]
        assert list(dice) == [f"{prefix}{i}" for i in range(1, 6)]
        assert all(sorted(f.pips for f in faces) == [1, 1, 2, 2, 3, 3] for faces in dice.values())


def test_face_codes_are_case_insensitive_in_any_order() -> None:
    """(§3.2) Tokens in any order and case; the canonical code puts them back in order."""
    face = parse_face("/3 t * 1f")
    assert face == Face(
        energy=(0, 0, 1, 0), crystals=0, star=True, transmute=True, draw=False, pips=3
    )
    assert face_code(face) == "1F * T /3"
    assert face_code(parse_face("  +3C   /1 2w ")) == "2W +3c /1"
    assert face_code(parse_face("1a /2 1w t")) == "1W 1A T /2"


@pytest.mark.parametrize(
    ("code", "reason"),
    [
        ("", "the face code is empty"),
        ("2W * /2 X", "unknown token 'X'"),
        ("2W * /2 +c", "unknown token '+c'"),
        ("2W *", "exactly one pips token /p is needed"),
        ("2W * /1 /2", "exactly one pips token /p is needed"),
        ("3W * /1", "an energy count must be 1 or 2, not '3W'"),
        ("1W 2w /1", "energy W appears twice"),
        ("+4c /1", "crystals must be +1c, +2c, +3c or +6c, not '+4c'"),
        ("+1c +2c /1", "crystals appear twice"),
        ("D /4", "pips must be /1, /2 or /3, not '/4'"),
        ("1W T t /1", "'t' appears twice"),
        ("T /2", "a transmute face (T) also shows energy"),
        ("D +3c /2", "a draw face (D) shows nothing else but its pips"),
        ("/2", "the face shows nothing but its pips"),
    ],
)
def test_bad_face_codes_say_why(code: str, reason: str) -> None:
    """(§3.2, §6.2 BAD_FACE_CODE) A code that is no face is refused with a short reason."""
    with pytest.raises(FaceError) as caught:
        parse_face(code)
    assert caught.value.reason == reason


def test_season_of_month() -> None:
    """(§3.1) Three months per season, winter first."""
    seasons = [season_of(month) for month in range(1, 13)]
    assert seasons == ["winter"] * 3 + ["spring"] * 3 + ["summer"] * 3 + ["autumn"] * 3
    with pytest.raises(ValueError):
        season_of(13)


def test_transmutation_rates() -> None:
    """(§3.1) The season's missing energy is worth 3; the §7 worked examples."""
    assert [rate("winter", x) for x in "WEFA"] == [1, 3, 2, 1]
    assert [rate("spring", x) for x in "WEFA"] == [1, 1, 3, 2]
    assert [rate("summer", x) for x in "WEFA"] == [2, 1, 1, 3]
    assert [rate("autumn", x) for x in "WEFA"] == [3, 2, 1, 1]
    energy_and_crystals = parse_face("2W +3c /1")
    assert transmuted(energy_and_crystals, "winter") + energy_and_crystals.crystals == 5
    assert transmuted(parse_face("1F * /2"), "winter") == 2
    assert transmuted(parse_face("2E * /1"), "autumn") == 4
    assert transmuted(parse_face("2W * /1"), "summer") == 4
    assert transmuted(parse_face("2A * /1"), "spring") == 4


@pytest.mark.parametrize(
    ("code", "dice"),
    [
        ("2A * /3", ["wi1"]),
        ("D /2", ["wi1"]),
        ("2W * /2", ["wi1"]),
        ("+6c /3", ["wi5"]),
        ("2W * /1", ["wi3", "wi4"]),
        ("2E * /1", []),
    ],
)
def test_dice_with_face_in_winter(code: str, dice: list[str]) -> None:
    """(R5, scenario 27) Which winter dice show a reported face, in id order."""
    assert dice_with_face("winter", parse_face(code)) == dice


def test_face_index_and_face_at() -> None:
    """(§3.6 dice: face_index 1–6) The index of a face on its die and back."""
    face = parse_face("+6c /3")
    assert face_index("wi5", face) == 2
    assert face_at("wi5", 2) == face
    assert face_at("au5", 6) == parse_face("1F * T /1")


def _write(tmp_path: Path, data: Any) -> Path:
    path = tmp_path / "dice.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _shipped() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(DICE_FILE.read_text(encoding="utf-8"))
    return data


def test_a_copy_of_the_shipped_file_loads(tmp_path: Path) -> None:
    """(§11.22) A corrected dice.json that passes the checks replaces the table."""
    data = _shipped()
    data["winter"]["wi1"][0]["crystals"] = 1
    dice = load_dice(_write(tmp_path, data))
    assert face_code(dice["winter"]["wi1"][0]) == "1F +1c * T /3"


def test_load_refuses_a_season_with_four_dice(tmp_path: Path) -> None:
    """(§3.2) 5 dice per season, or DATA_INVALID."""
    data = _shipped()
    del data["spring"]["sp3"]
    with pytest.raises(DataInvalid) as caught:
        load_dice(_write(tmp_path, data))
    assert str(caught.value) == (
        "DATA_INVALID: dice.json: spring: needs 5 dice sp1, sp2, sp3, sp4, sp5, "
        "has sp1, sp2, sp4, sp5"
    )
    assert caught.value.code == "DATA_INVALID"


def test_load_refuses_a_die_with_five_faces(tmp_path: Path) -> None:
    """(§3.2) 6 faces per die, or DATA_INVALID."""
    data = _shipped()
    data["summer"]["su2"].pop()
    with pytest.raises(DataInvalid) as caught:
        load_dice(_write(tmp_path, data))
    assert str(caught.value) == "DATA_INVALID: dice.json: summer.su2: needs 6 faces, has 5 faces"


@pytest.mark.parametrize(
    ("field", "value", "reason"),
    [
        ("pips", 4, "pips must be 1, 2 or 3"),
        ("pips", 0, "pips must be 1, 2 or 3"),
        ("crystals", 5, "crystals must be 0, 1, 2, 3 or 6"),
        ("star", 1, "star must be true or false"),
        ("energy", {"W": 3, "E": 0, "F": 0, "A": 0}, "energy W must be 0, 1 or 2"),
        ("energy", {"W": 1}, "energy must be an object with exactly W, E, F and A"),
        ("draw", True, "a draw face (D) shows nothing else but its pips"),
    ],
)
def test_load_refuses_a_bad_face(tmp_path: Path, field: str, value: Any, reason: str) -> None:
    """(§3.2) Each face must be one a face code can write, pips 1–3."""
    data = _shipped()
    data["autumn"]["au4"][2][field] = value
    with pytest.raises(DataInvalid) as caught:
        load_dice(_write(tmp_path, data))
    assert caught.value.problems == [f"autumn.au4 face 3: {reason}"]


def test_load_names_every_problem_one_per_line(tmp_path: Path) -> None:
    """(§3.2) Several problems: one DATA_INVALID line each."""
    data = _shipped()
    data["winter"]["wi1"][0]["pips"] = 7
    data["autumn"]["au1"] = data["autumn"]["au1"][:3]
    data["extra"] = {}
    with pytest.raises(DataInvalid) as caught:
        load_dice(_write(tmp_path, data))
    assert str(caught.value).splitlines() == [
        "DATA_INVALID: dice.json: unknown season(s) extra",
        "DATA_INVALID: dice.json: winter.wi1 face 1: pips must be 1, 2 or 3",
        "DATA_INVALID: dice.json: autumn.au1: needs 6 faces, has 3 faces",
    ]


def test_load_refuses_a_file_that_is_not_json(tmp_path: Path) -> None:
    """(§3.2) An unreadable file aborts the start the same way."""
    path = tmp_path / "dice.json"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(DataInvalid) as caught:
        load_dice(path)
    assert str(caught.value).startswith("DATA_INVALID: dice.json: cannot read the file")
