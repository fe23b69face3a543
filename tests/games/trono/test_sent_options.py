"""The referee commands' shared options (`sent_options`): declared once, each command shows
them as it did when it declared them itself — same names, defaults and order, last."""

from __future__ import annotations

import typer

from tavola.games.trono.commands import app

SHARED = [
    ("check", ["--check"], False),
    ("referee", ["--referee"], None),
    ("at", ["--at"], None),
    ("lang", ["--lang"], "it"),
    ("bbcode", ["--bbcode"], False),
]


def _tail(command: str, count: int) -> list[tuple[str | None, list[str], object]]:
    group = typer.main.get_command(app)
    assert isinstance(group, typer.core.TyperGroup)
    params = group.commands[command].params
    return [(p.name, list(p.opts), p.default) for p in params[-count:]]


def test_the_commands_that_print_forum_text_take_every_shared_option() -> None:
    for command in ("draw", "override", "close", "ranking"):
        assert _tail(command, 5) == SHARED, command


def test_the_commands_without_forum_text_take_no_bbcode() -> None:
    for command in ("move-draw", "signup"):
        assert _tail(command, 4) == SHARED[:4], command
        group = typer.main.get_command(app)
        assert isinstance(group, typer.core.TyperGroup)
        assert "bbcode" not in {p.name for p in group.commands[command].params}
