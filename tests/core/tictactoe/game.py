"""The rules: two seats mark a 3×3 grid in turn; three in a row wins (in misère, loses)."""

from collections.abc import Mapping
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from tavola.core import Action, Event, Game, IllegalAction, Outcome
from tavola.core.base_game import BaseGame
from tavola.core.capabilities import GENERIC_BOTS, HUMAN, GameInfo

from .words import WordsOfTicTacToe

SEATS = ("X", "O")
LINES = ((1, 2, 3), (4, 5, 6), (7, 8, 9), (1, 4, 7), (2, 5, 8), (3, 6, 9), (1, 5, 9), (3, 5, 7))


class Options(BaseModel):
    model_config = ConfigDict(extra="forbid")

    mode: Literal["classic", "misere"] = "classic"


class Grid(BaseModel):
    mode: str
    marks: dict[int, str] = Field(default_factory=dict)
    """The marked squares (1–9, row by row) and whose mark each holds."""


class TicTacToe(WordsOfTicTacToe, BaseGame[Grid]):
    info = GameInfo(
        name="tictactoe",
        title={"it": "Tris", "en": "Tic-tac-toe"},
        description={
            "it": "Due giocatori segnano a turno una griglia di 3×3: vince chi fa tris.",
            "en": "Two players take turns marking a 3×3 grid: three in a row wins.",
        },
        min_seats=2,
        max_seats=2,
        seat_kinds=(HUMAN, *GENERIC_BOTS),
        modes=("classic", "misere"),
        information="perfect",
        chance="deterministic",
        utility="zero_sum",
        capabilities=("narration", "sample_configs"),
    )
    Config, State = Options, Grid

    def new(
        self,
        config: Mapping[str, Any] | BaseModel,
        seed: int,
        setup: Mapping[str, Any] | None = None,
    ) -> Grid:
        return Grid(mode=self.config(config).mode)

    def seats(self, state: Grid) -> list[str]:
        return list(SEATS)

    def to_act(self, state: Grid) -> frozenset[str]:
        if self.outcome(state) is not None:
            return frozenset()
        return frozenset({SEATS[len(state.marks) % 2]})

    def legal_actions(self, state: Grid, seat: str) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        return [Action("mark", square=n) for n in range(1, 10) if n not in state.marks]

    def apply(self, state: Grid, seat: str, action: Action) -> list[Event]:
        if action not in self.legal_actions(state, seat):
            raise IllegalAction(
                "illegal_move",
                f"{seat} cannot {action.type} {action.args} now.",
                message_it=f"{seat} non può fare {action.type} {action.args} adesso.",
            )
        square = int(action.args["square"])
        state.marks[square] = seat
        events = [Event("marked", {"seat": seat, "square": square})]
        if (ending := self.outcome(state)) is not None:
            events.append(Event("ended", {"winners": list(ending.winners), "draw": ending.draw}))
        return events

    def outcome(self, state: Grid) -> Outcome | None:
        m = state.marks
        three = next((m[a] for a, b, c in LINES if a in m and m[a] == m.get(b) == m.get(c)), None)
        if three is None and len(m) < 9:
            return None
        if three is None:
            return Outcome(SEATS, {"X": 1, "O": 1}, "full_grid", True, {"X": 0.0, "O": 0.0})
        winner = three if state.mode == "classic" else SEATS[1 - SEATS.index(three)]
        loser = SEATS[1 - SEATS.index(winner)]
        scores = {winner: 1.0, loser: -1.0}
        return Outcome((winner,), {winner: 1, loser: 2}, "three_in_a_row", scores=scores)

    def max_decisions(self, state: Grid) -> int:
        return 9 - len(state.marks)

    def sample_configs(self) -> list[dict[str, Any]]:
        return [{"mode": "classic"}, {"mode": "misere"}]


game: Game[Grid] = TicTacToe()
