"""Combat (§5.6, R38–R56): declaration, defence setup, the response window, reinforcement,
the attack and defence values, and classic and epic damage (worked examples of §7)."""

from tavola.core import Action

from .battle_tables import (
    CONCEDE,
    END_TURN,
    PASS,
    POTION,
    attack,
    battle,
    ch,
    char,
    events,
    fight,
    hp,
    on,
    pass_all,
    refused,
    types,
)

A1 = char("X-A1", 300, 60, 20, 40)
X = char("X-X", 250, 30, 30, 55)


def duel(attacker, target, *, p1_extra=(), p2_extra=(), p1_hand=(), p2_hand=(), **options):
    """P1 controls `attacker` as A (plus extras); P2 controls `target` as T (plus extras)."""
    cards = {attacker["card_id"]: attacker, target["card_id"]: target}
    p1 = [on(attacker["card_id"], "A"), *p1_extra]
    p2 = [on(target["card_id"], "T", **options.pop("target_status", {})), *p2_extra]
    extra_cards = options.pop("cards", [])
    return battle(
        {"P1": {"table": p1, "hand": list(p1_hand)}, "P2": {"table": p2, "hand": list(p2_hand)}},
        cards=[*cards.values(), *extra_cards],
        **options,
    )


# -- R38, R39: declaring -------------------------------------------------------------------


def test_r38_declared_attackers_are_exhausted_and_the_defender_is_recorded():
    table = duel(A1, X)
    table.act("P1", attack("A", target="T"))
    attacker = ch(table, "A")
    assert (attacker.exhausted, attacker.exhausted_reason, attacker.acted_this_turn) == (
        True,
        "attack",
        True,
    )
    b = table.state.battle
    assert b.equip_window_open is False
    assert b.attacked_seats_this_turn == ["P2"]
    declared = events(table, "attack_declared")[0]
    assert declared["attackers"] == [{"iid": "A", "stat": "str"}]
    assert (declared["seat"], declared["defender"], declared["target"]) == ("P1", "P2", "T")


def test_r39_joint_attack_sums_every_declared_attacker():
    table = battle(
        {
            "P1": {"table": [on("X-S", "A"), on("X-H", "B")]},
            "P2": {"table": [on("X-T", "T")]},
        },
        cards=[
            char("X-S", 100, 30, 0, 10),
            char("X-H", 100, 25, 0, 10),
            char("X-T", 300, 10, 0, 50),
        ],
    )
    result = fight(table, "P1", attack("A", "B", target="T"))
    assert (result["result"], result["A"], result["D_val"]) == ("hit", 55, 50)


def test_r39_more_attackers_than_the_cap_are_refused():
    table = battle(
        {"P1": {"table": [on("X-A1", "A"), on("X-A1", "B"), on("X-A1", "C")]}, "P2": {}},
        cards=[A1],
        max_joint_attackers=2,
    )
    assert refused(table, "P1", attack("A", "B", "C", target="mP2")) == "too_many_attackers"
    table.act("P1", attack("A", "B", target="mP2"))
    assert len(events(table, "attack_declared")[0]["attackers"]) == 2


# -- R40: the attack stat ------------------------------------------------------------------


def test_r40_omitted_stat_is_the_higher_value():
    table = duel(char("X-M", 100, 30, 50, 10), X)
    table.act("P1", attack("A", target="T"))
    assert table.state.battle.combat.attackers[0].stat == "mp"


def test_r40_omitted_stat_is_str_on_a_tie():
    table = duel(char("X-M", 100, 40, 40, 10), X)
    table.act("P1", attack("A", target="T"))
    assert table.state.battle.combat.attackers[0].stat == "str"


def test_r40_stated_stat_is_used_under_choice():
    # E5: STR 50 and MP 10; the seat may state mp.
    table = duel(char("X-E5", 100, 50, 10, 10), char("X-T", 300, 10, 0, 5))
    result = fight(table, "P1", attack(("A", "mp"), target="T"))
    assert (result["A"], result["result"]) == (10, "hit")
    assert table.state.battle.combat is None


def test_r40_max_rule_always_takes_the_higher_stat():
    table = duel(char("X-E5", 100, 50, 10, 10), char("X-T", 300, 10, 0, 5), attack_stat_rule="max")
    result = fight(table, "P1", attack(("A", "mp"), target="T"))
    assert result["A"] == 50


def test_r40_omitted_stat_against_a_warded_target_is_str():
    # E24's attacker (STR 40, MP 80): MP would count 0 against the ward.
    warded = {"modifiers": [{"stat": "ward", "amount": 0, "duration": "permanent"}]}
    table = duel(char("X-W", 100, 40, 80, 10), char("X-T", 300, 10, 20, 30), target_status=warded)
    result = fight(table, "P1", attack("A", target="T"))
    assert (result["A"], result["D_val"], result["result"]) == (40, 30, "hit")


# -- R41: defence setup --------------------------------------------------------------------


def test_r41_defender_holding_cards_sets_up_its_defence():
    table = duel(A1, X, p2_hand=[POTION])
    table.act("P1", attack("A", target="T"))
    assert (table.state.phase, table.to_act) == ("defence_setup", {"P2"})


def test_r41_defender_with_an_empty_hand_skips_the_defence_setup():
    table = duel(A1, X)
    table.act("P1", attack("A", target="T"))
    assert table.state.phase == "window"
    assert "defence_ready" not in types(table)


def test_r41_defence_choice_rule_always_gives_a_defence_setup():
    table = duel(A1, X, defence_stat_rule="choice")
    table.act("P1", attack("A", target="T"))
    assert (table.state.phase, table.to_act) == ("defence_setup", {"P2"})


# -- R42–R44: the response window ------------------------------------------------------------


def test_r42_priority_starts_with_the_attacker_and_cycles_in_turn_order():
    table = battle(
        {
            "P1": {"hand": [POTION]},
            "P2": {"table": [on("X-A1", "A")], "hand": [POTION]},
            "P3": {"table": [on("X-X", "T")], "hand": [POTION]},
        },
        cards=[A1, X],
        active="P2",
        response_scope="all",
    )
    table.act("P2", attack("A", target="T"))
    table.act("P3", Action("defence_ready"))
    holders = []
    while table.state.phase == "window":
        (seat,) = table.to_act
        holders.append(seat)
        table.act(seat, PASS)
    assert holders == ["P2", "P3", "P1"]
    assert events(table, "attack_resolved")[0]["result"] == "hit"


def test_r42_free_for_all_window_excludes_an_uninvolved_seat():
    table = battle(
        {"P1": {"table": [on("X-A1", "A")]}, "P2": {"table": [on("X-X", "T")]}, "P3": {}},
        cards=[A1, X],
    )
    table.act("P1", attack("A", target="T"))
    assert events(table, "combat_window_opened")[0]["eligible"] == ["P1", "P2"]


def test_r42_teammates_of_the_participants_are_eligible():
    table = battle(
        {"P1": {"table": [on("X-X", "T")]}, "P2": {}, "P3": {"table": [on("X-A1", "A")]}},
        cards=[A1, X],
        teams={"P1": "A", "P2": "A", "P3": "B"},
        active="P3",
    )
    table.act("P3", attack("A", target="T"))
    assert events(table, "combat_window_opened")[0]["eligible"] == ["P1", "P2", "P3"]


def test_r42_window_closes_only_after_every_eligible_seat_passes_in_a_row():
    helper = char("X-H", 100, 5, 0, 10)
    table = battle(
        {
            "P1": {"table": [on("X-A1", "A"), on("X-H", "H")], "hand": [POTION]},
            "P2": {"table": [on("X-X", "T")], "hand": [POTION]},
        },
        cards=[A1, X, helper],
    )
    table.act("P1", attack("A", target="T"))
    table.act("P2", Action("defence_ready"))
    table.act("P1", Action("reinforce", iid="H"))
    table.act("P2", PASS)
    assert table.state.battle.combat.consecutive_passes == 1
    assert table.to_act == {"P1"}  # the reinforcement reset the count: P1 must pass too
    table.act("P1", PASS)
    assert table.state.battle.combat is None


def test_r43_seat_with_an_empty_hand_passes_automatically():
    table = duel(A1, X)
    table.act("P1", attack("A", target="T"))
    table.act("P1", PASS)  # P1 may still reinforce with its main
    passes = events(table, "priority_passed")
    assert passes == [{"seat": "P1", "auto": False}, {"seat": "P2", "auto": True}]


def test_r43_attacker_with_nothing_to_reinforce_and_no_cards_passes_automatically():
    table = duel(A1, X)
    table.state.battle.characters["mP1"].exhausted = True
    table.act("P1", attack("A", target="T"))
    assert events(table, "priority_passed") == [
        {"seat": "P1", "auto": True},
        {"seat": "P2", "auto": True},
    ]
    assert events(table, "attack_resolved")[0]["result"] == "hit"


def test_r44_window_cap_leaves_only_pass():
    helper = char("X-H", 100, 5, 0, 10)
    table = battle(
        {
            "P1": {"table": [on("X-A1", "A"), on("X-H", "H1"), on("X-H", "H2")], "hand": [POTION]},
            "P2": {"table": [on("X-X", "T")]},
        },
        cards=[A1, X, helper],
        max_plays_per_window=1,
    )
    table.act("P1", attack("A", target="T"))
    table.act("P1", Action("reinforce", iid="H1"))
    assert table.to_act == {"P1"}  # P2 passed automatically; P1 holds cards
    assert refused(table, "P1", Action("reinforce", iid="H2")) == "window_cap_reached"
    kinds = {a.type for a in table.game.legal_actions(table.state, "P1")}
    assert kinds == {"pass", "concede"}


# -- R45: reinforcement --------------------------------------------------------------------


def test_r45_reinforcement_joins_the_attack_and_is_exhausted():
    # SC18 without the potion: X(100/40/0/10) attacks T(300/10/10/45), Y(100/5/30/10) adds MP.
    attacker = char("X-XX", 100, 40, 0, 10)
    reinforcement = char("X-Y", 100, 5, 30, 10)
    target = char("X-T", 300, 10, 10, 45)
    table = battle(
        {
            "P1": {"table": [on("X-XX", "XX"), on("X-Y", "Y")]},
            "P2": {"table": [on("X-T", "T")]},
        },
        cards=[attacker, reinforcement, target],
    )
    table.act("P1", attack("XX", target="T"))
    table.act("P1", Action("reinforce", iid="Y", stat="mp"))
    pass_all(table)
    assert events(table, "attacker_added") == [{"combat": 1, "iid": "Y", "stat": "mp"}]
    resolved = events(table, "attack_resolved")[0]
    assert (resolved["A"], resolved["D_val"], resolved["result"]) == (70, 45, "hit")
    assert hp(table, "T") == 200
    assert (ch(table, "Y").exhausted, ch(table, "Y").acted_this_turn) == (True, True)


def test_r45_reinforcement_respects_the_joint_attack_cap():
    table = battle(
        {
            "P1": {"table": [on("X-A1", "A"), on("X-A1", "B")], "hand": [POTION]},
            "P2": {"table": [on("X-X", "T")]},
        },
        cards=[A1, X],
        max_joint_attackers=1,
    )
    table.act("P1", attack("A", target="T"))
    assert refused(table, "P1", Action("reinforce", iid="B")) == "too_many_attackers"
    assert not ch(table, "B").exhausted


def test_r45_reinforcement_omitted_stat_is_the_higher_value():
    table = battle(
        {
            "P1": {"table": [on("X-A1", "A"), on("X-M", "M")]},
            "P2": {"table": [on("X-X", "T")]},
        },
        cards=[A1, X, char("X-M", 100, 10, 45, 10)],
    )
    table.act("P1", attack("A", target="T"))
    table.act("P1", Action("reinforce", iid="M"))
    assert events(table, "attacker_added")[0]["stat"] == "mp"


# -- R46–R48: resolution ---------------------------------------------------------------------


def test_r46_choice_rule_uses_the_stated_defence_stat():
    # SC65: X(300/10/70/40) targeted with A = 60.
    target = char("X-T", 300, 10, 70, 40)
    results = []
    for stat in ("def", "mp"):
        table = duel(char("X-S", 100, 60, 0, 10), target, defence_stat_rule="choice")
        table.act("P1", attack("A", target="T"))
        table.act("P2", Action("defence_ready", defence_stat=stat))
        pass_all(table)
        resolved = events(table, "attack_resolved")[0]
        results.append((resolved["D_val"], resolved["result"]))
    assert results == [(40, "hit"), (70, "parried")]


def test_r46_max_rule_defends_with_the_higher_of_def_and_mp():
    # E6: DEF 40, MP 70: A 60 is parried, A 71 hits.
    target = char("X-T", 300, 10, 70, 40)
    parried = fight(duel(char("X-S", 100, 60, 0, 10), target), "P1", attack("A", target="T"))
    hit = fight(duel(char("X-S", 100, 71, 0, 10), target), "P1", attack("A", target="T"))
    assert (parried["D_val"], parried["result"]) == (70, "parried")
    assert (hit["D_val"], hit["result"]) == (70, "hit")


def test_r46_max_rule_ignores_a_stated_defence_stat():
    target = char("X-T", 300, 10, 70, 40)
    table = duel(char("X-S", 100, 60, 0, 10), target, p2_hand=[POTION])
    table.act("P1", attack("A", target="T"))
    table.act("P2", Action("defence_ready", defence_stat="def"))
    pass_all(table)
    assert events(table, "attack_resolved")[0]["D_val"] == 70


def test_r46_combat_is_cancelled_when_the_attacking_seat_is_eliminated():
    table = battle(
        {
            "P1": {"table": [on("X-A1", "A")], "hand": [POTION]},
            "P2": {"table": [on("X-X", "T")]},
            "P3": {},
        },
        cards=[A1, X],
    )
    table.act("P1", attack("A", target="T"))
    table.act("P1", CONCEDE)
    assert events(table, "attack_resolved")[0]["result"] == "cancelled"
    assert "attack_cancelled" in types(table)
    assert hp(table, "T") == 250


def test_r46_combat_is_cancelled_when_the_target_leaves_the_table():
    table = battle(
        {
            "P1": {"table": [on("X-A1", "A")]},
            "P2": {"table": [on("X-X", "T")], "hand": [POTION]},
            "P3": {},
        },
        cards=[A1, X],
    )
    table.act("P1", attack("A", target="T"))
    table.act("P2", CONCEDE)  # in its defence setup: its cards go to the discard pile
    assert events(table, "attack_resolved")[0]["result"] == "cancelled"
    assert ch(table, "A").exhausted  # attackers stay exhausted


def test_r47_attack_value_sums_each_attackers_chosen_stat():
    table = battle(
        {
            "P1": {"table": [on("X-S", "S"), on("X-M", "M")]},
            "P2": {"table": [on("X-T", "T")]},
        },
        cards=[
            char("X-S", 100, 30, 5, 10),
            char("X-M", 100, 5, 25, 10),
            char("X-T", 300, 1, 0, 60),
        ],
    )
    result = fight(table, "P1", attack(("S", "str"), ("M", "mp"), target="T"))
    assert (result["A"], result["result"]) == (55, "parried")


def test_r47_mp_against_a_warded_target_counts_zero():
    # E24/SC36: target DEF 30, MP 20, warded; attacker STR 40, MP 80.
    warded = {"modifiers": [{"stat": "ward", "amount": 0, "duration": "permanent"}]}
    attacker, target = char("X-W", 100, 40, 80, 10), char("X-T", 300, 10, 20, 30)
    by_mp = fight(
        duel(attacker, target, target_status=warded), "P1", attack(("A", "mp"), target="T")
    )
    by_str = fight(
        duel(attacker, target, target_status=warded), "P1", attack(("A", "str"), target="T")
    )
    assert (by_mp["A"], by_mp["result"]) == (0, "parried")
    assert (by_str["A"], by_str["result"]) == (40, "hit")


def test_r48_vulnerable_target_defends_with_zero():
    # SC14/E1: Y(300 HP, DEF 90) exhausted, attacked by a STR 20 character.
    target = char("X-Y", 300, 30, 10, 90)
    table = duel(char("X-T1", 100, 20, 0, 10), target, target_status={"exhausted": True})
    result = fight(table, "P1", attack("A", target="T"))
    assert (result["A"], result["D_val"], result["result"]) == (20, 0, "hit")
    assert hp(table, "T") == 200


def test_r48_asleep_target_defends_with_zero():
    target = char("X-Y", 300, 30, 10, 90)
    table = duel(char("X-T1", 100, 20, 0, 10), target, target_status={"sleep": 1})
    result = fight(table, "P1", attack("A", target="T"))
    assert (result["D_val"], result["result"]) == (0, "hit")


def test_r48_ready_target_parries_weaker_attacks():
    # SC15/E2: Y ready (DEF 90): T1 alone (20) and T1+T2+T3 (60) are both parried.
    target = char("X-Y", 300, 30, 10, 90)
    t1 = char("X-T1", 100, 20, 0, 10)
    alone = fight(duel(t1, target), "P1", attack("A", target="T"))
    table = battle(
        {
            "P1": {"table": [on("X-T1", "T1"), on("X-T1", "T2"), on("X-T1", "T3")]},
            "P2": {"table": [on("X-Y", "Y")]},
        },
        cards=[t1, target],
    )
    joint = fight(table, "P1", attack("T1", "T2", "T3", target="Y"))
    assert (alone["A"], alone["result"]) == (20, "parried")
    assert (joint["A"], joint["result"]) == (60, "parried")
    assert hp(table, "Y") == 300


def test_r48_tie_is_parried():
    # SC13/E4: STR 55 against DEF 55, MP 10.
    table = duel(char("X-S", 300, 55, 0, 10), char("X-T", 300, 10, 10, 55))
    result = fight(table, "P1", attack("A", target="T"))
    assert (result["A"], result["D_val"], result["result"]) == (55, 55, "parried")
    assert hp(table, "T") == 300
    assert ch(table, "A").exhausted


def test_r48_zero_attack_value_is_parried_even_against_a_vulnerable_target():
    # SC60/E10: STR 20 with a −30 modifier, MP 0.
    weakened = {"modifiers": [{"stat": "str", "amount": -30, "duration": "permanent"}]}
    table = battle(
        {
            "P1": {"table": [on("X-S", "A", **weakened)]},
            "P2": {"table": [on("X-T", "T", exhausted=True)]},
        },
        cards=[char("X-S", 100, 20, 0, 10), char("X-T", 300, 10, 0, 10)],
    )
    result = fight(table, "P1", attack("A", target="T"))
    assert (result["A"], result["D_val"], result["result"]) == (0, 0, "parried")


# -- R49–R51: damage ------------------------------------------------------------------------


def test_r49_classic_flat_hit_deals_100():
    # SC12: A1(300/60/20/40) attacks X(250/30/30/55).
    table = duel(A1, X)
    result = fight(table, "P1", attack("A", target="T"))
    assert (result["A"], result["D_val"], result["damage"]) == (60, 55, 100)
    assert hp(table, "T") == 150


def test_r49_classic_ceil_deals_100_per_started_100_of_excess():
    # SC59/E7: two STR 100 attackers on X(500/10/10/30): excess 170 → 200.
    hundred, target = char("X-C", 300, 100, 0, 10), char("X-T", 500, 10, 10, 30)
    damage = {}
    for rule in ("ceil", "flat"):
        table = battle(
            {
                "P1": {"table": [on("X-C", "C1"), on("X-C", "C2")]},
                "P2": {"table": [on("X-T", "T")]},
            },
            cards=[hundred, target],
            classic_damage=rule,
        )
        fight(table, "P1", attack("C1", "C2", target="T"))
        damage[rule] = hp(table, "T")
    assert damage == {"ceil": 300, "flat": 400}


def test_r49_classic_ceil_minimal_excess_is_one_group():
    # E8: A 31 vs DEF 30.
    table = duel(char("X-S", 100, 31, 0, 10), char("X-T", 300, 10, 0, 30), classic_damage="ceil")
    assert fight(table, "P1", attack("A", target="T"))["damage"] == 100


def test_r49_classic_hit_value_sets_the_flat_damage():
    table = duel(A1, X, classic_hit_value=150)
    assert fight(table, "P1", attack("A", target="T"))["damage"] == 150
    assert hp(table, "T") == 100


def test_r50_epic_damage_is_the_excess():
    # SC16/E3: STR 80 vs X(200/10/5/20).
    table = duel(char("X-S", 100, 80, 0, 10), char("X-T", 200, 10, 5, 20), mode="epic")
    result = fight(table, "P1", attack("A", target="T"))
    assert (result["damage"], hp(table, "T")) == (60, 140)


def test_r50_epic_vulnerable_target_takes_the_whole_attack():
    # E9: A 20 against a vulnerable target.
    table = duel(
        char("X-S", 100, 20, 0, 10),
        char("X-T", 200, 10, 5, 90),
        mode="epic",
        target_status={"exhausted": True},
    )
    assert fight(table, "P1", attack("A", target="T"))["damage"] == 20
    assert hp(table, "T") == 180


def test_r51_character_dies_at_zero_hp():
    # SC14/E1: three separate STR 20 attacks on the exhausted 300-HP Y.
    t1, target = char("X-T1", 100, 20, 0, 10), char("X-Y", 300, 30, 10, 90)
    table = battle(
        {
            "P1": {"table": [on("X-T1", "T1"), on("X-T1", "T2"), on("X-T1", "T3")]},
            "P2": {"table": [on("X-Y", "Y", exhausted=True)]},
        },
        cards=[t1, target],
    )
    left = []
    for attacker in ("T1", "T2", "T3"):
        fight(table, "P1", attack(attacker, target="Y"))
        left.append(hp(table, "Y") if ch(table, "Y") else 0)
    assert left == [200, 100, 0]
    assert events(table, "character_died") == [{"iid": "Y", "seat": "P2", "main": False}]
    assert table.state.discard[-1] == "Y"
    assert table.state.last_controller["Y"] == "P2"


def test_r51_epic_overkill_reports_hp_after_zero():
    # E14: 50 HP left, A − D = 80.
    table = duel(
        char("X-S", 100, 90, 0, 10),
        char("X-T", 200, 10, 0, 10),
        mode="epic",
        target_status={"damage": 150},
    )
    fight(table, "P1", attack("A", target="T"))
    assert events(table, "damage_dealt") == [{"iid": "T", "amount": 80, "hp_after": 0}]
    assert ch(table, "T") is None


def test_r53_attack_resolved_reports_and_returns_to_the_main_phase():
    table = duel(A1, X)
    table.act("P1", attack("A", target="T"))
    pass_all(table)
    assert events(table, "attack_resolved") == [
        {"combat": 1, "result": "hit", "A": 60, "D_val": 55, "damage": 100}
    ]
    assert (table.state.phase, table.to_act, table.state.battle.combat) == ("main", {"P1"}, None)


def test_r54_a_character_may_be_attacked_many_times_in_a_turn():
    hundred = char("X-C", 100, 100, 0, 10)
    table = battle(
        {
            "P1": {"table": [on("X-C", "C1"), on("X-C", "C2"), on("X-C", "C3")]},
            "P2": {"table": [on("X-T", "T")]},
        },
        cards=[hundred, char("X-T", 400, 10, 0, 50)],
    )
    for attacker in ("C1", "C2", "C3"):
        fight(table, "P1", attack(attacker, target="T"))
    assert hp(table, "T") == 100


def test_r55_damage_is_never_redirected():
    table = battle(
        {
            "P1": {"table": [on("X-A1", "A")]},
            "P2": {"table": [on("X-X", "T"), on("X-X", "U")]},
        },
        cards=[A1, X],
    )
    fight(table, "P1", attack("A", target="T"))
    damage = {iid: ch(table, iid).damage for iid in ("mP2", "T", "U")}
    assert damage == {"mP2": 0, "T": 100, "U": 0}


def test_r56_no_attack_while_a_combat_is_open():
    table = battle(
        {"P1": {"table": [on("X-A1", "A"), on("X-A1", "B")]}, "P2": {"table": [on("X-X", "T")]}},
        cards=[A1, X],
    )
    table.act("P1", attack("A", target="T"))
    assert table.to_act == {"P1"}
    assert refused(table, "P1", attack("B", target="T")) == "combat_in_progress"
    assert refused(table, "P1", END_TURN) == "combat_in_progress"
