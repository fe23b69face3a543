"""Card faces on printable PDF pages (reportlab): a grid per page at the cards' real size,
crop marks, the bleed, and the fonts embedded."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from .shapes import CardFace, Circle, Line, Polygon, Rect, Shape, Text
from .sheet import SheetPlan, Slot, plan_sheet

Caption = Callable[[int, int], str]
"""(page number from 1, page count) → the line printed under the crop marks."""


class _Page:
    """Draws shapes given from the page's top-left corner (reportlab's y goes up)."""

    def __init__(self, canvas: Canvas, height: float) -> None:
        self.canvas = canvas
        self.height = height

    def _paint(self, fill: str | None, stroke: str | None, width: float) -> tuple[int, int]:
        if fill:
            self.canvas.setFillColor(HexColor(fill))
        if stroke:
            self.canvas.setStrokeColor(HexColor(stroke))
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
        c.setFillColor(HexColor(s.fill))
        c.setFont(s.font, s.size)
        x, y = dx + s.x, self.height - (dy + s.y)
        if s.anchor == "middle":
            c.drawCentredString(x, y, s.text)
        elif s.anchor == "end":
            c.drawRightString(x, y, s.text)
        else:
            c.drawString(x, y, s.text)

    def card(self, face: CardFace, slot: Slot) -> None:
        self.shape(
            Rect(
                slot.x - slot.bleed_left,
                slot.y - slot.bleed_top,
                face.width + slot.bleed_left + slot.bleed_right,
                face.height + slot.bleed_top + slot.bleed_bottom,
                fill=face.background,
            )
        )
        for s in face.shapes:
            self.shape(s, slot.x, slot.y)


def write_sheet_pdf(
    path: Path,
    faces: Sequence[CardFace],
    paper: str,
    bleed: float,
    *,
    title: str,
    caption: Caption | None = None,
    caption_font: str = "Helvetica",
) -> SheetPlan:
    """Writes every face, a page per grid, and returns the page layout. Faces must share
    one size. The same faces give the same bytes (no dates or random ids in the file)."""
    if not faces:
        raise ValueError("no card to print")
    plan = plan_sheet(paper, faces[0].width, faces[0].height, bleed)
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
    pages = (len(faces) + plan.per_page - 1) // plan.per_page
    for number in range(pages):
        page = _Page(canvas, plan.page_height)
        chunk = faces[number * plan.per_page : (number + 1) * plan.per_page]
        for face, slot in zip(chunk, plan.slots, strict=False):
            page.card(face, slot)
        for mark in plan.marks:
            page.shape(mark)
        if caption is not None and plan.caption_y is not None:
            words = caption(number + 1, pages)
            page.text(
                Text(
                    plan.page_width / 2,
                    plan.caption_y,
                    words,
                    caption_font,
                    6.5,
                    "#555555",
                    "middle",
                )
            )
        canvas.showPage()
    canvas.save()
    return plan
