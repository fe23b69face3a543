"""`tavola simulate league` and `tavola report`: win rates by lineup, gimmick and first
attacker, legend and card impact, recomputed here from games.csv."""

import csv
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tavola.cli import app
from tavola.core import Event
from tavola.games.league.sim_rows import LeagueRows, lineup_label

runner = CliRunner()
EXAMPLE = Path(__file__).parents[3] / "examples" / "league" / "star_rush.toml"


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    out = tmp_path_factory.mktemp("league_sim")
    result = runner.invoke(
        app,
        [
            "simulate",
            "league",
            "--out",
            str(out),
            "--games",
            "12",
            "--seats",
            "reference,reference",
            "--lineups",
            f"{EXAMPLE},preset_b",
            "--report",
            "--quiet",
        ],
    )
    assert result.exit_code == 0, result.output
    return out


def rows(folder):
    with (folder / "games.csv").open() as fh:
        return list(csv.DictReader(fh))


def test_rows_name_each_seats_lineup_gimmick_and_the_first_attacker(folder):
    for row in rows(folder):
        assert row["lineup_0"].startswith("custom-") and row["lineup_1"] == "preset_b"
        assert (row["gimmick_0"], row["gimmick_1"]) == ("purgatory", "brackish_lake")
        assert row["first"] in ("0", "1")


def test_report_gives_win_rates_by_lineup_and_gimmick_as_the_rows_count_them(folder):
    report = (folder / "report.md").read_text()
    wins = sum(row["winners"] == "1" for row in rows(folder))
    assert "## Win rate by lineup" in report and "## Win rate by gimmick" in report
    assert f"| preset_b | 12 | {wins} |" in report
    assert f"| brackish_lake | 12 | {wins} |" in report
    assert "The seat that attacks in turn 1" in report


def test_report_lists_legends_and_cards_by_name(folder):
    report = (folder / "report.md").read_text()
    assert "| L16 | Colosso d'Ombra (Umbral Colossus) |" in report
    assert any(f"| C{n:02d} |" in report for n in range(1, 33))


def test_first_attacker_is_turn_ones_and_plays_are_legends_and_cards():
    events = [
        Event("ROLES_DECIDED", {"attacker": "1", "defender": "0", "by": "dice"}),
        Event("LEGEND_ENTERED", {"seat": "1", "legend": "L09", "abilities": [], "cost": 1}),
        Event("SUPPORT_USED", {"seat": "0", "card": "0-01", "card_id": "C25"}),
        Event("ROLES_DECIDED", {"attacker": "0", "defender": "1", "by": "dice"}),
    ]
    extractor = LeagueRows()
    assert extractor.first_seat({}, events) == "1"
    assert extractor.plays({}, events) == [("L09", "1"), ("C25", "0")]


def test_a_preset_lineup_is_labelled_by_its_id():
    from tavola.games.league.content import starter

    lineup = starter().presets["preset_a"].lineup
    seat = {
        "gimmick": lineup.gimmick,
        "team": [{"legend": e.legend_id, "abilities": list(e.abilities)} for e in lineup.team],
        "deck_list": list(lineup.deck),
    }
    assert lineup_label(seat) == "preset_a"
    assert lineup_label({**seat, "gimmick": "none"}).startswith("custom-")
