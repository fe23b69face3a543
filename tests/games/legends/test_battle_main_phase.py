"""The main phase (§5.4, R21–R30): placing, forgoing or skipping for cards, ending the
turn, and the action cap. What R21 offers, R22's waiting seats and R23's table limit are
scenarios: scenarios/legends/battle/r21_*.toml, r22_*.toml, r23_*.toml."""

from tavola.core import Action

from .battle_tables import (
    END_TURN,
    POTION,
    attack,
    battle,
    ch,
    char,
    events,
    fight,
    hand,
    on,
    refused,
    types,
)

S = char("X-S", 300, 50, 0, 10)
D = char("X-D", 300, 10, 0, 40)
FORGO = "forgo"


def test_r21_actions_may_come_in_any_order_and_number():
    table = battle(
        {
            "P1": {"table": [on("X-S", "A"), on("X-S", "B")], "hand": ["X-S", "X-S"]},
            "P2": {"table": [on("X-D", "Y")]},
        },
        cards=[S, D],
    )
    first, second = hand(table, "P1")
    table.act("P1", Action("place_character", iid=first))
    fight(table, "P1", attack("A", target="Y"))
    table.act("P1", Action("place_character", iid=second))
    fight(table, "P1", attack("B", target="Y"))
    assert table.state.battle.actions_this_turn == 6  # 2 placements, 2 attacks, 2 passes


def test_r23_placed_character_is_ready_and_may_attack_this_turn():
    table = battle({"P1": {"hand": ["X-S"]}, "P2": {"table": [on("X-D", "Y")]}}, cards=[S, D])
    (card,) = hand(table, "P1")
    table.act("P1", Action("place_character", iid=card))
    placed = ch(table, card)
    assert (placed.exhausted, placed.damage, placed.modifiers, placed.is_main) == (
        False,
        0,
        [],
        False,
    )
    assert events(table, "character_placed") == [{"seat": "P1", "iid": card, "card_id": "X-S"}]
    assert fight(table, "P1", attack(card, target="Y"))["result"] == "hit"


def test_r24_equipment_window_closes_at_the_first_attack():
    table = battle(
        {"P1": {"table": [on("X-S", "A")]}, "P2": {"table": [on("X-D", "Y")]}}, cards=[S, D]
    )
    assert table.state.battle.equip_window_open is True
    fight(table, "P1", attack("A", target="Y"))
    assert table.state.battle.equip_window_open is False


def test_r26_forgo_marks_each_character_and_draws_one_card_each():
    # SC23: P controls ready A, B, C and a deck of 10.
    table = battle(
        {"P1": {"table": [on("X-S", "A"), on("X-S", "B"), on("X-S", "C")]}, "P2": {}},
        cards=[S],
        deck=[POTION] * 10,
    )
    fight(table, "P1", attack("A", target="mP2"))
    table.act("P1", Action(FORGO, iids=["B", "C"]))
    assert len(hand(table, "P1")) == 2
    assert len(table.state.deck) == 8
    assert (ch(table, "B").forwent, ch(table, "C").forwent) == (True, True)
    assert events(table, "character_forwent") == [{"seat": "P1", "iids": ["B", "C"]}]
    assert refused(table, "P1", attack("B", target="mP2")) == "character_forwent"


def test_r26_forwent_characters_stay_ready_to_defend():
    # A forwent B is still a ready Tier-1 target and defends with its DEF in P2's counter.
    table = battle(
        {"P1": {"table": [on("X-S", "A"), on("X-D", "B")]}, "P2": {"table": [on("X-S", "Z")]}},
        cards=[S, D],
        deck=[POTION] * 5,
    )
    table.act("P1", Action(FORGO, iids=["B"]))
    fight(table, "P1", attack("A", target="Z"))
    table.act("P1", END_TURN)
    assert ch(table, "B").forwent is True
    assert refused(table, "P2", attack("Z", target="A")) == "protected_target"
    result = fight(table, "P2", attack("Z", target="B"))
    assert (result["D_val"], result["result"]) == (40, "hit")


def test_r26_forgo_cap_refuses_the_whole_list():
    # SC24.
    table = battle(
        {"P1": {"table": [on("X-S", "B"), on("X-S", "C")]}, "P2": {}},
        cards=[S],
        deck=[POTION] * 5,
        max_forgo_draws_per_turn=1,
    )
    assert refused(table, "P1", Action(FORGO, iids=["B", "C"])) == "forgo_cap_exceeded"
    assert hand(table, "P1") == []
    table.act("P1", Action(FORGO, iids=["B"]))
    assert len(hand(table, "P1")) == 1


def test_r26_forgo_needs_a_character_that_has_not_acted():
    table = battle(
        {"P1": {"table": [on("X-S", "A", acted=True)]}, "P2": {}}, cards=[S], deck=[POTION]
    )
    assert refused(table, "P1", Action(FORGO, iids=["A"])) == "character_acted"


def test_r26_an_attacker_cannot_forgo_afterwards():
    table = battle({"P1": {"table": [on("X-S", "A")]}, "P2": {}}, cards=[S], deck=[POTION])
    fight(table, "P1", attack("A", target="mP2"))
    assert refused(table, "P1", Action(FORGO, iids=["A"])) == "character_exhausted"


def test_r15_forgo_draws_are_routed_like_any_draw():
    # A good-main seat forgoing draws an evil character, which is passed on.
    table = battle(
        {
            "P1": {"main": "S1-001", "table": [on("X-S", "A")]},
            "P2": {"main": "S1-017"},
        },
        cards=[S],
        deck=["S1-019"],
    )
    table.act("P1", Action(FORGO, iids=["A"]))
    assert events(table, "card_passed")[0]["to"] == "P2"
    assert hand(table, "P1") == []


def test_r26_per_player_skip_attack_draws_exactly_one_card():
    # SC64.
    table = battle(
        {"P1": {"table": [on("X-S", "A"), on("X-S", "B")]}, "P2": {}},
        cards=[S],
        deck=[POTION] * 5,
        extra_draw_mode="per_player",
    )
    table.act("P1", Action("skip_attack"))
    assert len(hand(table, "P1")) == 1
    assert table.state.battle.attack_skipped is True
    assert refused(table, "P1", attack("A", target="mP2")) == "attacks_forgone"
    assert refused(table, "P1", Action("skip_attack")) == "attacks_forgone"
    kinds = {a.type for a in table.game.legal_actions(table.state, "P1")}
    assert "end_turn" in kinds
    assert not kinds & {"declare_attack", "build", "skip_attack", "forgo"}


def test_r26_per_player_skip_attack_after_an_attack_is_refused():
    table = battle(
        {"P1": {"table": [on("X-S", "A")]}, "P2": {}},
        cards=[S],
        deck=[POTION] * 5,
        extra_draw_mode="per_player",
    )
    fight(table, "P1", attack("A", target="mP2"))
    assert refused(table, "P1", Action("skip_attack")) == "already_attacked"


def test_r26_per_player_mode_has_no_forgo_and_off_mode_has_neither():
    per_player = battle(
        {"P1": {"table": [on("X-S", "A")]}, "P2": {}}, cards=[S], extra_draw_mode="per_player"
    )
    off = battle({"P1": {"table": [on("X-S", "A")]}, "P2": {}}, cards=[S], extra_draw_mode="off")
    per_character = battle({"P1": {"table": [on("X-S", "A")]}, "P2": {}}, cards=[S])
    assert refused(per_player, "P1", Action(FORGO, iids=["A"])) == "forgo_not_allowed"
    assert refused(off, "P1", Action(FORGO, iids=["A"])) == "forgo_not_allowed"
    assert refused(off, "P1", Action("skip_attack")) == "forgo_not_allowed"
    assert refused(per_character, "P1", Action("skip_attack")) == "forgo_not_allowed"


def test_r28_end_turn_closes_the_main_phase_then_counters_then_turn_end():
    table = battle(
        {"P1": {"table": [on("X-S", "A")]}, "P2": {"table": [on("X-D", "Y")]}}, cards=[S, D]
    )
    fight(table, "P1", attack("A", target="Y"))
    count = len(table.events)
    table.act("P1", END_TURN)
    table.act("P2", Action("end_counter"))
    assert types(table, count)[:5] == [
        "main_phase_ended",
        "counter_started",
        "counter_ended",
        "turn_ended",
        "turn_started",
    ]


def test_r29_a_seat_may_end_its_turn_at_once():
    table = battle({"P1": {}, "P2": {}}, start="turn", deck=[POTION] * 3)
    table.act("P1", END_TURN)
    assert events(table, "turn_ended") == [{"seat": "P1", "turn": 1}]
    assert table.state.battle.active_seat == "P2"


def test_r30_action_cap_leaves_only_end_turn_and_concede():
    # SC56: max_actions_per_turn = 10 and P1 has taken 10 actions this turn.
    table = battle(
        {"P1": {"hand": ["X-S*11"]}, "P2": {}},
        cards=[S],
        max_actions_per_turn=10,
    )
    for card in hand(table, "P1")[:10]:
        table.act("P1", Action("place_character", iid=card))
    last = hand(table, "P1")[0]
    assert refused(table, "P1", Action("place_character", iid=last)) == "action_cap_reached"
    kinds = {a.type for a in table.game.legal_actions(table.state, "P1")}
    assert kinds == {"end_turn", "concede"}
    table.act("P1", END_TURN)
    assert table.state.battle.active_seat == "P2"


def test_r30_window_actions_of_the_active_seat_count():
    table = battle(
        {"P1": {"table": [on("X-S", "A")], "hand": [POTION]}, "P2": {"table": [on("X-D", "Y")]}},
        cards=[S, D],
    )
    table.act("P1", attack("A", target="Y"))
    table.act("P1", Action("pass"))
    assert table.state.battle.actions_this_turn == 2
