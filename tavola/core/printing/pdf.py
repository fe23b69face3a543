"""Card faces on printable PDF pages (reportlab): a grid per page at the cards' real size,
crop marks, the bleed, each page's TrimBox and BleedBox, the fonts embedded, and optionally
a back page behind each sheet (mirrored for duplex) and CMYK colours."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from reportlab.lib.colors import CMYKColor, Color, HexColor
from reportlab.pdfgen.canvas import Canvas

from .fonts import text_width
from .shapes import CardFace, Circle, Line, Polygon, Rect, Shape, Text
from .sheet import PRINTABLE_MARGIN, SheetPlan, Slot, plan_sheet


@dataclass(frozen=True)
class SheetPage:
    """What the caption of one page may say."""

    sheet: int
    """The sheet's number, from 1 (a sheet with backs is two pages)."""
    sheets: int
    back: bool
    landscape: bool


Caption = Callable[[SheetPage], str]
"""The line printed in the band under the crop marks."""


def cmyk(hex_colour: str) -> CMYKColor:
    """A device CMYK colour for an sRGB one (the naive conversion, no ICC profile)."""
    rgb = HexColor(hex_colour)
    r, g, b = rgb.red, rgb.green, rgb.blue
    k = 1 - max(r, g, b)
    if k >= 1 - 1e-9:
        return CMYKColor(0, 0, 0, 1)
    return CMYKColor((1 - r - k) / (1 - k), (1 - g - k) / (1 - k), (1 - b - k) / (1 - k), k)


class _Page:
    """Draws shapes given from the page's top-left corner (reportlab's y goes up)."""

    def __init__(self, canvas: Canvas, height: float, use_cmyk: bool = False) -> None:
        self.canvas = canvas
        self.height = height
        self.use_cmyk = use_cmyk

    def colour(self, hex_colour: str) -> Color:
        return cmyk(hex_colour) if self.use_cmyk else HexColor(hex_colour)

    def _paint(self, fill: str | None, stroke: str | None, width: float) -> tuple[int, int]:
        if fill:
            self.canvas.setFillColor(self.colour(fill))
        if stroke:
            self.canvas.setStrokeColor(self.colour(stroke))
            self.canvas.setLineWidth(width)
        return (1 if stroke else 0), (1 if fill else 0)

    def shape(self, s: Shape, dx: float = 0.0, dy: float = 0.0) -> None:
        c, top = self.canvas, self.height
        if isinstance(s, Rect):
            stroke, fill = self._paint(s.fill, s.stroke, s.stroke_width)
            y = top - (dy + s.y + s.h)
            if s.radius:
                c.roundRect(dx + s.x, y, s.w, s.h, s.radius, stroke=stroke, fill=fill)
            else:
                c.rect(dx + s.x, y, s.w, s.h, stroke=stroke, fill=fill)
        elif isinstance(s, Circle):
            stroke, fill = self._paint(s.fill, s.stroke, s.stroke_width)
            c.circle(dx + s.cx, top - (dy + s.cy), s.r, stroke=stroke, fill=fill)
        elif isinstance(s, Polygon):
            stroke, fill = self._paint(s.fill, s.stroke, s.stroke_width)
            path = c.beginPath()
            (x, y), *rest = s.points
            path.moveTo(dx + x, top - (dy + y))
            for x, y in rest:
                path.lineTo(dx + x, top - (dy + y))
            path.close()
            c.drawPath(path, stroke=stroke, fill=fill)
        elif isinstance(s, Line):
            self._paint(None, s.stroke, s.width)
            c.line(dx + s.x1, top - (dy + s.y1), dx + s.x2, top - (dy + s.y2))
        else:
            self.text(s, dx, dy)

    def text(self, s: Text, dx: float = 0.0, dy: float = 0.0) -> None:
        c = self.canvas
        c.setFillColor(self.colour(s.fill))
        c.setFont(s.font, s.size)
        x, y = dx + s.x, self.height - (dy + s.y)
        if s.anchor == "middle":
            c.drawCentredString(x, y, s.text)
        elif s.anchor == "end":
            c.drawRightString(x, y, s.text)
        else:
            c.drawString(x, y, s.text)

    def card(self, face: CardFace, slot: Slot, bleed: float) -> None:
        self.shape(
            Rect(
                slot.x - bleed,
                slot.y - bleed,
                face.width + 2 * bleed,
                face.height + 2 * bleed,
                fill=face.background,
            )
        )
        for s in face.shapes:
            self.shape(s, slot.x, slot.y)


def _box(plan: SheetPlan, box: tuple[float, float, float, float]) -> tuple[float, ...]:
    """A (left, top, right, bottom) box from the top-left as PDF's [llx lly urx ury]."""
    left, top, right, bottom = box
    return (left, plan.page_height - bottom, right, plan.page_height - top)


def write_sheet_pdf(
    path: Path,
    faces: Sequence[CardFace],
    paper: str,
    bleed: float,
    *,
    title: str,
    caption: Caption | None = None,
    caption_font: str = "Helvetica",
    per_page: int | None = None,
    back: CardFace | None = None,
    use_cmyk: bool = False,
) -> SheetPlan:
    """Writes every face, a page per grid (each followed by its back page if `back` is
    given), and returns the page layout. Faces must share one size. The same faces give the
    same bytes (no dates or random ids in the file)."""
    if not faces:
        raise ValueError("no card to print")
    plan = plan_sheet(paper, faces[0].width, faces[0].height, bleed, per_page)
    # The caption's font is also the canvas's first, so that every font in the file is
    # embedded (a print shop refuses a PDF naming a font it does not carry).
    canvas = Canvas(
        str(path),
        pagesize=(plan.page_width, plan.page_height),
        invariant=True,
        initialFontName=caption_font,  # type: ignore[arg-type]  # the stubs say float
    )
    canvas.setTitle(title)
    canvas.setCreator("Tavola")
    canvas.setSubject(", ".join(face.name for face in faces))
    # The boxes hold for every page: where the grid is cut, and how far its colour reaches.
    canvas.setTrimBox(_box(plan, plan.trim_box))
    canvas.setBleedBox(_box(plan, plan.bleed_box))
    sheets = (len(faces) + plan.per_page - 1) // plan.per_page
    for number in range(sheets):
        chunk = faces[number * plan.per_page : (number + 1) * plan.per_page]
        sides = [False, True] if back is not None else [False]
        for is_back in sides:
            page = _Page(canvas, plan.page_height, use_cmyk)
            for index, face in enumerate(chunk):
                if is_back and back is not None:
                    page.card(back, plan.back_slot(index), plan.bleed)
                else:
                    page.card(face, plan.slots[index], plan.bleed)
            for mark in plan.marks:
                page.shape(mark)
            if caption is not None:
                words = caption(SheetPage(number + 1, sheets, is_back, plan.landscape))
                page.text(_caption(plan, words, caption_font))
            canvas.showPage()
    canvas.save()
    return plan


def _caption(plan: SheetPlan, words: str, font: str) -> Text:
    """The caption, shrunk if need be to stay inside the printable area."""
    room = plan.page_width - 2 * PRINTABLE_MARGIN
    size = min(6.5, 6.5 * room / max(1.0, text_width(words, font, 6.5)))
    return Text(plan.page_width / 2, plan.caption_y, words, font, size, "#555555", "middle")
