"""The roster app's capability (`Lineups`): the catalogue a lineup is built from, and a
lineup's check listing every problem of R1–R5 at once, with its place and its sentence in
Japanese, English and Italian."""

import json

import pytest

from tavola.core import get_game
from tavola.core.capabilities import Lineups, capability
from tavola.games.league.content import starter
from tavola.games.league.roster import check_lineup, lineup_catalog


def preset(preset_id: str) -> dict:
    return starter().presets[preset_id].lineup.to_json()


def test_league_offers_lineups_to_the_shell():
    assert capability(get_game("league"), Lineups) is not None


@pytest.mark.parametrize("lang", ["ja", "en", "it"])
def test_r6_the_catalogue_is_the_whole_starter_set_named_in_the_language(lang):
    catalog = lineup_catalog(lang)
    content = starter()
    assert [legend["id"] for legend in catalog["legends"]] == list(content.legends)
    assert [card["id"] for card in catalog["cards"]] == list(content.cards)
    assert [a["id"] for a in catalog["abilities"]] == list(content.abilities)
    first = catalog["legends"][0]
    assert first["name"] == content.legends[first["id"]].names.get(lang)
    assert {"attribute", "cost", "dv", "ability_slots", "default_abilities"} <= set(first)
    json.dumps(catalog)  # JSON-ready


def test_the_catalogue_says_what_each_gimmick_does_to_costs():
    gimmicks = {g["id"]: g for g in lineup_catalog("en")["gimmicks"]}
    assert set(gimmicks) == {"none", "galaxy", "brackish_lake", "purgatory"}
    assert gimmicks["brackish_lake"]["cost_change"] == -1
    assert gimmicks["galaxy"]["cost_change"] == 0 and gimmicks["galaxy"]["die_change"] == 2
    assert (
        gimmicks["purgatory"]["text"] == "Whenever you draw from your deck, you draw 1 more card."
    )
    assert gimmicks["none"]["name"] == "No gimmick stage"


def test_the_catalogue_gives_the_limits_and_the_presets_as_lineups():
    catalog = lineup_catalog("it")
    assert catalog["limits"] == {
        "team_size": 7,
        "team_cost_cap": 23,
        "ability_slots": 3,
        "deck_min": 20,
        "deck_max": 40,
        "copies_max": 3,
    }
    presets = {p["id"]: p for p in catalog["presets"]}
    assert presets["preset_b"]["name"] == "Muro di Luna"
    assert presets["preset_b"]["lineup"] == preset("preset_b")


def test_sc03_a_legal_lineup_passes_with_the_gimmick_applied_to_its_cost():
    check = check_lineup(preset("preset_b"))
    assert check.ok and check.problems == ()
    assert check.summary["cost_printed"] == 27
    assert check.summary["cost_total"] == 21
    assert check.summary["cost_cap"] == 23
    assert check.lineup == preset("preset_b")


def test_a_preset_id_is_spelled_out_as_its_lineup():
    assert check_lineup("preset_a").lineup == preset("preset_a")


def test_r1_r2_r3_r5_every_problem_at_once_in_three_languages():
    raw = preset("preset_a")
    raw["gimmick"] = "none"
    raw["team"] = [*raw["team"][:5], raw["team"][0], raw["team"][4]]  # L01, L07 twice
    raw["deck"] = ["C01"] * 4 + ["C02"]
    check = check_lineup(raw)
    assert [(p.code, p.field) for p in check.problems] == [
        ("DUPLICATE_LEGEND", "team.5"),
        ("DUPLICATE_LEGEND", "team.6"),
        ("DECK_TOO_SMALL", "deck"),
        ("TOO_MANY_COPIES", "deck.3"),
    ]
    duplicate, small, copies = check.problems[0], check.problems[2], check.problems[3]
    assert duplicate.text == {
        "ja": "コメット・ランサーがチームに2回入っています",
        "en": "Comet Lancer is in the team twice",
        "it": "Lanciere della Cometa è due volte nella squadra",
    }
    assert small.text == {
        "ja": "デッキは5枚で、最低枚数の20枚に足りません",
        "en": "The deck has 5 cards, fewer than 20",
        "it": "Il mazzo ha 5 carte, meno di 20",
    }
    assert copies.text["en"] == "Power Surge is in the deck 4 times, more than 3"
    assert check.summary["copies_over"] == [{"card": "C01", "n": 4}]
    assert check.lineup is None


def test_r3_r4_cost_and_loadout_problems_point_at_their_legend():
    raw = preset("preset_a")
    raw["team"][6] = {"legend_id": "L08", "abilities": ["A08", "A09", "A08"]}
    check = check_lineup(raw)
    found = {p.code: p for p in check.problems}
    assert found["TEAM_COST_EXCEEDED"].field == "team"
    assert (
        found["TEAM_COST_EXCEEDED"].text["ja"] == "チームの合計コストは25で、上限23を超えています"
    )
    assert found["DUPLICATE_ABILITY"].field == "team.6.abilities.2"
    assert check.summary["cost_total"] == 25


def test_numbers_agree_with_their_words():
    raw = preset("preset_a")
    raw["deck"] = ["C01"]
    one = check_lineup(raw).problems[0].text
    assert one["en"] == "The deck has 1 card, fewer than 20"
    assert one["it"] == "Il mazzo ha 1 carta, meno di 20"
    raw["deck"] = []
    assert check_lineup(raw).problems[0].text["en"] == (
        "The deck is empty: it needs at least 20 cards"
    )
    raw = preset("preset_a")
    raw["team"] = raw["team"][:4] + [raw["team"][0]] * 3
    duplicate = next(p for p in check_lineup(raw).problems if p.code == "DUPLICATE_LEGEND")
    assert duplicate.text["it"] == "Lanciere della Cometa è 4 volte nella squadra"


def test_r5_unknown_ids_are_named_clipped_and_placed():
    raw = preset("preset_a")
    raw["team"][2] = "L" + "9" * 100
    raw["deck"][7] = "nope"
    raw["gimmick"] = "moonlight"
    check = check_lineup(raw)
    assert [(p.code, p.field) for p in check.problems] == [
        ("UNKNOWN_LEGEND", "team.2"),
        ("UNKNOWN_CARD", "deck.7"),
        ("UNKNOWN_GIMMICK", "gimmick"),
    ]
    assert len(check.problems[0].text["en"]) < 80
    assert check.problems[2].text["ja"] == "ギミックステージmoonlightは存在しません"
    assert check.summary["team_size"] == 7 and check.summary["gimmick"] is None


@pytest.mark.parametrize(
    ("body", "field"),
    [
        (5, "lineup"),
        ([], "lineup"),
        ({"team": "L01", "deck": []}, "team"),
        ({"team": [], "deck": [1]}, "deck"),
        ({"team": [], "gimmick": [[["galaxy"]]], "deck": []}, "gimmick"),
        ({"team": [], "deck": [], "owner": "me"}, "owner"),
    ],
)
def test_a_body_that_is_no_lineup_is_one_problem_in_words(body, field):
    check = check_lineup(body)
    assert [(p.code, p.field) for p in check.problems] == [("MALFORMED_LINEUP", field)]
    assert all(check.problems[0].text[lang] for lang in ("ja", "en", "it"))
    assert check.summary["team_size"] is None and check.summary["cost_cap"] == 23
    json.dumps(check.to_json())
