"""What each effect of the closed language does (§3.2 semantics, R71–R81): durations,
effective stats, heal, damage, max HP, sleep and wake, death, parry, draw and discard,
revive and siege; worked examples E12, E13 and E15."""

from tavola.core import Action
from tavola.games.legends import stats

from .battle_tables import (
    END_COUNTER,
    END_TURN,
    PASS,
    POTION,
    attack,
    ch,
    char,
    events,
    fight,
    hand,
    hp,
    on,
    pass_all,
    refused,
)
from .card_tables import (
    damage,
    discard,
    draw,
    duel,
    eg,
    eg_state,
    equipment,
    heal,
    held,
    magic,
    modify,
    parry,
    play,
    position,
    potion,
    revive,
    siege,
    sleep,
    wake,
)


def eff(table, iid, stat):
    return stats.eff(table.state, ch(table, iid), stat)


def max_hp(table, iid):
    return stats.max_hp(table.state, ch(table, iid))


def boost(card_id, stat, amount, duration):
    """A potion modifying one ally character."""
    return potion(card_id, "one_ally_character", modify(stat, amount, duration))


def to_p1_next_turn(table):
    """P1 ends its turn (no counter phases), P2 ends its turn; P1's next turn (round 2)."""
    table.act("P1", END_TURN)
    table.act("P2", END_TURN)
    assert table.state.battle.active_seat == "P1"


# -- R71: durations ------------------------------------------------------------------------------


def test_r71_a_combat_modifier_expires_at_the_end_of_its_combat():
    # SC18's potion: +20 DEF for the combat, played by the defender in the window.
    table = duel(
        boost("X-GUARD", "def", 20, "combat"),
        p1=[on("X-BRUTE", "A")],
        p2=[on("X-TARGET", "X", modifiers=[{"stat": "def", "amount": 45, "duration": "round"}])],
        h2=[held("X-GUARD", "Q")],
    )
    table.act("P1", attack("A", target="X"))  # A 60 against DEF 55
    table.act("P2", Action("defence_ready"))
    table.act("P1", PASS)
    table.act("P2", play("Q", "X"))
    assert eff(table, "X", "def") == 75
    pass_all(table)
    assert events(table, "attack_resolved")[0]["result"] == "parried"
    assert eff(table, "X", "def") == 55


def test_r71_a_combat_modifier_played_outside_a_combat_lasts_the_turn():
    table = duel(
        boost("X-FURY", "str", 20, "combat"),
        p1=[on("X-TARGET", "A"), on("X-BRUTE", "B")],
        h1=[held("X-FURY", "Q")],
        p2=[on("X-TARGET", "X")],
    )
    table.act("P1", play("Q", "A"))
    fight(table, "P1", attack("B", target="X"))  # a combat opens and ends meanwhile
    assert eff(table, "A", "str") == 30
    table.act("P1", END_TURN)
    table.act("P2", END_COUNTER)
    assert table.state.battle.active_seat == "P2"
    assert eff(table, "A", "str") == 10


def test_r71_a_turn_modifier_expires_at_the_end_of_the_turn():
    table = duel(boost("X-HASTE", "str", 15, "turn"), h1=[held("X-HASTE", "Q")])
    table.act("P1", play("Q", "mP1"))
    assert eff(table, "mP1", "str") == 25
    table.act("P1", END_TURN)
    assert eff(table, "mP1", "str") == 10
    assert events(table, "modifier_expired")[0]["iid"] == "mP1"


def test_r71_a_round_modifier_lasts_until_the_round_ends():
    table = duel(boost("X-VIGIL", "def", 15, "round"), h1=[held("X-VIGIL", "Q")])
    table.act("P1", play("Q", "mP1"))
    table.act("P1", END_TURN)
    assert eff(table, "mP1", "def") == 25  # P2's turn, same round
    table.act("P2", END_TURN)
    assert table.state.battle.round_no == 2
    assert eff(table, "mP1", "def") == 10


def test_r71_a_permanent_modifier_lasts_across_rounds():
    table = duel(boost("X-OATH", "mp", 30, "permanent"), h1=[held("X-OATH", "Q")])
    table.act("P1", play("Q", "mP1"))
    to_p1_next_turn(table)
    to_p1_next_turn(table)
    assert table.state.battle.round_no == 3
    assert eff(table, "mP1", "mp") == 30


# -- R72: effective values -------------------------------------------------------------------


def test_r72_an_effective_stat_never_goes_below_zero():
    table = duel(
        potion("X-WEAK", "one_enemy_character", modify("str", -30, "round")),
        h1=[held("X-WEAK", "Q")],
        p2=[on("X-TARGET", "X")],
    )
    table.act("P1", play("Q", "X"))
    assert eff(table, "X", "str") == 0


def test_r72_an_effective_stat_has_no_upper_cap():
    table = duel(
        boost("X-GIFT", "mp", 100, "round"), p1=[on("X-SEER", "S")], h1=[held("X-GIFT", "Q")]
    )
    table.act("P1", play("Q", "S"))
    assert eff(table, "S", "mp") == 160


def test_r72_effective_max_hp_never_goes_below_one():
    table = duel(
        potion("X-WITHER", "one_enemy_character", modify("hp_max", -999, "round")),
        h1=[held("X-WITHER", "Q")],
        p2=[on("X-TARGET", "X")],
    )
    table.act("P1", play("Q", "X"))
    assert (max_hp(table, "X"), hp(table, "X")) == (1, 1)


def test_r72_current_hp_is_effective_max_hp_minus_damage():
    table = duel(
        boost("X-VITA", "hp_max", 200, "permanent"),
        p1=[on("X-TARGET", "A", damage=100)],
        h1=[held("X-VITA", "Q")],
    )
    table.act("P1", play("Q", "A"))
    assert (max_hp(table, "A"), hp(table, "A")) == (500, 400)


def test_r72_stats_sum_printed_modifiers_equipment_and_auras():
    banner = eg("X-BANNER", 1, {**modify("str", 10), "applies_to": "ally_characters"})
    table = position(
        {
            "P1": {
                "table": [
                    on(
                        "X-TARGET",
                        "A",
                        equipment="X-SWORD",
                        modifiers=[{"stat": "str", "amount": 5, "duration": "round"}],
                    )
                ],
                "egs": [{"card": "X-BANNER", "iid": "G"}],
            },
            "P2": {},
        },
        banner,
        equipment("X-SWORD", modify("str", 20)),
    )
    assert eff(table, "A", "str") == 45  # 10 + 5 + 20 + 10


# -- R73: heal (E13) -----------------------------------------------------------------------------


def test_r73_e13_heal_never_exceeds_max_hp():
    table = duel(
        potion("X-MEND", "one_ally_character", heal(100)),
        p1=[on("X-TARGET", "A", damage=50)],
        h1=[held("X-MEND", "Q")],
    )
    count = len(table.events)
    table.act("P1", play("Q", "A"))
    assert (ch(table, "A").damage, hp(table, "A")) == (0, 300)
    assert events(table, "healed", count) == [{"iid": "A", "amount": 50}]


def test_r73_heal_removes_its_amount_of_damage():
    table = duel(
        potion("X-MEND", "one_ally_character", heal(100)),
        p1=[on("X-TARGET", "A", damage=250)],
        h1=[held("X-MEND", "Q")],
    )
    table.act("P1", play("Q", "A"))
    assert hp(table, "A") == 150


def test_r73_full_heal_removes_all_damage():
    table = duel(
        potion("X-ELIXIR", "one_ally_character", heal("full")),
        p1=[on("X-TARGET", "A", damage=299)],
        h1=[held("X-ELIXIR", "Q")],
    )
    table.act("P1", play("Q", "A"))
    assert (ch(table, "A").damage, hp(table, "A")) == (0, 300)


# -- R74: damage (E12) ---------------------------------------------------------------------------


def test_r74_e12_card_damage_1000_kills_a_999_hp_character_in_classic():
    table = duel(
        potion("X-DOOM", "one_enemy_character", damage(1000)),
        char("X-GIANT", 999, 10, 0, 10),
        h1=[held("X-DOOM", "Q")],
        p2=[on("X-GIANT", "X")],
    )
    table.act("P1", play("Q", "X"))
    assert ch(table, "X") is None
    assert events(table, "character_died")[0]["iid"] == "X"


def test_r74_card_damage_is_not_grouped_by_100_in_classic():
    table = duel(
        potion("X-SCALD", "one_enemy_character", damage(120)),
        h1=[held("X-SCALD", "Q")],
        p2=[on("X-TARGET", "X")],
    )
    count = len(table.events)
    table.act("P1", play("Q", "X"))
    assert hp(table, "X") == 180
    assert events(table, "damage_dealt", count) == [{"iid": "X", "amount": 120, "hp_after": 180}]


# -- R75: max HP falling (E15) -------------------------------------------------------------------


def test_r75_e15_an_expiring_hp_max_bonus_leaves_one_hp():
    table = position(
        {
            "P1": {},
            "P2": {
                "table": [
                    on(
                        "X-TARGET",
                        "X",
                        damage=350,
                        modifiers=[{"stat": "hp_max", "amount": 100, "duration": "round"}],
                    )
                ]
            },
        },
        mode="epic",
    )
    assert hp(table, "X") == 50
    table.act("P1", END_TURN)
    table.act("P2", END_TURN)
    assert (max_hp(table, "X"), ch(table, "X").damage, hp(table, "X")) == (300, 299, 1)


def test_r75_a_combat_hp_max_bonus_ending_with_its_combat_leaves_one_hp():
    table = duel(
        boost("X-SWELL", "hp_max", 200, "combat"),
        p1=[on("X-BRUTE", "A")],
        p2=[on("X-TARGET", "X", damage=250)],
        h2=[held("X-SWELL", "Q")],
        mode="epic",
    )
    table.act("P1", attack("A", target="X"))  # epic: 60 − 10 = 50 damage
    table.act("P2", Action("defence_ready"))
    table.act("P1", PASS)
    table.act("P2", play("Q", "X"))  # max 500: HP 250 → 200 after the hit
    pass_all(table)
    assert (max_hp(table, "X"), hp(table, "X")) == (300, 1)


# -- R76: sleep and wake --------------------------------------------------------------------------


def lullaby_duel(**status):
    return duel(
        potion("X-LULL", "one_enemy_character", sleep(1)),
        h1=[held("X-LULL", "Q")],
        p1=[on("X-TARGET", "A")],
        p2=[on("X-BRUTE", "X", **status)],
    )


def test_r76_sc34_a_sleeping_character_cannot_attack_in_its_controllers_turn():
    table = lullaby_duel()
    table.act("P1", play("Q", "X"))
    table.act("P1", END_TURN)
    assert table.state.battle.active_seat == "P2"
    assert refused(table, "P2", attack("X", target="A")) == "character_asleep"


def test_r76_sc34_a_sleeping_character_defends_with_zero():
    table = lullaby_duel()
    table.act("P1", play("Q", "X"))
    result = fight(table, "P1", attack("A", target="X"))
    assert (result["D_val"], result["result"]) == (0, "hit")


def test_r76_sc34_sleep_ends_at_the_end_of_its_controllers_turn():
    table = lullaby_duel()
    table.act("P1", play("Q", "X"))
    table.act("P1", END_TURN)
    count = len(table.events)
    table.act("P2", END_TURN)
    assert {"iid": "X"} in events(table, "character_woke", count)
    assert ch(table, "X").sleep_remaining == 0


def test_r76_sleep_keeps_the_longer_remaining_count():
    table = lullaby_duel(sleep=2)
    table.act("P1", play("Q", "X"))
    assert ch(table, "X").sleep_remaining == 2


def test_r76_wake_ends_sleep_at_once():
    table = duel(
        potion("X-DAWN", "one_ally_character", wake()),
        p1=[on("X-BRUTE", "A", sleep=3)],
        h1=[held("X-DAWN", "Q")],
        p2=[on("X-TARGET", "X")],
    )
    count = len(table.events)
    table.act("P1", play("Q", "A"))
    assert (ch(table, "A").sleep_remaining, ch(table, "A").sleep_counts) == (0, False)
    assert events(table, "character_woke", count) == [{"iid": "A"}]
    table.act("P1", attack("A", target="X"))  # ready again: it may attack
    assert ch(table, "A").exhausted


def test_r76_sc57_putting_the_only_attacker_to_sleep_cancels_the_combat():
    table = duel(
        magic("X-HUSH", "one_enemy_character", sleep(1)),
        p1=[on("X-BRUTE", "A")],
        p2=[on("X-SEER", "X")],
        h2=[held("X-HUSH", "Q")],
    )
    table.act("P1", attack("A", target="X"))
    table.act("P2", Action("defence_ready"))
    table.act("P1", PASS)
    table.act("P2", play("Q", "A"))
    resolved = events(table, "attack_resolved")
    assert [r["result"] for r in resolved] == ["cancelled"]
    assert hp(table, "X") == 200
    a = ch(table, "A")
    assert (a.exhausted, a.sleep_remaining) == (True, 1)


# -- R77: death --------------------------------------------------------------------------------


def test_r77_a_character_killed_by_a_card_goes_to_the_discard_pile_with_its_equipment():
    table = duel(
        potion("X-SMITE", "one_enemy_character", damage(300)),
        equipment("X-PLATE", modify("def", 10)),
        h1=[held("X-SMITE", "Q")],
        p2=[on("X-TARGET", "X", equipment="X-PLATE")],
    )
    plate = ch(table, "X").equipment_iid
    count = len(table.events)
    table.act("P1", play("Q", "X"))
    assert ch(table, "X") is None
    assert table.state.seats["P2"].table == ["mP2"]
    assert sorted(table.state.discard) == sorted(["X", plate, "Q"])
    assert table.state.last_controller["X"] == "P2"
    assert events(table, "character_died", count) == [{"iid": "X", "seat": "P2", "main": False}]


def test_r77_a_card_killing_a_main_eliminates_its_seat():
    table = duel(
        potion("X-DOOM", "one_enemy_character", damage(500)),
        h1=[held("X-DOOM", "Q")],
    )
    table.act("P1", play("Q", "mP2"))
    assert table.state.seats["P2"].eliminated
    assert table.outcome.winners == ("P1",)


def test_r77_a_character_at_zero_hp_dies_before_the_cards_next_effect():
    # R77: it dies "whenever" its HP ≤ 0; R73: dead characters cannot be healed.
    table = duel(
        potion("X-RUIN", "one_enemy_character", damage(400), heal(150)),
        h1=[held("X-RUIN", "Q")],
        p2=[on("X-TARGET", "X")],
    )
    table.act("P1", play("Q", "X"))
    assert ch(table, "X") is None
    assert "X" in table.state.discard


def test_r77_a_max_hp_cut_to_the_damage_taken_kills():
    table = duel(
        potion("X-WITHER", "one_enemy_character", modify("hp_max", -200, "round")),
        h1=[held("X-WITHER", "Q")],
        p2=[on("X-TARGET", "X", damage=100)],
    )
    table.act("P1", play("Q", "X"))  # max HP 100, damage 100: HP 0
    assert ch(table, "X") is None
    assert events(table, "character_died")[0]["iid"] == "X"


# -- R78: parry ----------------------------------------------------------------------------------


def test_r78_sc35_parry_in_a_window_parries_the_attack():
    table = duel(
        potion("X-SMOKE", "combat_target", parry()),
        p1=[on("X-BRUTE", "A")],
        p2=[on("X-TARGET", "X", modifiers=[{"stat": "def", "amount": 30, "duration": "round"}])],
        h2=[held("X-SMOKE", "Q")],
    )
    table.act("P1", attack("A", target="X"))  # A 60 against D_val 40: a hit
    table.act("P2", Action("defence_ready"))
    table.act("P1", PASS)
    table.act("P2", play("Q"))
    pass_all(table)
    resolved = events(table, "attack_resolved")[0]
    assert (resolved["result"], resolved["A"], resolved["D_val"]) == ("parried", 60, 40)
    assert hp(table, "X") == 300
    assert ch(table, "A").exhausted


def test_r78_parry_cannot_aim_at_an_attack_on_an_eg():
    table = position(
        {
            "P1": {"table": [on("X-BRUTE", "A")]},
            "P2": {"egs": [{"card": "X-TOWER", "iid": "G"}], "hand": [held("X-SMOKE", "Q")]},
        },
        potion("X-SMOKE", "combat_target", parry()),
        eg("X-TOWER", 3, {**modify("def", 10), "applies_to": "ally_characters"}),
    )
    table.act("P1", attack("A", target="G"))
    table.act("P2", Action("defence_ready"))
    table.act("P1", PASS)
    assert refused(table, "P2", play("Q")) == "invalid_target"


# -- R79: draw and discard -----------------------------------------------------------------------


def test_r79_draw_gives_the_caster_n_cards_from_the_top():
    table = duel(
        potion("X-STUDY", "self_player", draw(2)),
        h1=[held("X-STUDY", "Q")],
        deck=[POTION, "S1-012", "S1-001"],
    )
    top = list(table.state.deck[:2])
    table.act("P1", play("Q"))
    assert hand(table, "P1") == top
    assert len(table.state.deck) == 1


def test_r79_drawn_cards_are_routed_by_permission():
    # A good-main caster draws an evil potion: it is discarded (R19), not kept.
    table = position(
        {"P1": {"main": "S1-001", "hand": [held("X-STUDY", "Q")]}, "P2": {}},
        potion("X-STUDY", "self_player", draw(1), side="good"),
        deck=["S1-039"],
    )
    (evil,) = table.state.deck
    table.act("P1", play("Q"))
    assert hand(table, "P1") == []
    assert events(table, "card_discarded")[-1]["iid"] == evil


def test_r79_discard_drops_n_random_cards_of_the_targeted_player():
    table = duel(
        potion("X-THIEF", "one_enemy_player", discard(2)),
        h1=[held("X-THIEF", "Q")],
        h2=[POTION, POTION, POTION],
    )
    before = hand(table, "P2")
    count = len(table.events)
    table.act("P1", play("Q", "P2"))
    dropped = [e["iid"] for e in events(table, "card_discarded", count)]
    assert len(hand(table, "P2")) == 1
    assert sorted(dropped + hand(table, "P2")) == sorted(before)
    assert table.state.discard[:2] == dropped


def test_r79_discard_takes_fewer_from_a_smaller_hand():
    table = duel(
        potion("X-THIEF", "one_enemy_player", discard(3)),
        h1=[held("X-THIEF", "Q")],
        h2=[POTION],
    )
    count = len(table.events)
    table.act("P1", play("Q", "P2"))
    assert hand(table, "P2") == []
    assert len(events(table, "card_discarded", count)) == 1


def test_r79_discard_on_all_enemy_players_hits_every_opponent():
    table = position(
        {
            "P1": {"hand": [held("X-RAID", "Q")]},
            "P2": {"hand": [POTION] * 2},
            "P3": {"hand": [POTION] * 2},
        },
        potion("X-RAID", "all_enemy_players", discard(1)),
    )
    table.act("P1", play("Q"))
    assert (len(hand(table, "P2")), len(hand(table, "P3"))) == (1, 1)


# -- R80: revive ---------------------------------------------------------------------------------


def fallen_k(revive_hp):
    """SC62: P1's K (printed HP 400, with equipment and a modifier) has died on P1's table
    (killed by P1's own card); P1 holds a revive potion R."""
    table = duel(
        char("X-QUEST", 400, 30, 10, 20),
        equipment("X-PLATE", modify("def", 10)),
        potion("X-CULL", "one_ally_character", damage(400)),
        potion("X-RISE", "own_discard_character", revive(revive_hp)),
        p1=[
            on(
                "X-QUEST",
                "K",
                equipment="X-PLATE",
                modifiers=[{"stat": "str", "amount": 10, "duration": "permanent"}],
            )
        ],
        h1=[held("X-CULL", "C"), held("X-RISE", "R")],
    )
    table.act("P1", play("C", "K"))
    assert "K" in table.state.discard
    return table


def test_r80_sc62_revive_returns_the_card_ready_bare_with_the_given_hp():
    table = fallen_k(150)
    table.act("P1", play("R", "K"))
    revived = ch(table, "K")
    assert table.state.seats["P1"].table == ["mP1", "K"]
    assert (revived.equipment_iid, revived.modifiers, revived.exhausted) == (None, [], False)
    assert (hp(table, "K"), revived.damage) == (150, 250)
    assert "K" not in table.state.discard


def test_r80_revive_never_exceeds_the_printed_hp():
    table = fallen_k(999)
    table.act("P1", play("R", "K"))
    assert hp(table, "K") == 400


def test_r80_revive_full_gives_the_printed_hp():
    table = fallen_k("full")
    table.act("P1", play("R", "K"))
    assert (hp(table, "K"), ch(table, "K").damage) == (400, 0)


# -- R81: siege --------------------------------------------------------------------------------


def siege_duel(n, **eg_entry):
    return position(
        {
            "P1": {"table": [on("X-SEER", "S")], "hand": [held("X-RAM", "Q")]},
            "P2": {"egs": [{"card": "X-KEEP", "iid": "G", **eg_entry}]},
        },
        magic("X-RAM", "one_enemy_eg", siege(n)),
        eg("X-KEEP", 4, {**modify("def", 10), "applies_to": "ally_characters"}),
    )


def test_r81_siege_adds_hits_to_the_chosen_eg():
    table = siege_duel(2, hits=1)
    table.act("P1", play("Q", "G"))
    assert eg_state(table, "G").hits_taken == 3


def test_r81_sc63_siege_reaching_the_structure_destroys_the_eg():
    table = siege_duel(2, hits=2)
    count = len(table.events)
    table.act("P1", play("Q", "G"))
    assert eg_state(table, "G") is None
    assert events(table, "eg_destroyed", count) == [{"iid": "G", "seat": "P2"}]
    assert "G" in table.state.discard


def test_r81_siege_counts_against_the_progress_of_an_eg_under_construction():
    table = siege_duel(1, progress=1)
    table.act("P1", play("Q", "G"))
    assert eg_state(table, "G") is None
