"""§5.6: resolution of a turn, P1–P13 (R29–R45).

Values of D used below: tully 0,1,1,2,4; greyjoy 0,3,3,0,2; tyrell 4,1,3,2,0; arryn 1,4,0,3,1;
lannister 2,0,4,1,3; targaryen 3,2,0,4,2; martell 1,3,4,0,2; baratheon 1,1,2,3,4;
stark 0,2,3,1,4; bolton 3,0,2,3,1.
"""

from tavola.core import Table, Viewer
from tavola.games.trono.lotto import lotto_rank

from .tables import REF, D, close, draw, g4, g8, post, ref, refused, report, team, turn, with_values


def test_r29_values_bonus_malus_and_floor_zero():
    table = g8(
        baratheon={"characters": ["gualtiero_martello"]},
        martell={"characters": ["zaira_delle_dune"]},
    )
    post(
        table,
        "baratheon",
        [("attack", "all"), "defend", "defend"],
        deploy=[{"character": "gualtiero_martello"}],
    )
    post(
        table,
        "martell",
        ["tax"] * 3,
        deploy=[{"character": "zaira_delle_dune", "target": "greyjoy"}],
    )
    post(table, "greyjoy", [("attack", "trono"), "tax", "tax"])
    post(table, "tully", [("hire", "ermelinda_sale"), "tax", "tax"])
    turn(table)
    assert [s["value"] for s in report(table, "baratheon")["slots"]] == [2, 0, 1]
    assert report(table, "greyjoy")["slots"][0]["value"] == 0  # 0 − 1 floors at 0
    hire = report(table, "tully")["slots"][0]
    assert "number" not in hire and "value" not in hire  # a hire slot has no value


def test_r30_charge_spent_exhausted_removed_and_given_back():
    table = g8(
        greyjoy={"characters": [{"id": "nerea_salsedine", "charges": 1}]},
        martell={"characters": ["gemma_tagliaborse"]},
        arryn={"chests": 0},
    )
    steal = {"actions": ["defend"] * 3}
    turn(
        table,
        {
            "greyjoy": {**steal, "deploy": [{"character": "nerea_salsedine", "target": "arryn"}]},
            "martell": {**steal, "deploy": [{"character": "gemma_tagliaborse", "target": "arryn"}]},
            "arryn": ["defend"] * 3,
        },
    )
    assert team(table, "greyjoy").owns("nerea_salsedine") is None  # 1 → 0: removed
    assert team(table, "martell").owns("gemma_tagliaborse").charges_left == 3  # given back
    assert report(table, "martell")["deployments"][0]["charge"] == "returned"
    assert report(table, "greyjoy")["deployments"][0]["charge"] == "spent"


def test_r31_hires_in_slot_order_create_instances():
    table = g4(greyjoy={"chests": 6})
    post(table, "greyjoy", [("hire", "nerea_salsedine"), ("hire", "gemma_tagliaborse"), "tax"])
    turn(table)
    greyjoy = team(table, "greyjoy")
    assert greyjoy.chests == 6 - 4 - 2 + 3
    assert [c.character_id for c in greyjoy.characters] == ["nerea_salsedine", "gemma_tagliaborse"]
    assert greyjoy.owns("nerea_salsedine").charges_left == 3
    assert greyjoy.hired_ever == ["nerea_salsedine", "gemma_tagliaborse"]


def bolton_table(**teams):
    rows = [{"house": h, **teams.get(h, {})} for h in ("stark", "tyrell", "greyjoy", "bolton")]
    setup = {"teams": rows, "throne": "stark", "now": "2025-03-03T00:00:00Z"}
    return Table("trono", {"schedule": "manual"}, 1, setup)


def test_r32_defence_pools_and_piercing_damage_comes_after_it():
    table = bolton_table(
        bolton={"characters": ["ottone_il_cupo"]}, greyjoy={"characters": ["bruno_balestra"]}
    )
    turn(
        table,
        {
            "tyrell": ["defend"] * 3,  # Dv 4 + 1 + 3 = 8
            "bolton": {
                "actions": ["tax"] * 3,
                "deploy": [{"character": "ottone_il_cupo", "target": "tyrell"}],
            },
            "greyjoy": {
                "actions": ["tax"] * 3,
                "deploy": [{"character": "bruno_balestra", "target": "tyrell"}],
            },
        },
    )
    battle = table.state.resolutions[-1]["battle"]["tyrell"]
    assert (battle["A"], battle["Pc"], battle["D"], battle["damage"]) == (2, 2, 8, 2)
    assert team(table, "tyrell").soldiers == 18


def test_r32_every_attack_counts_even_from_a_team_falling_the_same_turn():
    table = g4(lannister={"soldiers": 1}, greyjoy={"soldiers": 20})
    turn(
        table,
        {
            "lannister": [("attack", "greyjoy"), "defend", "tax"],  # 2
            "tyrell": [("attack", "lannister"), "tax", "tax"],  # 4: lannister falls
        },
    )
    assert team(table, "lannister").status == "eliminated"
    assert team(table, "greyjoy").soldiers == 18


def test_r33_op_counts_excluded_and_zero_value_hits():
    table = g8(baratheon={"soldiers": 1}, greyjoy={"characters": ["anselmo_quieto"]})
    turn(
        table,
        {
            "tyrell": [("attack", "baratheon"), "tax", "tax"],  # the Tower: not eligible
            "greyjoy": [("attack", "trono"), "tax", "tax"],  # worth 0, still a hit
        },
    )
    eligible = ["tully", "greyjoy", "arryn", "lannister", "targaryen", "martell"]
    assert lotto_rank(eligible, D, "succession|1|throne")[0] != "greyjoy"
    assert table.state.resolutions[-1]["op"]["baratheon"] == {"greyjoy": 0, "tyrell": 4}
    assert table.state.throne == "greyjoy"


def test_r34_elimination_skips_later_phases_s14():
    table = g4(throne="tyrell", lannister={"soldiers": 3, "characters": ["aurelio_fulgenzi"]})
    post(table, "lannister", ["enlist", "defend", "tax"])
    post(table, "tyrell", [("attack", "lannister"), ("attack", "lannister"), "tax"])
    post(table, "stark", ["tax"] * 3)
    post(table, "greyjoy", ["tax"] * 3)
    draw(table)
    lannister = team(table, "lannister")
    assert lannister.status == "eliminated" and lannister.soldiers == 0
    assert (lannister.chests, lannister.characters, lannister.eliminated_turn) == (5, [], 1)
    assert (lannister.banners_at_elimination, lannister.chests_at_elimination) == (0, 5)
    assert table.state.bulletins[-1]["eliminated"] == ["lannister"]
    assert table.state.players["lannister1"].status == "eliminated"
    assert report(table, "lannister")["eliminated"] is True


def test_r35_enlist_and_gain_soldiers_capped_s13():
    table = g4(
        greyjoy={"soldiers": 18}, tyrell={"soldiers": 10, "characters": ["cesco_reclutatore"]}
    )
    post(table, "greyjoy", ["defend", "enlist", "tax"])
    post(table, "tyrell", ["tax", "enlist", "tax"], deploy=[{"character": "cesco_reclutatore"}])
    turn(table)
    assert (team(table, "greyjoy").soldiers, team(table, "greyjoy").chests) == (20, 8)
    assert team(table, "tyrell").soldiers == 10 + 1 + 3
    capped = g4(tyrell={"soldiers": 19, "characters": ["cesco_reclutatore"]})
    post(capped, "tyrell", ["tax", "enlist", "tax"], deploy=[{"character": "cesco_reclutatore"}])
    turn(capped)
    assert team(capped, "tyrell").soldiers == 20
    assert report(capped, "tyrell")["deployments"][0]["outcome"] == "failure"  # nothing gained


def test_r36_tax_and_gain_chests():
    table = g8(lannister={"characters": ["aurelio_fulgenzi"]})
    post(table, "lannister", ["tax", "defend", "tax"], deploy=[{"character": "aurelio_fulgenzi"}])
    turn(table)
    lannister = team(table, "lannister")
    assert lannister.chests == 5 + 2 + 4 + 2
    assert lannister.owns("aurelio_fulgenzi").charges_left is None  # permanent


def test_r37_steals_in_post_order_from_the_snapshot_example_b():
    b = g8(
        greyjoy={"characters": ["nerea_salsedine"]},
        martell={"characters": ["gemma_tagliaborse"]},
        lannister={"chests": 4},
    )
    post(b, "lannister", ["defend"] * 3)
    post(
        b,
        "greyjoy",
        ["defend", "defend", ("attack", "trono")],
        at="2025-03-04T10:00:00Z",
        deploy=[{"character": "nerea_salsedine", "target": "lannister"}],
    )
    post(
        b,
        "martell",
        ["defend", "defend", ("attack", "trono")],
        at="2025-03-04T11:00:00Z",
        deploy=[{"character": "gemma_tagliaborse", "target": "lannister"}],
    )
    close(b)
    draw(b, with_values(D, "MI", [0, 0, 0, 0, 0]))
    assert team(b, "lannister").chests == 0
    assert (team(b, "greyjoy").chests, team(b, "martell").chests) == (8, 6)
    assert team(b, "greyjoy").owns("nerea_salsedine").charges_left == 2
    assert team(b, "martell").owns("gemma_tagliaborse").charges_left == 2


def test_r37_a_target_eliminated_in_p4_gives_nothing():
    table = g4(lannister={"soldiers": 1, "chests": 9}, greyjoy={"characters": ["nerea_salsedine"]})
    turn(
        table,
        {
            "tyrell": [("attack", "lannister"), "tax", "tax"],
            "greyjoy": {
                "actions": ["defend"] * 3,
                "deploy": [{"character": "nerea_salsedine", "target": "lannister"}],
            },
        },
    )
    assert team(table, "greyjoy").chests == 5
    assert report(table, "greyjoy")["deployments"][0]["outcome"] == "failure"


def test_r38_rally_gain_banners_and_exchange():
    table = g4(
        tyrell={"characters": ["fiordaliso_verzieri", "ermelinda_sale"]},
        greyjoy={"chests": 0, "characters": ["ermelinda_sale"]},
    )
    every = [{"character": "fiordaliso_verzieri"}, {"character": "ermelinda_sale"}]
    post(table, "tyrell", ["tax", "rally", "rally"], deploy=every)
    post(table, "greyjoy", ["defend"] * 3, deploy=[{"character": "ermelinda_sale"}])
    turn(table)
    tyrell = team(table, "tyrell")
    assert (tyrell.banners, tyrell.chests) == (1 + 3 + 1 + 1, 5 + 4 - 2)
    assert report(table, "tyrell")["exchange_banners"] == 1
    assert team(table, "greyjoy").banners == 0  # 0 chests < 2: the exchange fails
    assert report(table, "greyjoy")["deployments"][0]["outcome"] == "failure"


def test_r39_no_attack_penalty_sequence_s26():
    table = g4(lannister={"banners": 1}, setup={"turn": 5})
    for _ in range(3):  # turns 5, 6, 7
        turn(table, {"lannister": ["defend", "defend", "tax"]})
    counters = [r["counter"] for r in team(table, "lannister").reports]
    assert counters == [1, 2, 3] and team(table, "lannister").banners == 0
    turn(table, {"lannister": ["rally", "defend", "tax"]})
    assert team(table, "lannister").banners == 0 + 2 - 1
    turn(table, {"lannister": ["defend", ("attack", "trono"), "tax"]})
    lannister = team(table, "lannister")
    assert (lannister.turns_without_attack, lannister.banners) == (0, 1)
    assert report(table, "lannister")["slots"][1]["value"] == 0


def test_r39_penalty_waiver_s27():
    table = g4(tyrell={"characters": ["fabiano_buonvino"], "turns_without_attack": 2, "banners": 5})
    turn(
        table,
        {"tyrell": {"actions": ["defend"] * 3, "deploy": [{"character": "fabiano_buonvino"}]}},
    )
    tyrell = team(table, "tyrell")
    assert (tyrell.turns_without_attack, tyrell.banners) == (3, 5)
    assert report(table, "tyrell")["deployments"][0]["outcome"] == "success"
    turn(table, {"tyrell": ["defend"] * 3})
    tyrell = team(table, "tyrell")
    assert (tyrell.turns_without_attack, tyrell.banners) == (4, 4)


def test_r39_waiver_with_no_loss_due_fails_and_spends_its_charge():
    table = g4(tyrell={"characters": ["fabiano_buonvino"], "banners": 5})
    turn(
        table,
        {"tyrell": {"actions": ["defend"] * 3, "deploy": [{"character": "fabiano_buonvino"}]}},
    )
    assert report(table, "tyrell")["deployments"][0]["outcome"] == "failure"
    assert team(table, "tyrell").owns("fabiano_buonvino").charges_left == 1


def test_r39_a_direct_damage_counts_as_attacking():
    table = g4(greyjoy={"characters": ["bruno_balestra"], "turns_without_attack": 5, "banners": 3})
    turn(
        table,
        {
            "greyjoy": {
                "actions": ["defend"] * 3,
                "deploy": [{"character": "bruno_balestra", "target": "tyrell"}],
            }
        },
    )
    assert (team(table, "greyjoy").turns_without_attack, team(table, "greyjoy").banners) == (0, 3)


def test_r40_seat_banners_even_when_stepping_down_not_when_eliminated():
    table = g4()
    post(table, "stark", [("attack", "all"), "defend", "defend"], abandon=18)
    post(table, "tyrell", [("attack", "stark"), ("attack", "stark"), "tax"])
    post(table, "greyjoy", ["defend", ("attack", "trono"), "rally"])
    post(table, "lannister", [("attack", "greyjoy"), "defend", "tax"])
    draw(table)
    assert table.state.throne == "tyrell" and team(table, "stark").banners == 2
    fallen = g4(stark={"soldiers": 1})
    turn(fallen, {"tyrell": [("attack", "stark"), "tax", "tax"]})
    assert team(fallen, "stark").status == "eliminated" and team(fallen, "stark").banners == 0


def test_r41_succession_reads_soldiers_after_the_economy():
    table = g4(stark={"characters": ["cesco_reclutatore"]})
    post(
        table,
        "stark",
        [("attack", "all"), "defend", "defend"],
        abandon=18,
        deploy=[{"character": "cesco_reclutatore"}],
    )
    post(table, "tyrell", [("attack", "stark"), ("attack", "stark"), "tax"])
    post(table, "greyjoy", ["defend", ("attack", "trono"), "rally"])
    post(table, "lannister", [("attack", "greyjoy"), "defend", "tax"])
    draw(table)
    # 20 − 3 = 17 after the battle, +3 gained at P5 (allowed on a seat, R46): 20 ≥ 18
    assert team(table, "stark").soldiers == 20 and table.state.throne == "stark"


def test_r42_spy_reports_after_succession():
    table = g4(
        greyjoy={"characters": ["ilario_sottovoce", "teodora_cifrario"]},
        tyrell={"characters": ["brina_valdinebbia"]},
    )
    post(table, "stark", [("attack", "all"), "defend", "defend"], abandon=18)
    post(table, "tyrell", [("attack", "stark"), ("attack", "stark"), "tax"])
    post(
        table,
        "greyjoy",
        ["defend", ("attack", "trono"), "rally"],
        deploy=[
            {"character": "ilario_sottovoce", "target": "stark"},
            {"character": "teodora_cifrario", "target": "tyrell"},
        ],
    )
    post(table, "lannister", [("attack", "greyjoy"), "defend", "tax"])
    draw(table)
    spies = report(table, "greyjoy")["spy"]
    params = next(s for s in spies if s["reveal"] == "parameters")
    assert params == {
        "target": "stark",
        "reveal": "parameters",
        "soldiers": 17,
        "chests": 5,
        "banners": 2,
    }
    actions = next(s for s in spies if s["reveal"] == "actions")
    assert [a["value"] for a in actions["actions"]] == [4, 1, 3]
    # a spy aimed at a team eliminated this turn fails
    out = g4(stark={"soldiers": 1}, greyjoy={"characters": ["ilario_sottovoce"]})
    turn(
        out,
        {
            "tyrell": [("attack", "stark"), "tax", "tax"],
            "greyjoy": {
                "actions": ["tax"] * 3,
                "deploy": [{"character": "ilario_sottovoce", "target": "stark"}],
            },
        },
    )
    assert report(out, "greyjoy")["spy"] == []
    assert report(out, "greyjoy")["deployments"][0]["outcome"] == "failure"


def test_r43_end_check_after_seat_banners():
    table = g4(stark={"banners": 48})
    turn(table)
    assert table.state.phase == "over" and table.state.result["king"] == "stark"


def test_r44_reports_for_every_team_and_a_public_bulletin():
    table = g4(stark={"soldiers": 1})
    turn(table, {"tyrell": [("attack", "stark"), "tax", "tax"]})
    stark = report(table, "stark")
    assert stark["eliminated"] is True and stark["after"]["soldiers"] == 0
    for key in ("slots", "A", "Dv", "damage", "before", "after", "counter", "characters"):
        assert key in report(table, "tyrell")
    bulletin = table.state.bulletins[-1]
    assert bulletin["eliminated"] == ["stark"] and bulletin["throne"] == "tyrell"
    public = table.view(Viewer.public())
    assert "reports" not in str(public) and public["bulletins"][-1]["throne"] == "tyrell"


def test_r45_review_before_publish_waits_for_the_referee():
    """The publish_results action (R45, A11)."""
    table = g4(config={"review_before_publish": True})
    events = turn(table, {"tyrell": [("attack", "stark"), "tax", "tax"]})
    assert table.state.phase == "review" and table.state.bulletins == []
    assert not any(e.type == "turn_published" for e in events)
    refused("E_PHASE", ref, table, "start_game")
    held = [e for e in events if e.type != "turn_locked"]
    assert all(e.visible_to == frozenset({REF}) for e in held)  # the referees' only
    events = ref(table, "publish_results")
    # the results reach their audiences at publication, then the next turn opens
    kinds = [e.type for e in events]
    assert kinds[-2:] == ["turn_published", "turn_opened"] and "draw_recorded" in kinds
    assert set(kinds[:-2]) <= {e.type for e in held}
    reports = [e for e in events if e.type == "turn_report"]
    assert reports and all("player:" in " ".join(e.visible_to or ()) for e in reports)
    assert table.state.turn == 2 and len(table.state.bulletins) == 1


def test_r45_the_last_turn_waits_for_publication_too():
    """R45: the game ends, and its winners are told, only once the last turn is published."""
    table = g4(config={"review_before_publish": True, "max_turns": 1})
    turn(table, {"tyrell": [("attack", "stark"), "tax", "tax"]})
    assert table.state.phase == "review" and table.outcome is None
    assert table.view(Viewer.public())["result"] is None
    assert table.view(Viewer.referee())["result"]["reason"] == "turn_limit"
    events = ref(table, "publish_results")
    assert "game_over" in [e.type for e in events] and table.state.phase == "over"
    assert table.outcome is not None and table.view(Viewer.public())["result"] is not None
