"""Player-facing text of Legends of AZ (i18n/it.toml, i18n/en.toml) and typed refusals.

A sentence that depends on a number is a small table in the catalogue: `one` and `other`
(the plural categories of Italian and English whole numbers), and `count`, the name of the
parameter they agree with (`n` when left out)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tavola.core import IllegalAction, Messages


class LegendsMessages(Messages):
    """`Messages` whose sentences agree with their numbers (`one` / `other` forms)."""

    def has(self, key: str, lang: str = "en") -> bool:
        return super().has(key, lang) or super().has(f"{key}.other", lang)

    def text(self, lang: str, key: str, **params: Any) -> str:
        if not super().has(key, lang) and super().has(f"{key}.other", lang):
            counted = self.catalogues.get(lang, {}).get(f"{key}.count", "n")
            key = f"{key}.{plural_form(params.get(counted))}"
        return super().text(lang, key, **params)


def plural_form(count: Any) -> str:
    """The CLDR category of a whole number in Italian and English: `one` only for 1."""
    return "one" if count == 1 else "other"


MESSAGES = LegendsMessages.load(Path(__file__).parent / "i18n")


REFUSAL_RULES = {
    "table_full": "R23",
    "forgo_not_allowed": "R26",
    "forgo_cap_exceeded": "R26",
    "already_attacked": "R26",
    "attacks_forgone": "R26",
    "character_acted": "R26",
    "action_cap_reached": "R30",
    "target_not_opponent": "R31",
    "protected_target": "R32",
    "too_many_attackers": "R39",
    "window_cap_reached": "R44",
    "combat_in_progress": "R56",
    "counter_target_not_attacker": "R59",
    "alignment_forbidden": "R63",
    "magic_requirement_unmet": "R64",
    "target_warded": "R70",
    "nothing_to_revive": "R80",
    "equipment_timing": "R85",
    "equipment_slot_full": "R86",
    "eg_requirement_unmet": "R90",
    "eg_not_under_construction": "R91",
    "builder_overflow": "R91",
    "character_exhausted": "R11",
    "character_asleep": "R11",
    "character_forwent": "R10",
    "not_your_character": "R11",
    "invalid_cut": "S6",
    "stale_timeout": "R110",
}
"""The rule each refusal applies wherever it is raised (the rules page's anchor). A code
whose rule depends on the action (`main_protected`: R32 for an attack, R34 for a card) is
given its rule where it is raised; one that is no rule's (`unknown_card`) has none."""


def refuse(code: str, *, rule: str | None = None, **params: Any) -> IllegalAction:
    """The refusal `code` (§6) with its sentence in English and Italian, and the rule it
    applies (`rule`, else the code's own in `REFUSAL_RULES`)."""
    refusal = MESSAGES.illegal(code, **params)
    refusal.rule = rule or REFUSAL_RULES.get(code)
    return refusal


def only_args(action_type: str, args: Any, *allowed: str) -> None:
    """Refuses arguments an action does not take."""
    extra = sorted(set(args) - set(allowed))
    if extra:
        raise refuse("malformed_action", action=action_type, args=", ".join(extra))
