"""Enchantgineering (R90–R99, A7): the build requirement, building by character-turns,
completion and auras, structure, hits, destruction, protection and repair; worked examples
E17, E18, E19 and scenarios SC25–SC29, SC66."""

from tavola.core import Action
from tavola.games.legends import stats

from .battle_tables import END_TURN, attack, ch, char, events, fight, on, refused
from .card_tables import (
    aura,
    build,
    damage,
    duel,
    eg,
    eg_state,
    magic,
    modify,
    play,
    position,
    potion,
    siege,
    standing,
)

BULWARK = eg("X-BULWARK", 5, aura(modify("def", 15), "ally_characters"))
"""SC25's EG: 5 phases, ally +15 DEF."""
TRIAD = eg("X-TRIAD", 3, aura(modify("str", 10), "ally_characters"))
HEX = eg("X-HEX", 2, aura(modify("str", -10), "enemy_characters"))
S = char("X-S", 200, 60, 10, 30)
"""SC25's S: STR 60."""
U = char("X-U", 200, 10, 70, 20)
"""SC25's U: MP 70."""
K = char("X-K", 100, 20, 20, 20)
"""SC25's K: the builder."""
E17_S = char("X-E17S", 200, 60, 60, 30)
E17_T = char("X-E17T", 100, 10, 10, 10)
E17_U = char("X-E17U", 200, 20, 55, 20)


def eff(table, iid, stat):
    return stats.eff(table.state, ch(table, iid), stat)


def workshop(*cards, p1=None, h1=("X-BULWARK",), g1=(), p2=(), g2=(), **options):
    """P1 controls S, U and K (SC25) and holds the EG cards `h1` (G, G2, …); P2 stands by
    with its plain X unless told otherwise."""
    table_p1 = [on("X-S", "S"), on("X-U", "U"), on("X-K", "K")] if p1 is None else p1
    ids = ["G", "G2", "G3"]
    return duel(
        BULWARK,
        TRIAD,
        HEX,
        S,
        U,
        K,
        E17_S,
        E17_T,
        E17_U,
        *cards,
        p1=table_p1,
        h1=[on(card, iid) for card, iid in zip(h1, ids, strict=False)],
        g1=list(g1),
        p2=list(p2) or [on("X-TARGET", "X")],
        g2=list(g2),
        **options,
    )


def next_own_turn(table):
    """P1 ends its turn and P2 its own: P1's next turn starts (a new round)."""
    table.act("P1", END_TURN)
    if table.state.phase == "counter":
        table.act("P2", Action("end_counter"))
    table.act("P2", END_TURN)
    assert table.state.battle.active_seat == "P1"


# -- R90: the requirement (E17, SC26) -------------------------------------------------------------


def test_r90_e17_one_character_with_both_stats_is_not_enough():
    # SC26: P's only characters are its main T(100/10/10/10) and S(200/60/60/30).
    table = position(
        {
            "P1": {"main": "X-E17T", "table": [on("X-E17S", "S")], "hand": [on("X-BULWARK", "G")]},
            "P2": {},
        },
        BULWARK,
        E17_S,
        E17_T,
    )
    assert refused(table, "P1", build("G", "mP1")) == "eg_requirement_unmet"


def test_r90_e17_a_second_character_with_mp_over_50_meets_it():
    table = position(
        {
            "P1": {
                "main": "X-E17T",
                "table": [on("X-E17S", "S")],
                "hand": [on("X-BULWARK", "G"), on("X-E17U", "U")],
            },
            "P2": {},
        },
        BULWARK,
        E17_S,
        E17_T,
        E17_U,
    )
    table.act("P1", Action("place_character", iid="U"))
    table.act("P1", build("G", "mP1"))
    assert eg_state(table, "G").progress == 1


def test_r90_the_requirement_counts_effective_stats():
    weakened = [{"stat": "str", "amount": -10, "duration": "round"}]  # STR 60 → 50
    table = workshop(p1=[on("X-S", "S", modifiers=weakened), on("X-U", "U"), on("X-K", "K")])
    assert refused(table, "P1", build("G", "K")) == "eg_requirement_unmet"


def test_r90_exhausted_characters_still_meet_the_requirement():
    table = workshop(
        p1=[on("X-S", "S", exhausted=True), on("X-U", "U", exhausted=True), on("X-K", "K")]
    )
    table.act("P1", build("G", "K"))
    assert eg_state(table, "G").progress == 1


def test_r90_the_requirement_is_checked_when_building_on_an_eg_already_started():
    table = workshop(
        p1=[on("X-S", "S"), on("X-K", "K")], h1=(), g1=[standing("X-BULWARK", "G", progress=2)]
    )
    assert refused(table, "P1", build("G", "K")) == "eg_requirement_unmet"


# -- R91: what is built and by how many ----------------------------------------------------------


def test_r91_building_from_the_hand_puts_the_eg_under_construction():
    table = workshop()
    count = len(table.events)
    table.act("P1", build("G", "K"))
    assert "G" not in table.state.seats["P1"].hand
    assert table.state.seats["P1"].egs == ["G"]
    g = eg_state(table, "G")
    assert (g.progress, g.complete, g.hits_taken) == (1, False, 0)
    assert [e.type for e in table.events[count:]] == ["eg_started", "eg_progressed"]
    assert events(table, "eg_progressed", count) == [
        {"iid": "G", "builders": ["K"], "progress": 1, "phases": 5}
    ]


def test_r91_building_goes_on_with_an_own_eg_under_construction():
    table = workshop(h1=(), g1=[standing("X-BULWARK", "G", progress=2)])
    table.act("P1", build("G", "K"))
    assert eg_state(table, "G").progress == 3


def test_r91_a_complete_eg_is_not_under_construction():
    table = workshop(h1=(), g1=[standing("X-BULWARK", "G")])
    assert refused(table, "P1", build("G", "K")) == "eg_not_under_construction"


def test_r91_an_opponents_eg_is_not_under_construction():
    table = workshop(h1=(), g2=[standing("X-BULWARK", "G", progress=1)])
    assert refused(table, "P1", build("G", "K")) == "eg_not_under_construction"


def test_r91_sc27_more_builders_than_phases_left_is_builder_overflow():
    table = workshop(h1=(), g1=[standing("X-TRIAD", "G", progress=2)])
    assert refused(table, "P1", build("G", "S", "K")) == "builder_overflow"


def test_r91_as_many_builders_as_phases_left_is_accepted():
    table = workshop(h1=(), g1=[standing("X-TRIAD", "G", progress=1)])
    table.act("P1", build("G", "S", "K"))
    assert eg_state(table, "G").complete


# -- R92: builders and progress (E18, SC25) --------------------------------------------------------


def test_r92_builders_are_exhausted_by_building():
    table = workshop()
    table.act("P1", build("G", "K"))
    k = ch(table, "K")
    assert (k.exhausted, k.exhausted_reason, k.acted_this_turn) == (True, "build", True)
    assert refused(table, "P1", attack("K", target="X")) == "character_exhausted"


def test_r92_a_builder_is_vulnerable_until_its_controllers_next_turn():
    table = workshop(
        p1=[on("X-S", "S", exhausted=True), on("X-U", "U", exhausted=True), on("X-K", "K")]
    )
    table.act("P1", build("G", "K"))
    table.act("P1", END_TURN)
    assert table.state.battle.active_seat == "P2"
    result = fight(table, "P2", attack("X", target="K"))
    assert (result["D_val"], result["result"]) == (0, "hit")


def test_r92_e18_sc25_one_builder_over_five_turns_completes_the_eg():
    table = workshop()
    progress = []
    for turn in range(5):
        if turn:
            next_own_turn(table)
        table.act("P1", build("G", "K"))
        assert ch(table, "K").exhausted
        progress.append(eg_state(table, "G").progress)
    assert progress == [1, 2, 3, 4, 5]
    assert eg_state(table, "G").complete


def test_r92_e18_sc25_five_builders_complete_the_eg_in_one_action():
    table = workshop(
        p1=[on("X-S", "S"), on("X-U", "U"), on("X-K", "K"), on("X-K", "K2")],
    )
    table.act("P1", build("G", "mP1", "S", "U", "K", "K2"))
    assert eg_state(table, "G").complete


# -- R93: completion -------------------------------------------------------------------------------


def test_r93_a_completed_eg_applies_its_auras_at_once():
    table = workshop(h1=(), g1=[standing("X-BULWARK", "G", progress=4)])
    assert eff(table, "S", "def") == 30
    count = len(table.events)
    table.act("P1", build("G", "K"))
    assert events(table, "eg_completed", count) == [{"iid": "G", "seat": "P1"}]
    assert [eff(table, c, "def") for c in ("mP1", "S", "U", "K")] == [25, 45, 35, 35]


def test_r93_an_eg_under_construction_has_no_aura():
    table = workshop(h1=(), g1=[standing("X-BULWARK", "G", progress=4)])
    assert eff(table, "K", "def") == 20


# -- R94: auras ------------------------------------------------------------------------------------


def test_r94_an_ally_aura_reaches_teammates_and_not_opponents():
    table = position(
        {
            "P1": {"egs": [standing("X-TRIAD", "G")]},
            "P2": {"table": [on("X-TARGET", "A2")]},
            "P3": {"table": [on("X-TARGET", "X3")]},
        },
        TRIAD,
        teams={"P1": "A", "P2": "A", "P3": "B"},
    )
    assert [eff(table, c, "str") for c in ("mP1", "A2", "X3")] == [20, 20, 10]


def test_r94_an_enemy_aura_reaches_opponents_and_not_allies():
    table = workshop(h1=(), g1=[standing("X-HEX", "G")])
    assert (eff(table, "X", "str"), eff(table, "S", "str")) == (0, 60)


def test_r94_sc66_an_enemy_aura_spares_a_protected_main_until_it_is_exposed():
    # D's EG: enemy str −10; P's main M (STR 40), P's non-main N (STR 30).
    table = position(
        {
            "P1": {"main": "X-M40", "table": [on("X-N30", "N")]},
            "P2": {"egs": [standing("X-HEX", "G")], "hand": [on("X-DOOM", "D")]},
        },
        HEX,
        char("X-M40", 500, 40, 0, 10),
        char("X-N30", 100, 30, 0, 10),
        potion("X-DOOM", "one_enemy_character", damage(100)),
        active="P2",
    )
    assert (eff(table, "N", "str"), eff(table, "mP1", "str")) == (20, 40)
    table.act("P2", play("D", "N"))
    assert ch(table, "N") is None
    assert eff(table, "mP1", "str") == 30


def test_r94_auras_of_several_egs_stack():
    table = workshop(h1=(), g1=[standing("X-TRIAD", "G"), standing("X-BULWARK", "G2")])
    assert (eff(table, "K", "str"), eff(table, "K", "def")) == (30, 35)
    table2 = workshop(
        eg("X-TRIAD2", 1, aura(modify("str", 10), "ally_characters")),
        h1=(),
        g1=[standing("X-TRIAD", "G"), standing("X-TRIAD2", "G2")],
    )
    assert eff(table2, "K", "str") == 40


WITHER = eg("X-WITHER", 2, aura(modify("hp_max", -200), "enemy_characters"))


def withered_main(hand=()):
    """P1 controls a complete Wither (enemy max HP −200) and a Brute A; P2's main (500 HP,
    damage 350) is spared while its exhausted X guards it (R35)."""
    return position(
        {
            "P1": {
                "table": [on("X-BRUTE", "A")],
                "hand": list(hand),
                "egs": [standing("X-WITHER", "G")],
            },
            "P2": {
                "main": {"card": "X-MAIN", "damage": 350},
                "table": [on("X-TARGET", "X", exhausted=True)],
            },
        },
        WITHER,
        potion("X-DOOM", "one_enemy_character", damage(100)),
    )


def test_r94_an_enemy_max_hp_aura_spares_a_protected_main():
    table = withered_main()
    main, guard = ch(table, "mP2"), ch(table, "X")
    assert (stats.max_hp(table.state, main), stats.max_hp(table.state, guard)) == (500, 100)


def test_r94_an_exposed_main_dies_when_an_enemy_max_hp_aura_reaches_it_after_a_card():
    table = withered_main(hand=[on("X-DOOM", "D")])
    table.act("P1", play("D", "X"))  # X dies; the main's max HP becomes 300 < damage 350
    assert table.state.seats["P2"].eliminated
    assert table.outcome.winners == ("P1",)


def test_r94_an_exposed_main_dies_when_an_enemy_max_hp_aura_reaches_it_after_an_attack():
    table = withered_main()
    fight(table, "P1", attack("A", target="X"))  # X (HP 100, exhausted) dies to the hit
    assert table.state.seats["P2"].eliminated
    assert table.outcome.winners == ("P1",)


def test_r93_a_completed_enemy_max_hp_aura_kills_at_once():
    table = workshop(
        WITHER,
        h1=(),
        g1=[standing("X-WITHER", "G", progress=1)],
        p2=[on("X-TARGET", "X", damage=150)],
    )
    table.act("P1", build("G", "K"))
    assert ch(table, "X") is None
    assert "X" in table.state.discard


def test_r96_a_destroyed_ally_max_hp_aura_leaves_its_characters_one_hp():
    # R75: the max HP bonus ends with the EG; a character relying on it keeps 1 HP.
    table = position(
        {
            "P1": {"table": [on("X-SEER", "S")], "hand": [on("X-RAM", "R")]},
            "P2": {
                "table": [on("X-TARGET", "X", damage=400)],
                "egs": [standing("X-VIGOUR", "G")],
            },
        },
        eg("X-VIGOUR", 2, aura(modify("hp_max", 200), "ally_characters")),
        magic("X-RAM", "one_enemy_eg", siege(2)),
    )
    assert stats.current_hp(table.state, ch(table, "X")) == 100
    table.act("P1", play("R", "G"))
    assert eg_state(table, "G") is None
    x = ch(table, "X")
    assert (stats.max_hp(table.state, x), stats.current_hp(table.state, x)) == (300, 1)


# -- R95, R96: structure and destruction -----------------------------------------------------------


def undefended(entry, attackers=3):
    """P2 has no ready non-main character and the EG `entry`; P1 has `attackers` Brutes."""
    brutes = [on("X-BRUTE", f"A{i}") for i in range(1, attackers + 1)]
    return workshop(p1=brutes, h1=(), p2=[on("X-TARGET", "X", exhausted=True)], g2=[entry])


def test_r95_a_complete_eg_has_its_phases_as_structure():
    table = undefended(standing("X-TRIAD", "G"))
    fight(table, "P1", attack("A1", "A2", target="G"))
    assert eg_state(table, "G").hits_taken == 2


def test_r95_an_eg_under_construction_has_its_progress_as_structure():
    table = undefended(standing("X-BULWARK", "G", progress=2))
    fight(table, "P1", attack("A1", "A2", target="G"))
    assert eg_state(table, "G") is None


def test_r96_eg_destroyed_when_hits_reach_structure():
    # A complete 3-phase EG takes a joint attack of three: destroyed, its aura gone.
    table = workshop(
        p1=[on("X-BRUTE", "A1"), on("X-BRUTE", "A2"), on("X-BRUTE", "A3")],
        h1=(),
        p2=[on("X-TARGET", "X", exhausted=True)],
        g2=[standing("X-TRIAD", "G")],
    )
    assert eff(table, "X", "str") == 20
    count = len(table.events)
    result = fight(table, "P1", attack("A1", "A2", "A3", target="G"))
    assert (result["result"], result["damage"]) == ("hit", 3)
    assert eg_state(table, "G") is None
    assert events(table, "eg_destroyed", count) == [{"iid": "G", "seat": "P2"}]
    assert "G" in table.state.discard
    assert table.state.seats["P2"].egs == []
    assert eff(table, "X", "str") == 10


def test_r52_an_eg_attacker_of_value_zero_adds_no_hit():
    weak = [{"stat": "str", "amount": -60, "duration": "round"}]
    table = workshop(
        p1=[on("X-BRUTE", "A1"), on("X-BRUTE", "A2", modifiers=weak)],
        h1=(),
        p2=[on("X-TARGET", "X", exhausted=True)],
        g2=[standing("X-TRIAD", "G")],
    )
    fight(table, "P1", attack(("A1", "str"), ("A2", "str"), target="G"))
    assert eg_state(table, "G").hits_taken == 1


# -- R97: protection -------------------------------------------------------------------------------


def test_r97_sc29_an_eg_is_protected_while_its_controller_has_a_ready_non_main():
    table = workshop(h1=(), g2=[standing("X-TRIAD", "G")])
    assert refused(table, "P1", attack("S", target="G")) == "protected_target"


def test_r97_an_eg_is_attackable_when_no_ready_non_main_defends_it():
    table = undefended(standing("X-TRIAD", "G"))
    result = fight(table, "P1", attack("A1", target="G"))
    assert (result["result"], eg_state(table, "G").hits_taken) == ("hit", 1)


# -- R98: repair (E19, SC28) -----------------------------------------------------------------------


def test_r98_e19_hits_are_repaired_at_round_end():
    table = undefended(standing("X-TRIAD", "G"))
    fight(table, "P1", attack("A1", "A2", target="G"))
    count = len(table.events)
    next_own_turn(table)
    assert eg_state(table, "G").hits_taken == 0
    assert events(table, "eg_repaired", count) == [{"iid": "G"}]


def test_r98_e19_sc28_three_hits_within_one_round_destroy_a_3_phase_eg():
    table = undefended(standing("X-TRIAD", "G"))
    for attacker in ("A1", "A2", "A3"):
        fight(table, "P1", attack(attacker, target="G"))
    assert eg_state(table, "G") is None


def test_r98_build_progress_survives_round_end():
    table = workshop(h1=(), g1=[standing("X-BULWARK", "G", progress=2)], p2=[on("X-TARGET", "X")])
    table.act("P1", build("G", "K"))
    next_own_turn(table)
    assert eg_state(table, "G").progress == 3


# -- R99: any number of EGs ------------------------------------------------------------------------


def test_r99_a_seat_may_have_several_egs():
    table = workshop(
        h1=("X-BULWARK", "X-TRIAD"), g1=[standing("X-HEX", "G3")], p2=[on("X-TARGET", "X")]
    )
    table.act("P1", build("G", "K"))
    table.act("P1", build("G2", "S"))
    assert table.state.seats["P1"].egs == ["G3", "G", "G2"]
    assert [eg_state(table, g).progress for g in ("G", "G2")] == [1, 1]


# -- R27: building is for the own main phase -------------------------------------------------------


def test_r27_no_building_in_a_counter_attack_phase():
    table = workshop(
        p1=[on("X-BRUTE", "A")],
        h1=(),
        p2=[on("X-S", "S2"), on("X-U", "U2"), on("X-K", "K2")],
        g2=[standing("X-BULWARK", "G", progress=1)],
    )
    fight(table, "P1", attack("A", target="K2"))
    table.act("P1", END_TURN)
    assert (table.state.phase, table.to_act) == ("counter", {"P2"})
    assert refused(table, "P2", build("G", "S2")) == "wrong_phase"
