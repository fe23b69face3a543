"""A game with an `RlEncoding` as a PettingZoo AEC environment.

Agents are the game's seats that no bot plays: the seats in `bots` (the caller's
opponents, the automata, a referee) are played inside the environment, between agents'
steps. The agent selected is the first seat, in the game's seat order, that the game
awaits (`game.to_act`); sealed simultaneous decisions are taken one agent after the other,
and none sees another's sealed choice.

Each agent observes `{"observation": float32 vector, "action_mask": int8 vector}` from
the game's `RlCodec`: the observation is built from the agent's own view, the mask is all
zeros when the game does not await the agent, and the actions the game declares rare
(`GameInfo.rare_actions`, such as conceding) stay out of it unless `allow_rare`. Rewards
come only at the end: +1 to the winners, −1 to the others, and 0 to the leaders of a
drawn game. A seat knocked out stays among the agents, never selected, until the game
ends (its team may still win). `max_steps` truncates a game after that many agent steps.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from tavola.core import Action, Game, Player, Viewer, derive_seed
from tavola.core.capabilities import RlCodec

RENDER_MODES = ("ansi", "human")


class GameEnv(AECEnv[str, dict[str, np.ndarray], int]):  # type: ignore[misc]
    """One table of `game`: `config` is a full game config, `codec` the game's encoding
    of its tables (`RlEncoding.rl_codec`), `bots` the seats played inside the environment
    (a bot name `tavola.bots.make_bot` knows, or any `Player`)."""

    def __init__(
        self,
        game: Game[Any],
        config: Mapping[str, Any],
        codec: RlCodec[Any],
        *,
        seed: int | None = None,
        bots: Mapping[str, str | Player] | None = None,
        render_mode: str | None = None,
        max_steps: int | None = None,
        allow_rare: bool = False,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be one of {list(RENDER_MODES)}")
        self.metadata: dict[str, Any] = {
            "name": f"{game.name}_v0",
            "render_modes": list(RENDER_MODES),
            "is_parallelizable": False,
        }
        self.game = game
        self.config = dict(config)
        self.codec = codec
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.allow_rare = allow_rare
        self.seat_order = game.seats(game.new(self.config, 0))
        self._bot_specs = dict(bots or {})
        unknown = set(self._bot_specs) - set(self.seat_order)
        if unknown:
            raise ValueError(f"opponents name unknown seats {sorted(unknown)}")
        self.possible_agents = [s for s in self.seat_order if s not in self._bot_specs]
        if not self.possible_agents:
            raise ValueError("every seat is played by a bot: no agent is left")
        bound = codec.bound
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(
                        -bound, bound, (codec.observation_size,), dtype=np.float32
                    ),
                    "action_mask": spaces.Box(0, 1, (codec.action_size,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: spaces.Discrete(codec.action_size) for agent in self.possible_agents
        }
        self._base_seed = seed
        self._resets = 0
        self.state: Any = None
        self.game_seed: int | None = None
        self._bots: dict[str, Player] = {}
        self._masks: dict[str, np.ndarray] = {}
        self._steps = 0

    # -- spaces -----------------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # -- the game loop ----------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game. `reset(seed=s)` always deals the same game; later resets without a
        seed deal new games derived from the last seed given."""
        if seed is not None:
            self._base_seed, self._resets = seed, 0
        if self._base_seed is None:
            self._base_seed = secrets.randbits(62)
        self.game_seed = (
            self._base_seed
            if self._resets == 0
            else derive_seed(self._base_seed, "reset", self._resets)
        )
        self._resets += 1
        self.state = self.game.new(self.config, self.game_seed)
        self._bots = {seat: self._bot(seat, self.game_seed) for seat in self._bot_specs}
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._steps = 0
        self._after_change()

    def _bot(self, seat: str, game_seed: int) -> Player:
        spec = self._bot_specs[seat]
        if not isinstance(spec, str):
            return spec
        from tavola.bots import make_bot

        return make_bot(spec, self.game, game_seed, seat)

    def step(self, action: int | np.integer[Any] | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self._live_state()
        if action is None:
            raise ValueError(f"{agent} must act: None is only for agents that are done")
        index = int(action)
        if not (0 <= index < self.codec.action_size and self._mask(agent)[index]):
            raise ValueError(f"action {index} is not legal for {agent} now (see action_mask)")
        self._cumulative_rewards[agent] = 0.0
        self.game.apply(state, agent, self.codec.decode(state, agent, index))
        self._steps += 1
        self._after_change()

    def _after_change(self) -> None:
        """Lets the bots play, then ends the game, truncates it, or selects the next agent."""
        state = self._live_state()
        self._play_bots(state)
        self._masks = {}
        self.rewards = dict.fromkeys(self.agents, 0.0)
        outcome = self.game.outcome(state)
        if outcome is not None:
            for agent in self.agents:
                if agent in outcome.winners:
                    self.rewards[agent] = 0.0 if outcome.draw else 1.0
                else:
                    self.rewards[agent] = -1.0
                self.terminations[agent] = True
                self.infos[agent] = {"outcome": outcome.to_json()}
            self.agent_selection = self.agents[0]
        else:
            waiting = self.game.to_act(state)
            self.agent_selection = next(s for s in self.seat_order if s in waiting)
            if self.max_steps is not None and self._steps >= self.max_steps:
                self.truncations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()
        self._deads_step_first()

    def _play_bots(self, state: Any) -> None:
        while self.game.outcome(state) is None:
            waiting = self.game.to_act(state)
            seat = next((s for s in self.seat_order if s in waiting and s in self._bots), None)
            if seat is None:
                if not waiting:
                    raise RuntimeError("the game awaits nobody but is not over")
                return
            self.game.apply(state, seat, self._bots[seat].choose(self.game, state, seat))

    def _live_state(self) -> Any:
        if self.state is None:
            raise RuntimeError("call reset() first")
        return self.state

    # -- what an agent sees -----------------------------------------------------------------

    def _mask(self, agent: str) -> np.ndarray:
        mask = self._masks.get(agent)
        if mask is None:
            state = self._live_state()
            legal: list[Action] = self.game.legal_actions(state, agent)
            if not self.allow_rare:
                legal = [a for a in legal if a.type not in self.game.info.rare_actions]
            mask = self.codec.mask(state, agent, legal)
            self._masks[agent] = mask
        return mask

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        state = self._live_state()
        view = self.game.view(state, Viewer.seat(agent))
        return {"observation": self.codec.observe(view, agent), "action_mask": self._mask(agent)}

    def legal_actions(self, agent: str) -> list[Action]:
        """The game actions the mask marks for `agent`, by index (for debugging and bots)."""
        state = self._live_state()
        indices = np.flatnonzero(self._mask(agent))
        return [self.codec.decode(state, agent, int(i)) for i in indices]

    # -- rendering ------------------------------------------------------------------------

    def render(self) -> str | None:
        if self.render_mode is None or self.state is None:
            return None
        text = self.codec.describe(self.game.view(self.state, Viewer.public()))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self.state = None
