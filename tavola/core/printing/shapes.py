"""What a printed card is made of: a few flat shapes and lines of text, placed in points
from the card's top-left corner at the trim. A game lays out its own card face with them;
the PDF sheet and the SVG file draw the same shapes, so both show the same card."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

POINTS_PER_MM = 72 / 25.4


def mm(value: float) -> float:
    """Millimetres in points (the unit of every shape)."""
    return value * POINTS_PER_MM


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    fill: str | None = None
    stroke: str | None = None
    stroke_width: float = 0.5
    radius: float = 0.0


@dataclass(frozen=True)
class Circle:
    cx: float
    cy: float
    r: float
    fill: str | None = None
    stroke: str | None = None
    stroke_width: float = 0.5


@dataclass(frozen=True)
class Polygon:
    points: tuple[tuple[float, float], ...]
    fill: str | None = None
    stroke: str | None = None
    stroke_width: float = 0.5


@dataclass(frozen=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    stroke: str
    width: float = 0.5


Anchor = Literal["start", "middle", "end"]


@dataclass(frozen=True)
class Text:
    """One line of text; `y` is its baseline, `font` a name registered in `fonts`."""

    x: float
    y: float
    text: str
    font: str
    size: float
    fill: str
    anchor: Anchor = "start"


Shape = Rect | Circle | Polygon | Line | Text


@dataclass(frozen=True)
class CardFace:
    """One card ready to draw: its size at the trim, the colour that fills it up to the
    bleed (so a slightly off cut shows no white edge), and its shapes in drawing order.
    `name` is what a reader or a search finds the card by; `slug` names its file."""

    width: float
    height: float
    background: str
    shapes: tuple[Shape, ...]
    name: str
    slug: str
