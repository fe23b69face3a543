"""Seasons' events in plain words, Italian and English: the companion page's big lines and
its short history. The lines are instructions to the person beside the physical table as
much as news ("Draw 1 card face down onto Dummbot's hand").

A card is named only from the event's own data (`name`) or the viewer's view: its catalogue
and the card instances it shows (§8: the hand beyond `seen` and the deck stay hidden). A card
the view does not show is "a card".
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tavola.core import Event, Viewer, filter_events
from tavola.core.views import shown_instances

from .state import SeasonsState
from .views import view
from .wording import (
    MESSAGES,
    counted,
    face_words,
    listing,
    position,
    prestige,
    say,
    season_name,
    year_numeral,
)

HUMAN = "human"
# The source of crystals the human gave Dummbot, answering an `amount` prompt (R31).
GIVEN_SOURCE = "amount"


@dataclass(frozen=True, slots=True)
class Knowledge:
    """What the viewer knows that narration needs: the mode, the card names of the
    catalogue (with this game's additions) and the card instances the view shows."""

    companion: bool
    blind: bool
    names: Mapping[str, str]
    prestige: Mapping[str, int]
    instances: Mapping[str, str]

    @classmethod
    def from_view(cls, view: Mapping[str, Any]) -> Knowledge:
        config = view.get("config") or {}
        mode = view.get("mode") or config.get("mode", "companion")
        catalogue = view.get("catalogue") or {}
        names = {
            str(card_id): str(entry["name"])
            for card_id, entry in catalogue.items()
            if isinstance(entry, Mapping) and entry.get("name")
        }
        worth = {
            str(card_id): entry["prestige"]
            for card_id, entry in catalogue.items()
            if isinstance(entry, Mapping) and isinstance(entry.get("prestige"), int)
        }
        return cls(
            companion=mode == "companion",
            blind=config.get("hand_tracking") == "blind_until_revealed",
            names=names,
            prestige=worth,
            instances=shown_instances(view, "card"),
        )


class Teller:
    """One viewer's narration in one language."""

    def __init__(self, lang: str, knows: Knowledge) -> None:
        self.lang = lang
        self.knows = knows

    def t(self, key: str, **params: Any) -> str:
        return say(self.lang, key, **params)

    def n(self, key: str, count: int, **params: Any) -> str:
        return counted(self.lang, key, count, **params)

    def card(self, ref: Any, name: Any = None) -> str:
        """A card's name: the event's `name`, else the catalogue's name of a card id or of a
        shown instance; else "a card" (never an id)."""
        if isinstance(name, str) and name:
            return name
        if isinstance(ref, str):
            card_id = self.knows.instances.get(ref, ref)
            if card_id in self.knows.names:
                return self.knows.names[card_id]
        return self.t("word.some_card")

    def worth(self, ref: Any) -> int | None:
        """The prestige of a card id or of a shown instance, if the catalogue has it."""
        if not isinstance(ref, str):
            return None
        return self.knows.prestige.get(self.knows.instances.get(ref, ref))

    def cards(self, refs: Any) -> str:
        return listing([self.card(ref) for ref in refs or ()], self.lang)

    def line(self, event: Event) -> str | None:
        """The event in words, or None when it is not worth telling."""
        tell = TELLERS.get(event.type)
        return tell(self, event.data) if tell is not None else None


def _round_started(t: Teller, d: Mapping[str, Any]) -> str:
    return t.t(
        "event.round_started",
        round=d["round"],
        year=year_numeral(d["year"]),
        position=position(int(d["month"]), t.lang),
    )


def _dice(key: str) -> Callable[[Teller, Mapping[str, Any]], str]:
    def tell(t: Teller, d: Mapping[str, Any]) -> str:
        first, second = (face_words(die.get("face"), t.lang) for die in d["dice"])
        return t.t(key, first=first, second=second)

    return tell


def _die_chosen(t: Teller, d: Mapping[str, Any]) -> str:
    human = face_words(d["human"].get("face"), t.lang)
    return t.t(
        "event.die_chosen", human=human, dummbot=face_words(d["dummbot"].get("face"), t.lang)
    )


def _crystals_changed(t: Teller, d: Mapping[str, Any]) -> str | None:
    applied, total = int(d.get("applied", 0)), d.get("crystals")
    requested = d.get("requested")
    if applied > 0:
        given = d.get("source") == GIVEN_SOURCE
        return t.n(
            "event.crystals_given" if given else "event.crystals_gained", applied, total=total
        )
    if applied < 0:
        floored = isinstance(requested, int) and requested < applied and total == 0
        return t.n(
            "event.crystals_lost_all" if floored else "event.crystals_lost", applied, total=total
        )
    if isinstance(requested, int) and requested < 0:
        return t.t("event.crystals_none_to_lose")
    return None


def _card_to_hand(t: Teller, d: Mapping[str, Any]) -> str:
    """R14: practice draws itself; a named card has been typed already; a blind draw is
    the person's to make."""
    if d.get("source") == "prelude":
        key = "event.to_hand_prelude"
    elif not t.knows.companion:
        key = "event.to_hand_practice"
    else:
        key = "event.to_hand_blind" if t.knows.blind else "event.to_hand_named"
    return t.n(key, int(d.get("count", 1)))


def _card_summoned(t: Teller, d: Mapping[str, Any]) -> str:
    """R13/R15 (deck) and R21–R25 (hand): at the table, a card summoned from the hand is
    the person's to move."""
    source = d.get("source")
    if source == "deck":
        key = "event.summoned_from_deck"
    elif source == "hand":
        key = "event.summoned_from_hand_table" if t.knows.companion else "event.summoned_from_hand"
    else:
        key = "event.summoned"
    return t.t(
        key,
        card=t.card(d.get("card"), d.get("name")),
        prestige=prestige(int(d.get("prestige", 0)), t.lang),
    )


def _card_discarded(t: Teller, d: Mapping[str, Any]) -> str:
    """R21/R24: a negative single card, or the Archmage's lowest pick, leaves the game."""
    worth = d.get("prestige")
    if not isinstance(worth, int):
        worth = t.worth(d.get("card"))
    key = "event.discarded" if worth is not None else "event.discarded_plain"
    shown = prestige(worth, t.lang) if worth is not None else ""
    return t.t(key, card=t.card(d.get("card"), d.get("name")), prestige=shown)


def _cards_revealed(t: Teller, d: Mapping[str, Any]) -> str:
    cards = list(d.get("cards") or ())
    return t.n("event.revealed", len(cards), cards=t.cards(cards))


def _season_changed(t: Teller, d: Mapping[str, Any]) -> str:
    key = "event.season_changed_back" if d.get("backward") else "event.season_changed"
    return t.t(key, **{"from": season_name(d["from"], t.lang), "to": season_name(d["to"], t.lang)})


def _year_changed(t: Teller, d: Mapping[str, Any]) -> str:
    """R27: entering year II or III, the human takes their library cards."""
    return t.t("event.year_changed", year=year_numeral(d["year"]))


def _season_token_moved(t: Teller, d: Mapping[str, Any]) -> str:
    """R18 (Dummbot's pips: an instruction) and R32 (the person's own move: news)."""
    step = int(d.get("pips") or d.get("delta") or 0)
    where = position(int(d["to"]), t.lang)
    if step < 0:
        return t.n("event.token_moved_back", step, position=where)
    key = "event.token_moved_manual" if d.get("manual") else "event.token_moved"
    return t.n(key, step, position=where)


FAMILIAR_OPS = {
    "dummbot_gain_crystals": "event.familiar_gain_crystals",
    "dummbot_draw_to_hand": "event.familiar_draw_to_hand",
    "dummbot_summon_from_deck": "event.familiar_summon_from_deck",
    "human_gives_crystals": "event.familiar_human_gives",
    "human_loses_crystals": "event.familiar_human_loses",
}


def _familiar_effect(t: Teller, d: Mapping[str, Any]) -> str:
    """R29/R20: a familiar's op (§3.4), before its consequences are told."""
    card = t.card(d.get("card"), d.get("name"))
    op, n = d.get("op"), d.get("n")
    if op in FAMILIAR_OPS and isinstance(n, int):
        return t.n(FAMILIAR_OPS[op], n, card=card)
    if op == "instruction":
        return t.t("event.familiar_instruction", card=card)
    return t.t("event.familiar_effect", card=card)


def _familiar_no_effect(t: Teller, d: Mapping[str, Any]) -> str:
    key = "event.familiar_unconfirmed" if d.get("unconfirmed") else "event.familiar_no_effect"
    return t.t(key, card=t.card(d.get("card"), d.get("name")))


def _catalogue_card_added(t: Teller, d: Mapping[str, Any]) -> str:
    name, card = str(d["name"]), t.card(d.get("card"))
    if card != name and d.get("card") in t.knows.names:
        return t.t("event.catalogue_alias", name=name, card=card)
    return t.t("event.catalogue_added", name=name)


def _card_given(t: Teller, d: Mapping[str, Any]) -> str:
    key = "event.given_array" if d.get("to") == "array" else "event.given_hand"
    return t.t(key, card=t.card(d.get("card"), d.get("name")))


def _card_removed(t: Teller, d: Mapping[str, Any]) -> str:
    key = "event.removed_hand" if d.get("to") == "hand" else "event.removed_discard"
    return t.t(key, card=t.card(d.get("card"), d.get("name")))


def _hand_count_changed(t: Teller, d: Mapping[str, Any]) -> str:
    delta = int(d["delta"])
    key = "event.hand_more" if delta > 0 else "event.hand_fewer"
    return t.n(key, delta, size=d.get("size"))


def _game_ended(t: Teller, d: Mapping[str, Any]) -> str:
    return t.t("event.game_ended_cap" if d.get("ended_by_cap") else "event.game_ended")


def _result(t: Teller, d: Mapping[str, Any]) -> str:
    """§9: the human wins only by scoring strictly more; a tie is a loss."""
    human, dummbot = d["human_score"], d["dummbot_score"]
    if d.get("winner") == "human":
        key = "event.result_win"
    else:
        key = "event.result_tie" if human == dummbot else "event.result_loss"
    return t.t(key, human=human, dummbot=dummbot)


def _undone(t: Teller, d: Mapping[str, Any]) -> str:
    action = d.get("action")
    kind = action.get("type") if isinstance(action, Mapping) else action
    if isinstance(kind, str) and MESSAGES.has(f"action.{kind}", t.lang):
        return t.t("event.undone", what=t.t(f"action.{kind}"))
    return t.t("event.undone_plain")


def _text(key: str) -> Callable[[Teller, Mapping[str, Any]], str]:
    return lambda t, d: t.t(key, **d)


def _silent(t: Teller, d: Mapping[str, Any]) -> None:
    """Told by the events around it (the cards placed, the crystals given)."""
    return None


TELLERS: dict[str, Callable[[Teller, Mapping[str, Any]], str | None]] = {
    "round_started": _round_started,
    "dice_rolled": _dice("event.dice_rolled"),
    "dice_reported": _dice("event.dice_reported"),
    "die_chosen": _die_chosen,
    "crystals_changed": _crystals_changed,
    "card_to_hand": _card_to_hand,
    "card_summoned": _card_summoned,
    "card_discarded": _card_discarded,
    "cards_revealed": _cards_revealed,
    "season_changed": _season_changed,
    "year_changed": _year_changed,
    "season_token_moved": _season_token_moved,
    "familiar_no_effect": _familiar_no_effect,
    "familiar_effect": _familiar_effect,
    "prompt_opened": lambda t, d: _prompt(t, d["prompt"]),
    "cards_named": _silent,
    "instruction_resolved": _silent,
    "prelude_dealt": _text("event.prelude_dealt"),
    "prelude_done": _text("event.prelude_done"),
    "catalogue_card_added": _catalogue_card_added,
    "deck_reshuffled": lambda t, d: t.n("event.deck_reshuffled", int(d["size"])),
    "draw_skipped_empty": _text("event.draw_skipped_empty"),
    "card_given": _card_given,
    "card_removed": _card_removed,
    "hand_count_changed": _hand_count_changed,
    "human_drew": lambda t, d: t.t("event.human_drew", cards=t.cards(d.get("cards"))),
    "safety_cap_reached": _text("event.safety_cap_reached"),
    "game_ended": _game_ended,
    "result": _result,
    "undone": _undone,
}
"""Every event type the engine emits, and how it is told (`_silent`: not worth telling)."""


def _prompt(t: Teller, prompt: Mapping[str, Any]) -> str:
    """The pending input in words (§8: never naming a hidden card): name the cards drawn
    (R14, R15, R28, §4.5), share out a practice prelude (§4.6), follow an instruction or give
    an amount (R31)."""
    kind = prompt.get("kind")
    if kind == "name_cards":
        count, purpose = int(prompt.get("count", 1)), prompt.get("purpose")
        if MESSAGES.has(f"prompt.{purpose}.one", t.lang):
            return t.n(f"prompt.{purpose}", count)
        return t.n("prompt.name_cards", count)
    if kind == "prelude_assign":
        return t.t("prompt.prelude_assign")
    if kind == "amount":
        return t.n("prompt.amount", int(prompt.get("max", 0)), card=t.card(prompt.get("card")))
    return _instruction(t, prompt)


def _instruction(t: Teller, prompt: Mapping[str, Any]) -> str:
    params = dict(prompt.get("params") or {})
    key, card = prompt.get("text_key"), prompt.get("card")
    params["card"] = t.card(card, params.get("name"))
    if isinstance(params.get("n"), int) and MESSAGES.has(f"instruction.{key}.one", t.lang):
        return t.n(f"instruction.{key}", params.pop("n"), **params)
    if MESSAGES.has(f"instruction.{key}", t.lang):
        return t.t(f"instruction.{key}", **params)
    if isinstance(params.get("text"), str) and params["text"]:
        text = params["text"]  # a familiar's own instruction, as the user wrote it (§3.4)
        return t.t("prompt.instruction_of", card=params["card"], text=text) if card else text
    return t.t("prompt.instruction")


def prompt_text(prompt: Mapping[str, Any], lang: str, view: Mapping[str, Any]) -> str:
    """The pending prompt as the companion page asks it, in `lang`, naming only what
    `view` shows."""
    return _prompt(Teller(lang, Knowledge.from_view(view)), prompt)


def phase_text(phase: str, lang: str) -> str:
    """A short line saying what the person does in `phase` ("Choose your die")."""
    return say(lang, f"phase.{phase}")


def narrate_for(
    state: SeasonsState, events: Sequence[Event], lang: str, view: Mapping[str, Any]
) -> list[str | None]:
    """One line per event (None: not worth telling) of a viewer's filtered events, naming
    only what `view`, that viewer's view, shows (the state is not read: §8)."""
    del state
    teller = Teller(lang, Knowledge.from_view(view))
    return [teller.line(event) for event in events]


def narrate(state: SeasonsState, events: Sequence[Event], lang: str) -> list[str]:
    """The events as the human may see them, in words, skipping those not worth telling:
    the terminal's and the record's narration names no more than the companion page."""
    viewer = Viewer.seat(HUMAN)
    lines = narrate_for(state, filter_events(events, viewer), lang, view(state, viewer))
    return [line for line in lines if line]
