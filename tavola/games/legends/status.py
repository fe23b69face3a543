"""A character's statuses (R7): asleep, vulnerable, ready; they need no card data."""

from __future__ import annotations

from .state import Character


def is_asleep(ch: Character) -> bool:
    return ch.sleep_remaining > 0


def is_vulnerable(ch: Character) -> bool:
    """R7: exhausted or asleep; a vulnerable character defends with 0."""
    return ch.exhausted or ch.sleep_remaining > 0


def is_ready(ch: Character) -> bool:
    """R7: able to defend (and, unless it forwent, to attack or build)."""
    return not ch.exhausted and ch.sleep_remaining <= 0
