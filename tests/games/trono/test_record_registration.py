"""A sign-up copied by a referee from the forum's registration topic (`record_registration`,
DECISIONS 34): the user's own R3 registration with its R4 wishes, all or nothing."""

from tavola.core import Action, Table, Viewer

from .tables import ref, refused


def live_table():
    players = [f"p{i:02d}" for i in range(1, 13)]
    return Table("trono", {"players": players, "start_at": "2025-03-01T09:00:00Z"}, 1)


def test_r3_a_referee_registers_a_player_with_the_forum_name():
    table = live_table()
    events = ref(table, "record_registration", user="p01", display_name="Lady Bianca")
    assert [e.type for e in events] == ["player_registered"]
    player = table.state.players["p01"]
    assert (player.display_name, player.status) == ("Lady Bianca", "registered")


def test_r4_the_wishes_written_in_the_sign_up_are_recorded_for_the_referees_only():
    table = live_table()
    ref(table, "record_registration", user="p02", display_name="Ser Dario")
    ref(
        table,
        "record_registration",
        user="p01",
        display_name="Lady Bianca",
        preferred_partner="p02",
        avoid=["p03"],
    )
    player = table.state.players["p01"]
    assert (player.preferred_partner, player.avoid) == ("p02", ["p03"])
    assert "p03" not in str(table.view(Viewer.seat("player:p02")))


def test_r4_a_refused_wish_registers_nobody():
    table = live_table()
    refused(
        "E_PREF_IN_AVOID",
        ref,
        table,
        "record_registration",
        user="p01",
        display_name="Lady Bianca",
        preferred_partner="p02",
        avoid=["p02"],
    )
    assert "p01" not in table.state.players


def test_r3_a_user_without_a_player_seat_is_refused():
    refused("E_NOT_PLAYER", ref, live_table(), "record_registration", user="p99", display_name="X")


def test_r3_a_second_copy_of_the_same_sign_up_is_refused():
    table = live_table()
    ref(table, "record_registration", user="p01", display_name="Lady Bianca")
    refused("E_ALREADY_REGISTERED", ref, table, "record_registration", user="p01", display_name="B")


def test_a_sign_up_without_a_name_is_refused():
    table = live_table()
    refused("E_MALFORMED", ref, table, "record_registration", user="p01", display_name=" ")


def test_r3_only_a_referee_copies_a_sign_up():
    table = live_table()
    act = table.act
    refused(
        "E_NOT_REFEREE",
        act,
        "player:p01",
        Action("record_registration", user="p01", display_name="Lady Bianca"),
    )
