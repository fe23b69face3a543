"""Battle configuration checks (S1, S2, §3.8's `invalid_config` reasons): each refusal names
its reason and the offending field."""

import pytest

from tavola.core import ConfigError, Table

GOOD_MAIN, EVIL_MAIN, NEUTRAL_MAIN, BOSS_MAIN = "S1-001", "S1-017", "S1-012", "S1-023"
POTION = "S1-038"


def refusal(players, **options):
    config = {"mode": "classic", "players": players, **options}
    with pytest.raises(ConfigError) as exc:
        Table("legends", config, 0)
    return exc.value.reason, exc.value.field


def ages(*values, **extra):
    return [{"age": a, **extra} for a in values]


def test_s1_no_player_is_player_count():
    assert refusal([]) == ("player_count", "players")


def test_s1_nine_players_is_player_count():
    assert refusal(ages(*range(10, 19)))[0] == "player_count"


def test_s1_a_lone_player_needs_a_boss():
    assert refusal(ages(10))[0] == "player_count"


def test_s1_a_lone_player_with_a_boss_is_accepted():
    config = {
        "mode": "classic",
        "sides": "good_vs_evil",
        "players": [{"age": 10, "team": "good", "main_card_id": GOOD_MAIN}],
        "boss": {"main_card_id": BOSS_MAIN},
    }
    assert list(Table("legends", config, 0).state.seats) == ["P1", "B"]


@pytest.mark.parametrize("age", [0, 100])
def test_s1_age_outside_1_to_99_is_invalid_age(age):
    assert refusal(ages(20, age)) == ("invalid_age", "players[1].age")


def test_s1_unknown_contributed_card_is_unknown_card():
    players = [{"age": 10, "contribution": ["S1-999"]}, {"age": 20}]
    assert refusal(players) == ("unknown_card", "players[0].contribution")


def test_s1_unknown_main_is_unknown_card():
    players = [{"age": 10}, {"age": 20, "main_card_id": "S1-999"}]
    assert refusal(players) == ("unknown_card", "players[1].main_card_id")


def test_s1_unknown_boss_main_is_unknown_card():
    players = [{"age": 10, "team": "good"}]
    reason = refusal(players, sides="good_vs_evil", boss={"main_card_id": "S1-999"})
    assert reason == ("unknown_card", "boss.main_card_id")


def test_s1_a_main_that_is_not_a_character_is_wrong_card_type():
    players = [{"age": 10, "main_card_id": POTION}, {"age": 20}]
    assert refusal(players) == ("wrong_card_type", "players[0].main_card_id")


def test_s2_good_team_with_an_evil_main_is_main_side_mismatch():
    players = [
        {"age": 10, "team": "good", "main_card_id": EVIL_MAIN},
        {"age": 20, "team": "evil"},
    ]
    assert refusal(players, sides="good_vs_evil") == (
        "main_side_mismatch",
        "players[0].main_card_id",
    )


def test_s2_evil_team_with_a_good_main_is_main_side_mismatch():
    players = [
        {"age": 10, "team": "good"},
        {"age": 20, "team": "evil", "main_card_id": GOOD_MAIN},
    ]
    assert refusal(players, sides="good_vs_evil")[0] == "main_side_mismatch"


def test_s2_neutral_mains_fit_either_side():
    players = [
        {"age": 10, "team": "good", "main_card_id": NEUTRAL_MAIN},
        {"age": 20, "team": "evil", "main_card_id": NEUTRAL_MAIN},
    ]
    table = Table("legends", {"mode": "classic", "sides": "good_vs_evil", "players": players}, 0)
    assert table.state.phase == "setup_formation"


def test_s5_a_good_boss_main_is_main_side_mismatch():
    players = [{"age": 10, "team": "good"}]
    reason = refusal(players, sides="good_vs_evil", boss={"main_card_id": GOOD_MAIN})
    assert reason == ("main_side_mismatch", "boss.main_card_id")


def test_s2_teams_mode_with_one_team_is_team_layout():
    assert refusal(ages(10, 20, team="A"), sides="teams")[0] == "team_layout"


def test_s2_teams_mode_with_five_teams_is_team_layout():
    players = [{"age": 10 + i, "team": t} for i, t in enumerate("ABCDE")]
    assert refusal(players, sides="teams")[0] == "team_layout"


def test_s2_teams_mode_with_a_seat_without_team_is_team_layout():
    players = [{"age": 10, "team": "A"}, {"age": 20}]
    assert refusal(players, sides="teams") == ("team_layout", "players[1].team")


def test_s2_good_vs_evil_with_an_empty_side_is_team_layout():
    assert refusal(ages(10, 20, team="good"), sides="good_vs_evil")[0] == "team_layout"


def test_s2_good_vs_evil_team_must_be_good_or_evil():
    players = [{"age": 10, "team": "good"}, {"age": 20, "team": "purple"}]
    assert refusal(players, sides="good_vs_evil") == ("team_layout", "players[1].team")


def test_s2_against_a_boss_every_player_is_good():
    players = [{"age": 10, "team": "good"}, {"age": 20, "team": "evil"}]
    reason = refusal(players, sides="good_vs_evil", boss={"main_card_id": BOSS_MAIN})
    assert reason == ("team_layout", "players[1].team")


def test_s2_a_boss_needs_good_vs_evil():
    reason = refusal(ages(10, 20), boss={"main_card_id": BOSS_MAIN})
    assert reason == ("boss_requires_good_vs_evil", "sides")


def test_s5_random_mains_without_an_allowed_character_is_no_main_candidate():
    # SC68: P1 on good, the deck's characters are all evil.
    players = [{"age": 10, "team": "good", "contribution": [EVIL_MAIN, "S1-019", POTION]}]
    reason = refusal(
        players,
        sides="good_vs_evil",
        main_selection="random",
        boss={"main_card_id": BOSS_MAIN},
    )
    assert reason[0] == "no_main_candidate"
