"""`tavola trono ...`: the Gioco del Trono referee's command line on a game record file,
contributed to `tavola` through the `tavola.commands` entry point group.

Every command loads the record, replays it (checking the state hash), sends one action as a
referee or as a team member and writes the file back atomically only if the game accepts it.
Refusals print the spec's code and a sentence (Italian by default, `--lang en`) and exit 1.
Announcements and reports come out as forum text."""

from __future__ import annotations

import typer

from . import draws, override, reading, registration, reminders, season, turns

app = typer.Typer(
    help="Referee a Gioco del Trono game kept in a record file (JSON).",
    no_args_is_help=True,
)
for command in (
    registration.new,
    registration.register,
    registration.preferences,
    registration.signup,
    registration.withdraw,
    registration.join,
    season.add_player,
    season.character,
    registration.close,
    draws.draw,
    override.move_draw,
    registration.ranking,
    registration.start,
    turns.post,
    turns.resolve,
    turns.publish,
    turns.tick,
    reminders.missing_posts,
    reminders.reminder,
    override.override,
    reading.report,
    reading.export,
    reading.status,
):
    app.command()(command)
