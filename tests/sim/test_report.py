"""The balance report: its numbers recomputed here from games.csv, for battles and for the
simplified mode, through the command line as a user runs it."""

import csv
import math
from collections import Counter

import pytest
from typer.testing import CliRunner

from tavola.cli import app

runner = CliRunner()
Z = 1.959963984540054


def wilson(k, n):
    """Written out again here, so the report is checked against an independent formula."""
    p = k / n
    centre = (p + Z * Z / (2 * n)) / (1 + Z * Z / n)
    half = Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n)) / (1 + Z * Z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def pct(x):
    return f"{100 * x:.1f}%"


def pp(x):
    return f"{100 * x:+.1f} pp"


def sections(text):
    """report.md as {section title: [row dicts]} for its tables."""
    out, title, header = {}, None, None
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


def simulate_and_report(tmp_path, *args):
    out = tmp_path / "run"
    result = runner.invoke(app, ["simulate", "legends", "--out", str(out), "--quiet", *args])
    assert result.exit_code == 0, result.output
    result = runner.invoke(app, ["report", str(out)])
    assert result.exit_code == 0, result.output
    with (out / "games.csv").open(newline="") as handle:
        rows = list(csv.DictReader(handle))
    return out, rows, sections((out / "report.md").read_text())


def played(cell):
    """The distinct cards of a `cards_<seat>` cell ("S1-001*2 S1-050")."""
    return {item.split("*")[0] for item in cell.split()}


def wins_of(row):
    return set() if row["draw"] == "1" else set(row["winners"].split())


@pytest.fixture(scope="module")
def battle(tmp_path_factory):
    args = ["--mode", "classic", "--max-rounds", "4", "--seats", "reference,random"]
    return simulate_and_report(
        tmp_path_factory.mktemp("battle"), *args, "--games", "60", "--rotate", "--seed", "4"
    )


@pytest.fixture(scope="module")
def simplified(tmp_path_factory):
    args = ["--mode", "simplified", "--max-clashes", "40", "--seats", "reference,random,random"]
    return simulate_and_report(
        tmp_path_factory.mktemp("simplified"), *args, "--games", "40", "--seed", "9"
    )


@pytest.mark.parametrize("run", ["battle", "simplified"])
def test_win_rate_by_seat_matches_the_rows(run, request):
    _, rows, report = request.getfixturevalue(run)
    table = {r["seat"]: r for r in report["Win rate by seat position"]}
    assert set(table) == set(rows[0]["seats"].split())
    for seat, line in table.items():
        wins = sum(seat in wins_of(r) for r in rows)
        assert line["games"] == str(len(rows)) and line["wins"] == str(wins)
        assert line["win rate"] == pct(wins / len(rows))
        low, high = wilson(wins, len(rows))
        assert line["95% CI"] == f"[{pct(low)}, {pct(high)}]"


@pytest.mark.parametrize("run", ["battle", "simplified"])
def test_win_rate_by_bot_matches_the_rows(run, request):
    _, rows, report = request.getfixturevalue(run)
    played, won = Counter(), Counter()
    for row in rows:
        for seat in row["seats"].split():
            played[row[f"bot_{seat}"]] += 1
            won[row[f"bot_{seat}"]] += seat in wins_of(row)
    table = {r["bot"]: r for r in report["Win rate by bot"]}
    assert set(table) == {"reference", "random"}
    for bot, line in table.items():
        assert (line["seat-games"], line["wins"]) == (str(played[bot]), str(won[bot]))
        assert line["win rate"] == pct(won[bot] / played[bot])


def test_first_player_advantage_matches_the_rows(battle):
    _, rows, report = battle
    (line,) = report["First-player advantage"]
    first_wins = sum(r["first"] in wins_of(r) for r in rows)
    baseline = sum(len(wins_of(r)) for r in rows) / (2 * len(rows))
    assert line["first wins"] == str(first_wins)
    assert line["baseline"] == pct(baseline)
    assert line["advantage"] == pp(first_wins / len(rows) - baseline)


@pytest.mark.parametrize("run", ["battle", "simplified"])
def test_card_impact_of_the_leading_card_matches_the_rows(run, request):
    _, rows, report = request.getfixturevalue(run)
    cards = report["Card impact"]
    assert cards, "the report lists the cards played"
    seat_games = sum(len(r["seats"].split()) for r in rows)
    baseline = sum(len(wins_of(r)) for r in rows) / seat_games
    for line in (cards[0], cards[-1]):
        card = line["card"]
        sides = wins = games = 0
        for row in rows:
            # the cards dealt (issue 32): a battle row says them, a simplified one deals
            # what it flips
            column = "dealt" if run == "battle" else "cards"
            holders = [s for s in row["seats"].split() if card in played(row[f"{column}_{s}"])]
            games += bool(holders)
            sides += len(holders)
            wins += sum(s in wins_of(row) for s in holders)
        assert (line["games"], line["seat-games"], line["wins"]) == (
            str(games),
            str(sides),
            str(wins),
        )
        assert line["vs baseline"] == pp(wins / sides - baseline)
        low, high = wilson(wins, sides)
        assert line["95% CI"] == f"[{pp(low - baseline)}, {pp(high - baseline)}]"


def test_cards_are_sorted_clear_effects_first_then_by_size(battle):
    _, _, report = battle
    cards = report["Card impact"]

    def clear(line):
        low, high = (float(x.split()[0]) for x in line["95% CI"].strip("[]").split(", "))
        return low > 0 or high < 0

    flags = [clear(c) for c in cards]
    assert flags == sorted(flags, reverse=True)
    for group in (True, False):
        sizes = [abs(float(c["vs baseline"].split()[0])) for c in cards if clear(c) is group]
        assert sizes == sorted(sizes, reverse=True)


def test_card_names_show_italian_and_english(battle):
    _, _, report = battle
    names = {c["card"]: c["name"] for c in report["Card impact"]}
    assert names["S1-001"] == "Sentinella della Torre Chiara (Sentinel of the Clear Tower)"


def test_game_length_matches_the_rows(simplified):
    _, rows, report = simplified
    lines = {r["measure"]: r for r in report["Game length"]}
    clashes = sorted(int(r["rounds"]) for r in rows)
    assert lines["clashes"]["max"] == str(clashes[-1])
    assert lines["clashes"]["min"] == str(clashes[0])
    assert lines["actions"]["mean"] == f"{sum(int(r['actions']) for r in rows) / len(rows):.1f}"


@pytest.mark.parametrize("run", ["battle", "simplified"])
def test_html_and_charts_are_written_beside_the_markdown(run, request):
    out, _, report = request.getfixturevalue(run)
    page = (out / "report.html").read_text()
    for picture in ("win_rates.png", "game_length.png", "card_impact.png"):
        assert (out / picture).read_bytes().startswith(b"\x89PNG")
        assert f'src="{picture}"' in page
    first_seat = report["Win rate by seat position"][0]
    assert f"<td>{first_seat['95% CI']}</td>" in page


def test_report_of_a_folder_without_games_fails_clearly(tmp_path):
    result = runner.invoke(app, ["report", str(tmp_path)])
    assert result.exit_code == 2
    assert "no games.csv" in result.output
