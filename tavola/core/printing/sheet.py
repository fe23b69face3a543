"""Where the cards go on a printed page: a grid of cards at their real size, centred, with
crop marks at every trim line in the margins around it.

With a bleed, each card's background reaches past its trim by the bleed at the grid's outer
edges. Between two cards it reaches as far as the gutter allows: the page gives the crop
marks their length first (up to 4 mm), then spaces the cards apart by up to twice the bleed,
so that neither card's bleed covers the other's. A bleed too wide for the page is refused
with the widest that fits."""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import TavolaError
from .shapes import Line, mm

PAPERS: dict[str, tuple[float, float]] = {
    "a4": (mm(210), mm(297)),
    "letter": (612.0, 792.0),
}
"""Page sizes in points."""
PAPER_NAMES = {"a4": "A4", "letter": "Letter"}

MARK_GAP = mm(1.0)
"""From the outer edge of the bleed to where a crop mark starts."""
MARK_LENGTH = mm(4.0)
MARK_MIN = mm(2.0)
MARK_WIDTH = 0.3


@dataclass(frozen=True)
class Slot:
    """A card's trim box on the page (from the page's top-left corner) and how far its
    background reaches past each side of the trim."""

    x: float
    y: float
    bleed_left: float
    bleed_right: float
    bleed_top: float
    bleed_bottom: float


@dataclass(frozen=True)
class SheetPlan:
    page_width: float
    page_height: float
    slots: tuple[Slot, ...]
    marks: tuple[Line, ...]
    caption_y: float | None
    """Baseline of a line of text under the bottom crop marks, if there is room for one."""

    @property
    def per_page(self) -> int:
        return len(self.slots)


class SheetDoesNotFit(TavolaError):
    def __init__(self, paper: str, bleed_mm: float, widest_mm: float) -> None:
        name = PAPER_NAMES[paper]
        super().__init__(
            "sheet_does_not_fit",
            f"A bleed of {bleed_mm:g} mm does not fit on {name} with its crop marks; "
            f"the widest that fits is {widest_mm:.1f} mm.",
            message_it=f"Un'abbondanza di {bleed_mm:g} mm non sta su {name} con i segni di "
            f"taglio; la più ampia che ci sta è {widest_mm:.1f} mm.",
        )


def _axis(page: float, card: float, count: int, bleed: float) -> tuple[float, float, float]:
    """(first trim, gutter, crop mark length) along one side of the page, or raises
    ValueError with the widest bleed that would fit."""
    spare = page - count * card
    mark = min(MARK_LENGTH, spare / 2 - bleed - MARK_GAP)
    if mark < MARK_MIN - 1e-9:
        raise ValueError(spare / 2 - MARK_GAP - MARK_MIN)
    gutter = 0.0
    if count > 1:
        gutter = max(0.0, min(2 * bleed, (spare - 2 * (bleed + MARK_GAP + mark)) / (count - 1)))
    grid = count * card + (count - 1) * gutter
    return (page - grid) / 2, gutter, mark


def _trims(first: float, card: float, gutter: float, count: int) -> list[float]:
    edges: list[float] = []
    for i in range(count):
        start = first + i * (card + gutter)
        for edge in (start, start + card):
            if not edges or abs(edges[-1] - edge) > 1e-6:
                edges.append(edge)
    return edges


def plan_sheet(
    paper: str, card_width: float, card_height: float, bleed: float, cols: int = 3, rows: int = 3
) -> SheetPlan:
    """The layout of one page of `cols`×`rows` cards (sizes in points)."""
    page_w, page_h = PAPERS[paper]
    try:
        x0, gx, mark_x = _axis(page_w, card_width, cols, bleed)
        y0, gy, mark_y = _axis(page_h, card_height, rows, bleed)
    except ValueError as exc:
        widest = min(
            (page_w - cols * card_width) / 2 - MARK_GAP - MARK_MIN,
            (page_h - rows * card_height) / 2 - MARK_GAP - MARK_MIN,
        )
        raise SheetDoesNotFit(paper, bleed / mm(1), max(0.0, widest / mm(1))) from exc
    slots = []
    for r in range(rows):
        for c in range(cols):
            slots.append(
                Slot(
                    x=x0 + c * (card_width + gx),
                    y=y0 + r * (card_height + gy),
                    bleed_left=bleed if c == 0 else gx / 2,
                    bleed_right=bleed if c == cols - 1 else gx / 2,
                    bleed_top=bleed if r == 0 else gy / 2,
                    bleed_bottom=bleed if r == rows - 1 else gy / 2,
                )
            )
    grid_right = x0 + cols * card_width + (cols - 1) * gx
    grid_bottom = y0 + rows * card_height + (rows - 1) * gy
    marks: list[Line] = []
    # Vertical marks above and below the grid at each column's trims, horizontal ones
    # left and right of it at each row's trims: none is drawn over a card or its bleed.
    for x in _trims(x0, card_width, gx, cols):
        top = y0 - bleed - MARK_GAP
        bottom = grid_bottom + bleed + MARK_GAP
        marks.append(Line(x, top, x, top - mark_y, "#000000", MARK_WIDTH))
        marks.append(Line(x, bottom, x, bottom + mark_y, "#000000", MARK_WIDTH))
    for y in _trims(y0, card_height, gy, rows):
        left = x0 - bleed - MARK_GAP
        right = grid_right + bleed + MARK_GAP
        marks.append(Line(left, y, left - mark_x, y, "#000000", MARK_WIDTH))
        marks.append(Line(right, y, right + mark_x, y, "#000000", MARK_WIDTH))
    below = grid_bottom + bleed + MARK_GAP + mark_y
    room = page_h - below
    caption_y = below + room / 2 + mm(1) if room >= mm(6) else None
    return SheetPlan(page_w, page_h, tuple(slots), tuple(marks), caption_y)
