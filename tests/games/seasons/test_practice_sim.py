"""Practice simulation (issue 18, Deliver 4): `tavola simulate seasons --level L` plays
practice games whose human seat the reference bot takes, and `tavola report` shows the
distribution of Dummbot's final score (§7) per level; its percentiles are recomputed here
from games.csv with an independent formula."""

from __future__ import annotations

import csv
import json
import statistics
from functools import cache
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tavola.cli import app
from tavola.core import Table, Viewer
from tavola.games.seasons.bot import ReferenceBot
from tavola.games.seasons.game import game
from tavola.games.seasons.sim_rows import SeasonsRows

runner = CliRunner()
GAMES = 40
SCORE = "dummbot_score_human"
PERCENTILES = (10, 25, 50, 75, 90, 95)


def sections(text: str) -> dict[str, list[dict[str, str]]]:
    """report.md as {section title: [row dicts]} for its tables."""
    out: dict[str, list[dict[str, str]]] = {}
    title, header = "", None
    for line in text.splitlines():
        if line.startswith("## "):
            title, header = line[3:], None
            out[title] = []
        elif line.startswith("|") and not line.startswith("|---"):
            cells = [c.strip() for c in line.strip("|").split(" | ")]
            if header is None:
                header = cells
            else:
                out[title].append(dict(zip(header, cells, strict=True)))
    return out


@cache
def run(level: str, folder: Path) -> tuple[Path, list[dict[str, str]]]:
    out = folder / level
    command = ["simulate", "seasons", "--level", level, "--games", str(GAMES), "--seed", "7"]
    result = runner.invoke(app, [*command, "--out", str(out), "--quiet"])
    assert result.exit_code == 0, result.output
    result = runner.invoke(app, ["report", str(out)])
    assert result.exit_code == 0, result.output
    with (out / "games.csv").open(newline="") as handle:
        return out, list(csv.DictReader(handle))


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("practice")


def scores(rows: list[dict[str, str]]) -> list[int]:
    return [int(row[SCORE]) for row in rows]


@pytest.mark.parametrize("level", ["apprentice", "wizard", "archmage"])
def test_report_shows_dummbots_score_distribution_per_level(folder, level):
    """(§7, §10) The report's percentile table is games.csv's, recomputed with
    `statistics.quantiles` (linear interpolation between order statistics)."""
    out, rows = run(level, folder)
    assert len(rows) == GAMES
    values = sorted(scores(rows))
    cuts = statistics.quantiles(values, n=100, method="inclusive")
    table = sections((out / "report.md").read_text())["Distribution of dummbot_score"]
    assert len(table) == 1
    row = table[0]
    assert row["seat"] == "human" and row["games"] == str(GAMES)
    assert row["mean"] == f"{statistics.fmean(values):.1f}"
    for p in PERCENTILES:
        assert float(row[f"p{p}"]) == pytest.approx(cuts[p - 1], abs=0.005), p
    assert (row["min"], row["max"]) == (str(values[0]), str(values[-1]))
    assert (out / "distribution_dummbot_score.png").exists()


def test_score_columns_add_up(folder):
    """(§7) Dummbot's score is his crystals plus the prestige of his array, in every row."""
    _, rows = run("wizard", folder)
    for row in rows:
        crystals, worth = int(row["dummbot_crystals_human"]), int(row["dummbot_prestige_human"])
        assert int(row[SCORE]) == crystals + worth
        assert int(row["dummbot_cards_human"]) >= 1


def test_archmage_scores_at_least_the_apprentice_median(folder):
    """(§10) On the same seeds the Archmage's median score is not below the Apprentice's
    (8 crystals per transmutation instead of 4, the best of 4 cards, 4 year draws)."""
    _, apprentice = run("apprentice", folder)
    _, archmage = run("archmage", folder)
    assert [r["seed"] for r in apprentice] == [r["seed"] for r in archmage]
    assert statistics.median(scores(archmage)) >= statistics.median(scores(apprentice))


def test_r1_simulation_plays_practice_games_without_undo(folder):
    """(R1, §10) The human seat is the reference bot's, the game a practice one; the bot
    reports a score of 0, so Dummbot wins every game."""
    out, rows = run("archmage", folder)
    config = json.loads((out / "run.json").read_text())["config"]
    assert config["mode"] == "practice" and config["undo_steps"] == 0
    assert config["difficulty"] == "archmage"
    assert {r["seats"] for r in rows} == {"human"}
    assert {r["bot_human"] for r in rows} == {"reference"}
    assert {r["reason"] for r in rows} == {"dummbot_scored_more_or_tied"}
    assert all(12 <= int(r["rounds"]) <= 36 for r in rows)


def test_simulation_refuses_the_companions_own_flags(tmp_path):
    """`--table-rolls` and `--blind` are companion settings: a simulation plays practice."""
    result = runner.invoke(
        app, ["simulate", "seasons", "--blind", "--games", "2", "--out", str(tmp_path / "x")]
    )
    assert result.exit_code == 2
    assert "--blind is a companion setting" in result.output


def test_r34_rows_read_dummbots_figures_from_the_final_view():
    """(R34, §7) The row extractor reads the referee's view: rounds, Dummbot's turns and
    his end figures; no plays are listed."""
    table = Table(game, {"mode": "practice"}, 9)
    table.play({"human": ReferenceBot(9)})
    view = table.view(Viewer.referee())
    rows = SeasonsRows()
    dummbot = view["dummbot"]
    assert rows.seat_columns(view, "human") == {
        "dummbot_score": dummbot["score"],
        "dummbot_crystals": dummbot["crystals"],
        "dummbot_prestige": dummbot["array_prestige"],
        "dummbot_cards": len(dummbot["array"]),
    }
    assert rows.length(view, table.events) == (view["round"], view["round"])
    assert rows.plays(view, table.events) == []
    assert rows.words({}).distributions == ("dummbot_score",)
