"""The fixed action encoding: every legal action of random states gets its own index and
decodes back to itself; only actions beyond the slots are left out; the mask is exact."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import numpy as np
import pytest

from tavola.core import Action
from tavola.games.legends import game
from tavola.games.legends.cards import CharacterCard
from tavola.games.legends.rl.actions import actions_for, decode, encode
from tavola.games.legends.rl.slots import (
    EG_SLOTS,
    FORMATION_SLOTS,
    HAND_SLOTS,
    REVIVE_SLOTS,
    TABLE_SLOTS,
)
from tavola.games.legends.state import LegendsState

from .random_states import config, random_states

CONFIGS: dict[str, dict[str, Any]] = {
    "classic-2": config("classic", 2),
    "epic-3-teams-max-stat": config(
        "epic",
        3,
        sides="teams",
        attack_stat_rule="max",
        defence_stat_rule="choice",
        extra_draw_mode="per_player",
    ),
    "classic-boss": config("classic", [{}, {}, {"kind": "boss"}], boss_level=2),
    "classic-4-small-tables": config(
        "classic", 4, max_characters_on_table=4, counter_attack_mode="next_turn"
    ),
    "simplified-3": config("simplified", 3, simplified={"special_card_value": "reflip"}),
}
SEEDS = (1, 2, 3, 4)
STEPS = 500


@dataclass
class Survey:
    """What checking every awaited seat of every random state found."""

    decisions: int = 0
    mismatches: list[tuple[Action, Action]] = field(default_factory=list)
    collisions: list[tuple[Action, Action]] = field(default_factory=list)
    unexplained_drops: list[Action] = field(default_factory=list)
    inexact_masks: int = 0
    empty_masks: int = 0
    encoded: Counter[str] = field(default_factory=Counter)


def _beyond_slots(state: LegendsState, seat: str, action: Action) -> bool:
    """Whether `action` needs something the encoding documents as left out."""
    if action.type == "cut_deck":
        return "k" in action.args
    named: list[Any] = [v for v in action.args.values() if isinstance(v, str)]
    for key in ("iids", "builders"):
        named += list(action.args.get(key, ()))
    named += [a["iid"] for a in action.args.get("attackers", ())]
    hand = state.seats[seat].hand
    hand_limit = FORMATION_SLOTS if action.type == "place_initial" else HAND_SLOTS
    revivable = [
        iid
        for iid in reversed(state.discard)
        if isinstance(state.card(iid), CharacterCard) and not iid.startswith("m")
    ][:REVIVE_SLOTS]
    for iid in named:
        if iid in hand and hand.index(iid) >= hand_limit:
            return True
        for info in state.seats.values():
            if iid in info.table and info.table.index(iid) >= TABLE_SLOTS:
                return True
            if iid in info.egs and info.egs.index(iid) >= EG_SLOTS:
                return True
        if iid in state.discard and iid not in revivable:
            return True
    return False


@cache
def survey(name: str) -> Survey:
    found = Survey()
    for seed in SEEDS:
        for state in random_states(CONFIGS[name], seed, STEPS):
            encoding = actions_for(state)
            for seat in sorted(game.to_act(state)):
                found.decisions += 1
                legal = game.legal_actions(state, seat)
                seen: dict[int, Action] = {}
                for action in legal:
                    index = encode(state, seat, action)
                    if index is None:
                        if not _beyond_slots(state, seat, action):
                            found.unexplained_drops.append(action)
                        continue
                    if index in seen:
                        found.collisions.append((seen[index], action))
                    seen[index] = action
                    found.encoded[action.type] += 1
                    back = decode(state, seat, index)
                    if back != action:
                        found.mismatches.append((action, back))
                mask = encoding.mask(state, seat, legal)
                if set(np.flatnonzero(mask)) != set(seen):
                    found.inexact_masks += 1
                if not mask.any():
                    found.empty_masks += 1
    return found


@pytest.mark.parametrize("name", CONFIGS)
def test_every_legal_action_decodes_back_to_itself(name: str) -> None:
    assert survey(name).decisions > 300
    assert survey(name).mismatches == []


@pytest.mark.parametrize("name", CONFIGS)
def test_legal_actions_get_distinct_indices(name: str) -> None:
    assert survey(name).collisions == []


@pytest.mark.parametrize("name", CONFIGS)
def test_only_actions_beyond_the_slots_are_left_out(name: str) -> None:
    assert survey(name).unexplained_drops == []


@pytest.mark.parametrize("name", CONFIGS)
def test_mask_marks_exactly_the_encodable_legal_actions(name: str) -> None:
    assert survey(name).inexact_masks == 0


@pytest.mark.parametrize("name", CONFIGS)
def test_mask_is_never_empty_when_a_seat_must_act(name: str) -> None:
    assert survey(name).empty_masks == 0


def test_random_battles_exercise_every_kind_of_action() -> None:
    kinds = set(survey("classic-2").encoded) | set(survey("epic-3-teams-max-stat").encoded)
    assert kinds >= {
        "cut_deck",
        "choose_main",
        "place_initial",
        "place_character",
        "assign_equipment",
        "play_card",
        "build",
        "declare_attack",
        "defence_ready",
        "reinforce",
        "pass",
        "forgo",
        "skip_attack",
        "end_turn",
        "end_counter",
        "concede",
    }


def test_simplified_indices_are_cut_flip_keep_switch() -> None:
    state = game.new(CONFIGS["simplified-3"], 1)
    seat = state.cutter
    assert seat is not None
    assert actions_for(state).size == 4
    assert encode(state, seat, Action("cut_deck")) == 0
    assert decode(state, seat, 1) == Action("flip")
    assert decode(state, seat, 2) == Action("choose_reference", choice="keep")
    assert decode(state, seat, 3) == Action("choose_reference", choice="switch")


def test_battle_indices_depend_only_on_the_table_shape() -> None:
    one, other = game.new(CONFIGS["classic-2"], 1), game.new(CONFIGS["classic-2"], 99)
    assert actions_for(one) == actions_for(other)
    assert [encode(one, "P1", Action(t)) for t in ("cut_deck", "concede", "end_turn")] == [0, 1, 2]


def test_an_index_naming_an_empty_slot_is_refused() -> None:
    state = game.new(CONFIGS["classic-2"], 1)
    encoding = actions_for(state)
    last_hand_card = encoding.blocks["place_character"].index(HAND_SLOTS - 1)
    with pytest.raises(ValueError):
        decode(state, "P1", last_hand_card)
    with pytest.raises(ValueError):
        decode(state, "P1", encoding.size)


def test_cards_beyond_the_last_slots_are_left_out_but_the_mask_is_not_empty() -> None:
    crowded = {
        "P1": {"main": "S1-012", "table": ["S1-012*18"], "hand": ["S1-038*12"]},
        "P2": {"main": "S1-012", "table": ["S1-012*2"]},
    }
    state = game.new(CONFIGS["classic-2"], 1, {"seats": crowded})
    legal = game.legal_actions(state, "P1")
    left_out = [a for a in legal if encode(state, "P1", a) is None]
    assert left_out
    assert all(_beyond_slots(state, "P1", a) for a in left_out)
    mask = actions_for(state).mask(state, "P1", legal)
    assert mask.sum() == len(legal) - len(left_out)
