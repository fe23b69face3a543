"""A draw pasted as newspapers and the official site print it, or as the A8 import CSV
(`draws_paste`): every problem names its line, in Italian and English."""

import json

import pytest

from tavola.core import Table
from tavola.games.trono.draws_paste import parse_pasted
from tavola.games.trono.lotto import DrawProblem
from tavola.games.trono.messages import text

from .tables import D, d_text, ref, refused

NEWSPAPER = """Estrazione del Lotto di martedì 04/03/2025
BARI      05 17 33 48 90
CAGLIARI  12 64 71 02 39
FIRENZE   88 23 56 44 09
GENOVA    31 76 15 60 27
MILANO    47 03 82 19 68
NAPOLI    70 36 11 85 54
PALERMO   25 58 90 07 42
ROMA      16 35 55 75 76
TORINO    01 49 63 28 80
VENEZIA   59 14 37 66 21
NAZIONALE 11 22 33 44 55
"""


def problem(pasted: str) -> DrawProblem:
    with pytest.raises(DrawProblem) as info:
        parse_pasted(pasted)
    return info.value


def words(found: DrawProblem, lang: str) -> str:
    return text(lang, found.detail.key, **found.detail.params)


def test_a8_newspaper_lines_give_the_draw_and_its_date():
    pasted = parse_pasted(NEWSPAPER)
    assert pasted.numbers == D
    assert pasted.date == "2025-03-04"


def test_a8_abbreviations_tabs_dots_and_mixed_case_are_read():
    lines = [
        "ba\t05\t17\t33\t48\t90",
        "Ca 12.64.71.02.39",
        "FI. 88 - 23 - 56 - 44 - 09",
        "Genova  31  76  15  60  27",
        "MI 47 03 82 19 68",
        "NA 70 36 11 85 54",
        "PA 25 58 90 07 42",
        "RO 16 35 55 75 76",
        "TO 01 49 63 28 80",
        "VE 59 14 37 66 21",
    ]
    pasted = parse_pasted("\n\n".join(lines))
    assert pasted.numbers == D
    assert pasted.date is None


def test_a8_rm_and_ro_are_both_roma():
    assert parse_pasted(NEWSPAPER.replace("ROMA     ", "RM")).numbers["RM"] == D["RM"]
    assert parse_pasted(NEWSPAPER.replace("ROMA     ", "RO")).numbers["RM"] == D["RM"]


def test_a8_the_import_csv_is_still_read():
    pasted = parse_pasted(d_text("2025-03-04"))
    assert pasted.numbers == D and pasted.date == "2025-03-04"


def test_a8_a_missing_wheel_is_named():
    found = problem(NEWSPAPER.replace("VENEZIA   59 14 37 66 21\n", ""))
    assert found.code == "E_DRAW_INCOMPLETE"
    assert words(found, "it") == "manca la ruota di Venezia"
    assert words(found, "en") == "the Venezia wheel is missing"


def test_a8_four_numbers_name_the_line_and_the_wheel():
    found = problem(NEWSPAPER.replace("GENOVA    31 76 15 60 27", "GENOVA 31 76 15 60"))
    assert found.code == "E_DRAW_INCOMPLETE"
    assert words(found, "it") == "alla riga 5 (ruota di Genova) servono 5 numeri, non 4"
    assert words(found, "en") == "on line 5 (the Genova wheel) 5 numbers are needed, not 4"


def test_a8_a_number_above_90_names_its_line():
    found = problem(NEWSPAPER.replace("88 23 56", "91 23 56"))
    assert found.code == "E_DRAW_RANGE"
    assert words(found, "it") == "alla riga 4 (ruota di Firenze) il numero 91 non è tra 1 e 90"


def test_a8_a_repeated_number_names_its_line():
    found = problem(NEWSPAPER.replace("59 14 37 66 21", "59 14 37 59 21"))
    assert found.code == "E_DRAW_DUPLICATE"
    assert words(found, "en") == "on line 11 (the Venezia wheel) the number 59 appears twice"


def test_a8_a_line_that_is_neither_wheel_nor_date_is_refused():
    found = problem(NEWSPAPER.replace("MILANO", "MILANESE"))
    assert found.code == "E_IMPORT_FORMAT"
    assert words(found, "it").startswith("riga 6: «MILANESE 47 03 82 19 68» non è né una ruota")


def test_a8_a_heading_without_numbers_is_skipped():
    pasted = parse_pasted("ESTRAZIONI DEL LOTTO\n" + NEWSPAPER + "\nArchivio estrazioni\n")
    assert pasted.numbers == D


def test_a8_a_wheel_written_twice_is_refused():
    found = problem(NEWSPAPER + "BA 01 02 03 04 05\n")
    assert words(found, "it") == "riga 13: la ruota di Bari c'è già alla riga 2"


def test_a8_words_after_a_wheel_are_refused():
    found = problem(NEWSPAPER.replace("BARI      05 17", "BARI 05 diciassette 17"))
    assert found.code == "E_IMPORT_FORMAT"
    assert words(found, "en").startswith("line 2: only numbers may follow")


def test_a8_pasted_newspaper_draw_forms_the_teams():
    setup = {"registered": [f"u{i:02d}" for i in range(1, 14)], "now": "2025-02-27T09:00:00Z"}
    table = Table("trono", {"formation_secret": "s3cr3t"}, 1, setup)
    ref(table, "close_registration", at="2025-03-01T09:00:00Z")
    text = NEWSPAPER.replace("04/03/2025", "01/03/2025")
    ref(table, "import_draw", text=text, at="2025-03-01T19:10:00Z")
    assert table.state.phase == "house_ranking"
    assert table.state.draws[-1].date == "2025-03-01"


def test_a8_a_pasted_draw_without_a_date_takes_the_expected_one():
    setup = {"registered": [f"u{i:02d}" for i in range(1, 14)], "now": "2025-02-27T09:00:00Z"}
    table = Table("trono", {"formation_secret": "s3cr3t"}, 1, setup)
    ref(table, "close_registration", at="2025-03-01T21:00:00Z")  # after Saturday's draw
    undated = "\n".join(NEWSPAPER.splitlines()[1:])
    ref(table, "import_draw", text=undated, at="2025-03-04T19:10:00Z")
    assert table.state.draws[-1].date == "2025-03-04"  # Tuesday: no draw on Sunday or Monday


def test_a8_a_pasted_problem_refuses_the_draw_and_keeps_the_state():
    setup = {"registered": [f"u{i:02d}" for i in range(1, 14)], "now": "2025-02-27T09:00:00Z"}
    table = Table("trono", {"formation_secret": "s3cr3t"}, 1, setup)
    ref(table, "close_registration", at="2025-03-01T09:00:00Z")
    refusal = refused("E_DRAW_RANGE", ref, table, "import_draw", text=NEWSPAPER.replace("88", "91"))
    assert "riga 4" in refusal.message_it and "line 4" in str(refusal)


def test_a8_the_command_line_imports_a_newspaper_draw(tmp_path):
    from typer.testing import CliRunner

    from tavola.cli import app

    def trono(*args):
        return CliRunner().invoke(app, ["trono", *[str(a) for a in args]])

    path = tmp_path / "game.json"
    assert trono("new", path, "--seed", "5", "--start-at", "2025-03-01T09:00:00Z").exit_code == 0
    for n in range(1, 14):
        assert trono("register", path, f"u{n:02d}").exit_code == 0
    assert trono("close", path, "--at", "2025-03-01T10:00:00Z").exit_code == 0
    paper = tmp_path / "draw.txt"
    paper.write_text(NEWSPAPER.replace("04/03/2025", "01/03/2025"), encoding="utf-8")
    broken = tmp_path / "broken.txt"
    broken.write_text(NEWSPAPER.replace("TORINO    01 49 63 28 80\n", ""), encoding="utf-8")
    refused = trono("draw", path, "--import", broken, "--at", "2025-03-01T20:30:00Z")
    assert refused.exit_code == 1 and "manca la ruota di Torino" in refused.output
    done = trono("draw", path, "--import", paper, "--at", "2025-03-01T20:30:00Z")
    assert done.exit_code == 0, done.output
    last = json.loads(path.read_text())["log"][-1]["action"]
    assert last["type"] == "import_draw" and "BARI" in last["text"]


# -- headings with the date in words (issue 27, point 10) -------------------------------------

WHEELS = "\n".join(NEWSPAPER.splitlines()[1:])


@pytest.mark.parametrize(
    "heading",
    [
        "LOTTO - Estrazione di martedì 15 dicembre 2026",
        "Estrazione del 15/12/2026",
        "15 dicembre 2026",
        "MARTEDÌ 15 DICEMBRE 2026",
        "Estrazione n. 149 di martedì 15 dicembre 2026",
        "Lotto, estrazione del 15 dicembre 2026",
        "Tuesday 15 December 2026",
    ],
)
def test_a8_a_heading_gives_the_date_in_figures_or_in_words(heading):
    pasted = parse_pasted(f"{heading}\n{WHEELS}")
    assert (pasted.date, pasted.numbers) == ("2026-12-15", D)


def test_a8_the_first_of_the_month_is_read_as_printed():
    assert parse_pasted(f"Estrazione di martedì 1º dicembre 2026\n{WHEELS}").date == "2026-12-01"


def test_a8_a_heading_with_only_the_draws_number_is_skipped():
    assert parse_pasted(f"Estrazione n. 149\n{WHEELS}").date is None


def test_a8_a_weekday_that_is_not_the_dates_is_a_date_mismatch():
    found = problem(f"LOTTO - Estrazione di mercoledì 15 dicembre 2026\n{WHEELS}")
    assert found.code == "E_PASTED_DATE_MISMATCH"
    assert words(found, "it") == "riga 1: il 15 dicembre 2026 cade di martedì, non di mercoledì"
    assert words(found, "en") == "line 1: 15 December 2026 is a Tuesday, not a Wednesday"


def test_a8_an_elided_day_takes_its_article():
    found = problem(f"Estrazione di sabato 8 dicembre 2026\n{WHEELS}")
    assert words(found, "it") == "riga 1: l'8 dicembre 2026 cade di martedì, non di sabato"


def test_a8_two_different_dates_are_a_date_mismatch_not_a_format_error():
    found = problem(f"Estrazione del 15/12/2026\n15 dicembre 2026\nLotto del 17/12/2026\n{WHEELS}")
    assert found.code == "E_PASTED_DATE_MISMATCH"
    assert "15 dicembre 2026" in words(found, "it")


def test_a8_a_pasted_date_unlike_the_date_given_is_a_date_mismatch():
    setup = {"registered": [f"u{i:02d}" for i in range(1, 14)], "now": "2025-02-27T09:00:00Z"}
    table = Table("trono", {"formation_secret": "s3cr3t"}, 1, setup)
    ref(table, "close_registration", at="2025-03-01T09:00:00Z")
    refusal = refused(
        "E_PASTED_DATE_MISMATCH",
        ref,
        table,
        "import_draw",
        text=NEWSPAPER,
        date="2025-03-01",
        at="2025-03-04T19:10:00Z",
    )
    assert refusal.message_it == (
        "Le date non coincidono: l'estrazione incollata è del 4 marzo 2025, ma la data "
        "indicata è del 1º marzo 2025."
    )
    assert "format" not in str(refusal).lower() and "formato" not in refusal.message_it


def test_a8_a_pasted_turn_draw_of_another_evening_is_a_date_mismatch():
    from .tables import g4

    table = g4("calendar")
    ref(table, "tick", at="2025-03-04T18:50:00Z")
    heading = "LOTTO - Estrazione di giovedì 6 marzo 2025"
    refusal = refused(
        "E_DRAW_DATE_MISMATCH",
        ref,
        table,
        "import_draw",
        text=f"{heading}\n{WHEELS}",
        at="2025-03-06T19:10:00Z",
    )
    assert refusal.message_it.startswith(
        "L'estrazione inserita è del 6 marzo 2025, ma quella di questo turno è del 4 marzo 2025: "
        "la prima estrazione del Lotto dopo la scadenza del turno"
    )
