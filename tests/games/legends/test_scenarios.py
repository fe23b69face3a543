"""The spec's acceptance scenarios, kept as data under scenarios/, all pass."""

from pathlib import Path

import pytest

from tavola.core.scenario import run_file, scenario_files

ROOT = Path(__file__).resolve().parents[3] / "scenarios"
FILES = scenario_files([ROOT])


def test_simplified_acceptance_scenarios_exist():
    names = {path.name.split("_")[0] for path in FILES}
    assert {"sc46", "sc47", "sc48", "sc49", "sc50", "sc69", "sc72", "sc73"} <= names


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario_passes(path):
    result = run_file(path)
    assert result.passed, result.line()
