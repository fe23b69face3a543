"""The PettingZoo AEC environment over a game's `RlEncoding` (Legends of AZ's here): the
API test, whole games of random masked play, seats played by bots, seeding, truncation,
refusals, and a clear error for a game without an encoding."""

from __future__ import annotations

import subprocess
import sys
import warnings
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test

from tavola.core import get_game
from tavola.rl import GameEnv, NoEncoding
from tavola.rl import env as tavola_env

ADVICE = {
    # Agents are Tavola's seat ids ("P1"); the observation is a dict with an action mask,
    # as in PettingZoo's own classic environments, which draw the same two notes about it.
    "We recommend agents to be named in the format <descriptor>_<number>",
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box or "
    "gymnasium.spaces.discrete",
}


def legends_env(mode: str, seats: Any = 2, **kwargs: Any) -> GameEnv:
    options = {"mode": mode, **kwargs.pop("options", {})}
    return tavola_env("legends", seats, options=options, **kwargs)


def play_randomly(env: GameEnv, seed: int) -> tuple[dict[str, float], list[str]]:
    """Plays a whole game with uniform choices among the masked actions; returns each
    agent's final reward and the agents selected, in order."""
    rng = np.random.default_rng(seed)
    final: dict[str, float] = {}
    selected: list[str] = []
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            final[agent] = float(reward)
            env.step(None)
            continue
        assert env.state is not None
        assert agent in env.game.to_act(env.state)
        selected.append(agent)
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return final, selected


@pytest.mark.parametrize(
    ("mode", "seats", "options"),
    [
        ("classic", 2, {}),
        ("simplified", 2, {"simplified": {"max_clashes": 100}}),
        ("epic", [{}, {}, {"kind": "boss"}], {"boss_level": 2}),
    ],
)
def test_pettingzoo_api_test_passes(mode: str, seats: Any, options: dict[str, Any]) -> None:
    env = legends_env(mode, seats, seed=0, options=options)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env, num_cycles=1000)
    assert {str(w.message).split(",")[0] for w in caught} <= ADVICE


@pytest.mark.parametrize("mode", ["classic", "simplified"])
def test_random_masked_play_reaches_the_end(mode: str) -> None:
    env = legends_env(mode, 2, seed=7)
    env.reset()
    final, selected = play_randomly(env, 7)
    outcome = env.game.outcome(env.state)
    assert outcome is not None
    assert env.agents == []
    assert len(selected) > 10
    for seat, reward in final.items():
        expected = (0.0 if outcome.draw else 1.0) if seat in outcome.winners else -1.0
        assert reward == expected
    assert set(final) == {"P1", "P2"}


def test_reset_with_a_seed_deals_the_same_game() -> None:
    env = legends_env("classic", 2)
    env.reset(seed=11)
    first = play_randomly(env, 0)
    env.reset(seed=11)
    assert play_randomly(env, 0) == first
    env.reset(seed=12)
    assert play_randomly(env, 0) != first


def test_later_resets_without_a_seed_deal_new_reproducible_games() -> None:
    env, twin = legends_env("classic", 2, seed=5), legends_env("classic", 2, seed=5)
    env.reset()
    twin.reset()
    env.reset()
    twin.reset()
    assert env.game_seed == twin.game_seed != 5


def test_spaces_are_cached_per_agent() -> None:
    env = legends_env("classic", 3)
    for agent in env.possible_agents:
        assert env.observation_space(agent) is env.observation_space(agent)
        assert env.action_space(agent) is env.action_space(agent)
        assert env.action_space(agent).n == env.codec.action_size


def test_sealed_main_choices_are_taken_one_agent_after_the_other() -> None:
    env = legends_env("classic", 2, seed=1)
    env.reset()
    assert env.state is not None
    assert env.game.to_act(env.state) == {"P1", "P2"}
    assert env.agent_selection == "P1"
    env.step(env.codec.actions.blocks["choose_main"].index(0))
    assert env.agent_selection == "P2"
    assert env.state.phase == "setup_main_choice"


def test_a_seat_given_to_a_bot_is_no_agent_and_the_bot_plays_it() -> None:
    env = legends_env("classic", 2, seed=2, opponents={"P2": "reference"})
    assert env.possible_agents == ["P1"]
    env.reset()
    final, selected = play_randomly(env, 2)
    assert set(selected) == {"P1"}
    assert set(final) == {"P1"}


def test_the_boss_is_played_by_the_environment() -> None:
    env = legends_env("classic", [{}, {"kind": "boss"}], seed=3)
    assert env.possible_agents == ["P1"]
    env.reset()
    assert env.state is not None
    assert "B" in env.state.seats
    final, _ = play_randomly(env, 3)
    assert set(final) == {"P1"}


def test_an_index_outside_the_mask_is_refused() -> None:
    env = legends_env("classic", 2, seed=1)
    env.reset()
    mask = env.observe(env.agent_selection)["action_mask"]
    with pytest.raises(ValueError):
        env.step(int(np.flatnonzero(mask == 0)[0]))


def test_rare_actions_like_concede_are_masked_out_unless_allowed() -> None:
    concede = legends_env("classic", 2).codec.actions.blocks["concede"].offset
    for allowed in (False, True):
        env = legends_env("classic", 2, seed=1, allow_rare=allowed)
        env.reset()
        assert env.observe("P1")["action_mask"][concede] == allowed


def test_max_steps_truncates_the_game() -> None:
    env = legends_env("classic", 2, seed=1, max_steps=5)
    env.reset()
    for _ in range(5):
        env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
    assert all(env.truncations.values())
    assert not any(env.terminations.values())


def test_render_ansi_describes_the_table() -> None:
    env = legends_env("classic", 2, seed=1, render_mode="ansi")
    env.reset()
    text = env.render()
    assert text is not None
    assert "setup_main_choice" in text
    assert "P1" in text


def test_importing_tavola_does_not_need_pettingzoo() -> None:
    code = (
        "import sys; sys.modules['pettingzoo'] = None; sys.modules['gymnasium'] = None\n"
        "import tavola, tavola.rl\n"
        "from tavola.games.legends import game\n"
        "state = game.new(game.table_config({}, [{}, {}]), 1)\n"
        "print(game.rl_codec(state).action_size)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert int(done.stdout) > 0


def test_masked_indices_decode_to_the_games_legal_actions() -> None:
    env = legends_env("epic", 3, seed=4, options={"sides": "teams"})
    env.reset()
    assert env.state is not None
    for _ in range(200):
        agent = env.agent_selection
        legal = env.game.legal_actions(env.state, agent)
        chosen = env.legal_actions(agent)
        assert chosen
        assert set(chosen) <= set(legal)
        env.step(int(np.flatnonzero(env.observe(agent)["action_mask"])[-1]))
        if env.game.outcome(env.state) is not None:
            break


def test_a_full_config_makes_every_seat_an_agent() -> None:
    config = get_game("legends").table_config({"mode": "classic"}, [{}, {}])
    env = tavola_env("legends", config=config, seed=1)
    assert env.possible_agents == ["P1", "P2"]


def test_seats_and_a_full_config_together_are_refused() -> None:
    with pytest.raises(ValueError, match="either a full config"):
        tavola_env("legends", 2, config={"mode": "classic"})


def test_an_opponent_on_an_unknown_seat_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown seats \\['P9'\\]"):
        legends_env("classic", 2, opponents={"P9": "random"})


def test_a_game_without_an_encoding_is_refused_naming_those_with_one() -> None:
    with pytest.raises(NoEncoding) as refused:
        tavola_env("trono", 2)
    assert refused.value.code == "no_rl_encoding"
    assert "'trono' offers no RL encoding" in refused.value.message
    assert "legends" in refused.value.message.split("games that can:")[1]
