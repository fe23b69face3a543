"""Campaigns (§5.16, R132–R141; actions A19, A20): the sequence, retries, the carry and its
refusals, the next battle's setup, the result and the campaign state as data."""

import json

import pytest

from tavola.core import Action, ConfigError, IllegalAction, Table, Viewer
from tavola.games.legends.state import Result

from .campaign_tables import (
    GAME,
    carry_nothing,
    choose,
    lost_battle,
    new,
    next_battle,
    next_choice,
    record,
    started_battle,
    won_battle,
)

SC51_POSITION = {
    "P1": {
        "table": [
            {"card": "S1-001", "iid": "C1", "equipment": "S1-047"},
            {"card": "S1-006", "iid": "C2", "damage": 60},
        ],
        "hand": [
            {"card": "S1-037", "iid": "Q1"},
            {"card": "S1-041", "iid": "Q2"},
            {"card": "S1-025", "iid": "M1"},
        ],
        "egs": [{"card": "S1-055", "iid": "G1"}],
    },
    "discard": [{"card": "S1-029", "iid": "M2"}],  # a magic P1 used during the battle
}


def after_battle_one(**overrides):
    """Battle 1 won from the SC51 position; the campaign waits for P1's carry."""
    campaign = new(**overrides)
    return record(campaign, won_battle(campaign, SC51_POSITION))


def carried_into_battle_two(iids, **overrides):
    campaign = choose(after_battle_one(**overrides), "P1", Action("choose_carry", iids=iids))
    return carry_nothing(campaign)


# -- R132 the battles ---------------------------------------------------------------------------


def test_r132_each_battle_is_good_vs_evil_with_the_party_on_good_against_the_boss():
    battle = next_battle(new())
    config = battle.config
    assert config["sides"] == "good_vs_evil"
    assert [p["team"] for p in config["players"]] == ["good", "good"]
    assert [p["main_card_id"] for p in config["players"]] == ["X-HERO", "X-HERO"]
    assert config["boss"]["main_card_id"] == "X-BOSS"
    assert battle.seats == ("reference", "reference", "boss")


def test_r132_a_battle_against_evil_players_seats_them_after_the_party():
    evil = [{"name": "Ombra", "age": 30, "kind": "human", "main_card_id": "S1-022"}]
    battle = next_battle(new(battles=[{"evil": evil, "mode": "epic"}]))
    assert [p["team"] for p in battle.config["players"]] == ["good", "good", "evil"]
    assert battle.config["mode"] == "epic" and "boss" not in battle.config
    assert battle.seats == ("reference", "reference", "human")


@pytest.mark.parametrize(
    ("overrides", "reason"),
    [
        ({"battles": []}, "invalid_option"),
        ({"battles": [{"boss": {"main_card_id": "X-BOSS"}}] * 21}, "invalid_option"),
        ({"party": [{"age": 30, "main_card_id": "X-HERO"}] * 9}, "invalid_option"),
        ({"party": [{"age": 30}]}, "no_main"),
        ({"party": [{"age": 30, "main_card_id": "S1-022"}]}, "main_side_mismatch"),
        ({"battles": [{}]}, "battle_opponent"),
        ({"options": {"sides": "teams"}}, "reserved_option"),
    ],
)
def test_r132_a_bad_campaign_is_refused_naming_the_reason(overrides, reason):
    with pytest.raises(ConfigError) as refused:
        new(**overrides)
    assert refused.value.reason == reason


# -- R133 the order -----------------------------------------------------------------------------


def test_r133_a_fixed_sequence_plays_the_battles_in_list_order():
    campaign = new()
    assert next_battle(campaign).number == 1
    campaign = carry_nothing(record(campaign, won_battle(campaign)))
    assert next_battle(campaign).number == 2


def test_r133_a20_party_choice_waits_for_the_seat_with_the_highest_agility():
    campaign = new(sequence="party_choice")
    choice = next_choice(campaign)
    assert (choice.seat, choice.action) == ("P2", "choose_next_battle")  # Marco, age 12
    assert [o.value for o in choice.options] == [1, 2, 3]
    campaign = choose(campaign, "P2", Action("choose_next_battle", index=3))
    assert next_battle(campaign).number == 3


def test_a20_another_seat_may_not_choose_the_battle():
    campaign = new(sequence="party_choice")
    with pytest.raises(IllegalAction) as refused:
        GAME.campaign_choose(campaign, "P1", Action("choose_next_battle", index=1))
    assert refused.value.code == "not_your_decision"


@pytest.mark.parametrize("index", [0, 4, "1", True])
def test_a20_an_index_outside_the_list_is_an_invalid_choice(index):
    campaign = new(sequence="party_choice")
    with pytest.raises(IllegalAction) as refused:
        GAME.campaign_choose(campaign, "P2", Action("choose_next_battle", index=index))
    assert refused.value.code == "invalid_choice"


def test_r133_a20_a_battle_already_won_cannot_be_chosen_again():
    campaign = new(sequence="party_choice")
    campaign = choose(campaign, "P2", Action("choose_next_battle", index=2))
    campaign = carry_nothing(record(campaign, won_battle(campaign)))
    before = json.dumps(campaign)
    with pytest.raises(IllegalAction) as refused:
        GAME.campaign_choose(campaign, "P2", Action("choose_next_battle", index=2))
    assert refused.value.code == "invalid_choice"
    assert json.dumps(campaign) == before
    assert [o.value for o in next_choice(campaign).options] == [1, 3]


# -- R134 defeat and retries --------------------------------------------------------------------


def test_r134_a_lost_battle_is_replayed_with_a_new_seed_and_the_same_carry():
    campaign = carried_into_battle_two(["C1", "Q1"], retries=1)
    first = next_battle(campaign)
    campaign = record(campaign, lost_battle(campaign))
    again = next_battle(campaign)
    assert (again.number, again.attempt) == (2, 2)
    assert again.seed != first.seed
    assert again.config == first.config  # the carried cards of before the battle
    assert campaign["retries_left"] == 0


def test_r134_a_loss_without_retries_left_loses_the_campaign():
    campaign = new(retries=0)
    campaign = record(campaign, lost_battle(campaign))
    assert campaign["status"] == "lost"
    assert GAME.campaign_next(campaign, "en") is None


def test_r134_a_won_battle_moves_on():
    campaign = new()
    campaign = record(campaign, won_battle(campaign))
    assert campaign["won"] == [1]
    assert campaign["results"][-1]["outcome"] == "won"


# -- R135 what may be carried (A19) -------------------------------------------------------------


def test_r135_a19_the_options_are_table_characters_hand_cards_and_egs():
    choice = next_choice(after_battle_one())
    assert (choice.seat, choice.action, choice.limit) == ("P1", "choose_carry", 5)
    assert [o.value for o in choice.options] == ["C1", "C2", "S", "Q1", "Q2", "M1", "G1"]
    assert "Beech-Bark Shield" in choice.options[0].label  # C1's equipment travels with it


@pytest.mark.parametrize("iid", ["M2", "mP1", "mB", "nonexistent"])
def test_r135_a19_anything_else_is_not_eligible_and_changes_nothing(iid):
    campaign = after_battle_one()
    before = json.dumps(campaign)
    with pytest.raises(IllegalAction) as refused:
        GAME.campaign_choose(campaign, "P1", Action("choose_carry", iids=["C1", iid]))
    assert refused.value.code == "carry_not_eligible"
    assert json.dumps(campaign) == before


def test_r135_a19_more_than_the_carry_limit_is_refused():
    campaign = after_battle_one()
    with pytest.raises(IllegalAction) as refused:
        GAME.campaign_choose(
            campaign, "P1", Action("choose_carry", iids=["C1", "C2", "S", "Q1", "Q2", "M1"])
        )
    assert refused.value.code == "carry_limit"


def test_r135_equipment_counts_toward_the_limit_when_the_campaign_says_so():
    campaign = after_battle_one(equipment_counts_toward_carry=True)
    chosen = Action("choose_carry", iids=["C1", "C2", "Q1", "Q2", "G1"])  # 5 cards + 1 equipment
    with pytest.raises(IllegalAction) as refused:
        GAME.campaign_choose(campaign, "P1", chosen)
    assert refused.value.code == "carry_limit"


def test_r135_a_seat_eliminated_in_a_won_battle_carries_nothing_and_keeps_no_equipment():
    campaign = new()
    battle = won_battle(campaign, {"P2": {"main": {"card": "X-HERO", "equipment": "S1-048"}}})
    battle.state.seats["P2"].eliminated = True  # fell during the battle
    campaign = record(campaign, battle)
    assert campaign["carry_pending"] == ["P1"]
    assert campaign["party"]["P2"] == {"main_equipment": None, "carried": []}


# -- R136, R137 the next battle -----------------------------------------------------------------


def test_r136_carried_cards_are_in_hand_before_the_deal_and_numbered_after_the_deck():
    campaign = carried_into_battle_two(["C1", "C2", "Q1", "Q2", "G1"])
    table = started_battle(campaign)
    state = table.state
    deck_cards = len(state.catalog)  # deck_source = starter: one copy of every card
    carried = [f"c{deck_cards + n}" for n in (1, 3, 4, 5, 6)]  # C1's equipment comes second
    assert state.seats["P1"].hand == carried
    assert [state.instances[i] for i in carried] == [
        "S1-001",
        "S1-006",
        "S1-037",
        "S1-041",
        "S1-055",
    ]
    assert not set(carried) & (set(state.deck) | set(state.discard))


def test_r136_a_carried_character_brings_its_equipment_when_placed_and_heals():
    campaign = carried_into_battle_two(["C1", "C2"])
    table = started_battle(campaign)
    c1, c2 = table.state.seats["P1"].hand[:2]
    table.act("P1", Action("place_initial", iids=[c1, c2]))
    table.act("P2", Action("place_initial", iids=[]))
    characters = table.state.battle.characters
    assert table.state.instances[characters[c1].equipment_iid] == "S1-047"
    assert characters[c2].damage == 0  # carry_damage = false: full HP


def test_r136_with_carry_damage_a_carried_character_keeps_its_damage():
    campaign = carried_into_battle_two(["C2"], carry_damage=True)
    table = started_battle(campaign)
    c2 = table.state.seats["P1"].hand[0]
    table.act("P1", Action("place_initial", iids=[c2]))
    table.act("P2", Action("place_initial", iids=[]))
    assert table.state.battle.characters[c2].damage == 60


def test_r136_the_main_keeps_its_equipment_from_the_start():
    campaign = new()
    battle = won_battle(campaign, {"P2": {"main": {"card": "X-HERO", "equipment": "S1-048"}}})
    campaign = carry_nothing(record(campaign, battle))
    table = started_battle(campaign)
    main = table.state.battle.characters["mP2"]
    assert table.state.instances[main.equipment_iid] == "S1-048"


def test_r136_a_carried_eg_comes_back_as_a_card_to_build_again():
    campaign = carried_into_battle_two(["G1"])
    table = started_battle(campaign)
    g1 = table.state.seats["P1"].hand[0]
    assert table.state.instances[g1] == "S1-055"
    assert table.state.seats["P1"].egs == [] and g1 not in table.state.battle.egs


def test_r136_a_battle_with_carried_cards_refuses_a_scripted_setup():
    campaign = carried_into_battle_two(["Q1"])
    step = next_battle(campaign)
    with pytest.raises(ConfigError) as refused:
        Table(GAME, step.config, step.seed, {"turn_order": ["P1", "P2", "B"]})
    assert refused.value.reason == "invalid_setup"


@pytest.mark.parametrize(
    ("carried", "dealt"), [(["C1", "Q1"], 3), (["C1", "C2", "Q1", "Q2", "G1"], 0)]
)
def test_r137_the_deal_is_reduced_by_the_cards_carried(carried, dealt):
    campaign = carried_into_battle_two(carried)
    table = started_battle(campaign)
    to_p1 = [e for e in table.events if e.type == "card_dealt" and e.data["seat"] == "P1"]
    to_p2 = [e for e in table.events if e.type == "card_dealt" and e.data["seat"] == "P2"]
    assert (len(to_p1), len(to_p2)) == (dealt, 5)


def test_r137_counted_equipment_reduces_the_deal_too():
    campaign = carried_into_battle_two(["C1", "Q1"], equipment_counts_toward_carry=True)
    table = started_battle(campaign)
    to_p1 = [e for e in table.events if e.type == "card_dealt" and e.data["seat"] == "P1"]
    assert len(to_p1) == 2


# -- R138 cards spent ---------------------------------------------------------------------------


def test_r138_a_carried_card_used_in_the_next_battle_is_lost_to_the_campaign():
    campaign = carried_into_battle_two(["Q1", "Q2"])
    table = started_battle(campaign)
    q1 = table.state.seats["P1"].hand[0]
    table.state.seats["P1"].hand.remove(q1)  # drunk during the battle
    table.state.discard.append(q1)
    table.state.seats["B"].eliminated = True  # and the boss fell
    table.state.result = Result(["P1", "P2"], {"P1": 1, "P2": 1, "B": 3}, "last_team", False)
    table.state.phase = "game_over"
    campaign = record(campaign, table)
    options = [o["iid"] for o in campaign["carry_options"]["P1"]]
    assert q1 not in options and table.state.seats["P1"].hand[0] in options


# -- R139, R140, R141 ---------------------------------------------------------------------------


def test_r139_the_result_lists_battles_won_retries_used_and_survivors():
    campaign = new(battles=[{"boss": {"main_card_id": "X-BOSS"}}] * 2, retries=1)
    campaign = carry_nothing(record(campaign, won_battle(campaign)))
    assert GAME.campaign_result(campaign) is None
    campaign = record(campaign, lost_battle(campaign))
    campaign = record(campaign, won_battle(campaign))
    assert campaign["status"] == "won"
    assert GAME.campaign_result(campaign) == {
        "won": True,
        "battles": 2,
        "battles_won": 2,
        "retries_used": 1,
        "survivors": {"1": ["P1", "P2"], "2": ["P1", "P2"]},
        "lost_at": None,
    }


def test_r140_the_campaign_is_plain_json_that_carries_on_after_a_round_trip():
    campaign = choose(after_battle_one(), "P1", Action("choose_carry", iids=["C1", "G1"]))
    restored = json.loads(json.dumps(campaign))
    assert restored == campaign
    assert set(campaign) >= {"party", "battle", "retries_left", "rng", "results"}
    assert campaign["party"]["P1"]["carried"][0] == {
        "card_id": "S1-001",
        "equipment": "S1-047",
        "damage": 0,
    }
    assert next_battle(restored).config == next_battle(campaign).config


def test_r140_others_see_only_how_many_cards_a_member_carries():
    campaign = choose(after_battle_one(), "P1", Action("choose_carry", iids=["C1", "G1"]))
    mine = GAME.campaign_view(campaign, Viewer.seat("P1"), "en")["party"][0]
    theirs = GAME.campaign_view(campaign, Viewer.seat("P2"), "en")["party"][0]
    assert len(mine["carried"]) == 2
    assert "carried" not in theirs and theirs["carried_count"] == 2
    assert "S1-001" not in json.dumps(GAME.campaign_view(campaign, Viewer.public(), "en"))


def test_r141_boss_levels_rise_with_the_battle_unless_configured():
    battles = [{"boss": {"main_card_id": "X-BOSS"}} for _ in range(6)]
    battles[1] = {"boss": {"main_card_id": "X-BOSS", "level": 4}}
    campaign = new(battles=battles, sequence="party_choice")
    levels = []
    for number in range(1, 7):
        chosen = choose(campaign, "P2", Action("choose_next_battle", index=number))
        levels.append(next_battle(chosen).config["boss"]["level"])
    assert levels == [1, 4, 3, 4, 5, 5]


def test_a19_a_choice_for_a_finished_campaign_is_refused():
    campaign = new(retries=0)
    campaign = record(campaign, lost_battle(campaign))
    with pytest.raises(IllegalAction) as refused:
        GAME.campaign_choose(campaign, "P1", Action("choose_carry", iids=[]))
    assert refused.value.code == "game_over"


def test_a19_a_battle_that_is_not_the_awaited_one_cannot_be_recorded():
    campaign = new()
    other = new(battles=[{"boss": {"main_card_id": "X-BOSS"}, "mode": "epic"}])
    with pytest.raises(IllegalAction) as refused:
        GAME.campaign_record(other, won_battle(campaign).state)
    assert refused.value.code == "not_this_battle"


def test_an_unnamed_bot_of_the_party_is_bot_n_as_at_a_table():
    from tavola.games.legends.campaign.ready import campaign_config

    config = campaign_config({}, [{"kind": "human", "name": "Giulia"}, {"kind": "bot"}])
    assert [m["name"] for m in config["party"]] == ["Giulia", "Bot 2"]
