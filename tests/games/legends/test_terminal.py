"""Legends at the terminal through `tavola play`: bot tables, people typing at standard input,
battles, teams, the boss, and the game's own flags."""

from typer.testing import CliRunner

from tavola.cli import app
from tavola.core import GameRecord

runner = CliRunner()
PERSON = "5\n\n1\n2\n3\n8\n"
"""A person's answers, over and over: attack (5) with the first character at the first
target numbers on offer, Enter at the other questions, then end the turn (8)."""


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


def test_bad_table_is_refused_with_its_reason():
    result = invoke("play", "legends", "--seats", "bot", "--lang", "en")
    assert result.exit_code == 2
    assert "invalid_config" in result.output


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
        input=PERSON * 500,
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
        input=PERSON * 700,
    )
    assert result.exit_code == 0, result.output[-2000:]
    assert "Winner: Player 1" in result.output or "Winner: Boss" in result.output
    assert "Boss plays" in result.output or "Boss attacks" in result.output


def test_help_lists_the_games_own_flags():
    result = invoke("play", "legends", "--help")
    assert result.exit_code == 0, result.output
    assert "Options of legends" in result.output
    for flag in ("--sides", "--boss-level", "--ages", "--timers", "--max-clashes", "--max-rounds"):
        assert flag in result.output


def test_an_unknown_flag_is_refused_naming_it_and_the_games_own():
    result = invoke("play", "legends", "--seats", "bot,bot", "--boss-lvl", "2")
    assert result.exit_code == 2
    assert "--boss-lvl" in result.output and "--boss-level" in result.output


def test_a_flag_value_the_game_refuses_names_the_flag():
    result = invoke(
        "play", "legends", "--mode", "classic", "--seats", "bot,boss", "--boss-level", "9"
    )
    assert result.exit_code == 2
    assert "--boss-level" in result.output


def test_more_ages_than_seats_are_refused():
    result = invoke("play", "legends", "--seats", "bot,bot", "--ages", "9,42,60", "--lang", "en")
    assert result.exit_code == 2
    assert "--ages gives 3 ages for 2 seats" in result.output


def test_ages_decide_who_plays_first(tmp_path):
    record = tmp_path / "game.json"
    args = ("--seats", "bot,bot", "--ages", "60,9", "--seed", "4", "--max-clashes", "5")
    assert invoke("play", "legends", *args, "--save", str(record)).exit_code == 0
    players = GameRecord.load(record).config["players"]
    assert [p["age"] for p in players] == [60, 9]


def test_timers_give_the_table_clocks(tmp_path):
    record = tmp_path / "timed.json"
    result = invoke(
        "play",
        "legends",
        "--mode",
        "classic",
        "--sides",
        "good_vs_evil",
        "--seats",
        "bot,bot",
        "--timers",
        "--max-rounds",
        "2",
        "--seed",
        "6",
        "--save",
        str(record),
    )
    assert result.exit_code == 0, result.output
    config = GameRecord.load(record).config
    assert config["timers"] == {"autopilot_after": 3}
    assert config["sides"] == "good_vs_evil" and config["max_rounds"] == 2
