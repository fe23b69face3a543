"""Every refusal code of §6 that the built battle actions can produce: each is refused with
its code and leaves the state hash and the event log unchanged. Then the order of the
checks (§6) where two of them apply, and SC55, SC80, SC81."""

from tavola.core import Action, Table

from .battle_tables import (
    CONCEDE,
    END_COUNTER,
    END_TURN,
    EVIL_CHAR,
    PASS,
    POTION,
    attack,
    battle,
    char,
    fight,
    hand,
    on,
    refused,
)

S = char("X-S", 300, 50, 0, 10)
Y = char("X-Y", 300, 10, 0, 60)


def duel(p1=None, p2=None, **options):
    """P1 controls A and B (X-S), P2 controls Y (X-Y); overrides per seat."""
    return battle(
        {
            "P1": p1 or {"table": [on("X-S", "A"), on("X-S", "B")]},
            "P2": p2 or {"table": [on("X-Y", "Y")]},
        },
        cards=[S, Y],
        **options,
    )


def setup_game(**options):
    players = [
        {"age": 10, "contribution": ["S1-012"] * 4 + [POTION] * 4},
        {"age": 20, "contribution": ["S1-012"] * 4},
    ]
    return Table("legends", {"mode": "classic", "players": players, **options}, 0)


def counter_phase(**options):
    """P1 attacked P2's Y; P2 is in its counter-attack phase; P3 stands by."""
    table = battle(
        {
            "P1": {"table": [on("X-S", "A"), on("X-S", "B")]},
            "P2": {"table": [on("X-Y", "Y")]},
            "P3": {"table": [on("X-S", "Z")]},
        },
        cards=[S, Y],
        **options,
    )
    fight(table, "P1", attack("A", target="Y"))
    table.act("P1", END_TURN)
    assert table.to_act == {"P2"}
    return table


# -- the common checks ----------------------------------------------------------------------


def test_game_over():
    table = duel()
    table.act("P1", CONCEDE)
    assert table.outcome.winners == ("P2",)
    assert refused(table, "P2", END_TURN) == "game_over"


def test_seat_eliminated():
    table = battle({"P1": {}, "P2": {}, "P3": {}}, deck=[POTION] * 3)
    table.act("P1", CONCEDE)
    assert refused(table, "P1", END_TURN) == "seat_eliminated"


def test_not_your_decision():
    table = duel()
    assert refused(table, "P2", END_TURN) == "not_your_decision"


def test_wrong_phase():
    table = duel()
    assert refused(table, "P1", PASS) == "wrong_phase"


def test_unknown_card():
    table = duel()
    assert refused(table, "P1", attack("A", target="NOPE")) == "unknown_card"


def test_combat_in_progress():
    table = duel()
    table.act("P1", attack("A", target="Y"))
    assert refused(table, "P1", attack("B", target="Y")) == "combat_in_progress"


def test_action_cap_reached():
    table = duel(p1={"hand": ["X-S*11"]}, max_actions_per_turn=10)
    for card in hand(table, "P1")[:10]:
        table.act("P1", Action("place_character", iid=card))
    last = hand(table, "P1")[0]
    assert refused(table, "P1", Action("place_character", iid=last)) == "action_cap_reached"


def test_stale_timeout():
    table = duel(timers={"turn_s": 30})
    assert refused(table, "P1", Action("timeout", decision_id="turn-0")) == "stale_timeout"


# -- setup actions ----------------------------------------------------------------------------


def test_already_submitted():
    table = setup_game()
    table.act("P1", Action("choose_main", card_id="S1-012"))
    assert refused(table, "P1", Action("choose_main", card_id="S1-012")) == "already_submitted"


def test_main_side_mismatch():
    players = [
        {"age": 10, "team": "good", "contribution": [POTION] * 3},
        {"age": 20, "team": "evil", "contribution": [POTION] * 3},
    ]
    table = Table("legends", {"mode": "classic", "sides": "good_vs_evil", "players": players}, 0)
    assert refused(table, "P1", Action("choose_main", card_id="S1-017")) == "main_side_mismatch"


def test_invalid_cut():
    table = setup_game()
    table.act("P1", Action("choose_main", card_id="S1-012"))
    table.act("P2", Action("choose_main", card_id="S1-012"))
    size = len(table.state.deck)
    assert refused(table, "P2", Action("cut_deck", k=size)) == "invalid_cut"


# -- placing ----------------------------------------------------------------------------------


def test_card_not_in_hand():
    table = duel(p2={"table": [on("X-Y", "Y")], "hand": ["X-S"]})
    theirs = hand(table, "P2")[0]
    assert refused(table, "P1", Action("place_character", iid=theirs)) == "card_not_in_hand"


def test_wrong_card_type():
    table = duel(p1={"hand": [POTION]})
    (card,) = hand(table, "P1")
    assert refused(table, "P1", Action("place_character", iid=card)) == "wrong_card_type"


def test_alignment_forbidden():
    # SC81: a constructed state where good-main P1 holds an evil character.
    table = duel(p1={"main": "S1-001", "hand": [EVIL_CHAR]})
    (card,) = hand(table, "P1")
    assert refused(table, "P1", Action("place_character", iid=card)) == "alignment_forbidden"


def test_table_full():
    table = duel(p1={"hand": ["X-S"]}, max_characters_on_table=1)
    (card,) = hand(table, "P1")
    assert refused(table, "P1", Action("place_character", iid=card)) == "table_full"


# -- attacks ------------------------------------------------------------------------------


def test_empty_selection():
    table = duel()
    assert refused(table, "P1", Action("declare_attack", attackers=[], target="Y")) == (
        "empty_selection"
    )


def test_duplicate_card():
    table = duel()
    assert refused(table, "P1", attack("A", "A", target="Y")) == "duplicate_card"


def test_not_your_character():
    table = duel()
    assert refused(table, "P1", attack("Y", target="Y")) == "not_your_character"


def test_character_exhausted():
    table = duel(p1={"table": [on("X-S", "A", exhausted=True)]})
    assert refused(table, "P1", attack("A", target="Y")) == "character_exhausted"


def test_character_asleep():
    table = duel(p1={"table": [on("X-S", "A", sleep=1)]})
    assert refused(table, "P1", attack("A", target="Y")) == "character_asleep"


def test_character_forwent():
    table = duel(p1={"table": [on("X-S", "A", forwent=True)]})
    assert refused(table, "P1", attack("A", target="Y")) == "character_forwent"


def test_too_many_attackers():
    table = duel(max_joint_attackers=1)
    assert refused(table, "P1", attack("A", "B", target="Y")) == "too_many_attackers"


def test_invalid_stat():
    table = duel()
    assert refused(table, "P1", attack(("A", "def"), target="Y")) == "invalid_stat"


def test_invalid_target():
    # a card that exists but stands on no table (here: in P2's hand)
    table = duel(p2={"table": [on("X-Y", "Y")], "hand": ["X-S"]})
    card = hand(table, "P2")[0]
    assert refused(table, "P1", attack("A", target=card)) == "invalid_target"


def test_target_not_opponent():
    table = duel()
    assert refused(table, "P1", attack("A", target="B")) == "target_not_opponent"


def test_protected_target():
    table = duel(p2={"table": [on("X-Y", "Y"), on("X-Y", "W", exhausted=True)]})
    assert refused(table, "P1", attack("A", target="W")) == "protected_target"


def test_main_protected():
    table = duel()
    assert refused(table, "P1", attack("A", target="mP2")) == "main_protected"


def test_counter_target_not_attacker():
    table = counter_phase()
    assert refused(table, "P2", attack("Y", target="Z")) == "counter_target_not_attacker"


def test_window_cap_reached():
    table = duel(
        p1={"table": [on("X-S", "A"), on("X-S", "B"), on("X-S", "C")], "hand": [POTION]},
        max_plays_per_window=1,
    )
    table.act("P1", attack("A", target="Y"))
    table.act("P1", Action("reinforce", iid="B"))
    assert table.to_act == {"P1"}
    assert refused(table, "P1", Action("reinforce", iid="C")) == "window_cap_reached"


# -- forgoing and skipping -------------------------------------------------------------------


def test_character_acted():
    table = duel(p1={"table": [on("X-S", "A", acted=True)]}, deck=[POTION])
    assert refused(table, "P1", Action("forgo", iids=["A"])) == "character_acted"


def test_forgo_not_allowed():
    table = duel(extra_draw_mode="off", deck=[POTION])
    assert refused(table, "P1", Action("forgo", iids=["A"])) == "forgo_not_allowed"


def test_forgo_cap_exceeded():
    table = duel(max_forgo_draws_per_turn=0, deck=[POTION])
    assert refused(table, "P1", Action("forgo", iids=["A"])) == "forgo_cap_exceeded"


def test_attacks_forgone():
    table = duel(extra_draw_mode="per_player", deck=[POTION])
    table.act("P1", Action("skip_attack"))
    assert refused(table, "P1", attack("A", target="Y")) == "attacks_forgone"


def test_already_attacked():
    table = duel(extra_draw_mode="per_player", deck=[POTION])
    fight(table, "P1", attack("A", target="Y"))
    assert refused(table, "P1", Action("skip_attack")) == "already_attacked"


# -- other actions' checks -------------------------------------------------------------------


def test_empty_selection_for_forgo():
    table = duel(deck=[POTION])
    assert refused(table, "P1", Action("forgo", iids=[])) == "empty_selection"


def test_duplicate_card_for_forgo():
    table = duel(deck=[POTION] * 2)
    assert refused(table, "P1", Action("forgo", iids=["A", "A"])) == "duplicate_card"


def test_invalid_stat_for_defence_ready():
    # SC65: defence_ready(str) is refused.
    table = duel(defence_stat_rule="choice")
    table.act("P1", attack("A", target="Y"))
    assert refused(table, "P2", Action("defence_ready", defence_stat="str")) == "invalid_stat"


def test_invalid_stat_for_reinforce():
    table = duel(p1={"table": [on("X-S", "A"), on("X-S", "B")], "hand": [POTION]})
    table.act("P1", attack("A", target="Y"))
    assert refused(table, "P1", Action("reinforce", iid="B", stat="def")) == "invalid_stat"


def test_a10_reinforce_checks_r11():
    table = duel(
        p1={"table": [on("X-S", "A"), on("X-S", "B", forwent=True)], "hand": [POTION]},
    )
    table.act("P1", attack("A", target="Y"))
    assert refused(table, "P1", Action("reinforce", iid="B")) == "character_forwent"
    assert refused(table, "P1", Action("reinforce", iid="A")) == "character_exhausted"


def test_end_counter_during_a_counter_combat_is_combat_in_progress():
    table = counter_phase()
    table.act("P2", attack("Y", target="B"))
    assert table.to_act == {"P2"}  # P2 holds priority (its main could reinforce)
    assert refused(table, "P2", END_COUNTER) == "combat_in_progress"


# -- §6: the order of the checks -----------------------------------------------------------


def test_a4_a8_sc55_illegal_inputs_leave_the_state_unchanged():
    table = duel(p1={"table": [on("X-S", "A", exhausted=True)]}, p2={"hand": [POTION]})
    theirs = hand(table, "P2")[0]
    assert refused(table, "P2", Action("place_character", iid=theirs)) == "not_your_decision"
    assert refused(table, "P1", Action("place_character", iid=theirs)) == "card_not_in_hand"
    assert refused(table, "P1", attack("A", target="mP2")) == "character_exhausted"


def test_a8_sc80_attack_bad_inputs_in_teams():
    table = battle(
        {
            "P1": {"table": [on("X-S", "A"), on("X-S", "B"), on("X-S", "C")], "hand": [POTION]},
            "P2": {"table": [on("X-Y", "T")]},
            "P3": {"table": [on("X-Y", "Y")]},
        },
        cards=[S, Y],
        teams={"P1": "A", "P2": "A", "P3": "B"},
        max_joint_attackers=2,
    )
    assert refused(table, "P1", attack("A", "A", target="Y")) == "duplicate_card"
    assert refused(table, "P1", attack(("A", "def"), target="Y")) == "invalid_stat"
    assert refused(table, "P1", attack("A", target="T")) == "target_not_opponent"
    assert refused(table, "P1", attack("A", "B", "C", target="Y")) == "too_many_attackers"
    table.act("P1", attack("A", target="Y"))
    assert refused(table, "P1", attack("B", target="Y")) == "combat_in_progress"


def test_a8_checks_come_in_the_listed_order():
    # A8: R11 errors before empty/duplicate; R39 before the stat; the stat before the target.
    table = duel(
        p1={"table": [on("X-S", "A"), on("X-S", "E", exhausted=True)]}, max_joint_attackers=1
    )
    assert refused(table, "P1", attack("A", "E", "E", target="Y")) == "character_exhausted"
    assert refused(table, "P1", attack(("A", "def"), ("A", "str"), target="Y")) == "duplicate_card"
    assert refused(table, "P1", attack(("A", "def"), ("mP1", "str"), target="Y")) == (
        "too_many_attackers"
    )
    assert refused(table, "P1", attack(("A", "def"), target="mP2")) == "invalid_stat"
    assert refused(table, "P1", attack("A", target="mP1")) == "target_not_opponent"


def test_unknown_card_comes_before_the_actions_own_checks():
    table = duel(p1={"table": [on("X-S", "A", exhausted=True)]})
    assert refused(table, "P1", attack("A", target="NOPE")) == "unknown_card"


def test_active_seats_main_phase_action_during_a_counter_combat_is_combat_in_progress():
    # §6's exception covers the active seat too, not only the counter-attacking seat.
    table = counter_phase()
    table.act("P2", attack("Y", target="B"))
    assert table.state.battle.combat is not None
    assert refused(table, "P1", END_TURN) == "combat_in_progress"


# -- A2–A14: each action's checks and what an accepted one emits -----------------------------


def test_a2_cut_must_leave_cards_on_both_sides():
    table = setup_game()
    table.act("P1", Action("choose_main", card_id="S1-012"))
    table.act("P2", Action("choose_main", card_id="S1-012"))
    size = len(table.state.deck)
    assert refused(table, "P2", Action("cut_deck", k=0)) == "invalid_cut"
    assert refused(table, "P2", Action("cut_deck", k=size)) == "invalid_cut"
    table.act("P2", Action("cut_deck", k=size - 1))
    assert [e.data for e in table.events if e.type == "deck_cut"] == [{"seat": "P2", "k": size - 1}]


def test_a4_place_character_checks_in_order():
    table = duel(
        p1={"main": "S1-001", "hand": [EVIL_CHAR, POTION, "X-S"]},
        p2={"table": [on("X-Y", "Y")], "hand": ["X-S"]},
        max_characters_on_table=2,
    )
    evil, potion, mine = hand(table, "P1")
    theirs = hand(table, "P2")[0]
    place = lambda iid: Action("place_character", iid=iid)  # noqa: E731
    assert refused(table, "P1", place("NOPE")) == "unknown_card"
    assert refused(table, "P1", place(theirs)) == "card_not_in_hand"
    assert refused(table, "P1", place(potion)) == "wrong_card_type"
    assert refused(table, "P1", place(evil)) == "alignment_forbidden"
    table.act("P1", place(mine))
    assert table.state.seats["P1"].table == ["mP1", mine]
    assert refused(table, "P1", place(evil)) == "alignment_forbidden"


def test_a9_defence_ready_states_def_or_mp():
    table = duel(defence_stat_rule="choice")
    table.act("P1", attack("A", target="Y"))
    assert refused(table, "P2", Action("defence_ready", defence_stat="hp")) == "invalid_stat"
    assert refused(table, "P1", Action("defence_ready")) == "not_your_decision"
    table.act("P2", Action("defence_ready", defence_stat="mp"))
    assert [e.data for e in table.events if e.type == "defence_ready"] == [
        {"seat": "P2", "stat": "mp"}
    ]


def test_a11_pass_belongs_to_the_seat_holding_priority():
    table = duel(p2={"table": [on("X-Y", "Y")], "hand": [POTION]})
    table.act("P1", attack("A", target="Y"))
    table.act("P2", Action("defence_ready"))
    assert table.to_act == {"P1"}
    assert refused(table, "P2", PASS) == "not_your_decision"
    table.act("P1", PASS)
    assert table.to_act == {"P2"}


def test_a12_forgo_checks_in_order():
    table = duel(
        p1={"table": [on("X-S", "A"), on("X-S", "B", acted=True), on("X-S", "E", exhausted=True)]},
        deck=[POTION] * 3,
        max_forgo_draws_per_turn=1,
    )
    forgo = lambda *iids: Action("forgo", iids=list(iids))  # noqa: E731
    assert refused(table, "P1", forgo()) == "empty_selection"
    assert refused(table, "P1", forgo("A", "A")) == "duplicate_card"
    assert refused(table, "P1", forgo("A", "Y")) == "not_your_character"
    assert refused(table, "P1", forgo("A", "E")) == "character_exhausted"
    assert refused(table, "P1", forgo("A", "B")) == "character_acted"
    assert refused(table, "P1", forgo("A", "mP1")) == "forgo_cap_exceeded"
    table.act("P1", forgo("A"))
    assert len(hand(table, "P1")) == 1


def test_a13_end_turn_belongs_to_the_active_seats_main_phase():
    table = counter_phase()
    assert refused(table, "P2", END_TURN) == "wrong_phase"
    assert refused(table, "P1", END_TURN) == "not_your_decision"


def test_a14_end_counter_belongs_to_the_counter_phase():
    table = duel()
    assert refused(table, "P1", END_COUNTER) == "wrong_phase"
    table = counter_phase()
    table.act("P2", END_COUNTER)
    assert [e.data for e in table.events if e.type == "counter_ended"] == [{"seat": "P2"}]
