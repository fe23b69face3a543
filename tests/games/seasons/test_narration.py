"""Seasons' events, prompts and phases in plain words, Italian and English (narrate.py)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tavola.core import Action, Event, Rng, Viewer, filter_events
from tavola.games.seasons.catalogue import Catalogue
from tavola.games.seasons.game import game
from tavola.games.seasons.narrate import TELLERS, narrate, narrate_for, phase_text, prompt_text
from tavola.games.seasons.state import SeasonsState
from tavola.games.seasons.wording import MESSAGES

LANGS = ("en", "it")
PHASES = (
    "PRELUDE",
    "REPORT_DICE",
    "CHOOSE_DIE",
    "HUMAN_TURN",
    "DUMMBOT_TURN",
    "END_OF_ROUND",
    "GAME_OVER",
    "FINISHED",
)
RAW_ID = re.compile(r"\b(?:base_\d+|user_\d+|k\d+|(?:wi|sp|su|au)\d)\b|unknown|\{|\}")
ENGLISH_WORDS = re.compile(
    r"\b(?:crystals?|seasons?|cards?|winter|spring|summer|autumn|summons?|draws?|hand|"
    r"years?|prestige|array|pile|die|dice|month|token|water|earth|fire|air|the|and|you)\b",
    re.IGNORECASE,
)
CATALOGUE = Catalogue.load_base()
CARD_NAMES = sorted((n for c in CATALOGUE for n in c.names), key=len, reverse=True)


def table_view(mode: str = "companion", hand_tracking: str = "named_on_draw") -> dict[str, Any]:
    """The parts of a human view narration reads (§8): mode, config, catalogue, array."""
    return {
        "mode": mode,
        "config": {"mode": mode, "hand_tracking": hand_tracking},
        "catalogue": CATALOGUE.to_view(),
        "dummbot": {"array": [{"iid": "k7", "card": "base_10", "name": "Syllas the Faithful"}]},
    }


STATE = game.new({"mode": "companion"}, 1)
HUMAN = Viewer.seat("human")
SILENT = {"cards_named", "instruction_resolved"}


def told(event: Event, lang: str, view: dict[str, Any] | None = None) -> str | None:
    return narrate_for(STATE, [event], lang, view or table_view())[0]


def check_wording(line: str, lang: str) -> None:
    """No placeholder or raw id is left, and Italian has no English word (card names,
    which are the catalogue's own, aside)."""
    assert not RAW_ID.search(line), line
    if lang == "it":
        plain = line
        for name in CARD_NAMES:
            plain = plain.replace(name, "")
        assert not ENGLISH_WORDS.search(plain), line


def test_catalogues_have_the_same_keys() -> None:
    """Every narration text exists in Italian and in English."""
    assert MESSAGES.missing_keys() == {"en": set(), "it": set()}


@pytest.mark.parametrize("lang", LANGS)
def test_phase_text_says_what_to_do_in_every_phase(lang: str) -> None:
    """A short line per phase (R4–R7, R19, R33), in each language."""
    lines = [phase_text(phase, lang) for phase in PHASES]
    assert all(line and not line.startswith("phase.") for line in lines)
    assert len(set(lines) - {phase_text("GAME_OVER", lang)}) == len(PHASES) - 1
    for line in lines:
        check_wording(line, lang)


def test_phase_text_of_the_human_turn() -> None:
    assert phase_text("HUMAN_TURN", "en") == "Play your turn at the table, then tap End of turn"
    assert phase_text("CHOOSE_DIE", "it") == "Scegli il tuo dado"


@pytest.mark.parametrize(
    ("applied", "total", "en", "it"),
    [
        (
            6,
            23,
            "Dummbot gains 6 crystals: he now has 23",
            "Dummbot guadagna 6 cristalli: ora ne ha 23",
        ),
        (
            1,
            1,
            "Dummbot gains 1 crystal: he now has 1",
            "Dummbot guadagna 1 cristallo: ora ne ha 1",
        ),
        (-2, 5, "Dummbot loses 2 crystals: he now has 5", "Dummbot perde 2 cristalli: ora ne ha 5"),
    ],
)
def test_r9_r11_crystal_lines_agree_with_their_count(
    applied: int, total: int, en: str, it: str
) -> None:
    """A die's crystals are told with the new total, for Dummbot's token on the track (R9, R11)."""
    event = Event("crystals_changed", {"source": "die", "applied": applied, "crystals": total})
    assert told(event, "en") == en
    assert told(event, "it") == it


def test_crystal_floor_is_told() -> None:
    """Losing more than he has leaves Dummbot at 0 (§6.3)."""
    event = Event(
        "crystals_changed", {"source": "adjustment", "requested": -4, "applied": -3, "crystals": 0}
    )
    assert told(event, "en") == "Dummbot loses 3 crystals, all he had"
    assert told(event, "it") == "Dummbot perde 3 cristalli, tutti quelli che aveva"
    nothing = Event(
        "crystals_changed", {"source": "adjustment", "requested": -1, "applied": 0, "crystals": 0}
    )
    assert told(nothing, "it") == "Dummbot non ha cristalli da perdere"


def test_r31_crystals_the_human_gives_are_told_as_given() -> None:
    """The answer to an `amount` prompt (R31)."""
    event = Event("crystals_changed", {"source": "amount", "applied": 1, "crystals": 9})
    assert told(event, "en") == "You gave Dummbot 1 crystal: he now has 9"
    assert told(event, "it") == "Hai dato 1 cristallo a Dummbot: ora ne ha 9"


@pytest.mark.parametrize(
    ("mode", "tracking", "en", "it"),
    [
        (
            "companion",
            "blind_until_revealed",
            "Draw 1 card face down onto Dummbot's hand",
            "Pesca 1 carta coperta e mettila nella mano di Dummbot",
        ),
        (
            "companion",
            "named_on_draw",
            "1 card goes face down onto Dummbot's hand",
            "1 carta va coperta nella mano di Dummbot",
        ),
        (
            "practice",
            "named_on_draw",
            "Dummbot draws 1 card into his hand",
            "Dummbot pesca 1 carta nella sua mano",
        ),
    ],
)
def test_r14_a_hand_draw_is_told_by_mode(mode: str, tracking: str, en: str, it: str) -> None:
    """Blind: the person draws; named: the typed card goes onto the hand; practice: news (R14)."""
    event = Event("card_to_hand", {"count": 1, "source": "die"})
    view = table_view(mode, tracking)
    assert told(event, "en", view) == en
    assert told(event, "it", view) == it


def test_r14_two_blind_draws_agree_in_the_plural() -> None:
    event = Event("card_to_hand", {"count": 2, "source": "die"})
    view = table_view("companion", "blind_until_revealed")
    assert told(event, "en", view) == "Draw 2 cards face down onto Dummbot's hand"
    assert told(event, "it", view) == "Pesca 2 carte coperte e mettile nella mano di Dummbot"


def test_r14_a_drawn_card_the_view_hides_is_never_named() -> None:
    """Hand cards beyond `seen` stay hidden (§8): a private draw told from the human's
    side names no card, and an instance the view does not show is "a card"."""
    private = Event("card_to_hand", {"count": 1, "source": "die", "card": "base_22"})
    assert "Runic" not in (told(private, "en") or "")
    removed = Event("card_removed", {"card": "k99", "to": "hand"})
    assert told(removed, "en") == "Move a card from Dummbot's array back to his hand"
    shown = Event("card_removed", {"card": "k7", "to": "discard"})
    assert told(shown, "it") == "Sposta Syllas the Faithful dalla schiera di Dummbot agli scarti"


def test_r15_r23_summons_name_the_card_and_its_prestige() -> None:
    """A deck summon (R15) and a season-change summon from the hand (R23)."""
    deck = Event(
        "card_summoned",
        {"card": "base_42", "name": "Cursed Treatise of Arus", "prestige": -10, "source": "deck"},
    )
    assert (
        told(deck, "en")
        == "Dummbot summons Cursed Treatise of Arus (-10 prestige) from the draw pile"
    )
    hand = Event(
        "card_summoned",
        {"card": "base_10", "name": "Syllas the Faithful", "prestige": 14, "source": "hand"},
    )
    assert (
        told(hand, "en")
        == "Dummbot summons Syllas the Faithful (14 prestige) from his hand: put it in his array"
    )
    assert (
        told(hand, "it")
        == "Dummbot evoca Syllas the Faithful (14 punti prestigio) dalla sua mano: "
        "mettila nella sua schiera"
    )
    practice = told(hand, "en", table_view("practice"))
    assert practice == "Dummbot summons Syllas the Faithful (14 prestige) from his hand"


def test_r20_season_and_r27_year_changes() -> None:
    """Season names in each language (R20); the library reminder of a new year (R27)."""
    season = Event("season_changed", {"from": "winter", "to": "spring", "backward": False})
    assert told(season, "en") == "Season change: winter → spring"
    assert told(season, "it") == "Cambio di stagione: inverno → primavera"
    year = Event("year_changed", {"year": 2})
    assert told(year, "en") == "Year II begins: take your library II cards"
    assert told(year, "it") == "Inizia l'anno II: prendi le carte della tua Biblioteca II"


def test_r18_the_token_move_is_an_instruction_on_the_wheel() -> None:
    """Dummbot's pips move the token (R18); the month is told as the wheel shows it."""
    event = Event("season_token_moved", {"from": 3, "to": 5, "pips": 2, "manual": False})
    assert told(event, "en") == "Move the season token 2 spaces forward: spring, month 2 of 3"
    assert (
        told(event, "it")
        == "Sposta il gettone stagione avanti di 2 caselle: primavera, mese 2 di 3"
    )
    back = Event("season_token_moved", {"from": 4, "to": 3, "delta": -1, "manual": True})
    assert (
        told(back, "it") == "Gettone stagione spostato indietro di 1 casella: inverno, mese 3 di 3"
    )


def test_r4_dice_are_told_face_by_face() -> None:
    """The two dice rolled (R4), each face in words, pips last."""
    event = Event(
        "dice_rolled",
        {"dice": [{"die_id": "wi1", "face": "1F * T /3"}, {"die_id": "wi5", "face": "+6c /3"}]},
    )
    assert (
        told(event, "en") == "Dice rolled — die 1: 1 fire energy + star + transmute (3 pips); "
        "die 2: 6 crystals (3 pips)"
    )
    assert (
        told(event, "it")
        == "Dadi lanciati — dado 1: 1 energia fuoco + stella + trasmuta (3 pallini); "
        "dado 2: 6 cristalli (3 pallini)"
    )


def test_result_tie_is_a_loss() -> None:
    """A tie is not enough (§9)."""
    tie = Event("result", {"dummbot_score": 141, "human_score": 141, "winner": "dummbot"})
    assert told(tie, "en") == "Dummbot wins: a tie at 141 is not enough"
    win = Event("result", {"dummbot_score": 141, "human_score": 142, "winner": "human"})
    assert told(win, "it") == "Hai vinto, 142 a 141!"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(
    "prompt",
    [
        {"kind": "name_cards", "purpose": "prelude", "count": 6},
        {"kind": "name_cards", "purpose": "hand_draw", "count": 1},
        {"kind": "name_cards", "purpose": "hand_draw", "count": 3},
        {"kind": "name_cards", "purpose": "deck_summon", "count": 1},
        {"kind": "name_cards", "purpose": "reveal", "count": 4},
        {"kind": "name_cards", "purpose": "reveal", "count": 1},
        {"kind": "prelude_assign", "offer": ["k1", "k2", "k3", "k4", "k5"]},
        {"kind": "amount", "max": 3, "card": "base_11"},
        {"kind": "amount", "max": 1, "card": "base_11"},
    ],
)
def test_r14_r15_r28_r31_prompts_never_name_hidden_cards(prompt: dict[str, Any], lang: str) -> None:
    """Every prompt kind in words; the cards to type are never named (§8, R14, R15, R28, R31)."""
    text = prompt_text(prompt, lang, table_view())
    check_wording(text, lang)
    names = [n for n in CARD_NAMES if n in text]
    assert names == (["Figrim the Avaricious"] if prompt["kind"] == "amount" else [])


def test_r28_reveal_prompt_words() -> None:
    prompt = {"kind": "name_cards", "purpose": "reveal", "count": 4}
    assert prompt_text(prompt, "en", table_view()) == (
        "Season change: shuffle Dummbot's hand, take 4 cards at random and type their names"
    )
    assert prompt_text(prompt, "it", table_view()) == (
        "Cambio di stagione: mescola la mano di Dummbot, prendi 4 carte a caso e scrivine i nomi"
    )


# Every familiar does something, so that random games meet every op of §3.4.
FAMILIARS = [
    ("base_10", "normal", [{"op": "dummbot_gain_crystals", "n": 3}]),
    ("base_11", "normal", [{"op": "human_gives_crystals", "n": 2}]),
    ("base_12", "normal", [{"op": "dummbot_draw_to_hand", "n": 1}]),
    ("base_16", "special", [{"op": "dummbot_summon_from_deck", "n": 1}]),
    ("base_17", "normal", [{"op": "human_loses_crystals", "n": 1}]),
    ("base_21", "special", [{"op": "instruction", "text": "Lewis: swap two of your energies"}]),
    ("base_33", "normal", []),
]
FAMILIAR_SETUP = {
    "familiar_effects": [
        {
            "card_id": card_id,
            "status": "user",
            "mode": mode,
            "triggers": ["on_summon", "each_season_change"],
            "ops": ops,
            "note": "",
        }
        for card_id, mode, ops in FAMILIARS
    ]
}
TABLES: list[tuple[dict[str, Any], dict[str, Any] | None]] = [
    *((config, None) for config in game.sample_configs()),
    ({"mode": "practice", "difficulty": "wizard", "max_rounds": 12}, None),
    ({"mode": "practice", "difficulty": "archmage"}, FAMILIAR_SETUP),
    ({"mode": "companion", "difficulty": "wizard"}, FAMILIAR_SETUP),
]


def random_game(
    config: dict[str, Any], setup: dict[str, Any] | None, seed: int
) -> list[tuple[SeasonsState, list[Event]]]:
    """A game played at random, corrections and undo one choice in six; each batch of
    events with a copy of the state right after it."""
    rng, state = Rng(seed), game.new(config, seed, setup)
    played = [(state.clone(), game.opening_events(state))]
    while game.to_act(state):
        legal = game.legal_actions(state, "human")
        rare = [a for a in legal if a.type in game.info.rare_actions]
        common = [a for a in legal if a.type not in game.info.rare_actions]
        action = rng.choice(rare if rare and (not common or rng.below(6) == 0) else common)
        events = game.apply(state, "human", action)
        played.append((state.clone(), events))
    return played


PLAYED = [
    (config, batch)
    for config, setup in TABLES
    for seed in (1, 2)
    for batch in random_game(config, setup, seed)
]


@pytest.mark.parametrize("lang", LANGS)
def test_r1_every_event_of_random_games_is_told(lang: str) -> None:
    """Every event type random games emit, at every sample table (R1: all of Dummbot's
    steps run inside `apply`), is told in plain words or deliberately left untold."""
    kinds = set()
    for _, (state, events) in PLAYED:
        shown = filter_events(events, HUMAN)
        lines = narrate_for(state, shown, lang, game.view(state, HUMAN))
        for event, line in zip(shown, lines, strict=True):
            kinds.add(event.type)
            assert event.type in TELLERS, event.type
            assert (line is None) == (event.type in SILENT), (event.type, line)
            if line is not None:
                check_wording(line, lang)
    assert {"familiar_effect", "safety_cap_reached", "undone", "result"} <= kinds


def test_r14_narrate_tells_only_what_the_human_may_see() -> None:
    """The state-level narration filters the events for the human first (§8): a card
    drawn into Dummbot's practice hand is told by count, never by name."""
    for config, (state, events) in PLAYED:
        if config["mode"] != "practice":
            continue
        shown = filter_events(events, HUMAN)
        expected = narrate_for(state, shown, "en", game.view(state, HUMAN))
        assert narrate(state, events, "en") == [line for line in expected if line]


def test_r30_a_given_card_and_r3_3_a_new_catalogue_card_are_told() -> None:
    """A card the human puts into Dummbot's array (§6.3, R30) and a card added to the
    catalogue (§6.1)."""
    state = game.new({"mode": "companion", "hand_tracking": "blind_until_revealed"}, 3)
    while state.phase != "HUMAN_TURN":
        game.apply(state, "human", game.legal_actions(state, "human")[0])
    given = game.apply(
        state,
        "human",
        Action("give_card_to_dummbot", name="Kairn the Destroyer", to="array"),
    )
    added = game.apply(
        state,
        "human",
        Action("add_catalogue_card", name="Amulet of Sky", prestige=5, card_type="magic_item"),
    )
    alias = game.apply(
        state,
        "human",
        Action("add_catalogue_card", name="Amulette d'eau", alias_of="Amulet of Water"),
    )
    view = game.view(state, HUMAN)
    assert [x for x in narrate_for(state, given, "en", view) if x] == [
        "Kairn the Destroyer goes into Dummbot's array"
    ]
    assert narrate_for(state, added, "it", view) == [
        "Aggiunta al catalogo delle carte: Amulet of Sky"
    ]
    assert narrate_for(state, alias, "en", view) == [
        "Amulette d'eau is now another name of Amulet of Water"
    ]
