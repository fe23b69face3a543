"""The boss in setup (BP1–BP3) and its level (BP16): the main from the config, the
formation with every character in hand, the cut by the RNG, and the level bonuses to the
deal, the turn draw and the main's HP."""

import pytest

from tavola.core import Action, Table
from tavola.games.legends.cards import CharacterCard

from .boss_tables import FILLER, boss_battle, decide, hp_of

GOOD_MAIN, BOSS_MAIN = "S1-001", "S1-023"  # HP 300 good; HP 860 evil


def real_game(players=1, level=1, seed=3, **options):
    """A real setup (no scripted position): the starter set as the deck, bot players."""
    config = {
        "mode": "classic",
        "sides": "good_vs_evil",
        "deck_source": "starter",
        "players": [
            {
                "name": f"G{i + 1}",
                "age": 20 + 10 * i,
                "kind": "bot",
                "team": "good",
                "main_card_id": GOOD_MAIN,
            }
            for i in range(players)
        ],
        "boss": {"main_card_id": BOSS_MAIN, "level": level},
        **options,
    }
    return Table("legends", config, seed)


def dealt(table, seat):
    return [e for e in table.events if e.type == "card_dealt" and e.data.get("seat") == seat]


def through_cut(table):
    """The cutter cuts as the policy says; returns the cut action."""
    (seat,) = table.to_act
    action = decide(table, seat)
    table.act(seat, action)
    return action


# -- BP1, BP2, BP3 ----------------------------------------------------------------------------


def test_bp1_the_boss_main_is_the_configured_card():
    table = real_game()
    through_cut(table)
    assert table.state.instances["mB"] == BOSS_MAIN
    assert "mB" in table.state.battle.characters


def test_bp3_the_boss_as_cutter_cuts_through_the_rng():
    table = real_game(players=1)
    assert table.to_act == frozenset({"B"})  # order P1, B: the second seat cuts
    assert decide(table, "B") == Action("cut_deck")


def test_bp3_the_cut_is_one_plus_rng_mod_size_minus_one():
    table = real_game(players=1)
    probe = table.game.clone(table.state)  # the same RNG state, drawn from separately
    size = len(probe.deck)
    expected = 1 + probe.rng.next_u32() % (size - 1)
    deck = list(table.state.deck)
    through_cut(table)
    (cut,) = [e for e in table.events if e.type == "deck_cut"]
    assert cut.data == {"seat": "B", "k": expected}
    first_dealt = next(e.data["iid"] for e in table.events if e.type == "card_dealt")
    assert first_dealt == deck[expected]  # the former card k + 1 is now on top


def characters_in_hand(table, seat):
    return [
        i for i in table.state.seats[seat].hand if isinstance(table.state.card(i), CharacterCard)
    ]


def formation(seed, **options):
    """Through the cut to the formation; returns the table and the boss's hand characters."""
    table = real_game(players=1, seed=seed, **options)
    through_cut(table)
    return table, characters_in_hand(table, "B")


def test_bp2_the_boss_places_every_character_card_in_its_hand():
    table, chars = formation(seed=0)
    assert len(chars) == 3  # this seed deals the boss three characters
    table.act("P1", decide(table, "P1"))
    assert table.state.seats["B"].table == ["mB", *chars]
    assert characters_in_hand(table, "B") == []


def test_bp2_the_boss_formation_stays_within_the_table_limit():
    table, chars = formation(seed=0, max_characters_on_table=2)
    table.act("P1", decide(table, "P1"))
    placed = table.state.seats["B"].table
    assert len(placed) == 2 and placed[0] == "mB" and placed[1] in chars


def test_bp2_a_bot_seat_places_every_character_in_hand():
    table, _ = formation(seed=4)
    chars = characters_in_hand(table, "P1")
    assert len(chars) == 3  # this seed deals P1 three characters
    action = decide(table, "P1")
    assert action.type == "place_initial"
    assert sorted(action.get("iids")) == sorted(chars)


def test_bp2_a_bot_seat_formation_stays_within_the_table_limit():
    table, _ = formation(seed=4, max_characters_on_table=2)
    chars = characters_in_hand(table, "P1")
    action = decide(table, "P1")
    assert len(chars) == 3  # more characters than room beside the main
    assert len(action.get("iids")) == 1 and set(action.get("iids")) <= set(chars)
    table.act("P1", action)
    assert len(table.state.seats["P1"].table) == 2


# -- BP16 -------------------------------------------------------------------------------------


@pytest.mark.parametrize(("level", "count"), [(1, 5), (2, 6), (4, 8), (5, 9)])
def test_bp16_the_boss_is_dealt_initial_deal_size_plus_level_minus_one(level, count):
    table = real_game(level=level)
    through_cut(table)
    assert len(dealt(table, "B")) == count
    assert len(dealt(table, "P1")) == 5


def test_bp16_the_level_bonus_adds_to_a_custom_initial_deal_size():
    table = real_game(level=3, initial_deal_size=2)
    through_cut(table)
    assert len(dealt(table, "B")) == 4


@pytest.mark.parametrize(("level", "draws"), [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3)])
def test_bp16_the_boss_turn_draw_is_one_plus_half_the_level_above_one(level, draws):
    table = boss_battle(
        {"P1": {}, "B": {}}, level=level, deck=[FILLER] * 5, start="turn", active="B"
    )
    assert len(table.state.seats["B"].hand) == draws


@pytest.mark.parametrize(("level", "max_hp"), [(1, 860), (2, 960), (5, 1260)])
def test_bp16_the_boss_main_gets_100_max_hp_per_level_above_one(level, max_hp):
    table = real_game(level=level)
    through_cut(table)
    assert hp_of(table, "mB") == max_hp
    assert hp_of(table, "mP1") == 300  # player mains get no bonus
