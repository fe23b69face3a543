"""Issue 28, finding 5: the time Gioco del Trono takes to read a forum post's deployments
(`deploy_text`, what a referee's `record_post` carries to the server) and a post's actions
(the command line's), on hostile texts of 500, 1,000, 2,000 and 8,000 characters.

    python bench/attacks/trono_parser.py

Each figure is the best of three readings, in milliseconds; a text refused before it is
read says so (`refused`). The server takes 2,000 characters of deployments at most; the
8,000 show how the time grows past that. Run it from a checkout to compare two commits.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from tavola.core import IllegalAction
from tavola.games.trono.characters import starter_catalogue
from tavola.games.trono.forum_parser import parse_actions

try:
    from tavola.games.trono.forum_deploy import parse_forum_deploy
except ImportError:  # before issue 28 the reader lived with the other parsers
    from tavola.games.trono.forum_parser import parse_forum_deploy  # type: ignore[attr-defined,no-redef]

SIZES = (500, 1_000, 2_000, 8_000)
CATALOGUE = starter_catalogue()


def nested(n: int) -> str:
    """`a(a(a(…)))`: each level was read again, whole."""
    k = n // 3
    return "a(" * k + ")" * k


def spaces(n: int) -> str:
    """A name, a long run of spaces, a name: the "su" split tried the run at every space."""
    return "a" + " " * (n - 2) + "b"


def many_names(n: int) -> str:
    """`x,x,x,…`: a deployment per two characters, each looked up in the catalogue."""
    return "x," * (n // 2)


def and_pieces(n: int) -> str:
    """`a (x e x e …)`: every piece another deployment."""
    return "a (" + "x e " * ((n - 4) // 4) + ")"


def within_bounds(n: int) -> str:
    """The longest parts, their spaces, "su" and parentheses two deep: what the bounds let
    through, at its worst."""
    part = ("Alvise Guadalupo" + " " * 120 + "su Stark (azione (1 e x e y))")[:200]
    return "\n".join([part] * max(1, n // 201))


def open_paren_action(n: int) -> str:
    """`a(` and spaces never closed: the action reader was cubic in them."""
    return "a(" + " " * (n - 4) + "x "


DEPLOYMENTS: dict[str, Callable[[int], str]] = {
    "nested parentheses": nested,
    "run of spaces": spaces,
    "many names": many_names,
    "pieces joined by e": and_pieces,
    "within the bounds": within_bounds,
}
TOO_LONG = 2.0
"""Seconds: a reading slower than this is done once, and longer texts are not tried."""


def timed(read: Callable[[str], Any], text: str) -> tuple[float, str]:
    best = float("inf")
    outcome = ""
    for _ in range(3):
        start = time.perf_counter()
        try:
            read(text)
            outcome = ""
        except IllegalAction as refusal:
            outcome = f" refused {refusal.code}"
        best = min(best, time.perf_counter() - start)
        if best > TOO_LONG:
            break
    return best, f"{best * 1000:9.2f} ms{outcome}"


def row(read: Callable[[str], Any], make: Callable[[int], str]) -> None:
    slow = 0
    for n in SIZES:
        text = make(n)
        if slow:
            print(f"  {len(text):>6} chars   not tried (over {TOO_LONG:g} s at {slow})")
            continue
        seconds, shown = timed(read, text)
        print(f"  {len(text):>6} chars {shown}")
        slow = len(text) if seconds > TOO_LONG else 0


def main() -> None:
    for label, make in DEPLOYMENTS.items():
        print(f"deploy_text, {label}:")
        row(lambda text: parse_forum_deploy(text, CATALOGUE, []), make)
    print("actions (command line), '(' never closed:")
    row(parse_actions, open_paren_action)


if __name__ == "__main__":
    main()
