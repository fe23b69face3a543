"""Setup (§4), the config (§3.5) and the setup keys of scenarios and tests."""

from __future__ import annotations

import pytest

from tavola.core import ConfigError, Table, Viewer, state_hash
from tavola.games.seasons.dice import die_ids
from tavola.games.seasons.game import game

from .engine_support import act, hand, human_view, new, refused, types


def practice_prelude(state, picks=((0, 1, 2), (0, 1, 2), (0, 1, 2))):
    for hand_, lib2, lib3 in picks:
        act(state, "prelude_assign", hand=hand_, library2=lib2, library3=lib3)


def test_s1_practice_setup_deals_three_preludes():
    """Scenario 1 (§4, R14): base_1_30, seed 7: deck 45, hand 6, human_cards 9."""
    state = new({"mode": "practice", "card_pool": "base_1_30"}, seed=7)
    assert state.phase == "PRELUDE" and len(state.deck) == 55
    practice_prelude(state)
    assert len(state.deck) == 45
    assert len(state.dummbot.hand) == 6 and len(state.human_cards) == 9
    assert (state.month, state.year, state.dummbot.crystals) == (1, 1, 0)
    assert state.phase == "CHOOSE_DIE" and state.round == 1


def test_s2_practice_pool_base_1_50_has_100_cards():
    """Scenario 2 (§4 step 3): 100 cards before the prelude, 85 after."""
    state = new({"mode": "practice"}, seed=3)
    assert len(state.deck) + len(state.prompt["offer"]) == 100
    practice_prelude(state)
    assert len(state.deck) == 85


def test_s4_companion_prelude_names_six_cards_then_rolls():
    """Scenario 4 (§4.5, §4.7): the 6 named cards are the hand and are seen."""
    state = new()
    assert state.phase == "PRELUDE" and state.prompt["purpose"] == "prelude"
    names = [
        "Syllas the Faithful",
        "Amulet of Air",
        "Damned Soul of Onys",
        "Kairn the Destroyer",
        "Potion of Life",
        "Amulet of Fire",
    ]
    events = act(state, "name_cards", names=names)
    assert hand(state) == names and state.seen == state.dummbot.hand
    assert state.phase == "CHOOSE_DIE"
    assert types(events)[-3:] == ["prelude_done", "round_started", "dice_rolled"]
    shown = [c["name"] for c in human_view(state)["dummbot"]["hand_known"]]
    assert shown == names


def test_s4_blind_companion_goes_straight_to_the_first_roll():
    """§4.7: `blind_until_revealed` has no prelude input: 6 unknown cards, round 1."""
    state = new({"hand_tracking": "blind_until_revealed"})
    assert state.phase == "CHOOSE_DIE" and state.round == 1
    assert [state.instances[i] for i in state.dummbot.hand] == ["unknown"] * 6
    assert types(game.opening_events(state)) == ["prelude_done", "round_started", "dice_rolled"]


def test_r3_rotating_lines_are_shuffled_per_season_at_setup():
    """§4 step 4: each season's line holds its 5 dice, in an order drawn at setup."""
    state = new({"dice_selection": "rotating_lines"}, seed=11)
    for season, line in state.lines.items():
        assert sorted(line) == die_ids(season)
    config = {"dice_selection": "rotating_lines"}
    orders = {tuple(new(config, seed=s).lines["winter"]) for s in range(8)}
    assert len(orders) > 1


def test_config_invalid_names_the_key():
    """§4 step 1: an unknown key or value → CONFIG_INVALID: <key>."""
    with pytest.raises(ConfigError) as caught:
        new({"difficulty": "grandmaster"})
    assert caught.value.reason == "CONFIG_INVALID" and caught.value.field == "difficulty"
    with pytest.raises(ConfigError) as caught:
        new({"colour": "red"})
    assert caught.value.field == "colour"
    with pytest.raises(ConfigError, match="max_rounds"):
        new({"max_rounds": 11})


def test_companion_only_settings_are_refused_in_practice():
    """§3.5: dice_source and hand_tracking are companion-only (DECISIONS)."""
    with pytest.raises(ConfigError) as caught:
        new({"mode": "practice", "dice_source": "table_rolls"})
    assert caught.value.field == "dice_source"
    with pytest.raises(ConfigError) as caught:
        new({"mode": "practice", "hand_tracking": "blind_until_revealed"})
    assert caught.value.field == "hand_tracking"


def test_config_user_cards_enter_the_catalogue():
    """§3.3: the additions brought from cards_user.json are in this game's catalogue."""
    state = new({"user_cards": [{"name": "Amulet of Sky", "prestige": 5, "type": "magic_item"}]})
    names = ["Amulet of Sky"] * 2 + ["Amulet of Air"] * 2 + ["Potion of Life"] * 2
    act(state, "name_cards", names=names)
    assert hand(state)[:2] == ["Amulet of Sky", "Amulet of Sky"]
    with pytest.raises(ConfigError) as caught:
        new({"user_cards": [{"name": "Amulet of Air", "prestige": 5, "type": "magic_item"}]})
    assert caught.value.field == "user_cards"


def test_setup_rejects_unknown_keys_and_cards():
    with pytest.raises(ConfigError, match="SETUP_INVALID: colour"):
        new(colour=1)
    with pytest.raises(ConfigError, match="Amulet of Sky"):
        new(skip_prelude=True, dummbot={"hand": ["Amulet of Sky"]})
    with pytest.raises(ConfigError, match="deck"):
        new(deck=["Amulet of Air"])


def test_setup_position_with_dummbot_face_starts_the_human_turn():
    """The setup keys can put the game at any step: here the human's turn of round 3."""
    state = new(
        month=4,
        year=2,
        round=3,
        dummbot_face="2E * /1",
        dummbot={"crystals": 7, "hand": ["Kairn the Destroyer"], "array": ["base_22"]},
        seen=["Kairn the Destroyer"],
    )
    assert (state.phase, state.round, state.month, state.year) == ("HUMAN_TURN", 3, 4, 2)
    view = human_view(state)
    assert view["dice"][1] == {**view["dice"][1], "owner": "dummbot", "code": "2E * /1"}
    assert view["dummbot"]["score"] == 7 + 30
    assert [c["name"] for c in view["dummbot"]["hand_known"]] == ["Kairn the Destroyer"]


def test_setup_dice_codes_find_their_dice():
    """Two face codes: the die of each is the first of the season's dice showing it."""
    state = new(dice=["2W * /2", "+6c /3"], human_die=1)
    assert [d["die_id"] for d in state.dice] == ["wi1", "wi5"]
    assert state.phase == "HUMAN_TURN" and state.human_die == 1


def test_s37_same_seed_and_log_give_the_same_game():
    """Scenario 37 (§3.6): same config, seed 42 and action log → identical states and events."""
    config = {"mode": "practice", "difficulty": "archmage"}

    def play() -> Table:
        table = Table(game, config, 42)
        for _ in range(3):
            table.act("human", game.legal_actions(table.state, "human")[0])
        while table.to_act:
            legal = game.legal_actions(table.state, "human")
            table.act("human", legal[len(table.log) % len(legal)])
        return table

    one, two = play(), play()
    assert state_hash(game, one.state) == state_hash(game, two.state)
    assert [e.to_record() for e in one.events] == [e.to_record() for e in two.events]
    assert game.outcome(one.state) is not None


def test_refused_prelude_action_leaves_the_offer():
    """Scenario 3 (§6.1): prelude_assign(1, 1, 3) → INVALID_ASSIGNMENT; same 5 offered."""
    state = new({"mode": "practice"}, seed=5)
    offer = list(state.prompt["offer"])
    refused(state, "INVALID_ASSIGNMENT", "prelude_assign", hand=1, library2=1, library3=3)
    refused(state, "INVALID_ASSIGNMENT", "prelude_assign", hand=0, library2=1, library3=5)
    assert state.prompt["offer"] == offer
    shown = game.view(state, Viewer.public())["prompt"]["offer"]
    assert [c["iid"] for c in shown] == offer
