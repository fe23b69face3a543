"""`tavola league`, the League command group contributed through the `tavola.commands`
entry point group: team and deck validation (R1–R5, every problem with the spec's code and
a sentence in the chosen language, exit 1 on problems) and a lineup's readable text."""

from pathlib import Path

from typer.testing import CliRunner

from tavola.cli import app

runner = CliRunner()
EXAMPLES = Path(__file__).parents[3] / "examples" / "league"
GOOD, BAD = EXAMPLES / "star_rush.toml", EXAMPLES / "too_costly.toml"


def invoke(*args):
    return runner.invoke(app, ["league", *args])


def test_r1_r4_a_legal_team_is_accepted_with_its_cost():
    result = invoke("team", "validate", str(GOOD), "--lang", "en")
    assert result.exit_code == 0, result.output
    assert result.output.strip() == "The team is valid: 7 legends, cost 19 of 23."


def test_r2_r3_every_team_problem_is_listed_with_its_code_and_exit_1():
    result = invoke("team", "validate", str(BAD), "--lang", "en")
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        "DUPLICATE_LEGEND: Umbral Colossus is in the team twice",
        "TEAM_COST_EXCEEDED: The team costs 30, more than 23",
    ]


def test_r5_every_deck_problem_in_italian():
    result = invoke("deck", "validate", str(BAD), "--lang", "it")
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        "DECK_TOO_SMALL: Il mazzo ha 9 carte, meno di 20",
        "TOO_MANY_COPIES: Impeto di Forza è nel mazzo 4 volte, più di 3",
    ]


def test_r5_deck_problems_in_japanese():
    result = invoke("deck", "validate", str(BAD), "--lang", "ja")
    assert result.exit_code == 1
    assert (
        "TOO_MANY_COPIES: 力の奔流がデッキに4枚入っています（同名カードは3枚まで）" in result.output
    )


def test_r5_a_legal_deck_is_accepted():
    result = invoke("deck", "validate", str(GOOD), "--lang", "ja")
    assert result.exit_code == 0 and "デッキは有効です：38枚。" in result.output


def test_r5_unknown_ids_and_a_json_file(tmp_path):
    lineup = tmp_path / "lineup.json"
    lineup.write_text('{"team": ["L01", "L99"], "gimmick": "moon", "deck": ["C01", "C77"]}')
    team = invoke("team", "validate", str(lineup), "--lang", "en")
    assert team.exit_code == 1
    assert "UNKNOWN_LEGEND: There is no legend L99" in team.output
    assert "UNKNOWN_GIMMICK: There is no gimmick stage moon" in team.output
    deck = invoke("deck", "validate", str(lineup), "--lang", "en")
    assert "UNKNOWN_CARD: There is no card C77" in deck.output


def test_a_file_that_is_no_lineup_is_refused_in_words(tmp_path):
    broken = tmp_path / "broken.toml"
    broken.write_text("team = [")
    result = invoke("team", "validate", str(broken), "--lang", "en")
    assert result.exit_code == 1 and result.output.startswith("UNREADABLE_FILE:")
    extra = tmp_path / "extra.toml"
    extra.write_text('team = []\ncolour = "red"\n')
    result = invoke("team", "validate", str(extra), "--lang", "en")
    assert "MALFORMED_ACTION: colour: is not a field of a lineup" in result.output
    deckless = tmp_path / "team_only.toml"
    deckless.write_text('team = ["L01"]\n')
    result = invoke("deck", "validate", str(deckless), "--lang", "en")
    assert result.exit_code == 1 and "has no deck" in result.output
    assert invoke("team", "validate", str(tmp_path / "missing.toml")).exit_code == 1


def test_lineup_show_prints_team_gimmick_and_deck_in_words():
    result = invoke("lineup", "show", str(GOOD), "--lang", "en")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "Star Rush — gimmick stage: Purgatory"
    assert lines[1] == "Team (7 legends, cost 19 of 23):"
    assert lines[2].startswith("  1. Comet Lancer — Star, cost 1, damage value 1000; abilities:")
    assert "Deck (38 cards):" in lines
    assert "  3 × Power Surge — tactic card, open window, cost 2:" in result.output


def test_lineup_show_of_a_preset_applies_its_gimmick_to_costs():
    result = invoke("lineup", "show", "preset_b", "--lang", "it")
    assert result.exit_code == 0
    assert "Muro di Luna — stage gimmick: Lago salmastro" in result.output
    assert "Squadra (7 leggende, costo 21 su 23):" in result.output


def test_lineup_show_lists_the_problems_and_exits_1():
    result = invoke("lineup", "show", str(BAD), "--lang", "ja")
    assert result.exit_code == 1
    assert "問題点：" in result.output and "TEAM_COST_EXCEEDED" in result.output
