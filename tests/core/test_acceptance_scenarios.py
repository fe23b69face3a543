"""Every game's acceptance scenarios, kept as data under scenarios/<game>/, all pass: the
runner is the kernel's (`tavola.core.scenario`) and names no game; which scenarios a game's
spec asks for is that game's own test (tests/games/<game>/)."""

from pathlib import Path

import pytest

from tavola.core.scenario import run_file, scenario_files
from tavola.features import features

features()  # the features' scenario kinds (a tournament's, a campaign's), as the CLI loads them

ROOT = Path(__file__).resolve().parents[2] / "scenarios"
FILES = scenario_files([ROOT])


def test_every_game_folder_holds_scenarios():
    folders = [path for path in ROOT.iterdir() if path.is_dir()]
    assert folders and all(scenario_files([folder]) for folder in folders)


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(ROOT)) for p in FILES])
def test_scenario_passes(path):
    result = run_file(path)
    assert result.passed, result.line()
