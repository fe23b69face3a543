"""Kuhn poker, the fixture game that proves the contract is enough: it lives only under
`tests/`, is registered through `TAVOLA_GAMES`, and is played by the generic commands,
the simulator, the server and the browser table without any file outside `tests/` naming it.

Three cards (jack < queen < king), two seats, an ante of one chip each. Each seat is dealt
one card face down; P1 checks or bets one chip; after a check P2 checks (showdown for 2)
or bets; facing a bet a seat calls (showdown) or folds (the bettor takes the pot).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from tavola.core import Action, Clock, Event, IllegalAction, Outcome, Rng, Viewer
from tavola.core.capabilities import GENERIC_BOTS, HUMAN, GameInfo, Preset
from tavola.core.protocol import Game
from tavola.features.tournaments.format import Entrant
from tavola.features.tournaments.protocol import TableResult

CARDS = ("jack", "queen", "king")
SEATS = ("P1", "P2")


class KuhnConfig(BaseModel):
    model_config = ConfigDict(extra="forbid")

    ante: int = Field(default=1, ge=1, le=10)
    players: list[dict[str, Any]] = Field(default_factory=list)


class KuhnOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")

    ante: int = Field(default=1, ge=1, le=10, title="Ante")


class NothingToRegister(BaseModel):
    """A Kuhn entrant brings nothing but itself."""

    model_config = ConfigDict(extra="forbid")


class KuhnSeat(BaseModel):
    model_config = ConfigDict(extra="forbid")


@dataclass
class KuhnState:
    ante: int
    rng: Rng
    cards: dict[str, str] = field(default_factory=dict)
    history: list[str] = field(default_factory=list)
    names: dict[str, str] = field(default_factory=dict)
    pot: dict[str, int] = field(default_factory=dict)

    @property
    def over(self) -> bool:
        return self.history in (["check", "check"], ["bet", "call"], ["bet", "fold"]) or (
            self.history in (["check", "bet", "call"], ["check", "bet", "fold"])
        )


def _refuse(code: str, message: str) -> IllegalAction:
    return IllegalAction(code, message)


class KuhnGame:
    name = "kuhn"
    info = GameInfo(
        name="kuhn",
        information="imperfect",
        chance="sampled_stochastic",
        utility="zero_sum",
        title={"it": "Poker di Kuhn", "en": "Kuhn poker"},
        description={
            "it": "Tre carte, due giocatori, una puntata: il gioco di prova dei test.",
            "en": "Three cards, two players, one bet: the tests' fixture game.",
        },
        min_seats=2,
        max_seats=2,
        seat_kinds=(HUMAN, *GENERIC_BOTS),
        web=Path(__file__).parent / "web",
        capabilities=("narration", "sample_configs", "table_builder", "tournament_rules"),
    )
    Config = KuhnConfig
    TableOptions = KuhnOptions
    SeatOptions = KuhnSeat

    def new(
        self,
        config: Mapping[str, Any] | BaseModel,
        seed: int,
        setup: Mapping[str, Any] | None = None,
    ) -> KuhnState:
        parsed = (
            config
            if isinstance(config, KuhnConfig)
            else KuhnConfig.model_validate(
                dict(config) if isinstance(config, Mapping) else config.model_dump()
            )
        )
        state = KuhnState(parsed.ante, Rng(seed))
        deck = list(CARDS)
        state.rng.shuffle(deck)
        if setup and "cards" in setup:
            deck = [str(setup["cards"][s]) for s in SEATS]
        state.cards = dict(zip(SEATS, deck, strict=False))
        state.pot = dict.fromkeys(SEATS, parsed.ante)
        for seat, player in zip(SEATS, parsed.players, strict=False):
            state.names[seat] = str(player.get("name") or seat)
        return state

    def opening_events(self, state: KuhnState) -> list[Event]:
        return [
            Event("card_dealt", {"seat": s, "card": state.cards[s]}, frozenset({s}), {"seat": s})
            for s in SEATS
        ]

    def _mover(self, state: KuhnState) -> str | None:
        if state.over:
            return None
        return SEATS[len(state.history) % 2]

    def to_act(self, state: KuhnState) -> frozenset[str]:
        mover = self._mover(state)
        return frozenset({mover}) if mover else frozenset()

    def legal_actions(self, state: KuhnState, seat: str) -> list[Action]:
        if self._mover(state) != seat:
            return []
        facing_bet = bool(state.history) and state.history[-1] == "bet"
        return [Action("call"), Action("fold")] if facing_bet else [Action("check"), Action("bet")]

    def apply(self, state: KuhnState, seat: str, action: Action) -> list[Event]:
        if state.over:
            raise _refuse("game_over", "The hand is over.")
        if self._mover(state) != seat:
            raise _refuse("not_your_turn", f"It is not {seat}'s turn.")
        if action not in self.legal_actions(state, seat):
            raise _refuse("illegal_action", f"{action.type} is not possible now.")
        state.history.append(action.type)
        if action.type in ("bet", "call"):
            state.pot[seat] += 1
        events = [Event(action.type, {"seat": seat})]
        if state.over:
            result = self.outcome(state)
            assert result is not None
            events.append(
                Event("showdown", {"cards": dict(state.cards), "winner": result.winners[0]})
                if action.type != "fold"
                else Event("hand_won", {"seat": result.winners[0]})
            )
        return events

    def view(self, state: KuhnState, viewer: Viewer) -> dict[str, Any]:
        shown = state.over and state.history[-1] != "fold"
        cards = {
            s: state.cards[s] if viewer.is_referee or s in viewer.seats or shown else None
            for s in SEATS
        }
        return {
            "seats": {s: {"name": state.names.get(s, s), "chips_in": state.pot[s]} for s in SEATS},
            "cards": cards,
            "history": list(state.history),
            "to_act": sorted(self.to_act(state)),
            "pot": sum(state.pot.values()),
        }

    def outcome(self, state: KuhnState) -> Outcome | None:
        if not state.over:
            return None
        if state.history[-1] == "fold":
            winner = SEATS[(len(state.history) - 2) % 2]
        else:
            winner = max(SEATS, key=lambda s: CARDS.index(state.cards[s]))
        loser = SEATS[1 - SEATS.index(winner)]
        return Outcome(
            (winner,),
            {winner: 1, loser: 2},
            "fold" if state.history[-1] == "fold" else "showdown",
            scores={winner: float(state.pot[loser]), loser: float(-state.pot[loser])},
        )

    def determinize(self, state: KuhnState, seat: str, rng: Rng) -> KuhnState:
        world = self.clone(state)
        if self.view(state, Viewer.seat(seat))["cards"][SEATS[1 - SEATS.index(seat)]] is None:
            unseen = sorted(c for c in CARDS if c != state.cards[seat])
            other = SEATS[1 - SEATS.index(seat)]
            world.cards[other] = rng.choice(unseen)
        return world

    def timeout_action(self, state: KuhnState, seat: str) -> Action:
        return Action("timeout")

    def clone(self, state: KuhnState) -> KuhnState:
        return self.load(self.dump(state))

    def dump(self, state: KuhnState) -> dict[str, Any]:
        return {
            "ante": state.ante,
            "rng": state.rng.to_json(),
            "cards": dict(state.cards),
            "history": list(state.history),
            "names": dict(state.names),
            "pot": dict(state.pot),
        }

    def load(self, data: Mapping[str, Any]) -> KuhnState:
        return KuhnState(
            int(data["ante"]),
            Rng.from_json(dict(data["rng"])),
            dict(data["cards"]),
            list(data["history"]),
            dict(data["names"]),
            dict(data["pot"]),
        )

    def seats(self, state: KuhnState) -> list[str]:
        return list(SEATS)

    def teams(self, state: KuhnState) -> dict[str, list[str]]:
        return {s: [s] for s in SEATS}

    def clocks(self, state: KuhnState) -> dict[str, Clock]:
        return {}

    def hidden_from(self, state: KuhnState, seat: str) -> set[str]:
        if state.over and state.history[-1] != "fold":
            return {c for c in CARDS if c not in state.cards.values()}
        return {c for c in CARDS if c != state.cards[seat]}

    def max_decisions(self, state: KuhnState) -> int:
        return 3 - len(state.history)

    # -- capabilities ------------------------------------------------------------------

    def narrate(self, state: KuhnState, events: list[Event], lang: str) -> list[str]:
        return [line for line in self.narrate_for(state, events, lang, {}) if line is not None]

    def narrate_for(
        self, state: KuhnState, events: Sequence[Event], lang: str, view: Mapping[str, Any]
    ) -> list[str | None]:
        return [_tell(state, event, lang) for event in events]

    def table_config(
        self, options: Mapping[str, Any], seats: Sequence[Mapping[str, Any]]
    ) -> dict[str, Any]:
        players = [{"name": s.get("name") or f"P{i}"} for i, s in enumerate(seats, start=1)]
        return {**KuhnOptions.model_validate(dict(options)).model_dump(), "players": players}

    def presets(self) -> list[Preset]:
        return [
            Preset(
                "heads_up",
                {"it": "Testa a testa", "en": "Heads-up"},
                {"ante": 1},
                (HUMAN, "random"),
            )
        ]

    def sample_configs(self) -> list[dict[str, Any]]:
        return [{"ante": 1}, {"ante": 2}]

    # -- tournaments: heads-up tables, the ante the tournament's, nothing to register -----

    def tournament_options(self) -> type[BaseModel]:
        return KuhnOptions

    def registration(self) -> type[BaseModel]:
        return NothingToRegister

    def registration_choices(self, options: BaseModel, lang: str) -> dict[str, Any]:
        return {}

    def ready_registration(self, options: BaseModel, number: int) -> dict[str, Any]:
        return {}

    def check_entrant(self, entrant: Entrant, options: BaseModel) -> Entrant:
        return entrant

    def table_seats(self) -> tuple[int, int]:
        return (2, 2)

    def rotates_opener(self, options: BaseModel) -> bool:
        return False

    def tournament_table(
        self, entrants: Sequence[Entrant], options: BaseModel, order: Sequence[int] | None
    ) -> dict[str, Any]:
        return {**options.model_dump(), "players": [{"name": e.name} for e in entrants]}

    def table_result(self, state: KuhnState) -> TableResult:
        outcome = self.outcome(state)
        assert outcome is not None
        return TableResult(tuple(outcome.placements[s] for s in SEATS), (0, 1))


_WORDS = {
    "it": {
        "check": "{name} passa.",
        "bet": "{name} punta una fiche.",
        "call": "{name} vede.",
        "fold": "{name} lascia.",
        "hand_won": "{name} vince il piatto.",
        "showdown": "Carte scoperte: vince {name}.",
    },
    "en": {
        "check": "{name} checks.",
        "bet": "{name} bets a chip.",
        "call": "{name} calls.",
        "fold": "{name} folds.",
        "hand_won": "{name} takes the pot.",
        "showdown": "Showdown: {name} wins.",
    },
}


def _tell(state: KuhnState, event: Event, lang: str) -> str | None:
    text = _WORDS.get(lang, _WORDS["en"]).get(event.type)
    seat = event.data.get("seat") or event.data.get("winner")
    if text is None or seat is None:
        return None
    return text.format(name=state.names.get(str(seat), str(seat)))


game: Game[KuhnState] = KuhnGame()
