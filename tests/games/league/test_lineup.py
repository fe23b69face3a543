"""Lineup rules R1–R6 and the spec's scenarios 1–6 (§12), on the pure validator."""

import pytest

from tavola.core import IllegalAction
from tavola.games.league.config import LeagueConfig
from tavola.games.league.content import starter
from tavola.games.league.lineup import lineup_problems, team_cost, validate_lineup

CONFIG = LeagueConfig()


def preset(preset_id: str) -> dict:
    return starter().presets[preset_id].lineup.to_json()


def codes(raw) -> list[str]:
    return [p.code for p in lineup_problems(raw, starter(), CONFIG)[1]]


def test_sc01_r1_r2_r3_r4_preset_a_is_accepted_with_team_cost_23():
    lineup = validate_lineup("preset_a", starter(), CONFIG)
    assert team_cost(lineup, starter(), CONFIG) == 23


def test_sc02_r3_replacing_l22_by_l08_exceeds_the_cost_cap():
    raw = preset("preset_a")
    raw["team"] = [
        e if e["legend_id"] != "L22" else {"legend_id": "L08", "abilities": ["A08", "A01"]}
        for e in raw["team"]
    ]
    with pytest.raises(IllegalAction) as refused:
        validate_lineup(raw, starter(), CONFIG)
    assert refused.value.code == "TEAM_COST_EXCEEDED"
    assert "25" in refused.value.message and "23" in refused.value.message


def test_sc03_r3_preset_b_needs_brackish_lake():
    lineup = validate_lineup("preset_b", starter(), CONFIG)
    assert team_cost(lineup, starter(), CONFIG) == 21
    raw = {**preset("preset_b"), "gimmick": "none"}
    assert codes(raw) == ["TEAM_COST_EXCEEDED"]
    assert "27" in lineup_problems(raw, starter(), CONFIG)[1][0].message("en")


def test_sc04_r1_a_team_of_six_is_refused():
    raw = preset("preset_a")
    raw["team"] = raw["team"][:6]
    assert codes(raw) == ["TEAM_SIZE"]


def test_sc04_r2_a_legend_listed_twice_is_refused():
    raw = preset("preset_a")
    raw["team"][0] = raw["team"][3]  # L05 twice (costs 1 less than the 23 it replaces)
    assert "DUPLICATE_LEGEND" in codes(raw)


def loadout(legend: str, abilities: list[str]) -> list[str]:
    raw = preset("preset_a")
    raw["team"][0] = {"legend_id": legend, "abilities": abilities}
    return codes(raw)


def test_sc05_r4_four_slots_are_too_many():
    assert "ABILITY_SLOTS_EXCEEDED" in loadout("L05", ["A04", "A07"])


def test_sc05_r4_a_star_ability_does_not_fit_a_moon_legend():
    assert "ABILITY_ATTRIBUTE_MISMATCH" in loadout("L12", ["A01"])


def test_sc05_r4_the_same_ability_twice_is_refused():
    assert loadout("L01", ["A01", "A01"]) == ["DUPLICATE_ABILITY"]


def test_sc05_r4_an_empty_loadout_is_legal():
    raw = preset("preset_a")
    raw["team"][5] = {"legend_id": "L18", "abilities": []}
    assert codes(raw) == []


def deck(n: int) -> list[str]:
    """n cards, three copies of each starter card in id order."""
    return [f"C{i // 3 + 1:02d}" for i in range(n)]


@pytest.mark.parametrize(
    ("cards", "code"),
    [
        (deck(41), "DECK_TOO_LARGE"),
        (deck(40), None),
        (deck(20), None),
        (deck(19), "DECK_TOO_SMALL"),
        (["C01", *deck(39)], "TOO_MANY_COPIES"),
        (["C99", *deck(39)], "UNKNOWN_CARD"),
    ],
)
def test_sc06_r5_deck_size_copies_and_unknown_cards(cards, code):
    raw = {**preset("preset_a"), "deck": cards}
    assert codes(raw) == ([code] if code else [])


def test_r5_unknown_legend_ability_gimmick_and_preset_are_named():
    raw = preset("preset_a")
    raw["team"][0] = {"legend_id": "L99", "abilities": []}
    raw["team"][1] = {"legend_id": "L02", "abilities": ["A99"]}
    raw["gimmick"] = "volcano"
    assert codes(raw) == ["UNKNOWN_LEGEND", "UNKNOWN_ABILITY", "UNKNOWN_GIMMICK"]
    assert codes("preset_z") == ["UNKNOWN_PRESET"]


def test_r5_the_copy_limit_and_sizes_follow_the_config():
    raw = {**preset("preset_a"), "deck": ["C01"] * 4 + ["C02"] * 3 + ["C03"] * 3}
    relaxed = LeagueConfig(copies_max=4, deck_min=10)
    assert lineup_problems(raw, starter(), relaxed)[1] == []


def test_r1_r5_problems_come_in_rule_order():
    raw = preset("preset_b")
    raw["gimmick"] = "none"
    raw["team"] = [*raw["team"], raw["team"][0]]
    raw["deck"] = raw["deck"][:10]
    assert codes(raw) == ["TEAM_SIZE", "DUPLICATE_LEGEND", "TEAM_COST_EXCEEDED", "DECK_TOO_SMALL"]


def test_r6_every_player_may_use_the_whole_content_set():
    """Both presets are legal for either seat, and they share no legend (R6)."""
    for preset_id in ("preset_a", "preset_b"):
        assert validate_lineup(preset_id, starter(), CONFIG)


def test_r5_a_refusal_reads_well_in_italian_and_english():
    raw = {**preset("preset_a"), "deck": ["C01", *deck(39)]}
    problem = lineup_problems(raw, starter(), CONFIG)[1][0]
    assert problem.message("en") == "Power Surge is in the deck 4 times, more than 3"
    assert problem.message("it") == "Impeto di Forza è nel mazzo 4 volte, più di 3"
    assert problem.message("ja") == "力の奔流がデッキに4枚入っています（同名カードは3枚まで）"
