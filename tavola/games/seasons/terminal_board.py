"""The table as the terminal draws it, from the human's view alone (§8): the calendar, the
two dice and whose is which, Dummbot's crystals, array, score and hand size, the hand cards
the person has seen, and in practice the pile's size and the person's own cards."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.text import Text

from .terminal_words import counted, say
from .wording import face_words, position, prestige, year_numeral


def card_line(cards: Sequence[Mapping[str, Any]], lang: str) -> str:
    """Cards as "Name (prestige)", joined by commas; an unnamed card is "?"."""
    return ", ".join(
        say(lang, "board.card", name=c["name"], prestige=c["prestige"]) if c.get("name") else "?"
        for c in cards
    )


def when_line(view: Mapping[str, Any], lang: str) -> str:
    where = position(int(view["month"]), lang)
    if view["phase"] == "PRELUDE":
        return say(lang, "board.prelude", position=where)
    return say(
        lang, "board.when", round=view["round"], year=year_numeral(view["year"]), position=where
    )


def dice_lines(view: Mapping[str, Any], lang: str) -> list[str]:
    lines = []
    for n, die in enumerate(view.get("dice") or (), start=1):
        key = {"human": "board.die_human", "dummbot": "board.die_dummbot"}.get(
            str(die.get("owner")), "board.die"
        )
        lines.append(say(lang, key, n=n, face=face_words(die.get("code"), lang)))
    lines_of = view.get("lines") or {}
    if view["phase"] == "REPORT_DICE" and view.get("dice_season") in lines_of:
        first, second = lines_of[view["dice_season"]][:2]
        lines.append(say(lang, "board.roll", first=first, second=second))
    return lines


def dummbot_lines(view: Mapping[str, Any], lang: str) -> list[str]:
    dummbot = view["dummbot"]
    lines = [
        say(
            lang,
            "board.dummbot",
            crystals=counted(lang, "board.crystals", int(dummbot["crystals"])),
            prestige=prestige(int(dummbot["array_prestige"]), lang),
            score=dummbot["score"],
            hand=counted(lang, "board.hand", int(dummbot["hand_size"])),
        )
    ]
    array = dummbot["array"]
    if array:
        lines.append(say(lang, "board.array", cards=card_line(array, lang)))
    else:
        lines.append(say(lang, "board.array_empty"))
    if dummbot.get("hand_known"):
        lines.append(say(lang, "board.hand_known", cards=card_line(dummbot["hand_known"], lang)))
    return lines


def practice_lines(view: Mapping[str, Any], lang: str) -> list[str]:
    if view.get("mode") != "practice":
        return []
    lines = [counted(lang, "board.deck", int(view.get("deck_size", 0)))]
    if view.get("human_cards"):
        lines.append(say(lang, "board.yours", cards=card_line(view["human_cards"], lang)))
    return lines


def board(view: Mapping[str, Any], lang: str) -> Panel:
    title = say(
        lang,
        "board.title",
        level=say(lang, f"level.{view['difficulty']}"),
        mode=say(lang, f"mode.{view['mode']}"),
    )
    lines = [
        when_line(view, lang),
        *dice_lines(view, lang),
        *dummbot_lines(view, lang),
        *practice_lines(view, lang),
    ]
    # Text, not markup: card names typed by users may hold brackets.
    return Panel(Group(*(Text(line) for line in lines)), title=title, title_align="left")
