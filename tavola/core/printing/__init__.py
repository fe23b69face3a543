"""Printable cards, for any game: a game lays out one card face from shapes and fitted
text; this package puts the faces on PDF sheets with crop marks and bleed, or in one SVG
file each."""

from .fonts import FontFile, FontMissing, font_info, register_fonts, text_width
from .pdf import SheetPage, write_sheet_pdf
from .shapes import CardFace, Circle, Line, Polygon, Rect, Shape, Text, mm
from .sheet import PAPERS, SheetDoesNotFit, SheetPlan, plan_sheet
from .svg import face_to_svg
from .textfit import FittedBlock, Paragraph, fit_paragraphs, wrap

__all__ = [
    "PAPERS",
    "CardFace",
    "Circle",
    "FittedBlock",
    "FontFile",
    "FontMissing",
    "Line",
    "Paragraph",
    "Polygon",
    "Rect",
    "Shape",
    "SheetDoesNotFit",
    "SheetPage",
    "SheetPlan",
    "Text",
    "face_to_svg",
    "fit_paragraphs",
    "font_info",
    "mm",
    "plan_sheet",
    "register_fonts",
    "text_width",
    "wrap",
    "write_sheet_pdf",
]
