"""§5.9–§5.11 and §8: late joiners, referees, the end, hidden information, replay (R63–R74).
The privacy of preferences is a scenario: scenarios/trono/leak_preferences_private.toml."""

import json
from collections import Counter

from tavola.core import Action, Table, Viewer, get_game
from tavola.core.conformance import play_random_game
from tavola.games.trono.lotto import lotto_rank

from .tables import (
    G8_HOUSES,
    REF,
    D,
    close,
    d_text,
    draw,
    g4,
    g8,
    override,
    post,
    ref,
    refused,
    report,
    team,
    turn,
)


def sized(sizes, **kwargs):
    teams = {h: {"members": [f"{h}{i}" for i in range(1, sizes.get(h, 4) + 1)]} for h in G8_HOUSES}
    return g8(**teams, **kwargs)


def join(table, user="newbie", avoid=("tully", "arryn")):
    return table.act(f"player:{user}", Action("request_join", avoid_houses=list(avoid)))


def test_r63_join_requests_and_the_rejoin_ban():
    """The request_join action and its refusals (R63, A5)."""
    refused("E_PHASE", join, Table("trono", {}, 1, {"registered": ["u01"]}))
    table = g4(lannister={"status": "eliminated", "soldiers": 0})
    refused("E_REJOIN_FORBIDDEN", join, table, "lannister1")
    refused("E_ALREADY_MEMBER", join, table, "tyrell1")
    refused("E_REFEREE_CANNOT_PLAY", join, table, "arbitro")
    refused("E_AVOID_INVALID", join, table, "x", ("tully", "arryn", "stark"))
    allowed = g4(
        lannister={"status": "eliminated", "soldiers": 0},
        config={"eliminated_players_may_rejoin": True},
    )
    join(allowed, "lannister1", ())
    assert allowed.state.team_of("lannister1").active


def test_r64_fewest_members_and_the_avoid_quota_s32():
    seen = Counter()
    for seed in range(12):
        table = sized({"arryn": 3, "tully": 3, "greyjoy": 3}, seed=seed)
        join(table)
        seen[table.state.team_of("newbie").key] += 1
    assert set(seen) == {"arryn", "greyjoy"}  # a = 1: only tully is avoided
    two = Counter()
    for seed in range(12):
        table = sized({"arryn": 3, "tully": 3}, seed=seed)
        join(table)
        two[table.state.team_of("newbie").key] += 1
    assert set(two) == {"arryn", "tully"}  # a = 0: the list is ignored
    six = {h: 3 for h in ("tully", "greyjoy", "tyrell", "arryn", "lannister", "targaryen")}
    for seed in range(6):
        table = sized(six, seed=seed)
        join(table)
        assert table.state.team_of("newbie").key in ("greyjoy", "tyrell", "lannister", "targaryen")


def test_r64_weighted_variant_favours_small_teams():
    seen = Counter()
    for seed in range(60):
        table = sized({"arryn": 1, "tully": 1}, seed=seed, config={"late_join_policy": "weighted"})
        join(table, avoid=())
        seen[table.state.team_of("newbie").key] += 1
    # weights M − members + 1: arryn and tully 4, every other team 1
    assert len(seen) > 2 and seen["arryn"] + seen["tully"] > 60 // 2
    assert all(seen[h] < seen["arryn"] for h in seen if h not in ("arryn", "tully"))


def test_r65_joiner_posts_for_its_team_and_avoided_houses_stay_private():
    table = sized({"arryn": 3, "tully": 3})
    join(table)
    house = table.state.team_of("newbie").key
    post(table, house, ["defend"] * 3)
    assert table.state.posts[str(team(table, house).team_no)].author == f"{house}1"
    other = sized({"arryn": 3, "tully": 3})
    join(other)
    house = other.state.team_of("newbie").key
    other.act(
        "player:newbie",
        Action("submit_post", team=house, turn=1, actions=[{"kind": "tax"}] * 3, deploy=[]),
    )
    assert other.state.posts[str(team(other, house).team_no)].author == "newbie"
    public = json.dumps(other.view(Viewer.public()))
    assert "newbie" in public and "join_avoid_houses" not in public


def test_r66_every_override_needs_a_reason_and_is_audited_s36():
    """The override action and its refusals (R66, A12)."""
    table = g4(greyjoy={"chests": 7}, tyrell={"members": ["tyrell1", "tyrell2"]})
    refused(
        "E_REASON_REQUIRED",
        override,
        table,
        "adjust_parameter",
        "greyjoy",
        {"param": "chests", "to": 10},
        "",
    )
    override(table, "adjust_parameter", "greyjoy", {"param": "chests", "to": 10}, "manual fix")
    entry = table.state.audit[-1]
    assert (entry.kind, entry.before, entry.after, entry.reason) == (
        "adjust_parameter",
        7,
        10,
        "manual fix",
    )
    assert team(table, "greyjoy").notices[-1]["after"] == 10
    refused(
        "E_OVERRIDE_RANGE",
        override,
        table,
        "adjust_parameter",
        "greyjoy",
        {"param": "soldiers", "to": 21},
    )
    override(table, "grant_character", "tyrell", {"character": "brina_valdinebbia"})
    override(table, "set_charges", "tyrell", {"character": "brina_valdinebbia", "charges": 1})
    assert team(table, "tyrell").owns("brina_valdinebbia").charges_left == 1
    override(table, "set_seat", None, {"seat": "throne", "house": "greyjoy"})
    assert table.state.throne == "greyjoy"
    override(table, "move_player", "tyrell2", {"house": "lannister"})
    assert table.state.team_of("tyrell2").key == "lannister"
    override(table, "remove_player", "tyrell2")
    assert table.state.team_of("tyrell2") is None
    kinds = [a.kind for a in table.state.audit]
    assert kinds == [
        "adjust_parameter",
        "grant_character",
        "set_charges",
        "set_seat",
        "move_player",
        "remove_player",
    ]
    assert [a.seq for a in table.state.audit] == [1, 2, 3, 4, 5, 6]


def test_r67_three_things_are_never_overridable():
    table = g4()
    for kind in (
        "accept_late_post",
        "reopen_post",
        "edit_post",
        "revoke_post",
        "reveal_preferences",
    ):
        refused("E_NOT_OVERRIDABLE", override, table, kind, "greyjoy")


def test_r68_correct_draw_until_the_next_post_s35():
    table = g4()
    post(table, "stark", [("attack", "all"), "defend", "defend"], abandon=18)
    post(table, "tyrell", [("attack", "stark"), ("attack", "stark"), "tax"])
    post(table, "greyjoy", ["defend", ("attack", "trono"), "rally"])
    post(table, "lannister", [("attack", "greyjoy"), "defend", "tax"])
    draw(table, {**D, "FI": [38, 23, 56, 44, 9]})
    assert team(table, "stark").soldiers == 19 and table.state.throne == "stark"
    events = override(table, "correct_draw", "turn1", {"numbers": D}, "FI typo")
    assert any(e.type == "draw_corrected" for e in events)
    assert team(table, "stark").soldiers == 17 and table.state.throne == "tyrell"
    assert report(table, "stark")["corrected"] is True and len(team(table, "stark").reports) == 1
    assert table.state.bulletins[-1]["corrected"] is True
    post(table, "tyrell", ["tax", "tax", "tax"])
    refused("E_CORRECTION_TOO_LATE", override, table, "correct_draw", "turn1", {"numbers": D})


def test_r68_correct_draw_in_review():
    table = g4(config={"review_before_publish": True})
    turn(table, {"tyrell": [("attack", "stark"), "tax", "tax"]}, {**D, "FI": [1, 2, 3, 4, 5]})
    override(table, "correct_draw", "turn1", {"text": d_text()})
    assert table.state.phase == "review" and team(table, "stark").soldiers == 16


def test_r69_reschedule_turn_before_and_after_the_lock():
    table = g4("calendar")
    refused(
        "E_OVERRIDE_RANGE",
        override,
        table,
        "reschedule_turn",
        "turn1",
        {"deadline": "2025-03-02T00:00:00Z"},
    )
    override(
        table,
        "reschedule_turn",
        "turn1",
        {"deadline": "2025-03-08T18:50:00Z", "draw_date": "2025-03-08"},
    )
    post(table, "tyrell", ["tax"] * 3, at="2025-03-05T10:00:00Z")  # after the old deadline
    ref(table, "tick", at="2025-03-08T18:50:00Z")
    assert table.state.phase == "turn_locked"
    refused(
        "E_OVERRIDE_RANGE",
        override,
        table,
        "reschedule_turn",
        "turn1",
        {"deadline": "2025-03-20T18:50:00Z"},
    )
    # a day without a Lotto draw is no draw evening (DECISIONS 35)
    refused(
        "E_DRAW_EVENING", override, table, "reschedule_turn", "turn1", {"draw_date": "2025-03-09"}
    )
    override(table, "reschedule_turn", "turn1", {"draw_date": "2025-03-11"})
    assert table.state.phase == "turn_locked" and table.state.draw_date == "2025-03-11"
    refused("E_DRAW_DATE_MISMATCH", draw, table, D, "2025-03-08", at="2025-03-11T19:10:00Z")
    draw(table, D, "2025-03-11", at="2025-03-11T19:10:00Z")
    assert table.state.turn == 2


def test_r70_mid_turn_overrides_leave_posts_sealed():
    table = g4(greyjoy={"characters": ["nerea_salsedine"]})
    post(
        table,
        "greyjoy",
        [("attack", "lannister"), "tax", "tax"],
        deploy=[{"character": "nerea_salsedine", "target": "tyrell"}],
    )
    override(table, "revoke_character", "greyjoy", {"character": "nerea_salsedine"})
    override(table, "disqualify_team", "lannister")
    turn(table)
    assert report(table, "greyjoy")["deployments"][0]["outcome"] == "failure"
    assert team(table, "tyrell").chests == 5  # nothing stolen (tyrell sent no post)
    assert "lannister" not in table.state.resolutions[-1]["op"]


def test_r71_end_game_and_disqualification_take_effect_at_once():
    table = g4(tyrell={"banners": 3}, greyjoy={"banners": 1})
    refused("E_OVERRIDE_RANGE", override, table, "disqualify_team", "stark")  # seated: heir
    override(table, "disqualify_team", "stark", {"successor": "greyjoy"})
    assert team(table, "stark").status == "eliminated" and table.state.throne == "greyjoy"
    override(table, "end_game", None)
    assert table.state.phase == "over" and table.state.result["reason"] == "referee"
    assert table.state.result["ranking"][:2] == ["tyrell", "greyjoy"]
    refused("E_GAME_OVER", ref, table, "close_turn")


def test_r72_the_three_end_conditions():
    banners = g8(setup={"turn": 20}, martell={"banners": 51}, tyrell={"banners": 48})
    turn(banners)
    assert banners.state.result["reason"] == "banners"
    last = g4(
        stark={"soldiers": 1},
        greyjoy={"status": "eliminated", "soldiers": 0},
        lannister={"status": "eliminated", "soldiers": 0},
    )
    turn(last, {"tyrell": [("attack", "stark"), "tax", "tax"]})
    assert last.state.result["reason"] == "last_standing"
    assert last.state.result["winners"] == ["tyrell"]
    limit = g4(setup={"turn": 36})
    turn(limit)
    assert limit.state.result["reason"] == "turn_limit"
    short = g4(config={"max_turns": 2}, setup={"turn": 1})
    turn(short)
    assert short.state.phase == "turn_open"


def test_r73_ranking_chain_s30_and_s31():
    table = g4(
        stark={"banners": 28, "soldiers": 12},
        tyrell={"banners": 30, "soldiers": 15},
        greyjoy={"banners": 28},
        lannister={"banners": 20},
        setup={"turn": 36},
    )
    turn(table)
    assert table.state.result["ranking"] == ["tyrell", "stark", "greyjoy", "lannister"]
    assert table.state.result["winners"] == ["tyrell"]
    both = g4(
        throne="greyjoy",
        stark={"status": "eliminated", "soldiers": 0, "eliminated_turn": 1},
        tyrell={"status": "eliminated", "soldiers": 0, "eliminated_turn": 2},
        greyjoy={"soldiers": 1, "banners": 10, "chests": 4},
        lannister={"soldiers": 1, "banners": 10, "chests": 4},
        setup={"turn": 3},
    )
    post(both, "greyjoy", ["defend", ("attack", "lannister"), ("attack", "lannister")])
    post(both, "lannister", [("attack", "trono"), "defend", "tax"])
    draw(both)
    assert lotto_rank(["greyjoy", "lannister"], D, "final-tiebreak") == ["lannister", "greyjoy"]
    assert both.state.result["ranking"] == ["lannister", "greyjoy", "tyrell", "stark"]


def test_r73_shared_victory_variant():
    table = g4(
        setup={"turn": 36},
        config={"victory_tie_mode": "shared"},
        stark={"banners": 28},
        tyrell={"banners": 30, "soldiers": 1},
    )
    turn(table)
    assert table.state.result["king"] == "tyrell,stark" or set(table.state.result["winners"]) == {
        "tyrell",
        "stark",
    }
    assert table.state.result["hand"] is None


def test_r74_two_winners_from_seven_teams_even_after_dropping_below():
    out = {"status": "eliminated", "soldiers": 0, "eliminated_turn": 3}
    table = g8(
        tower=None,
        throne="greyjoy",
        tully=out,
        tyrell=out,
        arryn=out,
        targaryen=out,
        baratheon=out,
        greyjoy={"banners": 18},
        lannister={"banners": 25},
        martell={"banners": 18, "soldiers": 1},
        setup={"turn": 6},
    )
    turn(table, {"lannister": [("attack", "martell"), "defend", "tax"]})
    result = table.state.result
    assert (result["king"], result["hand"], result["reason"]) == (
        "lannister",
        "greyjoy",
        "last_standing",
    )
    single = g4(stark={"banners": 49})
    turn(single)
    assert single.state.result["hand"] is None and single.state.result["winners"] == ["stark"]


# -- §8 hidden information, replay, display names ----------------------------------------------


def secrets_of(table, house):
    """Strings that only `house`'s members and the referees may see."""
    t = team(table, house)
    found = [f"post:{table.state.turn}:{house}", f"prefs:{t.members[0]}"]
    found += [c.character_id for c in t.characters]
    found += [p.id for p in table.state.post_history if p.team_no == t.team_no]
    return found


def leak_table():
    table = g8(
        tully={"characters": ["alvise_guadalupo"]},
        greyjoy={"characters": ["nerea_salsedine"]},
        arryn={"characters": ["livia_altarocca"]},
        lannister={"characters": ["aurelio_fulgenzi"]},
        targaryen={"characters": ["ardengo_fiammavecchia"]},
        martell={"characters": ["zaira_delle_dune"]},
        baratheon={"characters": ["gualtiero_martello"]},
        tyrell={"characters": ["fiordaliso_verzieri"]},
    )
    post(
        table,
        "greyjoy",
        ["defend", ("attack", "trono"), "tax"],
        deploy=[{"character": "nerea_salsedine", "target": "lannister"}],
    )
    post(table, "baratheon", [("attack", "all"), "defend", "defend"], abandon=33)
    turn(table, {"lannister": ["tax"] * 3})
    post(table, "tully", [("attack", "trono"), "tax", "tax"])
    return table


def test_leak_no_view_or_report_shows_another_teams_secrets():
    table = leak_table()
    public = json.dumps(table.view(Viewer.public()))
    for house in G8_HOUSES:
        own = team(table, house)
        view = table.view(Viewer.seat(f"player:{own.members[0]}"))
        text = json.dumps(view)
        assert view["team"]["soldiers"] == own.soldiers
        for other in G8_HOUSES:
            if other == house:
                continue
            for secret in secrets_of(table, other):
                assert secret not in text, (house, other, secret)
                assert secret not in public
            other_team = {k: v for k, v in view["teams"][other].items()}
            for key in ("soldiers", "chests", "banners", "characters", "post", "reports"):
                assert key not in other_team, (house, other, key)
        assert '"abandon_threshold": 33' not in text or house == "baratheon"
        assert "resolutions" not in view and "op" not in json.dumps(
            view.get("team", {}).get("reports", [])
        )
    for other in G8_HOUSES:
        assert "soldiers" not in table.view(Viewer.public())["teams"][other]


def test_leak_reports_and_events_go_to_the_team_only():
    table = g4(greyjoy={"characters": ["ilario_sottovoce"]})
    post(
        table, "greyjoy", ["tax"] * 3, deploy=[{"character": "ilario_sottovoce", "target": "stark"}]
    )
    events = turn(table)
    for event in events:
        if event.type in ("turn_report", "battle_resolved", "charge_spent", "post_accepted"):
            house = event.data["team"]
            members = {f"player:{m}" for m in team(table, house).members}
            assert event.visible_to is not None and event.visible_to - members <= {REF}
            assert event.public is None
    seen = table.view(Viewer.seat("player:tyrell1"))
    seen["team"].pop("may_hire", None)  # the public catalogue tyrell may hire from
    tyrell_view = json.dumps(seen)
    assert "ilario_sottovoce" not in tyrell_view and '"spy"' not in tyrell_view.replace(
        json.dumps(team(table, "tyrell").reports), ""
    )


def test_reveal_all_at_end_and_reveal_attackers_variants():
    table = g4(setup={"turn": 36}, config={"reveal_all_at_end": True, "reveal_attackers": True})
    turn(table, {"tyrell": [("attack", "stark"), "tax", "tax"]})
    assert report(table, "stark")["attackers"] == {"tyrell": 4}
    public = table.view(Viewer.public())
    assert public["teams"]["tyrell"]["chests"] == 5 + 1 + 3 and public["result"]["ranking"]
    hidden = g4(setup={"turn": 36})
    turn(hidden)
    assert "chests" not in hidden.view(Viewer.public())["teams"]["tyrell"]


def test_reveal_all_at_end_practice_games_pass_the_view_conformance_check():
    """§8: at the end every post and parameter is public, so no view shows a hidden one."""
    game = get_game("trono")
    config = {**game.sample_configs()[0], "reveal_all_at_end": True, "max_turns": 6}
    for seed in (0, 1):
        table = play_random_game(game, config, seed)
        other_posts = [p for p in table.state.post_history if p.team_no != 1]
        assert other_posts and not game.hidden_from(table.state, "player:bot01") - {
            f"prefs:{u}" for u in table.state.players
        }


def test_replaying_the_same_record_gives_the_same_state_hash():
    def play():
        table = leak_table()
        close(table)
        draw(table, {**D, "BA": [80, 81, 82, 83, 84]})
        join(table, "late", ())
        return table

    first, second = play(), play()
    assert first.hash == second.hash
    assert first.state.model_dump() == second.state.model_dump()


def test_original_house_names_are_display_only():
    table = g4(config={"house_display_set": "original"})
    view = table.view(Viewer.public())
    assert view["teams"]["stark"]["display_name"] == "Casa Geloferro"
    assert view["teams"]["tyrell"]["display_name"] == "Casa Fiorivalle"
    assert view["seats"]["throne"] == "stark"
    assert g4().view(Viewer.public())["teams"]["stark"]["display_name"] == "Stark"
