"""The report fits the run and the game (issue 32): a first-player figure only when it
tells something, a referee left out of the win rates, a game's own rounds and turns, a
one-seat game shown without what it cannot have, and the mode each command plays."""

import csv
from collections import Counter

import pytest
from typer.testing import CliRunner

from tavola.cli import app
from tavola.core import get_game

from .test_report import sections

runner = CliRunner()
QUICK = ["--mode", "simplified", "--max-clashes", "20"]
TWO_BOTS = ["--seats", "random,random", "--seed", "3"]


def run_report(folder, game, *args):
    result = runner.invoke(app, ["simulate", game, "--out", str(folder), "--quiet", *args])
    assert result.exit_code == 0, result.output
    shown = runner.invoke(app, ["report", str(folder)])
    assert shown.exit_code == 0, shown.output
    with (folder / "games.csv").open(newline="") as handle:
        rows = list(csv.DictReader(handle))
    text = (folder / "report.md").read_text()
    return rows, text, sections(text), shown.output


@pytest.fixture(scope="module")
def trono(tmp_path_factory):
    seats = "reference,reference,reference,random"
    args = ["--seats", seats, "--games", "4", "--set", "max_turns=3", "--seed", "2"]
    return run_report(tmp_path_factory.mktemp("trono"), "trono", *args)


@pytest.fixture(scope="module")
def seasons(tmp_path_factory):
    return run_report(tmp_path_factory.mktemp("seasons"), "seasons", "--games", "3")


def wins_of(row):
    return set() if row["draw"] == "1" else set(row["winners"].split())


# -- the first player -------------------------------------------------------------------------


def test_bots_that_kept_their_seats_show_no_first_player_advantage(tmp_path):
    """Without --rotate the first seat's win rate is a bot's: no figure, and the why."""
    args = [*QUICK, "--seats", "reference,random", "--games", "10", "--seed", "3"]
    _, text, report, _ = run_report(tmp_path / "fixed", "legends", *args)
    assert report["First-player advantage"] == []  # the section says why, with no table
    part = text.split("## First-player advantage")[1].split("##")[0]
    assert "no advantage is shown" in part and "--rotate" in part


def test_one_bot_at_every_seat_shows_the_first_player_advantage(tmp_path):
    args = [*QUICK, "--seats", "random,random", "--games", "10", "--seed", "3"]
    rows, _, report, _ = run_report(tmp_path / "same", "legends", *args)
    (line,) = report["First-player advantage"]
    assert line["first wins"] == str(sum(r["first"] in wins_of(r) for r in rows))


def test_a_game_without_a_first_seat_has_no_first_player_section(trono):
    _, text, report, _ = trono
    assert "First-player advantage" not in report
    assert "()" not in text  # the old "plays first ()" with nobody named


# -- a referee is no player -------------------------------------------------------------------


def test_the_referee_is_left_out_of_the_win_rates(trono):
    rows, text, report, output = trono
    assert "referee:arbitro" in rows[0]["seats"].split()  # the rows keep the referee's seat
    players = [s for s in rows[0]["seats"].split() if s.startswith("player:")]
    assert [line["seat"] for line in report["Win rate by seat position"]] == players
    seat_games = {line["bot"]: int(line["seat-games"]) for line in report["Win rate by bot"]}
    assert seat_games == {"reference": 3 * len(rows), "random": len(rows)}
    wins = sum(len(wins_of(r)) for r in rows)
    assert f"Baseline win rate of a seat: {100 * wins / (4 * len(rows)):.1f}%" in text
    assert "25.0%" in output  # one winner among four houses
    assert "referee" not in output


def test_trono_counts_its_turns_and_the_teams_orders(trono):
    rows, _, report, _ = trono
    length = {line["measure"]: line for line in report["Game length"]}
    assert set(length) == {"turns", "team orders", "actions"}
    assert Counter(r["rounds"] for r in rows) == Counter({"3": len(rows)})  # --set max_turns=3
    assert length["turns"]["mean"] == "3.0"
    assert all(int(r["turns"]) == 3 * 4 for r in rows)  # four teams post every turn
    assert length["team orders"]["mean"] == "12.0"


def test_a_game_that_plays_no_cards_shows_no_card_impact(trono):
    _, _, report, _ = trono
    assert not any(title.endswith("impact") for title in report)


# -- one seat ---------------------------------------------------------------------------------


def test_a_one_seat_game_leads_with_the_score_distribution(seasons):
    _, text, report, output = seasons
    titles = list(report)
    assert titles[:2] == ["Setting", "Distribution of dummbot_score"]
    for gone in ("Win rate by seat position", "Win rate by bot", "First-player advantage"):
        assert gone not in titles
    assert not any(title.endswith("impact") for title in titles)
    assert "Baseline win rate of a seat" not in text and "The seat won 0 of 3 games" in text
    assert "human:" not in output  # no per-seat win rate at the terminal either


# -- the mode ---------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["legends", "league", "seasons", "trono"])
def test_mode_of_names_the_mode_asked_then_the_configs_then_the_first(name):
    info = get_game(name).info
    assert info.mode_of({}, {}) == info.modes[0]
    assert info.mode_of({"mode": info.modes[-1]}, {"mode": info.modes[0]}) == info.modes[-1]
    assert info.mode_of({}, {"mode": info.modes[-1]}) == info.modes[-1]


def test_simulate_and_play_each_say_which_mode_they_play(tmp_path):
    """Legends simulates classic by default and plays simplified at the terminal: both say so."""
    out = str(tmp_path / "run")
    simulated = runner.invoke(
        app,
        ["simulate", "legends", "--max-rounds", "2", "--games", "1", "--quiet", "--out", out],
    )
    assert simulated.exit_code == 0, simulated.output
    assert "legends: 1 games, mode classic," in simulated.output
    played = runner.invoke(
        app,
        ["play", "legends", *TWO_BOTS, "--max-clashes", "5", "--lang", "en"],
    )
    assert played.exit_code == 0, played.output
    assert "Mode simplified (--mode: simplified, classic, epic)" in played.output
    italian = runner.invoke(
        app,
        ["play", "legends", *TWO_BOTS, "--mode", "classic", "--max-rounds", "1"],
    )
    assert italian.exit_code == 0, italian.output
    assert "Modalità classic (--mode: simplified, classic, epic)" in italian.output
