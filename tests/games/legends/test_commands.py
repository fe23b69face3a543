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


def starter_file():
    from tavola.games.legends.catalog import CONTENT_DIR

    return CONTENT_DIR / "starter_S1.toml"


def exported_with(tmp_path, old, new):
    csv_path = tmp_path / "cards.csv"
    invoke("cards", "export", "--csv", str(csv_path))
    text = csv_path.read_text()
    assert old in text
    csv_path.write_text(text.replace(old, new, 1))
    return csv_path


def test_cards_import_without_out_writes_to_the_users_folder_never_the_package(
    tmp_path, monkeypatch
):
    """Issue 32: without --out, import overwrote the packaged starter_S1.toml."""
    from tavola.games.legends.catalog import load_catalog

    home = tmp_path / "home"
    monkeypatch.setenv("TAVOLA_HOME", str(home))
    packaged = starter_file().read_bytes()
    csv_path = exported_with(tmp_path, "S1-001,Sentinella della Torre Chiara", "S1-001,Sentinella")
    refused = invoke("cards", "import", "--csv", str(csv_path), "--catalog", "starter_S1")
    assert refused.exit_code == 1 and "installed package" in refused.output
    result = invoke("cards", "import", "--csv", str(csv_path), "--catalog", "mine")
    assert result.exit_code == 0, result.output
    written = home / "legends" / "catalogues" / "mine.toml"
    assert 'name = "Sentinella"' in written.read_text()
    assert starter_file().read_bytes() == packaged
    load_catalog.cache_clear()
    try:
        listed = invoke("cards", "lint", "--catalog", "mine")  # found by id, as any catalogue
        assert listed.exit_code == 0 and "OK mine (sha256 " in listed.output
    finally:
        load_catalog.cache_clear()


def test_cards_import_refuses_cards_outside_their_rarity_budgets_unless_forced(tmp_path):
    """Issue 32: a Common with HP 999 imported cleanly."""
    csv_path = exported_with(tmp_path, ",300,55,10,60,", ",999,55,10,60,")
    out = tmp_path / "out.toml"
    packaged = starter_file().read_bytes()
    refused = invoke("cards", "import", "--csv", str(csv_path), "--out", str(out))
    assert refused.exit_code == 1
    assert "S1-001: HP 999 exceeds the C budget 350" in refused.output
    assert not out.exists()
    forced = invoke("cards", "import", "--csv", str(csv_path), "--out", str(out), "--force")
    assert forced.exit_code == 0, forced.output
    assert "hp = 999" in out.read_text()
    assert starter_file().read_bytes() == packaged
    inside = invoke(
        "cards", "import", "--csv", str(csv_path), "--out", str(starter_file()), "--force"
    )
    assert inside.exit_code == 1 and "installed package" in " ".join(inside.output.split())
    assert starter_file().read_bytes() == packaged


def test_every_cards_command_takes_a_catalogue_file(tmp_path):
    """Issue 32: a proposal's catalogue.toml was "unknown catalogue" to `cards lint`."""
    path = tmp_path / "catalogue.toml"
    path.write_text(starter_file().read_text().replace('catalog = "starter_S1"', 'catalog = "p"'))
    lint = invoke("cards", "lint", "--catalog", str(path))
    assert lint.exit_code == 0, lint.output
    assert "OK p (sha256 " in lint.output
    shown = invoke("cards", "show", "S1-008", "--catalog", str(path))
    assert shown.exit_code == 0 and "820" in shown.output
    listed = invoke("cards", "list", "--json", "--catalog", str(path))
    assert listed.exit_code == 0 and len(json.loads(listed.output)) == 60
