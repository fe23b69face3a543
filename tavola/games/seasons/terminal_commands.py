"""The commands a person may type at any question of the terminal (`?` lists them): the
adjustments of §6.3 (what the person's own cards do to Dummbot), undo, and the screen's
own (show, history, find, add a card, quit).

A line is a command only when its first word is one and the rest fits it exactly (`d 2`,
`c -3`); anything else is an answer, so a card name is never mistaken for a command.
"""

from __future__ import annotations

from dataclasses import dataclass

from tavola.core import Action

SCREEN = {"?": "help", "help": "help", "aiuto": "help", "s": "show", "l": "log", "q": "quit"}
NUMBERED = {
    "c": ("adjust_dummbot_crystals", "delta"),
    "d": ("dummbot_draw", "n"),
    "m": ("move_season_token", "delta"),
    "h": ("adjust_dummbot_hand_count", "delta"),
    "p": ("human_draw", "n"),
}
GIVE_TO = {"hand": "hand", "mano": "hand", "array": "array", "schiera": "array"}
TAKE_TO = {"discard": "discard", "scarti": "discard", "hand": "hand", "mano": "hand"}
FILTERS = {
    "magic": "magic_item",
    "magic_item": "magic_item",
    "oggetto": "magic_item",
    "familiar": "familiar",
    "famiglio": "familiar",
}


@dataclass(frozen=True, slots=True)
class Command:
    """`kind` is `help`, `show`, `log`, `quit`, `find` (with `text`), `add` (with the name,
    if typed) or `act` (with the `action` to send)."""

    kind: str
    text: str = ""
    action: Action | None = None


def signed(word: str) -> int | None:
    """`3`, `+3` or `-3` as an integer; None for anything else."""
    body = word[1:] if word[:1] in "+-" else word
    if not body.isdigit():
        return None
    return -int(body) if word.startswith("-") else int(body)


def parse_command(line: str) -> Command | None:
    words = line.split()
    if not words:
        return None
    head, rest = words[0].lower(), words[1:]
    if head in SCREEN and not rest:
        return Command(SCREEN[head])
    if head == "u" and not rest:
        return Command("act", action=Action("undo"))
    if head == "f" and rest:
        return Command("find", " ".join(rest))
    if head == "add":
        return Command("add", " ".join(rest))
    if head in NUMBERED and len(rest) == 1 and (value := signed(rest[0])) is not None:
        kind, name = NUMBERED[head]
        return Command("act", action=Action(kind, **{name: value}))
    if head == "give" and len(rest) >= 2 and rest[0].lower() in GIVE_TO:
        to, name = GIVE_TO[rest[0].lower()], " ".join(rest[1:])
        return Command("act", action=Action("give_card_to_dummbot", name=name, to=to))
    if head == "take" and rest and rest[0].lower() in TAKE_TO:
        return _take(TAKE_TO[rest[0].lower()], rest[1:])
    return None


def _take(to: str, rest: list[str]) -> Command:
    """`take discard|hand [magic|familiar] [NAME]`: a forced removal from the array."""
    args: dict[str, str] = {"to": to}
    if rest and rest[0].lower() in FILTERS:
        args["filter"] = FILTERS[rest[0].lower()]
        rest = rest[1:]
    if rest:
        args["name"] = " ".join(rest)
    return Command("act", action=Action("dummbot_remove_from_array", **args))
