"""Where the cards go on a printed page: a grid of cards at their real size with crop marks
at every trim line around it, all inside the area a printer can print.

Every card gets its whole bleed on every side: two neighbours stand twice the bleed apart,
so that neither background covers the other's. The crop marks stay `PRINTABLE_MARGIN` from
the paper's edge (an office printer prints nothing nearer), and a band along the bottom holds
the line that asks to print at 100%. Of the grids that fit in the page's two orientations,
the one holding the most cards wins (portrait on a tie); `per_page` caps the count (1: one
card a page). A bleed with no room for even one card and its marks is refused with the
widest that fits."""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import TavolaError
from .shapes import Line, mm

PAPERS: dict[str, tuple[float, float]] = {
    "a4": (mm(210), mm(297)),
    "letter": (612.0, 792.0),
}
"""Page sizes in points (portrait)."""
PAPER_NAMES = {"a4": "A4", "letter": "Letter"}

PRINTABLE_MARGIN = mm(5.0)
"""Nothing is drawn nearer the paper's edge than this."""
CAPTION_BAND = mm(4.0)
"""Room at the bottom, inside the printable area, for the caption."""
MARK_GAP = mm(1.0)
"""From the outer edge of the bleed to where a crop mark starts."""
MARK_LENGTH = mm(4.0)
MARK_MIN = mm(2.0)
MARK_WIDTH = 0.3


@dataclass(frozen=True)
class Slot:
    """A card's trim box on the page (from the page's top-left corner); its background
    reaches the plan's bleed past every side."""

    x: float
    y: float


@dataclass(frozen=True)
class SheetPlan:
    page_width: float
    page_height: float
    card_width: float
    card_height: float
    bleed: float
    cols: int
    rows: int
    slots: tuple[Slot, ...]
    """Row by row from the top-left."""
    marks: tuple[Line, ...]
    caption_y: float
    """Baseline of the line of text in the bottom band."""

    @property
    def per_page(self) -> int:
        return len(self.slots)

    @property
    def landscape(self) -> bool:
        return self.page_width > self.page_height

    @property
    def trim_box(self) -> tuple[float, float, float, float]:
        """(left, top, right, bottom) of the grid's outer trims, from the top-left."""
        first, last = self.slots[0], self.slots[-1]
        return (first.x, first.y, last.x + self.card_width, last.y + self.card_height)

    @property
    def bleed_box(self) -> tuple[float, float, float, float]:
        left, top, right, bottom = self.trim_box
        b = self.bleed
        return (left - b, top - b, right + b, bottom + b)

    def back_slot(self, index: int) -> Slot:
        """Where the back of the card in slot `index` goes on the back page: the same row,
        the mirrored column, so that a sheet turned over left to right puts each back
        behind its face (the grid is centred across the page)."""
        row, col = divmod(index, self.cols)
        return self.slots[row * self.cols + (self.cols - 1 - col)]


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


def _grid(count: int, card: float, bleed: float) -> float:
    return count * card + (count - 1) * 2 * bleed


def _most(room: float, card: float, bleed: float) -> int:
    """How many cards fit side by side in `room`, with their bleeds and the marks."""
    count = 0
    while _grid(count + 1, card, bleed) + 2 * (bleed + MARK_GAP + MARK_MIN) <= room + 1e-6:
        count += 1
    return count


def _best(cols: int, rows: int, per_page: int | None) -> tuple[int, int]:
    if per_page is None or cols * rows <= per_page:
        return cols, rows
    fits = [(c * r, -abs(c - r), c, r) for c in range(1, cols + 1) for r in range(1, rows + 1)]
    _, _, c, r = max(f for f in fits if f[0] <= per_page)
    return c, r


def _trims(first: float, card: float, gutter: float, count: int) -> list[float]:
    edges: list[float] = []
    for i in range(count):
        start = first + i * (card + gutter)
        for edge in (start, start + card):
            if not edges or abs(edges[-1] - edge) > 1e-6:
                edges.append(edge)
    return edges


def plan_sheet(
    paper: str,
    card_width: float,
    card_height: float,
    bleed: float,
    per_page: int | None = None,
) -> SheetPlan:
    """The layout of one page (sizes in points)."""
    short, long = PAPERS[paper]
    choices = []
    for page_w, page_h in ((short, long), (long, short)):
        room_w = page_w - 2 * PRINTABLE_MARGIN
        room_h = page_h - 2 * PRINTABLE_MARGIN - CAPTION_BAND
        cols, rows = _most(room_w, card_width, bleed), _most(room_h, card_height, bleed)
        if cols and rows:
            cols, rows = _best(cols, rows, per_page)
            choices.append((cols * rows, page_w, page_h, cols, rows))
    if not choices:
        widest = max(
            min((room_w - card_width) / 2, (room_h - card_height) / 2) - MARK_GAP - MARK_MIN
            for room_w, room_h in (
                (short - 2 * PRINTABLE_MARGIN, long - 2 * PRINTABLE_MARGIN - CAPTION_BAND),
                (long - 2 * PRINTABLE_MARGIN, short - 2 * PRINTABLE_MARGIN - CAPTION_BAND),
            )
        )
        raise SheetDoesNotFit(paper, bleed / mm(1), max(0.0, widest / mm(1)))
    # max() keeps the first of equals: portrait.
    _, page_w, page_h, cols, rows = max(choices, key=lambda c: c[0])
    gutter = 2 * bleed
    grid_w, grid_h = _grid(cols, card_width, bleed), _grid(rows, card_height, bleed)
    room_h = page_h - 2 * PRINTABLE_MARGIN - CAPTION_BAND
    x0 = (page_w - grid_w) / 2
    y0 = PRINTABLE_MARGIN + (room_h - grid_h) / 2
    mark_x = min(MARK_LENGTH, x0 - PRINTABLE_MARGIN - bleed - MARK_GAP)
    mark_y = min(MARK_LENGTH, y0 - PRINTABLE_MARGIN - bleed - MARK_GAP)
    slots = tuple(
        Slot(x0 + c * (card_width + gutter), y0 + r * (card_height + gutter))
        for r in range(rows)
        for c in range(cols)
    )
    marks: list[Line] = []
    # Vertical marks above and below the grid at each column's trims, horizontal ones
    # left and right of it at each row's trims: none is drawn over a card or its bleed.
    for x in _trims(x0, card_width, gutter, cols):
        top = y0 - bleed - MARK_GAP
        bottom = y0 + grid_h + bleed + MARK_GAP
        marks.append(Line(x, top, x, top - mark_y, "#000000", MARK_WIDTH))
        marks.append(Line(x, bottom, x, bottom + mark_y, "#000000", MARK_WIDTH))
    for y in _trims(y0, card_height, gutter, rows):
        left = x0 - bleed - MARK_GAP
        right = x0 + grid_w + bleed + MARK_GAP
        marks.append(Line(left, y, left - mark_x, y, "#000000", MARK_WIDTH))
        marks.append(Line(right, y, right + mark_x, y, "#000000", MARK_WIDTH))
    caption_y = page_h - PRINTABLE_MARGIN - mm(1.0)
    return SheetPlan(
        page_w,
        page_h,
        card_width,
        card_height,
        bleed,
        cols,
        rows,
        slots,
        tuple(marks),
        caption_y,
    )
