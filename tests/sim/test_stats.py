"""The Wilson score interval."""

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tavola.sim.stats import Z95, Rate, wilson


def test_wilson_matches_newcombes_worked_example():
    # Newcombe (1998), Statistics in Medicine 17:857, table I: 81/263 → 0.2553 to 0.3662.
    low, high = wilson(81, 263)
    assert round(low, 4) == 0.2553
    assert round(high, 4) == 0.3662


def test_wilson_with_no_successes_has_closed_form_upper_bound():
    low, high = wilson(0, 10)
    assert low == 0.0
    assert high == pytest.approx(Z95**2 / (10 + Z95**2))


def test_wilson_is_symmetric_between_successes_and_failures():
    low, high = wilson(3, 17)
    other_low, other_high = wilson(14, 17)
    assert low == pytest.approx(1 - other_high)
    assert high == pytest.approx(1 - other_low)


def test_wilson_without_games_knows_nothing():
    assert wilson(0, 0) == (0.0, 1.0)


def test_wilson_refuses_impossible_counts():
    with pytest.raises(ValueError):
        wilson(5, 4)
    with pytest.raises(ValueError):
        wilson(-1, 4)


@given(st.integers(1, 5000).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_wilson_interval_holds_the_rate_and_stays_in_unit_range(case):
    successes, n = case
    low, high = wilson(successes, n)
    assert 0.0 <= low <= successes / n <= high <= 1.0
    assert high - low <= 2 * Z95 * math.sqrt(0.25 / n) + 1e-12  # never wider than the worst case


def test_rate_difference_from_baseline_shifts_its_interval():
    rate = Rate(30, 50)
    diff, low, high = rate.minus(0.5)
    assert diff == pytest.approx(0.1)
    assert (low + 0.5, high + 0.5) == pytest.approx(wilson(30, 50))
