"""The starter set S1 (§3.9): it loads, it passes the content linter, and the linter
names each kind of miss when a copy of the set is changed."""

from __future__ import annotations

from typing import Any

from tavola.games.legends.catalog import Catalog, load_catalog
from tavola.games.legends.effects import Damage, ModifyStat
from tavola.games.legends.lint import lint_catalog

TYPE_RANGES = {
    "character": range(1, 25),
    "magic": range(25, 37),
    "potion": range(37, 47),
    "equipment": range(47, 55),
    "enchantgineering": range(55, 61),
}


def _starter() -> Catalog:
    return load_catalog("starter_S1")


def _changed(updates: dict[str, dict[str, Any]]) -> Catalog:
    """A copy of the starter set with some cards' fields replaced."""
    cards = [
        card.model_copy(update=updates[card.card_id]) if card.card_id in updates else card
        for card in _starter().cards()
    ]
    return Catalog("x", cards)


def _lint_changed(card_id: str, **update: Any) -> list[str]:
    return lint_catalog(_changed({card_id: update}))


def _any_line_has(lines: list[str], text: str) -> bool:
    return any(text in line for line in lines)


def test_starter_catalogue_loads_with_sixty_cards() -> None:
    assert len(_starter()) == 60


def test_starter_catalogue_passes_the_linter() -> None:
    assert lint_catalog(_starter()) == []


def test_card_ids_run_from_s1_001_to_s1_060_grouped_by_type() -> None:
    for card in _starter().cards():
        number = int(card.card_id.removeprefix("S1-"))
        assert number in TYPE_RANGES[card.type], card.card_id
    assert list(_starter()) == [f"S1-{n:03d}" for n in range(1, 61)]


def test_every_card_has_an_english_name_and_both_flavour_texts() -> None:
    for card in _starter().cards():
        assert card.name_en, card.card_id
        assert card.text, card.card_id
        assert card.text_en, card.card_id


def test_italian_names_are_unique() -> None:
    names = [card.name for card in _starter().cards()]
    assert len(set(names)) == len(names)


def test_english_names_are_unique() -> None:
    names = [card.name_en for card in _starter().cards()]
    assert len(set(names)) == len(names)


def test_removing_a_card_reports_the_type_count() -> None:
    cards = [card for card in _starter().cards() if card.card_id != "S1-040"]
    lines = lint_catalog(Catalog("x", cards))
    assert "potion: needs 10 cards, found 9" in lines
    assert "catalogue: needs 60 cards, found 59" in lines


def test_changing_an_alignment_reports_the_side_split() -> None:
    lines = _lint_changed("S1-025", alignment="lawful_good")
    assert "magic: needs 4 neutral cards, found 3" in lines
    assert "magic: needs 4 good cards, found 5" in lines


def test_changing_a_rarity_reports_the_rarity_split() -> None:
    lines = _lint_changed("S1-047", rarity="R")
    assert "equipment: needs 3 rarity-C cards, found 2" in lines


def test_a_missing_sleep_magic_is_reported() -> None:
    lines = _lint_changed("S1-030", effects=[Damage(amount=100)])
    assert _any_line_has(lines, "magic: needs at least 2 'sleep' cards, found 1")


def test_a_missing_sub_type_is_reported() -> None:
    lines = _lint_changed("S1-003", sub_type="pacifist")
    assert _any_line_has(lines, "needs at least 1 characters of sub-type 'altruist', found 0")


def test_too_few_strong_characters_on_one_side_is_reported() -> None:
    lines = lint_catalog(_changed({"S1-012": {"str_": 40}, "S1-013": {"str_": 40}}))
    assert _any_line_has(lines, "needs at least 2 neutral characters with STR > 50, found 1")


def test_a_missing_evil_boss_main_is_reported() -> None:
    lines = _lint_changed("S1-023", hp=700)
    assert _any_line_has(lines, "needs at least 2 evil characters with HP >= 800, found 1")


def test_a_missing_cursed_equipment_is_reported() -> None:
    effects = [
        ModifyStat(stat="str", amount=-15, duration="permanent"),
        ModifyStat(stat="def", amount=5, duration="permanent"),
    ]
    lines = _lint_changed("S1-049", effects=effects)
    assert _any_line_has(lines, "equipment: needs at least 1 cursed (all-negative) cards, found 0")


def test_a_repeated_eg_phase_count_is_reported() -> None:
    lines = _lint_changed("S1-055", phases=2)
    assert _any_line_has(lines, "needs exactly 1 cards with phases 2, found 2")
    assert _any_line_has(lines, "needs exactly 1 cards with phases 1, found 0")


def test_a_character_over_its_stat_budget_is_reported() -> None:
    lines = _lint_changed("S1-007", str_=100)
    assert "S1-007: STR+MP+DEF 230 exceeds the L budget 210" in lines


def test_a_character_over_its_hp_budget_is_reported() -> None:
    lines = _lint_changed("S1-001", hp=400)
    assert "S1-001: HP 400 exceeds the C budget 350" in lines


def test_a_damage_amount_over_budget_is_reported() -> None:
    lines = _lint_changed("S1-025", effects=[Damage(amount=200)])
    assert "S1-025: damage amount 200 exceeds the C budget 150" in lines


def test_a_modify_stat_amount_over_budget_is_reported() -> None:
    effects = [ModifyStat(stat="str", amount=20, duration="turn")]
    lines = _lint_changed("S1-028", effects=effects)
    assert _any_line_has(lines, "S1-028: modify_stat str |amount| 20 exceeds the C budget 15")


def test_an_eg_below_its_minimum_phases_is_reported() -> None:
    lines = _lint_changed("S1-060", phases=4)
    assert "S1-060: phases 4 is below the T minimum 5" in lines


def test_a_tournament_legal_tribute_card_is_reported() -> None:
    lines = _lint_changed("S1-024", tournament_legal=True)
    assert _any_line_has(lines, "S1-024: tournament_legal should be false")


def test_a_standard_card_in_the_tribute_edition_is_reported() -> None:
    lines = _lint_changed("S1-001", edition="tributo")
    assert _any_line_has(lines, "S1-001: edition 'tributo' should be 'standard'")


def test_a_card_of_another_series_is_reported() -> None:
    lines = _lint_changed("S1-036", series="S2")
    assert _any_line_has(lines, "S1-036: series 'S2' should be 'S1'")
