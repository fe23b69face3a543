"""Malformed card catalogues: every problem names the file, the card, the field and what is
allowed."""

from pathlib import Path

import pytest
import tomli_w

from tavola.core import ContentError
from tavola.games.legends.catalog import load_catalog, read_catalog_file, resolve_catalog


def character(**changes) -> dict:
    card = {
        "card_id": "X-001",
        "name": "Prova",
        "type": "character",
        "rarity": "C",
        "series": "X",
        "alignment": "true_neutral",
        "sub_type": "balanced",
        "hp": 100,
        "str": 10,
        "mp": 10,
        "def": 10,
    }
    card.update(changes)
    return {k: v for k, v in card.items() if v is not None}


def magic(**changes) -> dict:
    card = {
        "card_id": "X-002",
        "name": "Magia",
        "type": "magic",
        "rarity": "C",
        "series": "X",
        "alignment": "true_neutral",
        "target": "one_enemy_character",
        "effects": [{"kind": "damage", "amount": 100}],
    }
    card.update(changes)
    return card


def equipment(**changes) -> dict:
    card = {
        "card_id": "X-003",
        "name": "Spada",
        "type": "equipment",
        "rarity": "C",
        "series": "X",
        "alignment": "true_neutral",
        "effects": [{"kind": "modify_stat", "stat": "str", "amount": 10, "duration": "permanent"}],
    }
    card.update(changes)
    return card


def enchantgineering(**changes) -> dict:
    aura = {
        "kind": "modify_stat",
        "stat": "str",
        "amount": 10,
        "duration": "permanent",
        "applies_to": "ally_characters",
    }
    card = {
        "card_id": "X-004",
        "name": "Torre",
        "type": "enchantgineering",
        "rarity": "C",
        "series": "X",
        "alignment": "true_neutral",
        "phases": 3,
        "auras": [aura],
    }
    card.update(changes)
    return card


def write(tmp_path: Path, *cards: dict, **top) -> Path:
    path = tmp_path / "mine.toml"
    path.write_text(tomli_w.dumps({"catalog": "mine", **top, "card": list(cards)}))
    return path


def only_problem(path: Path) -> str:
    _, _, problems = read_catalog_file(path)
    assert len(problems) == 1, problems
    return problems[0]


def test_valid_catalogue_has_no_problems(tmp_path):
    path = write(tmp_path, character(), magic(), equipment(), enchantgineering())
    catalog_id, cards, problems = read_catalog_file(path)
    assert problems == []
    assert catalog_id == "mine"
    assert [c.card_id for c in cards] == ["X-001", "X-002", "X-003", "X-004"]


def test_file_that_is_not_toml(tmp_path):
    path = tmp_path / "broken.toml"
    path.write_text("this is [ not toml\n")
    problem = only_problem(path)
    assert str(path) in problem
    assert "not valid TOML" in problem


def test_file_without_cards(tmp_path):
    path = tmp_path / "empty.toml"
    path.write_text('catalog = "empty"\ntitle = "nothing"\n')
    problem = only_problem(path)
    assert str(path) in problem
    assert "no [[card]] tables" in problem
    assert "at least one card" in problem


def test_unknown_top_level_key(tmp_path):
    path = write(tmp_path, character(), colour="red")
    problem = only_problem(path)
    assert "unknown top-level keys ['colour']" in problem
    assert "allowed: catalog, title, card" in problem


def test_catalog_id_that_is_not_a_string(tmp_path):
    path = write(tmp_path, character(), catalog=5)
    catalog_id, _, problems = read_catalog_file(path)
    assert catalog_id == "mine"
    assert problems == [f"{path}: field 'catalog': must be a non-empty string"]


def test_missing_type(tmp_path):
    card = character()
    del card["type"]
    problem = only_problem(write(tmp_path, card))
    assert "card X-001" in problem
    assert "field 'type'" in problem
    assert "missing" in problem
    assert "allowed: character, magic, potion, equipment, enchantgineering" in problem


def test_unknown_type(tmp_path):
    problem = only_problem(write(tmp_path, character(type="spell")))
    assert "card X-001" in problem
    assert "field 'type'" in problem
    assert "'spell' is unknown" in problem
    assert "'enchantgineering'" in problem


def test_unknown_field(tmp_path):
    problem = only_problem(write(tmp_path, character(speed=3)))
    assert "card X-001" in problem
    assert "field 'speed'" in problem
    assert "unknown field" in problem


def test_v1_character_hp_zero(tmp_path):
    problem = only_problem(write(tmp_path, character(hp=0)))
    assert "card X-001" in problem
    assert "field 'hp'" in problem
    assert "greater than or equal to 1" in problem


def test_v1_character_str_over_100(tmp_path):
    problem = only_problem(write(tmp_path, character(str=101)))
    assert "card X-001" in problem
    assert "field 'str'" in problem
    assert "less than or equal to 100" in problem


def test_v1_character_with_effects(tmp_path):
    problem = only_problem(write(tmp_path, character(effects=[{"kind": "damage", "amount": 5}])))
    assert "card X-001" in problem
    assert "field 'effects'" in problem
    assert "unknown field for this card type" in problem


def test_v5_sub_type_not_of_its_alignment(tmp_path):
    problem = only_problem(write(tmp_path, character(sub_type="sadist")))
    assert "card X-001" in problem
    assert "field 'sub_type'" in problem
    assert "'sadist' is not of true_neutral" in problem
    assert "allowed: balanced or independent" in problem


def test_character_without_sub_type(tmp_path):
    problem = only_problem(write(tmp_path, character(sub_type=None)))
    assert "card X-001" in problem
    assert "field 'sub_type'" in problem
    assert "required for characters" in problem
    assert "balanced or independent" in problem


def test_bad_card_id_pattern(tmp_path):
    problem = only_problem(write(tmp_path, character(card_id="x_1")))
    assert "card x_1" in problem
    assert "field 'card_id'" in problem
    assert "[A-Z0-9-]{3,32}" in problem


def test_v5_duplicate_card_id(tmp_path):
    path = write(tmp_path, character(), character(name="Altra"))
    _, cards, problems = read_catalog_file(path)
    assert [c.name for c in cards] == ["Prova"]
    assert len(problems) == 1
    assert "card X-001" in problems[0]
    assert "field 'card_id'" in problems[0]
    assert "duplicate (already card #1)" in problems[0]


def test_v2_magic_effect_not_fitting_its_target(tmp_path):
    problem = only_problem(write(tmp_path, magic(target="self_player")))
    assert "card X-002" in problem
    assert "field 'effects[0].kind'" in problem
    assert "'damage' does not fit target 'self_player'" in problem
    assert "one_enemy_character" in problem


def test_v2_parry_not_on_combat_target(tmp_path):
    problem = only_problem(write(tmp_path, magic(effects=[{"kind": "parry"}])))
    assert "card X-002" in problem
    assert "field 'effects[0].kind'" in problem
    assert "'parry' does not fit target 'one_enemy_character'" in problem
    assert "it needs one of: combat_target" in problem


def test_v2_parry_on_combat_target_is_accepted(tmp_path):
    path = write(tmp_path, magic(target="combat_target", effects=[{"kind": "parry"}]))
    assert read_catalog_file(path)[2] == []


def test_v3_equipment_effect_that_is_not_permanent(tmp_path):
    effect = {"kind": "modify_stat", "stat": "str", "amount": 10, "duration": "turn"}
    problem = only_problem(write(tmp_path, equipment(effects=[effect])))
    assert "card X-003" in problem
    assert "field 'effects[0].duration'" in problem
    assert "must be 'permanent'" in problem


def test_v3_equipment_with_forbidden_effect_kind(tmp_path):
    problem = only_problem(write(tmp_path, equipment(effects=[{"kind": "heal", "amount": 10}])))
    assert "card X-003" in problem
    assert "field 'effects[0].kind'" in problem
    assert "'heal' is not allowed on equipment" in problem
    assert "allowed: modify_stat, protect_magic, draw_per_turn" in problem


def test_v4_aura_with_wrong_applies_to(tmp_path):
    card = enchantgineering()
    card["auras"][0]["applies_to"] = "ally_players"
    problem = only_problem(write(tmp_path, card))
    assert "card X-004" in problem
    assert "field 'auras[0].applies_to'" in problem
    assert "'ally_players' does not fit 'modify_stat'" in problem
    assert "allowed: ally_characters, enemy_characters" in problem


def test_v4_eg_with_more_than_ten_phases(tmp_path):
    problem = only_problem(write(tmp_path, enchantgineering(phases=11)))
    assert "card X-004" in problem
    assert "field 'phases'" in problem
    assert "less than or equal to 10" in problem


def test_v4_aura_that_is_not_permanent(tmp_path):
    card = enchantgineering()
    card["auras"][0]["duration"] = "round"
    problem = only_problem(write(tmp_path, card))
    assert "card X-004" in problem
    assert "field 'auras[0].duration'" in problem
    assert "must be 'permanent'" in problem


def test_modify_stat_amount_zero(tmp_path):
    effect = {"kind": "modify_stat", "stat": "str", "amount": 0, "duration": "turn"}
    problem = only_problem(write(tmp_path, magic(effects=[effect])))
    assert "card X-002" in problem
    assert "field 'effects[0].amount'" in problem
    assert "must be non-zero and within -100..100 for str" in problem


def test_modify_stat_hp_max_bound_is_999(tmp_path):
    effect = {"kind": "modify_stat", "stat": "hp_max", "amount": 1000, "duration": "turn"}
    problem = only_problem(write(tmp_path, magic(effects=[effect])))
    assert "field 'effects[0].amount'" in problem
    assert "within -999..999 for hp_max" in problem


def test_heal_amount_over_1000_is_refused(tmp_path):
    path = write(tmp_path, magic(effects=[{"kind": "heal", "amount": 1001}]))
    _, cards, problems = read_catalog_file(path)
    assert cards == []
    assert problems
    assert all("card X-002" in p for p in problems)
    assert any("less than or equal to 1000" in p for p in problems)


def test_heal_amount_over_1000_names_the_field_exactly(tmp_path):
    problem = only_problem(write(tmp_path, magic(effects=[{"kind": "heal", "amount": 1001}])))
    assert "field 'effects[0].amount':" in problem
    assert "1000" in problem


def test_v2_more_than_three_effects(tmp_path):
    effects = [{"kind": "damage", "amount": 1}] * 4
    problem = only_problem(write(tmp_path, magic(effects=effects)))
    assert "card X-002" in problem
    assert "field 'effects'" in problem
    assert "at most 3 items" in problem


def test_unknown_effect_kind(tmp_path):
    problem = only_problem(write(tmp_path, magic(effects=[{"kind": "explode"}])))
    assert "card X-002" in problem
    assert "field 'effects[0].kind'" in problem
    assert "'explode' is unknown" in problem
    assert "'damage'" in problem


def test_effect_without_kind(tmp_path):
    problem = only_problem(write(tmp_path, magic(effects=[{"amount": 5}])))
    assert "field 'effects[0].kind'" in problem
    assert "missing; allowed:" in problem
    assert "modify_stat" in problem


def test_wrong_rarity_letter(tmp_path):
    problem = only_problem(write(tmp_path, character(rarity="X")))
    assert "card X-001" in problem
    assert "field 'rarity'" in problem
    assert "'C', 'R', 'L', 'M' or 'T'" in problem


def test_file_with_two_bad_cards_reports_both(tmp_path):
    path = write(tmp_path, character(hp=0), magic(target="self_player"), equipment())
    _, cards, problems = read_catalog_file(path)
    assert [c.card_id for c in cards] == ["X-003"]
    assert len(problems) == 2
    assert "card X-001" in problems[0]
    assert "field 'hp'" in problems[0]
    assert "card X-002" in problems[1]
    assert "field 'effects[0].kind'" in problems[1]


def test_every_problem_names_the_file(tmp_path):
    path = write(tmp_path, character(hp=0), magic(target="self_player"))
    assert all(p.startswith(f"{path}: ") for p in read_catalog_file(path)[2])


def test_card_that_is_not_a_table(tmp_path):
    path = tmp_path / "odd.toml"
    path.write_text('catalog = "odd"\ncard = [1]\n')
    problem = only_problem(path)
    assert "card #1: not a table of fields" in problem


def test_load_unknown_catalogue_raises_content_error():
    with pytest.raises(ContentError) as info:
        load_catalog("no_such")
    assert info.value.code == "invalid_card_def"
    assert "unknown catalogue 'no_such'" in info.value.problems[0]
    assert "starter_S1" in info.value.problems[0]


def test_resolve_catalog_mixes_a_named_catalogue_and_an_inline_card():
    catalog = resolve_catalog(["starter_S1", character(card_id="X-C1", hp=300)])
    assert len(catalog) == len(load_catalog("starter_S1")) + 1
    assert catalog["X-C1"].hp == 300
    assert "S1-001" in catalog
    assert catalog.id == "starter_S1+inline"


def test_resolve_catalog_refuses_an_inline_card_repeating_a_catalogue_id():
    with pytest.raises(ContentError) as info:
        resolve_catalog(["starter_S1", character(card_id="S1-001")])
    assert "card ids defined twice: S1-001" in str(info.value)


def test_resolve_catalog_reports_a_bad_inline_card():
    with pytest.raises(ContentError) as info:
        resolve_catalog(["starter_S1", character(card_id="X-C1", hp=0)])
    assert "config.catalog: card X-C1: field 'hp'" in info.value.problems[0]
