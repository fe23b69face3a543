"""The round: dice (R2–R6), the advance and the end of the round (R18, R19), the end of the
game (R33, R34)."""

from __future__ import annotations

from tavola.core import Rng, Table
from tavola.games.seasons.dice import face_at
from tavola.games.seasons.faces import face_code
from tavola.games.seasons.game import game

from .engine_support import act, array, first, new, refused, settle, types


def test_r2_r4_a_round_rolls_two_dice_of_the_season():
    """R2–R4: round 1 in winter: two winter dice sampled, each rolled with randrange(6)."""
    state = new(skip_prelude=True, rng=[2, 5])
    assert state.round == 1 and state.phase == "CHOOSE_DIE"
    assert state.dice_season == "winter"
    ids = [d["die_id"] for d in state.dice]
    assert len(set(ids)) == 2 and all(i.startswith("wi") for i in ids)
    assert [d["face_index"] for d in state.dice] == [3, 6]
    assert state.dice[0]["face"] == face_code(face_at(ids[0], 3))


def test_r3_random_pair_uses_the_platform_rng_in_the_rules_order():
    """R3, R4 (§3.6): sample(5 dice in id order, 2), then a then b rolled."""
    state = new(skip_prelude=True, month=4)
    rng = Rng(0)
    pair = rng.sample(["sp1", "sp2", "sp3", "sp4", "sp5"], 2)
    rolls = [rng.below(6) + 1, rng.below(6) + 1]
    assert [d["die_id"] for d in state.dice] == pair
    assert [d["face_index"] for d in state.dice] == rolls


def test_s28_r3_rotating_lines_take_the_first_two_and_put_them_back_last():
    """Scenario 28 (R3): line [wi3, wi1, wi5, wi2, wi4] → dice wi3, wi1; then
    [wi5, wi2, wi4, wi3, wi1]."""
    state = new(
        {"dice_selection": "rotating_lines"},
        skip_prelude=True,
        lines={"winter": ["wi3", "wi1", "wi5", "wi2", "wi4"]},
        rng=[0, 0],
    )
    assert [d["die_id"] for d in state.dice] == ["wi3", "wi1"]
    act(state, "choose_die", index=0)
    act(state, "end_human_turn")
    settle(state)
    act(state, "end_round")
    assert state.lines["winter"] == ["wi5", "wi2", "wi4", "wi3", "wi1"]


def test_s27_r5_table_dice_are_checked_against_the_season():
    """Scenario 27 (R5): faces on no winter die, faces only on one die, then a valid pair."""
    state = new({"dice_source": "table_rolls"}, skip_prelude=True, dummbot={"crystals": 0})
    assert state.phase == "REPORT_DICE" and state.dice == []
    refused(state, "FACE_NOT_ON_SEASON_DICE", "report_dice", faces=["2E * /1", "D /2"])
    err = refused(state, "SAME_DIE_CONFLICT", "report_dice", faces=["2A * /3", "D /2"])
    assert "wi1" in err.message
    refused(state, "BAD_FACE_CODE", "report_dice", faces=["3W /1", "D /2"])
    events = act(state, "report_dice", faces=["2W * /2", "+6c /3"])
    assert [d["die_id"] for d in first(events, "dice_reported")["dice"]] == ["wi1", "wi5"]
    act(state, "choose_die", index=1)
    events = act(state, "end_human_turn")
    assert first(events, "crystals_changed")["applied"] == 2
    assert state.prompt["count"] == 1 and state.prompt["purpose"] == "hand_draw"
    act(state, "name_cards", names=["Kairn the Destroyer"])
    assert state.month == 3


def test_r5_table_rolls_with_lines_check_the_lines_two_dice():
    """R3 + R5 (DECISIONS): with rotating lines the faces must be on the line's two dice."""
    state = new(
        {"dice_source": "table_rolls", "dice_selection": "rotating_lines"},
        skip_prelude=True,
        lines={"winter": ["wi3", "wi1", "wi5", "wi2", "wi4"]},
    )
    refused(state, "FACE_NOT_ON_SEASON_DICE", "report_dice", faces=["+6c /3", "D /2"])
    act(state, "report_dice", faces=["D /2", "2W * /1"])
    assert [d["die_id"] for d in state.dice] == ["wi1", "wi3"]


def test_s24_r6_bad_die_index():
    """Scenario 24 (R6): choose_die(2) → INVALID_DIE_INDEX, state unchanged."""
    state = new(skip_prelude=True)
    refused(state, "INVALID_DIE_INDEX", "choose_die", index=2)
    refused(state, "INVALID_DIE_INDEX", "choose_die", index="x")


def test_r6_choose_die_gives_the_other_die_to_dummbot():
    state = new(skip_prelude=True, rng=[0, 1])
    events = act(state, "choose_die", index=1)
    chosen = first(events, "die_chosen")
    assert chosen["human"]["die_id"] == state.dice[1]["die_id"]
    assert chosen["dummbot"]["die_id"] == state.dice[0]["die_id"]
    assert state.phase == "HUMAN_TURN"


def test_s25_r7_end_human_turn_before_choosing_is_wrong_phase():
    """Scenario 25 (R6, R7)."""
    state = new(skip_prelude=True)
    refused(state, "WRONG_PHASE", "end_human_turn")
    refused(state, "WRONG_PHASE", "end_round")


def test_r18_advance_by_pips_without_season_change():
    """R18 / §7: month 4 + 2 → month 6, no season change at end_round."""
    state = new(month=4, dummbot_face="+6c /2")
    events = act(state, "end_human_turn")
    assert first(events, "season_token_moved") == {"from": 4, "to": 6, "pips": 2, "manual": False}
    assert state.phase == "END_OF_ROUND"
    events = act(state, "end_round")
    assert "season_changed" not in types(events) and types(events)[0] == "round_started"


def test_r18_r19_advance_across_a_season_changes_it_at_end_round():
    """§7: month 3 + 2 → month 5: winter → spring, at end_round (R19), not before."""
    state = new(month=3, dummbot_face="D /2", dummbot={"hand": []})
    act(state, "end_human_turn")
    act(state, "name_cards", names=["Amulet of Air"])
    assert state.month == 5 and array(state) == ["Amulet of Air"]
    events = act(state, "end_round")
    assert first(events, "season_changed") == {"from": "winter", "to": "spring", "backward": False}


def test_s21_r33_the_end_of_year_three_ends_the_game_after_the_final_summon():
    """Scenario 21 (R33, §9): month 12, year 3, pips 1, hand [Kairn, Potion of Life]: Kairn
    summoned, no refill, GAME_ENDED; then choose_die → GAME_OVER."""
    state = new(
        month=12,
        year=3,
        max_year_reached=3,
        dummbot_face="2A +3c /1",
        dummbot={"hand": ["Kairn the Destroyer", "Potion of Life"]},
    )
    act(state, "end_human_turn")
    assert (state.month, state.year) == (1, 4)
    events = act(state, "end_round")
    assert "Kairn the Destroyer" in array(state)
    assert [e.data["source"] for e in events if e.type == "card_to_hand"] == []
    assert types(events)[-1] == "game_ended" and state.phase == "GAME_OVER"
    assert "year_changed" not in types(events)
    refused(state, "GAME_OVER", "choose_die", index=0)
    refused(state, "GAME_OVER", "end_round")


def test_s35_r33_safety_cap_ends_after_round_max_rounds():
    """Scenario 35 (R33): max_rounds 12, every Dummbot die with pips 1: after the 12th
    end_round (month 1, year 2, after its changes) → SAFETY_CAP_REACHED, GAME_OVER."""
    state = new(
        {"max_rounds": 12, "dice_source": "table_rolls", "difficulty": "apprentice"},
        skip_prelude=True,
    )
    for round_ in range(1, 13):
        assert state.round == round_
        act(
            state,
            "report_dice",
            faces=[face_code(face_at(f"{_prefix(state)}1", 1)), _pips_one(state)],
        )
        act(state, "choose_die", index=0)
        act(state, "end_human_turn")
        settle(state)
        events = act(state, "end_round")
        events += settle(state)
    assert (state.month, state.year, state.phase) == (1, 2, "GAME_OVER")
    assert "year_changed" in types(events)
    assert types(events)[-2:] == ["safety_cap_reached", "game_ended"]
    assert state.ended_by_cap


def _prefix(state) -> str:
    return {"winter": "wi", "spring": "sp", "summer": "su", "autumn": "au"}[state.dice_season]


def _pips_one(state) -> str:
    """A face with pips 1 on a die other than die 1 of the season."""
    for die in range(2, 6):
        for index in range(1, 7):
            face = face_at(f"{_prefix(state)}{die}", index)
            if face.pips == 1:
                return face_code(face)
    raise AssertionError("no face with one pip")


def test_r34_a_game_without_manual_moves_lasts_12_to_36_rounds():
    """R34: every round advances the token by 1–3 spaces; 36 spaces end the game."""
    for seed in range(3):
        table = Table(game, {"mode": "practice"}, seed)
        while table.to_act:
            legal = [
                a
                for a in game.legal_actions(table.state, "human")
                if a.type not in game.info.rare_actions
            ]
            table.act("human", legal[0])
        assert 12 <= table.state.round <= 36
