"""§6: who may send each action, when, and who hears of it (A1–A13). The rules each action
carries out are tested with their rules (test_rules_*.py)."""

import pytest

from tavola.core import Action, Table

from .tables import D, d_text, g4, ref, refused

CLOSE_AT = "2025-03-01T09:00:00Z"


def registration(n: int = 12) -> Table:
    users = [f"u{i:02d}" for i in range(1, n + 1)]
    return Table("trono", {"formation_secret": "s3cr3t"}, 1, {"registered": users, "now": CLOSE_AT})


def forming() -> Table:
    """Registration closed on 12 players; the formation draw is awaited."""
    table = registration()
    ref(table, "close_registration")
    return table


def ranking() -> Table:
    """Four teams formed from D; their house rankings are awaited."""
    table = forming()
    ref(table, "import_draw", text=d_text("2025-03-01"), at="2025-03-01T19:10:00Z")
    return table


def test_a1_a_registration_is_announced_to_everyone():
    table = registration()
    [event] = table.act("player:u13", Action("register", display_name="Tredici"))
    assert (event.type, event.visible_to) == ("player_registered", None)


def test_a2_preferences_are_told_to_the_user_and_the_referees_only():
    table = registration()
    [event] = table.act("player:u01", Action("set_preferences", preferred_partner="u02"))
    assert event.type == "preferences_set"
    assert event.visible_to == {"player:u01", "referee:arbitro"}


def test_a3_a_withdrawal_is_announced_to_everyone():
    table = registration()
    [event] = table.act("player:u01", Action("withdraw"))
    assert (event.type, event.visible_to) == ("player_withdrew", None)


def test_a3_no_withdrawal_after_the_close():
    refused("E_PHASE", forming().act, "player:u01", Action("withdraw"))


def test_a4_only_a_team_member_ranks_the_houses():
    table = ranking()
    refused(
        "E_NOT_MEMBER", table.act, "player:u99", Action("submit_house_ranking", houses=["stark"])
    )


def test_a4_a_house_ranking_is_announced_to_everyone():
    table = ranking()
    member = table.state.teams[0].members[0]
    [event] = table.act(f"player:{member}", Action("submit_house_ranking", houses=["stark"]))
    assert (event.type, event.visible_to) == ("house_ranking_submitted", None)


def test_a5_a_join_before_the_houses_are_assigned_is_queued_publicly():
    table = ranking()
    [event] = table.act("player:late", Action("request_join", avoid_houses=[]))
    assert (event.type, event.visible_to, table.state.join_queue) == ("join_queued", None, ["late"])


def test_a5_r63_a_registrant_awaiting_the_formation_may_not_ask_to_join():
    table = forming()
    refused("E_ALREADY_MEMBER", table.act, "player:u01", Action("request_join", avoid_houses=[]))


def test_a7_a_close_time_must_be_in_the_future():
    table = registration()
    refused("E_CLOSE_IN_PAST", ref, table, "set_close", close_at="2025-03-01T08:59:59Z")


def test_a7_reopen_registration_sets_the_next_close_after_a_failed_formation():
    table = registration(11)
    [failed] = ref(table, "close_registration")
    assert (failed.type, table.state.phase) == ("formation_failed", "registration")
    [event] = ref(table, "reopen_registration", close_at="2025-03-08T09:00:00Z")
    assert (event.type, event.data["close_at"]) == ("close_set", "2025-03-08T09:00:00.000Z")


def test_a7_closing_registration_publishes_the_count_and_the_commitment():
    [event] = ref(registration(), "close_registration")
    assert (event.type, event.visible_to, event.data["P"]) == ("registration_closed", None, 12)
    assert len(event.data["commitment"]) == 64


@pytest.mark.parametrize(
    "action",
    [
        Action("set_close", close_at="2025-03-08T09:00:00Z"),
        Action("close_registration"),
        Action("reopen_registration", close_at="2025-03-08T09:00:00Z"),
        Action("enter_draw", purpose="formation", date="2025-03-01", numbers=D),
        Action("import_draw", text=d_text("2025-03-01")),
        Action("start_game"),
        Action("close_turn"),
        Action("publish_results"),
        Action("override", kind="end_game", subject="game", reason="r"),
    ],
    ids=lambda action: action.type,
)
def test_a7_a8_a9_a10_a11_a12_referee_actions_are_refused_to_players(action):
    refused("E_NOT_REFEREE", registration().act, "player:u01", action)


def test_a9_start_game_only_once_the_houses_are_assigned():
    refused("E_PHASE", ref, ranking(), "start_game")


def test_a11_publish_results_only_in_review():
    refused("E_PHASE", ref, g4(), "publish_results")


def test_a13_a_tick_from_any_seat_runs_the_transitions_due():
    table = g4("calendar")
    [event] = table.act("player:tyrell1", Action("tick", at="2025-03-04T18:50:00Z"))
    assert (event.type, table.state.phase) == ("turn_locked", "turn_locked")
