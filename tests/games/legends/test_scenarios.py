"""The spec's acceptance scenarios are all kept as data under scenarios/legends/ (that they
pass is tests/core/test_acceptance_scenarios.py's)."""

from pathlib import Path

from tavola.core.scenario import scenario_files

ROOT = Path(__file__).resolve().parents[3] / "scenarios" / "legends"


def test_every_acceptance_scenario_exists():
    names = {path.name.split("_")[0] for path in scenario_files([ROOT])}
    wanted = {f"sc{n:02d}" for n in range(1, 82)}
    assert wanted - names == {"sc02"}  # a config refusal: tested in test_battle_config.py
