"""Legends at the terminal as a first-time player meets it (issue 20, point 5): the main's
stats and side, help at every prompt, menu numbers that stay put, one question per combat
decision, automatic play that really plays on, and the seat kinds in `--help`."""

import io

from rich.console import Console
from typer.testing import CliRunner

from tavola.cli import app
from tavola.core import Action, Table, get_game
from tavola.games.legends.messages import MESSAGES
from tavola.games.legends.reference_bot import ReferenceBot
from tavola.games.legends.tables import table_config
from tavola.games.legends.terminal.battle import BattleScreen
from tavola.games.legends.terminal.human import LegendsHuman

from .battle_tables import POTION, attack, battle, char, on


class Scripted:
    """A person typing the given answers, then Enter; every question is kept."""

    def __init__(self, *answers: str) -> None:
        self.answers = list(answers)
        self.asked: list[str] = []

    def ask(self, prompt, seconds=None):
        self.asked.append(prompt)
        return self.answers.pop(0) if self.answers else ""


def person(*answers: str, lang: str = "en") -> tuple[LegendsHuman, Scripted, io.StringIO]:
    out = io.StringIO()
    prompt = Scripted(*answers)
    screen = BattleScreen(Console(file=out, width=200), MESSAGES, lang)
    return LegendsHuman(screen, prompt, hotseat=False), prompt, out


def main_choice_table() -> Table:
    config = table_config(
        {"mode": "classic"}, [{"kind": "human", "name": "Giulia"}, {"kind": "bot", "name": "Marco"}]
    )
    table = Table("legends", config, 3)
    while table.state.phase != "setup_main_choice":
        seat = sorted(table.to_act)[0]
        table.act(seat, table.game.legal_actions(table.state, seat)[0])
    return table


def test_choosing_a_main_shows_each_candidates_stats_and_side_and_what_the_side_decides():
    table = main_choice_table()
    human, _, out = person("")
    human.choose(table.game, table.state, "P1")
    shown = out.getvalue()
    assert "Sentinel of the Clear Tower — HP 300 · STR 55 · MP 10 · DEF 60 · good" in shown
    assert "· evil" in shown and "· neutral" in shown
    assert "side decides which cards you may use" in shown


def test_choosing_a_main_in_italian_names_the_side_in_italian():
    table = main_choice_table()
    human, _, out = person("", lang="it")
    human.choose(table.game, table.state, "P1")
    shown = out.getvalue()
    assert "Sentinella della Torre Chiara — PV 300 · FOR 55 · MAG 10 · DIF 60 · buono" in shown
    assert "decide quali carte puoi usare" in shown


def test_question_mark_and_help_print_the_help_of_the_prompt_and_ask_again():
    table = main_choice_table()
    human, prompt, out = person("?", "help", "1")
    action = human.choose(table.game, table.state, "P1")
    shown = out.getvalue()
    assert shown.count("Your main character leads your side") == 2
    assert "Please type" not in shown
    assert len(prompt.asked) == 3
    assert action.type == "choose_main" and action.get("card_id") is not None


def test_help_at_the_flip_explains_automatic_play():
    config = table_config({"mode": "simplified"}, [{"kind": "human"}, {"kind": "bot"}])
    table = Table("legends", config, 1)
    while table.state.phase != "simplified_flip":
        seat = sorted(table.to_act)[0]
        table.act(seat, table.game.legal_actions(table.state, seat)[0])
    human, _, out = person("aiuto", "")
    human.choose(table.game, table.state, "P1")
    assert "let the terminal play for you" in out.getvalue()


def main_phase_table() -> Table:
    """P1 holds two characters it may place, and has a ready attacker; P2 a target."""
    return battle(
        {
            "P1": {"table": [on("X-A", "A")], "hand": ["X-H1", "X-H2"]},
            "P2": {"table": [on("X-T", "T")]},
        },
        cards=[char("X-A", str_=60), char("X-T"), char("X-H1"), char("X-H2")],
    )


def menu_number(shown: str, label: str) -> str:
    (line,) = [line for line in shown.splitlines() if line.strip().endswith(label)]
    return line.strip().split(".")[0]


def test_menu_numbers_stay_with_their_moves_when_other_moves_disappear():
    table = main_phase_table()
    human, _, first = person("1", "1")
    table.act("P1", human.choose(table.game, table.state, "P1"))
    table.act("P1", Action("place_character", iid=table.state.seats["P1"].hand[0]))
    assert "place_character" not in {a.type for a in table.game.legal_actions(table.state, "P1")}
    again, _, second = person("8")
    assert again.choose(table.game, table.state, "P1") == Action("end_turn")
    assert menu_number(first.getvalue(), "Attack") == menu_number(second.getvalue(), "Attack")
    assert menu_number(second.getvalue(), "End the turn") == "8"


def test_a_number_shown_by_no_option_is_refused_naming_the_numbers_shown():
    table = main_phase_table()
    table.act("P1", Action("place_character", iid=table.state.seats["P1"].hand[0]))
    table.act("P1", Action("place_character", iid=table.state.seats["P1"].hand[0]))
    human, _, out = person("1", "8")
    assert human.choose(table.game, table.state, "P1") == Action("end_turn")
    assert "Please type one of the numbers shown: 5, 6, 8, 9" in out.getvalue()


def test_reinforcing_characters_keep_their_table_numbers_from_window_to_window():
    table = battle(
        {
            "P1": {"table": [on("X-A", "A"), on("X-B", "B"), on("X-C", "C")]},
            "P2": {"table": [on("X-T", "T")], "hand": [POTION]},
        },
        cards=[char("X-A", str_=20), char("X-B", str_=20), char("X-C", str_=20), char("X-T")],
        attack_stat_rule="max",
    )
    table.act("P1", attack("A", target="T"))
    while table.to_act != {"P1"}:
        table.act(
            "P2", Action("pass") if table.state.phase == "window" else Action("defence_ready")
        )
    human, _, first = person("3")
    assert human.choose(table.game, table.state, "P1") == Action("reinforce", iid="B")
    table.act("P1", Action("reinforce", iid="B"))
    table.act("P2", Action("pass"))
    assert table.state.phase == "window" and table.to_act == {"P1"}
    again, _, second = person("4")
    assert again.choose(table.game, table.state, "P1") == Action("reinforce", iid="C")
    assert "  4. X-C joins the attack" in first.getvalue()  # the main is 1, A is 2
    assert "  4. X-C joins the attack" in second.getvalue()
    assert "X-B joins" not in second.getvalue()


def test_the_defender_is_asked_once_per_combat_decision():
    """A defender holding a card it may play: no "press Enter" for a defence with nothing to
    choose, then one question in the window (play a card or pass), not two."""
    table = battle(
        {"P1": {"table": [on("X-A", "A")]}, "P2": {"table": [on("X-T", "T")], "hand": [POTION]}},
        cards=[char("X-A", str_=60), char("X-T")],
    )
    table.act("P1", attack("A", target="T"))
    human, prompt, _ = person()
    decisions = 0
    while table.state.phase in ("defence_setup", "window"):
        (seat,) = table.to_act
        if seat == "P1":
            table.act(seat, Action("pass"))
            continue
        before = len(prompt.asked)
        table.act(seat, human.choose(table.game, table.state, seat))
        decisions += 1
        assert len(prompt.asked) - before <= 1
    assert decisions >= 2
    assert len(prompt.asked) == 1


def test_auto_flip_plays_a_simplified_game_to_the_end_without_stopping():
    config = table_config(
        {"mode": "simplified"}, [{"kind": "human", "name": "Giulia"}, {"kind": "bot"}]
    )
    table = Table("legends", config, 2)
    human, prompt, _ = person("a")
    table.play({"P1": human, "P2": ReferenceBot()})
    own_choices = [
        e
        for e in table.events
        if e.type in ("reference_kept", "reference_changed") and e.data["seat"] == "P1"
    ]
    assert table.game.outcome(table.state) is not None
    assert len(own_choices) > 10
    assert len(prompt.asked) <= 2  # the cut, when it is P1's, and the first flip


def test_help_lists_every_seat_kind_the_game_declares():
    result = CliRunner().invoke(app, ["play", "legends", "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    for kind in get_game("legends").info.seat_kinds:
        assert kind in result.output
    assert "greedy[:SAMPLES]" in result.output and "boss" in result.output


def test_a_pile_of_one_card_is_singular_on_the_simplified_table():
    view = {
        "turn_order": ["P1", "P2"],
        "seats": {
            "P1": {"name": "Giulia", "out": False, "pile_size": 1},
            "P2": {"name": "Marco", "out": False, "pile_size": 3},
        },
    }
    out = io.StringIO()
    screen = BattleScreen(Console(file=out, width=120), MESSAGES, "it")
    screen.console.print(screen.seats_table(view))
    assert "1 carta " in out.getvalue() and "3 carte" in out.getvalue()
