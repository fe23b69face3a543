"""Issue 29, point 6: one concept, one home in Trono and Legends — modules of one purpose,
functions short enough to read whole, and the pieces several places used to repeat."""

import ast
from pathlib import Path

import pytest

from tavola.games import legends, trono
from tavola.games.trono.forum_parser import split_outside_parentheses
from tavola.games.trono.override_kinds import KINDS, PUBLIC_OVERRIDES, TEAM_ONLY

GAMES = [Path(trono.__file__).parent, Path(legends.__file__).parent]
MOST_LINES = 700
MOST_FUNCTION_LINES = 80


def sources() -> list[Path]:
    return sorted(p for folder in GAMES for p in folder.rglob("*.py"))


def test_no_module_of_trono_is_a_catch_all():
    """The forum renderer was one module of 779 lines; it is five, one a concept."""
    folder = Path(trono.__file__).parent
    long = {
        p.name: n
        for p in folder.rglob("*.py")
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > MOST_LINES
    }
    assert long == {}
    renderer = [p for p in folder.glob("forum_*.py") if p.stem != "forum_post"]
    assert all(len(p.read_text(encoding="utf-8").splitlines()) < 500 for p in renderer)


@pytest.mark.parametrize("path", sources(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_no_function_is_longer_than_a_screen(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    long = [
        f"{node.name} ({node.end_lineno - node.lineno + 1} lines)"
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and node.end_lineno is not None
        and node.end_lineno - node.lineno + 1 > MOST_FUNCTION_LINES
    ]
    assert long == []


def test_a_list_splits_only_outside_parentheses():
    """The deployments' and the actions' splitting, one function for both."""
    assert split_outside_parentheses("Ardengo (Baratheon, azione 1), Alvise", ",;") == [
        "Ardengo (Baratheon, azione 1)",
        " Alvise",
    ]
    assert split_outside_parentheses("a) b, c", ",") == ["a) b", " c"]  # ")" closes nothing
    assert split_outside_parentheses("", ",") == [""]


def test_the_public_board_shows_every_override_but_a_teams_own_figures():
    assert len(set(KINDS)) == len(KINDS) == 12
    assert set(KINDS) - TEAM_ONLY == PUBLIC_OVERRIDES
    assert set(KINDS) >= TEAM_ONLY
    assert "adjust_parameter" not in PUBLIC_OVERRIDES
    assert "correct_draw" in PUBLIC_OVERRIDES
