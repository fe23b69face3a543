"""BP7: the boss builds Enchantgineering when R90 holds and |R| ≥ 2: the EG under way with
the lowest iid, else an EG card from its hand, with exactly one builder, the non-main of
R with the lowest pot; at most one build a turn."""

from tavola.core import Action

from .boss_tables import (
    WARDED,
    aura,
    boss_battle,
    decide,
    declare,
    eg,
    hero,
    modify,
    on,
    step,
    villain,
)

BRUTE = villain("X-BRUTE", 300, 60, 0, 20)  # STR > 50
SEER = villain("X-SEER", 300, 20, 80, 20)  # MP > 50
KNAVE = villain("X-KNAVE", 300, 20, 10, 20)  # pot 20
IMP = villain("X-IMP", 300, 30, 0, 20)  # pot 30
FORT = hero("X-FORT", 300, 10, 0, 95)
Y = hero("X-Y", 300, 10, 0, 20)
TOWER = eg("X-TOWER", 3, aura(modify("def", 10), "ally_characters"))
KEEP = eg("X-KEEP", 4, aura(modify("def", 10), "ally_characters"))
CARDS = [BRUTE, SEER, KNAVE, IMP, FORT, Y, TOWER, KEEP]


def build(eg_iid, *builders):
    return Action("build", eg_iid=eg_iid, builders=list(builders))


def builder_position(boss_table, hand=(), egs=(), p1_table=None, main=None, **options):
    b = {"hand": list(hand), "table": list(boss_table), "egs": list(egs)}
    if main is not None:
        b["main"] = main
    return boss_battle(
        {"P1": {"table": p1_table or [on("X-Y", "Y1")]}, "B": b}, cards=CARDS, **options
    )


CREW = [on("X-BRUTE", "V1"), on("X-SEER", "V2"), on("X-KNAVE", "V3"), on("X-IMP", "V4")]


def test_bp7_builds_an_eg_card_from_hand_with_the_cheapest_non_main_of_r():
    table = builder_position(CREW, hand=[on("X-TOWER", "G")])
    assert decide(table) == build("G", "V3")


def test_bp7_the_build_comes_before_an_attack():
    table = builder_position(CREW, hand=[on("X-TOWER", "G")])
    assert decide(table).type == "build"  # Y1 (DEF 20) could be attacked by V1 alone


def test_bp7_a_cheaper_main_is_not_the_builder():
    table = builder_position(CREW, hand=[on("X-TOWER", "G")], main="X-BOSS")  # pot 10, able
    assert decide(table) == build("G", "V3")


def test_bp7_the_eg_card_in_hand_with_the_lowest_iid_comes_first():
    table = builder_position(CREW, hand=[on("X-KEEP", "G12"), on("X-TOWER", "G11")])
    assert decide(table) == build("G11", "V3")


def test_bp7_the_eg_under_way_comes_before_an_eg_card_in_hand():
    table = builder_position(
        CREW, hand=[on("X-KEEP", "G1")], egs=[{"card": "X-TOWER", "iid": "G2", "progress": 1}]
    )
    assert decide(table) == build("G2", "V3")


def test_bp7_the_eg_under_way_with_the_lowest_iid_comes_first():
    table = builder_position(
        CREW,
        egs=[
            {"card": "X-TOWER", "iid": "G12", "progress": 1},
            {"card": "X-KEEP", "iid": "G11", "progress": 2},
        ],
    )
    assert decide(table) == build("G11", "V3")


def test_bp7_a_complete_eg_is_not_built_on():
    table = builder_position(
        CREW, hand=[on("X-KEEP", "G2")], egs=[{"card": "X-TOWER", "iid": "G1"}]
    )
    assert decide(table) == build("G2", "V3")


def test_bp7_needs_at_least_two_characters_in_r():
    # R90 holds (V1, V2 are alive) but only V3 is able: no build; V3 (20 ≤ 95) forgoes.
    table = builder_position(
        [
            on("X-BRUTE", "V1", exhausted=True),
            on("X-SEER", "V2", exhausted=True),
            on("X-KNAVE", "V3"),
        ],
        hand=[on("X-TOWER", "G")],
        p1_table=[on("X-FORT", "Y1")],
    )
    assert decide(table) == Action("forgo", iids=["V3"])


def test_bp7_needs_the_r90_requirement():
    # No boss character has MP > 50: no build; V4 attacks Y1 instead (30 > 20).
    table = builder_position(
        [on("X-BRUTE", "V1"), on("X-KNAVE", "V3"), on("X-IMP", "V4")], hand=[on("X-TOWER", "G")]
    )
    assert decide(table) == declare("V4", target="Y1")


def test_bp7_needs_an_eg_to_build():
    table = builder_position(CREW)
    assert decide(table).type == "declare_attack"


def test_bp7_builds_at_most_once_a_turn():
    table = builder_position(
        CREW[:3],
        hand=[on("X-KEEP", "G")],
        p1_table=[on("X-FORT", "Y1", modifiers=[WARDED])],
    )
    assert step(table) == build("G", "V3")
    # Two characters are still able and the EG is still under way, but the turn's build
    # is done: the boss goes on (no group beats the warded DEF 95: 60 + 20 ≤ 95).
    assert decide(table) == Action("forgo", iids=["V1", "V2"])


def test_bp7_no_build_after_skip_attack():
    # Per player: no group beats the warded FORT (60 + 20 ≤ 95), so the boss skips its
    # attack and draws an EG card; a build is now refused (R26), so the turn ends.
    table = builder_position(
        [on("X-BRUTE", "V1"), on("X-SEER", "V2")],
        p1_table=[on("X-FORT", "Y1", modifiers=[WARDED])],
        deck=["X-TOWER"],
        extra_draw_mode="per_player",
    )
    assert step(table) == Action("skip_attack")
    assert table.state.seats["B"].hand == ["c1"]
    assert decide(table) == Action("end_turn")


def test_bp7_the_build_is_accepted():
    table = builder_position(CREW, hand=[on("X-TOWER", "G")])
    step(table)
    eg_state = table.state.battle.egs["G"]
    assert (eg_state.progress, eg_state.complete) == (1, False)
    assert table.state.battle.characters["V3"].exhausted
