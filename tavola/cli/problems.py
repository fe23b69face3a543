"""A person's mistake on the command line — a file that is missing or unreadable, an unknown
game, seat, language or suite — is one line on stderr naming what is wrong, and exit
status 2; never a traceback (those are left to Tavola's own bugs)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, NoReturn

import typer

try:  # typer 0.2x carries its own copy of click; older ones use click itself
    from typer._click import exceptions as click_exceptions
except ImportError:  # pragma: no cover - depends on the installed typer
    from click import exceptions as click_exceptions  # type: ignore[no-redef]

ClickException = click_exceptions.ClickException
Abort = typer.Abort
NoArgsIsHelp: Any = getattr(click_exceptions, "NoArgsIsHelpError", ())
"""`tavola` alone prints the help (click 8.2 raises it as a usage error)."""

USAGE = 2


def fail(command: str, message: str) -> NoReturn:
    typer.echo(f"tavola {command}: {message}", err=True)
    raise typer.Exit(USAGE)


def read_text(command: str, path: Path, what: str) -> str:
    """The UTF-8 text of `path`, or one line saying why it cannot be read."""
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        fail(command, f"{path}: no such file ({what})")
    except IsADirectoryError:
        fail(command, f"{path}: a folder, not {what}")
    except UnicodeDecodeError as exc:
        fail(command, f"{path}: not UTF-8 text (byte {exc.start}); save it as UTF-8")
    except OSError as exc:
        fail(command, f"{path}: {exc.strerror or exc}")


def read_json(command: str, path: Path, what: str) -> Any:
    text = read_text(command, path, what)
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        fail(command, f"{path}: not JSON ({exc.msg}, line {exc.lineno})")


def one_line(exc: Any) -> str:
    """A usage error as `tavola COMMAND: message` on one line."""
    ctx = getattr(exc, "ctx", None)
    where = ctx.command_path if ctx is not None else "tavola"
    return f"{where}: {' '.join(exc.format_message().split())}"
