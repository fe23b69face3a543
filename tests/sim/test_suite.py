"""`tavola bench --suite engine --json`'s figures, with tiny budgets: every named field is there,
the two ISMCTS configurations apart, each with its ratio. Nothing asserts on time."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from tavola.cli import app

SEARCH_FIELDS = {
    "ismcts_position",
    "openspiel_mcts_ms_per_1000",
    "openspiel_mcts_steps_per_simulation",
    "ismcts_production_ms_per_1000",
    "ismcts_production_steps_per_iteration",
    "ismcts_production_ratio",
    "ismcts_full_rollouts_ms_per_1000",
    "ismcts_full_rollouts_steps_per_iteration",
    "ismcts_full_rollouts_ratio",
    "ismcts_full_rollouts_ratio_per_step",
}
SIM_FIELDS = {
    "sim_games_per_s_1_worker",
    "sim_games_per_s_2_workers",
    "sim_speedup_2_workers",
    "sim_cpu_utilisation_2_workers",
}


@pytest.fixture(scope="module")
def figures():
    """The command's JSON, every mode measured for a blink."""
    budget = ["--seconds", "0.02", "--iterations", "12", "--sim-games", "4"]
    result = CliRunner().invoke(
        app, ["bench", "--suite", "engine", "--game", "legends", *budget, "--json"]
    )
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_the_suite_reports_both_search_configurations_and_the_worker_speedup(figures):
    assert set(figures) >= SEARCH_FIELDS | SIM_FIELDS
    assert "ismcts_ratio" not in figures  # the old name, which did not say which work
    assert set(figures["ismcts_notes"]) == {
        "ismcts_production_ratio",
        "ismcts_full_rollouts_ratio",
        "ismcts_full_rollouts_ratio_per_step",
    }


def test_full_rollouts_do_more_steps_per_iteration_than_production(figures):
    assert (
        figures["ismcts_full_rollouts_steps_per_iteration"]
        > figures["ismcts_production_steps_per_iteration"]
    )


def test_each_ratio_is_its_configuration_over_openspiel_when_installed(figures):
    anchor = figures["openspiel_mcts_ms_per_1000"]
    for kind in ("production", "full_rollouts"):
        ratio = figures[f"ismcts_{kind}_ratio"]
        if anchor is None:
            assert ratio is None
        else:
            ours = figures[f"ismcts_{kind}_ms_per_1000"]
            # The ratio is printed to 0.01 (0.0964 reads 0.1), its figures to 0.1 ms.
            assert ratio == pytest.approx(ours / anchor, rel=0.01, abs=0.005)


def test_the_speedup_is_the_ratio_of_the_two_runs(figures):
    # Each games/s figure is rounded to 0.01 and the ratio to 0.001: with four games on a
    # busy machine the figures are small, so the ratio is checked within that rounding.
    one, two = figures["sim_games_per_s_1_worker"], figures["sim_games_per_s_2_workers"]
    low, high = (two - 0.005) / (one + 0.005), (two + 0.005) / max(one - 0.005, 1e-9)
    assert low - 0.0005 <= figures["sim_speedup_2_workers"] <= high + 0.0005
    assert figures["sim_games"] == 4
    assert {"engine_ratio_classic", "engine_ratio_epic"} <= set(figures)


def test_without_a_game_the_suite_measures_every_raced_game_keyed_by_name():
    budget = ["--seconds", "0.02", "--iterations", "12", "--sim-games", "4"]
    result = CliRunner().invoke(app, ["bench", "--suite", "engine", *budget, "--json"])
    assert result.exit_code == 0, result.output
    suites = json.loads(result.output)
    assert set(suites) == {"legends", "league", "run"}  # the games that say they are raced
    assert suites["run"]["options"]["suite"] == "engine"
    assert set(suites["legends"]) >= SEARCH_FIELDS | SIM_FIELDS
