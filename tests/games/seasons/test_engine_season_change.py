"""Season and year changes (R20–R28): Dummbot's summon from his hand at each level, ties,
single cards, the refill, the year draws, and blind reveals."""

from __future__ import annotations

from .engine_support import (
    act,
    array,
    discarded,
    first,
    hand,
    human_view,
    new,
    refused,
    summoned,
    types,
)

SEVEN = [
    "Syllas the Faithful",
    "Amulet of Air",
    "Damned Soul of Onys",
    "Kairn the Destroyer",
    "Potion of Life",
    "Amulet of Fire",
]
P = ["Syllas the Faithful", "Amulet of Air", "Damned Soul of Onys", "Kairn the Destroyer"]


def at_season_change(config=None, hand_=(), **setup):
    """End of a round whose advance went from month 3 to month 4 (winter → spring)."""
    return new(
        {"mode": "practice", **(config or {})},
        phase="END_OF_ROUND",
        month=4,
        advanced_from=3,
        dummbot={"hand": list(hand_)},
        deck=["Amulet of Earth", "Amulet of Water", "Potion of Dreams", "Tree of Light"],
        **setup,
    )


def test_s14_r23_wizard_summons_the_highest_of_four():
    """Scenario 14 (R23, R26, R29): Syllas summoned, FAMILIAR_NO_EFFECT (unconfirmed), hand
    5, refill → 6; the 3 returned cards join seen."""
    state = at_season_change(hand_=SEVEN, samples=[P])
    events = act(state, "end_round")
    assert summoned(events) == ["Syllas the Faithful"]
    assert first(events, "familiar_no_effect") == {"card": "base_10", "unconfirmed": True}
    assert first(events, "cards_revealed")["cards"] == ["base_10", "base_01", "base_50", "base_16"]
    assert len(state.dummbot.hand) == 6 and hand(state)[-1] == "Amulet of Earth"
    seen = [c["name"] for c in human_view(state)["dummbot"]["hand_known"]]
    assert seen == ["Amulet of Air", "Damned Soul of Onys", "Kairn the Destroyer"]
    order = types(events)
    assert (
        order.index("card_summoned")
        < order.index("familiar_no_effect")
        < order.index("card_to_hand")
    )


def test_r23_sample_uses_the_rng_when_the_hand_is_larger_than_the_pick():
    """R23: P = rng.sample(hand, 4): the summoned card is the best of 4 of the 6."""
    state = at_season_change(hand_=SEVEN)
    events = act(state, "end_round")
    revealed = first(events, "cards_revealed")["cards"]
    assert len(revealed) == 4 and len(set(revealed)) == 4


def test_s15_r24_archmage_also_discards_the_lowest_of_the_rest():
    """Scenario 15 (R24): Syllas summoned, Damned Soul discarded, hand 4 → 5."""
    state = at_season_change({"difficulty": "archmage"}, hand_=SEVEN, samples=[P])
    events = act(state, "end_round")
    assert summoned(events) == ["Syllas the Faithful"]
    assert discarded(events) == ["base_50"] and len(state.discard) == 1
    assert len(state.dummbot.hand) == 5


def test_r24_archmage_keeps_the_lowest_without_the_option():
    state = at_season_change(
        {"difficulty": "archmage", "archmage_discard_lowest": False}, hand_=SEVEN, samples=[P]
    )
    events = act(state, "end_round")
    assert discarded(events) == [] and len(state.dummbot.hand) == 6


def test_s16_r25_ties_are_broken_by_randrange_in_p_order():
    """Scenario 16 (R25): P = [Potion of Power, Potion of Life, Amulet of Fire, Amulet of
    Earth], Archmage, RNG 1 then 0 → Amulet of Earth summoned, Potion of Power discarded."""
    tied = ["Potion of Power", "Potion of Life", "Amulet of Fire", "Amulet of Earth"]
    state = at_season_change({"difficulty": "archmage"}, hand_=tied, rng=[1, 0])
    events = act(state, "end_round")
    assert summoned(events) == ["Amulet of Earth"]
    assert discarded(events) == ["base_23"]


def test_s17_r21_a_single_negative_card_is_discarded():
    """Scenario 17 (R21): hand [Cursed Treatise] → discarded; hand 1 after the refill."""
    state = at_season_change(hand_=["Cursed Treatise of Arus"])
    events = act(state, "end_round")
    assert summoned(events) == [] and discarded(events) == ["base_42"]
    assert hand(state) == ["Amulet of Earth"]


def test_s17_r21_a_single_card_of_prestige_zero_is_summoned():
    state = at_season_change(hand_=["Potion of Dreams"])
    events = act(state, "end_round")
    assert summoned(events) == ["Potion of Dreams"]


def test_s18_r22_apprentice_summons_a_random_card_even_negative():
    """Scenario 18 (R22): hand of 3 with Damned Soul at index 2, RNG 2 → summoned (−5)."""
    state = at_season_change(
        {"difficulty": "apprentice"},
        hand_=["Kairn the Destroyer", "Amulet of Air", "Damned Soul of Onys"],
        rng=[2],
    )
    events = act(state, "end_round")
    assert summoned(events) == ["Damned Soul of Onys"]
    assert human_view(state)["dummbot"]["array_prestige"] == -5


def test_r25_negative_picks_are_discarded_without_summon_negative_from_multi():
    """R25, §11.4: `summon_negative_from_multi = false` discards a negative pick."""
    state = at_season_change(
        {"difficulty": "apprentice", "summon_negative_from_multi": False},
        hand_=["Kairn the Destroyer", "Amulet of Air", "Damned Soul of Onys"],
        rng=[2],
    )
    events = act(state, "end_round")
    assert summoned(events) == [] and discarded(events) == ["base_50"]


def test_s19_r21_r26_an_empty_hand_only_refills():
    """Scenario 19 (R21, R26): H = 0 → no summon, 1 refill, hand 1."""
    state = at_season_change()
    events = act(state, "end_round")
    assert summoned(events) == [] and hand(state) == ["Amulet of Earth"]
    off = at_season_change({"refill_on_empty_hand": False})
    act(off, "end_round")
    assert off.dummbot.hand == []


def test_r26_refill_draws_setting():
    state = at_season_change({"season_refill_draws": 2}, hand_=["Kairn the Destroyer"])
    act(state, "end_round")
    assert hand(state) == ["Amulet of Earth", "Amulet of Water"]


def test_r23_season_pick_setting_changes_p():
    """R23 with `season_pick` 2 and a hand of 2: the whole hand, no RNG."""
    state = at_season_change({"season_pick": 2}, hand_=["Potion of Life", "Amulet of Air"])
    events = act(state, "end_round")
    assert first(events, "cards_revealed")["cards"] == ["base_26", "base_01"]
    assert summoned(events) == ["Amulet of Air"]


def test_s20_r27_year_change_draws_once_per_year():
    """Scenario 20 (R18, R27): Wizard, month 11, year 1, pips 3: month 2, year 2, season
    summon, 1 refill, 2 year draws (3 hand draws), YEAR_CHANGED."""
    state = new(month=11, dummbot_face="+6c /3", dummbot={"hand": ["Kairn the Destroyer"]})
    act(state, "end_human_turn")
    assert (state.month, state.year) == (2, 2)
    events = act(state, "end_round")
    assert summoned(events) == ["Kairn the Destroyer"]
    assert state.prompt["source"] == "refill" and state.prompt["count"] == 1
    events = act(state, "name_cards", names=["Potion of Life"])
    assert first(events, "year_changed") == {"year": 2}
    assert state.prompt["source"] == "year" and state.prompt["count"] == 2
    act(state, "name_cards", names=["Amulet of Air", "Amulet of Fire"])
    assert len(state.dummbot.hand) == 3 and state.max_year_reached == 2
    assert state.phase == "CHOOSE_DIE" and state.round == 2


def test_r27_year_draws_per_level():
    for level, draws in (("apprentice", 1), ("archmage", 4)):
        state = new(
            {"mode": "practice", "difficulty": level},
            phase="END_OF_ROUND",
            month=1,
            year=2,
            max_year_reached=1,
            advanced_from=12,
        )
        act(state, "end_round")
        assert len(state.dummbot.hand) == 1 + draws


def test_r32_backward_year_change_keeps_the_hand_and_repeats_no_year_draws():
    """R27, R32: back into year 1 and forward again: no second year draw."""
    state = new(
        {"mode": "practice", "backward_change_summons": False},
        month=1,
        year=2,
        max_year_reached=2,
        dummbot_face="+6c /2",
        dummbot={"hand": ["Kairn the Destroyer"]},
    )
    events = act(state, "move_season_token", delta=-1)
    assert (state.month, state.year) == (12, 1)
    assert first(events, "season_changed")["backward"] is True
    assert summoned(events) == [] and hand(state) == ["Kairn the Destroyer"]
    events = act(state, "move_season_token", delta=1)
    assert "year_changed" not in types(events) and summoned(events) == ["Kairn the Destroyer"]


def test_r32_backward_change_summons_by_default():
    state = new(
        {"mode": "practice"},
        month=4,
        dummbot_face="+6c /2",
        dummbot={"hand": ["Kairn the Destroyer"]},
    )
    events = act(state, "move_season_token", delta=-1)
    assert summoned(events) == ["Kairn the Destroyer"]


def test_s36_r28_blind_reveal_names_the_picked_cards():
    """Scenario 36 (R28): blind, H = 5, Wizard → prompt for 4 names; [Kairn 9, Potion of
    Power 0, Amulet of Fire 6, Tree of Light 12] → Tree of Light summoned, 3 returned."""
    state = new(
        {"hand_tracking": "blind_until_revealed"},
        phase="END_OF_ROUND",
        month=4,
        advanced_from=3,
        dummbot={"hand": ["unknown"] * 5},
    )
    act(state, "end_round")
    assert state.prompt == {
        "kind": "name_cards",
        "purpose": "reveal",
        "count": 4,
        "hand_size": 5,
        "final": False,
    }
    refused(state, "WRONG_COUNT", "name_cards", names=["Kairn the Destroyer"], missing=3)
    names = ["Kairn the Destroyer", "Potion of Power", "Amulet of Fire", "Tree of Light"]
    events = act(state, "name_cards", names=names)
    assert summoned(events) == ["Tree of Light"]
    assert len(state.dummbot.hand) == 5
    known = [c["name"] for c in human_view(state)["dummbot"]["hand_known"]]
    assert known == ["Kairn the Destroyer", "Potion of Power", "Amulet of Fire"]
    assert [state.instances[i] for i in state.dummbot.hand].count("unknown") == 2


def test_r28_blind_reveal_takes_known_cards_first_and_refuses_the_impossible():
    state = new(
        {"hand_tracking": "blind_until_revealed", "difficulty": "apprentice"},
        phase="END_OF_ROUND",
        month=4,
        advanced_from=3,
        dummbot={"hand": ["Kairn the Destroyer", "Amulet of Air"]},
        seen=["Kairn the Destroyer", "Amulet of Air"],
    )
    act(state, "end_round")
    assert state.prompt["count"] == 1
    refused(state, "NOT_IN_HAND", "name_cards", names=["Tree of Light"])
    events = act(state, "name_cards", names=["Amulet of Air"])
    assert summoned(events) == ["Amulet of Air"] and hand(state)[0] == "Kairn the Destroyer"


def test_r28_blind_single_card_follows_r21():
    state = new(
        {"hand_tracking": "blind_until_revealed"},
        phase="END_OF_ROUND",
        month=4,
        advanced_from=3,
        dummbot={"hand": ["unknown"]},
    )
    act(state, "end_round")
    assert state.prompt["count"] == 1
    events = act(state, "name_cards", names=["Cursed Treatise of Arus"])
    assert discarded(events) == ["base_42"] and array(state) == []
