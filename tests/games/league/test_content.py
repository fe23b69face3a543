"""The starter content (§3.4–§3.8) and its validation on load (§3.2)."""

import shutil
from pathlib import Path

import pytest

from tavola.core import ContentError
from tavola.games.league.content import CONTENT, load_content, starter
from tavola.games.league.content_model import OPS, TRIGGERS


def test_the_starter_set_has_24_legends_24_abilities_32_cards_and_2_presets():
    content = starter()
    assert (len(content.legends), len(content.abilities), len(content.cards)) == (24, 24, 32)
    assert sorted(content.presets) == ["preset_a", "preset_b"]
    kinds = [c.kind for c in content.cards.values()]
    assert (kinds.count("tactic"), kinds.count("support")) == (17, 15)


def test_the_starter_set_uses_every_op_and_trigger_and_covers_every_cost_per_attribute():
    content = starter()
    used = {e.op for a in content.abilities.values() for e in a.effects}
    used |= {e.op for c in content.cards.values() for e in c.effects}
    assert used == set(OPS)
    assert {a.trigger for a in content.abilities.values()} == set(TRIGGERS)
    for attribute in ("star", "moon", "sun"):
        costs = {d.cost for d in content.legends.values() if d.attribute == attribute}
        assert costs == set(range(1, 8))


def test_every_item_has_a_japanese_english_and_italian_name():
    content = starter()
    items = [*content.legends.values(), *content.abilities.values(), *content.cards.values()]
    for item in items:
        assert item.names.en and item.names.ja and item.names.it, item
    assert content.legends["L05"].names.get("ja") == "スターフォール・ナイト"


def test_the_spec_numbers_are_loaded_as_written():
    content = starter()
    assert (content.legends["L08"].cost, content.legends["L08"].dv) == (7, 4000)
    assert content.legends["L16"].default_abilities == ("A12", "A16")
    card = content.cards["C22"]
    assert (card.kind, card.cost, card.window, card.effects[0].pick) == (
        "support",
        4,
        None,
        "chosen",
    )
    assert content.abilities["A12"].condition == "blocked"


def broken_copy(tmp_path: Path, file: str, old: str, new: str) -> Path:
    folder = tmp_path / "content"
    shutil.copytree(CONTENT, folder)
    path = folder / file
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return folder


def test_a_bad_field_is_reported_naming_file_item_and_field(tmp_path):
    folder = broken_copy(tmp_path, "legends.toml", "dv = 2500", "dv = 2550")
    with pytest.raises(ContentError) as error:
        load_content(folder)
    assert error.value.problems == ["legends.toml: L05: dv: must be a multiple of 100"]


def test_every_problem_is_reported_one_per_line(tmp_path):
    folder = broken_copy(
        tmp_path, "cards.toml", 'kind = "tactic"\ncost = 2', 'kind = "tactic"\ncost = 12'
    )
    path = folder / "abilities.toml"
    path.write_text(path.read_text().replace('trigger = "on_entry"', 'trigger = "on_dawn"', 1))
    with pytest.raises(ContentError) as error:
        load_content(folder)
    assert error.value.problems == [
        "abilities.toml: A01: trigger: must be one of " + ", ".join(TRIGGERS),
        "cards.toml: C01: cost: must be a whole number from 0 to 9",
    ]


def test_an_effect_parameter_out_of_the_language_is_refused(tmp_path):
    folder = broken_copy(
        tmp_path,
        "cards.toml",
        '{ op = "mill", count = 2 }',
        '{ op = "mill", count = 2, side = "opp" }',
    )
    with pytest.raises(ContentError) as error:
        load_content(folder)
    assert error.value.problems == ["cards.toml: C29: effects[0].side: is not a parameter of mill"]


def test_a_default_loadout_must_fit_its_legend(tmp_path):
    folder = broken_copy(
        tmp_path,
        "legends.toml",
        'default_abilities = ["A12", "A09"]',
        'default_abilities = ["A12", "A01"]',
    )
    with pytest.raises(ContentError) as error:
        load_content(folder)
    assert error.value.problems == ["legends.toml: L12: default_abilities: A01 is a star ability"]
