"""The rule a refusal or an event of Legends applies (issue 31): the browser links it to
the rules page's anchor, so each must be the rule the spec gives for it."""

from tavola.core import Action, Viewer

from .battle_tables import END_TURN, POTION, attack, battle, char, fight, on, refused

S = char("X-S", 300, 50, 0, 10)  # an attacker
N = char("X-N", 100, 10, 0, 10)  # a defender's non-main


def refusal_rule(table, seat, action):
    try:
        table.act(seat, action)
    except Exception as exc:  # the refusal, checked by `refused` below too
        return exc.code, exc.rule
    raise AssertionError("not refused")


def test_r26_giving_up_the_turns_attacks_where_each_character_draws_cites_r26():
    table = battle({"P1": {"table": [on("X-S", "A")]}, "P2": {}}, cards=[S])
    assert refused(table, "P1", Action("skip_attack")) == "forgo_not_allowed"
    assert refusal_rule(table, "P1", Action("skip_attack")) == ("forgo_not_allowed", "R26")


def test_r32_an_attack_on_a_guarded_main_cites_the_tiers_not_the_card_rule():
    table = battle(
        {"P1": {"table": [on("X-S", "A")]}, "P2": {"table": [on("X-N", "X")]}}, cards=[S, N]
    )
    assert refusal_rule(table, "P1", attack("A", target="mP2")) == ("main_protected", "R32")
    assert refusal_rule(table, "P1", attack("A", target="mP1")) == ("target_not_opponent", "R31")


def test_a_refusal_that_is_no_rules_cites_none():
    table = battle({"P1": {}, "P2": {}}, deck=[POTION])
    assert refusal_rule(table, "P2", END_TURN)[1] is None  # not_your_decision


def test_r38_r48_an_attack_and_its_resolution_cite_their_rules():
    table = battle(
        {"P1": {"table": [on("X-S", "A")]}, "P2": {"table": [on("X-N", "X")]}}, cards=[S, N]
    )
    fight(table, "P1", attack("A", target="X"))
    rules = {e.type: e.rule for e in table.events}
    assert rules["attack_declared"] == "R38"
    assert rules["attack_resolved"] == "R48"
    assert rules["character_died"] == "R77"


def test_r17_r100_a_draw_and_the_end_of_a_turn_cite_their_rules_for_every_viewer():
    table = battle({"P1": {}, "P2": {}}, deck=[POTION, POTION])
    table.act("P1", END_TURN)
    drawn = [e for e in table.events if e.type == "card_drawn"][-1]
    assert drawn.rule == "R17"
    public = table.events_for(Viewer.seat("P1"), drawn.seq - 1)[0]
    assert public.to_json()["rule"] == "R17"  # the twin the others see cites it too
    assert [e.rule for e in table.events if e.type == "turn_ended"] == ["R100"]
