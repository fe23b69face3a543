"""docs/adding-a-feature.md stays true: every file its table lists is one of the fixture
feature's, and the doc is linked where adding a game is."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "adding-a-feature.md"
FEATURE = Path(__file__).parent / "housebook"
LANGS = ("it", "en")


def listed() -> list[str]:
    """The paths in the first column of the doc's table of the files a feature adds."""
    section = DOC.read_text(encoding="utf-8").split("## The files a new feature adds")[1]
    section = section.split("\n## ")[0]
    return re.findall(r"^\| `([^`]+)` \|", section, flags=re.MULTILINE)


def matches(pattern: str) -> list[Path]:
    """The fixture's files for a listed path (`<feature>` the fixture's name, `<lang>` each
    language it must speak, any other `<…>` a part of a name)."""
    named = pattern.replace("<feature>", FEATURE.name)
    if named.startswith("tests/"):
        return sorted(ROOT.glob("tests/fixture_feature/test_*.py"))
    langs = LANGS if "<lang>" in named else ("",)
    found: list[Path] = []
    for lang in langs:
        glob = re.sub(r"<[^>]+>", "*", named.replace("<lang>", lang))
        hits = sorted(FEATURE.glob(glob))
        assert hits, f"{pattern} ({glob}): no such file in {FEATURE}"
        found += hits
    return found


def test_every_file_the_doc_lists_is_one_of_the_fixture_features():
    paths = listed()
    assert len(paths) >= 10, paths  # the table was read
    for path in paths:
        assert matches(path), path


def test_every_file_of_the_fixture_feature_is_in_the_doc():
    covered = {p for path in listed() for p in matches(path)}
    own = {p for p in FEATURE.rglob("*") if p.is_file() and "__pycache__" not in p.parts}
    assert own - covered == set()


def test_the_doc_is_linked_where_adding_a_game_is():
    for page in (ROOT / "README.md", ROOT / "docs" / "adding-a-game.md"):
        assert "docs/adding-a-feature.md" in page.read_text(encoding="utf-8"), page
