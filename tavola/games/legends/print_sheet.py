"""`tavola cards print`: a catalogue's cards on printable PDF sheets (as many 63×88 mm cards
a page as fit with their full bleed and crop marks, or fewer), optionally each sheet's back
page for duplex, and one SVG file per card."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from tavola.core.printing import SheetPage, face_to_svg, mm, write_sheet_pdf

from .card_back import card_back
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
    per_page: int | None = None,
    backs: bool = False,
    use_cmyk: bool = False,
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

    def caption(page: SheetPage) -> str:
        side = duplex = ""
        if backs:
            side = MESSAGES.text(lang, "print.side_back" if page.back else "print.side_front")
            # The back page is mirrored left to right: on a portrait page that is the
            # long edge, on a landscape one the short edge.
            duplex = MESSAGES.text(
                lang, "print.duplex_short" if page.landscape else "print.duplex_long"
            )
        return MESSAGES.text(
            lang,
            "print.caption",
            game="Legends of AZ",
            catalog=catalog.id,
            page=page.sheet,
            pages=page.sheets,
            side=side,
            duplex=duplex,
            bleed=bleed_words,
        )

    back = card_back() if backs else None
    plan = write_sheet_pdf(
        pdf,
        faces,
        paper,
        bleed,
        title=f"Legends of AZ — {catalog.id} ({lang})",
        caption=caption,
        caption_font=BODY,
        per_page=per_page,
        back=back,
        use_cmyk=use_cmyk,
    )
    svgs: list[Path] = []
    if svg:
        folder = out / f"{stem}_svg"
        folder.mkdir(exist_ok=True)
        for face in faces:
            path = folder / f"{face.slug}.svg"
            path.write_text(face_to_svg(face, bleed), encoding="utf-8")
            svgs.append(path)
        if back is not None:
            path = folder / f"{back.slug}.svg"
            path.write_text(face_to_svg(back, bleed), encoding="utf-8")
            svgs.append(path)
    sheets = (len(faces) + plan.per_page - 1) // plan.per_page
    pages = sheets * (2 if backs else 1)
    return Printed(pdf, tuple(svgs), pages, len(faces), tuple(warnings))
