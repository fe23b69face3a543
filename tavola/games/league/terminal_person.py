"""A person at the terminal playing a battle: each decision a menu of the legal actions with
numbers that keep their meaning all battle (`terminal_menu.py`), drawn from the seat's own
view; `?` or `help` explains them. Two people sharing the terminal (hotseat) hand it
over before each private decision: the screen is cleared and the next player presses
Enter, so neither sees the other's hand, face-down cards or sealed choices."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tavola.core import Action, Game, Viewer
from tavola.core.capabilities import TerminalPrompt

from .lineup import eff_cost
from .state import LeagueState
from .terminal_board import Board
from .terminal_menu import menu

HELP = ("?", "help", "aiuto", "h", "ヘルプ")


class LeagueHuman:
    def __init__(self, board: Board, prompt: TerminalPrompt, hotseat: bool) -> None:
        self.board = board
        self.prompt = prompt
        self.hotseat = hotseat
        self.last_seat: str | None = None

    def t(self, key: str, **params: Any) -> str:
        return self.board.t(key, **params)

    def choose(self, game: Game[Any], state: LeagueState, seat: str) -> Action:
        if self.hotseat and seat != self.last_seat:
            self.board.console.clear()
            self.prompt.ask(self.t("handover", player=self.board.player(seat)))
        self.last_seat = seat
        view = game.view(state, Viewer.seat(seat))
        legal = game.legal_actions(state, seat)
        self.board.show(view, seat)
        options = menu(state, seat, legal, list(self.board.content.presets))
        self.board.console.print(self.t("what_now"), style="bold")
        for number, positions in options:
            action = legal[positions[0]]
            line = self.label(state, seat, action, with_target=len(positions) == 1)
            self.board.console.print(f"  {number:>2}. {line}")
        numbers = {number: positions for number, positions in options}
        while True:
            picked = self._pick(self.t("choose", player=self.board.player(seat)), numbers)
            positions = numbers[picked]
            if len(positions) == 1:
                return legal[positions[0]]
            chosen = self._target_of(state, seat, [legal[p] for p in positions])
            if chosen is not None:
                return chosen

    def _pick(self, prompt: str, numbers: Mapping[int, Any]) -> int:
        """A number among `numbers`; `?` or `help` explains the menu and asks again."""
        shown = ", ".join(str(n) for n in numbers)
        while True:
            answer = self.prompt.ask(prompt)
            if answer in HELP:
                self.board.console.print(self.t("help"))
                continue
            if answer is not None and answer.isdigit() and int(answer) in numbers:
                return int(answer)
            self.board.console.print(self.t("bad_choice", numbers=shown), style="red")

    def _target_of(self, state: LeagueState, seat: str, actions: list[Action]) -> Action | None:
        """One card's move with several targets: which (0 goes back to the menu)."""
        self.board.console.print(self.t("which_target"), style="bold")
        for number, action in enumerate(actions, 1):
            self.board.console.print(f"  {number:>2}. {self.label(state, seat, action)}")
        self.board.console.print(f"   0. {self.t('back')}")
        choices: dict[int, Action | None] = {0: None}
        choices.update(enumerate(actions, 1))
        return choices[self._pick(self.t("choose", player=self.board.player(seat)), choices)]

    def label(self, state: LeagueState, seat: str, action: Action, with_target: bool = True) -> str:
        """The action in words, with what the player needs to weigh it."""
        board, content, args = self.board, self.board.content, action.args
        card_id = state.cards.get(str(args.get("card")), str(args.get("card")))
        kind = action.type
        if kind == "submit_lineup":
            preset = content.presets[str(args["preset"])]
            gimmick = board.word(f"gimmick.{preset.lineup.gimmick}")
            return self.t("do.lineup", name=preset.names.get(board.lang), gimmick=gimmick)
        if kind == "keep_die":
            die = state.sides[int(seat)].die
            return self.t("do.keep_die", value=die)
        if kind == "override_die":
            card = content.cards[card_id]
            return self.t("do.override_die", cost=card.cost, card=board.card(card_id))
        if kind in ("use_support", "set_tactic", "activate_tactic"):
            target = self._target(state, seat, args) if with_target else ""
            return self.t(f"do.{kind}", card=board.card_line(card_id)) + target
        if kind == "designate_legend":
            legend = content.legends[str(args["legend"])]
            cost = eff_cost(legend, state.sides[int(seat)].gimmick, state.config)
            name = legend.names.get(board.lang)
            return self.t("do.designate_legend", legend=name, cost=cost, dv=legend.dv)
        if kind == "take_extra":
            return self.t("do.take_extra_yes" if args.get("yes") else "do.take_extra_no")
        if kind == "report_die":
            return self.t(
                "do.report_die", player=board.player(str(args["seat"])), face=args["face"]
            )
        return self.t(f"do.{kind}")

    def _target(self, state: LeagueState, seat: str, args: Mapping[str, Any]) -> str:
        if "target" not in args:
            return ""
        target = args["target"]
        if isinstance(target, int):
            return self.t("target_zone", n=target + 1)
        if target in state.cards:
            return self.t("target", name=self.board.card(state.cards[target]))
        return self.t("target", name=self.board.legend(str(target)))
