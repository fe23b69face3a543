"""A game's browser modules import of the shell only what tavola/web/DECISIONS.md ("A
game's table module") says they may: the list there and the imports agree."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DECISIONS = ROOT / "tavola" / "web" / "DECISIONS.md"


def allowed() -> set[str]:
    """The shell modules the paragraph "A module may import …" names."""
    text = DECISIONS.read_text(encoding="utf-8")
    start = text.index("A module may import")
    paragraph = text[start : text.index("\n\n", start)]
    return set(re.findall(r"`(/js/[\w-]+\.js)`", paragraph))


def imported() -> dict[str, set[str]]:
    """Each game module's imports of the shell (`from "/js/…"`)."""
    modules = [*ROOT.glob("tavola/games/*/web/*.js"), *ROOT.glob("tests/fixture_game/web/*.js")]
    pattern = re.compile(r"""from\s+["'](/js/[\w-]+\.js)["']""")
    return {
        str(path.relative_to(ROOT)): set(pattern.findall(path.read_text(encoding="utf-8")))
        for path in modules
    }


def test_the_decisions_name_the_chooser_a_path_is_made_with():
    assert "/js/chooser.js" in allowed()


def test_every_shell_module_a_game_imports_is_one_the_decisions_allow():
    found = imported()
    assert any(found.values())  # the scan itself works
    beyond = {path: sorted(names - allowed()) for path, names in found.items() if names - allowed()}
    assert beyond == {}
