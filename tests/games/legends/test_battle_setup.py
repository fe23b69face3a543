"""Battle setup (§4, S1–S9), the turn order (R2, R3) and the setup actions A1–A3."""

import signal
from contextlib import contextmanager

from tavola.core import Action, Rng, Table, Viewer

from .battle_tables import (
    EVIL_POTION,
    GOOD_POTION,
    POTION,
    cards_of,
    events,
    hand,
    refused,
    types,
)

GOOD_MAIN, EVIL_MAIN, NEUTRAL_MAIN, BOSS_MAIN = "S1-001", "S1-017", "S1-012", "S1-023"
GOOD_CHAR, EVIL_CHAR, NEUTRAL_MAGIC, GOOD_EG = "S1-002", "S1-019", "S1-025", "S1-055"


def new(players, seed=0, **options):
    return Table("legends", {"mode": "classic", "players": players, **options}, seed)


def boss_game(ages=(10, 34, 34, 71), seed=0, **options):
    players = [{"age": a, "team": "good", "main_card_id": GOOD_MAIN} for a in ages]
    return new(
        players,
        seed,
        sides="good_vs_evil",
        boss={"main_card_id": BOSS_MAIN},
        **options,
    )


def to_formation(table, k=1):
    """Sends the cut (whoever the cutter is)."""
    (cutter,) = table.to_act
    table.act(cutter, Action("cut_deck", k=k))


@contextmanager
def deadline(seconds):
    """Turns a hang into a TimeoutError (Unix alarm)."""

    def expired(signum, frame):
        raise TimeoutError(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


# -- S1–S3, R2, R3: seats, sides and turn order --------------------------------------------


def test_s1_seats_follow_config_order_with_agility_from_age():
    table = boss_game(ages=(40, 12))
    seats = table.state.seats
    assert list(seats) == ["P1", "P2", "B"]
    assert [(s.agility, s.kind) for s in seats.values()] == [
        (60, "human"),
        (88, "human"),
        (0, "auto_boss"),
    ]


def test_s2_free_for_all_gives_each_seat_its_own_team():
    table = new([{"age": 10, "team": "x"}, {"age": 20, "team": "x"}])
    assert [s.team for s in table.state.seats.values()] == ["P1", "P2"]


def test_s2_teams_come_from_the_config():
    players = [{"age": 10, "team": "red"}, {"age": 20, "team": "blue"}, {"age": 30, "team": "red"}]
    table = new(players, sides="teams")
    assert [s.team for s in table.state.seats.values()] == ["red", "blue", "red"]


def test_s2_with_a_boss_the_players_are_good_and_the_boss_alone_is_evil():
    table = boss_game(ages=(10, 20))
    assert {s: info.team for s, info in table.state.seats.items()} == {
        "P1": "good",
        "P2": "good",
        "B": "evil",
    }


def test_r2_youngest_plays_first():
    table = new([{"age": 71}, {"age": 10}, {"age": 34}])
    assert table.state.turn_order == ["P2", "P3", "P1"]


def test_r2_equal_agility_is_ordered_by_a_recorded_lottery():
    # SC1/E20: ages 10, 34, 34, 71 and a boss with agility 0.
    orders = set()
    for seed in range(10):
        table = boss_game(seed=seed)
        order = table.state.turn_order
        (opening,) = events(table, "turn_order_set")
        assert opening["agility"] == {"P1": 90, "P2": 66, "P3": 66, "P4": 29, "B": 0}
        assert opening["lotteries"] == [order[1:3]]
        assert (order[0], order[3], order[4]) == ("P1", "P4", "B")
        orders.add(tuple(order))
    assert len(orders) == 2


def test_s3_the_tie_lottery_is_the_first_use_of_the_rng():
    for seed in range(5):
        table = boss_game(seed=seed)
        tied = ["P2", "P3"]
        Rng(seed).shuffle(tied)
        assert events(table, "turn_order_set")[0]["lotteries"] == [tied]


def test_r2_seat_order_tie_break_keeps_config_order():
    table = boss_game(agility_tie_break="seat_order")
    assert table.state.turn_order == ["P1", "P2", "P3", "P4", "B"]


def test_r3_boss_follows_every_player_at_least_as_agile():
    # agilities 90, 60, 50, 40 and the boss at 50: it plays after the 50 and before the 40.
    table = boss_game(ages=(10, 40, 50, 60), boss_agility=50)
    assert table.state.turn_order == ["P1", "P2", "P3", "B", "P4"]


# -- S4: the deck -------------------------------------------------------------------------


def test_s4_deck_holds_contributions_in_turn_order_then_the_starter_set():
    players = [
        {"age": 50, "main_card_id": GOOD_MAIN, "contribution": [GOOD_CHAR]},
        {"age": 10, "main_card_id": GOOD_MAIN, "contribution": [POTION, GOOD_POTION]},
    ]
    table = new(players, deck_source="both")
    instances = table.state.instances
    assert [instances[f"c{i}"] for i in (1, 2, 3, 4)] == [POTION, GOOD_POTION, GOOD_CHAR, "S1-001"]
    assert len([i for i in instances if i.startswith("c")]) == 63


def test_s4_boss_contribution_follows_every_player_contribution():
    # With boss_agility 99 the boss plays first (R3), but its cards still come last (S4).
    table = new(
        [{"age": 10, "team": "good", "main_card_id": GOOD_MAIN, "contribution": [GOOD_CHAR]}],
        sides="good_vs_evil",
        boss_agility=99,
        boss={"main_card_id": BOSS_MAIN, "contribution": [EVIL_CHAR]},
    )
    assert table.state.turn_order == ["B", "P1"]
    assert (table.state.instances["c1"], table.state.instances["c2"]) == (GOOD_CHAR, EVIL_CHAR)


# -- S5: mains ----------------------------------------------------------------------------


def choosing(seed=0, **options):
    players = [
        {"age": 10, "contribution": [POTION] * 5},
        {"age": 20, "contribution": [POTION] * 5},
    ]
    return new(players, seed, **options)


def test_s5_mains_are_sealed_until_every_seat_has_chosen():
    table = choosing()
    assert (table.state.phase, table.to_act) == ("setup_main_choice", {"P1", "P2"})
    table.act("P1", Action("choose_main", card_id=GOOD_MAIN))
    assert events(table, "main_submitted") == [{"seat": "P1"}]
    public = table.view(Viewer.seat("P2"))["seats"]["P1"]
    assert public["sealed"] is True and "sealed_choice" not in public
    assert "mP1" not in table.state.instances
    table.act("P2", Action("choose_main", card_id=EVIL_MAIN))
    assert events(table, "mains_revealed") == [{"P1": GOOD_MAIN, "P2": EVIL_MAIN}]


def test_s5_permission_follows_the_mains_side():
    table = choosing()
    table.act("P1", Action("choose_main", card_id=GOOD_MAIN))
    table.act("P2", Action("choose_main", card_id=NEUTRAL_MAIN))
    seats = table.state.seats
    assert (seats["P1"].permission, seats["P2"].permission) == ("good", "neutral")
    assert (seats["P1"].main_iid, seats["P2"].main_iid) == ("mP1", "mP2")


def test_s5_a_preset_main_skips_the_choice():
    players = [
        {"age": 10, "main_card_id": GOOD_MAIN, "contribution": [POTION] * 3},
        {"age": 20, "contribution": [POTION] * 3},
    ]
    table = new(players)
    assert table.to_act == {"P2"}


def test_s5_random_main_comes_from_the_decks_allowed_characters():
    # SC68: P1 on good against a boss; deck characters: 2 good, 1 neutral, 3 evil.
    contribution = [GOOD_MAIN, GOOD_CHAR, NEUTRAL_MAIN, EVIL_MAIN, EVIL_CHAR, "S1-020"]
    for seed in range(6):
        table = new(
            [{"age": 10, "team": "good", "contribution": contribution}],
            seed,
            sides="good_vs_evil",
            main_selection="random",
            boss={"main_card_id": BOSS_MAIN},
        )
        main = table.state.instances["mP1"]
        assert main in (GOOD_MAIN, GOOD_CHAR, NEUTRAL_MAIN)
        expected = list(contribution)
        expected.remove(main)
        assert sorted(cards_of(table, table.state.deck)) == sorted(expected)
        assert table.state.instances["mB"] == BOSS_MAIN


def test_s5_random_mains_are_drawn_in_turn_order():
    # P2 (evil, younger) draws first and can only take the neutral card; P1 (good) then
    # takes the good one. Drawing P1 first would sometimes leave P2 nothing.
    players = [
        {"age": 30, "team": "good", "contribution": [GOOD_MAIN]},
        {"age": 10, "team": "evil", "contribution": [NEUTRAL_MAIN]},
    ]
    for seed in range(8):
        table = new(players, seed, sides="good_vs_evil", main_selection="random")
        mains = (table.state.instances["mP1"], table.state.instances["mP2"])
        assert mains == (GOOD_MAIN, NEUTRAL_MAIN)
        assert table.state.deck == []


# -- S6: shuffle and cut --------------------------------------------------------------------


def test_s6_first_seat_shuffles_and_the_next_seat_cuts():
    players = [
        {"age": 40, "main_card_id": GOOD_MAIN},
        {"age": 12, "main_card_id": GOOD_MAIN},
    ]
    table = new(players, deck_source="starter")
    assert events(table, "deck_shuffled") == [{"seat": "P2", "size": 60}]
    assert table.to_act == {"P1"}
    assert table.state.deck != sorted(table.state.deck, key=lambda i: int(i[1:]))


def test_s6_cut_moves_the_top_k_cards_to_the_bottom():
    # SC69: a 40-card deck; cut_deck(10).
    players = [
        {"age": 10, "main_card_id": GOOD_MAIN, "contribution": [POTION] * 20},
        {"age": 20, "main_card_id": GOOD_MAIN, "contribution": [GOOD_POTION] * 20},
    ]
    table = new(players, initial_deal_size=0)
    before = list(table.state.deck)
    assert refused(table, "P2", Action("cut_deck", k=0)) == "invalid_cut"
    assert refused(table, "P2", Action("cut_deck", k=40)) == "invalid_cut"
    table.act("P2", Action("cut_deck", k=10))
    assert table.state.deck == before[10:] + before[:10]
    assert events(table, "deck_cut") == [{"seat": "P2", "k": 10}]


def test_s6_a_deck_below_two_cards_is_not_cut():
    players = [
        {"age": 10, "main_card_id": GOOD_MAIN, "contribution": [POTION]},
        {"age": 20, "main_card_id": GOOD_MAIN},
    ]
    table = new(players)
    assert "deck_cut" not in types(table)
    assert table.state.phase == "setup_formation"


# -- S7: the initial deal --------------------------------------------------------------------


def dealt(table, seat):
    return [
        e.data["iid"] for e in table.events if e.type == "card_dealt" and e.data["seat"] == seat
    ]


def test_s7_cards_are_dealt_one_at_a_time_in_turn_order():
    players = [
        {"age": 30, "main_card_id": NEUTRAL_MAIN, "contribution": [POTION] * 6},
        {"age": 10, "main_card_id": NEUTRAL_MAIN, "contribution": [POTION] * 6},
    ]
    table = new(players, initial_deal_size=3)
    to_formation(table, k=2)
    deck = table.state.deck  # what is left after dealing 6
    order = [e.data["seat"] for e in table.events if e.type == "card_dealt"]
    assert order == ["P2", "P1"] * 3
    assert len(deck) == 6
    assert len(hand(table, "P1")) == len(hand(table, "P2")) == 3


def test_s7_dealt_cards_follow_the_cut_deck_round_robin():
    players = [
        {"age": 10, "main_card_id": NEUTRAL_MAIN, "contribution": [POTION] * 5},
        {"age": 20, "main_card_id": NEUTRAL_MAIN, "contribution": [GOOD_POTION] * 5},
    ]
    table = new(players, initial_deal_size=2)
    cut = table.state.deck[3:] + table.state.deck[:3]
    to_formation(table, k=3)
    assert (dealt(table, "P1"), dealt(table, "P2")) == (cut[0:4:2], cut[1:4:2])


def test_s7_unusable_dealt_cards_are_discarded():
    # SC8: a good main is dealt a mix of good, evil and neutral cards.
    mix = [GOOD_CHAR, EVIL_CHAR, NEUTRAL_MAGIC, EVIL_POTION, GOOD_EG] * 2
    players = [
        {"age": 10, "main_card_id": GOOD_MAIN, "contribution": mix},
        {"age": 20, "main_card_id": NEUTRAL_MAIN},
    ]
    table = new(players, seed=4)
    to_formation(table)
    mine = dealt(table, "P1")
    evil = [i for i in mine if table.state.instances[i] in (EVIL_CHAR, EVIL_POTION)]
    assert hand(table, "P1") == [i for i in mine if i not in evil]
    assert table.state.discard == evil
    assert [e["iid"] for e in events(table, "card_discarded")] == evil
    assert "card_passed" not in types(table)
    assert len(hand(table, "P2")) == 5  # a neutral main keeps everything


def test_s7_replacements_are_drawn_until_the_count_is_held():
    players = [
        {"age": 10, "main_card_id": GOOD_MAIN, "contribution": [EVIL_POTION] * 2},
        {"age": 20, "main_card_id": NEUTRAL_MAIN, "contribution": [POTION] * 20},
    ]
    table = new(players, replace_initial_discards=True)
    to_formation(table)
    p1 = cards_of(table, hand(table, "P1"))
    assert p1 == [POTION] * 5
    assert len(hand(table, "P2")) == 5


def test_s7_a_seat_whose_count_is_reached_is_skipped():
    # SC77: a level-3 boss is dealt 7 cards, the player 5.
    table = new(
        [{"age": 10, "team": "good", "main_card_id": GOOD_MAIN, "contribution": [POTION] * 20}],
        sides="good_vs_evil",
        boss={"main_card_id": BOSS_MAIN, "level": 3},
    )
    to_formation(table)
    order = [e.data["seat"] for e in table.events if e.type == "card_dealt"]
    assert order == ["P1", "B"] * 5 + ["B", "B"]
    assert (len(hand(table, "P1")), len(hand(table, "B"))) == (5, 7)


def test_s7_replacements_stop_when_the_deck_is_empty():
    players = [
        {"age": 10, "main_card_id": GOOD_MAIN, "contribution": [EVIL_POTION] * 10},
        {"age": 20, "main_card_id": EVIL_MAIN},
    ]
    table = new(players, replace_initial_discards=True)
    with deadline(1):
        to_formation(table)
    assert hand(table, "P1") == []
    assert len(hand(table, "P2")) == 5
    assert table.state.phase == "setup_formation"


# -- S8, S9: formation and the first turn ---------------------------------------------------


def formation(**options):
    players = [
        {"age": 10, "main_card_id": NEUTRAL_MAIN, "contribution": [GOOD_CHAR] * 6},
        {"age": 20, "main_card_id": NEUTRAL_MAIN, "contribution": [GOOD_CHAR] * 6},
    ]
    table = new(players, **options)
    to_formation(table)
    return table


def test_s8_mains_are_placed_ready_before_the_formation():
    table = formation()
    assert table.state.seats["P1"].table == ["mP1"]
    main = table.state.battle.characters["mP1"]
    assert (main.is_main, main.exhausted, main.damage) == (True, False, 0)


def test_s8_formations_are_sealed_then_placed_together():
    table = formation()
    mine = hand(table, "P1")[:2]
    table.act("P1", Action("place_initial", iids=mine))
    assert events(table, "formation_submitted") == [{"seat": "P1"}]
    assert table.state.seats["P1"].table == ["mP1"]
    assert table.view(Viewer.seat("P2"))["seats"]["P1"].get("sealed_choice") is None
    table.act("P2", Action("place_initial", iids=[]))
    (placed,) = events(table, "characters_placed")
    assert [p["iid"] for p in placed["formations"]["P1"]] == mine
    assert table.state.seats["P1"].table == ["mP1", *mine]


def test_s8_the_boss_places_every_character_it_holds():
    table = new(
        [{"age": 10, "team": "good", "main_card_id": GOOD_MAIN, "contribution": [POTION] * 5}],
        sides="good_vs_evil",
        boss={"main_card_id": BOSS_MAIN, "contribution": [EVIL_CHAR] * 3 + [EVIL_POTION] * 2},
    )
    to_formation(table)
    boss_characters = [i for i in hand(table, "B") if table.state.instances[i] == EVIL_CHAR]
    table.act("P1", Action("place_initial", iids=[]))
    assert table.state.seats["B"].table == ["mB", *boss_characters]


def test_s9_round_one_starts_with_the_first_seats_turn():
    table = formation()
    table.act("P1", Action("place_initial", iids=[]))
    table.act("P2", Action("place_initial", iids=[]))
    b = table.state.battle
    assert (b.round_no, b.turn_no, b.active_seat, table.state.phase) == (1, 1, "P1", "main")
    assert events(table, "turn_started") == [{"seat": "P1", "round": 1, "turn": 1}]


# -- A1–A3: the setup actions' checks ---------------------------------------------------------


def test_a1_choose_main_must_name_a_character():
    table = choosing()
    assert refused(table, "P1", Action("choose_main", card_id=POTION)) == "wrong_card_type"
    assert refused(table, "P1", Action("choose_main", card_id="S1-999")) == "unknown_card"


def test_a1_choose_main_respects_the_side_rule():
    players = [
        {"age": 10, "team": "good", "contribution": [POTION] * 3},
        {"age": 20, "team": "evil", "contribution": [POTION] * 3},
    ]
    table = new(players, sides="good_vs_evil")
    assert refused(table, "P1", Action("choose_main", card_id=EVIL_MAIN)) == "main_side_mismatch"
    assert refused(table, "P2", Action("choose_main", card_id=GOOD_MAIN)) == "main_side_mismatch"
    table.act("P1", Action("choose_main", card_id=NEUTRAL_MAIN))
    table.act("P2", Action("choose_main", card_id=NEUTRAL_MAIN))
    assert table.state.phase == "setup_cut"


def test_a1_a_second_choice_is_already_submitted():
    table = choosing()
    table.act("P1", Action("choose_main", card_id=GOOD_MAIN))
    assert refused(table, "P1", Action("choose_main", card_id=EVIL_MAIN)) == "already_submitted"


def test_a3_formation_checks_each_card():
    players = [
        {"age": 10, "main_card_id": NEUTRAL_MAIN, "contribution": [GOOD_CHAR] * 5 + [POTION] * 3},
        {"age": 20, "main_card_id": NEUTRAL_MAIN, "contribution": [GOOD_CHAR] * 2},
    ]
    for seed in range(40):  # a deal giving P1 three characters and a potion
        table = new(players, seed, max_characters_on_table=3)
        to_formation(table)
        mine = hand(table, "P1")
        chars = [i for i in mine if table.state.instances[i] == GOOD_CHAR]
        potions = [i for i in mine if table.state.instances[i] == POTION]
        if len(chars) >= 3 and potions:
            break
    theirs = hand(table, "P2")[0]

    def place(iids):
        return Action("place_initial", iids=iids)

    assert refused(table, "P1", place([theirs])) == "card_not_in_hand"
    assert refused(table, "P1", place(potions[:1])) == "wrong_card_type"
    assert refused(table, "P1", place(chars[:3])) == "table_full"
    assert refused(table, "P1", place([chars[0], chars[0]])) == "duplicate_card"
    table.act("P1", place(chars[:2]))
    assert refused(table, "P1", place([])) == "already_submitted"
