"""Who sees which event: the seat, its team, the referee, or the public twin."""

from tavola.core import Event, Viewer, filter_event, filter_events

PRIVATE = Event(
    "card_drawn",
    {"seat": "P1", "card": "S1-001"},
    visible_to=frozenset({"P1"}),
    public={"seat": "P1"},
    seq=5,
)
SECRET = Event("hand_revealed", {"card": "S1-002"}, visible_to=frozenset({"P1"}), seq=6)
PUBLIC = Event("deck_cut", {"seat": "P2", "k": 3}, seq=4)


def test_public_event_passes_for_everyone():
    for viewer in (Viewer.seat("P2"), Viewer.public(), Viewer.referee()):
        assert filter_event(PUBLIC, viewer) == PUBLIC


def test_private_event_is_seen_by_its_seat():
    assert filter_event(PRIVATE, Viewer.seat("P1")) == PRIVATE


def test_private_event_is_seen_by_a_team_all_of_whose_seats_may_see_it():
    shared = Event("card_drawn", {"seat": "P1"}, visible_to=frozenset({"P1", "P3"}))
    assert filter_event(shared, Viewer.team("red", ["P1", "P3"])) == shared


def test_team_view_never_shows_one_member_what_another_alone_may_see():
    seen = filter_event(PRIVATE, Viewer.team("red", ["P1", "P3"]))
    assert seen is not None and "card" not in seen.data


def test_private_event_is_seen_by_the_referee():
    assert filter_event(PRIVATE, Viewer.referee()) == PRIVATE


def test_other_seat_gets_the_public_twin():
    seen = filter_event(PRIVATE, Viewer.seat("P2"))
    assert seen is not None
    assert dict(seen.data) == {"seat": "P1"}
    assert seen.visible_to is None
    assert seen.public is None
    assert (seen.type, seen.seq) == ("card_drawn", 5)


def test_team_without_the_seat_gets_the_public_twin():
    seen = filter_event(PRIVATE, Viewer.team("blue", ["P2", "P4"]))
    assert seen is not None
    assert "card" not in seen.data


def test_public_viewer_gets_the_public_twin():
    seen = filter_event(PRIVATE, Viewer.public())
    assert seen is not None
    assert dict(seen.data) == {"seat": "P1"}


def test_private_event_without_twin_is_hidden_from_others():
    assert filter_event(SECRET, Viewer.seat("P2")) is None
    assert filter_event(SECRET, Viewer.public()) is None


def test_private_event_without_twin_is_seen_by_its_seat():
    assert filter_event(SECRET, Viewer.seat("P1")) == SECRET


def test_filter_events_keeps_order_and_drops_hidden():
    events = [PUBLIC, PRIVATE, SECRET, Event("deck_shuffled", seq=7)]
    seen = filter_events(events, Viewer.seat("P2"))
    assert [e.seq for e in seen] == [4, 5, 7]
    assert "card" not in seen[1].data


def test_filter_events_for_the_referee_keeps_everything_in_order():
    events = [PRIVATE, PUBLIC, SECRET]
    assert filter_events(events, Viewer.referee()) == events
