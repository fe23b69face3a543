"""Each problem of a post said with its part named as what it is (issue 27, point 5):
"Azione 3, l'attacco di Stark a Tyrell, sarà nulla: Tyrell verrebbe attaccata 3 volte",
never a code. The team page's check says them of the post a team builds, the console's
and `tavola trono post --check` of a post copied from the forum, whose parts will be void."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from tavola.core import IllegalAction

from .forum_orders import void_reason
from .houses import HOUSES
from .messages import Phrase, count, text
from .posts import character_label, house_label
from .state import TronoState

Json = dict[str, Any]
PLAIN_KINDS = ("defend", "enlist", "tax", "rally")


class PostProblem(IllegalAction):
    """One problem of a post, in words: `part` says which (`slot`, `action`, `deploy`,
    `abandon`, `line`, or `post` for the whole), `void` whether sealing voids it."""

    def __init__(self, code: str, en: str, it: str, part: str, *, void: bool) -> None:
        super().__init__(code, en, message_it=it)
        self.part = part
        self.void = void

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "part": self.part, "void": self.void}


def named_problems(
    state: TronoState, house: str, entries: Iterable[Mapping[str, Any]], *, void: bool
) -> list[PostProblem]:
    """The problems of `house`'s post (each a `Problem.to_json()`), each in words."""
    return [
        PostProblem(
            str(entry["code"]),
            problem_text(state, house, entry, "en", void=void),
            problem_text(state, house, entry, "it", void=void),
            str(entry["part"]),
            void=void,
        )
        for entry in entries
    ]


def problem_text(
    state: TronoState, house: str, entry: Mapping[str, Any], lang: str, *, void: bool
) -> str:
    """One problem as a sentence: the part, what the team wrote in it, and why."""
    part = str(entry["part"])
    written = entry.get("written")
    if part == "line":
        return _say(lang, "line", what=str(written))
    why = _after_colon(void_reason(lang, entry).rstrip(". "))
    key = part + ("_void" if void else "")
    if part in ("slot", "action"):
        if written is None:
            return _say(lang, "missing", slot=entry.get("index"), why=why)
        what = action_words(state, house, written)
        index = entry.get("index")
        return _say(lang, key, slot=index, index=index, what=what, why=why)
    if part == "deploy":
        return _say(lang, key, what=deploy_words(state, written), why=why)
    if part == "abandon":
        shown = count("soldiers", written) if isinstance(written, int) else str(written)
        return _say(lang, key, what=shown, why=why)
    return why


def action_words(state: TronoState, house: str, written: Any) -> Any:
    """An action as what it is: "l'attacco di Stark a Tyrell", "la tassa di Stark",
    "l'ingaggio di Nerea Salsedine"; an unknown one as written."""
    if not isinstance(written, Mapping) or not isinstance(written.get("kind"), str):
        return Phrase("forum.void.unknown", {"written": str(written)})
    kind = written["kind"]
    own = house_label(state, house)
    if kind == "attack":
        target = written.get("target")
        if target is None:
            return Phrase("forum.void.attack_bare", {"house": own})
        if target in ("trono", "all"):
            return Phrase(f"forum.void.attack_{target}", {"house": own})
        shown = house_label(state, target) if target in HOUSES else str(target)
        return Phrase("forum.void.attack_on", {"house": own, "target": shown})
    if kind in PLAIN_KINDS:
        return Phrase(f"forum.void.{kind}", {"house": own})
    if kind == "hire" and written.get("character") is not None:
        name = character_label(state, written["character"])
        return Phrase("forum.void.hire", {"character": name})
    return Phrase("forum.void.unknown", {"written": kind})


def deploy_words(state: TronoState, written: Any) -> Any:
    """A deployment as written: "Nerea Salsedine su Stark", "Sibilla sull'azione 2"."""
    if not isinstance(written, Mapping):
        return str(written)
    name = character_label(state, written.get("character"))
    target, slot = written.get("target"), written.get("slot")
    if target is not None:
        where = (
            Phrase(f"forum.void.target_{target}")
            if target in ("trono", "all")
            else house_label(state, target)
            if target in HOUSES
            else str(target)
        )
        return Phrase("forum.void.deploy_on", {"character": name, "target": where})
    if slot is not None:
        return Phrase("forum.void.deploy_slot", {"character": name, "slot": slot})
    return name


_ARTICLES = ("Un ", "Una ", "Uno ", "Il ", "La ", "Lo ", "Le ", "Gli ", "I ", "L'", "A ", "The ")


def _after_colon(why: str) -> str:
    """A sentence put after a colon starts small ("…: un post contiene…"); a name stays."""
    return why[0].lower() + why[1:] if why.startswith(_ARTICLES) else why


def _say(lang: str, key: str, **params: Any) -> str:
    return text(lang, f"forum.void.{key}", **params)
