"""Whole seeded games against the boss (starter deck, 1–3 good bot seats), every seat
played by the reference policy: every action it returns is accepted (no `IllegalAction`),
the game ends, the boss never concedes (BP15), and a few BP4/BP7 facts hold throughout."""

from functools import cache

import pytest

from tavola.core import Table
from tavola.games.legends.cards import CharacterCard
from tavola.games.legends.draws import may_use

MAX_ACTIONS = 20_000

VARIANTS = [
    {},
    {"mode": "epic"},
    {"extra_draw_mode": "per_player"},
    {"extra_draw_mode": "off", "counter_attack_mode": "next_turn"},
    {"max_joint_attackers": 2, "max_forgo_draws_per_turn": 1},
    {"defence_stat_rule": "choice", "attack_stat_rule": "max", "classic_damage": "ceil"},
    {"max_characters_on_table": 3, "response_scope": "all"},
]
GAMES = [
    (players, seed, variant)
    for players in (1, 2, 3)
    for seed in range(3)
    for variant in range(len(VARIANTS))
]


def boss_game(players, seed, variant):
    config = {
        "mode": "classic",
        "sides": "good_vs_evil",
        "deck_source": "starter",
        "players": [
            {"name": f"G{i + 1}", "age": 15 + 17 * i, "kind": "bot", "team": "good"}
            for i in range(players)
        ],
        "boss": {"main_card_id": "S1-023", "level": 1 + (seed + variant) % 5},
        **VARIANTS[variant],
    }
    return Table("legends", config, seed)


def play_out(table, *, check_state=False):
    """Every awaited seat acts by the policy; returns the (seat, action, facts) log, facts
    being taken before each boss main-phase action. The policy must leave the RNG alone
    (and, with `check_state`, the whole state)."""
    bot = table.game.reference_bot(0)
    moves = []
    for _ in range(MAX_ACTIONS):
        if table.outcome is not None:
            return moves
        seat = sorted(table.to_act)[0]
        state = table.state
        rng, before = state.rng.state, (table.hash if check_state else None)
        action = bot.choose(table.game, state, seat)
        assert state.rng.state == rng, "the policy used the game RNG"
        assert not check_state or table.hash == before, "the policy changed the state"
        facts = _facts(state, seat) if seat == "B" and state.phase == "main" else None
        table.act(seat, action)  # raises IllegalAction if the policy erred
        moves.append((seat, action, facts))
    raise AssertionError("the game did not end")


def _facts(state, seat):
    room = state.config.max_characters_on_table
    usable = [
        i
        for i in state.seats[seat].hand
        if isinstance(state.card(i), CharacterCard) and may_use(state, seat, i)
    ]
    full = room is not None and len(state.seats[seat].table) >= room
    return {"can_place": bool(usable) and not full, "turn": state.battle.turn_no}


@cache
def played(players, seed, variant):
    table = boss_game(players, seed, variant)
    moves = play_out(table)
    return table.outcome, moves


@pytest.mark.parametrize(("players", "seed", "variant"), GAMES)
def test_policy_plays_whole_games_against_the_boss(players, seed, variant):
    outcome, moves = played(players, seed, variant)
    assert outcome is not None
    assert all(action.type != "concede" for _, action, _ in moves)  # BP15
    builds_per_turn = {}
    for _seat, action, facts in moves:
        if facts is None:
            continue
        if facts["can_place"]:  # BP4 (1): placing comes first
            assert action.type == "place_character"
        if action.type == "build":  # BP7: one build action a turn
            builds_per_turn[facts["turn"]] = builds_per_turn.get(facts["turn"], 0) + 1
    assert all(count == 1 for count in builds_per_turn.values())


def test_the_whole_games_exercise_every_kind_of_boss_decision():
    kinds = set()
    for game in GAMES:
        kinds |= {action.type for seat, action, _ in played(*game)[1] if seat == "B"}
    assert {
        "cut_deck",
        "place_character",
        "assign_equipment",
        "play_card",
        "build",
        "declare_attack",
        "defence_ready",
        "pass",
        "end_turn",
        "end_counter",
    } <= kinds


def test_the_policy_reads_the_state_without_changing_it():
    table = boss_game(2, 0, 0)
    play_out(table, check_state=True)
    assert table.outcome is not None
