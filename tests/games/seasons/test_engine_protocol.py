"""The `Game` protocol around the rules: views and hidden information (§8), determinize,
dump/load, legal actions, the check order of §6, the action cap, the texts."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tavola.core import Action, IllegalAction, Rng, Viewer, state_hash
from tavola.games.seasons.game import INFO, action_limit, game
from tavola.games.seasons.messages import MESSAGES

from .engine_support import HUMAN, act, new, refused

SPEC_CODES = {
    "GAME_OVER",
    "FINISHED",
    "WRONG_PHASE",
    "PROMPT_PENDING",
    "MODE_ONLY",
    "WRONG_COUNT",
    "UNKNOWN_CARD",
    "COPY_LIMIT",
    "INVALID_AMOUNT",
    "INVALID_ASSIGNMENT",
    "INVALID_NAME",
    "DUPLICATE_NAME",
    "INVALID_PRESTIGE",
    "BAD_FACE_CODE",
    "FACE_NOT_ON_SEASON_DICE",
    "SAME_DIE_CONFLICT",
    "INVALID_DIE_INDEX",
    "BREAKDOWN_REQUIRED",
    "INVALID_SCORE",
    "INVALID_DELTA",
    "INVALID_COUNT",
    "CARD_NOT_HELD",
    "NAME_REQUIRED",
    "NO_ELIGIBLE_CARD",
    "CARD_NOT_IN_ARRAY",
    "BEFORE_GAME_START",
}


def practice_mid_game(seed: int = 4):
    state = new({"mode": "practice"}, seed=seed)
    for _ in range(3):
        act(state, "prelude_assign", hand=0, library2=1, library3=2)
    act(state, "choose_die", index=0)
    act(state, "end_human_turn")
    act(state, "dummbot_draw", n=3)
    return state


def test_every_code_of_section_6_has_both_languages():
    """§6: every refusal code in English and Italian; the catalogues have the same keys."""
    assert MESSAGES.missing_keys() == {"en": set(), "it": set()}
    for code in SPEC_CODES:
        assert MESSAGES.has(f"error.{code}", "en") and MESSAGES.has(f"error.{code}", "it")
    en = (Path(__file__).parents[3] / "tavola/games/seasons/i18n/en.toml").read_text()
    assert 'FINISHED = "The result is final"' in en
    assert 'INVALID_DIE_INDEX = "Choose die 0 or 1"' in en


def test_r1_the_only_seat_is_the_human():
    state = new(dummbot_face="+6c /2")
    assert game.seats(state) == ["human"] and game.teams(state) == {}
    assert game.to_act(state) == {"human"}
    with pytest.raises(IllegalAction) as caught:
        game.apply(state, "dummbot", Action("end_human_turn"))
    assert caught.value.code == "UNKNOWN_SEAT"
    refused(state, "UNKNOWN_ACTION", "pass")
    refused(state, "BAD_ARGUMENT", "end_human_turn", hurry=True)
    assert game.legal_actions(state, "dummbot") == []


def test_check_order_game_over_before_mode_and_phase():
    """§6: FINISHED, GAME_OVER, MODE_ONLY, PROMPT_PENDING, WRONG_PHASE, own errors."""
    state = new({"mode": "practice"}, phase="GAME_OVER", month=1, year=4)
    refused(state, "GAME_OVER", "name_cards", names=["x"])
    prompt = new(month=2, dummbot_face="1F * /2")
    act(prompt, "end_human_turn")
    refused(prompt, "MODE_ONLY", "human_draw", n=9)
    refused(prompt, "PROMPT_PENDING", "choose_die", index=7)
    refused(prompt, "WRONG_COUNT", "name_cards", names=[])


def test_s8_view_hides_the_pile_and_the_unseen_hand():
    """§8: the human sees sizes, seen cards and the array, never the pile or RNG."""
    state = practice_mid_game()
    hidden = game.hidden_from(state, "human")
    assert set(state.deck) <= hidden
    unseen = [i for i in state.dummbot.hand if i not in state.seen]
    assert unseen and set(unseen) <= hidden
    view = game.view(state, HUMAN)
    text = json.dumps(view)
    assert not any(json.dumps(i) in text for i in hidden)
    assert "referee" not in view and "rng" not in text
    assert view["deck_size"] == len(state.deck)
    assert view["dummbot"]["hand_size"] == len(state.dummbot.hand)
    assert len(view["human_cards"]) == 9
    public = game.view(state, Viewer.public())
    assert "human_cards" not in public
    referee = game.view(state, Viewer.referee())
    assert [c["iid"] for c in referee["referee"]["deck"]] == state.deck


def test_s8_view_shows_dice_owners_and_prompt_text():
    state = new(month=2, dummbot_face="1F * /2")
    view = game.view(state, HUMAN)
    assert [d["owner"] for d in view["dice"]] == ["human", "dummbot"]
    assert view["dice"][1]["face"]["star"] is True and view["dice"][1]["code"] == "1F * /2"
    act(state, "end_human_turn")
    prompt = game.view(state, HUMAN)["prompt"]
    assert prompt["text"]["en"] == "Draw 1 card face down onto Dummbot's hand and type its name"
    assert prompt["text"]["it"] == "Pesca 1 carta coperta nella mano di Dummbot e scrivine il nome"


def test_events_never_carry_instance_ids():
    """Events name catalogue cards only (a card back in a pile cannot be traced)."""
    state = new({"mode": "practice"}, seed=2)
    events = []
    for _ in range(3):
        events += act(state, "prelude_assign", hand=0, library2=1, library3=2)
    events += act(state, "choose_die", index=0) + act(state, "end_human_turn")
    text = json.dumps([e.to_record() for e in events])
    assert not re.search(r'"k\d+"', text)


def test_determinize_deals_the_hidden_cards_again():
    state = practice_mid_game()
    world = game.determinize(state, "human", Rng(5))
    assert game.view(world, HUMAN) == game.view(state, HUMAN)
    hidden = sorted(state.instances[i] for i in game.hidden_from(state, "human"))
    assert sorted(world.instances[i] for i in game.hidden_from(world, "human")) == hidden
    assert world.deck != state.deck or world.instances != state.instances
    again = game.determinize(game.determinize(state, "human", Rng(8)), "human", Rng(5))
    assert game.dump(again) == game.dump(world)


def test_dump_load_clone_round_trip():
    state = practice_mid_game()
    data = game.dump(state)
    assert game.dump(game.load(data)) == data
    assert json.loads(json.dumps(data)) == data
    copy = game.clone(state)
    act(copy, "end_human_turn") if copy.phase == "HUMAN_TURN" else act(copy, "end_round")
    assert game.dump(state) == data


@pytest.mark.parametrize("config", game.sample_configs())
def test_every_listed_action_is_accepted(config):
    """Every legal action of the first steps of each sample table is accepted by a clone."""
    state = game.new(config, 3)
    for step in range(40):
        if not game.to_act(state):
            break
        legal = game.legal_actions(state, "human")
        assert legal
        for action in legal[:: max(1, len(legal) // 25)]:
            game.apply(game.clone(state), "human", action)
        plain = [a for a in legal if a.type not in INFO.rare_actions]
        game.apply(state, "human", plain[step % len(plain)])


def test_timeout_action_is_the_first_legal_action():
    state = new(skip_prelude=True)
    assert game.timeout_action(state, "human") == game.legal_actions(state, "human")[0]
    assert game.clocks(state) == {}


def test_max_decisions_is_true():
    """The cap: 40 per allowed round + 200; beyond it every action is refused."""
    state = new({"max_rounds": 12}, dummbot_face="+6c /2")
    assert game.max_decisions(state) == action_limit(state) == 40 * 12 + 200
    state.decisions = action_limit(state)
    before = state_hash(game, state)
    with pytest.raises(IllegalAction) as caught:
        game.apply(state, "human", Action("end_human_turn"))
    assert caught.value.code == "TOO_MANY_ACTIONS"
    assert state_hash(game, state) == before
    assert game.to_act(state) == frozenset() and game.legal_actions(state, "human") == []
    assert game.outcome(state).reason == "too_many_actions"


def test_info_declares_the_game():
    assert INFO.name == "seasons" and (INFO.min_seats, INFO.max_seats) == (1, 1)
    assert INFO.title["en"] == "Seasons solo against Dummbot"
    assert INFO.title["it"] == "Seasons in solitario contro Dummbot"
    assert INFO.modes == ("companion", "practice")
    assert {"undo", "add_catalogue_card", "move_season_token"} <= INFO.rare_actions
    assert {"sample_configs", "table_builder"} <= set(INFO.capabilities)
