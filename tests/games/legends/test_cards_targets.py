"""Target specs of magic and potions (§3.4): what each may name and what it reaches, in a
team game where P1 and P2 are allies against P3 (and P4 when a second opponent helps)."""

from tavola.core import Action

from .battle_tables import POTION, attack, events, hand, hp, on, refused
from .card_tables import (
    WARD_MOD,
    damage,
    discard,
    draw,
    eg,
    eg_state,
    heal,
    held,
    magic,
    modify,
    play,
    position,
    potion,
    revive,
    siege,
    standing,
)

TEAMS = {"P1": "A", "P2": "A", "P3": "B", "P4": "B"}
KEEP = eg("X-KEEP", 4, {**modify("def", 10), "applies_to": "ally_characters"})


def teams(card, *, p1=(), p2=(), p3=(), p4=(), g2=(), g3=(), h3=(), **options):
    """P1 (Seer S plus `p1`) holds `card` as Q; P2 is its teammate (A2), P3 and P4 its
    opponents (X3 and X4 guard their mains)."""
    seats = {
        "P1": {"table": [on("X-SEER", "S"), *p1], "hand": [held(card["card_id"], "Q")]},
        "P2": {"table": [on("X-TARGET", "A2"), *p2], "egs": list(g2)},
        "P3": {"table": [on("X-TARGET", "X3"), *p3], "egs": list(g3), "hand": list(h3)},
        "P4": {"table": [on("X-TARGET", "X4"), *p4]},
    }
    return position(seats, card, KEEP, teams=TEAMS, **options)


def damaged(iid):
    return on("X-TARGET", iid, damage=100)


# -- character targets ----------------------------------------------------------------------


def test_s34_one_ally_character_names_an_own_or_a_teammates_character():
    table = teams(potion("X-MEND", "one_ally_character", heal(50)), p2=[damaged("B2")])
    table.act("P1", play("Q", "B2"))
    assert hp(table, "B2") == 250


def test_s34_one_ally_character_may_not_name_an_opponents_character():
    table = teams(potion("X-MEND", "one_ally_character", heal(50)))
    assert refused(table, "P1", play("Q", "X3")) == "invalid_target"


def test_s34_one_enemy_character_may_not_name_a_teammates_character():
    table = teams(potion("X-BOLT", "one_enemy_character", damage(100)))
    assert refused(table, "P1", play("Q", "A2")) == "invalid_target"


def test_s34_one_enemy_character_names_any_opponents_character():
    table = teams(potion("X-BOLT", "one_enemy_character", damage(100)))
    table.act("P1", play("Q", "X4"))
    assert hp(table, "X4") == 200


def test_s34_one_character_names_a_character_of_any_seat():
    table = teams(potion("X-JOLT", "one_character", modify("str", 5, "turn")))
    allowed = {a.get("target") for a in table.game.legal_actions(table.state, "P1")}
    assert {"mP1", "S", "mP2", "A2", "X3", "X4"} <= allowed
    assert {"mP3", "mP4"}.isdisjoint(allowed)  # protected opponents' mains (R34)


def test_s34_all_ally_characters_reaches_every_character_of_the_team():
    card = potion("X-RALLY", "all_ally_characters", heal(50))
    table = teams(card, p1=[damaged("B1")], p2=[damaged("B2")], p3=[damaged("Y3")])
    table.act("P1", play("Q"))
    assert (hp(table, "B1"), hp(table, "B2"), hp(table, "Y3")) == (250, 250, 200)


def test_s34_all_enemy_characters_reaches_every_opponents_character_but_guarded_ones():
    card = magic("X-STORM", "all_enemy_characters", damage(100))
    table = teams(card, p3=[on("X-TARGET", "Y3", modifiers=[WARD_MOD])])
    table.act("P1", play("Q"))
    reached = {e["target"] for e in events(table, "effect_applied")}
    assert reached == {"X3", "X4"}  # not the warded Y3, the protected mains or allies
    assert (hp(table, "X3"), hp(table, "X4"), hp(table, "A2")) == (200, 200, 300)


def test_s34_an_area_or_fixed_target_takes_no_named_target():
    table = teams(potion("X-RALLY", "all_ally_characters", heal(50)))
    assert refused(table, "P1", play("Q", "S")) == "invalid_target"


# -- combat_target -----------------------------------------------------------------------------


def test_s34_combat_target_is_the_target_of_the_open_combat():
    card = potion("X-BRACE", "combat_target", modify("def", 50, "combat"))
    table = teams(card, p1=[on("X-BRUTE", "A")], h3=[POTION])
    table.act("P1", attack("A", target="X3"))
    table.act("P3", Action("defence_ready"))
    table.act("P1", play("Q"))
    assert events(table, "effect_applied")[-1]["target"] == "X3"


def test_s34_combat_target_outside_a_combat_is_not_in_combat():
    table = teams(potion("X-BRACE", "combat_target", modify("def", 50, "combat")))
    assert refused(table, "P1", play("Q")) == "not_in_combat"


# -- player targets ------------------------------------------------------------------------------


def test_s34_self_player_is_the_caster():
    table = teams(potion("X-STUDY", "self_player", draw(1)), deck=[POTION])
    table.act("P1", play("Q"))
    assert len(hand(table, "P1")) == 1


def test_s34_self_player_takes_no_named_seat():
    table = teams(potion("X-STUDY", "self_player", draw(1)), deck=[POTION])
    assert refused(table, "P1", play("Q", "P1")) == "invalid_target"


def test_s34_one_enemy_player_names_an_opponent():
    table = teams(potion("X-THIEF", "one_enemy_player", discard(1)), h3=[POTION])
    table.act("P1", play("Q", "P3"))
    assert hand(table, "P3") == []


def test_s34_one_enemy_player_may_not_name_a_teammate_or_the_caster():
    table = teams(potion("X-THIEF", "one_enemy_player", discard(1)))
    assert refused(table, "P1", play("Q", "P2")) == "invalid_target"
    assert refused(table, "P1", play("Q", "P1")) == "invalid_target"


def test_s34_one_enemy_player_may_not_name_an_eliminated_opponent():
    # P4 has only its main: P1's Doom (D) eliminates P4, then Thief (Q) may not name it.
    table = position(
        {
            "P1": {"hand": [held("X-DOOM", "D"), held("X-THIEF", "Q")]},
            "P2": {},
            "P3": {"table": [on("X-TARGET", "X3")], "hand": [POTION]},
            "P4": {"hand": [POTION]},
        },
        potion("X-DOOM", "one_enemy_character", damage(500)),
        potion("X-THIEF", "one_enemy_player", discard(1)),
        teams=TEAMS,
    )
    table.act("P1", play("D", "mP4"))
    assert table.state.seats["P4"].eliminated
    targets = [a.get("target") for a in table.game.legal_actions(table.state, "P1")]
    assert "P3" in targets and "P4" not in targets
    assert refused(table, "P1", play("Q", "P4")) == "invalid_target"


def test_s34_all_enemy_players_reaches_every_opponent():
    table = position(
        {
            "P1": {"hand": [held("X-RAID", "Q")]},
            "P2": {"hand": [POTION]},
            "P3": {"hand": [POTION]},
            "P4": {"hand": [POTION]},
        },
        potion("X-RAID", "all_enemy_players", discard(1)),
        teams=TEAMS,
    )
    table.act("P1", play("Q"))
    sizes = [len(hand(table, s)) for s in ("P2", "P3", "P4")]
    assert sizes == [1, 0, 0]


# -- EG and discard-pile targets ---------------------------------------------------------------


def test_s34_one_enemy_eg_names_an_opponents_eg_under_construction():
    table = teams(
        magic("X-RAM", "one_enemy_eg", siege(1)), g3=[standing("X-KEEP", "G", progress=2)]
    )
    table.act("P1", play("Q", "G"))
    assert eg_state(table, "G").hits_taken == 1


def test_s34_one_enemy_eg_may_not_name_a_teammates_eg():
    table = teams(magic("X-RAM", "one_enemy_eg", siege(1)), g2=[standing("X-KEEP", "G")])
    assert refused(table, "P1", play("Q", "G")) == "invalid_target"


def lost_characters():
    """P1 lost its own K (culled by its own card C) and killed P3's Y3 (with Doom D);
    P1 holds a revive potion R."""
    table = position(
        {
            "P1": {
                "table": [on("X-TARGET", "K")],
                "hand": [held("X-CULL", "C"), held("X-DOOM", "D"), held("X-RISE", "R")],
            },
            "P2": {"table": [on("X-TARGET", "X2")]},
        },
        potion("X-CULL", "one_ally_character", damage(300)),
        potion("X-DOOM", "one_enemy_character", damage(300)),
        potion("X-RISE", "own_discard_character", revive(100)),
    )
    table.act("P1", play("C", "K"))
    table.act("P1", play("D", "X2"))
    assert {"K", "X2"} <= set(table.state.discard)
    return table


def test_s34_own_discard_character_names_a_character_the_caster_lost():
    table = lost_characters()
    assert [a for a in table.game.legal_actions(table.state, "P1") if a.type == "play_card"] == [
        play("R", "K")
    ]
    table.act("P1", play("R", "K"))
    assert table.state.seats["P1"].table == ["mP1", "K"]


def test_s34_own_discard_character_may_not_name_another_seats_dead_character():
    table = lost_characters()
    assert refused(table, "P1", play("R", "X2")) == "invalid_target"


def test_s34_own_discard_character_never_stood_on_the_casters_table_is_not_revivable():
    # A character card discarded without ever being on a table has no last controller.
    table = position(
        {"P1": {"hand": [held("X-RISE", "R")]}, "P2": {}},
        potion("X-RISE", "own_discard_character", revive(100)),
        discard=["X-TARGET"],
    )
    assert refused(table, "P1", play("R", table.state.discard[0])) == "nothing_to_revive"
