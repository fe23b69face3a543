"""The spec's acceptance scenarios, kept as data under scenarios/, all pass."""

from pathlib import Path

import pytest

from tavola.core.scenario import run_file, scenario_files
from tavola.features import features

features()  # the features' scenario kinds (a tournament's, a campaign's), as the CLI loads them

ROOT = Path(__file__).resolve().parents[3] / "scenarios"
FILES = scenario_files([ROOT])


def test_every_acceptance_scenario_exists():
    names = {path.name.split("_")[0] for path in FILES}
    wanted = {f"sc{n:02d}" for n in range(1, 82)}
    assert wanted - names == {"sc02"}  # a config refusal: tested in test_battle_config.py


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario_passes(path):
    result = run_file(path)
    assert result.passed, result.line()
