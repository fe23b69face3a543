"""`tavola cards`, the Legends command group contributed through the `tavola.commands` entry
point group: list, show, validate, lint, export and import."""

import json

from typer.testing import CliRunner

from tavola.cli import app

runner = CliRunner()


def invoke(*args, input=None):
    return runner.invoke(app, list(args), input=input)


def test_cards_list_filters_by_type_and_rarity_as_json():
    result = invoke("cards", "list", "--type", "character", "--rarity", "M", "--json")
    cards = json.loads(result.output)
    assert cards and all(c["type"] == "character" and c["rarity"] == "M" for c in cards)


def test_cards_show_prints_every_field():
    result = invoke("cards", "show", "S1-001")
    assert result.exit_code == 0
    assert "name_en" in result.output and "hp" in result.output


def test_cards_show_unknown_id_exits_1():
    assert invoke("cards", "show", "S1-999").exit_code == 1


def test_cards_validate_reports_each_error_and_exits_1(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text(
        'catalog = "bad"\n[[card]]\ncard_id = "B-1"\nname = "x"\ntype = "character"\n'
        'rarity = "C"\nseries = "B"\nalignment = "lawful_good"\nsub_type = "pure"\n'
        "hp = 0\nstr = 10\nmp = 200\ndef = 10\n"
    )
    result = invoke("cards", "validate", str(bad))
    assert result.exit_code == 1
    lines = [line for line in result.output.splitlines() if "B-1" in line]
    assert len(lines) == 2


def test_cards_validate_all_bundled_catalogues():
    result = invoke("cards", "validate")
    assert result.exit_code == 0
    assert "OK" in result.output


def test_cards_lint_passes_on_the_starter_set():
    assert invoke("cards", "lint").exit_code == 0


def test_cards_export_then_import_round_trips(tmp_path):
    csv_path, out = tmp_path / "cards.csv", tmp_path / "back.toml"
    assert invoke("cards", "export", "--csv", str(csv_path)).exit_code == 0
    text = csv_path.read_text().replace("S1-001,Sentinella della Torre Chiara", "S1-001,Sentinella")
    csv_path.write_text(text)
    result = invoke("cards", "import", "--csv", str(csv_path), "--out", str(out))
    assert result.exit_code == 0, result.output
    assert 'name = "Sentinella"' in out.read_text()


def test_cards_import_refuses_a_bad_row(tmp_path):
    csv_path = tmp_path / "cards.csv"
    invoke("cards", "export", "--csv", str(csv_path))
    lines = csv_path.read_text().splitlines()
    lines[1] = lines[1].replace(",300,", ",5000,", 1)
    csv_path.write_text("\n".join(lines) + "\n")
    result = invoke("cards", "import", "--csv", str(csv_path), "--out", str(tmp_path / "x.toml"))
    assert result.exit_code == 1
    assert "field 'hp'" in result.output
