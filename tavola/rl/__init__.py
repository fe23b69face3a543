"""Reinforcement-learning adapters (the optional extra `[rl]`: PettingZoo, Gymnasium).

`legends_env(...)` gives Legends of AZ as a PettingZoo AEC environment with a fixed
Discrete action encoding (`legends_actions`) and an observation built only from what the
seat sees (`legends_obs`). PettingZoo is imported when an environment is made, so the
encoding can be used without it and `import tavola` never needs it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from tavola.core import Player

from .legends_actions import LegendsActions, codec_for, decode, encode

if TYPE_CHECKING:
    from .legends_aec import LegendsEnv


def legends_env(
    mode: str = "classic",
    seats: int | Sequence[Mapping[str, Any]] = 2,
    seed: int | None = None,
    opponents: Mapping[str, str | Player] | None = None,
    *,
    render_mode: str | None = None,
    max_steps: int | None = None,
    allow_concede: bool = False,
    **options: Any,
) -> LegendsEnv:
    """A Legends of AZ table as an AEC environment.

    `seats` is a number of player seats, or seat descriptions as `table_config` takes them
    (`{"kind": "boss"}` adds the automatic boss; `boss_level` goes in `options`);
    `opponents` maps seats to bots that the environment plays itself: a name that
    `tavola.bots.make_bot` knows ("reference", "random", …) or any `Player`; `options`
    are game options (`sides`, `max_rounds`, …). `max_steps` truncates a game after that
    many agent steps; `concede` stays out of the mask unless `allow_concede`.
    """
    from tavola.games.legends.tables import table_config

    from .legends_aec import LegendsEnv

    described = [{"kind": "bot"} for _ in range(seats)] if isinstance(seats, int) else seats
    config = table_config({"mode": mode, **options}, described)
    return LegendsEnv(
        config,
        seed=seed,
        opponents=opponents,
        render_mode=render_mode,
        max_steps=max_steps,
        allow_concede=allow_concede,
    )


def __getattr__(name: str) -> Any:
    if name == "LegendsEnv":
        from .legends_aec import LegendsEnv

        return LegendsEnv
    raise AttributeError(name)


__all__ = ["LegendsActions", "LegendsEnv", "codec_for", "decode", "encode", "legends_env"]
