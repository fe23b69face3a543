"""`tavola simulate league` and `tavola report`: win rates by lineup, gimmick and first
attacker, legend and card impact, recomputed here from games.csv."""

import csv
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tavola.cli import app
from tavola.core import Event
from tavola.games.league.sim_rows import LeagueRows, lineup_label, seat_names

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


def sections(folder):
    """report.md as {section title: [row dicts]} for its tables."""
    out: dict[str, list[dict[str, str]]] = {}
    header: list[str] | None = None
    for line in (folder / "report.md").read_text().splitlines():
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


def test_report_has_every_section_the_issue_asks_for(folder):
    report = sections(folder)
    for title in (
        "Win rate by lineup",
        "Win rate by gimmick",
        "First-player advantage",
        "Legend impact",
        "Card impact",
    ):
        assert report.get(title), f"the report lacks a table '{title}'"
    assert "The seat that attacks in turn 1" in (folder / "report.md").read_text()


def test_report_gives_win_rates_by_lineup_and_gimmick_as_the_rows_count_them(folder):
    report = sections(folder)
    wins = str(sum(row["winners"] == "1" for row in rows(folder)))
    lineup = {r["lineup"]: r for r in report["Win rate by lineup"]}["preset_b"]
    gimmick = {r["gimmick"]: r for r in report["Win rate by gimmick"]}["brackish_lake"]
    assert (lineup["seat-games"], lineup["wins"]) == ("12", wins)
    assert (gimmick["seat-games"], gimmick["wins"]) == ("12", wins)


def test_report_names_presets_and_gimmicks_in_words(folder):
    report = sections(folder)
    lineups = {r["lineup"]: r["name"] for r in report["Win rate by lineup"]}
    gimmicks = {r["gimmick"]: r["name"] for r in report["Win rate by gimmick"]}
    assert lineups["preset_b"] == "Muro di Luna (Moonwall)"
    assert gimmicks == {
        "purgatory": "Purgatorio (Purgatory)",
        "brackish_lake": "Lago salmastro (Brackish lake)",
    }


def test_report_puts_legends_and_cards_in_their_own_tables_by_name(folder):
    report = sections(folder)
    legends = {r["legend"]: r["name"] for r in report["Legend impact"]}
    cards = {r["card"]: r["name"] for r in report["Card impact"]}
    assert legends["L16"] == "Colosso d'Ombra (Umbral Colossus)"
    assert all(key.startswith("L") for key in legends) and all(key.startswith("C") for key in cards)
    assert all(name != key for key, name in (legends | cards).items())
    assert (folder / "legend_impact.png").exists() and (folder / "card_impact.png").exists()


def test_report_names_the_seats_as_players_with_their_preset(folder):
    report = sections(folder)
    # Seat 0 plays a lineup file (custom: no name in the config), seat 1 the preset Moonwall.
    named = ["Player 1", "Player 2 (Moonwall)"]
    assert [r["seat"] for r in report["Win rate by seat position"]] == named
    assert [r["seat"] for r in report["At the end (mean per seat)"]] == named
    lines = (folder / "report.md").read_text().splitlines()
    first = next(line for line in lines if "attacks in turn 1" in line)
    assert "Player 1: " in first and "Player 2 (Moonwall): " in first


def test_seat_names_say_player_and_preset_in_each_language():
    config = {"lineups": ["preset_a", None]}
    assert seat_names(config, "en") == {"0": "Player 1 (Starstrike)", "1": "Player 2"}
    assert seat_names(config, "it") == {"0": "Giocatore 1 (Colpo Stellare)", "1": "Giocatore 2"}
    assert seat_names(config, "ja")["1"] == "プレイヤー2"
    assert seat_names(config, "ja")["0"].startswith("プレイヤー1（")


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
