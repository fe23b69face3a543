"""`tavola play seasons` (issue 18, Deliver 4): whole games typed at the terminal, card
names with suggestions and additions to the user's catalogue (§3.3), undo, the copy limit
(§6.1), the commands, and the flags."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tavola.cli import app
from tavola.core import Action, GameRecord, Table
from tavola.games.seasons.bot import ReferenceBot
from tavola.games.seasons.game import game
from tavola.games.seasons.terminal import default_catalogue_file
from tavola.games.seasons.terminal_commands import parse_command

runner = CliRunner()
PRELUDE = [
    "Amulet of Air",
    "Amulet of Fire",
    "Kairn the Destroyer",
    "Potion of Life",
    "Tree of Light",
    "Crystal Orb",
]


def typed(action: Action) -> list[str]:
    """The lines a person types at the terminal for `action`."""
    args = action.args
    if action.type == "choose_die":
        return [str(int(args["index"]) + 1)]
    if action.type == "name_cards":
        return [*args["names"], *["-"] * int(args.get("missing", 0))]
    if action.type == "prelude_assign":
        return [" ".join(str(int(args[k]) + 1) for k in ("hand", "library2", "library3"))]
    if action.type == "report_dice":
        return list(args["faces"])
    if action.type == "resolve_instruction":
        return [str(args["amount"]) if "amount" in args else ""]
    if action.type == "report_human_score":
        if "crystals" in args:
            return [f"{args['crystals']} {args['prestige']}"]
        return [str(args["total"])]
    assert action.type in ("end_human_turn", "end_round"), action
    return [""]


def play(tmp_path: Path, *args: str, lines: list[str] = (), lang: str = "en"):
    """`tavola play seasons` with the catalogue in `tmp_path` and the record saved there."""
    command = ["play", "seasons", "--seed", "5", "--lang", lang]
    command += ["--catalogue", str(tmp_path / "cards_user.json")]
    command += ["--save", str(tmp_path / "game.json"), *args]
    text = "".join(f"{line}\n" for line in lines)
    result = runner.invoke(app, command, input=text)
    record = GameRecord.load(tmp_path / "game.json") if (tmp_path / "game.json").exists() else None
    return result, record


TABLES = [
    ({"mode": "companion", "difficulty": "wizard"}, ["--level", "wizard"]),
    (
        {"mode": "companion", "difficulty": "archmage", "hand_tracking": "blind_until_revealed"},
        ["--mode", "companion", "--level", "archmage", "--blind"],
    ),
    (
        {
            "mode": "companion",
            "difficulty": "apprentice",
            "dice_source": "table_rolls",
            "dice_selection": "rotating_lines",
        },
        ["--level", "apprentice", "--table-rolls", "--rotating-lines"],
    ),
    ({"mode": "practice", "difficulty": "archmage"}, ["--mode", "practice", "--level", "archmage"]),
]


@pytest.mark.parametrize(("config", "flags"), TABLES, ids=["named", "blind", "table", "practice"])
def test_r1_a_whole_game_typed_at_the_terminal(tmp_path, config, flags):
    """(R1–R34, §9) The reference bot's game, typed line by line as a person would (die
    numbers, Enter, card names, dice faces, the score), gives the same record and state."""
    expected = Table(game, config, 5)
    expected.play({"human": ReferenceBot(5)})
    lines = [line for entry in expected.log for line in typed(entry.action)]
    result, record = play(tmp_path, *flags, lines=lines)
    assert result.exit_code == 0, result.output[-3000:]
    assert record is not None
    assert [e.action for e in record.log] == [e.action for e in expected.log]
    assert record.state_hash == expected.hash
    assert "Final result" in result.output and "Dummbot wins." in result.output


def test_practice_game_ends_with_the_score_typed(tmp_path):
    """(§9, R33) Twelve rounds at most (`--max-rounds 12`), then crystals and prestige."""
    lines = ["1 2 3"] * 3 + ["1", "", ""] * 12 + ["999 500"]
    flags = ["--mode", "practice", "--max-rounds", "12"]
    result, record = play(tmp_path, *flags, lines=lines, lang="it")
    assert result.exit_code == 0, result.output[-3000:]
    assert "Il tuo dado: 1 o 2" in result.output
    assert "Hai vinto!" in result.output and "Tu: 1499" in result.output
    assert record is not None
    assert record.log[-1].action == Action("report_human_score", crystals=999, prestige=500)


def test_unknown_name_gets_suggestions_and_can_be_added(tmp_path):
    """(§3.3, §6.1) "Syllas" suggests Syllas the Faithful (picked by its number); "Amulet
    of Sky" is added to the catalogue as a new card, saved to cards_user.json, and the
    names typed before it are kept."""
    lines = ["Syllas", "1", "Amulet of Sky", "a", "", "5", "1", *PRELUDE[:4]]
    result, record = play(tmp_path, lines=lines)
    assert result.exit_code == 1  # the input ends: the game is left unfinished
    assert "Did you mean:\n  1. Syllas the Faithful" in result.output
    assert '"Amulet of Sky" is not in the card catalogue.' in result.output
    assert "1. Amulet of Air" in result.output
    saved = json.loads((tmp_path / "cards_user.json").read_text())
    assert [(c["name"], c["prestige"], c["type"]) for c in saved] == [
        ("Amulet of Sky", 5, "magic_item")
    ]
    assert record is not None
    add, names = record.log[0].action, record.log[1].action
    assert add == Action(
        "add_catalogue_card", name="Amulet of Sky", prestige=5, card_type="magic_item"
    )
    assert list(names.args["names"]) == ["Syllas the Faithful", "Amulet of Sky", *PRELUDE[:4]]


def test_catalogue_is_read_at_the_start(tmp_path):
    """(§3.3) An alias saved earlier (the French name of Amulet of Air) is known at once,
    whatever its case and apostrophe."""
    saved = [{"name": "Amulette de l'air", "alias_of": "base_01"}]
    (tmp_path / "cards_user.json").write_text(json.dumps(saved))
    lines = ["AMULETTE DE L’AIR", *PRELUDE[1:]]
    result, record = play(tmp_path, lines=lines)
    assert "not in the card catalogue" not in result.output
    assert record is not None
    assert record.config["user_cards"] == saved
    assert record.log[0].action.args["names"][0] == "Amulet of Air"


def test_copy_limit_asks_to_send_anyway(tmp_path):
    """(§6.1 COPY_LIMIT) A third Syllas is refused; answering y sends the names with
    `force`."""
    names = ["Syllas the Faithful"] * 3 + PRELUDE[:3]
    result, record = play(tmp_path, lines=[*names, "y"])
    assert "Not accepted: Syllas the Faithful: all 2 copies" in result.output
    assert record is not None
    assert record.log[0].action == Action("name_cards", names=names, force=True)


def test_undo_and_adjustments_are_typed_commands(tmp_path):
    """(§6.3, undo) `c +3` gives Dummbot 3 crystals in the human's turn; `u` takes it back;
    `?` lists the commands."""
    lines = [*PRELUDE, "1", "?", "c +3", "u", ""]
    result, record = play(tmp_path, lines=lines)
    assert "u — undo the last step" in result.output
    assert "Dummbot gains 3 crystals: he now has 3" in result.output
    assert "Step undone: Dummbot's crystals" in result.output
    assert record is not None
    kinds = [entry.action.type for entry in record.log]
    assert kinds == [
        "name_cards",
        "choose_die",
        "adjust_dummbot_crystals",
        "undo",
        "end_human_turn",
    ]


def test_a_bot_can_be_watched_at_the_terminal(tmp_path):
    result, _ = play(tmp_path, "--mode", "practice", "--seats", "reference")
    assert result.exit_code == 0, result.output[-3000:]
    assert "Final result" in result.output and "You: 0" in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--mode", "practice", "--blind"], "--blind is a companion setting"),
        (["--mode", "live"], "--mode is companion or practice"),
        (["--seats", "human,reference"], "Seasons has one seat, yours"),
    ],
)
def test_bad_tables_are_refused_naming_the_flag(tmp_path, args, message):
    result, _ = play(tmp_path, *args)
    assert result.exit_code == 2
    assert message in result.output


def test_an_unreadable_catalogue_is_refused(tmp_path):
    (tmp_path / "cards_user.json").write_text('[{"name": "Amulet of Air", "alias_of": "base_02"}]')
    result, _ = play(tmp_path)
    assert result.exit_code == 2
    assert "--catalogue" in result.output and "Amulet of Air" in result.output


def test_catalogue_lives_in_the_users_data_folder(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_catalogue_file() == tmp_path / "tavola" / "seasons" / "cards_user.json"
    monkeypatch.setenv("XDG_DATA_HOME", "relative/ignored")
    assert default_catalogue_file().parts[-5:-3] == (".local", "share")


@pytest.mark.parametrize(
    ("line", "action"),
    [
        ("d 2", Action("dummbot_draw", n=2)),
        ("c -3", Action("adjust_dummbot_crystals", delta=-3)),
        ("m +1", Action("move_season_token", delta=1)),
        (
            "give schiera Amulet of Air",
            Action("give_card_to_dummbot", name="Amulet of Air", to="array"),
        ),
        ("take hand familiar", Action("dummbot_remove_from_array", to="hand", filter="familiar")),
        ("u", Action("undo")),
    ],
)
def test_commands_become_adjustments(line, action):
    command = parse_command(line)
    assert command is not None and command.action == action


@pytest.mark.parametrize("line", ["Dado della malizia", "d two", "c", "give Amulet of Air", ""])
def test_card_names_are_never_commands(line):
    assert parse_command(line) is None
