"""Text that fits its box: words wrap to the box's width and the whole block shrinks, a
quarter point at a time, until it fits its height. Measured with the embedded fonts, so the
PDF and the SVG break lines at the same words."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from .fonts import text_width
from .shapes import Anchor, Text

LEADING = 1.2
"""Line height as a multiple of the font size."""
_BASELINE = (LEADING - 1) / 2 + 0.76
"""From a line's top to its baseline, as a multiple of the size (DejaVu's ascent is 0.76)."""
_STEP = 0.25


@dataclass(frozen=True)
class Paragraph:
    """Text in one font; `scale` multiplies the block's size, `space_before` is in lines."""

    text: str
    font: str
    fill: str
    scale: float = 1.0
    space_before: float = 0.0
    align: Anchor = "start"


@dataclass(frozen=True)
class FittedLine:
    text: str
    font: str
    size: float
    fill: str
    anchor: Anchor
    baseline: float
    """From the block's top."""


@dataclass(frozen=True)
class FittedBlock:
    size: float
    lines: tuple[FittedLine, ...]
    tops: tuple[float, ...]
    """Where each paragraph starts, from the block's top (after its space_before)."""
    height: float
    overflow: bool
    """Even the smallest size does not fit: the caller says so to the user."""

    def shapes(
        self, x: float, y: float, w: float, h: float, valign: Literal["top", "middle"] = "top"
    ) -> list[Text]:
        """The lines as text shapes in the box (x, y, w, h)."""
        top = y + max(0.0, (h - self.height) / 2) if valign == "middle" else y
        across = {"start": x, "middle": x + w / 2, "end": x + w}
        return [
            Text(
                across[ln.anchor], top + ln.baseline, ln.text, ln.font, ln.size, ln.fill, ln.anchor
            )
            for ln in self.lines
        ]


def wrap(text: str, font: str, size: float, width: float) -> list[str]:
    """Greedy word wrap; a no-break space keeps two words together, and a word wider than
    the box is cut where it must."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        current = ""
        for word in paragraph.split(" "):
            candidate = f"{current} {word}" if current else word
            if text_width(candidate, font, size) <= width:
                current = candidate
                continue
            if current:
                lines.append(current.rstrip())
            current = word
            while text_width(current, font, size) > width and len(current) > 1:
                cut = len(current) - 1
                while cut > 1 and text_width(current[:cut], font, size) > width:
                    cut -= 1
                lines.append(current[:cut])
                current = current[cut:]
        lines.append(current.rstrip())
    return lines


def _layout(
    paragraphs: Sequence[Paragraph], size: float, width: float
) -> tuple[list[FittedLine], list[float], float]:
    lines: list[FittedLine] = []
    tops: list[float] = []
    y = 0.0
    for index, para in enumerate(paragraphs):
        s = size * para.scale
        if index:
            y += para.space_before * s * LEADING
        tops.append(y)
        for text in wrap(para.text, para.font, s, width):
            lines.append(FittedLine(text, para.font, s, para.fill, para.align, y + s * _BASELINE))
            y += s * LEADING
    return lines, tops, y


def fit_paragraphs(
    paragraphs: Sequence[Paragraph],
    width: float,
    height: float,
    max_size: float,
    min_size: float,
    max_lines: int | None = None,
) -> FittedBlock:
    """The largest size from `max_size` down to `min_size` at which every paragraph fits."""
    size = max_size
    while True:
        lines, tops, used = _layout(paragraphs, size, width)
        fits = used <= height + 1e-6 and (max_lines is None or len(lines) <= max_lines)
        if fits or size - _STEP < min_size - 1e-9:
            return FittedBlock(size, tuple(lines), tuple(tops), used, not fits)
        size -= _STEP
