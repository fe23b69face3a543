"""§5.6: the turn's resolution is one function per phase, P1 to P13 in the spec's order, each
naming the rules it implements (R29–R45)."""

import re

from tavola.games.trono.resolution import TURN_PHASES


def test_phases_run_p1_to_p13_in_the_spec_order():
    """R29–R44 number the phases; the pipeline runs them in that order (§11 decision 21)."""
    numbers = [re.match(r"P(\d+)\b", phase.__doc__ or "") for phase in TURN_PHASES]
    assert [int(m.group(1)) if m else None for m in numbers] == list(range(1, 14))


def test_every_phase_names_its_rules_one_number_at_a_time():
    """A rule number leads to its phase with one grep: no phase hides its rules in a range."""
    for phase in TURN_PHASES:
        doc = phase.__doc__ or ""
        assert re.search(r"\bR\d+\b", doc), phase.__name__
        assert not re.search(r"R\d+\s*[–-]\s*R\d+", doc), phase.__name__
