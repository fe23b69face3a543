"""Small, quick runs shared by the simulation tests (2 cores: keep every run short)."""

import pytest

from tavola.sim import build_spec, simulate

CLASSIC = {"mode": "classic", "max_rounds": 3}
SIMPLIFIED = {"mode": "simplified", "simplified": {"max_clashes": 30}}


@pytest.fixture(scope="session")
def classic_spec():
    return build_spec("legends", ["reference", "random"], 11, CLASSIC)


@pytest.fixture(scope="session")
def classic_local(classic_spec):
    """The reference result every backend must reproduce byte for byte."""
    return simulate(classic_spec, 48, workers=1, chunk_size=5)
