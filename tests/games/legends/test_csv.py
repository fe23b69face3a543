"""Cards to CSV and back: same cards, same validation, problems named by row and card."""

import csv
from pathlib import Path

import pytest

from tavola.games.legends.catalog import load_catalog, read_catalog_file, write_catalog_file
from tavola.games.legends.csvio import export_csv, import_csv


@pytest.fixture
def exported(tmp_path) -> Path:
    path = tmp_path / "starter.csv"
    export_csv(load_catalog("starter_S1").cards(), path)
    return path


def rows_of(path: Path) -> list[dict[str, str]]:
    with path.open(newline="", encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


def rewrite(path: Path, rows: list[dict[str, str]]) -> Path:
    with path.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    return path


def edited(path: Path, index: int, **cells: str) -> Path:
    rows = rows_of(path)
    rows[index].update(cells)
    return rewrite(path, rows)


def test_export_writes_one_row_per_card(exported):
    starter = load_catalog("starter_S1")
    rows = rows_of(exported)
    assert len(rows) == len(starter)
    assert [r["card_id"] for r in rows] == list(starter)


def test_export_then_import_gives_the_same_cards(exported):
    cards, problems = import_csv(exported)
    assert problems == []
    assert cards == load_catalog("starter_S1").cards()


def test_import_reads_an_edited_stat(exported):
    index = next(i for i, r in enumerate(rows_of(exported)) if r["type"] == "character")
    row = rows_of(exported)[index]
    new_hp = int(row["hp"]) + 1
    cards, problems = import_csv(edited(exported, index, hp=str(new_hp)))
    assert problems == []
    assert cards[index].card_id == row["card_id"]
    assert cards[index].hp == new_hp


def test_import_reads_an_edited_effect_list(exported):
    index = next(i for i, r in enumerate(rows_of(exported)) if r["type"] == "magic")
    cells = {"target": "one_enemy_character", "effects": '[{"kind": "damage", "amount": 7}]'}
    cards, problems = import_csv(edited(exported, index, **cells))
    assert problems == []
    assert cards[index].effects[0].amount == 7


def test_hp_that_is_not_a_number_names_row_card_and_field(exported):
    cards, problems = import_csv(edited(exported, 0, hp="abc"))
    assert cards == []
    assert problems == [f"{exported}: row 2: card S1-001: field 'hp': 'abc' is not a whole number"]


def test_hp_out_of_range_names_card_and_field(exported):
    cards, problems = import_csv(edited(exported, 0, hp="5000"))
    assert len(problems) == 1
    assert "card S1-001" in problems[0]
    assert "field 'hp'" in problems[0]
    assert "less than or equal to 999" in problems[0]
    assert "S1-001" not in [c.card_id for c in cards]


def test_hp_out_of_range_names_the_row(exported):
    _, problems = import_csv(edited(exported, 0, hp="5000"))
    assert "row 2" in problems[0]


def test_broken_json_in_effects_names_row_card_and_field(exported):
    index = next(i for i, r in enumerate(rows_of(exported)) if r["type"] == "magic")
    card_id = rows_of(exported)[index]["card_id"]
    cards, problems = import_csv(edited(exported, index, effects="[{"))
    assert cards == []
    assert len(problems) == 1
    assert f"row {index + 2}: card {card_id}: field 'effects': not valid JSON" in problems[0]


def test_bad_boolean_names_row_card_and_field(exported):
    _, problems = import_csv(edited(exported, 1, is_monster="maybe"))
    assert problems == [
        f"{exported}: row 3: card S1-002: field 'is_monster': 'maybe' is not true or false"
    ]


def test_italian_yes_is_read_as_true(exported):
    cards, problems = import_csv(edited(exported, 0, is_monster="sì"))
    assert problems == []
    assert cards[0].is_monster is True


def test_unknown_column_is_reported_with_the_allowed_ones(exported):
    rows = [{**row, "colour": "red"} for row in rows_of(exported)]
    cards, problems = import_csv(rewrite(exported, rows))
    assert cards == []
    assert len(problems) == 1
    assert "unknown columns ['colour']" in problems[0]
    assert "allowed: card_id, name" in problems[0]


def test_every_bad_cell_is_reported(exported):
    rows = rows_of(exported)
    rows[0]["hp"] = "abc"
    rows[2]["def"] = "1.5"
    _, problems = import_csv(rewrite(exported, rows))
    assert len(problems) == 2
    assert "row 2: card S1-001: field 'hp'" in problems[0]
    assert "row 4: card S1-003: field 'def'" in problems[1]


def test_write_then_read_catalogue_file_round_trip(tmp_path):
    starter = load_catalog("starter_S1").cards()
    path = tmp_path / "copy.toml"
    write_catalog_file(path, "my_copy", starter, title="Copia")
    catalog_id, cards, problems = read_catalog_file(path)
    assert problems == []
    assert catalog_id == "my_copy"
    assert cards == starter


def test_written_catalogue_keeps_the_title(tmp_path):
    path = tmp_path / "copy.toml"
    write_catalog_file(path, "my_copy", load_catalog("starter_S1").cards()[:1], title="Copia")
    assert 'title = "Copia"' in path.read_text()
