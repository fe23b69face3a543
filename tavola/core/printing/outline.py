"""Text as outlines: each line of a card's text drawn as one SVG path from its font's glyphs
(fontTools), so that an SVG shows exactly what the PDF prints wherever it is opened — a
print shop's tools, a viewer without DejaVu — with no font to embed or install. Glyphs
advance by their widths, unkerned, as reportlab sets them in the PDF."""

from __future__ import annotations

from functools import cache
from typing import Any

from fontTools.pens.svgPathPen import SVGPathPen
from fontTools.pens.transformPen import TransformPen
from fontTools.ttLib import TTFont

from .fonts import find_font, font_info
from .shapes import Text


@cache
def _font(name: str) -> tuple[Any, dict[int, str], Any, float]:
    """(glyph set, cmap, metrics, units per em) of a registered font."""
    font = TTFont(str(find_font(font_info(name))), lazy=True)
    return font.getGlyphSet(), font.getBestCmap(), font["hmtx"].metrics, font["head"].unitsPerEm


def _n(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


def outline_path(s: Text) -> str:
    """The path data of `s` at its place, in the page's units (y down)."""
    glyphs, cmap, metrics, units = _font(s.font)
    names = [cmap.get(ord(ch), ".notdef") for ch in s.text]
    scale = s.size / units
    width = sum(metrics[name][0] for name in names) * scale
    x = {"start": s.x, "middle": s.x - width / 2, "end": s.x - width}[s.anchor]
    pen = SVGPathPen(glyphs, _n)
    for name in names:
        glyphs[name].draw(TransformPen(pen, (scale, 0, 0, -scale, x, s.y)))
        x += metrics[name][0] * scale
    return str(pen.getCommands())
