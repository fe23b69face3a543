"""Card invariants across random play with the full starter set (hypothesis draws the seed,
the mode, 2–4 seats and the sides; `random_action` with a seeded RNG plays every seat):
effects never leave a stat negative (R72), ward always blocks opposing magic (R70), and an
Enchantgineering's structure and progress never exceed its phases (R91, R95)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tavola.core import Action, IllegalAction, Rng, Table
from tavola.core.playout import random_action
from tavola.games.legends import card_play, stats
from tavola.games.legends.cards import MagicCard
from tavola.games.legends.protection import are_opponents

CHECKED_ACTIONS = 3_000
"""Random starter-set games take a few hundred to ~2,000 actions."""

BEFORE_WARD = frozenset(
    {
        # §6's common checks, R30's cap, then A6's own checks up to and including R70.
        "game_over",
        "seat_eliminated",
        "not_your_decision",
        "wrong_phase",
        "unknown_card",
        "action_cap_reached",
        "card_not_in_hand",
        "wrong_card_type",
        "alignment_forbidden",
        "magic_requirement_unmet",
        "not_in_combat",
        "nothing_to_revive",
        "invalid_target",
        "main_protected",
        "target_warded",
    }
)


@st.composite
def starter_games(draw):
    """(config, seed) of a random starter-set battle."""
    seats = draw(st.integers(min_value=2, max_value=4))
    sides = draw(st.sampled_from(["free_for_all", "teams"]))
    players = []
    for i in range(seats):
        player = {"age": draw(st.integers(min_value=1, max_value=99)), "kind": "bot"}
        if sides == "teams":
            player["team"] = "AB"[i % 2]
        players.append(player)
    config = {
        "mode": draw(st.sampled_from(["classic", "epic"])),
        "sides": sides,
        "deck_source": "starter",
        "players": players,
    }
    return config, draw(st.integers(min_value=0, max_value=2**32 - 1))


def play(config, seed, check):
    """Plays a random game; `check(table, seat)` runs before every action (with the seat
    about to act) and once at the end (seat None)."""
    table = Table("legends", config, seed)
    rng = Rng(seed)
    for _ in range(CHECKED_ACTIONS):
        if not table.to_act:
            break
        seat = sorted(table.to_act)[0]
        check(table, seat)
        table.act(seat, random_action(table.game, table.state, seat, rng))
    check(table, None)
    return table


def characters(table):
    b = table.state.battle
    return list(b.characters.values()) if b else []


@settings(max_examples=30, deadline=None)
@given(game=starter_games())
def test_r72_card_effects_never_leave_an_effective_stat_negative(game):
    def check(table, seat):
        for ch in characters(table):
            for stat in ("str", "mp", "def"):
                assert stats.eff(table.state, ch, stat) >= 0
            assert stats.max_hp(table.state, ch) >= 1

    play(*game, check)


@settings(max_examples=30, deadline=None)
@given(game=starter_games())
def test_a_views_values_of_a_character_are_the_rules_own(game):
    """`effective_values` (one pass, for views) agrees with R72's and R70's functions."""

    def check(table, seat):
        state = table.state
        for ch in characters(table):
            expected = {
                "hp": stats.current_hp(state, ch),
                "max_hp": stats.max_hp(state, ch),
                "str": stats.eff(state, ch, "str"),
                "mp": stats.eff(state, ch, "mp"),
                "def": stats.eff(state, ch, "def"),
                "warded": stats.is_warded(state, ch),
            }
            assert stats.effective_values(state, ch) == expected

    play(*game, check)


@settings(max_examples=30, deadline=None)
@given(game=starter_games())
def test_r70_ward_always_blocks_opposing_magic(game):
    def check(table, seat):
        state = table.state
        if seat is None or state.battle is None or state.phase == "game_over":
            return
        warded = [c for c in characters(table) if stats.is_warded(state, c)]
        hostile = [c for c in warded if are_opponents(state, seat, c.controller)]
        if not hostile:
            return
        magic = [i for i in state.seats[seat].hand if isinstance(state.card(i), MagicCard)]
        legal = table.game.legal_actions(state, seat)
        for ch in hostile:
            for iid in magic:
                action = Action("play_card", iid=iid, target=ch.iid)
                assert action not in legal
                with pytest.raises(IllegalAction) as refusal:
                    table.game.apply(state.clone(), seat, action)
                assert refusal.value.code in BEFORE_WARD

    play(*game, check)


@settings(max_examples=30, deadline=None)
@given(game=starter_games())
def test_r95_eg_structure_and_progress_never_exceed_phases(game):
    def check(table, seat):
        b = table.state.battle
        for eg in b.egs.values() if b else ():
            assert eg.progress <= eg.phases
            assert eg.structure <= eg.phases

    play(*game, check)


def _accepted_plays(state, seat):
    """Every play `card_play.check` accepts, over every target a play could name."""
    b = state.battle
    names = [None, *state.seats, *b.characters, *b.egs, *state.discard]
    accepted = set()
    for iid in state.seats[seat].hand:
        for target in names:
            args = {"iid": iid} if target is None else {"iid": iid, "target": target}
            action = Action("play_card", **args)
            try:
                card_play.check(state, seat, action)
            except IllegalAction:
                continue
            accepted.add(action)
    return accepted


@settings(max_examples=20, deadline=None)
@given(game=starter_games())
def test_a6_listed_plays_are_exactly_the_plays_check_accepts(game):
    def check(table, seat):
        state = table.state
        if seat is None or state.battle is None or state.phase not in PLAY_PHASES:
            return
        if state.phase == "window" and state.battle.combat is None:
            return
        listed = card_play.play_actions(state, seat)
        assert len(listed) == len(set(listed))
        assert set(listed) == _accepted_plays(state, seat)

    play(*game, check)


PLAY_PHASES = frozenset({"main", "counter", "window"})
