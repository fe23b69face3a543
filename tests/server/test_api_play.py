"""Playing through the REST API: whole games, versions, duplicates, refusals, records."""

from __future__ import annotations

import pytest

from tavola.core import GameRecord, replay

from .api_helpers import (
    ANNA,
    BRUNO,
    CLASSIC,
    ROBO,
    SIMPLIFIED,
    act,
    create,
    first_move,
    legal,
    private_events_outside,
    record,
    running,
    view,
)

SHORT_SIMPLIFIED = {"mode": "simplified", "simplified": {"max_clashes": 3}}
"""A whole game in a handful of moves: three clashes at most."""


def play_to_end(client, game_id, token):
    """Plays the seat's first legal (non-concede) action whenever it is awaited, with the
    version of the last answer, until the game is over. Returns the number of moves made."""
    moves = 0
    version = view(client, game_id, token)["version"]
    for _ in range(5000):
        options = legal(client, game_id, token)
        action = first_move(options["actions"])
        if action is None:
            seen = view(client, game_id, token)
            if seen["status"] == "over":
                return moves
            version = seen["version"]
            continue
        response = act(client, game_id, token, action, version)
        if response.status_code == 409 and response.json()["code"] == "STALE":
            version = response.json()["version"]  # a bot moved in between: look again
            continue
        assert response.status_code == 200, response.text
        version = response.json()["version"]
        moves += 1
    raise AssertionError("the game did not end")


def cut(client, created):
    """P2 (the cutter) cuts the deck of a two-human simplified game: version 1."""
    response = act(client, created["game_id"], created["tokens"]["P2"], "cut_deck", 0)
    assert response.status_code == 200, response.text
    return response.json()


def deal_classic(client, created):
    """Both humans choose their first main, P2 cuts: the deal happens (version 3);
    returns P2's answer to the cut."""
    game_id, tokens = created["game_id"], created["tokens"]
    for version, seat in enumerate(["P1", "P2"]):
        main = first_move(legal(client, game_id, tokens[seat])["actions"])
        assert act(client, game_id, tokens[seat], main, version).status_code == 200
    response = act(client, game_id, tokens["P2"], "cut_deck", 2)
    assert response.status_code == 200, response.text
    return response.json()


# -- whole games -------------------------------------------------------------------------------


@pytest.mark.parametrize("options", [SIMPLIFIED, CLASSIC], ids=["simplified", "classic"])
def test_a_human_plays_a_whole_game_against_a_bot(db_url, options):
    with running(db_url) as client:
        created = create(client, options, [ANNA, ROBO], seed=7)
        game_id, token = created["game_id"], created["tokens"]["P1"]
        moves = play_to_end(client, game_id, token)
        final = view(client, game_id, token)
    assert moves > 0
    assert final["status"] == "over"
    assert final["to_act"] == []
    assert set(final["view"]["result"]["placements"]) == {"P1", "P2"}


def test_the_record_of_a_finished_game_replays_to_its_state_hash(db_url):
    with running(db_url) as client:
        created = create(client, SHORT_SIMPLIFIED, [ANNA, ROBO], seed=11)
        play_to_end(client, created["game_id"], created["tokens"]["P1"])
        finished = record(client, created["game_id"], created["tokens"]["P1"])
        version = view(client, created["game_id"])["version"]
    assert finished["finished"] is True
    assert finished["seed"] == 11
    assert len(finished["log"]) == version
    assert {entry["seat"] for entry in finished["log"]} == {"P1", "P2"}
    rebuilt = replay(GameRecord.from_json(finished))
    assert rebuilt.hash == finished["state_hash"]
    assert rebuilt.outcome is not None


def test_the_record_of_a_finished_game_is_the_same_for_every_viewer(db_url):
    with running(db_url) as client:
        created = create(client, SHORT_SIMPLIFIED, [ANNA, ROBO], seed=11)
        play_to_end(client, created["game_id"], created["tokens"]["P1"])
        for_seat = record(client, created["game_id"], created["tokens"]["P1"])
        for_public = record(client, created["game_id"])
    assert for_seat == for_public


def test_a_finished_game_refuses_further_moves(db_url):
    with running(db_url) as client:
        created = create(client, SHORT_SIMPLIFIED, [ANNA, ROBO], seed=11)
        game_id, token = created["game_id"], created["tokens"]["P1"]
        play_to_end(client, game_id, token)
        version = view(client, game_id)["version"]
        response = act(client, game_id, token, "flip", version)
        assert response.status_code == 422
        assert response.json()["code"] == "game_over"
        assert legal(client, game_id, token)["actions"] == []
        assert view(client, game_id)["version"] == version


# -- the acting answer -------------------------------------------------------------------------


def test_the_acting_answer_carries_the_new_version_and_the_seats_view(db_url):
    with running(db_url) as client:
        created = create(client, SIMPLIFIED, [ANNA, BRUNO])
        answer = cut(client, created)
    assert answer["version"] == 1
    assert answer["duplicate"] is False
    assert answer["seat"] == "P2"
    assert answer["view"]["viewer"] == "P2"
    assert answer["view"]["phase"] == "simplified_flip"
    assert answer["to_act"] == ["P1", "P2"]


def test_the_acting_answer_carries_the_events_of_the_move(db_url):
    with running(db_url) as client:
        created = create(client, SIMPLIFIED, [ANNA, BRUNO])
        answer = cut(client, created)
    types = [e["type"] for e in answer["events"]]
    assert types[0] == "deck_cut"
    assert answer["events"][0]["data"]["seat"] == "P2"
    assert "piles_dealt" in types


def test_the_acting_answer_shows_only_the_events_the_seat_may_see(db_url):
    with running(db_url) as client:
        created = create(client, CLASSIC, [ANNA, BRUNO])
        answer = deal_classic(client, created)
    dealt = [e for e in answer["events"] if e["type"] == "card_dealt"]
    own = [e for e in dealt if e["data"]["seat"] == "P2"]
    other = [e for e in dealt if e["data"]["seat"] == "P1"]
    assert own and other
    assert all(e["visibility"] == ["P2"] and "iid" in e["data"] for e in own)
    assert all(e["visibility"] == "public" and e["data"] == {"seat": "P1"} for e in other)
    assert private_events_outside(answer["events"], "P2") == []


# -- stale versions and repeated requests ------------------------------------------------------


def test_a_stale_version_is_refused_409_with_the_current_version_and_view(db_url):
    with running(db_url) as client:
        created = create(client, SIMPLIFIED, [ANNA, BRUNO])
        cut(client, created)
        response = act(client, created["game_id"], created["tokens"]["P1"], "flip", 0)
        assert response.status_code == 409
        refusal = response.json()
        assert refusal["code"] == "STALE"
        assert refusal["version"] == 1
        assert refusal["view"]["version"] == 1
        assert refusal["view"]["seat"] == "P1"
        assert refusal["view"]["view"]["viewer"] == "P1"
        assert view(client, created["game_id"])["version"] == 1


def test_a_version_from_the_future_is_refused_stale(db_url):
    with running(db_url) as client:
        created = create(client, SIMPLIFIED, [ANNA, BRUNO])
        response = act(client, created["game_id"], created["tokens"]["P2"], "cut_deck", 5)
        assert response.status_code == 409
        assert response.json()["code"] == "STALE"
        assert view(client, created["game_id"])["version"] == 0


def test_a_repeated_client_action_id_returns_the_first_result(db_url):
    with running(db_url) as client:
        created = create(client, SIMPLIFIED, [ANNA, BRUNO])
        game_id, token = created["game_id"], created["tokens"]["P2"]
        first = act(client, game_id, token, "cut_deck", 0, "cut-1").json()
        again = act(client, game_id, token, "cut_deck", 0, "cut-1")
    assert again.status_code == 200
    repeated = again.json()
    assert repeated["duplicate"] is True
    assert repeated["version"] == first["version"] == 1
    assert repeated["events"] == first["events"]


def test_a_repeated_client_action_id_does_not_move_twice(db_url):
    with running(db_url) as client:
        created = create(client, SIMPLIFIED, [ANNA, BRUNO])
        game_id, token = created["game_id"], created["tokens"]["P1"]
        cut(client, created)
        for _ in range(3):
            assert act(client, game_id, token, "flip", 1, "flip-once").status_code == 200
        seen = view(client, game_id)
        log = record(client, game_id, token)["events"]
    assert seen["version"] == 2
    assert [e["data"]["seat"] for e in log if e["type"] == "flip_submitted"] == ["P1"]


def test_a_repeated_client_action_id_returns_the_first_version_after_other_moves(db_url):
    with running(db_url) as client:
        created = create(client, SIMPLIFIED, [ANNA, BRUNO])
        game_id, tokens = created["game_id"], created["tokens"]
        cut(client, created)
        first = act(client, game_id, tokens["P1"], "flip", 1, "p1-flip").json()
        assert act(client, game_id, tokens["P2"], "flip", 2, "p2-flip").status_code == 200
        repeated = act(client, game_id, tokens["P1"], "flip", 1, "p1-flip").json()
    assert repeated["duplicate"] is True
    assert repeated["events"] == first["events"]
    assert repeated["version"] == first["version"] == 2


def test_a_repeated_answer_shows_the_game_as_it_is_now_at_view_version(db_url):
    with running(db_url) as client:
        created = create(client, SIMPLIFIED, [ANNA, BRUNO])
        game_id, tokens = created["game_id"], created["tokens"]
        cut(client, created)
        assert act(client, game_id, tokens["P1"], "flip", 1, "p1-flip").status_code == 200
        assert act(client, game_id, tokens["P2"], "flip", 2, "p2-flip").status_code == 200
        repeated = act(client, game_id, tokens["P1"], "flip", 1, "p1-flip").json()
        now = view(client, game_id, tokens["P1"])
    assert repeated["view_version"] == now["version"] == 3
    assert repeated["view"] == now["view"]


def test_a_client_action_id_of_another_seat_is_refused_409(db_url):
    with running(db_url) as client:
        created = create(client, SIMPLIFIED, [ANNA, BRUNO])
        game_id, tokens = created["game_id"], created["tokens"]
        assert act(client, game_id, tokens["P2"], "cut_deck", 0, "shared").status_code == 200
        response = act(client, game_id, tokens["P1"], "flip", 1, "shared")
        assert response.status_code == 409
        assert response.json()["code"] == "duplicate_id"
        assert view(client, game_id)["version"] == 1


# -- refusals ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seat", "action", "code"),
    [
        ("P2", {"type": "cut_deck", "k": 999}, "invalid_cut"),
        ("P2", {"type": "dance"}, "unknown_action"),
        ("P1", {"type": "cut_deck"}, "not_your_decision"),
        ("P2", {"type": "flip"}, "wrong_phase"),
    ],
    ids=["bad_argument", "unknown_action", "not_awaited", "wrong_phase"],
)
def test_an_illegal_action_is_refused_422_with_the_engines_code(db_url, seat, action, code):
    with running(db_url) as client:
        created = create(client, SIMPLIFIED, [ANNA, BRUNO])
        game_id = created["game_id"]
        response = act(client, game_id, created["tokens"][seat], action, 0)
        assert response.status_code == 422
        assert response.json()["code"] == code
        assert response.json()["message"]
        assert view(client, game_id)["version"] == 0


def test_an_action_without_a_type_is_refused_422_bad_request(db_url):
    with running(db_url) as client:
        created = create(client, SIMPLIFIED, [ANNA, BRUNO])
        response = act(client, created["game_id"], created["tokens"]["P2"], {"k": 3}, 0)
    assert response.status_code == 422
    assert response.json()["code"] == "bad_request"


@pytest.mark.parametrize(
    "action",
    [
        {"type": "timeout", "decision_id": "cut"},
        {"type": "autopilot", "action": {"type": "cut_deck"}},
    ],
    ids=["timeout", "autopilot"],
)
def test_platform_actions_sent_by_a_client_are_refused_403(db_url, action):
    with running(db_url) as client:
        created = create(client, SIMPLIFIED, [ANNA, BRUNO])
        game_id = created["game_id"]
        response = act(client, game_id, created["tokens"]["P2"], action, 0)
        assert response.status_code == 403
        assert response.json()["code"] == "forbidden"
        assert view(client, game_id)["version"] == 0


# -- the record during play ----------------------------------------------------------------------


def test_the_record_during_play_hides_the_seed_and_the_log(db_url):
    with running(db_url) as client:
        created = create(client, SIMPLIFIED, [ANNA, BRUNO])
        cut(client, created)
        during = record(client, created["game_id"], created["tokens"]["P1"])
    assert during["finished"] is False
    assert during["version"] == 1
    assert "seed" not in during
    assert "log" not in during
    assert "state_hash" not in during


def test_the_record_during_play_has_only_the_viewers_events(db_url):
    with running(db_url) as client:
        created = create(client, CLASSIC, [ANNA, BRUNO])
        deal_classic(client, created)
        mine = record(client, created["game_id"], created["tokens"]["P1"])["events"]
        public = record(client, created["game_id"])["events"]
    dealt_to_me = [e for e in mine if e["type"] == "card_dealt" and e["data"]["seat"] == "P1"]
    assert dealt_to_me and all("iid" in e["data"] for e in dealt_to_me)
    dealt_to_p2 = [e for e in mine if e["type"] == "card_dealt" and e["data"]["seat"] == "P2"]
    assert dealt_to_p2 and all(e["data"] == {"seat": "P2"} for e in dealt_to_p2)
    assert private_events_outside(mine, "P1") == []
    assert private_events_outside(public, None) == []
    assert len(public) == len(mine)
