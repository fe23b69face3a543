"""The back every Legends of AZ card shares when printed: the game's name on a dark field
inside a gold frame, with a compass of the three sides' gems. It is symmetric left to right,
so a back sheet slightly off in duplex still looks right."""

from __future__ import annotations

from tavola.core.printing import CardFace, Circle, Polygon, Rect, Text, mm, register_fonts

from .card_face import CARD_HEIGHT, CARD_WIDTH, FONTS, STYLE, TITLE

FIELD = "#2b2620"
GOLD = "#c58b12"


def card_back() -> CardFace:
    register_fonts(FONTS)
    cx, cy = CARD_WIDTH / 2, CARD_HEIGHT / 2
    diamond = tuple(
        (cx + dx, cy + dy) for dx, dy in ((0, -mm(14)), (mm(11), 0), (0, mm(14)), (-mm(11), 0))
    )
    shapes = (
        Rect(mm(3), mm(3), CARD_WIDTH - mm(6), CARD_HEIGHT - mm(6), None, GOLD, 1.2, mm(2)),
        Rect(mm(4.5), mm(4.5), CARD_WIDTH - mm(9), CARD_HEIGHT - mm(9), None, GOLD, 0.4, mm(1.5)),
        Polygon(diamond, None, GOLD, 0.8),
        Circle(cx, cy - mm(7), mm(2), STYLE.side["good"], GOLD, 0.4),
        Circle(cx, cy, mm(2), STYLE.side["neutral"], GOLD, 0.4),
        Circle(cx, cy + mm(7), mm(2), STYLE.side["evil"], GOLD, 0.4),
        Text(cx, mm(24), "LEGENDS", TITLE, 15, GOLD, "middle"),
        Text(cx, mm(71), "of AZ", TITLE, 13, GOLD, "middle"),
    )
    return CardFace(CARD_WIDTH, CARD_HEIGHT, FIELD, shapes, "Legends of AZ", "back")
