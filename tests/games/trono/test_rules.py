"""Named rule tests (R-numbers of shared/rules/gioco_del_trono.md)."""

import json

import pytest

from tavola.core import Action, ConfigError, IllegalAction, Table, Viewer, get_game
from tavola.core.conformance import play_random_game
from tavola.games.trono.characters import CatalogueProblem, parse_catalogue, starter_catalogue
from tavola.games.trono.formation import capacities, form_teams, team_count
from tavola.games.trono.lotto import lotto_rank, rank_key, value

from .tables import REF, D, close, d_text, draw, g4, g8, post, team

GAME = get_game("trono")


def refused(code, fn, *args, **kwargs):
    with pytest.raises(IllegalAction) as info:
        fn(*args, **kwargs)
    assert info.value.code == code
    return info.value


def test_s1_value_table_boundaries():
    numbers = [15, 16, 35, 36, 55, 56, 75, 76, 90, 1]
    assert [value(n) for n in numbers] == [0, 1, 1, 2, 2, 3, 3, 4, 4, 0]


def test_lotto_rank_vectors():
    assert rank_key(D, "throne-initial", "stark").startswith("4b014d5b1abacd35")
    houses = ["greyjoy", "lannister", "stark", "tyrell"]
    assert lotto_rank(houses, D, "throne-initial") == ["stark", "tyrell", "lannister", "greyjoy"]


def test_r8_team_count_and_r9_capacities():
    assert team_count(11, 3) == 3
    assert team_count(29, 3) == 9 and capacities(29, 9) == [4, 4, 3, 3, 3, 3, 3, 3, 3]
    assert team_count(40, 3) == 10 and capacities(40, 10) == [4] * 10


def test_r10_r14_formation_test_vector_s3():
    users = [f"u{i:02d}" for i in range(1, 14)]
    pref = {"u01": "u02", "u02": "u01", "u04": "u05", "u05": "u04", "u03": "u04"}
    avoid = {"u06": ["u01", "u07"], "u08": ["u09"], "u10": ["u11", "u12", "u13"]}
    f = form_teams(users, pref, avoid, 4, D, "s3cr3t")
    assert f.pair_order == ["pair:u01+u02", "pair:u04+u05"]
    assert f.single_order == ["u06", "u11", "u08", "u13", "u09", "u12", "u07", "u10", "u03"]
    assert f.greedy_conflicts == 1 and f.conflicts == 0
    assert f.teams == [
        ["u01", "u02", "u08", "u12"],
        ["u04", "u05", "u07"],
        ["u06", "u11", "u13"],
        ["u03", "u09", "u10"],
    ]


def registration_table(n=13):
    setup = {"registered": [f"u{i:02d}" for i in range(1, n + 1)], "now": "2025-02-27T09:00:00Z"}
    return Table("trono", {"formation_secret": "s3cr3t"}, 1, setup)


def test_r8_formation_failed_with_11_players():
    table = registration_table(11)
    events = table.act(REF, Action("close_registration"))
    assert any(e.type == "formation_failed" and e.data == {"P": 11, "T": 3} for e in events)
    assert table.state.phase == "registration" and table.state.formation_attempts == 1


def test_r6_r7_commitment_and_draw_before_close():
    table = registration_table()
    table.act(REF, Action("close_registration", at="2025-03-01T09:00:00Z"))
    assert table.state.phase == "formation_wait"
    assert len(table.state.formation_commitment) == 64
    refused(
        "E_DRAW_BEFORE_CLOSE",
        table.act,
        REF,
        Action("enter_draw", purpose="formation", date="2025-02-28", numbers=D),
    )
    table.act(REF, Action("import_draw", text=d_text("2025-03-01")))
    assert table.state.phase == "house_ranking" and len(table.state.teams) == 4


def test_r16_r20_house_assignment_s4():
    table = registration_table()
    for u, p in (("u01", "u02"), ("u02", "u01"), ("u04", "u05"), ("u05", "u04")):
        table.act(f"player:{u}", Action("set_preferences", preferred_partner=p, avoid=[]))
    table.act("player:u06", Action("set_preferences", preferred_partner=None, avoid=["u01", "u07"]))
    table.act("player:u08", Action("set_preferences", preferred_partner=None, avoid=["u09"]))
    table.act(
        "player:u10", Action("set_preferences", preferred_partner=None, avoid=["u11", "u12", "u13"])
    )
    table.act("player:u03", Action("set_preferences", preferred_partner="u04", avoid=[]))
    table.act(REF, Action("close_registration", at="2025-03-01T09:00:00Z"))
    table.act(REF, Action("import_draw", text=d_text("2025-03-01")))
    table.act(
        "player:u04",
        Action(
            "submit_house_ranking",
            houses=["stark", "lannister", "tully"],
            at="2025-03-02T10:00:00Z",
        ),
    )
    table.act(
        "player:u01",
        Action(
            "submit_house_ranking",
            houses=["stark", "tyrell", "martell", "arryn"],
            at="2025-03-02T10:05:00Z",
        ),
    )
    table.act(
        "player:u03",
        Action("submit_house_ranking", houses=["lannister", "stark"], at="2025-03-02T10:07:00Z"),
    )
    table.act(REF, Action("tick", at="2025-03-03T09:00:00Z"))
    houses = [t.house_id for t in table.state.teams]
    assert houses == ["tyrell", "stark", "greyjoy", "lannister"]
    assert table.state.throne == "stark" and table.state.tower is None
    assert all((t.soldiers, t.chests, t.banners) == (20, 5, 0) for t in table.state.teams)


def test_r3_r4_registration_errors_s33():
    table = Table("trono", {}, 1, {"registered": ["u01"]})
    prefs = table.act
    refused(
        "E_AVOID_TOO_MANY",
        prefs,
        "player:u01",
        Action("set_preferences", preferred_partner=None, avoid=["a", "b", "c", "d"]),
    )
    refused(
        "E_PREF_SELF",
        prefs,
        "player:u01",
        Action("set_preferences", preferred_partner="u01", avoid=[]),
    )
    refused(
        "E_PREF_IN_AVOID",
        prefs,
        "player:u01",
        Action("set_preferences", preferred_partner="u02", avoid=["u02"]),
    )
    refused("E_REFEREE_CANNOT_PLAY", prefs, "player:arbitro", Action("register"))
    refused("E_ALREADY_REGISTERED", prefs, "player:u01", Action("register"))


def test_r24_deadline_s5_winter_and_summer():
    table = g4("calendar")
    assert table.view(Viewer.public())["deadline"] == "2025-03-04T18:50:00.000Z"
    post(table, "tyrell", ["tax", "tax", "tax"], at="2025-03-04T18:49:59.000Z")
    before = table.hash
    refused(
        "E_DEADLINE_PASSED",
        post,
        table,
        "lannister",
        ["tax", "tax", "tax"],
        at="2025-03-04T18:50:00.000Z",
    )
    assert table.hash == before
    summer = Table(
        "trono",
        {},
        1,
        {"teams": [{"house": "stark"}, {"house": "tyrell"}], "now": "2025-03-30T00:00:00Z"},
    )
    assert summer.view(Viewer.public())["deadline"] == "2025-04-01T17:50:00.000Z"


def test_r22_deadline_across_autumn_change():
    table = Table(
        "trono",
        {},
        1,
        {"teams": [{"house": "stark"}, {"house": "tyrell"}], "now": "2025-10-25T20:00:00Z"},
    )
    assert table.view(Viewer.public())["deadline"] == "2025-10-28T18:50:00.000Z"


def test_r23_immutability_s6():
    table = g4()
    post(table, "tyrell", ["tax", "tax", "tax"])
    first = table.state.posts["2"].model_dump()
    refused("E_ALREADY_SUBMITTED", post, table, "tyrell", ["rally", "rally", "rally"])
    assert table.state.posts["2"].model_dump() == first


def test_a6_action_count_s7():
    table = g4()
    refused("E_ACTION_COUNT", post, table, "tyrell", [("attack", "stark"), "tax"])
    post(table, "tyrell", [("attack", "stark"), "tax", "tax"])


def test_r50_abandonment_errors_s10():
    table = g4()
    refused("E_ABANDON_RANGE", post, table, "stark", ["defend"] * 3, abandon=21)
    refused("E_ABANDON_RANGE", post, table, "stark", ["defend"] * 3, abandon=-1)
    refused("E_ABANDON_NOT_SEATED", post, table, "greyjoy", ["defend"] * 3, abandon=5)


def test_r47_r48_target_rules_s11():
    table = g4()
    refused("E_TARGET_ALL_NOT_SEATED", post, table, "greyjoy", [("attack", "all"), "tax", "tax"])
    refused("E_TARGET_TRONO_SEATED", post, table, "stark", [("attack", "trono"), "tax", "tax"])
    refused("E_TARGET_SELF", post, table, "tyrell", [("attack", "tyrell"), "tax", "tax"])
    refused("E_TARGET_UNKNOWN", post, table, "tyrell", [("attack", "bolton"), "tax", "tax"])
    refused("E_TARGET_REQUIRED", post, table, "tyrell", [("attack", None), "tax", "tax"])
    out = g4(lannister={"status": "eliminated", "soldiers": 0})
    refused("E_TARGET_INACTIVE", post, out, "tyrell", [("attack", "lannister"), "tax", "tax"])


def test_r46_enlist_on_seat_s12():
    refused("E_ENLIST_ON_SEAT", post, g4(), "stark", ["enlist", "tax", "rally"])


def test_r35_enlist_cap_s13():
    table = g4(greyjoy={"soldiers": 18})
    numbers = {**D, "CA": [12, 64, 71, 2, 39]}
    post(table, "greyjoy", ["defend", "enlist", "tax"])
    for house in ("stark", "tyrell", "lannister"):
        post(table, house, ["tax", "tax", "tax"]) if house != "stark" else post(
            table, house, ["defend", "tax", "tax"]
        )
    draw(table, numbers)
    assert (team(table, "greyjoy").soldiers, team(table, "greyjoy").chests) == (20, 8)


def test_r49_attack_limit_via_trono_s15():
    table = g8()
    error = refused(
        "E_ATTACK_LIMIT",
        post,
        table,
        "targaryen",
        [("attack", "trono"), ("attack", "trono"), ("attack", "tyrell")],
    )
    assert str(error) == "E_ATTACK_LIMIT: tyrell would be attacked 3 times"
    post(table, "targaryen", [("attack", "trono"), ("attack", "trono"), "tax"])


def test_r49_area_attack_limit_s16():
    refused(
        "E_ATTACK_LIMIT",
        post,
        g8(),
        "baratheon",
        [("attack", "all"), ("attack", "all"), ("attack", "greyjoy")],
    )


def test_r58_r60_hire_s17():
    table = g4()
    refused(
        "E_HIRE_INSUFFICIENT_CHESTS",
        post,
        table,
        "greyjoy",
        [("hire", "nerea_salsedine"), ("hire", "gemma_tagliaborse"), "tax"],
    )
    refused(
        "E_HIRE_WRONG_HOUSE", post, table, "greyjoy", [("hire", "ottone_il_cupo"), "tax", "tax"]
    )
    refused(
        "E_DEPLOY_NOT_OWNED",
        post,
        table,
        "greyjoy",
        [("hire", "nerea_salsedine"), "tax", "tax"],
        deploy=[{"character": "nerea_salsedine", "target": "stark"}],
    )
    post(table, "greyjoy", [("hire", "nerea_salsedine"), "tax", "tax"])
    for house in ("stark", "tyrell", "lannister"):
        post(table, house, ["defend", "defend", "defend"])
    draw(table)
    assert team(table, "greyjoy").chests == 5 - 4 + 3 + 3


def test_r59_r30_charges_exhaust_and_no_rehire():
    table = g4(stark={"characters": [{"id": "brina_valdinebbia", "charges": 1}]})
    post(
        table, "stark", ["defend", "defend", "defend"], deploy=[{"character": "brina_valdinebbia"}]
    )
    for house in ("tyrell", "greyjoy", "lannister"):
        post(table, house, ["tax", "tax", "tax"])
    draw(table)
    assert team(table, "stark").owns("brina_valdinebbia") is None
    day = table.state.draw_date
    refused(
        "E_DEPLOY_NOT_OWNED",
        post,
        table,
        "stark",
        ["defend"] * 3,
        deploy=[{"character": "brina_valdinebbia"}],
    )
    refused(
        "E_HIRE_ALREADY_HIRED",
        post,
        table,
        "stark",
        [("hire", "brina_valdinebbia"), "defend", "defend"],
    )
    assert day is None


def test_r34_elimination_s14():
    table = g4(throne="tyrell", lannister={"soldiers": 3})
    table = g4(lannister={"soldiers": 3})
    numbers = {**D, "MI": [36, 5, 80, 1, 2], "TO": [80, 20, 60, 1, 2]}
    post(table, "lannister", ["enlist", "defend", "tax"])
    post(table, "stark", [("attack", "lannister"), ("attack", "lannister"), "tax"])
    post(table, "tyrell", ["tax", "tax", "tax"])
    post(table, "greyjoy", ["tax", "tax", "tax"])
    draw(table, numbers)
    lannister = team(table, "lannister")
    assert lannister.status == "eliminated" and lannister.soldiers == 0
    assert lannister.chests == 5
    assert table.state.bulletins[-1]["eliminated"] == ["lannister"]
    assert table.state.players["lannister1"].status == "eliminated"


def test_r28_draw_input_errors_s34():
    table = g4("calendar")
    refused("E_TURN_NOT_LOCKED", draw, table)
    table.act(REF, Action("tick", at="2025-03-04T18:50:00Z"))
    before = table.hash
    refused("E_DRAW_RANGE", draw, table, {**D, "BA": [91, 17, 33, 48, 90]})
    refused("E_DRAW_DUPLICATE", draw, table, {**D, "VE": [59, 14, 37, 59, 21]})
    refused("E_DRAW_INCOMPLETE", draw, table, {**D, "VE": [59, 14, 37, 21]})
    refused("E_DRAW_DATE_MISMATCH", draw, table, D, "2025-03-05")
    assert table.hash == before
    table.act(REF, Action("import_draw", text=d_text("2025-03-04")))
    assert table.state.turn == 2


def test_r26_missing_post_s28():
    table = g4()
    for house in ("tyrell", "greyjoy", "lannister"):
        post(
            table,
            house,
            [("attack", "stark"), "tax", "tax"]
            if house == "tyrell"
            else [("attack", "trono"), "tax", "tax"],
        )
    close(table)
    draw(table)
    stark = team(table, "stark")
    assert stark.turns_without_attack == 1 and stark.banners == 2
    assert table.state.throne == "stark"


def test_r66_overrides_s36():
    table = g4()
    args = {
        "kind": "adjust_parameter",
        "subject": "greyjoy",
        "value": {"param": "chests", "to": 10},
    }
    refused("E_REASON_REQUIRED", table.act, REF, Action("override", **args, reason=""))
    table.act(REF, Action("override", **args, reason="manual fix"))
    entry = table.state.audit[-1]
    assert (entry.before, entry.after) == (5, 10)
    assert team(table, "greyjoy").notices[-1]["after"] == 10
    refused(
        "E_NOT_OVERRIDABLE",
        table.act,
        REF,
        Action("override", kind="accept_late_post", subject="greyjoy", reason="x"),
    )


def test_r68_correct_draw_s35():
    table = g4()
    post(table, "stark", [("attack", "all"), "defend", "defend"], abandon=18)
    post(table, "tyrell", [("attack", "stark"), ("attack", "stark"), "tax"])
    post(table, "greyjoy", ["defend", ("attack", "trono"), "rally"])
    post(table, "lannister", [("attack", "greyjoy"), "defend", "tax"])
    draw(table, {**D, "FI": [38, 23, 56, 44, 9]})
    assert team(table, "stark").soldiers == 19 and table.state.throne == "stark"
    table.act(
        REF,
        Action(
            "override", kind="correct_draw", subject="turn1", value={"numbers": D}, reason="FI typo"
        ),
    )
    assert team(table, "stark").soldiers == 17 and table.state.throne == "tyrell"
    assert team(table, "stark").reports[-1]["corrected"] is True
    post(table, "tyrell", ["tax", "tax", "tax"])
    refused(
        "E_CORRECTION_TOO_LATE",
        table.act,
        REF,
        Action(
            "override", kind="correct_draw", subject="turn1", value={"numbers": D}, reason="again"
        ),
    )


def test_r64_late_joiner_avoid_quota_s32():
    sizes = {"arryn": 3, "tully": 3, "greyjoy": 3}
    teams = {
        h: {"members": [f"{h}{i}" for i in range(1, sizes.get(h, 4) + 1)]}
        for h in (
            "tully",
            "greyjoy",
            "tyrell",
            "arryn",
            "lannister",
            "targaryen",
            "martell",
            "baratheon",
        )
    }
    table = g8(**teams)
    table.act("player:newbie", Action("request_join", avoid_houses=["tully", "arryn"]))
    placed = table.state.team_of("newbie")
    assert placed.house_id in ("arryn", "greyjoy")


def test_r72_r74_victory_two_winners_s29():
    table = g8(martell={"banners": 51}, tyrell={"banners": 48}, baratheon={"banners": 47})
    for house in table.state.opening["active"]:
        post(table, house, ["tax", "tax", "tax"])
    draw(table)
    result = table.state.result
    assert (result["king"], result["hand"]) == ("martell", "tyrell")


def test_r73_ranking_final_tiebreak_s31():
    teams = [
        {"house": "greyjoy", "soldiers": 1, "banners": 10, "chests": 4},
        {"house": "lannister", "soldiers": 1, "banners": 10, "chests": 4},
        {"house": "stark", "status": "eliminated", "soldiers": 0, "eliminated_turn": 0},
        {"house": "tyrell", "status": "eliminated", "soldiers": 0, "eliminated_turn": 0},
    ]
    table = Table(
        "trono", {"schedule": "manual"}, 1, {"teams": teams, "throne": "greyjoy", "start_teams": 4}
    )
    numbers = {**D, "CA": [80, 81, 82, 1, 2], "MI": [80, 81, 82, 1, 2]}
    post(table, "greyjoy", [("attack", "lannister"), ("attack", "lannister"), "defend"])
    post(table, "lannister", [("attack", "trono"), ("attack", "trono"), "defend"])
    draw(table, numbers)
    assert team(table, "greyjoy").status == team(table, "lannister").status == "eliminated"
    assert (
        table.state.result["king"]
        == lotto_rank(["greyjoy", "lannister"], numbers, "final-tiebreak")[0]
    )


def test_s37_practice_replay_is_identical():
    config = GAME.sample_configs()[0]
    first = play_random_game(GAME, config, 42)
    second = play_random_game(GAME, config, 42)
    assert first.hash == second.hash
    for d in first.state.draws:
        assert all(len(set(ns)) == 5 and all(1 <= n <= 90 for n in ns) for ns in d.numbers.values())


def test_s38_reference_bot_first_post():
    table = Table("trono", GAME.sample_configs()[0], 3)
    bot = GAME.reference_bot(3)
    while table.state.phase != "turn_open":
        seat = sorted(table.to_act)[0]
        table.act(seat, bot.choose(GAME, table.state, seat))
    seat = next(
        f"player:{m}"
        for t in table.state.teams
        if t.house_id != table.state.throne
        for m in t.members
    )
    action = bot.choose(GAME, table.state, seat)
    assert action.args["actions"][0] == {"kind": "hire", "character": "fabiano_buonvino"}
    assert list(action.args["actions"][1:]) == [
        {"kind": "attack", "target": "trono"},
        {"kind": "rally"},
    ]


def test_reference_bots_play_to_the_end():
    table = Table("trono", GAME.sample_configs()[1], 5)
    bot = GAME.reference_bot(5)
    table.play({seat: bot for seat in GAME.seats(table.state)})
    assert GAME.outcome(table.state) is not None


def test_leak_no_team_sees_another_teams_secrets():
    table = g4()
    post(table, "tyrell", [("attack", "stark"), "tax", "tax"])
    view = json.dumps(table.view(Viewer.seat("player:greyjoy1")))
    assert "post:1:tyrell" not in view and '"soldiers"' not in view.replace(
        json.dumps(table.view(Viewer.seat("player:greyjoy1"))["team"]), ""
    )
    public = json.dumps(table.view(Viewer.public()))
    assert "post:1:tyrell" not in public and '"chests"' not in public


def test_config_errors_name_the_field():
    with pytest.raises(ConfigError) as info:
        Table("trono", {"victory_banners": 5}, 1)
    assert info.value.field == "victory_banners"
    with pytest.raises(ConfigError) as info:
        Table("trono", {"mode": "practice"}, 1)
    assert info.value.field == "draw_source"


def test_catalogue_invalid_names_item_and_field():
    with pytest.raises(CatalogueProblem, match="x: cost"):
        parse_catalogue(
            [
                {
                    "id": "x",
                    "name": "X",
                    "kind": "neutral",
                    "cost": 0,
                    "effects": [{"kind": "penalty_waiver"}],
                }
            ]
        )


def test_starter_set_requirements():
    cat = starter_catalogue()
    assert len(cat) == 22
    assert {c.house_id for c in cat.values() if c.kind == "house"} >= {"stark", "bolton"}
    kinds = {e.kind for c in cat.values() for e in c.effects}
    assert len(kinds) == 11
    assert any(c.charges is None for c in cat.values())
    assert any(not c.consume_on_failure for c in cat.values())
    assert any(len(c.effects) == 2 for c in cat.values())
