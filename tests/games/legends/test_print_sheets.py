"""`tavola cards print` measured from the PDF it writes (pypdf reads the drawing operators):
every card's bleed rectangle (its background) and trim rectangle (between the crop marks),
on A4 and Letter, with no bleed, 3 mm and the widest accepted, then the page boxes, the
printable margin, the caption on every page, one card a page, the back pages mirrored for
duplex, and CMYK colours."""

import math
from dataclasses import dataclass
from pathlib import Path

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream
from typer.testing import CliRunner

from tavola.cli import app
from tavola.core.printing import mm
from tavola.games.legends.catalog import load_catalog

CARD_W, CARD_H = mm(63), mm(88)
WIDEST = 10.0
"""The widest bleed `cards print` accepts (its option's maximum)."""
STARTER = load_catalog("starter_S1")
EPS = 0.01


@dataclass
class Drawn:
    backgrounds: list[tuple[float, float, float, float]]
    """Filled rectangles at least a card large: (x0, y0, x1, y1), PDF's y up."""
    marks: list[tuple[float, float, float, float]]
    """Stroked straight lines outside every card."""
    fill_ops: set[bytes]


def drawn(reader: PdfReader, page) -> Drawn:
    ops = ContentStream(page.get_contents(), reader).operations
    rects, lines, fills = [], [], set()
    start = None
    for operands, op in ops:
        values = [float(v) for v in operands] if op in (b"re", b"m", b"l", b"cm") else []
        if op == b"cm":
            # Measured coordinates are page coordinates only if nothing moves the origin.
            assert values == [1, 0, 0, 1, 0, 0]
        elif op == b"re":
            x, y, w, h = values
            if w >= CARD_W - EPS and h >= CARD_H - EPS:
                rects.append((x, y, x + w, y + h))
        elif op == b"m":
            start = values
        elif op == b"l" and start is not None:
            lines.append((*start, *values))
            start = None
        elif op in (b"rg", b"k", b"g", b"sc", b"scn"):
            fills.add(op)
    inside = [
        line
        for line in lines
        if not any(
            r[0] - EPS <= min(line[0], line[2])
            and max(line[0], line[2]) <= r[2] + EPS
            and r[1] - EPS <= min(line[1], line[3])
            and max(line[1], line[3]) <= r[3] + EPS
            for r in rects
        )
    ]
    return Drawn(rects, inside, fills)


def print_pdf(out: Path, *args: str) -> PdfReader:
    result = CliRunner().invoke(app, ["cards", "print", "--out", str(out), "--no-svg", *args])
    assert result.exit_code == 0, result.output
    return PdfReader(next(out.glob("*.pdf")))


def check_sheet(reader: PdfReader, page, bleed: float, cards: int) -> list[tuple]:
    """Every card's trim and bleed on one page; returns the trim rectangles."""
    width, height = float(page.mediabox.width), float(page.mediabox.height)
    found = drawn(reader, page)
    assert len(found.backgrounds) == cards
    verticals = sorted({round(m[0], 2) for m in found.marks if abs(m[0] - m[2]) < EPS})
    horizontals = sorted({round(m[1], 2) for m in found.marks if abs(m[1] - m[3]) < EPS})
    trims = []
    for x0, y0, x1, y1 in found.backgrounds:
        # The card's trim: the crop-mark lines nearest inside its background.
        left = min(x for x in verticals if x >= x0 - EPS)
        right = max(x for x in verticals if x <= x1 + EPS)
        bottom = min(y for y in horizontals if y >= y0 - EPS)
        top = max(y for y in horizontals if y <= y1 + EPS)
        assert right - left == pytest.approx(CARD_W, abs=0.02)
        assert top - bottom == pytest.approx(CARD_H, abs=0.02)
        for reach in (left - x0, x1 - right, bottom - y0, y1 - top):
            assert reach == pytest.approx(bleed, abs=0.02)
        trims.append((left, bottom, right, top))
    boxes = found.backgrounds
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            assert (
                a[2] <= b[0] + EPS or b[2] <= a[0] + EPS or a[3] <= b[1] + EPS or b[3] <= a[1] + EPS
            ), "two cards' bleeds overlap"
    margin = mm(5) - EPS
    for x0, y0, x1, y1 in found.marks:
        assert min(x0, x1) >= margin and max(x0, x1) <= width - margin
        assert min(y0, y1) >= margin and max(y0, y1) <= height - margin
        assert math.hypot(x1 - x0, y1 - y0) >= mm(2) - EPS
    for x0, y0, x1, y1 in boxes:
        assert x0 >= margin and y0 >= margin and x1 <= width - margin and y1 <= height - margin
    return trims


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("bleed", [0.0, 3.0, WIDEST])
def test_every_card_gets_its_trim_and_its_whole_bleed_on_every_side(tmp_path, paper, bleed):
    reader = print_pdf(tmp_path, "--paper", paper, "--bleed", f"{bleed:g}")
    total = len(STARTER.cards())
    counts = [len(drawn(reader, page).backgrounds) for page in reader.pages]
    assert sum(counts) == total and len(set(counts[:-1])) == 1
    per_page = counts[0]
    assert per_page >= 4
    for number, page in enumerate(reader.pages):
        trims = check_sheet(reader, page, mm(bleed), counts[number])
        if number == 0:
            # The page boxes hold the grid's trims and its bleed.
            lefts, bottoms = [t[0] for t in trims], [t[1] for t in trims]
            rights, tops = [t[2] for t in trims], [t[3] for t in trims]
            trim_box = [float(v) for v in page.trimbox]
            bleed_box = [float(v) for v in page.bleedbox]
            grid = [min(lefts), min(bottoms), max(rights), max(tops)]
            assert trim_box == pytest.approx(grid, abs=0.02)
            widened = [grid[0] - mm(bleed), grid[1] - mm(bleed)]
            widened += [grid[2] + mm(bleed), grid[3] + mm(bleed)]
            assert bleed_box == pytest.approx(widened, abs=0.02)
        # Every page carries the same boxes (a short last page too).
        assert [float(v) for v in page.trimbox] == [float(v) for v in reader.pages[0].trimbox]
        assert [float(v) for v in page.bleedbox] == [float(v) for v in reader.pages[0].bleedbox]
        words = " ".join(page.extract_text().split())
        assert "stampa al 100%" in words
        if bleed:
            assert f"abbondanza {bleed:g} mm" in words


def test_the_usual_grids_a4_nine_cards_without_bleed_eight_with_3_mm():
    from tavola.core.printing import plan_sheet

    assert plan_sheet("a4", CARD_W, CARD_H, 0).per_page == 9
    assert plan_sheet("a4", CARD_W, CARD_H, mm(3)).per_page == 8
    assert plan_sheet("letter", CARD_W, CARD_H, 0).per_page == 8
    assert plan_sheet("letter", CARD_W, CARD_H, mm(3)).per_page == 6


def test_per_page_one_puts_each_card_alone_with_its_bleed(tmp_path):
    reader = print_pdf(tmp_path, "--per-page", "1", "--bleed", "3", "--only", "S1-001,S1-002")
    assert len(reader.pages) == 2
    for page in reader.pages:
        check_sheet(reader, page, mm(3), 1)


def test_the_english_caption_says_print_at_100_percent_on_letter(tmp_path):
    reader = print_pdf(tmp_path, "--lang", "en", "--paper", "letter", "--only", "S1-001")
    assert "print at 100%, no scaling" in " ".join(reader.pages[0].extract_text().split())


def test_each_sheet_is_followed_by_its_back_page_mirrored_for_duplex(tmp_path):
    reader = print_pdf(tmp_path, "--backs", "--bleed", "3", "--only", "S1-001,S1-002,S1-003")
    assert len(reader.pages) == 2
    front, back = reader.pages
    width = float(front.mediabox.width)
    front_boxes = drawn(reader, front).backgrounds
    back_boxes = drawn(reader, back).backgrounds
    mirrored = sorted((width - x1, y0, width - x0, y1) for x0, y0, x1, y1 in front_boxes)
    flat = [v for box in sorted(back_boxes) for v in box]
    assert flat == pytest.approx([v for box in mirrored for v in box], abs=0.02)
    check_sheet(reader, back, mm(3), 3)
    words = " ".join(back.extract_text().split())
    assert "retro" in words and "fronte-retro" in words and "LEGENDS" in words


def test_cmyk_colours_are_written_as_cmyk(tmp_path):
    rgb = print_pdf(tmp_path / "rgb", "--only", "S1-001")
    cmyk = print_pdf(tmp_path / "cmyk", "--cmyk", "--only", "S1-001")
    assert b"rg" in drawn(rgb, rgb.pages[0]).fill_ops
    ops = drawn(cmyk, cmyk.pages[0]).fill_ops
    assert b"k" in ops and b"rg" not in ops
