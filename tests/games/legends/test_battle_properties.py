"""Invariants of classic and epic battles across random play (hypothesis draws the seed, the
mode, 2–8 seats and the sides; `random_action` with a seeded RNG plays every seat)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from tavola.core import Rng, Table, Viewer
from tavola.core.playout import random_action
from tavola.games.legends import protection, stats

VARIANTS = [
    {},
    {"main_selection": "random"},
    {"extra_draw_mode": "per_player", "defence_stat_rule": "choice", "max_joint_attackers": 2},
    {"counter_attack_mode": "next_turn", "classic_damage": "ceil", "max_characters_on_table": 4},
    {"team_protection": True, "response_scope": "all", "max_forgo_draws_per_turn": 1},
]


@st.composite
def battles(draw):
    """(config, seed) of a random battle."""
    seats = draw(st.integers(min_value=2, max_value=8))
    sides = draw(st.sampled_from(["free_for_all", "teams", "good_vs_evil"]))
    team_count = draw(st.integers(min_value=2, max_value=min(4, seats)))
    players = []
    for i in range(seats):
        player = {"age": draw(st.integers(min_value=1, max_value=99)), "kind": "bot"}
        if sides == "teams":
            player["team"] = "ABCD"[i % team_count]
        elif sides == "good_vs_evil":
            player["team"] = "good" if i % 2 == 0 else "evil"
        players.append(player)
    config = {
        "mode": draw(st.sampled_from(["classic", "epic"])),
        "sides": sides,
        "deck_source": "starter",
        "players": players,
        **draw(st.sampled_from(VARIANTS)),
    }
    return config, draw(st.integers(min_value=0, max_value=2**32 - 1))


CHECKED_ACTIONS = 20_000
"""Invariant checks stop here: random games take a few hundred actions (at most ~1,500
seen), far below `max_decisions` (millions), which only the termination test plays up to."""


def play(config, seed, check=None, limit=CHECKED_ACTIONS):
    """Plays a random game to its end (or `limit` actions); `check(table, seat, action)`
    runs before every action. Returns the table, the number of actions taken and
    `max_decisions` of the initial state."""
    table = Table("legends", config, seed)
    rng = Rng(seed)
    actions = 0
    bound = table.game.max_decisions(table.state)
    limit = bound if limit is None else min(limit, bound)
    while table.to_act and actions <= limit:
        seat = sorted(table.to_act)[0]
        action = random_action(table.game, table.state, seat, rng)
        if check is not None:
            check(table, seat, action)
        table.act(seat, action)
        actions += 1
    return table, actions, bound


def characters(table):
    b = table.state.battle
    return list(b.characters.values()) if b else []


@settings(max_examples=30, deadline=None)
@given(game=battles())
def test_hp_never_exceeds_max_hp(game):
    def check(table, seat, action):
        for ch in characters(table):
            assert 0 < stats.current_hp(table.state, ch) <= stats.max_hp(table.state, ch)

    play(*game, check)


def vulnerable(ch):
    return ch.exhausted or ch.sleep_remaining > 0


@settings(max_examples=30, deadline=None)
@given(game=battles())
def test_exhausted_or_asleep_targets_defend_with_zero(game):
    """In an open combat the view's defence value is 0 for a vulnerable target, and every
    resolution against a target vulnerable just before it reports D_val 0."""
    target_vulnerable: dict[int, bool] = {}

    def check(table, seat, action):
        b = table.state.battle
        if b is None:
            return
        if action.type == "declare_attack" and b.combat is None:
            target = b.characters.get(action.get("target"))
            if target is not None:
                target_vulnerable[b.combats_opened + 1] = vulnerable(target)
        fight = b.combat
        target = b.characters.get(fight.target) if fight else None
        if target is None:
            return
        target_vulnerable[fight.combat_id] = vulnerable(target)
        if vulnerable(target):
            assert table.view(Viewer.referee())["combat"]["defence_value"] == 0
            assert stats.defence_value(table.state, target, fight.defence_stat) == 0

    table, _, _ = play(*game, check)
    for event in table.events:
        data = event.data
        resolved = event.type == "attack_resolved" and data["result"] != "cancelled"
        if resolved and target_vulnerable.get(data["combat"]):
            assert data["D_val"] == 0


@settings(max_examples=30, deadline=None)
@given(game=battles())
def test_a_protected_main_is_never_a_legal_attack_target(game):
    def check(table, seat, action):
        state = table.state
        for action in table.game.legal_actions(state, seat):
            if action.type != "declare_attack":
                continue
            target = state.battle.characters.get(action.get("target"))
            if target is None or not target.is_main:
                continue
            owner = target.controller
            assert not protection.main_protected(state, owner)
            guards = [owner]
            if state.config.team_protection:
                team = state.seats[owner].team
                guards = [s for s, info in state.seats.items() if info.team == team]
            assert not any(
                not c.is_main for g in guards for c in protection.alive_characters(state, g)
            )

    play(*game, check)


@settings(max_examples=30, deadline=None)
@given(game=battles())
def test_every_game_ends_within_max_decisions(game):
    table, actions, bound = play(*game, limit=None)
    assert table.outcome is not None
    assert actions <= bound
    assert set(table.outcome.placements) == set(table.state.seats)
