"""Every acceptance scenario of the spec (§12) is kept: s01…s36 as files under
scenarios/seasons/ (one scenario may take several files, `s10a_…`, `s10b_…`, one per
configuration it compares), each titled with its number, its name and the rules §12 cites;
scenario 37 (reproducibility) is the pytest test test_reproducibility.py. The files
themselves run in tests/core/test_acceptance_scenarios.py, with every file under scenarios/."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]
FOLDER = REPO / "scenarios" / "seasons"
SPEC = REPO.parent / "shared" / "rules" / "seasons_dummbot.md"
pytestmark = pytest.mark.skipif(
    not SPEC.exists(), reason="no shared/ beside the checkout: the spec's scenario list is there"
)
REPRODUCIBILITY = Path(__file__).resolve().parent / "test_reproducibility.py"
AS_FILES = range(1, 37)
_FILE = re.compile(r"s(\d\d)[a-z]?_[a-z0-9_]+\.toml")
_ITEM = re.compile(r"^(\d+)\. \*\*(.+?)\*\* \(([^)]*)\)\.", re.MULTILINE)


def files_by_number() -> dict[int, list[Path]]:
    found: dict[int, list[Path]] = {}
    for path in sorted(FOLDER.glob("*.toml")):
        match = _FILE.fullmatch(path.name)
        assert match, f"{path.name}: not named sNN_<short_name>.toml (or sNNa_…)"
        found.setdefault(int(match.group(1)), []).append(path)
    return found


def spec_scenarios() -> dict[int, tuple[str, str]]:
    """§12's numbered scenarios: number → (name, rules cited)."""
    text = SPEC.read_text(encoding="utf-8")
    section = text[text.index("## 12. Acceptance scenarios") :]
    return {int(n): (name, rules) for n, name, rules in _ITEM.findall(section)}


def test_s01_to_s36_each_have_a_file_and_s37_is_the_reproducibility_test() -> None:
    found = files_by_number()
    assert sorted(found) == list(AS_FILES)
    assert re.search(r"^def test_s37_", REPRODUCIBILITY.read_text(), re.MULTILINE)


def test_the_spec_lists_37_scenarios() -> None:
    assert sorted(spec_scenarios()) == list(range(1, 38))


@pytest.mark.parametrize("number", AS_FILES)
def test_each_scenario_title_names_its_number_name_and_rules(number: int) -> None:
    """A title opens "SNN <name> (<rules>)" as §12 lists them, so the rule traceability
    test reads the same rules the spec gives the scenario."""
    name, rules = spec_scenarios()[number]
    for path in files_by_number()[number]:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        assert data["game"] == "seasons", path.name
        assert str(data["title"]).startswith(f"S{number:02d} {name} ({rules})"), path.name
