"""One card face as an SVG file: the same shapes and the same line breaks as on the PDF
sheet, in points, at the card's real size (plus the bleed on every side if asked). Its text
is outlined (`outline.py`): each line a path carrying its words in `aria-label`, so it looks
as printed with no font installed, and a reader or a search still finds the words."""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

from .outline import outline_path
from .shapes import POINTS_PER_MM, CardFace, Circle, Line, Polygon, Rect, Shape, Text


def _n(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _paint(fill: str | None, stroke: str | None, width: float) -> str:
    out = f' fill="{fill or "none"}"'
    if stroke:
        out += f' stroke="{stroke}" stroke-width="{_n(width)}"'
    return out


def _text(s: Text) -> str:
    return f'<path aria-label={quoteattr(s.text)} fill="{s.fill}" d="{outline_path(s)}"/>'


def _shape(s: Shape) -> str:
    if isinstance(s, Rect):
        corner = f' rx="{_n(s.radius)}"' if s.radius else ""
        return (
            f'<rect x="{_n(s.x)}" y="{_n(s.y)}" width="{_n(s.w)}" height="{_n(s.h)}"{corner}'
            f"{_paint(s.fill, s.stroke, s.stroke_width)}/>"
        )
    if isinstance(s, Circle):
        return (
            f'<circle cx="{_n(s.cx)}" cy="{_n(s.cy)}" r="{_n(s.r)}"'
            f"{_paint(s.fill, s.stroke, s.stroke_width)}/>"
        )
    if isinstance(s, Polygon):
        points = " ".join(f"{_n(x)},{_n(y)}" for x, y in s.points)
        return f'<polygon points="{points}"{_paint(s.fill, s.stroke, s.stroke_width)}/>'
    if isinstance(s, Line):
        return (
            f'<line x1="{_n(s.x1)}" y1="{_n(s.y1)}" x2="{_n(s.x2)}" y2="{_n(s.y2)}"'
            f' stroke="{s.stroke}" stroke-width="{_n(s.width)}"/>'
        )
    return _text(s)


def face_to_svg(face: CardFace, bleed: float = 0.0) -> str:
    """The SVG document of one card; `bleed` (points) widens it on every side."""
    w, h = face.width + 2 * bleed, face.height + 2 * bleed
    size_mm = f'width="{_n(w / POINTS_PER_MM)}mm" height="{_n(h / POINTS_PER_MM)}mm"'
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" {size_mm}'
        f' viewBox="{_n(-bleed)} {_n(-bleed)} {_n(w)} {_n(h)}">',
        f"<title>{escape(face.name)}</title>",
        f'<rect x="{_n(-bleed)}" y="{_n(-bleed)}" width="{_n(w)}" height="{_n(h)}"'
        f' fill="{face.background}"/>',
        *(_shape(s) for s in face.shapes),
        "</svg>",
    ]
    return "\n".join(lines) + "\n"
