"""Card definitions (§3.1, §3.3): the five card types, validated on load."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, model_validator

from .alignments import ALIGNMENTS, Alignment, Side, SubType
from .effects import (
    AURA_SCOPES,
    EQUIPMENT_KINDS,
    SPELL_KINDS,
    Aura,
    Effect,
    TargetSpec,
    allowed_targets,
)

CardType = Literal["character", "magic", "potion", "equipment", "enchantgineering"]
CARD_TYPES: tuple[CardType, ...] = ("character", "magic", "potion", "equipment", "enchantgineering")
Rarity = Literal["C", "R", "L", "M", "T"]
RARITIES: tuple[Rarity, ...] = ("C", "R", "L", "M", "T")
CardId = Annotated[str, Field(pattern=r"^[A-Z0-9-]{3,32}$")]
CardName = Annotated[str, Field(min_length=1, max_length=60)]
FlavourText = Annotated[str, Field(max_length=300)]


class CardBase(BaseModel):
    """Fields every card has. `name` is the Italian name, `name_en` its English translation."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    card_id: CardId
    name: CardName
    name_en: CardName | None = None
    rarity: Rarity
    series: Annotated[str, Field(min_length=1, max_length=16)]
    edition: Annotated[str, Field(min_length=1, max_length=40)] = "standard"
    tournament_legal: bool = True
    alignment: Alignment
    sub_type: SubType | None = None
    text: FlavourText = ""
    text_en: FlavourText = ""

    @model_validator(mode="after")
    def _sub_type_belongs_to_alignment(self) -> CardBase:
        """V5: a sub-type belongs to the card's alignment."""
        if self.sub_type is not None and self.sub_type not in ALIGNMENTS[self.alignment][1]:
            allowed = " or ".join(ALIGNMENTS[self.alignment][1])
            raise ValueError(
                f"sub_type: '{self.sub_type}' is not of {self.alignment}; allowed: {allowed}"
            )
        return self

    @property
    def side(self) -> Side:
        return ALIGNMENTS[self.alignment][0]

    def display_name(self, lang: str) -> str:
        return self.name_en if lang == "en" and self.name_en else self.name


STAT_FIELDS = {"hp": "hp", "str": "str_", "mp": "mp", "def": "def_"}
"""A stat's name on the card and its field (`str` and `def` are Python words)."""


class CharacterCard(CardBase):
    """A character (V1): stats within Part 5's ranges and no effects (`extra="forbid"`)."""

    type: Literal["character"] = "character"
    hp: Annotated[int, Field(ge=1, le=999)]
    str_: Annotated[int, Field(alias="str", ge=1, le=100)]
    mp: Annotated[int, Field(ge=0, le=100)]
    def_: Annotated[int, Field(alias="def", ge=1, le=100)]
    is_monster: bool = False

    @model_validator(mode="after")
    def _has_sub_type(self) -> CharacterCard:
        if self.sub_type is None:
            allowed = " or ".join(ALIGNMENTS[self.alignment][1])
            raise ValueError(f"sub_type: required for characters; allowed here: {allowed}")
        return self

    def stat(self, name: str) -> int:
        """Printed value of `hp`, `str`, `mp` or `def`."""
        return int(getattr(self, STAT_FIELDS[name]))


class _SpellCard(CardBase):
    target: TargetSpec
    effects: Annotated[list[Effect], Field(min_length=1, max_length=3)]

    @model_validator(mode="after")
    def _effects_fit_target(self) -> _SpellCard:
        """V2: each of the 1–3 effects is allowed on magic and potions and fits the target."""
        for i, effect in enumerate(self.effects):
            if effect.kind not in SPELL_KINDS:
                allowed = ", ".join(sorted(SPELL_KINDS))
                raise ValueError(
                    f"effects[{i}].kind: '{effect.kind}' is not allowed on a {self.type_name}; "
                    f"allowed: {allowed}"
                )
            targets = allowed_targets(effect.kind)
            if self.target not in targets:
                raise ValueError(
                    f"effects[{i}].kind: '{effect.kind}' does not fit target '{self.target}'; "
                    f"it needs one of: {', '.join(sorted(targets))}"
                )
        return self

    @property
    def type_name(self) -> str:
        return str(getattr(self, "type", "card"))


class MagicCard(_SpellCard):
    type: Literal["magic"] = "magic"


class PotionCard(_SpellCard):
    type: Literal["potion"] = "potion"


def _permanent_parts(
    name: str, parts: Sequence[Any], misfit: Callable[[Any], str | None], what: str
) -> None:
    """V3, V4: each of a card's effects or auras fits the card (else `misfit` says which
    field does not, and why) and lasts."""
    for i, part in enumerate(parts):
        wrong = misfit(part)
        if wrong is not None:
            raise ValueError(f"{name}[{i}].{wrong}")
        if getattr(part, "duration", "permanent") != "permanent":
            raise ValueError(f"{name}[{i}].duration: {what} must be 'permanent'")


class EquipmentCard(CardBase):
    type: Literal["equipment"] = "equipment"
    effects: Annotated[list[Effect], Field(min_length=1, max_length=3)]

    @model_validator(mode="after")
    def _equipment_effects(self) -> EquipmentCard:
        """V3: 1–3 permanent effects of the kinds equipment may carry."""
        allowed = ", ".join(EQUIPMENT_KINDS)

        def misfit(effect: Any) -> str | None:
            if effect.kind in EQUIPMENT_KINDS:
                return None
            return f"kind: '{effect.kind}' is not allowed on equipment; allowed: {allowed}"

        _permanent_parts("effects", self.effects, misfit, "equipment effects")
        return self


class EnchantgineeringCard(CardBase):
    type: Literal["enchantgineering"] = "enchantgineering"
    phases: Annotated[int, Field(ge=1, le=10)]
    auras: Annotated[list[Aura], Field(min_length=1, max_length=3)]

    @model_validator(mode="after")
    def _aura_scopes(self) -> EnchantgineeringCard:
        """V4: 1–10 phases; each aura permanent and applying to what its kind allows."""

        def misfit(aura: Any) -> str | None:
            scopes = AURA_SCOPES[aura.kind]
            if aura.applies_to in scopes:
                return None
            return (
                f"applies_to: '{aura.applies_to}' does not fit '{aura.kind}'; "
                f"allowed: {', '.join(sorted(scopes))}"
            )

        _permanent_parts("auras", self.auras, misfit, "auras")
        return self


CardDef = Annotated[
    CharacterCard | MagicCard | PotionCard | EquipmentCard | EnchantgineeringCard,
    Field(discriminator="type"),
]
CARD_ADAPTER: TypeAdapter[CardDef] = TypeAdapter(CardDef)

# The order fields are written in, when a card goes back to TOML or CSV.
FIELD_ORDER = (
    "card_id",
    "name",
    "name_en",
    "type",
    "rarity",
    "series",
    "edition",
    "tournament_legal",
    "alignment",
    "sub_type",
    "hp",
    "str",
    "mp",
    "def",
    "is_monster",
    "target",
    "effects",
    "phases",
    "auras",
    "text",
    "text_en",
)


def card_to_data(card: CardBase) -> dict[str, object]:
    """The card as plain data in the file's field order, without empty optional fields."""
    data = card.model_dump(mode="json", by_alias=True, exclude_none=True)
    for optional in ("text", "text_en"):
        if data.get(optional) == "":
            del data[optional]
    return {key: data[key] for key in FIELD_ORDER if key in data}
