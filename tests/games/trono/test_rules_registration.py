"""§5.1–§5.4: phases, the clock, registration, team formation, houses (R1–R21)."""

import hashlib

from tavola.core import Action, Table, Viewer
from tavola.games.trono.formation import assign_houses, capacities, form_teams, team_count
from tavola.games.trono.lotto import lotto_rank

from .tables import D, d_text, g4, ref, refused

CLOSE_AT = "2025-03-01T09:00:00Z"
DRAWN_AT = "2025-03-01T19:30:00Z"
"""20:30 in Rome: Saturday's draw, the first after the close, has happened."""


def registration_table(n=13, config=None):
    setup = {"registered": [f"u{i:02d}" for i in range(1, n + 1)], "now": "2025-02-27T09:00:00Z"}
    return Table("trono", {"formation_secret": "s3cr3t", **(config or {})}, 1, setup)


def prefs(table, user, partner=None, avoid=()):
    return table.act(
        f"player:{user}",
        Action("set_preferences", preferred_partner=partner, avoid=list(avoid)),
    )


def s3_table(config=None):
    """S3: u01..u13, pairs u01+u02 and u04+u05, avoid lists; closed and formed from D."""
    table = registration_table(13, config)
    for u, p in (("u01", "u02"), ("u02", "u01"), ("u04", "u05"), ("u05", "u04"), ("u03", "u04")):
        prefs(table, u, p)
    prefs(table, "u06", None, ["u01", "u07"])
    prefs(table, "u08", None, ["u09"])
    prefs(table, "u10", None, ["u11", "u12", "u13"])
    ref(table, "close_registration", at=CLOSE_AT)
    ref(table, "import_draw", text=d_text("2025-03-01"), at=DRAWN_AT)
    return table


def rank(table, user, houses, at):
    return table.act(f"player:{user}", Action("submit_house_ranking", houses=houses, at=at))


def s4_table(config=None):
    table = s3_table(config)
    rank(table, "u04", ["stark", "lannister", "tully"], "2025-03-02T10:00:00Z")
    rank(table, "u01", ["stark", "tyrell", "martell", "arryn"], "2025-03-02T10:05:00Z")
    rank(table, "u03", ["lannister", "stark"], "2025-03-02T10:07:00Z")
    ref(table, "tick", at="2025-03-03T19:30:00Z")
    return table


def test_r1_one_phase_at_a_time_in_the_spec_order():
    table = registration_table(13, {"review_before_publish": True, "schedule": "manual"})
    seen = [table.state.phase]
    ref(table, "close_registration", at=CLOSE_AT)
    seen.append(table.state.phase)
    ref(table, "import_draw", text=d_text("2025-03-01"), at=DRAWN_AT)
    seen.append(table.state.phase)
    refused("E_PHASE", table.act, "player:u01", Action("register"))
    for no, house in enumerate(("stark", "tyrell", "greyjoy", "lannister"), start=1):
        member = table.state.teams[no - 1].members[0]
        rank(table, member, [house], DRAWN_AT)
    seen.append(table.state.phase)
    ref(table, "start_game")
    seen.append(table.state.phase)
    ref(table, "close_turn")
    seen.append(table.state.phase)
    ref(table, "enter_draw", purpose="turn", date="2025-03-04", numbers=D)
    seen.append(table.state.phase)
    ref(table, "publish_results")
    seen.append(table.state.phase)
    assert seen == [
        "registration",
        "formation_wait",
        "house_ranking",
        "ready",
        "turn_open",
        "turn_locked",
        "review",
        "turn_open",
    ]


def test_r2_clock_regression_and_due_transitions_run_first():
    """Actions carry instants; a tick runs what is due (R2, A13)."""
    table = g4("calendar")
    ref(table, "tick", at="2025-03-04T12:00:00Z")
    refused("E_CLOCK_REGRESSION", ref, table, "tick", at="2025-03-04T11:59:59.999Z")
    # a post sent after the deadline finds the turn already locked by R2
    refused(
        "E_DEADLINE_PASSED",
        table.act,
        "player:tyrell1",
        Action(
            "submit_post",
            team="tyrell",
            turn=1,
            actions=[{"kind": "tax"}] * 3,
            at="2025-03-04T19:00:00Z",
        ),
    )
    assert table.state.phase == "turn_open"  # a refused action keeps nothing (DECISIONS 3)
    events = ref(table, "tick", at="2025-03-04T19:00:00Z")
    assert [e.type for e in events] == ["turn_locked"]
    assert table.state.phase == "turn_locked"
    reg = registration_table(13)
    ref(reg, "set_close", close_at="2025-02-28T09:00:00Z")
    refused("E_CLOSE_IN_PAST", ref, reg, "set_close", close_at="2025-02-27T09:00:00Z")
    refused(
        "E_PHASE", reg.act, "player:late", Action("register", at="2025-02-28T09:00:00Z")
    )  # the close ran before the registration


def test_r3_register_once_and_never_as_a_referee():
    """The register action and its refusals (R3, A1)."""
    table = Table("trono", {}, 1, {"registered": ["u01"]})
    table.act("player:u02", Action("register", display_name="Due"))
    assert table.state.players["u02"].display_name == "Due"
    refused("E_ALREADY_REGISTERED", table.act, "player:u01", Action("register"))
    refused("E_REFEREE_CANNOT_PLAY", table.act, "player:arbitro", Action("register"))


def test_r4_preferences_replaced_and_checked_s33():
    """The set_preferences action and its refusals (R4, A2)."""
    table = Table("trono", {}, 1, {"registered": ["u01"]})
    for code, partner, avoid in (
        ("E_AVOID_TOO_MANY", None, ["a", "b", "c", "d"]),
        ("E_PREF_SELF", "u01", []),
        ("E_PREF_IN_AVOID", "u02", ["u02"]),
        ("E_AVOID_INVALID", None, ["u01"]),
        ("E_AVOID_INVALID", None, ["u02", "u02"]),
    ):
        refused(code, prefs, table, "u01", partner, avoid)
    prefs(table, "u01", "nobody_yet", ["u05"])  # unregistered names are allowed
    prefs(table, "u01", "u03", [])
    player = table.state.players["u01"]
    assert (player.preferred_partner, player.avoid) == ("u03", [])
    refused("E_NOT_REGISTERED", prefs, table, "u09", None, [])


def test_r5_withdrawal_deletes_preferences_and_leaves_the_formation():
    """The withdraw action (R5, A3)."""
    table = registration_table(13)
    prefs(table, "u01", "u02", ["u03"])
    table.act("player:u01", Action("withdraw"))
    player = table.state.players["u01"]
    assert (player.status, player.preferred_partner, player.avoid) == ("withdrawn", None, [])
    events = ref(table, "close_registration")
    assert events[0].type == "registration_closed" and events[0].data["P"] == 12
    ref(table, "import_draw", text=d_text("2025-02-27"), at="2025-02-27T19:10:00Z")
    assert all("u01" not in t.members for t in table.state.teams)


def test_r6_commitment_is_the_sha256_of_the_secret():
    table = registration_table(13)
    ref(table, "close_registration")
    assert table.state.formation_commitment == hashlib.sha256(b"s3cr3t").hexdigest()
    generated = Table("trono", {}, 7, {"registered": [f"u{i:02d}" for i in range(1, 13)]})
    ref(generated, "close_registration")
    secret = generated.state.formation_secret
    assert len(secret) == 32 and int(secret, 16) >= 0 and secret == secret.lower()
    assert generated.state.formation_commitment == hashlib.sha256(secret.encode()).hexdigest()
    assert secret not in str(generated.view(Viewer.public()))


def test_r7_formation_draw_must_follow_the_close():
    table = registration_table()
    ref(table, "close_registration", at=CLOSE_AT)
    assert table.state.phase == "formation_wait"
    # 2025-03-01 20:00 Rome is after the 09:00Z close; 2025-02-28 20:00 is not
    refusal = refused(
        "E_DRAW_BEFORE_CLOSE",
        ref,
        table,
        "enter_draw",
        purpose="formation",
        date="2025-02-28",
        numbers=D,
    )
    assert refusal.message_it == (
        "L'estrazione inserita è del 28 febbraio 2025, ma quella di formazione deve seguire la "
        "chiusura delle iscrizioni, sabato 1º marzo 2025, 10:00 (ora di Roma): è quella di "
        "sabato 1º marzo 2025."
    )
    ref(table, "import_draw", text=d_text("2025-03-01"), at=DRAWN_AT)
    assert table.state.phase == "house_ranking" and len(table.state.teams) == 4
    assert table.state.draws[0].purpose == "formation"


def test_r8_too_few_players_fail_and_retries_are_capped_s2():
    table = registration_table(11, {"max_formation_attempts": 2})
    events = ref(table, "close_registration")
    assert any(e.type == "formation_failed" and e.data == {"P": 11, "T": 3} for e in events)
    assert table.state.phase == "registration" and table.state.formation_attempts == 1
    assert table.state.players["u01"].status == "registered"
    ref(table, "close_registration")
    assert table.state.phase == "over" and table.state.result["reason"] == "not_started"
    assert team_count(12, 3) == 4 and team_count(40, 3) == 10 and team_count(60, 3) == 10


def test_r9_capacities_differ_by_at_most_one_s2():
    assert team_count(29, 3) == 9 and capacities(29, 9) == [4, 4, 3, 3, 3, 3, 3, 3, 3]
    assert team_count(40, 3) == 10 and capacities(40, 10) == [4] * 10
    assert capacities(13, 4) == [4, 3, 3, 3]


S3_PREF = {"u01": "u02", "u02": "u01", "u04": "u05", "u05": "u04", "u03": "u04"}
S3_AVOID = {"u06": ["u01", "u07"], "u08": ["u09"], "u10": ["u11", "u12", "u13"]}
USERS = [f"u{i:02d}" for i in range(1, 14)]


def test_r10_only_mutual_registered_pairs_are_honoured():
    f = form_teams(USERS, S3_PREF, S3_AVOID, 4, D, "s3cr3t")
    assert f.pair_order == ["pair:u01+u02", "pair:u04+u05"]  # u03→u04 is not mutual
    ghost = form_teams(USERS, {**S3_PREF, "u07": "ghost", "ghost": "u07"}, {}, 4, D, "s")
    assert all(not p.startswith("pair:u07") for p in ghost.pair_order)


def test_r11_conflicts_count_each_avoiding_pair_once():
    together = form_teams(["a", "b", "c"], {}, {"a": ["b"], "b": ["a"]}, 1, D, "x")
    assert together.conflicts == 1  # a and b avoid each other: one conflict


def test_r12_r13_pairs_then_singles_by_lotto_rank_s3():
    f = form_teams(USERS, S3_PREF, S3_AVOID, 4, D, "s3cr3t")
    assert f.single_order == ["u06", "u11", "u08", "u13", "u09", "u12", "u07", "u10", "u03"]
    assert f.greedy_conflicts == 1
    assert lotto_rank(["solo:u06", "solo:u11"], D, "formation|s3cr3t")[0] == "solo:u06"
    # no team with two free places: the pair is split
    split = form_teams(["a", "b", "c"], {"a": "b", "b": "a"}, {}, 3, D, "x")
    assert split.pair_order == ["pair:a+b"] and sorted(map(len, split.teams)) == [1, 1, 1]


def test_r14_swaps_remove_the_conflict_s3():
    f = form_teams(USERS, S3_PREF, S3_AVOID, 4, D, "s3cr3t")
    assert f.conflicts == 0
    assert f.teams == [
        ["u01", "u02", "u08", "u12"],
        ["u04", "u05", "u07"],
        ["u06", "u11", "u13"],
        ["u03", "u09", "u10"],
    ]


def test_r15_rosters_public_and_ranking_deadline_48_hours():
    table = s3_table()
    assert table.state.phase == "house_ranking"
    public = table.view(Viewer.public())
    assert public["teams"]["team1"]["members"] == ["u01", "u02", "u08", "u12"]
    assert public["ranking_deadline"] == "2025-03-03T19:30:00.000Z"


def test_r16_a_team_ranks_once_with_valid_houses():
    """The submit_house_ranking action and its refusals (R16, A4)."""
    table = s3_table()
    refused("E_RANKING_INVALID", rank, table, "u01", [], "2025-03-02T09:00:00Z")
    refused("E_RANKING_INVALID", rank, table, "u01", ["stark", "stark"], "2025-03-02T09:00:00Z")
    refused("E_RANKING_INVALID", rank, table, "u01", ["winterfell"], "2025-03-02T09:00:00Z")
    rank(table, "u01", ["stark"], "2025-03-02T10:00:00Z")
    refused("E_RANKING_SUBMITTED", rank, table, "u02", ["tyrell"], "2025-03-02T10:01:00Z")
    assert table.view(Viewer.public())["teams"]["team1"]["house_ranking"] == ["stark"]


def test_r17_rank_rounds_earliest_ranking_wins_s4():
    table = s4_table()
    houses = [t.house_id for t in table.state.teams]
    assert houses == ["tyrell", "stark", "greyjoy", "lannister"]


def test_r17_serial_variant_takes_turns_in_timestamp_order():
    rankings = {
        1: (["stark", "tyrell"], 2),
        2: (["stark", "lannister"], 1),
        3: (["lannister", "stark"], 3),
        4: None,
    }
    serial = assign_houses(rankings, [1, 2, 3, 4], D, "serial")
    rounds = assign_houses(rankings, [1, 2, 3, 4], D, "rank_rounds")
    assert (serial[2], serial[1]) == ("stark", "tyrell")
    assert serial[3] == "lannister"
    assert rounds[3] == "lannister" and rounds[1] == "tyrell"
    # serial: team 3 (third in time) takes its best free house even if a later round
    # would have given it to someone else
    other = {1: (["tully"], 1), 2: (["arryn", "tully"], 2), 3: None, 4: None}
    assert assign_houses(other, [1, 2, 3, 4], D, "serial")[2] == "arryn"


def test_r18_fallback_by_lotto_rank_of_free_houses_s4():
    table = s4_table()
    free = [
        h
        for h in lotto_rank(
            ["tully", "greyjoy", "arryn", "targaryen", "martell", "baratheon", "bolton"],
            D,
            "houses-fallback",
        )
    ]
    assert free[0] == "greyjoy"
    assert table.state.teams[2].house_id == "greyjoy"


def test_r19_initial_seats_by_lotto_rank_and_tower_from_seven_teams():
    table = s4_table()
    assert table.state.throne == "stark" and not table.state.tower_exists
    big = registration_table(21)
    ref(big, "close_registration", at=CLOSE_AT)
    ref(big, "import_draw", text=d_text("2025-03-01"), at=DRAWN_AT)
    ref(big, "tick", at="2025-03-05T09:00:00Z")
    houses = [t.house_id for t in big.state.teams]
    ranked = lotto_rank(houses, D, "throne-initial")
    assert (big.state.throne, big.state.tower) == (ranked[0], ranked[1])
    assert big.state.tower_exists and big.state.two_winners


def test_r20_parameters_and_queued_joiners_placed():
    table = s3_table()
    table.act("player:late", Action("request_join", avoid_houses=[]))
    assert table.state.join_queue == ["late"]
    rank(table, "u04", ["stark"], "2025-03-02T10:00:00Z")
    ref(table, "tick", at="2025-03-03T19:30:00Z")
    assert table.state.phase == "ready" and table.state.join_queue == []
    assert table.state.team_of("late") is not None
    assert all(
        (t.soldiers, t.chests, t.banners, t.characters, t.turns_without_attack) == (20, 5, 0, [], 0)
        for t in table.state.teams
    )
    assert table.state.soldier_max == 20


def test_r21_start_game_opens_turn_one():
    """The start_game action (R21, A9)."""
    table = s4_table()
    refused("E_NOT_REFEREE", table.act, "player:u01", Action("start_game"))
    events = ref(table, "start_game")
    assert events[0].type == "turn_opened" and events[0].data["k"] == 1
    assert table.state.deadline is not None and table.state.phase == "turn_open"
    assert table.view(Viewer.public())["deadline"] == "2025-03-04T18:50:00.000Z"
