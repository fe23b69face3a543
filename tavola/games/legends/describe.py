"""Cards' effects in words (Italian or English): for card panels, `cards show` and logs."""

from __future__ import annotations

from tavola.core import Messages

from .cards import CardDef, CharacterCard, EnchantgineeringCard, EquipmentCard
from .effects import Aura, Effect


def describe_effect(messages: Messages, lang: str, effect: Effect | Aura) -> str:
    t = messages.text
    data = effect.model_dump()
    kind = effect.kind
    if kind == "modify_stat":
        amount = data["amount"]
        stat = t(lang, f"stat.{data['stat']}")
        return t(
            lang,
            "effect.modify_stat",
            sign="+" if amount > 0 else "−",
            amount=abs(amount),
            stat=stat,
            duration=t(lang, f"duration.{data['duration']}"),
        )
    if kind == "protect_magic":
        return t(lang, "effect.protect_magic", duration=t(lang, f"duration.{data['duration']}"))
    if data.get("amount") == "full" or data.get("hp") == "full":
        return t(lang, f"effect.{kind}_full")
    params = {k: v for k, v in data.items() if k not in ("kind", "applies_to")}
    # A count of one reads in the singular where the language has a sentence for it.
    if list(params.values()) == [1] and messages.has(f"effect.{kind}_one", lang):
        return t(lang, f"effect.{kind}_one")
    return t(lang, f"effect.{kind}", **params)


def describe_card(messages: Messages, lang: str, card: CardDef) -> str:
    """One line: what the card does (empty for characters)."""
    t = messages.text
    if isinstance(card, CharacterCard):
        return ""
    if isinstance(card, EquipmentCard):
        return "; ".join(describe_effect(messages, lang, e) for e in card.effects)
    if isinstance(card, EnchantgineeringCard):
        auras = "; ".join(
            f"{describe_effect(messages, lang, a)} → {t(lang, f'applies_to.{a.applies_to}')}"
            for a in card.auras
        )
        return f"{card.phases} ⚙ · {auras}"
    effects = ", ".join(describe_effect(messages, lang, e) for e in card.effects)
    return f"{effects} → {t(lang, f'target.{card.target}')}"
