"""The game-agnostic tournament machinery (tavola.features.tournaments.format): brackets, matches,
round robin, Swiss, multi-seat tables, points, standings, refusals and the JSON state."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tavola.core import IllegalAction
from tavola.features.tournaments.format import (
    Entrant,
    Tournament,
    championship_standings,
    forfeit_places,
    new_tournament,
    pending,
    public_view,
    record,
    register,
    start,
)
from tavola.features.tournaments.format.bracket import bracket_order, bracket_size, first_round
from tavola.features.tournaments.format.circle import round_robin
from tavola.features.tournaments.format.points import game_points
from tavola.features.tournaments.format.seating import table_sizes
from tavola.features.tournaments.format.swiss import pair_round


def tournament(count, seed=1, **options):
    t = new_tournament({"format": "round_robin", **options}, seed)
    for i in range(count):
        register(t, Entrant(name=f"E{i + 1}", rating=100 - i))
    start(t)
    return t


def names(t, entrants):
    return [t.entrants[e].name for e in entrants]


def play(t, winner_of):
    """Records the pending games, `winner_of(names)` naming each one's winner (None: draw)."""
    for game in pending(t):
        seated = names(t, game.entrants)
        winner = winner_of(seated)
        places = [1] * len(seated) if winner is None else [1 if n == winner else 2 for n in seated]
        record(t, game.id, places)


def test_bracket_order_of_eight_and_sixteen():
    assert bracket_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert bracket_order(16)[:4] == [1, 16, 8, 9]


def test_bracket_size_is_the_smallest_power_of_two():
    assert [bracket_size(e) for e in (2, 3, 5, 8, 9, 256)] == [2, 4, 8, 8, 16, 256]


def test_a_seed_beyond_the_entrants_is_a_bye():
    assert first_round([10, 11, 12]) == [[10], [11, 12]]


@given(st.integers(min_value=2, max_value=14), st.booleans())
def test_round_robin_meets_every_pair_once_per_cycle(count, double):
    rounds = round_robin(list(range(count)), double)
    pairs = [frozenset(p) for r in rounds for p in r if len(p) == 2]
    cycles = 2 if double else 1
    assert len(pairs) == cycles * count * (count - 1) // 2
    assert all(pairs.count(p) == cycles for p in set(pairs))
    for r in rounds:
        seated = [e for p in r for e in p]
        assert sorted(seated) == list(range(count))  # everyone once a round, a bye included


def _rematch_free_exists(entrants, met):
    if not entrants:
        return True
    top, rest = entrants[0], entrants[1:]
    return any(
        frozenset((top, o)) not in met and _rematch_free_exists([e for e in rest if e != o], met)
        for o in rest
    )


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=4, max_value=9), st.integers(min_value=0, max_value=10_000))
def test_swiss_avoids_a_rematch_whenever_it_can(count, seed):
    t = new_tournament({"format": "swiss", "rounds": count - 1}, seed)
    for i in range(count):
        register(t, Entrant(name=f"E{i}"))
    start(t)
    met: set[frozenset[int]] = set()
    while t.phase == "playing":
        round_ = t.rounds[-1]
        playing = [e for m in round_.matches if not m.bye for e in m.entrants]
        rematches = [m for m in round_.matches if frozenset(m.entrants) in met and not m.bye]
        if _rematch_free_exists(playing, met):
            assert not rematches
        met |= {frozenset(m.entrants) for m in round_.matches if not m.bye}
        play(t, lambda seated: seated[(seed + len(t.rounds)) % 2])


def test_swiss_pairs_the_highest_with_the_highest_not_yet_met():
    met = {frozenset((0, 1))}
    assert pair_round([0, 1, 2, 3], met, set()) == [[0, 2], [1, 3]]


def test_swiss_backtracks_rather_than_leave_the_last_two_to_meet_again():
    # greedy: 0-1, then 2 has met 3: a rematch; pairing 0-2 and 1-3 avoids it
    met = {frozenset((2, 3)), frozenset((0, 3))}
    assert pair_round([0, 1, 2, 3], met, set()) == [[0, 2], [1, 3]]


def test_swiss_bye_goes_to_the_lowest_ranked_without_one():
    assert pair_round([0, 1, 2, 3, 4], set(), {4})[-1] == [3]


@pytest.mark.parametrize(
    ("count", "size", "sizes"),
    [(10, 4, [4, 4, 2]), (9, 4, [4, 5]), (17, 8, [8, 7, 2]), (3, 4, [3]), (12, 3, [3, 3, 3, 3])],
)
def test_multi_seat_tables_merge_a_lone_leftover(count, size, sizes):
    assert table_sizes(count, size) == sizes


def test_shared_places_share_the_average_points():
    assert game_points([1, 1, 3, 4]) == [2.5, 2.5, 1.0, 0.0]
    assert game_points([2, 1]) == [0.0, 3.0]
    assert game_points([1, 1]) == [1.0, 1.0]


def test_best_of_three_ends_at_two_wins():
    t = new_tournament({"format": "single_elimination", "best_of": 3}, 5)
    for name in ("A", "B"):
        register(t, Entrant(name=name))
    start(t)
    play(t, lambda seated: "A")
    assert t.phase == "playing"
    play(t, lambda seated: "A")
    assert t.phase == "over" and len(t.rounds[0].matches[0].games) == 2


def test_a_draw_is_replayed_then_decided_by_lot():
    t = new_tournament({"format": "single_elimination", "max_replays": 1}, 5)
    for name in ("A", "B"):
        register(t, Entrant(name=name))
    start(t)
    play(t, lambda seated: None)
    assert pending(t)[0].replay
    play(t, lambda seated: None)
    last = t.rounds[0].matches[0].games[-1].result
    assert t.phase == "over" and last.drawn and last.picked
    assert sorted(last.places) == [1, 2]


def test_a_forfeit_places_the_absent_after_those_present():
    assert forfeit_places(4, {1}, {0: 2, 2: 1, 3: 3}) == [2, 4, 1, 3]
    assert forfeit_places(2, {0}, {}) == [2, 1]
    assert forfeit_places(2, {0, 1}, {}) == [1, 1]


def test_a_no_show_earns_no_points_even_sharing_last_place():
    t = tournament(4, table_size=4, format="championship")
    game = pending(t)[0]
    record(t, game.id, forfeit_places(4, {2, 3}, {0: 1, 1: 2}), forfeits=game.entrants[2:])
    points = {s.entrant: s.points for s in championship_standings(t)}
    assert points[game.entrants[2]] == points[game.entrants[3]] == 0.0


def test_registration_refuses_a_second_entrant_of_the_same_name():
    t = new_tournament({"format": "swiss"}, 1)
    register(t, Entrant(name="Ada"))
    with pytest.raises(IllegalAction) as refused:
        register(t, Entrant(name="ada"))
    assert refused.value.code == "name_taken"
    assert len(t.entrants) == 1


def test_a_tournament_needs_two_entrants():
    t = new_tournament({"format": "swiss"}, 1)
    register(t, Entrant(name="Ada"))
    with pytest.raises(IllegalAction) as refused:
        start(t)
    assert refused.value.code == "too_few_entrants" and t.phase == "registration"


def test_registration_closes_at_the_start():
    t = tournament(2)
    with pytest.raises(IllegalAction) as refused:
        register(t, Entrant(name="Late"))
    assert refused.value.code == "registration_closed"


def test_a_result_must_place_every_seat_and_leaves_the_state_unchanged():
    t = tournament(2)
    game = pending(t)[0]
    before = t.model_dump()
    for places in ([1], [1, 3], [0, 1]):
        with pytest.raises(IllegalAction) as refused:
            record(t, game.id, places)
        assert refused.value.code == "bad_result"
    assert t.model_dump() == before


def test_an_unknown_or_finished_game_is_refused():
    t = tournament(2)
    game = pending(t)[0]
    record(t, game.id, [1, 2])
    with pytest.raises(IllegalAction) as refused:
        record(t, game.id, [1, 2])
    assert refused.value.code == "unknown_game"


def test_the_state_is_plain_json_and_reads_back_the_same():
    t = tournament(5, seed=9)
    play(t, lambda seated: seated[0])
    text = json.dumps(t.model_dump(mode="json"))
    again = Tournament.model_validate(json.loads(text))
    assert again == t
    play(again, lambda seated: seated[1])
    play(t, lambda seated: seated[1])
    assert again == t


def test_the_same_seed_and_results_give_the_same_tournament():
    first, second = tournament(6, seed=3), tournament(6, seed=3)
    for t in (first, second):
        while t.phase == "playing":
            play(t, lambda seated: min(seated))
    assert public_view(first) == public_view(second)


def test_bad_options_name_the_field():
    from tavola.core import ConfigError

    with pytest.raises(ConfigError) as bad:
        new_tournament({"format": "swiss", "best_of": 2}, 1)
    assert bad.value.field == "tournament.best_of"
