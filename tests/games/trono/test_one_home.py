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


def _imported_names(path: Path, module: str) -> list[str]:
    """The names `path` takes from a sibling module `module` by name (`from ..m import a, b`)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.level and node.module == module
        for alias in node.names
    ]


def test_legends_lists_its_action_kinds_and_effect_kinds_once():
    """The action kinds' and the effect kinds' long import lists stood again in the listed
    path, the boss and the RL codec; those read them through their modules."""
    folder = Path(legends.__file__).parent
    readers = ["battle_listed.py", "boss/policy.py", "rl/actions.py", "rl/cards.py"]
    for name in readers:
        for module in ("actions", "effects"):
            assert _imported_names(folder / name, module) == [], (name, module)


def test_legends_and_trono_read_their_flags_where_league_and_seasons_do():
    """`own_flags` and `bad_flag` (core.game_parts), not a reader or a refusal of their own."""
    legends_flags = Path(legends.__file__).parent / "terminal" / "flags.py"
    trono_terminal = Path(trono.__file__).parent / "terminal.py"
    for path in (legends_flags, trono_terminal):
        text = path.read_text(encoding="utf-8")
        assert "game_parts import bad_flag, own_flags" in text, path
        assert "game_flags" not in text and "ConfigError(" not in text, path


def test_legends_reads_a_views_cards_through_the_core():
    from tavola.games.legends import narrate

    assert not hasattr(narrate, "shown_cards")  # tavola.core.views.shown_instances


def test_the_referees_plain_steps_are_one_command():
    """`start`, `resolve` and `publish` take the same options and differ only in their
    action: one function makes them (their help is unchanged)."""
    from tavola.games.trono.commands import registration, turns

    start, resolve, publish = registration.start, turns.resolve, turns.publish
    assert start.__code__ is resolve.__code__ is publish.__code__
    assert [c.__name__ for c in (start, resolve, publish)] == ["start", "resolve", "publish"]
    assert start.__doc__ == "Open turn 1 (R21)."


def test_a_comma_list_is_read_one_way():
    from tavola.games.trono.commands.session import comma_list

    assert comma_list(" anna, ,bruno,") == ["anna", "bruno"]
    assert comma_list("") == []


def test_the_table_options_name_the_configs_rule_switches():
    """A switch a table chooses and the config holds is declared once (`config`)."""
    folder = Path(trono.__file__).parent
    config = (folder / "config.py").read_text(encoding="utf-8")
    options = (folder / "table_options.py").read_text(encoding="utf-8")
    for literal in ('Literal["rank_rounds"', 'Literal["earliest_post"', 'Literal["tiebreak"'):
        assert literal in config and literal not in options, literal
