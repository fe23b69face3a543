"""BP10: when no attack is found the boss forgoes (per character: all of R, lowest iids
first, within the cap; per player: `skip_attack` once, before any attack or build; off:
nothing), then BP4 goes on; and the acceptance scenario SC76."""

from tavola.core import Action

from .boss_tables import (
    FILLER,
    WARDED,
    aura,
    boss_battle,
    decide,
    declare,
    eg,
    hero,
    modify,
    on,
    settle,
    step,
    villain,
)

V3 = villain("X-V3", 200, 25, 0, 20)
V4 = villain("X-V4", 300, 70, 0, 20)
WALL = hero("X-WALL", 300, 10, 0, 25)
FORT = hero("X-FORT", 300, 10, 0, 95)
SOFT = hero("X-SOFT", 300, 10, 0, 20)
BULWARK = hero("X-BULWARK", 500, 10, 0, 60)
BRUTE = villain("X-BRUTE", 300, 60, 0, 20)
SEER = villain("X-SEER", 300, 20, 80, 20)
TOWER = eg("X-TOWER", 3, aura(modify("def", 10), "ally_characters"))
CARDS = [V3, V4, WALL, FORT, SOFT]


def walled(boss_table, *, wall="X-FORT", deck=(FILLER, FILLER, FILLER), **options):
    """P1's only character has DEF 95 (or `wall`): no group of V3s (25 each) beats it."""
    return boss_battle(
        {"P1": {"table": [on(wall, "Y")]}, "B": {"table": boss_table}},
        cards=CARDS,
        deck=list(deck),
        **options,
    )


def test_bp10_per_character_forgoes_all_of_r_lowest_iids_first():
    table = walled([on("X-V3", "c5"), on("X-V3", "c4")])
    assert decide(table) == Action("forgo", iids=["c4", "c5"])


def test_bp10_per_character_forgo_draws_one_card_per_character():
    table = walled([on("X-V3", "c5"), on("X-V3", "c4")])
    step(table)
    assert len(table.state.seats["B"].hand) == 2


def test_bp10_forgo_includes_an_able_boss_main():
    table = boss_battle(
        {"P1": {"table": [on("X-FORT", "Y")]}, "B": {"main": "X-V3", "table": [on("X-V3", "c5")]}},
        cards=CARDS,
        deck=[FILLER, FILLER],
    )
    action = decide(table)
    assert action.type == "forgo"
    assert sorted(action.get("iids")) == ["c5", "mB"]


def test_bp10_forgo_respects_the_cap_lowest_iids_first():
    table = walled(
        [on("X-V3", "c11"), on("X-V3", "c9"), on("X-V3", "c10")], max_forgo_draws_per_turn=2
    )
    assert decide(table) == Action("forgo", iids=["c9", "c10"])  # by number, not by text


def test_bp10_forgo_cap_used_up_ends_the_turn():
    table = walled([on("X-V3", "c4"), on("X-V3", "c5")], max_forgo_draws_per_turn=1)
    assert step(table) == Action("forgo", iids=["c4"])
    assert decide(table) == Action("end_turn")


def test_bp10_forgo_cap_zero_ends_the_turn():
    table = walled([on("X-V3", "c4")], max_forgo_draws_per_turn=0)
    assert decide(table) == Action("end_turn")


def test_bp10_characters_that_attacked_are_not_forgone():
    table = boss_battle(
        {
            "P1": {"table": [on("X-BULWARK", "Y")]},
            "B": {"table": [on("X-V4", "c4"), on("X-V3", "c5")]},
        },
        cards=[*CARDS, BULWARK],
        deck=[FILLER, FILLER],
    )
    assert step(table) == declare("c4", target="Y")  # 70 > 60
    settle(table)
    assert decide(table) == Action("forgo", iids=["c5"])  # 25 ≤ 60


def test_bp10_per_player_skips_the_attack_when_nothing_was_done():
    table = walled([on("X-V3", "c4")], extra_draw_mode="per_player")
    assert decide(table) == Action("skip_attack")


def test_bp10_per_player_after_skip_ends_the_turn():
    table = walled([on("X-V3", "c4")], extra_draw_mode="per_player")
    step(table)
    assert decide(table) == Action("end_turn")


def test_bp10_per_player_does_not_skip_after_an_attack():
    table = boss_battle(
        {
            "P1": {"table": [on("X-SOFT", "Y")]},
            "B": {"table": [on("X-V4", "c4"), on("X-V3", "c5")]},
        },
        cards=CARDS,
        deck=[FILLER],
        extra_draw_mode="per_player",
    )
    assert step(table) == declare("c5", target="Y")  # the smallest sufficient single
    settle(table)
    assert step(table) == declare("c4", target="Y")
    settle(table)
    assert decide(table) == Action("end_turn")


def test_bp10_per_player_does_not_skip_after_a_build():
    table = boss_battle(
        {
            "P1": {"table": [on("X-FORT", "Y", modifiers=[WARDED])]},
            "B": {
                "hand": [on("X-TOWER", "G")],
                "table": [on("X-BRUTE", "c4"), on("X-SEER", "c5"), on("X-V3", "c6")],
            },
        },
        cards=[*CARDS, BRUTE, SEER, TOWER],
        deck=[FILLER],
        extra_draw_mode="per_player",
    )
    assert step(table) == Action("build", eg_iid="G", builders=["c6"])
    # No group beats the warded FORT (60 + 20 ≤ 95); after a build there is no skip.
    assert decide(table) == Action("end_turn")


def test_bp10_off_ends_the_turn_without_forgoing():
    table = walled([on("X-V3", "c4")], extra_draw_mode="off")
    assert decide(table) == Action("end_turn")


# -- SC76 --------------------------------------------------------------------------------------


def _sc76(top_card):
    """SC76: R = [V3 (val 25)]; P1's only target is ready with dv 25."""
    return walled([on("X-V3", "V3")], wall="X-WALL", deck=[top_card, FILLER])


def test_sc76_boss_forgoes_v3_when_no_target_can_be_beaten():
    table = _sc76(FILLER)
    assert decide(table) == Action("forgo", iids=["V3"])


def test_sc76_forgo_draws_one_card():
    table = _sc76("X-V4")
    step(table)
    assert table.state.seats["B"].hand == ["c1"]


def test_sc76_a_drawn_character_is_placed_and_then_attacks():
    table = _sc76("X-V4")
    step(table)
    assert step(table) == Action("place_character", iid="c1")
    assert decide(table) == declare("c1", target="Y")


def test_sc76_a_drawn_non_character_leaves_the_boss_to_end_its_turn():
    table = _sc76(FILLER)
    step(table)
    assert decide(table) == Action("end_turn")
