"""The referees' console and `tavola trono …` stay in step (issue 27): the declared mapping
(console_commands.py) against the game's referee actions, what web/console.js sends and the
commands the Typer app registers. A new action, console step or command without its other
half fails here with a sentence naming it."""

from __future__ import annotations

import re
from pathlib import Path

import typer

from tavola.games.trono import console_commands
from tavola.games.trono.commands import app
from tavola.games.trono.game import REFEREE_ACTIONS
from tavola.games.trono.overrides import KINDS as OVERRIDE_KINDS

WEB = Path(console_commands.__file__).parent / "web"
CONSOLE = WEB / "console.js"


def registered_commands() -> set[str]:
    group = typer.main.get_command(app)
    return set(getattr(group, "commands", {}))


def sent_by_console() -> set[str]:
    """Every action kind the console's modules (web/console*.js) build (`type: "…"`)."""
    found: set[str] = set()
    for module in sorted(WEB.glob("console*.js")):
        found |= set(re.findall(r"\btype: \"([a-z_]+)\"", module.read_text(encoding="utf-8")))
    return found


def console_overrides() -> set[str]:
    block = re.search(r"const OVERRIDES = \[(.*?)\];", CONSOLE.read_text(encoding="utf-8"), re.S)
    assert block is not None, "console.js no longer lists its OVERRIDES"
    return set(re.findall(r"\"([a-z_]+)\"", block.group(1)))


def problems(
    actions: dict[str, console_commands.Pair],
    reading: dict[str, str],
    elsewhere: dict[str, str],
) -> list[str]:
    """What is out of step, one sentence each (empty when the two halves match)."""
    found: list[str] = []
    for kind in sorted(REFEREE_ACTIONS - set(actions) - console_commands.BY_THE_CLOCK):
        found.append(f"The referee action {kind!r} has no `tavola trono` command in the mapping.")
    for kind in sorted(set(actions) - REFEREE_ACTIONS):
        found.append(f"The mapping names {kind!r}, which is no referee action of the game.")
    commands = registered_commands()
    named = {pair.command.split()[0] for pair in actions.values()} | set(reading) | set(elsewhere)
    for name in sorted(named - commands):
        found.append(f"The mapping names the command {name!r}, which `tavola trono` lacks.")
    for name in sorted(commands - named):
        found.append(f"The command {name!r} has no console feature in the mapping.")
    sent = sent_by_console()
    declared = {pair.sent_as or kind for kind, pair in actions.items()}
    for kind in sorted(sent - declared):
        found.append(f"The console sends {kind!r}, which no command does (add it to the mapping).")
    for kind in sorted(declared - sent):
        found.append(f"The mapping says the console sends {kind!r}, but console.js never does.")
    for kind in sorted(set(OVERRIDE_KINDS) ^ console_overrides()):
        found.append(f"The override {kind!r} is not offered by both the console and the engine.")
    return found


def test_the_console_and_the_commands_are_in_step() -> None:
    assert (
        problems(console_commands.ACTIONS, console_commands.READING, console_commands.ELSEWHERE)
        == []
    )


def test_a_missing_entry_is_named() -> None:
    """Removing one entry of either half fails the guard with that entry's name."""
    actions = dict(console_commands.ACTIONS)
    del actions["shift_draw"]
    said = problems(actions, console_commands.READING, console_commands.ELSEWHERE)
    assert "The referee action 'shift_draw' has no `tavola trono` command in the mapping." in said
    assert "The command 'move-draw' has no console feature in the mapping." in said
    assert "The console sends 'shift_draw', which no command does (add it to the mapping)." in said
    reading = {k: v for k, v in console_commands.READING.items() if k != "export"}
    said = problems(console_commands.ACTIONS, reading, console_commands.ELSEWHERE)
    assert said == ["The command 'export' has no console feature in the mapping."]
    actions = dict(console_commands.ACTIONS)
    actions["close_turn"] = console_commands.Pair("finish", "—")
    said = problems(actions, console_commands.READING, console_commands.ELSEWHERE)
    assert "The mapping names the command 'finish', which `tavola trono` lacks." in said


def test_the_helpers_agree_with_the_guard() -> None:
    assert console_commands.console_kinds() == sent_by_console()
    assert console_commands.command_names() == registered_commands()
