"""`tavola cards`: browse, validate, lint and round-trip the Legends of AZ catalogues. The
group reaches the command line through the `tavola.commands` entry point group."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table as RichTable

from tavola.core import ContentError, TavolaError

from .cards import CardDef, CharacterCard, card_to_data
from .catalog import (
    CONTENT_DIR,
    DEFAULT_CATALOG,
    Catalog,
    catalog_files,
    load_catalog,
    read_catalog_file,
    user_catalog_dir,
    write_catalog_file,
)
from .csvio import export_csv, import_csv
from .lint import budget_misses, lint_catalog

app = typer.Typer(help="Legends of AZ cards: list, show, validate, lint, export, import and print.")
console = Console(highlight=False)

CatalogOption = Annotated[str, typer.Option("--catalog", help="Catalogue id or TOML file.")]


def _load(spec: str) -> Catalog:
    """A catalogue id, or a catalogue file (validated, every problem printed): a
    proposal of `tavola balance suggest` is a file, and every command takes it."""
    path = Path(spec)
    if spec.endswith(".toml") or path.is_file():
        catalog_id, cards, problems = read_catalog_file(path)
        for problem in problems:
            console.print(problem)
        if problems:
            raise typer.Exit(1)
        return Catalog(catalog_id, cards)
    try:
        return load_catalog(spec)
    except ContentError as exc:
        for problem in exc.problems:
            console.print(problem)
        raise typer.Exit(1) from None


@app.command("list")
def list_cards(
    type: Annotated[str | None, typer.Option("--type", help="Only this card type.")] = None,
    rarity: Annotated[str | None, typer.Option("--rarity", help="Only this rarity.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    lang: Annotated[str, typer.Option(help="it or en.")] = "it",
    catalog: CatalogOption = DEFAULT_CATALOG,
) -> None:
    """List the cards of a catalogue."""
    cards = [
        c
        for c in _load(catalog).cards()
        if (type is None or c.type == type) and (rarity is None or c.rarity == rarity)
    ]
    if as_json:
        typer.echo(json.dumps([card_to_data(c) for c in cards], ensure_ascii=False, indent=1))
        return
    table = RichTable("id", "name", "type", "rarity", "alignment", "HP/STR/MP/DEF")
    for card in cards:
        stats = (
            f"{card.hp}/{card.str_}/{card.mp}/{card.def_}"
            if isinstance(card, CharacterCard)
            else ""
        )
        table.add_row(
            card.card_id, card.display_name(lang), card.type, card.rarity, card.alignment, stats
        )
    console.print(table)


@app.command()
def show(
    card_id: Annotated[str, typer.Argument(metavar="ID")],
    catalog: CatalogOption = DEFAULT_CATALOG,
) -> None:
    """Show every field of one card."""
    cards = _load(catalog)
    if card_id not in cards:
        console.print(f"unknown card '{card_id}' in catalogue {catalog}")
        raise typer.Exit(1)
    for key, value in card_to_data(cards[card_id]).items():
        shown = json.dumps(value, ensure_ascii=False) if isinstance(value, list) else value
        console.print(f"[bold]{key}[/]: {shown}")


@app.command()
def validate(
    files: Annotated[
        list[Path] | None, typer.Argument(help="Catalogue files; default: all.")
    ] = None,
) -> None:
    """Validate catalogue files: one line per error, exit 1 if any."""
    paths = files or list(catalog_files().values())
    failed = False
    for path in paths:
        _, cards, problems = read_catalog_file(path)
        for problem in problems:
            console.print(problem)
        if problems:
            failed = True
        else:
            console.print(f"OK {path} ({len(cards)} cards)")
    if failed:
        raise typer.Exit(1)


@app.command()
def lint(
    catalog: CatalogOption = DEFAULT_CATALOG,
) -> None:
    """Check a catalogue against the starter-set budgets and coverage (§3.9)."""
    cards = _load(catalog)
    misses = lint_catalog(cards)
    for miss in misses:
        console.print(miss)
    if misses:
        raise typer.Exit(1)
    console.print(f"OK {cards.label()}: every count, coverage line and budget holds")


@app.command("export")
def export(
    csv_path: Annotated[Path, typer.Option("--csv", help="CSV file to write.")],
    catalog: CatalogOption = DEFAULT_CATALOG,
) -> None:
    """Write a catalogue as CSV (effects and auras as JSON cells)."""
    rows = export_csv(_load(catalog).cards(), csv_path)
    console.print(f"{rows} cards written to {csv_path}")


@app.command("import")
def import_(
    csv_path: Annotated[Path, typer.Option("--csv", help="CSV file to read.")],
    out: Annotated[
        Path | None,
        typer.Option(help="TOML file to write; default: ID.toml in your own catalogue folder."),
    ] = None,
    catalog: Annotated[
        str | None,
        typer.Option("--catalog", help="The new catalogue's id; default: the file's name."),
    ] = None,
    force: Annotated[
        bool, typer.Option("--force", help="Write even cards outside their rarity's budgets.")
    ] = False,
) -> None:
    """Read a CSV back, validate every card, check the rarity budgets and write a catalogue
    TOML: to --out, or to your own catalogue folder (TAVOLA_HOME), never into the package."""
    cards, problems = _read_csv(csv_path)
    for problem in problems:
        console.print(problem)
    if problems:
        raise typer.Exit(1)
    catalog_id = catalog or (out or csv_path).stem
    if out is None:
        packaged = {p.stem for p in CONTENT_DIR.glob("*.toml")} | {
            i for i, p in catalog_files().items() if p.parent == CONTENT_DIR
        }
        if catalog_id in packaged:
            console.print(
                f"'{catalog_id}' is a catalogue of the installed package: choose another id"
                " with --catalog, or a file with --out"
            )
            raise typer.Exit(1)
        target = user_catalog_dir() / f"{catalog_id}.toml"
    else:
        target = out
    if target.resolve().is_relative_to(CONTENT_DIR.resolve()):
        console.print(f"{target} is inside the installed package: write elsewhere")
        raise typer.Exit(1)
    misses = [miss for card in cards for miss in budget_misses(card)]
    for miss in misses:
        console.print(f"{'warning' if force else 'refused'}: {miss}")
    if misses and not force:
        console.print(f"{len(misses)} budget problems: nothing written (--force writes anyway)")
        raise typer.Exit(1)
    title = read_catalog_title(target) if target.exists() else ""
    target.parent.mkdir(parents=True, exist_ok=True)
    write_catalog_file(target, catalog_id, cards, title)
    load_catalog.cache_clear()
    console.print(f"{len(cards)} cards written to {target} (catalogue {catalog_id})")


@app.command("print")
def print_(
    catalog: Annotated[
        str, typer.Option("--catalog", help="Catalogue id or TOML file.")
    ] = DEFAULT_CATALOG,
    lang: Annotated[str, typer.Option(help="it or en.")] = "it",
    paper: Annotated[str, typer.Option(help="a4 or letter.")] = "a4",
    bleed: Annotated[
        float, typer.Option(help="Bleed in mm past each card's trim (e.g. 3).", min=0, max=10)
    ] = 0.0,
    per_page: Annotated[
        int | None,
        typer.Option("--per-page", help="At most this many cards a page (1: one a page).", min=1),
    ] = None,
    backs: Annotated[
        bool, typer.Option("--backs", help="A back page after each sheet, for duplex.")
    ] = False,
    cmyk: Annotated[bool, typer.Option("--cmyk", help="CMYK colours in the PDF.")] = False,
    out: Annotated[Path, typer.Option(help="Folder to write into.")] = Path("cards-print"),
    svg: Annotated[bool, typer.Option("--svg/--no-svg", help="One SVG per card too.")] = True,
    only: Annotated[
        list[str] | None, typer.Option(help="Only these card ids (repeat, or comma-separated).")
    ] = None,
) -> None:
    """Printable sheets: a PDF of 63×88 mm cards with their bleed and crop marks, and SVGs."""
    # Imported here: reportlab is needed only to print, not by every `tavola` command.
    from tavola.core.printing import PAPERS

    from .print_sheet import print_catalog

    if lang not in ("it", "en"):
        console.print(f"unknown language '{lang}'; allowed: it, en")
        raise typer.Exit(1)
    if paper not in PAPERS:
        console.print(f"unknown paper '{paper}'; allowed: {', '.join(PAPERS)}")
        raise typer.Exit(1)
    cards = _load(catalog)
    wanted = [i.strip() for item in only or [] for i in item.split(",") if i.strip()]
    unknown = [i for i in wanted if i not in cards]
    if unknown:
        console.print(f"unknown card ids in {cards.id}: {', '.join(unknown)}")
        raise typer.Exit(1)
    try:
        printed = print_catalog(
            cards,
            out,
            lang=lang,
            paper=paper,
            bleed_mm=bleed,
            svg=svg,
            only=wanted,
            per_page=per_page,
            backs=backs,
            use_cmyk=cmyk,
        )
    except TavolaError as exc:
        console.print(exc.localized(lang))
        raise typer.Exit(1) from None
    for warning in printed.warnings:
        console.print(f"warning: {warning}")
    console.print(f"{printed.cards} cards on {printed.pages} pages: {printed.pdf}")
    if printed.svgs:
        console.print(f"{len(printed.svgs)} SVG files in {printed.svgs[0].parent}")


def read_catalog_title(path: Path) -> str:
    import tomllib

    with path.open("rb") as fh:
        return str(tomllib.load(fh).get("title", ""))


def _read_csv(path: Path) -> tuple[list[CardDef], list[str]]:
    """The CSV's cards and problems; a file that cannot be read is one line on stderr and
    exit status 2 (a person's mistake, not a traceback)."""
    try:
        return import_csv(path)
    except FileNotFoundError:
        problem = f"{path}: no such file"
    except IsADirectoryError:
        problem = f"{path}: a folder, not a CSV file"
    except UnicodeDecodeError as exc:
        problem = f"{path}: not UTF-8 text (byte {exc.start}); save the CSV as UTF-8"
    except OSError as exc:
        problem = f"{path}: {exc.strerror or exc}"
    typer.echo(f"tavola cards import: {problem}", err=True)
    raise typer.Exit(2)
