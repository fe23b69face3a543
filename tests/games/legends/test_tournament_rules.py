"""Legends of AZ tournaments, rule by rule (§5.17, R142–R156): the format through the
tournaments feature's format, the deck rules and the tables through Legends' TournamentRules."""

import pytest

from tavola.bots import make_bot
from tavola.core import IllegalAction, Table, get_game
from tavola.core.capabilities import capability
from tavola.features.tournaments.format import (
    Entrant,
    bracket_places,
    championship_standings,
    forfeit_places,
    new_tournament,
    parse_game_options,
    pending,
    public_view,
    record,
    register,
    start,
)
from tavola.features.tournaments.protocol import TournamentRules

GAME = get_game("legends")
RULES = capability(GAME, TournamentRules)
DECK = ["S1-001", "S1-002", "S1-003", "S1-009", "S1-010", "S1-011"]


def options(**game):
    return parse_game_options(RULES.tournament_options(), {"deck_size": 6, **game})


def entrant(name, age=30, **fields):
    registration = {"age": age, "main": "S1-001", "deck": DECK}
    return Entrant(name=name, kind="reference", registration=registration, **fields)


def changed(e, **registration):
    """The entrant `e` with some of its registration changed."""
    return e.model_copy(update={"registration": {**e.registration, **registration}})


def started(fmt_options, count, seed=1, ages=None, game=None, **fields):
    game_options = options(**(game or {}))
    t = new_tournament(
        fmt_options,
        seed,
        game_options.model_dump(mode="json"),
        rotate_opener=RULES.rotates_opener(game_options),
        table_seats=RULES.table_seats(),
    )
    for i in range(count):
        age = ages[i] if ages else 30
        register(
            t,
            entrant(f"E{i + 1}", age, rating=100 - i, **fields),
            lambda e: RULES.check_entrant(e, game_options),
        )
    start(t)
    return t


def names(t, entrants):
    return [t.entrants[e].name for e in entrants]


def decide(t, winner_of):
    for game in pending(t):
        seated = names(t, game.entrants)
        winner = winner_of(seated)
        places = [1] * len(seated) if winner is None else [1 if n == winner else 2 for n in seated]
        record(t, game.id, places)


def play_table(t, game, **table_options):
    """Plays one scheduled game with reference bots; records its result."""
    config = RULES.tournament_table(
        [t.entrants[e] for e in game.entrants],
        options(max_rounds=3, **table_options),
        [game.entrants.index(e) for e in game.order] if game.order else None,
    )
    table = Table(GAME, config, game.seed)
    table.play({s: make_bot("reference", GAME, 1, s) for s in GAME.seats(table.state)})
    result = RULES.table_result(table.state)
    record(t, game.id, list(result.places), order=[game.entrants[i] for i in result.order])
    return config, table


def test_r142_a_tournament_game_is_a_free_for_all_of_the_entrants_decks():
    t = started({"format": "single_elimination"}, 2)
    game = pending(t)[0]
    config, table = play_table(t, game, mode="epic")
    assert config["sides"] == "free_for_all" and config["mode"] == "epic"
    assert [p["contribution"] for p in config["players"]] == [DECK, DECK]
    assert config["max_rounds"] == 3
    assert table.outcome is not None and t.phase == "over"


def test_r142_game_seeds_are_drawn_in_order_from_the_tournament_rng():
    seeds = [g.seed for g in pending(started({"format": "round_robin"}, 6, seed=7))]
    again = [g.seed for g in pending(started({"format": "round_robin"}, 6, seed=7))]
    assert seeds == again and len(set(seeds)) == 3
    assert seeds != [g.seed for g in pending(started({"format": "round_robin"}, 6, seed=8))]


def test_r143_rating_seeding_places_the_best_seeds_apart_with_byes():
    t = started({"format": "single_elimination", "seeding": "rating"}, 5)
    assert t.bracket_size == 8
    pairs = [names(t, m.entrants) for m in t.rounds[0].matches]
    assert pairs == [["E1"], ["E4", "E5"], ["E2"], ["E3"]]


def test_r143_lottery_seeding_is_a_permutation_from_the_tournament_rng():
    seedings = {
        tuple(started({"format": "single_elimination"}, 8, seed=s).seeding) for s in range(6)
    }
    assert len(seedings) > 1
    assert all(sorted(s) == list(range(8)) for s in seedings)


def test_r144_semi_final_losers_share_third_without_a_third_place_match():
    t = started({"format": "single_elimination", "seeding": "rating"}, 4)
    while t.phase == "playing":
        decide(t, min)
    places = {t.entrants[p.entrant].name: p.place for p in bracket_places(t)}
    assert places == {"E1": 1, "E2": 2, "E3": 3, "E4": 3}


def test_r144_a_third_place_match_separates_third_and_fourth():
    t = started({"format": "single_elimination", "seeding": "rating", "third_place_match": True}, 4)
    decide(t, min)
    assert [m.label for m in t.rounds[1].matches] == ["final", "third_place"]
    decide(t, max)
    places = {t.entrants[p.entrant].name: p.place for p in bracket_places(t)}
    assert places == {"E2": 1, "E1": 2, "E4": 3, "E3": 4}


def test_r144_best_of_five_needs_three_wins_and_replays_draws():
    t = started({"format": "single_elimination", "best_of": 5, "max_replays": 2}, 2)
    outcomes = iter([None, "E1", "E2", None, None, "E1", "E1"])  # the 3rd draw: by lot
    while t.phase == "playing":
        decide(t, lambda seated: next(outcomes))
    match = t.rounds[0].matches[0]
    assert match.replays == 2 and match.games[4].result.picked
    assert max(match.wins) == 3 and match.winner == 0 and t.phase == "over"


def test_r145_championship_is_round_robin_up_to_ten_entrants_and_swiss_beyond():
    assert started({"format": "championship"}, 10).system == "round_robin"
    eleven = started({"format": "championship"}, 11)
    assert eleven.system == "swiss" and eleven.planned_rounds == 4


def test_r145_double_round_robin_plays_each_pair_twice():
    t = started({"format": "round_robin", "double": True}, 3)
    assert t.planned_rounds == 6
    games = []
    while t.phase == "playing":
        games += [frozenset(g.entrants) for g in pending(t)]
        decide(t, min)
    assert len(games) == 6 and all(games.count(p) == 2 for p in set(games))


def test_r145_swiss_later_rounds_pair_by_standings():
    t = started({"format": "swiss", "seeding": "rating"}, 8)
    decide(t, min)  # E1–E4 win round 1
    pairs = [names(t, m.entrants) for m in t.rounds[1].matches]
    winners = {"E1", "E2", "E3", "E4"}
    assert all(set(p) <= winners or not set(p) & winners for p in pairs)


def test_r146_a_card_not_legal_in_tournaments_is_refused():
    with pytest.raises(IllegalAction) as refused:
        RULES.check_entrant(changed(entrant("A"), deck=[*DECK[:5], "S1-024"]), options())
    assert refused.value.code == "card_not_legal"
    assert "S1-024" in refused.value.message and "tornei" in refused.value.message_it


def test_r146_a_series_the_tournament_does_not_allow_is_refused():
    with pytest.raises(IllegalAction) as refused:
        RULES.check_entrant(entrant("A"), options(allowed_series=["S2"]))
    assert refused.value.code == "card_not_legal" and "S2" in refused.value.message


def test_r146_the_deck_has_exactly_deck_size_cards():
    with pytest.raises(IllegalAction) as refused:
        RULES.check_entrant(entrant("A"), options(deck_size=40))
    assert refused.value.code == "deck_size"
    assert refused.value.message_it == "Un mazzo da torneo ha esattamente 40 carte; questo ne ha 6."


def test_r146_at_most_max_copies_of_a_card():
    deck = ["S1-001*4", "S1-002*2"]
    with pytest.raises(IllegalAction) as refused:
        RULES.check_entrant(changed(entrant("A"), deck=deck), options())
    assert refused.value.code == "too_many_copies"
    written = RULES.check_entrant(changed(entrant("A"), deck=deck), options(max_copies=4))
    assert written.registration["deck"] == ["S1-001"] * 4 + ["S1-002"] * 2


def test_r146_the_main_must_be_legal_too():
    with pytest.raises(IllegalAction) as refused:
        RULES.check_entrant(changed(entrant("A"), main="S1-024"), options())
    assert refused.value.code == "card_not_legal"


def test_r146_a_refused_entrant_is_not_registered():
    t = new_tournament({"format": "swiss"}, 1)
    with pytest.raises(IllegalAction):
        register(t, entrant("A"), lambda e: RULES.check_entrant(e, options(deck_size=7)))
    assert t.entrants == []


def test_r147_two_seat_points_win_three_draw_one_bye_three():
    t = started({"format": "round_robin", "seeding": "rating"}, 3)
    decide(t, lambda seated: None)  # round 1: one draw, one bye
    points = sorted(s.points for s in championship_standings(t))
    assert points == [1.0, 1.0, 3.0]
    decide(t, min)
    assert sum(s.points for s in championship_standings(t)) == 1 + 1 + 3 + 3 + 3


def test_r148_a_multi_seat_round_splits_by_standings_and_shares_points():
    t = started({"format": "championship", "table_size": 4, "seeding": "rating"}, 9)
    assert [len(m.entrants) for m in t.rounds[0].matches] == [4, 5]
    first, second = pending(t)
    record(t, first.id, [1, 1, 3, 4])
    record(t, second.id, [1, 2, 3, 4, 5])
    points = {s.entrant: s.points for s in championship_standings(t)}
    assert [points[e] for e in first.entrants] == [2.5, 2.5, 1.0, 0.0]
    assert [points[e] for e in second.entrants] == [4.0, 3.0, 2.0, 1.0, 0.0]
    leaders = [second.entrants[0], second.entrants[1]]
    assert t.rounds[1].matches[0].entrants[:2] == leaders  # the best sit together next


def test_r149_head_to_head_before_wins_before_buchholz():
    t = started({"format": "round_robin", "seeding": "rating"}, 4)
    results = iter(["E1", "E2", "E1", "E4", "E2", "E3"])  # E1–E4, E2–E3, E1–E3, E4–E2, …
    while t.phase == "playing":
        decide(t, lambda seated: next(results))
    table = {t.entrants[s.entrant].name: s for s in championship_standings(t)}
    assert table["E1"].points == table["E2"].points == 6.0
    order = [t.entrants[s.entrant].name for s in championship_standings(t)]
    assert order.index("E2") < order.index("E1")  # E2 beat E1
    assert table["E2"].head_to_head == 3.0 and table["E1"].head_to_head == 0.0


def test_r149_buchholz_then_the_lottery():
    t = started({"format": "round_robin"}, 2)
    decide(t, lambda seated: None)
    standings = championship_standings(t)
    assert [s.ticket for s in standings] == sorted(s.ticket for s in standings)


def test_r150_alternate_first_player_swaps_after_each_game():
    t = started(
        {"format": "single_elimination", "best_of": 3},
        2,
        ages=[12, 60],
        game={"first_player": "alternate"},
    )
    _, table = play_table(t, pending(t)[0])
    assert table.state.turn_order == ["P1", "P2"]  # game 1 follows R2: the youngest first
    game2 = pending(t)[0]
    assert game2.order == [1, 0]
    _, table = play_table(t, game2)
    assert table.state.turn_order == ["P2", "P1"]


def test_r150_by_age_every_game_follows_r2():
    t = started({"format": "single_elimination", "best_of": 3}, 2, ages=[60, 12])
    play_table(t, pending(t)[0])
    assert pending(t)[0].order is None
    _, table = play_table(t, pending(t)[0])
    assert table.state.turn_order == ["P2", "P1"]


def test_r151_an_absent_entrant_loses_the_game():
    t = started({"format": "single_elimination", "seeding": "rating"}, 2)
    game = pending(t)[0]
    record(t, game.id, forfeit_places(2, {0}, {}), forfeits=[game.entrants[0]])
    assert t.rounds[0].matches[0].winner == game.entrants[1]
    assert public_view(t)["rounds"][0]["matches"][0]["games"][0]["forfeits"] == ["E1"]


def test_r152_every_game_uses_the_registered_main_and_deck():
    t = started({"format": "round_robin"}, 3)
    decks = {e.name: (e.registration["main"], e.registration["deck"]) for e in t.entrants}
    while t.phase == "playing":
        for game in pending(t):
            seated = [t.entrants[e] for e in game.entrants]
            config = RULES.tournament_table(seated, options(), None)
            for player in config["players"]:
                assert (player["main_card_id"], player["contribution"]) == decks[player["name"]]
        decide(t, min)


def test_r153_results_and_standings_are_public_only_after_the_round():
    t = started({"format": "round_robin", "seeding": "rating"}, 4)
    first = pending(t)[0]
    record(t, first.id, [1, 2])
    view = public_view(t)
    assert "games" not in view["rounds"][0]["matches"][0]
    assert all(row["points"] == 0 for row in view["standings"])
    decide(t, min)
    view = public_view(t)
    assert view["rounds"][0]["matches"][0]["games"][0]["places"] == {"E1": 1, "E4": 2}
    assert view["rounds"][1]["matches"][0]["entrants"] == ["E1", "E3"]


def test_r154_no_shared_first_place_when_everything_ties():
    t = started({"format": "round_robin"}, 4)
    while t.phase == "playing":
        decide(t, lambda seated: None)
    places = [row["place"] for row in public_view(t)["standings"]]
    assert places == [1, 2, 3, 4]


def test_r155_the_tournament_ends_with_the_last_round():
    t = started({"format": "swiss", "rounds": 2}, 4)
    decide(t, min)
    assert t.phase == "playing"
    decide(t, min)
    assert t.phase == "over" and pending(t) == []
    assert public_view(t)["champion"] == "E1"  # the only one with two wins


def test_r156_ratings_do_not_seed_a_lottery_tournament():
    rated = started({"format": "single_elimination"}, 8, seed=4)
    unrated = new_tournament({"format": "single_elimination"}, 4)
    for i in range(8):
        register(unrated, entrant(f"E{i + 1}"))
    start(unrated)
    assert rated.seeding == unrated.seeding
