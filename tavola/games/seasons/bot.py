"""The reference bot (`reference_player`): the human's seat played sensibly, for practice
simulations (`tavola simulate seasons`) and for tables that seat a bot.

It plays only what the engine asks of the human, never the human's own game (it uses no
adjustment and never undoes):

- practice prelude (§4.6): it keeps the three cards of highest prestige (hand, library II,
  library III in that order) and gives Dummbot the two lowest, as a player who knows that
  Dummbot summons from his hand would;
- `choose_die` (R6): it gives Dummbot the die worth less to him (`die_worth`);
- companion `name_cards`: one of the menu's sets of names, picked from the seed;
  `report_dice` (table rolls): one of the menu's pairs of faces, picked from the seed;
- an `amount` prompt (R31): the whole amount, as the card's owner may demand it; an
  instruction: done;
- its turn and the round: ended at once;
- at the end (§9) it reports a human score of 0 (0 crystals, 0 prestige): it has not played
  the human's side of the table, so every simulated game is Dummbot's, and what score beats
  a level is read from the distribution of Dummbot's score, not from the win rate.

Every choice depends on the seed and on what the human sees (never on the pile's order or
the hidden hand), so two states the human sees alike get the same action."""

from __future__ import annotations

from typing import Any

from tavola.core import Action, Game, derive_seed

from .dice import season_of
from .dummbot_turn import face_of, gain
from .faces import Face
from .game_cards import card
from .state import SeasonsState

HAND_CARD_WORTH = 3
"""What a card drawn into Dummbot's hand (R12) is worth to him, in crystals: it scores only
if a season change summons it (one card per change, R21–R24), so about half a card."""
SUMMON_WORTH = 6
"""What a card summoned from the pile (R13) is worth to him: the mean prestige of the base
cards (6.5, rounded down; the negative ones are summoned too, R15)."""
HUMAN_SCORE = 0
"""The human's score the bot reports at the end (see the module's docstring)."""


def die_worth(state: SeasonsState, face: Face) -> int:
    """What a die face would give Dummbot now: the crystals of R9–R11 at the rate of the
    season where the token stands (or the flat transmutation), plus `HAND_CARD_WORTH` per
    card of R12 and `SUMMON_WORTH` per card of R13."""
    draws = (2 if face.transmute else 1) if face.star else 0
    return gain(state, face) + HAND_CARD_WORTH * draws + (SUMMON_WORTH if face.draw else 0)


def die_for_human(state: SeasonsState) -> int:
    """The index of the die the bot takes: the other one is worth less to Dummbot; on a tie
    it takes die 0 (the dice come in random order, R3)."""
    worth = [die_worth(state, face_of(die["face"])) for die in state.dice]
    return 1 if worth[1] > worth[0] else 0


def prelude_choice(state: SeasonsState, offer: list[str]) -> Action:
    """§4.6: the three cards of highest prestige to the human, ties in offer order."""
    worth = []
    for index, iid in enumerate(offer):
        found = card(state, iid)
        worth.append((-(found.prestige if found is not None else 0), index))
    keep = [index for _, index in sorted(worth)[:3]]
    return Action("prelude_assign", hand=keep[0], library2=keep[1], library3=keep[2])


class ReferenceBot:
    """The human's seat, deterministic from its seed (see the module's docstring)."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, game: Game[Any], state: SeasonsState, seat: str) -> Action:
        legal = game.legal_actions(state, seat)
        prompt = state.prompt
        if state.phase == "GAME_OVER":
            return Action("report_human_score", crystals=HUMAN_SCORE, prestige=0)
        if prompt is not None:
            return self._answer(state, prompt, legal)
        if state.phase == "CHOOSE_DIE":
            return Action("choose_die", index=die_for_human(state))
        if state.phase == "REPORT_DICE":
            return self._pick(state, [a for a in legal if a.type == "report_dice"])
        if state.phase == "HUMAN_TURN":
            return Action("end_human_turn")
        if state.phase == "END_OF_ROUND":
            return Action("end_round")
        return legal[0]

    def _answer(self, state: SeasonsState, prompt: dict[str, Any], legal: list[Action]) -> Action:
        kind = prompt["kind"]
        if kind == "prelude_assign":
            return prelude_choice(state, list(prompt["offer"]))
        if kind == "name_cards":
            return self._pick(state, [a for a in legal if a.type == "name_cards"])
        if kind == "amount":
            return Action("resolve_instruction", amount=int(prompt["max"]))
        return Action("resolve_instruction")

    def _pick(self, state: SeasonsState, menu: list[Action]) -> Action:
        """One of `menu`, from the seed and where the game stands (round, month, Dummbot's
        hand and array sizes: all seen by the human)."""
        where = (state.round, state.month, len(state.dummbot.hand), len(state.dummbot.array))
        index = derive_seed(self.seed, "pick", *where, season_of(state.month)) % len(menu)
        return menu[index]
