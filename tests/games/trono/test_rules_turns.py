"""§5.5: turns, deadlines and sealed posts (R22–R28, A6)."""

from tavola.core import Action, Table, Viewer

from .tables import REF, D, close, d_text, draw, g4, override, post, ref, refused, team


def two_teams(now, config=None):
    setup = {"teams": [{"house": "stark"}, {"house": "tyrell"}], "now": now}
    return Table("trono", config or {}, 1, setup)


def test_r22_deadline_is_the_next_tue_or_sat_1950_rome_after_12_hours():
    assert two_teams("2025-03-03T00:00:00Z").state.draw_date == "2025-03-04"
    # opened Tuesday 10:00 Rome: Tuesday 19:50 is under 12 hours away → Saturday
    table = two_teams("2025-03-04T09:00:00Z")
    assert table.view(Viewer.public())["deadline"] == "2025-03-08T18:50:00.000Z"
    assert table.state.draw_date == "2025-03-08"
    # after a turn, the next one opens at the resolution and alternates Tue/Sat
    manual = g4("calendar")
    for house in ("stark", "tyrell", "greyjoy", "lannister"):
        post(manual, house, ["defend"] * 3)
    ref(manual, "tick", at="2025-03-04T18:50:00Z")
    ref(manual, "import_draw", text=d_text("2025-03-04"), at="2025-03-04T19:10:00Z")
    assert manual.state.draw_date == "2025-03-08"


def test_r22_deadline_across_the_spring_change():
    # clocks go forward on Sunday 2025-03-30: Saturday 29 is winter, Tuesday 1 April summer
    winter = two_teams("2025-03-27T00:00:00Z").view(Viewer.public())["deadline"]
    summer = two_teams("2025-03-29T12:00:00Z").view(Viewer.public())["deadline"]
    assert winter == "2025-03-29T18:50:00.000Z"
    assert summer == "2025-04-01T17:50:00.000Z"


def test_r22_deadline_across_the_autumn_change():
    # clocks go back on Sunday 2025-10-26: Saturday 25 is summer, Tuesday 28 winter
    summer = two_teams("2025-10-23T00:00:00Z").view(Viewer.public())["deadline"]
    winter = two_teams("2025-10-25T20:00:00Z").view(Viewer.public())["deadline"]
    assert summer == "2025-10-25T17:50:00.000Z"
    assert winter == "2025-10-28T18:50:00.000Z"


def test_r23_first_post_sealed_second_refused_s6():
    table = g4(tyrell={"members": ["tyrell1", "tyrell2"]})
    post(table, "tyrell", ["tax", "tax", "tax"])
    first = table.state.posts["2"].model_dump()
    second = Action(
        "submit_post", team="tyrell", turn=1, actions=[{"kind": "rally"}] * 3, deploy=[]
    )
    refused("E_ALREADY_SUBMITTED", table.act, "player:tyrell2", second)
    assert table.state.posts["2"].model_dump() == first
    refused(
        "E_NOT_OVERRIDABLE",
        table.act,
        REF,
        Action("override", kind="edit_post", subject="tyrell", reason="typo"),
    )


def test_r23_a_refused_post_is_not_a_post_s7():
    table = g4()
    refused("E_ACTION_COUNT", post, table, "tyrell", [("attack", "stark"), "tax"])
    assert "2" not in table.state.posts
    post(table, "tyrell", [("attack", "stark"), "tax", "tax"])
    assert table.state.posts["2"].actions[0] == {"kind": "attack", "target": "stark"}


def test_r24_deadline_boundary_in_winter_s5():
    table = g4("calendar")
    assert table.view(Viewer.public())["deadline"] == "2025-03-04T18:50:00.000Z"
    post(table, "tyrell", ["tax", "tax", "tax"], at="2025-03-04T18:49:59.999Z")
    refused(
        "E_DEADLINE_PASSED",
        post,
        table,
        "lannister",
        ["tax", "tax", "tax"],
        at="2025-03-04T18:50:00.000Z",
    )
    assert "4" not in table.state.posts


def test_r24_deadline_boundary_in_summer():
    table = g4("calendar", setup={"now": "2025-03-30T00:00:00Z"})
    post(table, "tyrell", ["tax", "tax", "tax"], at="2025-04-01T17:49:59.999Z")
    refused(
        "E_DEADLINE_PASSED",
        post,
        table,
        "lannister",
        ["tax", "tax", "tax"],
        at="2025-04-01T17:50:00.000Z",
    )


def test_r24_deadline_boundary_after_the_autumn_change():
    table = g4("calendar", setup={"now": "2025-10-25T20:00:00Z"})
    post(table, "tyrell", ["tax", "tax", "tax"], at="2025-10-28T18:49:59.999Z")
    refused("E_DEADLINE_PASSED", post, table, "stark", ["tax"] * 3, at="2025-10-28T18:50:00.000Z")


def test_r25_posts_are_checked_against_the_opening_state():
    table = g4(greyjoy={"chests": 5})
    override(table, "adjust_parameter", "greyjoy", {"param": "chests", "to": 0})
    # the hire is judged on the 5 chests of the opening, not the 0 after the override
    post(table, "greyjoy", [("hire", "nerea_salsedine"), "tax", "tax"])
    for house in ("stark", "tyrell", "lannister"):
        post(table, house, ["defend"] * 3)
    events = draw(table)
    assert any(e.type == "hire_failed" for e in events)  # R31/R70 at resolution
    assert team(table, "greyjoy").owns("nerea_salsedine") is None


def test_r25_a6_checks_run_in_the_spec_order():
    table = g4()
    # step 1 before everything: a post naming another team
    refused("E_NOT_MEMBER", table.act, "player:tyrell1", Action("submit_post", team="stark"))
    refused("E_WRONG_TURN", table.act, "player:tyrell1", Action("submit_post", turn=2))
    # step 6 (target) before step 7 (limit) before step 9 (hire)
    refused(
        "E_TARGET_SELF",
        post,
        table,
        "tyrell",
        [("attack", "tyrell"), ("hire", "ottone_il_cupo"), "tax"],
    )
    refused(
        "E_ATTACK_LIMIT",
        post,
        table,
        "greyjoy",
        [("attack", "trono"), ("attack", "trono"), ("attack", "stark")],
    )
    refused(
        "E_HIRE_WRONG_HOUSE",
        post,
        table,
        "greyjoy",
        [("hire", "ottone_il_cupo"), "tax", "tax"],
        abandon=3,
    )
    refused("E_UNKNOWN_ACTION", post, table, "greyjoy", ["sing", "tax", "tax"])
    refused("E_UNKNOWN_CHARACTER", post, table, "greyjoy", [("hire", "nobody"), "tax", "tax"])


def test_r26_missing_post_is_empty_s28():
    table = g4()
    post(table, "tyrell", [("attack", "stark"), ("attack", "stark"), "tax"])
    post(table, "greyjoy", ["defend", ("attack", "trono"), "rally"])
    post(table, "lannister", [("attack", "greyjoy"), "defend", "tax"])
    close(table)
    draw(table)
    stark = team(table, "stark")
    battle = table.state.resolutions[-1]["battle"]["stark"]
    assert (battle["A"], battle["D"], stark.soldiers) == (8, 0, 12)
    assert stark.turns_without_attack == 1 and stark.banners == 2
    assert table.state.throne == "stark" and stark.reports[-1]["posted"] is False


def test_r27_manual_schedule_locks_when_all_have_posted_or_on_close_turn():
    """The close_turn action, for the manual schedule only (R27, A10)."""
    table = g4()
    assert table.state.deadline is None
    for house in ("stark", "tyrell", "greyjoy"):
        post(table, house, ["defend"] * 3)
    assert table.state.phase == "turn_open"
    post(table, "lannister", ["defend"] * 3)
    assert table.state.phase == "turn_locked"
    early = g4()
    ref(early, "close_turn")
    assert early.state.phase == "turn_locked"
    refused("E_NOT_MANUAL", ref, g4("calendar"), "close_turn")


def test_r28_draw_needs_the_lock_and_the_right_date_s34():
    """The enter_draw and import_draw actions and their refusals (R28, A8)."""
    table = g4("calendar")
    refused("E_TURN_NOT_LOCKED", draw, table)
    ref(table, "tick", at="2025-03-04T18:50:00Z")
    refused("E_DRAW_RANGE", draw, table, {**D, "BA": [91, 17, 33, 48, 90]})
    refused("E_DRAW_DUPLICATE", draw, table, {**D, "VE": [59, 14, 37, 59, 21]})
    refused("E_DRAW_INCOMPLETE", draw, table, {**D, "VE": [59, 14, 37, 21]})
    refused("E_DRAW_DATE_MISMATCH", draw, table, D, "2025-03-05")
    refused("E_IMPORT_FORMAT", ref, table, "import_draw", text="hello")
    text = d_text("2025-03-04") + "\nNazionale,1,2,3,4,5"
    ref(table, "import_draw", text=text, at="2025-03-04T19:10:00Z")
    assert table.state.turn == 2 and "NZ" not in table.state.draws[-1].numbers
    manual = g4()
    close(manual)
    draw(manual, day="2030-01-01")  # any date under the manual schedule
    assert manual.state.turn == 2
