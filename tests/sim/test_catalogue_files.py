"""Issue 32: a balance proposal is a catalogue file every command accepts (`simulate`,
`tournament`; `cards` in tests/games/legends/test_commands.py), reports name the catalogue
they ran with (id and content hash), and a server table takes a catalogue by name only."""

import json

import pytest
from pydantic import ValidationError
from typer.testing import CliRunner

from tavola.cli import app
from tavola.games.legends.catalog import CONTENT_DIR, load_catalog
from tavola.games.legends.table_options import LegendsTableOptions

runner = CliRunner()
QUICK = ["--mode", "simplified", "--max-clashes", "20", "--games", "6"]


def proposal(tmp_path, *, drop=None):
    """The starter set as a proposal: id `p`, the Mythic S1-008 at HP 700."""
    text = (CONTENT_DIR / "starter_S1.toml").read_text()
    text = text.replace('catalog = "starter_S1"', 'catalog = "p"')
    assert "hp = 820" in text
    text = text.replace("hp = 820", "hp = 700", 1)
    if drop:
        head, _, rest = text.partition(f'card_id = "{drop}"')
        head = head[: head.rindex("[[card]]")]
        rest = rest[rest.index("[[card]]") :]
        text = head + rest
    path = tmp_path / "catalogue.toml"
    path.write_text(text)
    return path


def test_simulate_plays_a_catalogue_file_and_its_report_names_it(tmp_path):
    path = proposal(tmp_path)
    out = tmp_path / "run"
    args = ["simulate", "legends", *QUICK, "--catalog", str(path), "--out", str(out), "--report"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    run = json.loads((out / "run.json").read_text())
    assert run["catalogue"].startswith("p (sha256 ")
    assert run["catalogue"] != f"p (sha256 {load_catalog().content_hash()})"
    assert run["config"]["catalog"][0] == {"catalog": "p"}
    assert f"catalogue {run['catalogue']}" in (out / "report.md").read_text()
    plain = tmp_path / "plain"
    runner.invoke(app, ["simulate", "legends", *QUICK, "--out", str(plain)])
    named = json.loads((plain / "run.json").read_text())["catalogue"]
    assert named == f"starter_S1 (sha256 {load_catalog().content_hash()})"


def test_simulate_refuses_an_unknown_catalogue_clearly(tmp_path):
    result = runner.invoke(
        app, ["simulate", "legends", *QUICK, "--catalog", "nope", "--out", str(tmp_path / "o")]
    )
    assert result.exit_code == 2 and "unknown catalogue 'nope'" in result.output


def tournament_file(tmp_path):
    deck = '["S1-001", "S1-002", "S1-003", "S1-009", "S1-010", "S1-011"]'
    lines = ['game = "legends"', "seed = 5", "[tournament]", 'format = "round_robin"']
    lines += ["deck_size = 6", "max_rounds = 2"]
    for i in range(2):
        lines += ["[[entrants]]", f'name = "{"AB"[i]}lda"', 'kind = "reference"']
        lines += [f'registration = {{ age = {20 + i}, main = "S1-008", deck = {deck} }}']
    path = tmp_path / "cup.toml"
    path.write_text("\n".join(lines) + "\n")
    return path


def test_a_tournament_plays_a_catalogue_file(tmp_path):
    cup, state = tournament_file(tmp_path), tmp_path / "cup.state.json"
    args = ["tournament", str(cup), "--state", str(state), "--lang", "en"]
    result = runner.invoke(app, [*args, "--catalog", str(proposal(tmp_path))])
    assert result.exit_code == 0, result.output
    assert "catalogue p (sha256 " in result.output
    assert '"catalog": "p"' in state.read_text()
    missing = proposal(tmp_path, drop="S1-003")
    refused = runner.invoke(app, [*args, "--restart", "--catalog", str(missing)])
    assert refused.exit_code == 2 and "S1-003" in refused.output


def test_a_server_table_takes_a_catalogue_by_name_never_a_path(tmp_path, monkeypatch):
    monkeypatch.setenv("TAVOLA_HOME", str(tmp_path))
    folder = tmp_path / "legends" / "catalogues"
    folder.mkdir(parents=True)
    proposal(folder)
    assert LegendsTableOptions.model_validate({"catalog": "p"}).catalog == "p"
    assert LegendsTableOptions.model_validate({}).catalog == "starter_S1"
    for bad in ("../etc/passwd", str(folder / "catalogue.toml"), "/etc/hosts", "nope"):
        with pytest.raises(ValidationError):
            LegendsTableOptions.model_validate({"catalog": bad})
