"""The growth bench: its rows and table, and the doubled catalogue it plays (generated
in `bench/growth.py`, never shipped). Tiny budgets; nothing asserts on time."""

from __future__ import annotations

import os

import pytest

from bench.growth import install_doubled, table
from tavola.core import get_game
from tavola.games.legends.catalog import resolve_catalog
from tavola.sim.growth import GrowthRow, growth_table, measure

LEGENDS = get_game("legends")


@pytest.fixture
def doubled(tmp_path, monkeypatch):
    """The doubled catalogue's id, its folder added to the content folders for this test."""
    monkeypatch.setenv("TAVOLA_LEGENDS_CONTENT", os.environ.get("TAVOLA_LEGENDS_CONTENT", ""))
    return install_doubled(tmp_path)


def test_the_doubled_catalogue_adds_a_renamed_copy_of_every_card(doubled):
    starter = resolve_catalog("starter_S1")
    both = resolve_catalog(doubled)
    assert len(both) == 2 * len(starter)
    same = {"card_id", "name", "name_en"}
    for card_id, card in starter.items():
        variant = both["X" + card_id]
        assert variant.name != card.name
        assert variant.model_dump(exclude=same) == card.model_dump(exclude=same)


def test_a_game_on_the_doubled_catalogue_deals_both_copies(doubled):
    state = LEGENDS.new(table(2, doubled), 3)
    dealt = set(LEGENDS.dump(state)["instances"].values())
    assert len(dealt) == 120 and "XS1-001" in dealt and "S1-001" in dealt


def test_a_row_counts_steps_legal_actions_and_memory():
    row = measure(LEGENDS, table(2, "starter_S1"), {"seats": 2}, seconds=0.05, memory_games=1)
    figures = row.to_json()
    assert figures["seats"] == 2 and row.games_timed >= 1
    assert row.steps_per_game > 0 and row.legal_actions >= 1
    assert row.peak_kib > 0 and row.state_kib > 0
    assert figures["us_per_legal_action"] == round(row.us_per_step / row.legal_actions, 3)


def test_the_table_gives_cost_and_work_as_multiples_of_the_first_row():
    base = GrowthRow({"seats": 2}, 10_000.0, 100.0, 5.0, 50.0, 2.0, 3)
    bigger = GrowthRow({"seats": 8}, 5_000.0, 400.0, 20.0, 200.0, 8.0, 1)
    lines = growth_table([base, bigger]).splitlines()
    assert lines[0].startswith("| seats | steps/s |")
    cells = [cell.strip() for cell in lines[3].strip("|").split("|")]
    head = [cell.strip() for cell in lines[0].strip("|").split("|")]
    row = dict(zip(head, cells, strict=True))
    assert row["cost ×"] == "2.00" and row["work ×"] == "4.00"
    assert row["µs/step"] == "200.0" and row["µs per legal action"] == "10.00"
