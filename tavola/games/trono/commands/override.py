"""`override`: an audited referee override (R66–R70); `move-draw`: the Lotto's moved draw,
audited like one."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Annotated, Any

import typer

from tavola.core import Action, Event, Table, Viewer

from ..audit_words import audit_words
from ..forum_parser import normalise_target, parse_numbers
from .options import FileArg, ImportOpt, NumbersOpt, ReasonOpt, SeenOpt, Sent, sent_options
from .session import from_referee, readable, send
from .texts import cli_error, say


def _value(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return text


@sent_options()
def override(
    file: FileArg,
    kind: Annotated[str, typer.Argument(help="adjust_parameter, set_seat, correct_draw, …")],
    args: Annotated[
        list[str] | None,
        typer.Argument(help="[SUBJECT] [KEY=VALUE …]; adjust_parameter HOUSE PARAM N."),
    ] = None,
    reason: ReasonOpt = "",
    seen: SeenOpt = None,
    numbers: NumbersOpt = None,
    import_file: ImportOpt = None,
    *,
    sent: Sent,
) -> None:
    """An audited referee override (R66–R70), e.g.
    `override adjust_parameter greyjoy chests 10 --reason "..."`,
    `override set_seat seat=throne house=tyrell --reason "..."`."""
    words = list(args or [])

    def build(table: Table) -> tuple[str, Action]:
        subject: str | None = None
        value: dict[str, Any] = {}
        rest = words
        if rest and "=" not in rest[0]:
            subject, rest = rest[0], rest[1:]
        if kind == "adjust_parameter" and len(rest) == 2 and "=" not in rest[0]:
            value = {"param": rest[0], "to": _value(rest[1])}
            rest = []
        for word in rest:
            key, sep, raw = word.partition("=")
            if not sep:
                raise cli_error("E_OPTIONS", detail=f"KEY=VALUE expected, got {word!r}")
            value[key] = _value(raw)
        if numbers is not None:
            value["numbers"] = parse_numbers(numbers)
        if import_file is not None:
            try:
                value["text"] = import_file.read_text(encoding="utf-8")
            except OSError as exc:
                raise cli_error("E_IMPORT_FILE", path=str(import_file), detail=str(exc)) from None
        if subject is not None and kind not in ("move_player", "remove_player", "assign_house"):
            subject = normalise_target(subject)
        payload: dict[str, Any] = {"kind": kind, "value": value, "reason": reason}
        if subject is not None:
            payload["subject"] = subject
        if seen is not None:
            payload["seen"] = seen
        return from_referee(table.state, sent, "override", payload)

    def audited(table: Table, events: list[Event]) -> list[str]:
        return _audit_lines(table, events, sent.lang)

    send(file, sent, build, after=audited)


def _audit_lines(table: Table, events: list[Event], lang: str) -> list[str]:
    """Each override the action made, as the console says it."""
    made = [e.data for e in events if e.type == "referee_override"]
    return audit_lines(table, made, lang)


def audit_lines(table: Table, entries: Sequence[Mapping[str, Any]], lang: str) -> list[str]:
    """Audit entries (R66) in the console's words: "Casse di Stark: 5 → 6, motivo: …"."""
    view = readable(table, Viewer.referee())
    people = {uid: p.display_name for uid, p in table.state.players.items()}
    lines = []
    for data in entries:
        words = audit_words(view, data, people, lang)
        lines.append(
            say(
                lang,
                "audit",
                seq=data["seq"],
                kind=words["kind"],
                about=words["about"] or "—",
                before=words["before"],
                after=words["after"],
                reason=data["reason"],
            )
        )
    return lines


@sent_options(bbcode=False)
def move_draw(
    file: FileArg,
    regular: Annotated[str, typer.Argument(help="The regular draw day (2026-12-08).")],
    moved_to: Annotated[
        str | None,
        typer.Argument(help="The day the Lotto draws instead (default: not moved any more)."),
    ] = None,
    reason: ReasonOpt = "",
    seen: SeenOpt = None,
    *,
    sent: Sent,
) -> None:
    """The Lotto moved a draw (a holiday): REGULAR's draw happens on MOVED_TO; without
    MOVED_TO the draw is back on its day (shift_draw, as the console's "Calendario del
    Lotto"). Audited like an override; a turn waiting for that draw follows it."""

    def build(table: Table) -> tuple[str, Action]:
        args: dict[str, Any] = {"regular": regular, "moved_to": moved_to or regular}
        args["reason"] = reason
        if seen is not None:
            args["seen"] = seen
        return from_referee(table.state, sent, "shift_draw", args)

    def audited(table: Table, events: list[Event]) -> list[str]:
        entries = readable(table, Viewer.referee())["audit"]
        return audit_lines(table, entries[-1:], sent.lang) if events else []

    send(file, sent, build, after=audited)
