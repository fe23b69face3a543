"""`tavola cards print`: the starter set on PDF sheets (3×3 cards of 63×88 mm, crop marks,
bleed) and in one SVG per card, in Italian or English; page 1 rendered to tests/artifacts."""

import math
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader
from typer.testing import CliRunner

from tavola.cli import app
from tavola.core.printing import Text, mm, text_width
from tavola.games.legends.card_face import card_face
from tavola.games.legends.catalog import load_catalog, validate_cards
from tavola.games.legends.describe import describe_effect
from tavola.games.legends.messages import MESSAGES

ARTIFACTS = Path(__file__).parents[2] / "artifacts"
STARTER = load_catalog("starter_S1")
A4 = (mm(210), mm(297))
LETTER = (612.0, 792.0)


def run_print(out: Path, *args: str) -> None:
    result = CliRunner().invoke(app, ["cards", "print", "--out", str(out), *args])
    assert result.exit_code == 0, result.output


@pytest.fixture(scope="module")
def italian_a4(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("it_a4")
    run_print(out, "--lang", "it", "--paper", "a4")
    return out


def flat(text: str) -> str:
    return " ".join(text.split())


def card_backgrounds(page) -> list[tuple[float, float]]:
    """(width, height) of each card's background: the page's only rectangles as tall as a
    card (the frame in the rarity's colour, reaching into the bleed)."""
    data = page.get_contents().get_data().decode("latin-1")
    rects = re.findall(r"(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re\b", data)
    return [(float(w), float(h)) for _, _, w, h in rects if float(h) >= mm(88) - 0.01]


def test_the_starter_set_fills_ceil_cards_over_nine_a4_pages_with_each_name_on_its_page(
    italian_a4,
):
    reader = PdfReader(italian_a4 / "starter_S1_it_a4.pdf")
    cards = STARTER.cards()
    assert len(reader.pages) == math.ceil(len(cards) / 9) == 7
    names = {c.display_name("it") for c in cards}
    for number, page in enumerate(reader.pages):
        assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx(
            A4, abs=0.01
        )
        chunk = cards[number * 9 : number * 9 + 9]
        assert len(card_backgrounds(page)) == len(chunk)
        text = flat(page.extract_text())
        found = {name for name in names if flat(name) in text}
        assert found == {c.display_name("it") for c in chunk}


def test_letter_pages_are_letter_sized_in_english(tmp_path):
    run_print(tmp_path, "--lang", "en", "--paper", "letter", "--no-svg")
    reader = PdfReader(tmp_path / "starter_S1_en_letter.pdf")
    page = reader.pages[0]
    # Letter holds 4×2 cards turned landscape (3×3 leaves the marks no printable room).
    assert (float(page.mediabox.height), float(page.mediabox.width)) == pytest.approx(
        LETTER, abs=0.01
    )
    assert "Sentinel of the Clear Tower" in flat(page.extract_text())
    assert not (tmp_path / "starter_S1_en_svg").exists()


def test_a_bleed_widens_each_cards_background_past_its_trim(italian_a4, tmp_path):
    run_print(tmp_path, "--bleed", "3", "--only", "S1-001,S1-002", "--only", "S1-003")
    trimmed = card_backgrounds(PdfReader(italian_a4 / "starter_S1_it_a4.pdf").pages[0])
    assert trimmed == [pytest.approx((mm(63), mm(88)), abs=0.01)] * 9
    bled = card_backgrounds(PdfReader(tmp_path / "starter_S1_it_a4.pdf").pages[0])
    # Every card takes the whole bleed on every side, the middle one too.
    assert bled == [pytest.approx((mm(63) + mm(6), mm(88) + mm(6)), abs=0.01)] * 3
    svg = ET.parse(tmp_path / "starter_S1_it_svg" / "S1-001.svg").getroot()
    assert (svg.get("width"), svg.get("height")) == ("69mm", "94mm")


def test_a_bleed_past_10_mm_is_refused_by_the_option(tmp_path):
    result = CliRunner().invoke(
        app, ["cards", "print", "--out", str(tmp_path), "--paper", "letter", "--bleed", "10.5"]
    )
    assert result.exit_code == 2
    assert "less than or equal to 10" in result.output


def test_one_svg_per_card_carries_the_cards_name(italian_a4):
    folder = italian_a4 / "starter_S1_it_svg"
    files = sorted(folder.glob("*.svg"))
    assert [f.stem for f in files] == sorted(STARTER)
    ns = {"svg": "http://www.w3.org/2000/svg"}
    for card in STARTER.cards():
        root = ET.parse(folder / f"{card.card_id}.svg").getroot()
        assert (root.get("width"), root.get("height")) == ("63mm", "88mm")
        assert root.find("svg:title", ns).text == card.name
        words = flat(" ".join(p.get("aria-label") for p in root.iterfind("svg:path", ns)))
        assert flat(card.name) in words


def test_svg_text_is_outlined_so_it_needs_no_font(italian_a4):
    ns = {"svg": "http://www.w3.org/2000/svg"}
    for card in STARTER.cards()[:6]:
        root = ET.parse(italian_a4 / "starter_S1_it_svg" / f"{card.card_id}.svg").getroot()
        assert root.find(".//svg:text", ns) is None
        assert "font-family" not in ET.tostring(root, encoding="unicode")
        face, _ = card_face(card, "it")
        lines = [s.text for s in face.shapes if isinstance(s, Text)]
        paths = {p.get("aria-label"): p.get("d") for p in root.iterfind("svg:path", ns)}
        # Every line of text is a path of glyph outlines (a blank one draws nothing).
        assert all(line in paths for line in lines)
        assert all(paths[line].startswith("M") for line in lines if line.strip())


def face_words(card, lang: str) -> str:
    face, _ = card_face(card, lang)
    return flat(" ".join(s.text for s in face.shapes if isinstance(s, Text)))


def test_italian_and_english_faces_say_the_effects_in_their_language():
    dart = STARTER["S1-025"]  # Dardo di Scintille: 120 damage to an enemy character
    italian, english = face_words(dart, "it"), face_words(dart, "en")
    assert "Dardo di Scintille" in italian and "Spark Dart" in english
    assert describe_effect(MESSAGES, "it", dart.effects[0]) in italian
    assert describe_effect(MESSAGES, "en", dart.effects[0]) in english
    assert "Bersaglio: un personaggio nemico" in italian
    assert "Target: an enemy character" in english
    assert "MAGIA" in italian and "MAGIC" in english
    assert "Neutrale puro" in italian and "True neutral" in english


def test_a_character_shows_its_four_stats_alignment_and_rarity():
    words = face_words(STARTER["S1-024"], "en")  # the Tributo dragon
    for label, value in (("STR", 95), ("MP", 90), ("DEF", 80), ("HP", 960)):
        assert f"{label} {value}" in words
    assert "Chaotic evil · Anarchist" in words and "Tribute" in words
    assert "Not tournament legal" in words and "CHARACTER · MONSTER" in words
    assert "anarchist" not in words and "chaotic_evil" not in words


def inside(shape: Text, left: float, right: float) -> bool:
    width = text_width(shape.text, shape.font, shape.size)
    start = {"start": shape.x, "middle": shape.x - width / 2, "end": shape.x - width}[shape.anchor]
    return left - 0.01 <= start and start + width <= right + 0.01


def test_every_line_of_every_starter_card_stays_inside_the_card_panel():
    for lang in ("it", "en"):
        for card in STARTER.cards():
            face, warnings = card_face(card, lang)
            assert warnings == []
            texts = [s for s in face.shapes if isinstance(s, Text)]
            assert all(inside(t, mm(4.3), mm(58.7)) for t in texts), card.card_id
            assert all(mm(4.3) < t.y < mm(84.5) for t in texts), card.card_id


def test_long_effect_text_wraps_and_shrinks_to_fit_its_box():
    long_card = {
        "card_id": "X-LONG",
        "name": "Incantesimo dal nome davvero lunghissimo di prova",
        "type": "magic",
        "rarity": "M",
        "series": "X",
        "alignment": "true_neutral",
        "target": "one_enemy_character",
        "effects": [
            {"kind": "damage", "amount": 1000},
            {"kind": "modify_stat", "stat": "hp_max", "amount": -999, "duration": "round"},
            {"kind": "sleep", "turns": 3},
        ],
        "text": "Parole, parole, parole. " * 12,
    }
    (card,), problems = validate_cards([long_card], "test")
    assert problems == []
    face, warnings = card_face(card, "it")
    assert warnings == []
    texts = [s for s in face.shapes if isinstance(s, Text)]
    flavour = [t for t in texts if t.font == "legends-italic" and t.y < mm(79.4)]
    assert len(flavour) > 3 and max(t.size for t in flavour) < 8.5 * 0.9
    assert all(inside(t, mm(6.0), mm(57.0)) for t in flavour)
    assert max(t.y for t in flavour) < mm(79.4)


def test_page_one_renders_to_a_png_saved_under_tests_artifacts(italian_a4):
    pdftoppm = shutil.which("pdftoppm")
    if pdftoppm is None:
        pytest.fail("pdftoppm is missing: `make system-deps` installs Debian's poppler-utils")
    ARTIFACTS.mkdir(exist_ok=True)
    stem = ARTIFACTS / "cards_starter_S1_it_a4"
    pdf = italian_a4 / "starter_S1_it_a4.pdf"
    subprocess.run(
        [pdftoppm, "-png", "-r", "80", "-f", "1", "-l", "1", "-singlefile", str(pdf), str(stem)],
        check=True,
    )
    png = stem.with_suffix(".png")
    image = Image.open(png).convert("RGB")
    assert image.size == (math.ceil(210 / 25.4 * 80), math.ceil(297 / 25.4 * 80))
    # The top-left card (S1-001, a common) has its grey frame 1.4 mm inside its trim; the
    # page's corner is white paper.
    left = (210 - 3 * 63) / 2 + 1.4
    top = (297 - 3 * 88) / 2 + 30
    px = image.getpixel((round(left / 25.4 * 80), round(top / 25.4 * 80)))
    assert all(abs(a - b) <= 12 for a, b in zip(px, (0x8C, 0x8C, 0x8C), strict=True))
    assert image.getpixel((3, 3)) == (255, 255, 255)


def test_a_catalogue_file_prints_its_own_cards_and_a_bad_one_is_refused(tmp_path):
    good = tmp_path / "mine.toml"
    good.write_text(
        'catalog = "mine"\n[[card]]\ncard_id = "M-001"\nname = "Gatto del Fienile"\n'
        'type = "character"\nrarity = "R"\nseries = "M1"\nalignment = "true_neutral"\n'
        'sub_type = "independent"\nhp = 120\nstr = 20\nmp = 30\ndef = 40\n'
    )
    run_print(tmp_path / "out", "--catalog", str(good))
    page = PdfReader(tmp_path / "out" / "mine_it_a4.pdf").pages[0]
    assert "Gatto del Fienile" in flat(page.extract_text())
    assert len(card_backgrounds(page)) == 1
    bad = tmp_path / "bad.toml"
    bad.write_text(good.read_text().replace("hp = 120", "hp = 0"))
    result = CliRunner().invoke(app, ["cards", "print", "--catalog", str(bad)])
    assert result.exit_code == 1 and "field 'hp'" in result.output
