"""Every acceptance scenario of §12 is a file under scenarios/league/ (they run with every
other scenario file in tests/core/test_acceptance_scenarios.py), or a test here: scenarios
1–6 check the lineup validator (test_lineup.py) and 50 whole bot games (test_play.py)."""

import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]
SPEC = REPO.parent / "shared" / "rules" / "legend_a_league.md"
pytestmark = pytest.mark.skipif(
    not SPEC.exists(), reason="no shared/ beside the checkout: the spec's scenario list is there"
)
FOLDER = REPO / "scenarios" / "league"
AS_TESTS = {1, 2, 3, 4, 5, 6, 50}


def spec_numbers() -> set[int]:
    text = SPEC.read_text(encoding="utf-8")
    section = text[text.index("## 12. Acceptance scenarios") :]
    return {int(n) for n in re.findall(r"^(\d+)\. \*\*", section, flags=re.M)}


def test_the_spec_lists_50_scenarios():
    assert spec_numbers() == set(range(1, 51))


def test_every_scenario_has_a_file_or_a_test():
    files = {int(p.name[1:3]) for p in FOLDER.glob("s*.toml")}
    assert spec_numbers() - AS_TESTS == files
