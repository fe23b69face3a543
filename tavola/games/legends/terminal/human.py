"""A person at the terminal playing Legends of AZ: each decision, simplified or battle, as a
numbered menu drawn from the seat's own view. `?` or `help` at any prompt explains it."""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from typing import Any

from tavola.core import AUTOPILOT, Action, Clock, Game, Viewer
from tavola.core.capabilities import QuitGame, TerminalPrompt

from ..alignments import side_of
from ..reference_bot import ReferenceBot
from ..state import LegendsState
from .battle import BattleScreen
from .menu import (
    DEFENCE_EQUIP,
    DEFEND_DEF,
    DEFEND_MP,
    PLAY_A_CARD,
    phase_options,
    table_numbers,
    target_numbers,
)

YES = ("s", "si", "sì", "y", "yes")
HELP = ("?", "help", "aiuto", "h")
Options = Sequence[tuple[int, str]]
"""A menu: (number, label), numbers as the player types them."""


class LegendsHuman:
    """Asks a person for each decision, simplified or battle; a clock, when the table has
    one, turns a silence into the game's timeout (or, on autopilot, into the reference
    bot's move). Several people may share the terminal (hotseat). A decision with nothing
    to choose (only passing is possible) is taken without stopping."""

    def __init__(self, screen: BattleScreen, prompt: TerminalPrompt, hotseat: bool) -> None:
        self.screen = screen
        self.prompt = prompt
        self.hotseat = hotseat
        self.remaining: dict[str, float] = {}
        self.auto_flip = False
        self._clock: Clock | None = None

    def t(self, key: str, **params: Any) -> str:
        return self.screen.t(key, **params)

    def say(self, text: str) -> None:
        self.screen.console.print(text)

    def choose(self, game: Game[Any], state: LegendsState, seat: str) -> Action:
        view = game.view(state, Viewer.seat(seat))
        legal = game.legal_actions(state, seat)
        self._clock = game.clocks(state).get(seat)
        try:
            if view["phase"] == "simplified_flip":
                return self._flip(view, legal, seat)
            if view["phase"] == "simplified_choice" and self.auto_flip:
                # Automatic play also settles keep/switch by the reference bot's rule (R131).
                return ReferenceBot().choose(game, state, seat)
            if view["phase"] == "setup_cut":
                self._whose_turn(view, seat)
                return self._cut(view, legal, seat)
            if view["phase"] == "simplified_choice":
                self._whose_turn(view, seat)
                return self._reference(view, seat)
            return self._battle(view, legal, seat)
        except _TimeUp:
            if view["seats"][seat]["autopilot"]:
                bot_move = ReferenceBot().choose(game, state, seat)
                return Action(AUTOPILOT, action=bot_move.to_json())
            return game.timeout_action(state, seat)

    def _whose_turn(self, view: Mapping[str, Any], seat: str) -> None:
        """At a shared terminal, whose question comes next."""
        if self.hotseat:
            self.screen.console.rule(self.t("ui.turn_of", seat=view["seats"][seat]["name"]))

    # -- reading answers ---------------------------------------------------------------------

    def ask(self, text: str, help_key: str) -> str:
        """The typed answer; `?` or `help` prints the prompt's help (`help_key`) and asks
        again, `q` leaves the game."""
        while True:
            answer = self._read(text)
            if answer not in HELP:
                return answer
            self.say(self.t(help_key))
            self.say(self.t("help.always"))

    def _read(self, text: str) -> str:
        clock = self._clock
        seconds = None
        if clock is not None:
            seconds = self.remaining.setdefault(clock.decision_id, clock.seconds)
        start = time.monotonic()
        answer = self.prompt.ask(text, seconds)
        if clock is not None and seconds is not None:
            spent = time.monotonic() - start
            self.remaining[clock.decision_id] = max(0.0, seconds - spent)
        if answer is None:
            raise _TimeUp
        if answer == "q":
            raise QuitGame
        return answer

    def show(self, options: Options) -> None:
        for number, label in options:
            self.say(f"  {number}. {label}")

    def refuse_number(self, options: Options) -> None:
        shown = ", ".join(str(number) for number, _ in options)
        self.say(self.t("ui.invalid_choice", numbers=shown))

    def pick(
        self, text: str, options: Options, help_key: str = "help.pick", *, allow_empty: bool = False
    ) -> int | None:
        """The position in `options` of the number typed (None: Enter, when allowed)."""
        self.show(options)
        numbers = [number for number, _ in options]
        while True:
            answer = self.ask(text, help_key)
            if not answer and allow_empty:
                return None
            if answer.isdigit() and int(answer) in numbers:
                return numbers.index(int(answer))
            self.refuse_number(options)

    def pick_many(self, text: str, options: Options, help_key: str = "help.pick_many") -> list[int]:
        """The positions in `options` of the numbers typed (`a`: all; Enter: none)."""
        self.show(options)
        numbers = [number for number, _ in options]
        while True:
            answer = self.ask(text, help_key)
            if answer == "a":
                return list(range(len(options)))
            parts = answer.replace(",", " ").split()
            if all(p.isdigit() and int(p) in numbers for p in parts):
                return sorted({numbers.index(int(p)) for p in parts})
            self.refuse_number(options)

    # -- the simplified mode and the cut ---------------------------------------------------------

    def _flip(self, view: Mapping[str, Any], legal: list[Action], seat: str) -> Action:
        if self.auto_flip:
            return legal[0]
        self.screen.show_last_clash(view)
        self.screen.show_table(view)
        text = self.t("ui.press_to_flip", seat=view["seats"][seat]["name"])
        if self.ask(text, "help.flip") == "a":
            self.auto_flip = True
        return legal[0]

    def _cut(self, view: Mapping[str, Any], legal: list[Action], seat: str) -> Action:
        top = len(legal) - 1
        while True:
            text = self.t("ui.cut_prompt", seat=view["seats"][seat]["name"], max=top)
            answer = self.ask(text, "help.cut")
            if not answer:
                return Action("cut_deck")
            if answer.isdigit() and 1 <= int(answer) <= top:
                return Action("cut_deck", k=int(answer))
            self.say(self.t("ui.invalid_number", max=top))

    def _reference(self, view: Mapping[str, Any], seat: str) -> Action:
        t = self.t
        pending = view["pending"][0]
        clash = view["clash"]
        card_id = clash["cards"][seat][-1]["card_id"]
        self.screen.console.print(
            self.screen.clash_panel(view, clash["cards"], view["reference_stat"])
        )
        switch_to = t("stat." + pending["switch_to"])
        self.say(
            t(
                "ui.choose_reference",
                seat=view["seats"][seat]["name"],
                card=self.screen.name_of(view, card_id),
                stat=switch_to,
            )
        )
        keep = t("ui.keep", stat=t("stat." + view["reference_stat"]))
        switch = t("ui.switch", stat=switch_to)
        while True:
            answer = self.ask(f"1 = {keep} (Enter), 2 = {switch}", "help.reference")
            if answer in ("", "1", "2"):
                return Action("choose_reference", choice="switch" if answer == "2" else "keep")

    # -- the battle decisions ---------------------------------------------------------------------

    def _battle(self, view: dict[str, Any], legal: list[Action], seat: str) -> Action:
        phase = view["phase"]
        if phase == "defence_setup":
            answerable = self._defence_options(view, legal)
            if not answerable:
                return Action("defence_ready")
        if phase == "window" and not self._window_options(view, legal, seat):
            return Action("pass")
        self._whose_turn(view, seat)
        self.screen.show_battle(view)
        if phase == "setup_main_choice":
            return self._choose_main(view, legal, seat)
        if phase == "setup_formation":
            return self._formation(view, seat)
        if phase in ("main", "counter"):
            return self._phase_menu(view, legal, seat)
        if phase == "defence_setup":
            return self._defence(view, legal, seat)
        return self._window(view, legal, seat)

    def _character_line(self, view: Mapping[str, Any], card_id: str) -> str:
        face = view["card_faces"][card_id]
        stats = " · ".join(f"{self.t('stat.' + s)} {face[s]}" for s in ("hp", "str", "mp", "def"))
        side = self.t("side." + side_of(face["alignment"]))
        return f"{self.screen.name_of(view, card_id)} — {stats} · {side}"

    def _choose_main(self, view: Mapping[str, Any], legal: list[Action], seat: str) -> Action:
        """Each candidate with its stats and side: the side decides which cards the seat
        may use, so it is said before the choice is locked in."""
        choices = [a for a in legal if a.type == "choose_main" and a.get("card_id")]
        self.say(self.t("ui.main_side_note"))
        lines = [self._character_line(view, str(a.get("card_id"))) for a in choices]
        index = self.pick(
            self.t("ui.choose_main"), numbered(lines), "help.choose_main", allow_empty=True
        )
        return Action("choose_main") if index is None else choices[index]

    def _formation(self, view: Mapping[str, Any], seat: str) -> Action:
        hand = [
            c
            for c in view["seats"][seat]["hand"]
            if view["card_faces"][c["card_id"]]["type"] == "character"
        ]
        if not hand:
            return Action("place_initial", iids=[])
        options = [self._character_line(view, c["card_id"]) for c in hand]
        chosen = self.pick_many(self.t("ui.formation"), numbered(options), "help.formation")
        return Action("place_initial", iids=[hand[i]["iid"] for i in chosen])

    def _phase_menu(self, view: Mapping[str, Any], legal: list[Action], seat: str) -> Action:
        kinds = {a.type for a in legal}
        menu = phase_options(kinds)
        labels = [(n, self.t(self._menu_label(key, kinds))) for n, key in menu]
        index = self.pick(self.t("ui.what_now"), labels, "help.menu")
        assert index is not None
        choice = menu[index][1]
        if choice == "place":
            places = [a for a in legal if a.type == "place_character"]
            names = [self.screen.iid_name(view, str(a.get("iid"))) for a in places]
            picked = self.pick(self.t("ui.which_character"), numbered(names))
            assert picked is not None
            return places[picked]
        if choice == "attack":
            return self._attack(view, legal, seat)
        if choice == "play":
            return self._play(view, legal)
        if choice == "equip":
            return self._equip(view, legal, seat)
        if choice == "build":
            return self._build(view, legal, seat)
        if choice == "forgo":
            forgo = [a for a in legal if a.type == "forgo"]
            iids = [str(a.get("iids")[0]) for a in forgo]
            options = self._own_characters(view, seat, iids)
            chosen = self.pick_many(self.t("ui.which_forgo"), options)
            return Action("forgo", iids=[iids[i] for i in chosen])
        if choice == "concede":
            if self.ask(self.t("ui.confirm_concede"), "help.confirm") in YES:
                return Action("concede")
            return self._phase_menu(view, legal, seat)
        if choice == "end":
            return Action("end_counter" if "end_counter" in kinds else "end_turn")
        return Action(choice)

    @staticmethod
    def _menu_label(key: str, kinds: set[str]) -> str:
        if key == "end":
            return "ui.menu_end_counter" if "end_counter" in kinds else "ui.menu_end_turn"
        return {"skip_attack": "ui.menu_skip"}.get(key, f"ui.menu_{key}")

    def _own_characters(self, view: Mapping[str, Any], seat: str, iids: list[str]) -> Options:
        """The seat's characters among `iids`, each with its number on the seat's table."""
        numbers = table_numbers(view, seat)
        return stable(iids, numbers, lambda i: self.screen.iid_name(view, i))

    def _hand_cards(self, view: Mapping[str, Any], iids: list[str]) -> Options:
        return numbered([self.screen.card_line(view, self._card_id(view, i)) for i in iids])

    def _play(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        """A card, then (when it needs one) its target."""
        plays = [a for a in legal if a.type == "play_card"]
        cards = list(dict.fromkeys(str(a.get("iid")) for a in plays))
        index = self.pick(self.t("ui.which_card"), self._hand_cards(view, cards))
        assert index is not None
        options = [a for a in plays if a.get("iid") == cards[index]]
        if len(options) == 1 and options[0].get("target") is None:
            return options[0]
        names = [self.screen.iid_name(view, str(a.get("target"))) for a in options]
        picked = self.pick(self.t("ui.which_target"), numbered(names))
        assert picked is not None
        return options[picked]

    def _equip(self, view: Mapping[str, Any], legal: list[Action], seat: str) -> Action:
        options = [a for a in legal if a.type == "assign_equipment"]
        cards = list(dict.fromkeys(str(a.get("eq_iid")) for a in options))
        index = self.pick(self.t("ui.which_card"), self._hand_cards(view, cards))
        assert index is not None
        bearers = [a for a in options if a.get("eq_iid") == cards[index]]
        iids = [str(a.get("char_iid")) for a in bearers]
        picked = self.pick(self.t("ui.which_character"), self._own_characters(view, seat, iids))
        assert picked is not None
        return bearers[picked]

    def _build(self, view: Mapping[str, Any], legal: list[Action], seat: str) -> Action:
        """An Enchantgineering (from the hand or under way), then its builders."""
        options = [a for a in legal if a.type == "build"]
        egs = list(dict.fromkeys(str(a.get("eg_iid")) for a in options))
        names = numbered([self.screen.iid_name(view, i) for i in egs])
        index = self.pick(self.t("ui.which_card"), names)
        assert index is not None
        builders = [str(a.get("builders")[0]) for a in options if a.get("eg_iid") == egs[index]]
        own = self._own_characters(view, seat, builders)
        chosen = self.pick_many(self.t("ui.which_builders"), own) or [0]
        return Action("build", eg_iid=egs[index], builders=[builders[i] for i in chosen])

    def _card_id(self, view: Mapping[str, Any], iid: str) -> str:
        return next(
            str(c["card_id"])
            for s in view["seats"].values()
            for c in s.get("hand", [])
            if c["iid"] == iid
        )

    def _attack(self, view: Mapping[str, Any], legal: list[Action], seat: str) -> Action:
        """Attackers, then the target, then each attacker's stat (Enter: the better one).
        Attackers keep their table numbers, targets their numbers among the opponents'."""
        attacks = [a for a in legal if a.type == "declare_attack"]
        attackers = list(dict.fromkeys(a.get("attackers")[0]["iid"] for a in attacks))
        targets = list(dict.fromkeys(str(a.get("target")) for a in attacks))
        own = self._own_characters(view, seat, attackers)
        chosen = self.pick_many(self.t("ui.which_attackers"), own) or [0]
        owners = {
            c["iid"]: s
            for s, info in view["seats"].items()
            for c in (*info["table"], *info.get("egs", []))
        }

        def target_name(iid: str) -> str:
            return f"{self.screen.iid_name(view, iid)} ({view['seats'][owners[iid]]['name']})"

        target_options = stable(targets, target_numbers(view, seat), target_name)
        target = self.pick(self.t("ui.which_target"), target_options)
        assert target is not None
        group = []
        for i in chosen:
            iid = attackers[i]
            stat = self._stat(view, iid)
            group.append({"iid": iid, "stat": stat} if stat else {"iid": iid})
        return Action("declare_attack", attackers=group, target=targets[target])

    def _stat(self, view: Mapping[str, Any], iid: str) -> str | None:
        if view["rules"]["attack_stat_rule"] != "choice":
            return None
        ch = next(c for s in view["seats"].values() for c in s["table"] if c["iid"] == iid)
        if not ch["str"] or not ch["mp"]:
            return None
        text = self.t(
            "ui.which_stat", card=self.screen.iid_name(view, iid), str=ch["str"], mp=ch["mp"]
        )
        return {"1": "str", "2": "mp"}.get(self.ask(text, "help.attack_stat"))

    # -- a combat: the defence, then the window: one question each --------------------------------

    def _defence_options(self, view: Mapping[str, Any], legal: list[Action]) -> Options:
        """The defender's menu: the stat to defend with (when the table lets the defender
        choose) and assigning equipment first; empty when there is nothing to choose."""
        options: list[tuple[int, str]] = []
        stated = {str(a.get("defence_stat")) for a in legal if a.type == "defence_ready"}
        target = _combat_target(view)
        if "def" in stated and "mp" in stated and target is not None:
            options.append(
                (DEFEND_DEF, self.t("ui.defend_with", stat=self.t("stat.def"), value=target["def"]))
            )
            options.append(
                (DEFEND_MP, self.t("ui.defend_with", stat=self.t("stat.mp"), value=target["mp"]))
            )
        if any(a.type == "assign_equipment" for a in legal):
            options.append((DEFENCE_EQUIP, self.t("ui.defence_equip")))
        return options

    def _defence(self, view: Mapping[str, Any], legal: list[Action], seat: str) -> Action:
        options = self._defence_options(view, legal)
        index = self.pick(self.t("ui.defence_prompt"), options, "help.defence", allow_empty=True)
        number = None if index is None else options[index][0]
        if number == DEFENCE_EQUIP:
            return self._equip(view, legal, seat)
        if number in (DEFEND_DEF, DEFEND_MP):
            return Action("defence_ready", defence_stat="def" if number == DEFEND_DEF else "mp")
        return Action("defence_ready")

    def _window_options(self, view: Mapping[str, Any], legal: list[Action], seat: str) -> Options:
        """The window's menu: a card to play (0) and each character that may reinforce,
        by its table number; empty when passing is all there is."""
        options: list[tuple[int, str]] = []
        if any(a.type == "play_card" for a in legal):
            options.append((PLAY_A_CARD, self.t("ui.menu_play")))
        joining = list(dict.fromkeys(str(a.get("iid")) for a in legal if a.type == "reinforce"))
        for number, name in self._own_characters(view, seat, joining):
            options.append((number, self.t("ui.reinforce_with", card=name)))
        return options

    def _window(self, view: Mapping[str, Any], legal: list[Action], seat: str) -> Action:
        options = self._window_options(view, legal, seat)
        index = self.pick(self.t("ui.window_prompt"), options, "help.window", allow_empty=True)
        if index is None:
            return Action("pass")
        if options[index][0] == PLAY_A_CARD:
            return self._play(view, legal)
        joining = list(dict.fromkeys(str(a.get("iid")) for a in legal if a.type == "reinforce"))
        first = 1 if options[0][0] == PLAY_A_CARD else 0
        iid = joining[index - first]
        stat = self._stat(view, iid)
        return Action("reinforce", iid=iid, **({"stat": stat} if stat else {}))


def numbered(labels: Sequence[str]) -> Options:
    return list(enumerate(labels, start=1))


def stable(iids: Sequence[str], numbers: Mapping[str, int], name: Any) -> Options:
    """`iids` with their stable numbers; one with none gets the next number free."""
    taken = set(numbers.values())
    options: list[tuple[int, str]] = []
    for iid in iids:
        number = numbers.get(iid)
        if number is None:
            number = max(taken, default=0) + 1
            taken.add(number)
        options.append((number, name(iid)))
    return options


def _combat_target(view: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """The character under attack, as the view shows it (None for an Enchantgineering)."""
    fight = view.get("combat") or {}
    found: Mapping[str, Any] | None = next(
        (c for s in view["seats"].values() for c in s["table"] if c["iid"] == fight.get("target")),
        None,
    )
    return found


class _TimeUp(Exception):
    pass
