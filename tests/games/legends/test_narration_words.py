"""The play-by-play as a first-time player reads it (issue 20, point 5): Italian without
English words, plural hacks or a masculine default for people; English that says "their"
for people; real plurals; owners named when two cards share a name."""

import functools
import re

import pytest

from tavola.core import Event, Table
from tavola.games.legends.catalog import Catalog
from tavola.games.legends.messages import MESSAGES
from tavola.games.legends.narrate import Narrator
from tavola.games.legends.reference_bot import ReferenceBot
from tavola.games.legends.tables import table_config

from .battle_tables import attack, battle, char, on

NAMES = ("Giulia", "Marco", "Anna")
ENGLISH = (
    "turn", "turns", "card", "cards", "attack", "attacks", "its", "their", "round", "phase",
    "phases", "hit", "hits", "damage", "wins", "the", "player", "draws", "plays", "ready",
)  # fmt: skip
PLURAL_HACK = re.compile(r"\w\((s|i|e)\)|\w/(e|i|a|o)\b")


def full_game(mode: str, seed: int, seats: int = 2, boss: bool = False) -> Table:
    people = [{"kind": "bot", "name": NAMES[i]} for i in range(seats)]
    options = {"mode": mode, **({"max_rounds": 12} if mode != "simplified" else {})}
    if boss:
        people.append({"kind": "boss"})
    table = Table("legends", table_config(options, people), seed)
    bot = ReferenceBot()
    while table.to_act:
        seat = sorted(table.to_act)[0]
        table.act(seat, bot.choose(table.game, table.state, seat))
    return table


GAMES = [("simplified", 4, 3, False), ("classic", 5, 2, False), ("classic", 2, 1, True)]


@pytest.fixture(scope="module", params=GAMES, ids=lambda g: f"{g[0]}-{g[1]}")
def played(request) -> Table:
    return full_game(*request.param)


def told(table: Table, lang: str) -> list[str]:
    return table.game.narrate(table.state, list(table.events), lang)


def test_italian_narration_has_no_english_words_and_no_plural_hacks(played):
    lines = told(played, "it")
    assert len(lines) > 20
    for line in lines:
        words = set(re.findall(r"[a-z]+", line.lower()))
        assert not words & set(ENGLISH), line
        assert not PLURAL_HACK.search(line), line


def test_italian_narration_never_puts_a_player_in_the_masculine(played):
    people = "|".join(s.name for s in played.state.seats.values())
    masculine = re.compile(rf"\b({people}) (è|ora è) \w+o\b")
    for line in told(played, "it"):
        assert not masculine.search(line), line


def test_english_narration_says_their_not_its_for_players(played):
    people = [s.name for s in played.state.seats.values()]
    lines = told(played, "en")
    for line in lines:
        if any(line.startswith(name + " ") for name in people):
            assert not re.search(r"\bits\b", line), line
        assert not PLURAL_HACK.search(line), line
    if played.state.battle is not None:
        assert any(" their " in line for line in lines)


@functools.cache
def catalog() -> Catalog:
    return Table("legends", table_config({}, [{"kind": "bot"}] * 2), 1).state.catalog


def narrator(lang: str) -> Narrator:
    return Narrator(MESSAGES, catalog(), {"P1": "Giulia", "P2": "Marco", "P3": "Anna"}, lang)


@pytest.mark.parametrize(
    ("lang", "one", "many"),
    [
        ("it", "subisce 1 colpo (", "subisce 3 colpi ("),
        ("en", "takes 1 hit (", "takes 3 hits ("),
    ],
)
def test_an_enchantgineerings_hits_agree_with_their_number(lang, one, many):
    tell = narrator(lang)
    assert one in tell.event(Event("eg_hit", {"iid": "x", "hits": 1, "hits_taken": 1}))
    assert many in tell.event(Event("eg_hit", {"iid": "x", "hits": 3, "hits_taken": 3}))


@pytest.mark.parametrize(
    ("lang", "one", "many"),
    [("it", "1 carta messa da parte", "2 carte messe da parte"), ("en", "1 card set", "2 cards")],
)
def test_cards_set_aside_agree_with_their_number(lang, one, many):
    tell = narrator(lang)
    sizes = {"P1": 20, "P2": 20}
    assert one in tell.event(Event("piles_dealt", {"sizes": sizes, "set_aside": 1}))
    assert many in tell.event(Event("piles_dealt", {"sizes": sizes, "set_aside": 2}))


def test_one_phase_of_one_is_singular():
    event = Event("eg_progressed", {"iid": "x", "progress": 1, "phases": 1})
    assert "1 of 1 phase built" in narrator("en").event(event)
    assert "1 fase costruita su 1" in narrator("it").event(event)


def test_two_winners_take_the_plural_verb():
    data = {"winners": ["P1", "P2"], "placements": {}, "reason": "last_team", "draw": False}
    assert "vincono Giulia, Marco" in narrator("it").event(Event("game_over", data))
    assert "Giulia, Marco win " in narrator("en").event(Event("game_over", data))


def twin_embers() -> Table:
    ember = char("X-EMBER", str_=60)
    return battle(
        {"P1": {"table": [on("X-EMBER", "E1")]}, "P2": {"table": [on("X-EMBER", "E2")]}},
        cards=[ember],
    )


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("it", "P1 attacca X-EMBER di P2 con X-EMBER di P1"),
        ("en", "P1 attacks P2's X-EMBER with P1's X-EMBER"),
    ],
)
def test_cards_sharing_a_name_are_told_with_their_owner(lang, line):
    table = twin_embers()
    events = table.act("P1", attack("E1", target="E2"))
    assert any(t.startswith(line) for t in table.game.narrate(table.state, events, lang))


def test_a_card_whose_name_nobody_else_holds_is_told_alone():
    table = battle(
        {"P1": {"table": [on("X-EMBER", "E1")]}, "P2": {"table": [on("X-OTHER", "O2")]}},
        cards=[char("X-EMBER", str_=60), char("X-OTHER")],
    )
    events = table.act("P1", attack("E1", target="O2"))
    lines = table.game.narrate(table.state, events, "en")
    assert any(t.startswith("P1 attacks X-OTHER with X-EMBER") for t in lines)
