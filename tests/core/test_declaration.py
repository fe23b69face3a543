"""A declaration that is not true of its game is refused as the game is registered, in a
sentence: a `BaseGame` of imperfect information that keeps the defaults that hide nothing, a
mode its options refuse, a form option without words in a declared language, scores that
break the declared utility."""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
from pathlib import Path
from typing import Any, Literal

import pytest
from pydantic import BaseModel, ConfigDict, Field

from tavola.core import Outcome, Rng, Viewer, registry
from tavola.core.conformance import ConformanceError, check_declaration, play_random_game
from tavola.core.errors import RefusedGame
from tests.core.tictactoe.game import Grid, TicTacToe
from tests.fixture_game.kuhn import KuhnGame, KuhnOptions

ROOT = Path(__file__).resolve().parents[2]


class Hiding(TicTacToe):
    """Tic-tac-toe declared a game of imperfect information, hiding nothing."""

    info = dataclasses.replace(TicTacToe.info, name="hiding", information="imperfect")


class HidingWell(Hiding):
    """The same, writing what a game of imperfect information writes."""

    info = dataclasses.replace(Hiding.info, name="hiding_well")

    def view(self, state: Grid, viewer: Viewer) -> dict[str, Any]:
        return {"marked": len(state.marks)}

    def hidden_from(self, state: Grid, seat: str) -> set[str]:
        return set()

    def determinize(self, state: Grid, seat: str, rng: Rng) -> Grid:
        return self.clone(state)


class NarrowOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")

    mode: Literal["classic"] = "classic"


class Modeless(TicTacToe):
    """Declares a mode (`giant`) its Config does not take."""

    info = dataclasses.replace(TicTacToe.info, name="modeless", modes=("classic", "giant"))
    Config = NarrowOptions


class WiderOptions(KuhnOptions):
    blinds: bool = Field(default=False, title="Blinds")


class Wordless(KuhnGame):
    """Kuhn poker with a form option (`blinds`) its catalogues have no words for."""

    name = "wordless"
    info = dataclasses.replace(KuhnGame.info, name="wordless")
    TableOptions = WiderOptions


class Generous(TicTacToe):
    """Declared zero-sum, but a win gives both seats a point."""

    info = dataclasses.replace(TicTacToe.info, name="generous")

    def outcome(self, state: Grid) -> Outcome | None:
        ending = super().outcome(state)
        return ending and dataclasses.replace(ending, scores=dict.fromkeys(self.seats(state), 1.0))


def test_a_base_game_of_imperfect_information_keeping_the_defaults_is_refused() -> None:
    with pytest.raises(RefusedGame) as refused:
        registry.register(Hiding())
    assert "hiding declares imperfect information but keeps BaseGame's view, hidden_from, " in (
        refused.value.message
    )
    with pytest.raises(ConformanceError, match="keeps BaseGame's view"):
        check_declaration(Hiding())


def test_a_base_game_of_imperfect_information_writing_its_hiding_is_registered() -> None:
    registry.register(HidingWell())
    try:
        assert registry.get_game("hiding_well").info.information == "imperfect"
    finally:
        registry.unregister("hiding_well")


def test_a_mode_the_config_refuses_is_caught_in_a_sentence() -> None:
    with pytest.raises(RefusedGame, match=r"declares the mode 'giant' but its Config refuse"):
        registry.register(Modeless())


def test_a_form_option_without_words_in_a_declared_language_is_caught() -> None:
    with pytest.raises(ConformanceError) as caught:
        check_declaration(Wordless())
    said = str(caught.value)
    assert "web/i18n/it.json has no words for form.blinds" in said
    assert "web/i18n/en.json has no words for form.blinds" in said


def test_scores_that_break_the_declared_utility_are_caught() -> None:
    registry.register(Generous())
    try:
        with pytest.raises(ConformanceError, match="declared zero-sum, the scores add up to 2"):
            play_random_game(Generous(), {}, 1)
    finally:
        registry.unregister("generous")


def test_a_refused_game_named_to_a_command_is_a_sentence_and_the_others_still_play() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TAVOLA_GAMES": f"{__name__}:HIDING"}
    play = [sys.executable, "-m", "tavola.cli", "play", "hiding"]
    done = subprocess.run(play, capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 2
    said = " ".join((done.stdout + done.stderr).split())
    assert "The game 'hiding' is not registered: hiding declares imperfect information" in said
    assert "Traceback" not in said
    listed = [sys.executable, "-m", "tavola.cli", "games"]
    games = subprocess.run(listed, capture_output=True, text=True, env=env, timeout=120)
    assert games.returncode == 0 and "legends" in games.stdout and "hiding" not in games.stdout


HIDING = Hiding()
"""What `TAVOLA_GAMES` names in the process above."""
