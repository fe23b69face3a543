"""General checks: Lotto conversion and ranking vectors, practice mode, the reference bot,
config and catalogue errors (§3, §7.1–§7.2, §10). Rule tests by section: test_rules_*.py."""

import pytest

from tavola.core import ConfigError, Table, get_game
from tavola.core.conformance import play_random_game
from tavola.games.trono.characters import CatalogueProblem, parse_catalogue, starter_catalogue
from tavola.games.trono.lotto import lotto_rank, rank_key, value

from .tables import D

GAME = get_game("trono")


def test_s1_value_table_boundaries():
    numbers = [15, 16, 35, 36, 55, 56, 75, 76, 90, 1]
    assert [value(n) for n in numbers] == [0, 1, 1, 2, 2, 3, 3, 4, 4, 0]


def test_lotto_rank_vectors():
    assert rank_key(D, "throne-initial", "stark").startswith("4b014d5b1abacd35")
    houses = ["greyjoy", "lannister", "stark", "tyrell"]
    assert lotto_rank(houses, D, "throne-initial") == ["stark", "tyrell", "lannister", "greyjoy"]


def test_s37_practice_replay_is_identical():
    config = GAME.sample_configs()[0]
    first = play_random_game(GAME, config, 42)
    second = play_random_game(GAME, config, 42)
    assert first.hash == second.hash
    for d in first.state.draws:
        assert all(len(set(ns)) == 5 and all(1 <= n <= 90 for n in ns) for ns in d.numbers.values())


def test_s38_reference_bot_first_post():
    table = Table("trono", GAME.sample_configs()[0], 3)
    bot = GAME.reference_bot(3)
    while table.state.phase != "turn_open":
        seat = sorted(table.to_act)[0]
        table.act(seat, bot.choose(GAME, table.state, seat))
    seat = next(
        f"player:{m}"
        for t in table.state.teams
        if t.house_id != table.state.throne
        for m in t.members
    )
    action = bot.choose(GAME, table.state, seat)
    assert action.args["actions"][0] == {"kind": "hire", "character": "fabiano_buonvino"}
    assert list(action.args["actions"][1:]) == [
        {"kind": "attack", "target": "trono"},
        {"kind": "rally"},
    ]


def test_reference_bots_play_to_the_end():
    table = Table("trono", GAME.sample_configs()[1], 5)
    bot = GAME.reference_bot(5)
    table.play({seat: bot for seat in GAME.seats(table.state)})
    assert GAME.outcome(table.state) is not None


def test_config_errors_name_the_field():
    with pytest.raises(ConfigError) as info:
        Table("trono", {"victory_banners": 5}, 1)
    assert info.value.field == "victory_banners"
    with pytest.raises(ConfigError) as info:
        Table("trono", {"mode": "practice"}, 1)
    assert info.value.field == "draw_source"


def test_catalogue_invalid_names_item_and_field():
    with pytest.raises(CatalogueProblem, match="x: cost"):
        parse_catalogue(
            [
                {
                    "id": "x",
                    "name": "X",
                    "kind": "neutral",
                    "cost": 0,
                    "effects": [{"kind": "penalty_waiver"}],
                }
            ]
        )


def test_starter_set_requirements():
    cat = starter_catalogue()
    assert len(cat) == 22
    assert {c.house_id for c in cat.values() if c.kind == "house"} >= {"stark", "bolton"}
    kinds = {e.kind for c in cat.values() for e in c.effects}
    assert len(kinds) == 11
    assert any(c.charges is None for c in cat.values())
    assert any(not c.consume_on_failure for c in cat.values())
    assert any(len(c.effects) == 2 for c in cat.values())
