"""This game's card catalogue and familiar table: the shipped files, the additions brought in
by the config (`user_cards`) and those made during the game (`state.user_cards`, §6.1), and
the familiar records a scenario's setup puts in place of the file's (§3.4)."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from .catalogue import Card, Catalogue, base_catalogue
from .familiars import (
    FamiliarEffect,
    _effect,
    _record_problems,
    effect_for,
    load_familiar_effects,
)
from .state import UNKNOWN, SeasonsState


def catalogue_of(state: SeasonsState) -> Catalogue:
    """The catalogue in force (remembered by the catalogue per list of additions)."""
    extra = state.config.user_cards
    if state.user_cards:
        extra = [*extra, *state.user_cards]
    return base_catalogue().with_cards(extra) if extra else base_catalogue()


def card(state: SeasonsState, iid: str) -> Card | None:
    """The catalogue card of an instance; None for an unnamed blind card."""
    card_id = state.instances[iid]
    if card_id == UNKNOWN:
        return None
    return catalogue_of(state).cards[card_id]


def prestige(state: SeasonsState, iid: str) -> int:
    found = card(state, iid)
    return 0 if found is None else found.prestige


@cache
def _shipped_effects() -> Mapping[str, FamiliarEffect]:
    return load_familiar_effects()


def familiar_effect(state: SeasonsState, card_id: str) -> FamiliarEffect:
    """The familiar's entry (§3.4): the setup's records replace the file's; absent = none."""
    if state.familiar_records:
        return effect_for(_effects_from(_key(state.familiar_records)), card_id)
    return effect_for(_shipped_effects(), card_id)


def check_familiar_records(records: Sequence[Any], catalogue: Catalogue) -> list[str]:
    """Problems of setup familiar records, one line each (the file's own checks, §3.4)."""
    problems: list[str] = []
    for index, record in enumerate(records, start=1):
        problems.extend(f"record {index}: {p}" for p in _record_problems(record, catalogue))
    return problems


def _key(records: list[dict[str, Any]]) -> str:
    return json.dumps(records, sort_keys=True)


@cache
def _effects_from(key: str) -> Mapping[str, FamiliarEffect]:
    """The shipped table with the setup's records in place (checked at setup)."""
    effects = dict(_shipped_effects())
    for record in json.loads(key):
        effects[record["card_id"]] = _effect(record)
    return effects
