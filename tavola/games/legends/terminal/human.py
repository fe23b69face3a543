"""A person at the terminal playing Legends of AZ: each decision, simplified or battle, as a
numbered menu drawn from the seat's own view."""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

from tavola.core import AUTOPILOT, Action, Clock, Game, Viewer
from tavola.core.capabilities import QuitGame, TerminalPrompt

from ..reference_bot import ReferenceBot
from ..state import LegendsState
from .battle import BattleScreen

YES = ("s", "si", "sì", "y", "yes")


class LegendsHuman:
    """Asks a person for each decision, simplified or battle; a clock, when the table has
    one, turns a silence into the game's timeout (or, on autopilot, into the reference
    bot's move). Several people may share the terminal (hotseat)."""

    def __init__(self, screen: BattleScreen, prompt: TerminalPrompt, hotseat: bool) -> None:
        self.screen = screen
        self.prompt = prompt
        self.hotseat = hotseat
        self.remaining: dict[str, float] = {}
        self.auto_flip = False
        self._clock: Clock | None = None

    def t(self, key: str, **params: Any) -> str:
        return self.screen.t(key, **params)

    def choose(self, game: Game[Any], state: LegendsState, seat: str) -> Action:
        view = game.view(state, Viewer.seat(seat))
        legal = game.legal_actions(state, seat)
        self._clock = game.clocks(state).get(seat)
        try:
            if view["phase"] == "simplified_flip":
                return self._flip(view, legal, seat)
            if self.hotseat:
                self.screen.console.rule(self.t("ui.turn_of", seat=view["seats"][seat]["name"]))
            if view["phase"] == "setup_cut":
                return self._cut(view, legal, seat)
            if view["phase"] == "simplified_choice":
                return self._reference(view, seat)
            self.screen.show_battle(view)
            return self._decide(view, legal, seat)
        except _TimeUp:
            if view["seats"][seat]["autopilot"]:
                bot_move = ReferenceBot().choose(game, state, seat)
                return Action(AUTOPILOT, action=bot_move.to_json())
            return game.timeout_action(state, seat)

    # -- reading answers ---------------------------------------------------------------------

    def ask(self, text: str) -> str:
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

    def pick(self, text: str, options: list[str], *, allow_empty: bool = False) -> int | None:
        for i, option in enumerate(options, start=1):
            self.screen.console.print(f"  {i}. {option}")
        while True:
            answer = self.ask(text)
            if not answer and allow_empty:
                return None
            if answer.isdigit() and 1 <= int(answer) <= len(options):
                return int(answer) - 1
            self.screen.console.print(self.t("ui.invalid_number", max=len(options)))

    def pick_many(self, text: str, options: list[str]) -> list[int]:
        for i, option in enumerate(options, start=1):
            self.screen.console.print(f"  {i}. {option}")
        while True:
            answer = self.ask(text)
            if answer == "a":
                return list(range(len(options)))
            parts = answer.replace(",", " ").split()
            if all(p.isdigit() and 1 <= int(p) <= len(options) for p in parts):
                return sorted({int(p) - 1 for p in parts})
            self.screen.console.print(self.t("ui.invalid_number", max=len(options)))

    # -- the simplified mode and the cut ---------------------------------------------------------

    def _flip(self, view: Mapping[str, Any], legal: list[Action], seat: str) -> Action:
        if self.auto_flip:
            return legal[0]
        self.screen.show_last_clash(view)
        self.screen.show_table(view)
        answer = self.ask(self.t("ui.press_to_flip", seat=view["seats"][seat]["name"]))
        if answer == "a":
            self.auto_flip = True
        return legal[0]

    def _cut(self, view: Mapping[str, Any], legal: list[Action], seat: str) -> Action:
        top = len(legal) - 1
        while True:
            answer = self.ask(self.t("ui.cut_prompt", seat=view["seats"][seat]["name"], max=top))
            if not answer:
                return Action("cut_deck")
            if answer.isdigit() and 1 <= int(answer) <= top:
                return Action("cut_deck", k=int(answer))
            self.screen.console.print(self.t("ui.invalid_number", max=top))

    def _reference(self, view: Mapping[str, Any], seat: str) -> Action:
        t = self.t
        pending = view["pending"][0]
        clash = view["clash"]
        card_id = clash["cards"][seat][-1]["card_id"]
        self.screen.console.print(
            self.screen.clash_panel(view, clash["cards"], view["reference_stat"])
        )
        switch_to = t("stat." + pending["switch_to"])
        self.screen.console.print(
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
            answer = self.ask(f"1 = {keep} (Enter), 2 = {switch}")
            if answer in ("", "1", "2"):
                return Action("choose_reference", choice="switch" if answer == "2" else "keep")

    # -- the battle decisions ---------------------------------------------------------------------

    def _decide(self, view: dict[str, Any], legal: list[Action], seat: str) -> Action:
        phase = view["phase"]
        if phase == "setup_main_choice":
            return self._choose_main(view, legal)
        if phase == "setup_formation":
            return self._formation(view, seat)
        if phase in ("main", "counter"):
            return self._phase_menu(view, legal, seat)
        if phase == "defence_setup":
            return self._defence(view, legal)
        return self._window(view, legal)

    def _character_line(self, view: Mapping[str, Any], card_id: str) -> str:
        face = view["card_faces"][card_id]
        stats = "/".join(str(face[s]) for s in ("hp", "str", "mp", "def"))
        return f"{self.screen.name_of(view, card_id)} ({stats})"

    def _choose_main(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        choices = [a for a in legal if a.type == "choose_main" and a.get("card_id")]
        names = [self.screen.name_of(view, str(a.get("card_id"))) for a in choices]
        index = self.pick(self.t("ui.choose_main"), names, allow_empty=True)
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
        chosen = self.pick_many(self.t("ui.formation"), options)
        return Action("place_initial", iids=[hand[i]["iid"] for i in chosen])

    def _phase_menu(self, view: Mapping[str, Any], legal: list[Action], seat: str) -> Action:
        kinds = {a.type for a in legal}
        menu: list[tuple[str, str]] = []
        if "place_character" in kinds:
            menu.append(("place", self.t("ui.menu_place")))
        if "play_card" in kinds:
            menu.append(("play", self.t("ui.menu_play")))
        if "assign_equipment" in kinds:
            menu.append(("equip", self.t("ui.menu_equip")))
        if "build" in kinds:
            menu.append(("build", self.t("ui.menu_build")))
        if "declare_attack" in kinds:
            menu.append(("attack", self.t("ui.menu_attack")))
        if "forgo" in kinds:
            menu.append(("forgo", self.t("ui.menu_forgo")))
        if "skip_attack" in kinds:
            menu.append(("skip_attack", self.t("ui.menu_skip")))
        if "end_turn" in kinds:
            menu.append(("end_turn", self.t("ui.menu_end_turn")))
        if "end_counter" in kinds:
            menu.append(("end_counter", self.t("ui.menu_end_counter")))
        menu.append(("concede", self.t("ui.menu_concede")))
        index = self.pick(self.t("ui.what_now"), [label for _, label in menu])
        assert index is not None
        choice = menu[index][0]
        if choice == "place":
            places = [a for a in legal if a.type == "place_character"]
            names = [self.screen.iid_name(view, str(a.get("iid"))) for a in places]
            picked = self.pick(self.t("ui.which_character"), names)
            assert picked is not None
            return places[picked]
        if choice == "attack":
            return self._attack(view, legal)
        if choice == "play":
            return self._play(view, legal)
        if choice == "equip":
            return self._equip(view, legal)
        if choice == "build":
            return self._build(view, legal)
        if choice == "forgo":
            forgo = [a for a in legal if a.type == "forgo"]
            names = [self.screen.iid_name(view, str(a.get("iids")[0])) for a in forgo]
            chosen = self.pick_many(self.t("ui.which_forgo"), names)
            return Action("forgo", iids=[forgo[i].get("iids")[0] for i in chosen])
        if choice == "concede":
            if self.ask(self.t("ui.confirm_concede")) in YES:
                return Action("concede")
            return self._phase_menu(view, legal, seat)
        return Action(choice)

    def _play(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        """A card, then (when it needs one) its target."""
        plays = [a for a in legal if a.type == "play_card"]
        cards = list(dict.fromkeys(str(a.get("iid")) for a in plays))
        lines = [self.screen.card_line(view, self._card_id(view, i)) for i in cards]
        index = self.pick(self.t("ui.which_card"), lines)
        assert index is not None
        options = [a for a in plays if a.get("iid") == cards[index]]
        if len(options) == 1 and options[0].get("target") is None:
            return options[0]
        names = [self.screen.iid_name(view, str(a.get("target"))) for a in options]
        picked = self.pick(self.t("ui.which_target"), names)
        assert picked is not None
        return options[picked]

    def _equip(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        options = [a for a in legal if a.type == "assign_equipment"]
        cards = list(dict.fromkeys(str(a.get("eq_iid")) for a in options))
        lines = [self.screen.card_line(view, self._card_id(view, i)) for i in cards]
        index = self.pick(self.t("ui.which_card"), lines)
        assert index is not None
        bearers = [a for a in options if a.get("eq_iid") == cards[index]]
        names = [self.screen.iid_name(view, str(a.get("char_iid"))) for a in bearers]
        picked = self.pick(self.t("ui.which_character"), names)
        assert picked is not None
        return bearers[picked]

    def _build(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        """An Enchantgineering (from the hand or under way), then its builders."""
        options = [a for a in legal if a.type == "build"]
        egs = list(dict.fromkeys(str(a.get("eg_iid")) for a in options))
        index = self.pick(self.t("ui.which_card"), [self.screen.iid_name(view, i) for i in egs])
        assert index is not None
        builders = [str(a.get("builders")[0]) for a in options if a.get("eg_iid") == egs[index]]
        names = [self.screen.iid_name(view, i) for i in builders]
        chosen = self.pick_many(self.t("ui.which_builders"), names) or [0]
        return Action("build", eg_iid=egs[index], builders=[builders[i] for i in chosen])

    def _card_id(self, view: Mapping[str, Any], iid: str) -> str:
        return next(
            str(c["card_id"])
            for s in view["seats"].values()
            for c in s.get("hand", [])
            if c["iid"] == iid
        )

    def _attack(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        """Attackers, then the target, then each attacker's stat (Enter: the better one)."""
        attacks = [a for a in legal if a.type == "declare_attack"]
        attackers = list(dict.fromkeys(a.get("attackers")[0]["iid"] for a in attacks))
        targets = list(dict.fromkeys(str(a.get("target")) for a in attacks))
        chosen = self.pick_many(
            self.t("ui.which_attackers"), [self.screen.iid_name(view, i) for i in attackers]
        )
        if not chosen:
            chosen = [0]
        owners = {c["iid"]: s for s, seat in view["seats"].items() for c in seat["table"]}
        target_names = [
            f"{self.screen.iid_name(view, t)} ({view['seats'][owners[t]]['name']})" for t in targets
        ]
        target = self.pick(self.t("ui.which_target"), target_names)
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
        answer = self.ask(
            self.t(
                "ui.which_stat",
                card=self.screen.iid_name(view, iid),
                str=ch["str"],
                mp=ch["mp"],
            )
        )
        return {"1": "str", "2": "mp"}.get(answer)

    def _defence(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        if any(a.type == "assign_equipment" for a in legal):
            answer = self.ask(self.t("ui.defence_equip"))
            if answer == "1":
                return self._equip(view, legal)
        stated = [a for a in legal if a.type == "defence_ready" and a.get("defence_stat")]
        if not stated:
            self.ask(self.t("ui.defence_ready"))
            return Action("defence_ready")
        answer = self.ask(self.t("ui.defence_stat"))
        return {"1": stated[0], "2": stated[1]}.get(answer, Action("defence_ready"))

    def _window(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        if any(a.type == "play_card" for a in legal):
            answer = self.ask(self.t("ui.window_menu"))
            if answer == "1":
                return self._play(view, legal)
        reinforcements = [a for a in legal if a.type == "reinforce"]
        if not reinforcements:
            self.ask(self.t("ui.pass_prompt"))
            return Action("pass")
        iids = list(dict.fromkeys(str(a.get("iid")) for a in reinforcements))
        index = self.pick(
            self.t("ui.reinforce_prompt"),
            [self.screen.iid_name(view, i) for i in iids],
            allow_empty=True,
        )
        if index is None:
            return Action("pass")
        stat = self._stat(view, iids[index])
        return Action("reinforce", iid=iids[index], **({"stat": stat} if stat else {}))


class _TimeUp(Exception):
    pass
