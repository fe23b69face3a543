"""One Legends of AZ card as it is printed (63×88 mm): the layout both the PDF sheet and the
SVG file draw.

The set's style: the frame in the rarity's colour (it also fills the bleed), a title bar in
the card type's colour with the alignment's gem in its side's colour, the set symbol (a
hexagon in the rarity's colour with the series code), the type's emblem on a panel tinted
by the side, the alignment ribbon, then a character's four stats or any other card's effects
in words, the flavour text, and a footer with the collector number and the game's name.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from tavola.core.printing import (
    CardFace,
    Circle,
    FontFile,
    Line,
    Paragraph,
    Polygon,
    Rect,
    Shape,
    Text,
    fit_paragraphs,
    mm,
    register_fonts,
)

from .cards import CardDef, CharacterCard, EnchantgineeringCard, EquipmentCard, MagicCard
from .describe import describe_effect
from .messages import MESSAGES

CARD_WIDTH = mm(63)
CARD_HEIGHT = mm(88)

TITLE = "legends-title"
BODY = "legends-body"
BOLD = "legends-bold"
ITALIC = "legends-italic"


def _dejavu(
    name: str,
    filename: str,
    family: str,
    weight: Literal["normal", "bold"] = "normal",
    style: Literal["normal", "italic"] = "normal",
) -> FontFile:
    serif = "Serif" in family
    fallback = "'DejaVu Serif', serif" if serif else "'DejaVu Sans', sans-serif"
    package = "fonts-dejavu-extra"  # Debian's condensed faces; fonts-dejavu-core has the rest
    return FontFile(name, filename, family, package, weight, style, "condensed", fallback)


FONTS = (
    _dejavu(TITLE, "DejaVuSerifCondensed-Bold.ttf", "DejaVu Serif Condensed", weight="bold"),
    _dejavu(BODY, "DejaVuSansCondensed.ttf", "DejaVu Sans Condensed"),
    _dejavu(BOLD, "DejaVuSansCondensed-Bold.ttf", "DejaVu Sans Condensed", weight="bold"),
    _dejavu(ITALIC, "DejaVuSerifCondensed-Italic.ttf", "DejaVu Serif Condensed", style="italic"),
)
"""DejaVu's condensed faces: every Latin letter and the symbols the cards use, and narrow
enough for long Italian names on a 63 mm card."""


@dataclass(frozen=True)
class Style:
    """The set's colours and type emblems. The rarity and side colours are the browser
    table's, so that a printed card looks like the one on screen."""

    ink: str = "#2b2620"
    muted: str = "#6b6154"
    parchment: str = "#fbf6ea"
    band: str = "#ece2cc"
    box: str = "#fffdf7"
    rarity: dict[str, str] = field(
        default_factory=lambda: {
            "C": "#8c8c8c",
            "R": "#2f7fc1",
            "L": "#c58b12",
            "M": "#8a3fb5",
            "T": "#b5473a",
        }
    )
    side: dict[str, str] = field(
        default_factory=lambda: {"good": "#2f6fb0", "neutral": "#7a7468", "evil": "#a3312b"}
    )
    side_tint: dict[str, str] = field(
        default_factory=lambda: {"good": "#e4edf7", "neutral": "#eeeae2", "evil": "#f6e3df"}
    )
    type_bar: dict[str, str] = field(
        default_factory=lambda: {
            "character": "#3d3128",
            "magic": "#2e3a6e",
            "potion": "#2a5e47",
            "equipment": "#4a5058",
            "enchantgineering": "#6e4a1c",
        }
    )
    glyph: dict[str, str] = field(
        default_factory=lambda: {"character": "⚔", "magic": "✶", "enchantgineering": "⚙"}
    )
    """The type's emblem as a DejaVu glyph; potions and equipment draw theirs (a flask, a
    shield), which no DejaVu glyph shows well."""


STYLE = Style()
WHITE = "#ffffff"
NBSP = "\u00a0"
LEFT, WIDTH = mm(4.3), mm(54.4)
"""The inner panels' left edge and width."""
RADIUS = mm(1.2)

Area = tuple[float, float, float, float]
"""x, y, width, height in points."""


def _mix(colour: str, other: str, share: float) -> str:
    """`share` of `colour` over `other` (both #rrggbb)."""
    a = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
    b = [int(other[i : i + 2], 16) for i in (1, 3, 5)]
    mixed = (round(x * share + y * (1 - share)) for x, y in zip(a, b, strict=True))
    return "#" + "".join(f"{v:02x}" for v in mixed)


def _t(lang: str, key: str, **params: object) -> str:
    return MESSAGES.text(lang, key, **params)


@dataclass
class _Face:
    """Collects one card's shapes, and the parts whose text did not fit."""

    shapes: list[Shape] = field(default_factory=list)
    overflows: list[str] = field(default_factory=list)

    def add(self, *shapes: Shape) -> None:
        self.shapes.extend(shapes)

    def text(
        self,
        paragraphs: Sequence[Paragraph],
        area: Area,
        sizes: tuple[float, float],
        what: str,
        *,
        max_lines: int | None = None,
        rule_before: int | None = None,
    ) -> None:
        """Fits the paragraphs in `area` (from `sizes[0]` pt down to `sizes[1]`), centred
        vertically; a short rule goes above paragraph `rule_before`."""
        x, y, w, h = area
        block = fit_paragraphs(paragraphs, w, h, sizes[0], sizes[1], max_lines)
        if block.overflow:
            self.overflows.append(what)
        top = y + max(0.0, (h - block.height) / 2)
        self.add(*block.shapes(x, top, w, block.height))
        if rule_before is not None:
            para = paragraphs[rule_before]
            rule_y = top + block.tops[rule_before] - para.space_before * block.size * 0.6
            self.add(Line(x + w * 0.3, rule_y, x + w * 0.7, rule_y, STYLE.band, 0.7))


def _diamond(cx: float, cy: float, r: float) -> tuple[tuple[float, float], ...]:
    return ((cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy))


def _hexagon(cx: float, cy: float, r: float) -> tuple[tuple[float, float], ...]:
    k = 0.866
    return (
        (cx - r, cy),
        (cx - r / 2, cy - r * k),
        (cx + r / 2, cy - r * k),
        (cx + r, cy),
        (cx + r / 2, cy + r * k),
        (cx - r / 2, cy + r * k),
    )


def _bezier(
    a: tuple[float, float], c: tuple[float, float], b: tuple[float, float], steps: int = 8
) -> list[tuple[float, float]]:
    return [
        (
            (1 - t) ** 2 * a[0] + 2 * (1 - t) * t * c[0] + t**2 * b[0],
            (1 - t) ** 2 * a[1] + 2 * (1 - t) * t * c[1] + t**2 * b[1],
        )
        for t in (i / steps for i in range(steps + 1))
    ]


def _emblem(kind: str, cx: float, cy: float, size: float, colour: str, tint: str) -> list[Shape]:
    """The type's emblem, `size` high, centred on (cx, cy)."""
    if kind == "potion":
        return [
            Circle(cx, cy + 0.17 * size, 0.31 * size, colour),
            Rect(cx - 0.09 * size, cy - 0.40 * size, 0.18 * size, 0.36 * size, colour),
            Rect(cx - 0.15 * size, cy - 0.46 * size, 0.3 * size, 0.08 * size, colour),
            Circle(cx - 0.10 * size, cy + 0.10 * size, 0.07 * size, tint),
        ]
    if kind == "equipment":
        left, right, top = cx - 0.34 * size, cx + 0.34 * size, cy - 0.44 * size
        shoulder, tip = cy + 0.02 * size, (cx, cy + 0.48 * size)
        outline = [
            (left, top),
            (right, top),
            *_bezier((right, shoulder), (right, cy + 0.30 * size), tip),
            *_bezier(tip, (left, cy + 0.30 * size), (left, shoulder))[1:],
        ]
        bar = 0.07 * size
        return [
            Polygon(tuple(outline), colour),
            Rect(cx - bar / 2, top + 0.08 * size, bar, 0.78 * size, tint),
            Rect(left + 0.08 * size, cy - 0.14 * size, 0.52 * size, bar, tint),
        ]
    glyph = size / 0.78  # DejaVu's symbols stand about 0.78 em high
    return [Text(cx, cy + 0.36 * glyph, STYLE.glyph[kind], BODY, glyph, colour, "middle")]


def _title(face: _Face, card: CardDef, lang: str) -> None:
    """The type's bar with the alignment gem and the name: on one line down to 8 pt, on
    two below that."""
    s = STYLE
    face.add(
        Rect(mm(2.8), mm(2.8), mm(57.4), mm(82.4), s.parchment, s.ink, 0.6, mm(2.2)),
        Rect(LEFT, mm(4.3), WIDTH, mm(8.8), s.type_bar[card.type], radius=RADIUS),
        Polygon(_diamond(mm(8.3), mm(8.7), mm(2.7)), s.side[card.side], WHITE, 0.8),
    )
    name = [Paragraph(card.display_name(lang), TITLE, WHITE)]
    area = (mm(12.0), mm(4.5), mm(45.6), mm(8.4))
    if fit_paragraphs(name, area[2], area[3], 10.5, 8.0, max_lines=1).overflow:
        face.text(name, area, (10.5, 6.0), "name", max_lines=2)
    else:
        face.text(name, area, (10.5, 8.0), "name", max_lines=1)


def _type_line(face: _Face, card: CardDef, lang: str) -> None:
    """The type (and monster) on the left; the rarity and the set symbol on the right."""
    s = STYLE
    kind = _t(lang, f"type.{card.type}").upper()
    if isinstance(card, CharacterCard) and card.is_monster:
        kind += f" · {_t(lang, 'print.monster').upper()}"
    colour = s.rarity[card.rarity]
    face.add(
        Rect(LEFT, mm(13.8), WIDTH, mm(4.8), s.band, radius=mm(0.8)),
        Text(mm(5.4), mm(17.2), kind, BOLD, 6.2, s.ink),
        Text(mm(51.8), mm(17.2), _t(lang, f"rarity.{card.rarity}"), BOLD, 6.2, colour, "end"),
        Polygon(_hexagon(mm(55.4), mm(16.2), mm(2.7)), colour, s.ink, 0.5),
    )
    series = [Paragraph(card.series, BOLD, WHITE, align="middle")]
    face.text(series, (mm(53.2), mm(14.4), mm(4.4), mm(3.6)), (5.5, 3.0), "series", max_lines=1)


def _notes(card: CardDef, lang: str) -> str:
    """A special edition's name and whether the card is barred from tournaments (R146)."""
    notes = []
    if card.edition != "standard":
        key = f"edition.{card.edition}"
        edition = _t(lang, key) if MESSAGES.has(key, lang) else card.edition
        notes.append(_t(lang, "print.edition", edition=edition))
    if not card.tournament_legal:
        notes.append(_t(lang, "print.not_tournament_legal"))
    return " · ".join(notes)


def _art(face: _Face, card: CardDef, lang: str, height: float) -> float:
    """The type's emblem on the side's tint, under a tag for a special edition or a card
    barred from tournaments, above the alignment ribbon; returns the panel's bottom."""
    s = STYLE
    colour, tint = s.side[card.side], s.side_tint[card.side]
    top, bottom = mm(19.4), mm(19.4) + height
    ribbon_top = bottom - mm(4.8)
    face.add(Rect(LEFT, top, WIDTH, height, tint, colour, 0.6, RADIUS))
    notes = _notes(card, lang)
    if notes:
        tag = (mm(5.2), top + mm(0.9), mm(52.6), mm(3.6))
        face.add(Rect(*tag, s.rarity[card.rarity], radius=mm(0.9)))
        face.text([Paragraph(notes, BOLD, WHITE, align="middle")], tag, (5.8, 4.0), "edition")
        top += mm(4.5)
    size = min((ribbon_top - top) * 0.8, mm(17))
    emblem = _emblem(
        card.type, mm(31.5), (top + ribbon_top) / 2, size, _mix(colour, tint, 0.45), tint
    )
    face.add(*emblem)
    ribbon = _t(lang, f"alignment.{card.alignment}")
    if card.sub_type:
        ribbon += f" · {_t(lang, f'sub_type.{card.sub_type}')}"
    face.add(
        Rect(LEFT, ribbon_top, WIDTH, mm(4.8), colour, radius=RADIUS),
        Rect(LEFT, ribbon_top, WIDTH, mm(1.5), colour),  # square top corners
    )
    words = [Paragraph(f"◆ {ribbon} ◆", BOLD, WHITE, align="middle")]
    face.text(words, (mm(6), ribbon_top + mm(0.2), mm(51), mm(4.4)), (6.5, 4.5), "alignment")
    return bottom


def _stats(face: _Face, card: CharacterCard, lang: str, top: float) -> float:
    """STR, MP, DEF and HP, each in its box; HP in red. Returns the row's bottom."""
    s = STYLE
    width, gap, height = mm(12.4), mm(1.6), mm(11.5)
    for i, stat in enumerate(("str", "mp", "def", "hp")):
        x = LEFT + i * (width + gap)
        hp = stat == "hp"
        label = s.side["evil"] if hp else s.muted
        face.add(
            Rect(
                x,
                top,
                width,
                height,
                "#f8e4e0" if hp else s.box,
                label if hp else s.ink,
                0.6,
                RADIUS,
            ),
            Text(
                x + width / 2, top + mm(3.5), _t(lang, f"stat.{stat}"), BOLD, 6.0, label, "middle"
            ),
            Text(x + width / 2, top + mm(9.4), str(card.stat(stat)), BOLD, 13.5, s.ink, "middle"),
        )
    return top + height


def _phases(face: _Face, card: EnchantgineeringCard, lang: str, top: float) -> float:
    """An Enchantgineering's construction phases; returns the row's bottom."""
    s = STYLE
    height = mm(6.4)
    face.add(
        Rect(LEFT, top, WIDTH, height, s.box, s.ink, 0.6, RADIUS),
        Text(mm(6.0), top + mm(4.3), f"⚙ {_t(lang, 'print.phases')}", BOLD, 7.0, s.muted),
        Text(mm(56.8), top + mm(5.0), str(card.phases), BOLD, 13.0, s.ink, "end"),
    )
    return top + height


def _rules(card: CardDef, lang: str) -> list[Paragraph]:
    """The card's effects in the game's own words, what they apply to, and a reminder of
    what the rules ask before the card can be used."""
    s = STYLE
    if isinstance(card, CharacterCard):
        return []
    if isinstance(card, EnchantgineeringCard):
        auras = "\n".join(
            f"{describe_effect(MESSAGES, lang, a)}{NBSP}→ {_t(lang, f'applies_to.{a.applies_to}')}"
            for a in card.auras
        )
        return [
            Paragraph(_t(lang, "print.once_complete"), BODY, s.muted, scale=0.9),
            Paragraph(auras, BOLD, s.ink),
            Paragraph(_t(lang, "print.eg_reminder"), BODY, s.muted, 0.8, 0.5),
        ]
    effects = "\n".join(describe_effect(MESSAGES, lang, e) for e in card.effects)
    paragraphs = [Paragraph(effects, BOLD, s.ink, 1.1, align="middle")]
    if isinstance(card, EquipmentCard):
        reminder = "print.equipment_reminder"
    else:
        target = f"{_t(lang, 'print.target')}: {_t(lang, f'target.{card.target}')}"
        paragraphs.append(Paragraph(target, BODY, s.ink, space_before=0.2, align="middle"))
        reminder = "print.magic_reminder" if isinstance(card, MagicCard) else ""
    if reminder:
        paragraphs.append(Paragraph(_t(lang, reminder), BODY, s.muted, 0.8, 0.5, "middle"))
    return paragraphs


def _flavour(card: CardDef, lang: str, space_before: float) -> list[Paragraph]:
    text = card.text_en if lang == "en" and card.text_en else card.text
    if not text:
        return []
    return [Paragraph(text, ITALIC, STYLE.muted, 0.9, space_before, "middle")]


def _footer(face: _Face, card: CardDef) -> None:
    y = mm(83.2)
    face.add(
        Text(mm(5.0), y, card.card_id, BODY, 5.5, STYLE.muted),
        Text(mm(58.0), y, "Legends of AZ", ITALIC, 5.5, STYLE.muted, "end"),
    )


def card_face(card: CardDef, lang: str) -> tuple[CardFace, list[str]]:
    """The printed face of `card` in `lang`, and a line for each part whose text could not
    fit even at the smallest size."""
    register_fonts(FONTS)
    face = _Face()
    _title(face, card, lang)
    _type_line(face, card, lang)
    if isinstance(card, CharacterCard):
        top = _stats(face, card, lang, _art(face, card, lang, mm(26.5)) + mm(1.4)) + mm(1.2)
        rules: list[Paragraph] = []
        flavour = _flavour(card, lang, 0.0)
    else:
        top = _art(face, card, lang, mm(19.0)) + mm(1.4)
        if isinstance(card, EnchantgineeringCard):
            top = _phases(face, card, lang, top) + mm(1.2)
        rules = _rules(card, lang)
        flavour = _flavour(card, lang, 1.0)
    bottom = mm(79.4)
    if rules or flavour:
        face.add(Rect(LEFT, top, WIDTH, bottom - top, STYLE.box, STYLE.band, 0.6, RADIUS))
        area = (mm(6.0), top + mm(1.2), mm(51.0), bottom - top - mm(2.4))
        rule = len(rules) if rules and flavour else None
        face.text([*rules, *flavour], area, (8.5, 4.5), "text", rule_before=rule)
    _footer(face, card)
    name = card.display_name(lang)
    warnings = [
        f"{card.card_id} {name}: the {part} does not fit its box" for part in face.overflows
    ]
    background = STYLE.rarity[card.rarity]
    return CardFace(
        CARD_WIDTH, CARD_HEIGHT, background, tuple(face.shapes), name, card.card_id
    ), warnings
