"""§5.7–§5.8: Throne, Tower and characters (R46–R62)."""

from tavola.games.trono.lotto import lotto_rank

from .tables import D, close, draw, g4, g8, post, refused, report, team, turn, with_values


def test_r46_seated_team_may_not_enlist_but_may_gain_soldiers_s12():
    refused("E_ENLIST_ON_SEAT", post, g4(), "stark", ["enlist", "tax", "rally"])
    refused("E_ENLIST_ON_SEAT", post, g8(), "tyrell", ["tax", "enlist", "rally"])  # the Tower
    table = g4(stark={"soldiers": 10, "characters": ["cesco_reclutatore"]})
    turn(table, {"stark": {"actions": ["tax"] * 3, "deploy": [{"character": "cesco_reclutatore"}]}})
    assert team(table, "stark").soldiers == 13


def test_r47_seated_targets_no_target_is_all_and_all_skips_the_other_seat_s16():
    table = g8()
    refused("E_TARGET_TRONO_SEATED", post, table, "baratheon", [("attack", "trono"), "tax", "tax"])
    post(table, "baratheon", [("attack", None), "defend", "defend"])
    assert table.state.posts["8"].actions[0]["target"] == "all"
    post(table, "tyrell", [("attack", "baratheon"), "tax", "tax"])  # the other occupant
    turn(table)
    battle = table.state.resolutions[-1]["battle"]
    hit = ("tully", "greyjoy", "arryn", "lannister", "targaryen", "martell")
    assert all(battle[h]["A"] == 1 for h in hit) and battle["tyrell"]["A"] == 0


def test_r48_trono_hits_both_seats_all_refused_off_seat():
    table = g8()
    refused("E_TARGET_ALL_NOT_SEATED", post, table, "greyjoy", [("attack", "all"), "tax", "tax"])
    refused("E_TARGET_REQUIRED", post, table, "greyjoy", [("attack", None), "tax", "tax"])
    post(table, "targaryen", [("attack", "trono"), "tax", "tax"])
    turn(table)
    op = table.state.resolutions[-1]["op"]
    assert op["baratheon"]["targaryen"] == 3 and op["tyrell"]["targaryen"] == 3


def test_r48_target_rules_s11():
    table = g4()
    refused("E_TARGET_SELF", post, table, "tyrell", [("attack", "tyrell"), "tax", "tax"])
    refused("E_TARGET_UNKNOWN", post, table, "tyrell", [("attack", "bolton"), "tax", "tax"])
    out = g4(lannister={"status": "eliminated", "soldiers": 0})
    refused("E_TARGET_INACTIVE", post, out, "tyrell", [("attack", "lannister"), "tax", "tax"])


def test_r49_two_attacks_per_target_counted_as_the_spec_says():
    table = g8()
    # named + named = 2: allowed; a third named: refused
    refused(
        "E_ATTACK_LIMIT",
        post,
        table,
        "greyjoy",
        [("attack", "arryn"), ("attack", "arryn"), ("attack", "arryn")],
    )
    # "trono" counts once for each occupant (S15)
    error = refused(
        "E_ATTACK_LIMIT",
        post,
        table,
        "targaryen",
        [("attack", "trono"), ("attack", "trono"), ("attack", "tyrell")],
    )
    assert str(error) == "E_ATTACK_LIMIT: tyrell would be attacked 3 times"
    # "all" counts once for each non-seated active team (S16)
    refused(
        "E_ATTACK_LIMIT",
        post,
        table,
        "baratheon",
        [("attack", "all"), ("attack", "all"), ("attack", "greyjoy")],
    )
    post(table, "baratheon", [("attack", "all"), ("attack", "all"), ("attack", "tyrell")])
    post(table, "targaryen", [("attack", "trono"), ("attack", "trono"), "tax"])
    post(table, "greyjoy", [("attack", "arryn"), ("attack", "arryn"), ("attack", "tully")])


def test_r49_character_extra_attacks_count_only_with_the_option():
    owns = {"characters": ["ardengo_fiammavecchia"]}
    three = [("attack", "baratheon"), ("attack", "baratheon"), "rally"]
    extra = [{"character": "ardengo_fiammavecchia", "target": "baratheon"}]
    post(g8(targaryen=owns), "targaryen", three, deploy=extra)  # S19: allowed
    strict = g8(targaryen=owns, config={"character_attacks_count_toward_limit": True})
    refused("E_ATTACK_LIMIT", post, strict, "targaryen", three, deploy=extra)


def test_r50_abandonment_only_seated_and_within_range_s10():
    table = g4()
    refused("E_ABANDON_RANGE", post, table, "stark", ["defend"] * 3, abandon=21)
    refused("E_ABANDON_RANGE", post, table, "stark", ["defend"] * 3, abandon=-1)
    refused("E_ABANDON_NOT_SEATED", post, table, "greyjoy", ["defend"] * 3, abandon=5)
    post(table, "stark", ["defend"] * 3, abandon=20)


def example_a(abandon):
    table = g4()
    post(table, "stark", [("attack", "all"), "defend", "defend"], abandon=abandon)
    post(table, "tyrell", [("attack", "stark"), ("attack", "stark"), "tax"])
    post(table, "greyjoy", ["defend", ("attack", "trono"), "rally"])
    post(table, "lannister", [("attack", "greyjoy"), "defend", "tax"])
    draw(table)
    return table


def test_r51_departure_below_the_threshold_s9():
    table = example_a(18)
    assert table.state.throne == "tyrell"
    assert table.state.bulletins[-1]["lines_it"][1] == "Trono: tyrell"
    assert example_a(17).state.throne == "stark"  # 17 is not < 17


def test_r52_tower_removed_below_seven_teams_s25():
    table = g8(targaryen={"status": "eliminated", "soldiers": 0}, greyjoy={"soldiers": 1})
    events = turn(table, {"lannister": [("attack", "greyjoy"), "defend", "tax"]})
    assert any(e.type == "tower_removed" for e in events)
    assert not table.state.tower_exists and table.state.tower is None
    assert team(table, "tyrell").banners == 2 and report(table, "tyrell")["seat"] is None
    assert table.state.bulletins[-1]["tower_removed"] is True
    assert "La Torre viene rimossa." in table.state.bulletins[-1]["lines_it"]
    turn(table, {"martell": [("attack", "trono"), "tax", "tax"]})
    assert table.state.resolutions[-1]["op"] == {"baratheon": {"martell": 1}}


def test_r53_r54_throne_first_and_its_new_holder_cannot_take_the_tower():
    table = g8()
    # both occupants step down; martell hits both through "trono", the only hitter of both
    post(table, "baratheon", ["tax"] * 3, abandon=40)
    post(table, "tyrell", ["tax"] * 3, abandon=40)
    turn(table, {"martell": [("attack", "trono"), "tax", "tax"]})
    assert table.state.throne == "martell"
    eligible = ["tully", "greyjoy", "arryn", "lannister", "targaryen"]
    assert table.state.tower == lotto_rank(eligible, D, "succession|1|tower")[0]


def test_r54_a_seat_holder_at_the_opening_is_not_eligible_example_d():
    table = g8(baratheon={"soldiers": 12})
    numbers = with_values(D, "RM", [1, 1, 2, 0, 0])
    numbers = with_values(numbers, "NA", [3, 2, 0, 0, 0])
    numbers = with_values(numbers, "PA", [1, 3, 4, 0, 0])
    numbers = with_values(numbers, "FI", [4, 1, 3, 0, 0])
    post(table, "baratheon", [("attack", "all"), "defend", "defend"])
    post(
        table,
        "martell",
        [("attack", "trono"), "rally", ("attack", "baratheon")],
        at="2025-03-04T09:00:00Z",
    )
    post(
        table,
        "targaryen",
        [("attack", "baratheon"), ("attack", "baratheon"), "rally"],
        at="2025-03-04T10:00:00Z",
    )
    post(
        table,
        "tyrell",
        [("attack", "baratheon"), ("attack", "baratheon"), "tax"],
        at="2025-03-04T10:00:00Z",
    )
    close(table)
    draw(table, numbers)
    assert team(table, "baratheon").status == "eliminated" and team(table, "baratheon").banners == 0
    assert (table.state.throne, table.state.tower) == ("martell", "tyrell")
    assert team(table, "tyrell").banners == 2 and table.state.tower_exists


def test_r55_only_hitters_are_candidates():
    table = g4(stark={"soldiers": 1})
    turn(table, {"lannister": [("attack", "trono"), "tax", "tax"]})
    assert table.state.throne == "lannister"


def test_r56_greatest_op_then_earliest_post_then_lotto():
    table = g4(stark={"soldiers": 1})
    # tyrell op 4, greyjoy op 0: the greater op climbs
    turn(
        table,
        {
            "greyjoy": [("attack", "trono"), "tax", "tax"],
            "tyrell": [("attack", "stark"), "tax", "tax"],
        },
    )
    assert table.state.throne == "tyrell"
    tie = with_values(with_values(D, "FI", [2, 0, 0, 0, 0]), "MI", [2, 0, 0, 0, 0])
    early = g4(stark={"soldiers": 1})
    post(early, "lannister", [("attack", "trono"), "tax", "tax"], at="2025-03-03T08:00:00Z")
    post(early, "tyrell", [("attack", "stark"), "tax", "tax"], at="2025-03-03T09:00:00Z")
    turn(early, numbers=tie)
    assert early.state.throne == "lannister"
    lotto = g4(stark={"soldiers": 1}, config={"throne_tie_break": "lotto"})
    post(lotto, "lannister", [("attack", "trono"), "tax", "tax"], at="2025-03-03T08:00:00Z")
    post(lotto, "tyrell", [("attack", "stark"), "tax", "tax"], at="2025-03-03T09:00:00Z")
    turn(lotto, numbers=tie)
    assert lotto.state.throne == lotto_rank(["lannister", "tyrell"], tie, "succession|1|throne")[0]


def test_r57_no_candidate_lotto_rank_of_the_eligible_s24():
    table = g8(setup={"turn": 7})
    post(table, "baratheon", ["defend", "defend", "tax"], abandon=40)
    post(table, "tyrell", [("attack", "baratheon"), "tax", "tax"])
    turn(table)
    assert team(table, "baratheon").soldiers == 38
    eligible = ["tully", "greyjoy", "arryn", "lannister", "targaryen", "martell"]
    assert lotto_rank(eligible, D, "succession|7|throne") == [
        "arryn",
        "tully",
        "greyjoy",
        "lannister",
        "targaryen",
        "martell",
    ]
    assert table.state.throne == "arryn" and table.state.tower == "tyrell"


# -- characters (§5.8) -----------------------------------------------------------------------


def test_r58_house_characters_only_for_their_house_s17():
    table = g4()
    refused(
        "E_HIRE_WRONG_HOUSE", post, table, "greyjoy", [("hire", "ottone_il_cupo"), "tax", "tax"]
    )
    post(table, "stark", [("hire", "brina_valdinebbia"), "tax", "tax"])
    post(table, "greyjoy", [("hire", "gemma_tagliaborse"), "tax", "tax"])  # neutral: anyone


def test_r59_hire_once_per_game_instances_independent_s18():
    table = g4()
    refused(
        "E_HIRE_ALREADY_HIRED",
        post,
        table,
        "greyjoy",
        [("hire", "gemma_tagliaborse"), ("hire", "gemma_tagliaborse"), "tax"],
    )
    table = g8(targaryen={"characters": ["ardengo_fiammavecchia"]}, setup={"turn": 3})
    deploy = [{"character": "ardengo_fiammavecchia", "target": "baratheon"}]
    turn(table, {"targaryen": {"actions": ["tax"] * 3, "deploy": deploy}})
    turn(table)
    turn(table, {"targaryen": {"actions": ["tax"] * 3, "deploy": deploy}})
    turn(table)
    assert team(table, "targaryen").owns("ardengo_fiammavecchia") is None
    refused("E_DEPLOY_NOT_OWNED", post, table, "targaryen", ["tax"] * 3, deploy=deploy)
    refused(
        "E_HIRE_ALREADY_HIRED",
        post,
        table,
        "targaryen",
        [("hire", "ardengo_fiammavecchia"), "tax", "tax"],
    )
    both = g4(
        greyjoy={"characters": ["gemma_tagliaborse"]}, tyrell={"characters": ["gemma_tagliaborse"]}
    )
    turn(
        both,
        {
            "greyjoy": {
                "actions": ["tax"] * 3,
                "deploy": [{"character": "gemma_tagliaborse", "target": "stark"}],
            }
        },
    )
    assert team(both, "greyjoy").owns("gemma_tagliaborse").charges_left == 2
    assert team(both, "tyrell").owns("gemma_tagliaborse").charges_left == 3


def test_r60_hire_total_against_opening_chests_tax_does_not_count():
    table = g4()
    refused(
        "E_HIRE_INSUFFICIENT_CHESTS",
        post,
        table,
        "greyjoy",
        [("hire", "nerea_salsedine"), ("hire", "gemma_tagliaborse"), "tax"],
    )
    post(table, "greyjoy", [("hire", "nerea_salsedine"), "tax", "tax"])
    turn(table)
    assert team(table, "greyjoy").chests == 5 - 4 + 3 + 3


def test_r61_deploy_only_owned_once_with_valid_parameters():
    owner = {"characters": ["ilario_sottovoce", "alvise_guadalupo", "aurelio_fulgenzi"]}
    table = g4(tyrell=owner)
    refused(
        "E_DEPLOY_NOT_OWNED",
        post,
        table,
        "tyrell",
        [("hire", "gemma_tagliaborse"), "tax", "tax"],
        deploy=[{"character": "gemma_tagliaborse", "target": "stark"}],
    )
    spy = {"character": "ilario_sottovoce", "target": "stark"}
    refused("E_DEPLOY_DUPLICATE", post, table, "tyrell", ["tax"] * 3, deploy=[spy, spy])
    for bad in (
        {"character": "ilario_sottovoce"},
        {"character": "ilario_sottovoce", "target": "tyrell"},
        {"character": "ilario_sottovoce", "target": "stark", "slot": 1},
        {"character": "alvise_guadalupo"},
        {"character": "aurelio_fulgenzi", "target": "stark"},
    ):
        refused("E_DEPLOY_PARAM", post, table, "tyrell", ["tax"] * 3, deploy=[bad])
    refused(
        "E_DEPLOY_PARAM",
        post,
        table,
        "tyrell",
        [("hire", "gemma_tagliaborse"), "tax", "tax"],
        deploy=[{"character": "alvise_guadalupo", "slot": 1}],
    )
    # a permanent character may be deployed every turn
    gold = {"actions": ["defend"] * 3, "deploy": [{"character": "aurelio_fulgenzi"}]}
    turn(table, {"tyrell": gold})
    turn(table, {"tyrell": gold})
    assert team(table, "tyrell").chests == 5 + 2 + 2


def test_r62_same_kind_effects_stack_and_effects_on_the_fallen_fail():
    table = g4(
        greyjoy={"characters": ["bruno_balestra"]}, lannister={"characters": ["bruno_balestra"]}
    )
    bolt = {"actions": ["tax"] * 3, "deploy": [{"character": "bruno_balestra", "target": "tyrell"}]}
    turn(table, {"greyjoy": bolt, "lannister": bolt})
    assert table.state.resolutions[-1]["battle"]["tyrell"]["A"] == 4
    fallen = g4(stark={"soldiers": 1}, greyjoy={"characters": ["gemma_tagliaborse"]})
    turn(
        fallen,
        {
            "tyrell": [("attack", "stark"), "tax", "tax"],
            "greyjoy": {
                "actions": ["tax"] * 3,
                "deploy": [{"character": "gemma_tagliaborse", "target": "stark"}],
            },
        },
    )
    assert report(fallen, "greyjoy")["deployments"][0] == {
        "character": "gemma_tagliaborse",
        "target": "stark",
        "slot": None,
        "outcome": "failure",
        "charge": "returned",
    }
