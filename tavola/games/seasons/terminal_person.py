"""The person at the terminal: each question the game asks (§6), answered with a number, a
card name or Enter, and the commands they may type at any question (`terminal_commands`).

Lines are read with their case kept (a card added to the catalogue keeps the capitals
typed); there is no clock. A card name is looked up as it is typed: an unknown one gets the
catalogue's suggestions as a menu and the offer to add it (§3.3); the names typed before it
are kept while the card is added. When the engine refuses a set of names for the copy limit,
the person is asked whether to send them anyway (`force`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.text import Text

from tavola.core import Action, Event, Game, Viewer
from tavola.core.capabilities import QuitGame

from .catalogue import Catalogue
from .game_cards import catalogue_of
from .narrate import narrate_for, phase_text, prompt_text
from .state import SeasonsState
from .terminal_board import board
from .terminal_commands import Command, parse_command
from .terminal_words import say

SEAT = "human"
MISSING = "-"
SUGGESTIONS = 5
HISTORY = 12
FOUND = 10
OWN_PHASE_TEXT = ("HUMAN_TURN", "END_OF_ROUND")
"""Phases whose words here differ from the page's ("tap End of turn")."""
QUIET = OWN_PHASE_TEXT
"""Phases reached by the person's plain answer, whose news the narration has just told:
the table is drawn again there only after a command (an adjustment, undo)."""
HELP = ("undo", "show", "log", "find", "add", "crystals", "draw", "move", "give", "take")


class Submit(Exception):
    """A command typed at some question that sends an action at once."""

    def __init__(self, action: Action) -> None:
        self.action = action


@dataclass(slots=True)
class Naming:
    """Names typed for a `name_cards` prompt: kept while a card is added to the catalogue,
    or sent and waiting for the engine's answer."""

    prompt: dict[str, Any]
    names: list[str]
    missing: int
    pending: str = ""
    """A typed name not in the catalogue yet, tried again first."""


class SeasonsPerson:
    """The `Player` of the human's seat at the terminal."""

    def __init__(self, console: Console, lang: str) -> None:
        self.console = console
        self.lang = lang
        self.refusal: str | None = None
        """The code of the engine's refusal of the last action sent, if any."""
        self.naming: Naming | None = None
        self.state: SeasonsState | None = None
        self.sent_command = True
        """The last action was a typed command (or none was sent yet): draw the table."""
        self.view: dict[str, Any] = {}

    def t(self, key: str, **params: Any) -> str:
        return say(self.lang, key, **params)

    def line(self, text: str, style: str | None = None) -> None:
        self.console.print(Text(text, style=style or ""))

    # -- the decision ----------------------------------------------------------------------

    def choose(self, game: Game[Any], state: SeasonsState, seat: str) -> Action:
        self.state = state
        self.view = game.view(state, Viewer.seat(seat))
        refusal, self.refusal = self.refusal, None
        naming = self.naming
        if naming is not None and naming.prompt != state.prompt:
            self.naming = naming = None
        quiet = self.view["phase"] in QUIET and state.prompt is None and not self.sent_command
        if refusal is None and not quiet:
            self.console.print(board(self.view, self.lang))
        self.sent_command = False
        try:
            if refusal == "COPY_LIMIT" and naming is not None and self._yes(self.t("ask.force")):
                return self._send_names(naming, force=True)
            return self._question()
        except Submit as sent:
            self.sent_command = True
            return sent.action

    def _question(self) -> Action:
        view = self.view
        prompt, phase = view.get("prompt"), view["phase"]
        if phase == "GAME_OVER":  # the narration has just said so (`game_ended`)
            return self._score()
        if prompt is not None:
            self.line(prompt_text(prompt, self.lang, view), "bold")
            return self._answer(prompt)
        text = self.t(f"phase.{phase}") if phase in OWN_PHASE_TEXT else phase_text(phase, self.lang)
        self.line(text, "bold")
        if phase == "CHOOSE_DIE":
            return Action("choose_die", index=self._number(self.t("ask.die"), 1, 2) - 1)
        if phase == "REPORT_DICE":
            faces = [self.read(self.t("ask.face", n=n)) for n in (1, 2)]
            return Action("report_dice", faces=faces)
        if phase == "HUMAN_TURN":
            self._enter(self.t("ask.turn"))
            return Action("end_human_turn")
        self._enter(self.t("ask.round"))
        return Action("end_round")

    def _answer(self, prompt: Mapping[str, Any]) -> Action:
        kind = prompt["kind"]
        if kind == "name_cards":
            return self._names()
        if kind == "prelude_assign":
            return self._prelude(prompt)
        if kind == "amount":
            top = int(prompt["max"])
            given = self._number(self.t("ask.amount", max=top), 0, top)
            return Action("resolve_instruction", amount=given)
        self._enter(self.t("ask.instruction"))
        return Action("resolve_instruction")

    # -- reading ---------------------------------------------------------------------------

    def read(self, text: str, *, commands: bool = True) -> str:
        """A line with its case kept; a command is carried out (and the question asked
        again) or sent (`Submit`). `q` and a closed input leave the game."""
        while True:
            try:
                line = self.console.input(f"[bold cyan]{escape(text)}[/] > ").strip()
            except EOFError:
                raise QuitGame from None
            if line.lower() == "q":
                raise QuitGame
            command = parse_command(line) if commands else None
            if command is None:
                return line
            self._command(command)

    def _enter(self, text: str) -> None:
        while self.read(text):
            self.line(self.t("ask.hint"), "yellow")

    def _number(self, text: str, low: int, high: int) -> int:
        while True:
            answer = self.read(text)
            if answer.isdigit() and low <= int(answer) <= high:
                return int(answer)
            self.line(self.t("ui.invalid_number", low=low, high=high), "yellow")

    def _yes(self, text: str) -> bool:
        return self.read(text, commands=False).lower() in self.t("ui.yes").split()

    # -- commands --------------------------------------------------------------------------

    def _command(self, command: Command) -> None:
        if command.kind == "act" and command.action is not None:
            raise Submit(command.action)
        if command.kind == "quit":
            raise QuitGame
        if command.kind == "add":
            raise Submit(self._add(command.text))
        if command.kind == "show":
            self.console.print(board(self.view, self.lang))
        elif command.kind == "log":
            self._history()
        elif command.kind == "find":
            self._find(command.text)
        else:
            self._help()

    def _help(self) -> None:
        keys = list(HELP)
        config = self.view.get("config") or {}
        blind = config.get("hand_tracking") == "blind_until_revealed"
        if blind and self.view["mode"] != "practice":
            keys.append("hand")
        if self.view["mode"] == "practice":
            keys.append("mine")
        keys += ["missing", "quit"]
        self.line(self.t("ui.help_title"), "bold")
        for key in keys:
            self.line("  " + self.t(f"help.{key}"))

    def _history(self) -> None:
        entries = self.view.get("log") or []
        events = [Event(str(e["type"]), dict(e["data"])) for e in entries]
        assert self.state is not None
        told = [x for x in narrate_for(self.state, events, self.lang, self.view) if x]
        if not told:
            self.line(self.t("ui.history_empty"))
            return
        self.line(self.t("ui.history"), "bold")
        for text in told[-HISTORY:]:
            self.line("  " + text)

    def _catalogue(self) -> Catalogue:
        assert self.state is not None
        return catalogue_of(self.state)

    def _find(self, text: str) -> None:
        found = self._catalogue().search(text, FOUND)
        if not found:
            self.line(self.t("ui.found_none", text=text))
            return
        self.line(self.t("ui.found"), "bold")
        for card in found:
            kind = self.t(f"ui.card_type.{card.type}")
            names = " / ".join(card.names)
            self.line(f"  {names} ({card.prestige}, {kind})")

    def _add(self, name: str) -> Action:
        """§6.1 `add_catalogue_card`: another name of a card, or a new card."""
        while not name:
            name = self.read(self.t("ask.add_name"), commands=False)
        alias_of = self.read(self.t("ask.add_alias"), commands=False)
        if alias_of:
            return Action("add_catalogue_card", name=name, alias_of=alias_of)
        while True:
            answer = self.read(self.t("ask.add_prestige", name=name), commands=False)
            worth = answer[1:] if answer.startswith("-") else answer
            if worth.isdigit():
                break
            self.line(self.t("ui.invalid_number", low=-99, high=99), "yellow")
        kind = self._number(self.t("ask.add_type", name=name), 1, 2)
        card_type = "magic_item" if kind == 1 else "familiar"
        return Action("add_catalogue_card", name=name, prestige=int(answer), card_type=card_type)

    # -- card names (R14, R15, R28, §4.5) ----------------------------------------------------

    def _names(self) -> Action:
        state = self.state
        assert state is not None and state.prompt is not None
        prompt = dict(state.prompt)
        count, purpose = int(prompt["count"]), str(prompt["purpose"])
        naming = self.naming
        if naming is None or naming.prompt != prompt:
            naming = Naming(prompt, [], 0)
        self.naming = naming
        if len(naming.names) + naming.missing >= count:  # refused: type them again
            naming.names, naming.missing = [], 0
        can_miss = purpose in ("hand_draw", "deck_summon")
        key = "ask.card_or_missing" if can_miss else "ask.card"
        while len(naming.names) + naming.missing < count:
            typed, naming.pending = naming.pending, ""
            if not typed:
                number = len(naming.names) + naming.missing + 1
                typed = self.read(self.t(key, i=number, n=count))
            if typed == MISSING and can_miss:
                naming.missing += 1
            elif typed:
                name = self._card_name(typed, naming)
                if name is not None:
                    naming.names.append(name)
        return self._send_names(naming)

    def _card_name(self, typed: str, naming: Naming) -> str | None:
        """The catalogue's name of the card typed; else a suggestion picked, or the card
        added (`Submit`), or None to type it again."""
        catalogue = self._catalogue()
        found = catalogue.find(typed)
        if found is not None:
            return found.name
        options = list(catalogue.suggest(typed, 3))
        options += [c.name for c in catalogue.search(typed, SUGGESTIONS) if c.name not in options]
        options = options[:SUGGESTIONS]
        self.line(self.t("ui.unknown", typed=typed), "yellow")
        if options:
            self.line(self.t("ui.suggestions"))
        for n, option in enumerate(options, start=1):
            self.line(f"  {n}. {option}")
        self.line("  " + self.t("ui.add_option", name=typed))
        answer = self.read(self.t("ask.suggestion", name=typed), commands=False)
        if answer.isdigit() and 1 <= int(answer) <= len(options):
            return options[int(answer) - 1]
        if answer.lower() == "a":
            naming.pending = typed
            raise Submit(self._add(typed))
        return None

    def _send_names(self, naming: Naming, *, force: bool = False) -> Action:
        args: dict[str, Any] = {"names": list(naming.names)}
        if naming.missing:
            args["missing"] = naming.missing
        if force:
            args["force"] = True
        return Action("name_cards", **args)

    # -- the prelude and the score (§4.6, §9) ----------------------------------------------

    def _prelude(self, prompt: Mapping[str, Any]) -> Action:
        offer = prompt.get("offer") or []
        for n, card in enumerate(offer, start=1):
            kind = self.t(f"ui.card_type.{card['type']}")
            self.line(f"  {n}. {card['name']} ({card['prestige']}, {kind})")
        while True:
            parts = self.read(self.t("ask.prelude")).replace(",", " ").split()
            picks = [int(p) - 1 for p in parts if p.isdigit()]
            if len(parts) == 3 and len(set(picks)) == 3 and all(0 <= p < 5 for p in picks):
                return Action("prelude_assign", hand=picks[0], library2=picks[1], library3=picks[2])
            self.line(self.t("ui.invalid_numbers"), "yellow")

    def _score(self) -> Action:
        practice = self.view["mode"] == "practice"
        text = self.t("ask.score_practice" if practice else "ask.score_companion")
        while True:
            parts = self.read(text).split()
            numbers = [int(p) for p in parts if _is_int(p)]
            if len(numbers) == len(parts) == 2:
                return Action("report_human_score", crystals=numbers[0], prestige=numbers[1])
            if len(numbers) == len(parts) == 1:
                return Action("report_human_score", total=numbers[0])
            self.line(self.t("ui.invalid_score"), "yellow")


def _is_int(word: str) -> bool:
    return (word[1:] if word.startswith("-") else word).isdigit()
