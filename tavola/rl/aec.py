"""Legends of AZ as a PettingZoo AEC environment.

Agents are the player seats ("P1", "P2", …) not played by a bot: the boss seat and the
seats in `opponents` are played inside the environment, between agents' steps. The agent
selected is the first seat in turn order that the game awaits (`game.to_act`); sealed
simultaneous decisions (mains, formations, flips) are taken one agent after the other,
and none sees another's sealed choice.

Each agent observes `{"observation": float32 vector, "action_mask": int8 vector}`
(`legends_obs`, `legends_actions`); the mask is all zeros when the game does not await
the agent. Rewards come only at the end: +1 to the winners, −1 to the others, and 0 to
the leaders of a drawn game. Eliminated seats stay among the agents, never selected,
until the game ends (in team games their team may still win). `max_steps` truncates a
game after that many agent steps; the rules' own caps (rounds, clashes) end every game
anyway.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import Any, ClassVar, cast

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from tavola.core import Action, Game, Player, Viewer, derive_seed
from tavola.games.legends import game as legends
from tavola.games.legends.state import LegendsState

from .legends_actions import LegendsActions, codec_for
from .legends_obs import BOUND, LegendsObservation


class LegendsEnv(AECEnv[str, dict[str, np.ndarray], int]):  # type: ignore[misc]
    """One table of Legends of AZ; `config` is a full game config (see `table_config`)."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "legends_v0",
        "render_modes": ["ansi", "human"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        config: Mapping[str, Any],
        *,
        seed: int | None = None,
        opponents: Mapping[str, str | Player] | None = None,
        render_mode: str | None = None,
        max_steps: int | None = None,
        allow_concede: bool = False,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.game = legends
        self.config = dict(config)
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.allow_concede = allow_concede
        probe = self.game.new(self.config, 0)
        self.codec: LegendsActions = codec_for(probe)
        self.observer = LegendsObservation(
            len(probe.seats), self.codec.main_cards, self.codec.battle, probe.catalog
        )
        self._opponents = dict(opponents or {})
        unknown = set(self._opponents) - set(probe.seats)
        if unknown:
            raise ValueError(f"opponents name unknown seats {sorted(unknown)}")
        automatic = {s for s, info in probe.seats.items() if info.kind == "auto_boss"}
        self.possible_agents = [
            s for s in probe.seats if s not in automatic and s not in self._opponents
        ]
        if not self.possible_agents:
            raise ValueError("every seat is played by a bot: no agent is left")
        self._automatic = automatic | set(self._opponents)
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(
                        -BOUND, BOUND, (self.observer.size,), dtype=np.float32
                    ),
                    "action_mask": spaces.Box(0, 1, (self.codec.size,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: spaces.Discrete(self.codec.size) for agent in self.possible_agents
        }
        self._base_seed = seed
        self._resets = 0
        self.state: LegendsState | None = None
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
        self._bots = {seat: self._bot(seat, self.game_seed) for seat in self._automatic}
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._steps = 0
        self._after_change()

    def _bot(self, seat: str, game_seed: int) -> Player:
        """The seat's bot: the one `opponents` names, or the game's automatic boss."""
        boss = self.game.info.automata[0] if self.game.info.automata else "reference"
        spec = self._opponents.get(seat, boss)
        if not isinstance(spec, str):
            return spec
        from tavola.bots import make_bot

        return make_bot(spec, cast("Game[Any]", self.game), game_seed, seat)

    def step(self, action: int | np.integer[Any] | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self._live_state()
        if action is None:
            raise ValueError(f"{agent} must act: None is only for agents that are done")
        index = int(action)
        if not (0 <= index < self.codec.size and self._mask(agent)[index]):
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
            self.agent_selection = next(s for s in state.turn_order if s in waiting)
            if self.max_steps is not None and self._steps >= self.max_steps:
                self.truncations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()
        self._deads_step_first()

    def _play_bots(self, state: LegendsState) -> None:
        while self.game.outcome(state) is None:
            waiting = self.game.to_act(state)
            seat = next((s for s in state.turn_order if s in waiting and s in self._bots), None)
            if seat is None:
                if not waiting:
                    raise RuntimeError("the game awaits nobody but is not over")
                return
            action = self._bots[seat].choose(cast("Game[Any]", self.game), state, seat)
            self.game.apply(state, seat, action)

    def _live_state(self) -> LegendsState:
        if self.state is None:
            raise RuntimeError("call reset() first")
        return self.state

    # -- what an agent sees -----------------------------------------------------------------

    def _mask(self, agent: str) -> np.ndarray:
        mask = self._masks.get(agent)
        if mask is None:
            state = self._live_state()
            legal: list[Action] = self.game.legal_actions(state, agent)
            mask = self.codec.mask(state, agent, legal, concede=self.allow_concede)
            self._masks[agent] = mask
        return mask

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        state = self._live_state()
        view = self.game.view(state, Viewer.seat(agent))
        return {"observation": self.observer(view, agent), "action_mask": self._mask(agent)}

    def legal_actions(self, agent: str) -> list[Action]:
        """The game actions the mask marks for `agent`, by index (for debugging and bots)."""
        state = self._live_state()
        indices = np.flatnonzero(self._mask(agent))
        return [self.codec.decode(state, agent, int(i)) for i in indices]

    # -- rendering ------------------------------------------------------------------------

    def render(self) -> str | None:
        if self.render_mode is None or self.state is None:
            return None
        text = describe(self.game.view(self.state, Viewer.public()))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self.state = None


def describe(view: Mapping[str, Any]) -> str:
    """A few lines for a public view: the phase, whose decision it is, the tables."""
    waiting = ", ".join(p["seat"] for p in view["pending"]) or "-"
    lines = [
        f"{view['mode']} · {view['phase']} · round {view.get('round_no', '-')} · awaits {waiting}"
    ]
    for seat in view["turn_order"]:
        info = view["seats"][seat]
        if "table" in info:
            table = " ".join(
                f"{c['card_id']}{'*' if c['is_main'] else ''}:{c['hp']}" for c in info["table"]
            )
            lines.append(f"{seat}: hand {info['hand_size']} | {table}")
        else:
            lines.append(f"{seat}: pile {info.get('pile_size', 0)}")
    if view["result"] is not None:
        lines.append(f"over: {view['result']['reason']}, winners {view['result']['winners']}")
    return "\n".join(lines)
