"""The game-agnostic side of printed cards: where cards and crop marks go on a page, and text
that wraps and shrinks to fit its box."""

import pytest

from tavola.core.printing import (
    FontFile,
    Paragraph,
    SheetDoesNotFit,
    fit_paragraphs,
    mm,
    plan_sheet,
    register_fonts,
    text_width,
)

SANS = FontFile("test-sans", "DejaVuSans.ttf", "DejaVu Sans", "fonts-dejavu-core")


def bleed_boxes(plan, w, h):
    b = plan.bleed
    return [(s.x - b, s.y - b, s.x + w + b, s.y + h + b) for s in plan.slots]


@pytest.mark.parametrize(
    ("paper", "bleed", "per_page"),
    [("a4", 0.0, 9), ("a4", 3.0, 8), ("letter", 0.0, 8), ("letter", 3.0, 6)],
)
def test_crop_marks_sit_on_the_trims_outside_every_card_and_the_page_holds_the_grid(
    paper, bleed, per_page
):
    w, h = mm(63), mm(88)
    plan = plan_sheet(paper, w, h, mm(bleed))
    assert plan.per_page == per_page
    boxes = bleed_boxes(plan, w, h)
    assert all(
        x0 > 0 and y0 > 0 and x1 < plan.page_width and y1 < plan.page_height
        for x0, y0, x1, y1 in boxes
    )
    trims_x = {round(s.x, 3) for s in plan.slots} | {round(s.x + w, 3) for s in plan.slots}
    trims_y = {round(s.y, 3) for s in plan.slots} | {round(s.y + h, 3) for s in plan.slots}
    for mark in plan.marks:
        vertical = mark.x1 == mark.x2
        assert (round(mark.x1, 3) in trims_x) if vertical else (round(mark.y1, 3) in trims_y)
        assert abs(mark.y2 - mark.y1 if vertical else mark.x2 - mark.x1) >= mm(2) - 1e-6
        for x0, y0, x1, y1 in boxes:
            across = (
                min(mark.x1, mark.x2),
                min(mark.y1, mark.y2),
                max(mark.x1, mark.x2),
                max(mark.y1, mark.y2),
            )
            assert across[2] < x0 or across[0] > x1 or across[3] < y0 or across[1] > y1
    # Bleeds of neighbouring cards never overlap.
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            assert (
                a[2] <= b[0] + 1e-6
                or b[2] <= a[0] + 1e-6
                or a[3] <= b[1] + 1e-6
                or b[3] <= a[1] + 1e-6
            )


def test_a_bleed_with_no_room_for_one_card_is_refused_with_the_widest_that_fits():
    assert plan_sheet("a4", mm(63), mm(88), mm(65)).per_page == 1
    with pytest.raises(SheetDoesNotFit) as refused:
        plan_sheet("a4", mm(63), mm(88), mm(66))
    assert "65.5 mm" in refused.value.message


def test_per_page_caps_the_grid_keeping_it_as_square_as_it_can():
    plan = plan_sheet("a4", mm(63), mm(88), 0.0, per_page=4)
    assert (plan.cols, plan.rows) == (2, 2)
    assert plan_sheet("a4", mm(63), mm(88), 0.0, per_page=1).per_page == 1


def test_text_shrinks_until_every_line_fits_the_box_and_says_when_it_cannot():
    register_fonts([SANS])
    words = [Paragraph("una parola dopo l'altra " * 10, "test-sans", "#000000")]
    block = fit_paragraphs(words, mm(40), mm(20), 12, 4)
    assert not block.overflow and 4 <= block.size < 12 and block.height <= mm(20)
    assert all(text_width(line.text, line.font, line.size) <= mm(40) for line in block.lines)
    assert len(block.lines) > 1
    squeezed = fit_paragraphs(words, mm(20), mm(5), 12, 6)
    assert squeezed.overflow and squeezed.size == 6
