"""TrueType fonts for printed cards, found among the system's fonts (Debian's packages) and
registered with reportlab, which embeds the glyphs a PDF uses and measures text for the
layout. A game names the fonts it draws with; the SVG names the same family."""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from ..errors import TavolaError

FONT_DIRS = ("/usr/share/fonts/truetype", "/usr/share/fonts/opentype", "/usr/local/share/fonts")
"""Where Debian puts fonts; `TAVOLA_FONT_DIRS` (path-separated) is searched first."""


@dataclass(frozen=True)
class FontFile:
    """A font as the layout names it (`name`), its file, and what SVG calls it."""

    name: str
    filename: str
    family: str
    debian_package: str
    weight: Literal["normal", "bold"] = "normal"
    style: Literal["normal", "italic"] = "normal"
    stretch: Literal["normal", "condensed"] = "normal"
    fallback: str = "sans-serif"


class FontMissing(TavolaError):
    def __init__(self, font: FontFile, searched: Sequence[str]) -> None:
        where = ", ".join(searched)
        super().__init__(
            "font_missing",
            f"Font file {font.filename} not found in {where}: install the Debian package "
            f"{font.debian_package} (or name a folder in TAVOLA_FONT_DIRS).",
            message_it=f"Font {font.filename} non trovato in {where}: installa il pacchetto "
            f"Debian {font.debian_package} (o indica una cartella in TAVOLA_FONT_DIRS).",
        )


_REGISTERED: dict[str, FontFile] = {}


def font_dirs() -> list[str]:
    extra = [d for d in os.environ.get("TAVOLA_FONT_DIRS", "").split(os.pathsep) if d]
    return [*extra, *FONT_DIRS]


def find_font(font: FontFile) -> Path:
    for directory in font_dirs():
        root = Path(directory)
        if root.is_dir():
            for path in sorted(root.rglob(font.filename)):
                return path
    raise FontMissing(font, font_dirs())


def register_fonts(fonts: Iterable[FontFile]) -> None:
    """Registers each font once (reportlab keeps them for the process)."""
    for font in fonts:
        if font.name not in _REGISTERED:
            pdfmetrics.registerFont(TTFont(font.name, str(find_font(font))))
            _REGISTERED[font.name] = font


def font_info(name: str) -> FontFile:
    """A registered font by its layout name."""
    return _REGISTERED[name]


def text_width(text: str, font: str, size: float) -> float:
    return float(pdfmetrics.stringWidth(text, font, size))
