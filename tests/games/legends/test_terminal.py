"""The command line through Typer's test runner, including a whole interactive game."""

import json

from typer.testing import CliRunner

from tavola.cli import app
from tavola.core import GameRecord

runner = CliRunner()


def invoke(*args, input=None):
    return runner.invoke(app, list(args), input=input)


def test_bot_table_prints_the_same_play_by_play_every_time():
    args = ("play", "legends", "--seats", "bot,bot,bot", "--seed", "7", "--max-clashes", "60")
    first, second = invoke(*args), invoke(*args)
    assert first.exit_code == 0, first.output
    assert first.output == second.output
    assert "Scontro 1:" in first.output and "Vince:" in first.output


def test_other_seed_gives_another_game():
    base = ("play", "legends", "--seats", "bot,bot", "--max-clashes", "40", "--lang", "en")
    assert invoke(*base, "--seed", "1").output != invoke(*base, "--seed", "2").output


def test_whole_interactive_game_driven_by_standard_input(tmp_path):
    record = tmp_path / "game.json"
    result = invoke(
        "play",
        "legends",
        "--seats",
        "human,bot,bot",
        "--ages",
        "40,9,50",
        "--seed",
        "3",
        "--max-clashes",
        "12",
        "--lang",
        "en",
        "--save",
        str(record),
        input="4\n" + "\n" * 40,
    )
    assert result.exit_code == 0, result.output
    assert "cut the deck" in result.output
    assert "press Enter to flip" in result.output
    assert "Winner:" in result.output or "Draw:" in result.output
    saved = GameRecord.load(record)
    assert saved.log[0].seat == "P1" or saved.log[0].action.type in ("cut_deck", "flip")
    assert any(e.action.to_json() == {"type": "cut_deck", "k": 4} for e in saved.log)


def test_hotseat_answers_reference_choices_and_auto_flip():
    result = invoke(
        "play",
        "legends",
        "--seats",
        "human,human",
        "--seed",
        "5",
        "--max-clashes",
        "30",
        "--lang",
        "en",
        input="\na\na\n" + "1\n" * 60,
    )
    assert result.exit_code == 0, result.output
    assert "Player 1" in result.output and "Player 2" in result.output


def test_quitting_leaves_the_game_unfinished(tmp_path):
    record = tmp_path / "left.json"
    result = invoke(
        "play",
        "legends",
        "--seats",
        "human,bot",
        "--seed",
        "3",
        "--lang",
        "en",
        "--save",
        str(record),
        input="\nq\n",
    )
    assert result.exit_code == 1
    assert "unfinished" in result.output
    assert GameRecord.load(record).log


def test_saved_game_replays_to_the_same_hash(tmp_path):
    record = tmp_path / "game.json"
    played = invoke(
        "play",
        "legends",
        "--seats",
        "bot,bot",
        "--seed",
        "11",
        "--max-clashes",
        "50",
        "--save",
        str(record),
    )
    assert played.exit_code == 0
    result = invoke("replay", str(record))
    assert result.exit_code == 0, result.output
    assert f"state_hash: {GameRecord.load(record).state_hash}" in result.output


def test_replay_of_a_tampered_record_reports_the_mismatch(tmp_path):
    record = tmp_path / "game.json"
    invoke(
        "play",
        "legends",
        "--seats",
        "bot,bot",
        "--seed",
        "11",
        "--max-clashes",
        "50",
        "--save",
        str(record),
    )
    data = json.loads(record.read_text())
    data["log"] = data["log"][:-1]
    record.write_text(json.dumps(data))
    result = invoke("replay", str(record))
    assert result.exit_code == 1
    assert "MISMATCH" in result.output


def test_bad_table_is_refused_with_its_reason():
    result = invoke("play", "legends", "--seats", "bot", "--lang", "en")
    assert result.exit_code == 2
    assert "invalid_config" in result.output


def test_scenario_run_passes_the_simplified_scenarios():
    result = invoke("scenario", "run", "scenarios/legends/simplified")
    assert result.exit_code == 0, result.output
    assert result.output.count("PASS ") >= 8


def test_scenario_run_exits_1_on_a_failure(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text(
        'title = "wrong"\ngame = "legends"\n[config]\nmode = "simplified"\n'
        'deck_source = "starter"\nplayers = [{age = 10}, {age = 20}]\n'
        '[expect]\nphase = "game_over"\n'
    )
    result = invoke("scenario", "run", str(bad))
    assert result.exit_code == 1
    assert "FAIL" in result.output and "phase: expected 'game_over'" in result.output


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


def test_bench_json_reports_the_figures():
    result = invoke("bench", "--seconds", "0.2", "--json")
    figures = json.loads(result.output)
    assert {"games_per_s", "steps_per_s", "openspiel_ttt_steps_per_s", "ratio"} <= set(figures)
    assert figures["steps_per_s"] > 0


def test_games_lists_legends():
    assert "legends" in invoke("games").output.split()


def test_bot_battle_prints_the_same_game_every_time():
    args = ("play", "legends", "--mode", "classic", "--seats", "bot,bot,bot,bot", "--seed", "11")
    first, second = invoke(*args), invoke(*args)
    assert first.exit_code == 0, first.output
    assert first.output == second.output
    assert "Vince" in first.output or "Pareggio" in first.output


def test_a_human_finishes_a_battle_at_the_terminal(tmp_path):
    record = tmp_path / "battle.json"
    result = invoke(
        "play",
        "legends",
        "--mode",
        "epic",
        "--seats",
        "human,bot",
        "--seed",
        "5",
        "--max-rounds",
        "6",
        "--lang",
        "en",
        "--save",
        str(record),
        input="1\n" * 3000,
    )
    assert result.exit_code == 0, result.output[-2000:]
    assert "Choose your main character" in result.output
    assert "What do you do?" in result.output
    assert "Winner:" in result.output or "Draw:" in result.output
    assert GameRecord.load(record).log


def test_teams_battle_in_the_terminal_names_teams():
    result = invoke(
        "play",
        "legends",
        "--mode",
        "classic",
        "--sides",
        "teams",
        "--seats",
        "bot,bot,bot,bot",
        "--teams",
        "A,B,A,B",
        "--seed",
        "3",
        "--lang",
        "en",
    )
    assert result.exit_code == 0, result.output
    assert "Game over" in result.output


def test_bot_against_the_boss_plays_the_same_game_every_time():
    args = ("play", "legends", "--mode", "classic", "--seats", "bot,boss", "--seed", "5")
    first, second = invoke(*args), invoke(*args)
    assert first.exit_code == 0, first.output
    assert first.output == second.output
    assert "Boss" in first.output


def test_a_human_plays_a_whole_game_against_the_boss():
    result = invoke(
        "play",
        "legends",
        "--mode",
        "classic",
        "--seats",
        "human,boss",
        "--seed",
        "2",
        "--boss-level",
        "2",
        "--lang",
        "en",
        input="1\n" * 4000,
    )
    assert result.exit_code == 0, result.output[-2000:]
    assert "Winner: Player 1" in result.output or "Winner: Boss" in result.output
    assert "Boss plays" in result.output or "Boss attacks" in result.output
