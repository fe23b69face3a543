"""`tavola cards print`: a catalogue's cards on printable PDF sheets (3×3 cards of 63×88 mm
per page, with crop marks and an optional bleed) and one SVG file per card."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from tavola.core.printing import face_to_svg, mm, write_sheet_pdf

from .card_face import BODY, card_face
from .catalog import Catalog
from .messages import MESSAGES


@dataclass(frozen=True)
class Printed:
    pdf: Path
    svgs: tuple[Path, ...]
    pages: int
    cards: int
    warnings: tuple[str, ...]


def print_catalog(
    catalog: Catalog,
    out: Path,
    *,
    lang: str = "it",
    paper: str = "a4",
    bleed_mm: float = 0.0,
    svg: bool = True,
    only: Sequence[str] = (),
) -> Printed:
    """Writes `<catalog>_<lang>_<paper>.pdf` and, with `svg`, `<catalog>_<lang>_svg/<id>.svg`
    into `out`; `only` keeps those card ids, in the catalogue's order."""
    cards = [c for c in catalog.cards() if not only or c.card_id in only]
    faces = []
    warnings: list[str] = []
    for card in cards:
        face, problems = card_face(card, lang)
        faces.append(face)
        warnings.extend(problems)
    out.mkdir(parents=True, exist_ok=True)
    stem = f"{catalog.id}_{lang}"
    pdf = out / f"{stem}_{paper}.pdf"
    bleed = mm(bleed_mm)
    bleed_words = MESSAGES.text(lang, "print.bleed", mm=f"{bleed_mm:g}") if bleed_mm else ""

    def caption(page: int, pages: int) -> str:
        return MESSAGES.text(
            lang,
            "print.caption",
            game="Legends of AZ",
            catalog=catalog.id,
            page=page,
            pages=pages,
            bleed=bleed_words,
        )

    plan = write_sheet_pdf(
        pdf,
        faces,
        paper,
        bleed,
        title=f"Legends of AZ — {catalog.id} ({lang})",
        caption=caption,
        caption_font=BODY,
    )
    svgs: list[Path] = []
    if svg:
        folder = out / f"{stem}_svg"
        folder.mkdir(exist_ok=True)
        for face in faces:
            path = folder / f"{face.slug}.svg"
            path.write_text(face_to_svg(face, bleed), encoding="utf-8")
            svgs.append(path)
    pages = (len(faces) + plan.per_page - 1) // plan.per_page
    return Printed(pdf, tuple(svgs), pages, len(faces), tuple(warnings))
