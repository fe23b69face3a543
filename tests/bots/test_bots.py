"""The bots by name, their budgets, determinism, and what they do in small positions."""

from __future__ import annotations

from typing import Any

import pytest

from tavola.bots import BOT_NAMES, GreedyBot, IsmctsBot, RandomBot, make_bot
from tavola.core import Action, Game, Table, get_game, state_hash
from tavola.core.capabilities import GENERIC_BOTS
from tavola.games.legends.boss import BossBot
from tavola.games.legends.reference_bot import ReferenceBot

from ..games.legends.tables import character

PLAYERS = [{"name": "A", "age": 20, "kind": "bot"}, {"name": "B", "age": 30, "kind": "bot"}]
CLASSIC = {"mode": "classic", "deck_source": "starter", "players": PLAYERS}


def winning_blow() -> Table:
    """P1 to act: P2's main stands alone with 50 HP; P1's K hits it (STR 80 > DEF 10), while
    placing, forgoing or P1's own main (STR 10, parried) do not win."""
    config = {
        "mode": "classic",
        "players": [{"name": "P1", "age": 10}, {"name": "P2", "age": 20}],
        "catalog": [
            "starter_S1",
            character("X-MAIN", 500, 10, mp=0, def_=10),
            character("X-K", 300, 80, mp=0, def_=10),
            character("X-PAWN", 200, 20, mp=0, def_=20),
        ],
    }
    setup = {
        "turn_order": ["P1", "P2"],
        "deck": ["S1-003"] * 6,
        "seats": {
            "P1": {
                "main": "X-MAIN",
                "table": [{"card": "X-K", "iid": "K"}],
                "hand": ["X-PAWN", "X-PAWN"],
            },
            "P2": {"main": {"card": "X-MAIN", "damage": 450}},
        },
    }
    return Table("legends", config, 3, setup)


def test_bot_names_are_the_documented_ones():
    assert BOT_NAMES == ("random", "reference", "greedy", "ismcts") == GENERIC_BOTS


@pytest.mark.parametrize(
    ("name", "kind"),
    [
        ("random", RandomBot),
        ("reference", ReferenceBot),
        ("bot", ReferenceBot),
        ("boss", BossBot),
        ("greedy", GreedyBot),
        ("ismcts", IsmctsBot),
    ],
)
def test_make_bot_builds_each_named_bot(name, kind):
    assert isinstance(make_bot(name, get_game("legends"), 1, "P1"), kind)


def test_a_budget_after_the_name_sets_iterations_seconds_or_samples():
    game = get_game("legends")
    assert make_bot("ismcts", game, 1, "P1").iterations == 1000
    assert make_bot("ismcts:200", game, 1, "P1").iterations == 200
    assert make_bot("ismcts:0.5s", game, 1, "P1").seconds == 0.5
    assert make_bot("greedy:5", game, 1, "P1").samples == 5


@pytest.mark.parametrize(
    "name", ["ismcts:0", "ismcts:-3", "ismcts:lots", "ismcts:0s", "ismcts:infs", "random:3", "x"]
)
def test_a_bad_name_or_budget_is_refused_by_name(name):
    with pytest.raises(ValueError, match=name.partition(":")[0] if name != "x" else "unknown"):
        make_bot(name, get_game("legends"), 1, "P1")


def test_a_game_without_automata_has_no_boss_bot():
    with pytest.raises(ValueError, match="unknown bot 'boss'"):
        make_bot("boss", get_game("trono"), 1, "P1")


@pytest.mark.parametrize("name", ["greedy", "ismcts:200"])
def test_a_searching_bot_takes_a_winning_blow(name):
    table = winning_blow()
    action = make_bot(name, table.game, 1, "P1").choose(table.game, table.state, "P1")
    assert action.type == "declare_attack"
    assert action.get("target") == "mP2"
    assert [a["iid"] for a in action.get("attackers")] == ["K"]


@pytest.mark.parametrize("name", ["greedy", "ismcts:100"])
def test_a_searching_bot_leaves_the_real_state_untouched(name):
    table = winning_blow()
    before = state_hash(table.game, table.state)
    make_bot(name, table.game, 1, "P1").choose(table.game, table.state, "P1")
    assert state_hash(table.game, table.state) == before


def test_ismcts_with_a_seed_and_an_iteration_budget_repeats_itself():
    table = Table("legends", CLASSIC, 4)
    game = table.game
    reference = game.reference_bot(0)  # type: ignore[attr-defined]
    while table.state.phase != "main":
        seat = sorted(table.to_act)[0]
        table.act(seat, reference.choose(game, table.state, seat))
    seat = sorted(table.to_act)[0]
    first, second = IsmctsBot(9, iterations=150), IsmctsBot(9, iterations=150)
    assert first.choose(game, table.state, seat) == second.choose(game, table.state, seat)
    assert first.last_iterations == second.last_iterations == 150


def short_game(bots: dict[str, str], seed: int, **options: Any) -> Table:
    table = Table("legends", {**CLASSIC, "max_rounds": 2, **options}, seed)
    table.play({seat: make_bot(name, table.game, seed, seat) for seat, name in bots.items()})
    return table


def test_a_whole_game_between_search_bots_replays_the_same():
    first = short_game({"P1": "ismcts:20", "P2": "greedy"}, 5)
    second = short_game({"P1": "ismcts:20", "P2": "greedy"}, 5)
    assert first.outcome is not None
    assert first.hash == second.hash


def test_search_bots_play_sealed_choices_one_seat_at_a_time():
    """Both seats choose their main at once (A1): each bot answers for its own seat."""
    table = Table("legends", CLASSIC, 2)
    assert table.to_act == {"P1", "P2"}
    for seat in ("P2", "P1"):
        for name in ("greedy", "ismcts:50"):
            action = make_bot(name, table.game, 2, seat).choose(table.game, table.state, seat)
            assert action in table.game.legal_actions(table.state, seat)
        table.act(seat, action)


def test_a_time_budget_runs_until_it_is_spent_and_answers():
    table = winning_blow()
    bot = make_bot("ismcts:0.05s", table.game, 1, "P1")
    action = bot.choose(table.game, table.state, "P1")
    assert action in table.game.legal_actions(table.state, "P1")
    assert bot.last_iterations >= 1  # type: ignore[attr-defined]


class Unrated:
    """Legends without its `evaluate`: a game that gives the bots no heuristic."""

    def __init__(self, game: Game[Any]) -> None:
        self.game = game

    def __getattr__(self, name: str) -> Any:
        if name == "evaluate":
            raise AttributeError(name)
        return getattr(self.game, name)


def test_without_evaluate_greedy_refuses_and_ismcts_plays_to_the_end():
    game: Any = Unrated(get_game("legends"))
    table = winning_blow()
    with pytest.raises(ValueError, match="evaluate"):
        GreedyBot(1).choose(game, table.state, "P1")
    action = IsmctsBot(1, iterations=60).choose(game, table.state, "P1")
    assert action in table.game.legal_actions(table.state, "P1")


def test_a_bot_never_concedes_while_it_has_anything_else_to_do():
    table = winning_blow()
    for name in ("greedy", "ismcts:50"):
        action = make_bot(name, table.game, 1, "P1").choose(table.game, table.state, "P1")
        assert action != Action("concede")


@pytest.mark.parametrize("index", [1, 11, 15, 21])
def test_search_bots_finish_sample_tables_of_every_shape(index):
    """Simplified with 3 seats, classic with teams of 4, classic good against evil with 8,
    epic with 3: every seat's action is accepted until the (shortened) game ends."""
    game = get_game("legends")
    config = game.sample_configs()[index]  # type: ignore[attr-defined]
    if config["mode"] == "simplified":
        config = {**config, "simplified": {**config.get("simplified", {}), "max_clashes": 30}}
    else:
        config = {**config, "max_rounds": 2}
    table = Table(game, config, index)
    names = ["greedy", "ismcts:30", "random", "reference"]
    seats = game.seats(table.state)
    table.play({s: make_bot(names[i % 4], game, index, s) for i, s in enumerate(seats)})
    assert table.outcome is not None


def test_search_bots_play_against_the_automatic_boss():
    config = {
        "mode": "classic",
        "sides": "good_vs_evil",
        "deck_source": "starter",
        "max_rounds": 2,
        "players": [
            {"name": "G1", "age": 15, "kind": "bot", "team": "good"},
            {"name": "G2", "age": 32, "kind": "bot", "team": "good"},
        ],
        "boss": {"main_card_id": "S1-023", "level": 2},
    }
    table = Table("legends", config, 4)
    bots = {"P1": "greedy", "P2": "ismcts:30", "B": "boss"}
    assert set(table.game.seats(table.state)) == set(bots)
    table.play({s: make_bot(name, table.game, 4, s) for s, name in bots.items()})
    assert table.outcome is not None
