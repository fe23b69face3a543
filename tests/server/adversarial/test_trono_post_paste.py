"""Issue 27, point 5: a whole forum post pasted into the console (`post_text`) is read in
time linear in its length, whatever it holds (lines counted with `sys.settrace`, no clock),
and a text longer than a post is refused before it is read."""

from __future__ import annotations

import sys
from collections.abc import Callable
from types import FrameType
from typing import Any

import pytest

from tavola.games.trono.characters import starter_catalogue
from tavola.games.trono.forum_post import parse_forum_post

CATALOGUE = starter_catalogue()


def lines_run(text: str) -> int:
    """The Python lines the Trono parsers run to read `text`."""
    count = 0

    def tracer(frame: FrameType, event: str, arg: Any) -> Callable[..., Any] | None:
        nonlocal count
        if "trono" not in frame.f_code.co_filename:
            return None
        if event == "line":
            count += 1
        return tracer

    sys.settrace(tracer)
    try:
        parse_forum_post(text, CATALOGUE, [])
    finally:
        sys.settrace(None)
    return count


def quotes(n: int) -> str:
    return "[quote]" * (n // 14) + "[/quote]" * (n // 16)


def one_long_line(n: int) -> str:
    return "Attacca " + "(Stark " * (n // 7)


def many_lines(n: int) -> str:
    return "Nerea (Stark), azione 1, e Zaira su Tyrell\n" * (n // 44)


def actions_on_a_line(n: int) -> str:
    return ("tassa e " * 30 + "\n") * (n // 241)


@pytest.mark.parametrize("make", [quotes, one_long_line, many_lines, actions_on_a_line])
def test_reading_a_pasted_post_twice_as_long_takes_at_most_twice_the_work(make):
    short, long = lines_run(make(3000)), lines_run(make(6000))
    assert long <= 2.2 * short, (short, long)
