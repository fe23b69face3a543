"""The closed effect language of §3.2: every effect a card may carry, as validated data."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

StatName = Literal["str", "mp", "def", "hp_max"]
Duration = Literal["combat", "turn", "round", "permanent"]
TargetSpec = Literal[
    "one_ally_character",
    "one_enemy_character",
    "one_character",
    "all_ally_characters",
    "all_enemy_characters",
    "combat_target",
    "self_player",
    "one_enemy_player",
    "all_enemy_players",
    "one_enemy_eg",
    "own_discard_character",
]
AuraScope = Literal["ally_characters", "enemy_characters", "ally_players", "enemy_players"]

CHARACTER_TARGETS = frozenset(
    {
        "one_ally_character",
        "one_enemy_character",
        "one_character",
        "all_ally_characters",
        "all_enemy_characters",
        "combat_target",
    }
)


class _Effect(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class ModifyStat(_Effect):
    kind: Literal["modify_stat"] = "modify_stat"
    stat: StatName
    amount: int
    duration: Duration

    @model_validator(mode="after")
    def _amount_in_range(self) -> ModifyStat:
        bound = 999 if self.stat == "hp_max" else 100
        if self.amount == 0 or abs(self.amount) > bound:
            raise ValueError(
                f"amount: must be non-zero and within -{bound}..{bound} for {self.stat}"
            )
        return self


class Heal(_Effect):
    kind: Literal["heal"] = "heal"
    amount: Annotated[int, Field(ge=1, le=1000)] | Literal["full"]


class Damage(_Effect):
    kind: Literal["damage"] = "damage"
    amount: Annotated[int, Field(ge=1, le=1000)]


class Sleep(_Effect):
    kind: Literal["sleep"] = "sleep"
    turns: Annotated[int, Field(ge=1, le=3)]


class Wake(_Effect):
    kind: Literal["wake"] = "wake"


class ProtectMagic(_Effect):
    kind: Literal["protect_magic"] = "protect_magic"
    duration: Duration


class Parry(_Effect):
    kind: Literal["parry"] = "parry"


class Draw(_Effect):
    kind: Literal["draw"] = "draw"
    count: Annotated[int, Field(ge=1, le=3)]


class Discard(_Effect):
    kind: Literal["discard"] = "discard"
    count: Annotated[int, Field(ge=1, le=3)]


class Revive(_Effect):
    kind: Literal["revive"] = "revive"
    hp: Annotated[int, Field(ge=1, le=999)] | Literal["full"]


class Siege(_Effect):
    kind: Literal["siege"] = "siege"
    hits: Annotated[int, Field(ge=1, le=5)]


class DrawPerTurn(_Effect):
    kind: Literal["draw_per_turn"] = "draw_per_turn"
    count: Annotated[int, Field(ge=1, le=2)]


class DiscardPerTurn(_Effect):
    kind: Literal["discard_per_turn"] = "discard_per_turn"
    count: Annotated[int, Field(ge=1, le=2)]


Effect = Annotated[
    ModifyStat
    | Heal
    | Damage
    | Sleep
    | Wake
    | ProtectMagic
    | Parry
    | Draw
    | Discard
    | Revive
    | Siege
    | DrawPerTurn
    | DiscardPerTurn,
    Field(discriminator="kind"),
]


class _Aura(BaseModel):
    applies_to: AuraScope


class ModifyStatAura(ModifyStat, _Aura):
    pass


class ProtectMagicAura(ProtectMagic, _Aura):
    pass


class DrawPerTurnAura(DrawPerTurn, _Aura):
    pass


class DiscardPerTurnAura(DiscardPerTurn, _Aura):
    pass


Aura = Annotated[
    ModifyStatAura | ProtectMagicAura | DrawPerTurnAura | DiscardPerTurnAura,
    Field(discriminator="kind"),
]

SPELL_KINDS = frozenset(
    {
        "modify_stat",
        "heal",
        "damage",
        "sleep",
        "wake",
        "protect_magic",
        "parry",
        "draw",
        "discard",
        "revive",
        "siege",
    }
)
EFFECT_KINDS = SPELL_KINDS | {"draw_per_turn", "discard_per_turn"}
"""Every effect's kind (`Effect`'s tags): a spell's, and the cards' per-turn draws and discards."""
CHARACTER_KINDS = frozenset(
    {"modify_stat", "heal", "damage", "sleep", "wake", "protect_magic", "parry"}
)
EQUIPMENT_KINDS = ("modify_stat", "protect_magic", "draw_per_turn")

# V2: which targets each non-character effect kind accepts.
PLAYER_KIND_TARGETS: dict[str, frozenset[str]] = {
    "draw": frozenset({"self_player"}),
    "discard": frozenset({"one_enemy_player", "all_enemy_players"}),
    "revive": frozenset({"own_discard_character"}),
    "siege": frozenset({"one_enemy_eg"}),
}

# V4: the scopes each aura kind may apply to.
AURA_SCOPES: dict[str, frozenset[str]] = {
    "modify_stat": frozenset({"ally_characters", "enemy_characters"}),
    "protect_magic": frozenset({"ally_characters"}),
    "draw_per_turn": frozenset({"ally_players"}),
    "discard_per_turn": frozenset({"enemy_players"}),
}


def allowed_targets(kind: str) -> frozenset[str]:
    """The target specs an effect kind is compatible with (V2)."""
    if kind == "parry":
        return frozenset({"combat_target"})
    if kind in CHARACTER_KINDS:
        return CHARACTER_TARGETS
    return PLAYER_KIND_TARGETS.get(kind, frozenset())
