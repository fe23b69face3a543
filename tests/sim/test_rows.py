"""One row per game: the columns, and values that agree with the rules of the run."""

import csv
import io

import pytest

from tavola.core import Event, derive_seed, get_game
from tavola.games.legends.sim_rows import LegendsRows
from tavola.sim import build_spec, simulate
from tavola.sim.output import csv_text
from tavola.sim.play import play_game
from tavola.sim.rows import GenericRows, extractor_for, parse_cards

from .conftest import SIMPLIFIED

SHARED = ["game", "seed", "seats", "first", "winners", "draw", "reason"]
SHARED += ["rounds", "turns", "actions", "plays"]


def rows_of(result):
    return list(csv.DictReader(io.StringIO(csv_text(result.rows))))


def test_battle_rows_have_every_column_in_a_fixed_order(classic_local):
    header = csv_text(classic_local.rows).splitlines()[0].split(",")
    per_seat = ["bot", "place", "plays", "cards", "dealt", "hp", "chars"]
    assert header == SHARED + [f"{c}_{s}" for s in ("P1", "P2") for c in per_seat]


def test_battle_rows_agree_with_the_outcome_and_the_round_cap(classic_local):
    rows = rows_of(classic_local)
    assert [int(r["game"]) for r in rows] == list(range(48))
    for row in rows:
        assert int(row["seed"]) == derive_seed(11, "game", int(row["game"]))
        seats = row["seats"].split()
        winners = row["winners"].split()
        assert seats == ["P1", "P2"] and set(winners) <= set(seats)
        assert row["first"] in seats
        assert 1 <= int(row["rounds"]) <= 3  # max_rounds 3
        assert int(row["turns"]) >= int(row["rounds"]) - 1
        assert int(row["actions"]) > 0
        assert (row["bot_P1"], row["bot_P2"]) == ("reference", "random")
        for seat in seats:
            assert (int(row[f"place_{seat}"]) == 1) == (seat in winners)
            cards = parse_cards(row[f"cards_{seat}"])
            assert sum(cards.values()) == int(row[f"plays_{seat}"])
            assert all(card.startswith("S1-") for card in cards)
            assert int(row[f"hp_{seat}"]) >= 0
            if int(row[f"chars_{seat}"]) == 0:
                assert int(row[f"hp_{seat}"]) == 0
        assert int(row["plays"]) == sum(int(row[f"plays_{s}"]) for s in seats)
        # every seat reveals its main at setup: it is always among its plays
        assert all(int(row[f"plays_{s}"]) >= 1 for s in seats)


def test_a_seat_eliminated_in_battle_has_nothing_left():
    rows = rows_of(simulate(build_spec("legends", ["reference", "random"], 3, {}), 6))
    finished = [r for r in rows if r["reason"] == "last_team"]
    assert finished, "with no round cap, games end by elimination"
    for row in finished:
        (loser,) = set(row["seats"].split()) - set(row["winners"].split())
        assert row[f"hp_{loser}"] == "0" and row[f"chars_{loser}"] == "0"


def test_simplified_rows_count_clashes_and_piles():
    spec = build_spec("legends", ["reference", "random", "random"], 5, SIMPLIFIED)
    rows = rows_of(simulate(spec, 12))
    for row in rows:
        seats = row["seats"].split()
        assert len(seats) == 3
        assert 1 <= int(row["rounds"]) <= 30
        assert int(row["turns"]) >= int(row["rounds"])  # wars flip again within a clash
        piles = [int(row[f"pile_{s}"]) for s in seats]
        assert all(p >= 0 for p in piles) and sum(piles) <= 60  # the starter set
        assert "hp_P1" not in row
        dealt = [card for s in seats for card in row[f"cards_{s}"].split()]
        assert len(dealt) == len(set(dealt))  # a card counts for the one seat it was dealt to
        assert sum(int(row[f"plays_{s}"]) for s in seats) <= 60


def test_any_game_of_a_run_is_the_same_when_played_alone(classic_spec, classic_local):
    for index in (0, 17, 47):
        row, _ = play_game(classic_spec, index)
        assert row == classic_local.rows[index]


def test_rotation_seats_every_bot_everywhere():
    spec = build_spec("legends", ["reference", "random"], 2, SIMPLIFIED, rotate=True)
    rows = simulate(spec, 4).rows
    assert [(r["bot_P1"], r["bot_P2"]) for r in rows] == [
        ("reference", "random"),
        ("random", "reference"),
    ] * 2


def test_automatic_boss_seat_is_played_and_named_boss():
    spec = build_spec("legends", ["reference", "random", "boss"], 4, {"mode": "epic"})
    row = simulate(spec, 1).rows[0]
    assert row["seats"] == "P1 P2 B"
    assert (row["bot_P1"], row["bot_P2"], row["bot_B"]) == ("reference", "random", "boss")
    assert row["winners"] in ("P1 P2", "B")


def test_an_automaton_keeps_its_seat_when_the_bots_rotate():
    spec = build_spec("legends", ["boss", "reference", "random"], 4, {"mode": "epic"}, rotate=True)
    assert (spec.bots, spec.automata) == (("reference", "random"), ("boss",))
    assert spec.seat_bots(1, ["P1", "P2", "B"]) == {"P1": "random", "P2": "reference", "B": "boss"}


def test_a_seat_beyond_the_named_ones_is_played_by_the_reference_bot():
    spec = build_spec("trono", ["random", "random"], 2, {"max_turns": 2})
    row = simulate(spec, 1).rows[0]
    assert row["seats"].split() == ["player:bot01", "player:bot02", "referee:arbitro"]
    assert row["bot_referee:arbitro"] == "reference"


def test_a_game_with_simulation_rows_reads_its_own():
    assert isinstance(extractor_for(get_game("legends")), LegendsRows)


def test_a_game_without_simulation_rows_gets_the_generic_reading():
    from tests.fixture_game.kuhn import game as kuhn

    assert isinstance(extractor_for(kuhn), GenericRows)


def test_the_generic_reading_counts_turns_rounds_and_card_plays():
    events = [
        Event("turn_started", {"round": 1}),
        Event("card_played", {"seat": "P1", "card_id": "ace"}),
        Event("turn_started", {"round": 2}),
        Event("card_played", {"seat": "P2"}),  # no card: not a play
    ]
    rows = GenericRows()
    assert rows.length({}, events) == (2, 2)
    assert rows.plays({}, events) == [("ace", "P1")]
    assert rows.card_names({"card_faces": {"ace": {"name": "Asso"}}}) == {}


def test_card_names_come_from_the_catalogue_the_games_show(classic_local):
    assert classic_local.names["S1-001"] == {
        "it": "Sentinella della Torre Chiara",
        "en": "Sentinel of the Clear Tower",
    }


def test_unknown_bot_is_refused_before_any_game():
    with pytest.raises(ValueError, match="unknown bot 'nobody'"):
        build_spec("legends", ["reference", "nobody"], 1, {})


def test_an_illegal_bot_move_names_the_game_to_replay(monkeypatch, classic_spec):
    from tavola.core import Action
    from tavola.sim import play

    class Cheater:
        def choose(self, game, state, seat):
            return Action("take_everything")

    monkeypatch.setattr(play, "make_bot", lambda name, game, seed, seat: Cheater())
    seed = classic_spec.game_seed(3)
    with pytest.raises(play.SimulationError, match=f"game 3 \\(seed {seed}\\)"):
        play.play_chunk(classic_spec, 3, 5)
