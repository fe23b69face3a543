"""The reference bot (`reference_player`): the human's seat played sensibly and
deterministically from its seed, in every mode, to the end of the game."""

from __future__ import annotations

import pytest

from tavola.bots import make_bot
from tavola.core import Action, Table, Viewer
from tavola.games.seasons.bot import HAND_CARD_WORTH, SUMMON_WORTH, ReferenceBot, die_worth
from tavola.games.seasons.dummbot_turn import face_of
from tavola.games.seasons.game import game

from .engine_support import new

COMPANION_TABLES = [
    {"mode": "companion", "difficulty": "wizard"},
    {"mode": "companion", "difficulty": "archmage", "hand_tracking": "blind_until_revealed"},
    {
        "mode": "companion",
        "difficulty": "apprentice",
        "dice_source": "table_rolls",
        "dice_selection": "rotating_lines",
    },
]


def play_out(config: dict, seed: int) -> Table:
    table = Table(game, config, seed)
    table.play({"human": ReferenceBot(seed)})
    return table


def test_r6_bot_leaves_dummbot_the_die_worth_less_to_him():
    """(R6, R9–R13) Winter, Wizard: `+6c /2` is worth 6 crystals to Dummbot, `2W * /2` is
    2 crystals and a hand card (2 + 3 = 5): the bot takes `+6c`, leaving him `2W *`."""
    state = new({"difficulty": "wizard"}, phase="CHOOSE_DIE", dice=["+6c /2", "2W * /2"])
    assert die_worth(state, face_of("+6c /2")) == 6
    assert die_worth(state, face_of("2W * /2")) == 2 + HAND_CARD_WORTH
    action = ReferenceBot(1).choose(game, state, "human")
    assert action == Action("choose_die", index=0)


def test_r13_a_draw_symbol_is_worth_a_summoned_card():
    """(R10, R13) Winter, Archmage: a transmute with a star (8 crystals + 2 hand cards =
    14) is worth more to Dummbot than a deck summon (6): the bot takes the transmute."""
    state = new(
        {"mode": "practice", "difficulty": "archmage"},
        phase="CHOOSE_DIE",
        dice=["D /2", "1F * T /3"],
        skip_prelude=True,
    )
    assert die_worth(state, face_of("D /2")) == SUMMON_WORTH
    assert die_worth(state, face_of("1F * T /3")) == 8 + 2 * HAND_CARD_WORTH
    assert ReferenceBot(1).choose(game, state, "human") == Action("choose_die", index=1)


def test_prelude_bot_gives_dummbot_the_two_lowest_prestige_cards():
    """(§4.6) The three best cards are the human's; ties keep the offer's order."""
    state = new({"mode": "practice"}, 3)
    offer = game.view(state, Viewer.seat("human"))["prompt"]["offer"]
    worth = [card["prestige"] for card in offer]
    action = ReferenceBot(3).choose(game, state, "human")
    kept = [action.get("hand"), action.get("library2"), action.get("library3")]
    given = [i for i in range(5) if i not in kept]
    assert min(worth[i] for i in kept) >= max(worth[i] for i in given)
    assert [worth[i] for i in kept] == sorted((worth[i] for i in kept), reverse=True)


def test_bot_reports_a_human_score_of_zero():
    """(§9) The bot does not play the human's side: it reports 0 crystals and 0 prestige,
    and Dummbot wins even a tie at 0."""
    table = play_out({"mode": "practice", "difficulty": "wizard"}, 11)
    result = table.view(Viewer.seat("human"))["result"]
    assert result["human_score"] == 0 and result["winner"] == "dummbot"
    assert table.log[-1].action == Action("report_human_score", crystals=0, prestige=0)


@pytest.mark.parametrize("config", COMPANION_TABLES, ids=lambda c: c["difficulty"])
def test_r1_bot_answers_every_companion_prompt_to_the_end(config):
    """(R1, R5, R14, R28, §4.5) Names from the menu, table dice from the menu, the end."""
    table = play_out(config, 5)
    assert table.view(Viewer.seat("human"))["phase"] == "FINISHED"
    kinds = {entry.action.type for entry in table.log}
    assert "name_cards" in kinds
    if config.get("dice_source") == "table_rolls":
        assert "report_dice" in kinds


def test_bot_plays_the_same_game_from_the_same_seed():
    """(§3.6) Same seed, same game, same bot: the same record; another seed differs."""
    config = {"mode": "practice", "difficulty": "archmage"}
    first, second = play_out(config, 21), play_out(config, 21)
    assert first.hash == second.hash and first.log == second.log
    assert play_out(config, 22).hash != first.hash


def test_make_bot_seats_the_reference_bot():
    assert isinstance(make_bot("reference", game, 4, "human"), ReferenceBot)
