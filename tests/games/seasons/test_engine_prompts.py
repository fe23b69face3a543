"""Prompt answers and the catalogue (§6.1, §3.3): card names, copies, additions, aliases."""

from __future__ import annotations

from .engine_support import act, first, hand, human_view, new, refused

SIX = [
    "Amulet of Air",
    "Amulet of Fire",
    "Amulet of Earth",
    "Amulet of Water",
    "Balance of Ishtar",
    "Staff of Spring",
]


def test_s5_unknown_card_suggests_then_add_and_resend():
    """Scenario 5 (§3.3, §6.1): "Amulet of Sky" → UNKNOWN_CARD suggesting "Amulet of Air";
    hand unchanged; once added as a card the same names are accepted."""
    state = new()
    names = ["Amulet of Sky", *SIX[1:]]
    err = refused(state, "UNKNOWN_CARD", "name_cards", names=names)
    assert '"Amulet of Air"' in err.message and '"Amulet of Air"' in err.message_it
    assert state.dummbot.hand == []
    events = act(
        state, "add_catalogue_card", name="Amulet of Sky", prestige=5, card_type="magic_item"
    )
    assert first(events, "catalogue_card_added") == {"name": "Amulet of Sky", "card": "user_01"}
    assert state.prompt["purpose"] == "prelude"  # still pending: adding is allowed meanwhile
    act(state, "name_cards", names=names)
    assert hand(state)[0] == "Amulet of Sky"


def test_s6_alias_matches_typographic_apostrophes_and_is_unique():
    """Scenario 6 (§3.3): "Amulette d'eau" as an alias of Amulet of Water; "AMULETTE D’EAU"
    resolves to card 4 (prestige 6); adding it again → DUPLICATE_NAME."""
    state = new()
    act(state, "add_catalogue_card", name="Amulette d'eau", alias_of="Amulet of Water")
    refused(
        state,
        "DUPLICATE_NAME",
        "add_catalogue_card",
        name="Amulette d'eau",
        alias_of="Amulet of Water",
    )
    act(state, "name_cards", names=["AMULETTE D’EAU", *SIX[1:]])
    assert state.instances[state.dummbot.hand[0]] == "base_04"
    assert state.user_cards == [{"name": "Amulette d'eau", "alias_of": "base_04"}]


def test_add_catalogue_card_refusals():
    """§6.1: INVALID_NAME, DUPLICATE_NAME, INVALID_PRESTIGE, UNKNOWN_CARD for alias_of."""
    state = new()
    refused(state, "INVALID_NAME", "add_catalogue_card", name="", prestige=1, card_type="familiar")
    refused(
        state, "INVALID_NAME", "add_catalogue_card", name="x" * 61, prestige=1, card_type="familiar"
    )
    refused(
        state,
        "DUPLICATE_NAME",
        "add_catalogue_card",
        name="amulet of AIR",
        prestige=1,
        card_type="familiar",
    )
    refused(
        state,
        "INVALID_PRESTIGE",
        "add_catalogue_card",
        name="New",
        prestige=100,
        card_type="familiar",
    )
    refused(state, "INVALID_PRESTIGE", "add_catalogue_card", name="New", card_type="familiar")
    refused(state, "UNKNOWN_CARD", "add_catalogue_card", name="New", alias_of="Nothing at all")
    refused(state, "BAD_ARGUMENT", "add_catalogue_card", name="New", prestige=1, card_type="potion")
    refused(state, "BAD_ARGUMENT", "add_catalogue_card", name="New", alias_of="base_01", prestige=1)


def test_add_catalogue_card_changes_this_game_only():
    """DECISIONS: the engine never writes cards_user.json; another game has no such card."""
    state = new()
    act(state, "add_catalogue_card", name="Amulet of Sky", prestige=5, card_type="magic_item")
    other = new()
    refused(other, "UNKNOWN_CARD", "name_cards", names=["Amulet of Sky", *SIX[1:]])


def test_s7_copy_limit_and_force():
    """Scenario 7 (§6.1): array [Syllas, Syllas]; a third Syllas → COPY_LIMIT; force=true
    accepts it."""
    state = new(
        dummbot_face="D /2",
        dummbot={"array": ["Syllas the Faithful", "Syllas the Faithful"]},
    )
    act(state, "end_human_turn")
    err = refused(state, "COPY_LIMIT", "name_cards", names=["Syllas the Faithful"])
    assert err.message.startswith("Syllas the Faithful: all 2 copies")
    act(state, "name_cards", names=["Syllas the Faithful"], force=True)
    assert len(state.dummbot.array) == 3


def test_copy_limit_counts_the_known_discard_and_the_batch():
    state = new()
    refused(state, "COPY_LIMIT", "name_cards", names=["Amulet of Air"] * 3 + SIX[1:4])
    other = new(dummbot_face="D /2", discard=["Kairn the Destroyer", "Kairn the Destroyer"])
    act(other, "end_human_turn")
    refused(other, "COPY_LIMIT", "name_cards", names=["Kairn the Destroyer"])
    off = new({"copy_check": False})
    act(off, "name_cards", names=["Amulet of Air"] * 6)


def test_wrong_count_and_missing():
    """§6.1: len(names) + missing ≠ count → WRONG_COUNT; missing in a prelude → WRONG_COUNT."""
    state = new()
    err = refused(state, "WRONG_COUNT", "name_cards", names=SIX[:5])
    assert err.message == "Expected 6 card names, got 5"
    refused(state, "WRONG_COUNT", "name_cards", names=SIX[:5], missing=1)
    refused(state, "WRONG_COUNT", "name_cards", names=SIX, missing=-1)


def test_s26_prompt_pending_blocks_other_actions():
    """Scenario 26 (R1): during a hand_draw prompt, end_round → PROMPT_PENDING."""
    state = new(month=2, dummbot_face="1F * /2")
    act(state, "end_human_turn")
    err = refused(state, "PROMPT_PENDING", "end_round")
    assert "Draw 1 card face down onto Dummbot's hand" in err.message
    assert "Pesca 1 carta coperta" in err.message_it
    refused(state, "PROMPT_PENDING", "adjust_dummbot_crystals", delta=1)
    refused(state, "PROMPT_PENDING", "resolve_instruction")


def test_answers_without_their_prompt_are_wrong_phase():
    state = new(dummbot_face="+6c /2")
    refused(state, "WRONG_PHASE", "name_cards", names=["Kairn the Destroyer"])
    refused(state, "WRONG_PHASE", "resolve_instruction")
    refused(state, "MODE_ONLY", "prelude_assign", hand=0, library2=1, library3=2)
    practice = new({"mode": "practice"})
    refused(practice, "MODE_ONLY", "name_cards", names=["Kairn the Destroyer"])


def test_prompt_texts_never_name_hidden_cards():
    """§8: the reveal prompt asks for names without giving any."""
    state = new(
        {"hand_tracking": "blind_until_revealed"},
        phase="END_OF_ROUND",
        month=4,
        advanced_from=3,
        dummbot={"hand": ["unknown", "unknown"]},
    )
    act(state, "end_round")
    text = human_view(state)["prompt"]["text"]
    assert text["en"] == "Shuffle Dummbot's hand, take 2 cards at random and type their names"
    assert text["it"] == "Mescola la mano di Dummbot, prendi 2 carte a caso e scrivine i nomi"
