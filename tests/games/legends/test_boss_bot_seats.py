"""The reference bot of non-boss bot seats (§5.14, last paragraph): BP unchanged with the
seat's own team, permission and opponents (O = its opponents, oldest first); in setup
`choose_main` as on a timeout (R114), every character in hand (BP2), the cut per BP3."""

from tavola.core import Action, Table

from .battle_tables import battle, char
from .boss_tables import (
    FILLER,
    boss_battle,
    decide,
    declare,
    heal,
    hero,
    on,
    parry,
    play,
    potion,
    villain,
)

SOFT = char("X-SOFT", 300, 10, 0, 20)
FORT = char("X-FORT", 300, 10, 0, 95)
HITTER = char("X-HITTER", 300, 70, 0, 20)
MEND = potion("X-MEND", "one_ally_character", heal(200), side="neutral")
GUARD = potion("X-GUARD", "combat_target", parry(), side="neutral")
CARDS = [SOFT, FORT, HITTER, MEND, GUARD]


def bots_without_mains(players=2, seed=0):
    config = {
        "mode": "classic",
        "sides": "free_for_all",
        "deck_source": "starter",
        "players": [
            {"name": f"P{i + 1}", "age": 20 + 10 * i, "kind": "bot"} for i in range(players)
        ],
    }
    return Table("legends", config, seed)


# -- setup ------------------------------------------------------------------------------------


def test_bot_seat_chooses_its_main_as_on_a_timeout():
    table = bots_without_mains()
    assert table.state.phase == "setup_main_choice"
    assert decide(table, "P1") == Action("choose_main")


def test_bot_seat_main_choice_is_accepted_and_yields_a_main():
    table = bots_without_mains()
    for seat in ("P1", "P2"):
        table.act(seat, decide(table, seat))
    assert table.state.phase == "setup_cut"
    assert all(table.state.seats[s].main_iid for s in ("P1", "P2"))


def test_bot_seat_as_cutter_cuts_through_the_rng():
    table = bots_without_mains()
    for seat in ("P1", "P2"):
        table.act(seat, decide(table, seat))
    (cutter,) = table.to_act
    assert cutter == "P2"
    assert decide(table, cutter) == Action("cut_deck")


# -- battle decisions -------------------------------------------------------------------------


def ffa(ages, **kw):
    """Free-for-all: P1 (active) with HITTER H; P2 and P3 each with a SOFT target."""
    return battle(
        {
            "P1": {"table": [on("X-HITTER", "H")]},
            "P2": {"table": [on("X-SOFT", "Y2")]},
            "P3": {"table": [on("X-SOFT", "Y3")]},
        },
        cards=CARDS,
        ages=ages,
        **kw,
    )


def test_bot_seat_attacks_its_oldest_opponent_first():
    table = ffa({"P1": 30, "P2": 20, "P3": 60})
    assert decide(table, "P1") == declare("H", target="Y3")


def test_bot_seat_equal_ages_attack_the_later_seat_in_turn_order_first():
    table = ffa({"P1": 30, "P2": 40, "P3": 40})
    assert decide(table, "P1") == declare("H", target="Y3")


def test_bot_seat_never_attacks_a_teammate():
    table = battle(
        {
            "P1": {"table": [on("X-HITTER", "H")]},
            "P2": {"table": [on("X-SOFT", "Y2")]},
            "P3": {"table": [on("X-SOFT", "Y3")]},
        },
        cards=CARDS,
        ages={"P1": 30, "P2": 60, "P3": 20},
        teams={"P1": "a", "P2": "a", "P3": "b"},
    )
    assert decide(table, "P1") == declare("H", target="Y3")


def test_bot_seat_heals_the_most_damaged_character_of_its_team():
    table = battle(
        {
            "P1": {"hand": [on("X-MEND", "C1")], "table": [on("X-SOFT", "Y1", damage=50)]},
            "P2": {"table": [on("X-SOFT", "Y2", damage=150)]},
            "P3": {"table": [on("X-SOFT", "Y3", damage=250)]},
        },
        cards=CARDS,
        teams={"P1": "a", "P2": "a", "P3": "b"},
    )
    assert decide(table, "P1") == play("C1", "Y2")


def test_good_bot_seat_against_the_boss_attacks_the_boss():
    table = boss_battle(
        {
            "P1": {"table": [on("X-HIT", "H")]},
            "P2": {"table": [on("X-HIT", "H2")]},
            "B": {"table": [on("X-V", "V")]},
        },
        cards=[hero("X-HIT", 300, 70, 0, 20), villain("X-V", 300, 10, 0, 20)],
        active="P1",
    )
    assert decide(table, "P1") == declare("H", target="V")


def test_bot_seat_parries_an_attack_on_its_own_character():
    table = battle(
        {
            "P1": {"table": [on("X-HITTER", "H")]},
            "P2": {"hand": [on("X-GUARD", "C1")], "table": [on("X-SOFT", "Y2")]},
        },
        cards=CARDS,
    )
    table.act("P1", declare("H", target="Y2"))
    table.act("P2", Action("defence_ready"))
    table.act("P1", Action("pass"))
    assert decide(table, "P2") == play("C1")


def test_bot_seat_passes_in_a_window_it_is_not_a_participant_of():
    table = battle(
        {
            "P1": {"table": [on("X-HITTER", "H")]},
            "P2": {"table": [on("X-SOFT", "Y2")]},
            "P3": {"hand": [on("X-GUARD", "C1"), on("X-MEND", "C2")],
                   "table": [on("X-SOFT", "Y3", damage=100)]},
        },
        cards=CARDS,
        response_scope="all",
    )  # fmt: skip
    table.act("P1", declare("H", target="Y2"))
    while table.to_act != frozenset({"P3"}):
        (seat,) = table.to_act
        table.act(seat, Action("pass"))
    assert decide(table, "P3") == Action("pass")


def test_bot_seat_forgoes_like_the_boss():
    table = battle(
        {"P1": {"table": [on("X-SOFT", "A")]}, "P2": {"table": [on("X-FORT", "Y2")]}},
        cards=CARDS,
        deck=[FILLER],
    )
    action = decide(table, "P1")  # 10 + 10 ≤ 95: no group; both able characters forgo
    assert action.type == "forgo"
    assert sorted(action.get("iids")) == ["A", "mP1"]
