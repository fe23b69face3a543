"""League at the terminal through `tavola play league`: bot tables, a person typing at
standard input against `basic`, hotseat handovers before each private choice, lineups from
presets and files, and bad requests refused naming the flag."""

from pathlib import Path

from typer.testing import CliRunner

from tavola.cli import app
from tavola.core import GameRecord

runner = CliRunner()
EXAMPLE = Path(__file__).parents[3] / "examples" / "league" / "star_rush.toml"


EVERY_MOVE = "".join(f"{n}\n" for n in (1, 11, 12, 13, 14, 15, 16, 17, *range(21, 45)))
"""Each menu number but concede (0) once: typed over and over, each prompt takes the first
one it shows (the others are refused and asked again)."""


def answers(times: int) -> str:
    return EVERY_MOVE * times


def invoke(*args, input=None):
    return runner.invoke(app, ["play", "league", *args], input=input)


def test_bot_table_prints_the_same_play_by_play_every_time():
    args = ("--seats", "basic,basic", "--seed", "7", "--lang", "en")
    first, second = invoke(*args), invoke(*args)
    assert first.exit_code == 0, first.output
    assert first.output == second.output
    assert "Turn 1 begins." in first.output and "Final life:" in first.output


def test_a_person_plays_a_whole_battle_against_basic_by_typing_numbers(tmp_path):
    record = tmp_path / "battle.json"
    result = invoke(
        "--seats",
        "human,basic",
        "--lineups",
        "preset_a,preset_b",
        "--seed",
        "4",
        "--max-turns",
        "3",
        "--lang",
        "en",
        "--save",
        str(record),
        input=answers(40),
    )
    assert result.exit_code == 0, result.output
    assert "Player 1 (you)" in result.output
    assert "What do you do?" in result.output and "Keep the die at" in result.output
    saved = GameRecord.load(record)
    assert any(entry.seat == "0" for entry in saved.log)


def short_game_against_basic(lang):
    """Two turns as the first seat against `basic`, always taking the first choice."""
    args = ["--seats", "human,basic", "--seed", "4", "--max-turns", "2", "--lang", lang]
    return invoke(*args, input=answers(20))


def test_the_board_shows_own_cards_and_the_opponents_as_backs():
    result = short_game_against_basic("en")
    assert result.exit_code == 0, result.output
    assert "▮ face down" in result.output
    assert "Hand:" in result.output and "Waiting room: 7 not yet seen" in result.output


def test_the_table_speaks_japanese():
    result = invoke(
        "--seats",
        "human,basic",
        "--seed",
        "4",
        "--max-turns",
        "2",
        "--lang",
        "ja",
        input=answers(20),
    )
    assert result.exit_code == 0, result.output
    assert "プレイヤー1（あなた）" in result.output and "どうしますか？" in result.output


def test_a_wrong_number_is_asked_again():
    result = invoke(
        "--seats",
        "human,basic",
        "--seed",
        "4",
        "--max-turns",
        "1",
        "--lang",
        "it",
        input="99\nabc\n" + answers(10),
    )
    assert result.exit_code == 0, result.output
    assert "Scrivi uno dei numeri mostrati: " in result.output


def test_r8_hotseat_hands_the_terminal_over_before_each_players_private_choice():
    result = invoke(
        "--seats",
        "human,human",
        "--seed",
        "4",
        "--max-turns",
        "1",
        "--lang",
        "en",
        input=answers(20),
    )
    assert result.exit_code == 0, result.output
    assert "Player 1: press Enter when only you can see the screen" in result.output
    assert "Player 2: press Enter when only you can see the screen" in result.output


def test_lineups_from_a_file_and_a_preset():
    result = invoke(
        "--seats",
        "basic,basic",
        "--lineups",
        f"{EXAMPLE},preset_b",
        "--seed",
        "2",
        "--lang",
        "en",
    )
    assert result.exit_code == 0, result.output
    assert "Player 1 has chosen a lineup (gimmick stage: Purgatory)." in result.output


def test_custom_mode_asks_the_person_for_a_lineup():
    result = invoke(
        "--seats",
        "human,basic",
        "--mode",
        "custom",
        "--seed",
        "4",
        "--max-turns",
        "1",
        "--lang",
        "en",
        input=answers(10),
    )
    assert result.exit_code == 0, result.output
    assert "Lineup Starstrike (gimmick stage: Galaxy)" in result.output


def test_quitting_leaves_the_battle_unfinished():
    result = invoke("--seats", "human,basic", "--seed", "4", "--lang", "en", input="")
    assert result.exit_code == 1
    assert "Game left unfinished." in result.output


def test_bad_requests_are_refused_naming_the_flag():
    unknown = invoke("--seats", "basic,basic", "--lineups", "nowhere,preset_b")
    assert unknown.exit_code == 2 and "--lineups" in unknown.output
    three = invoke("--seats", "basic,basic,basic")
    assert three.exit_code == 2 and "seats" in three.output
    one = invoke("--seats", "basic,basic", "--lineups", "preset_a")
    assert one.exit_code == 2 and "--lineups" in one.output


def test_the_board_writes_life_as_an_italian_reader_does():
    result = short_game_against_basic("it")
    assert result.exit_code == 0, result.output
    assert "vita 10.000" in result.output and "vita 10000" not in result.output


def test_the_help_of_play_league_lists_its_languages_japanese_too():
    result = runner.invoke(app, ["play", "league", "--help"])
    assert result.exit_code == 0
    assert "languages: it, en, ja" in " ".join(result.output.split())


def test_an_unknown_language_is_refused_naming_the_games_languages():
    result = invoke("--seats", "basic,basic", "--lang", "de")
    assert result.exit_code == 2
    assert "unknown language 'de'" in result.output and "it, en, ja" in result.output


def test_menu_numbers_keep_their_move_for_the_whole_battle():
    """Random battles: whenever a seat's menu shows a number, it names the same move as
    every other time — one card, one legend, one kind of step choice; 0 always concedes."""
    import random

    from tavola.core import Table
    from tavola.games.league.content import starter
    from tavola.games.league.terminal_menu import menu

    presets = list(starter().presets)
    step_choices = {
        1: {"keep_die", "pass", "designate_none", "declare_attack", "declare_block", "yes"},
        2: {"declare_no_attack", "declare_no_block", "no"},
    }
    for seed in range(3):
        table = Table("league", {"lineups": ["preset_a", "preset_b"]}, seed)
        meaning: dict[tuple[str, int], str] = {}
        rng = random.Random(seed)
        while table.to_act:
            seat = sorted(table.to_act)[0]
            legal = table.game.legal_actions(table.state, seat)
            for number, positions in menu(table.state, seat, legal, presets):
                moves = {legal[p] for p in positions}
                if number == 0:
                    assert {m.type for m in moves} == {"concede"}
                elif number in step_choices and legal[positions[0]].type != "submit_lineup":
                    kinds = {
                        ("yes" if m.args["yes"] else "no") if m.type == "take_extra" else m.type
                        for m in moves
                    }
                    assert kinds <= step_choices[number]
                elif number > 10:
                    names = {
                        str(m.args.get("legend") or table.state.cards[m.args["card"]])
                        for m in moves
                    }
                    assert len(names) == 1, names
                    name = names.pop()
                    assert meaning.setdefault((seat, number), name) == name
            choices = [a for a in legal if a.type != "concede"] or legal
            table.act(seat, choices[rng.randrange(len(choices))])


def test_help_explains_the_numbers_and_asks_again():
    result = invoke(
        "--seats",
        "human,basic",
        "--seed",
        "4",
        "--max-turns",
        "1",
        "--lang",
        "en",
        input="?\nhelp\n" + answers(10),
    )
    assert result.exit_code == 0, result.output
    assert result.output.count("The numbers keep their meaning all battle") == 2
    assert "   0. Concede the battle" in result.output
