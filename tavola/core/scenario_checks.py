"""What a scenario checks, after a step or at the end: values at paths of a view (or their
absence), text a view must not hold, a seat's legal actions, and the events that did or did
not happen, all through the eyes of one viewer. See docs/scenarios.md."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from typing import Any

from .actions import Event
from .table import Table
from .viewer import Viewer, filter_events

MISSING = object()

VIEW_CHECKS = frozenset({"expect", "expect_null", "expect_absent", "expect_hidden"})
LEGAL_CHECKS = frozenset({"expect_legal", "expect_not_legal", "expect_only_legal"})
EVENT_CHECKS = frozenset({"expect_events", "expect_no_events"})
CHECKS = VIEW_CHECKS | LEGAL_CHECKS | EVENT_CHECKS
"""The keys a step and the scenario itself (its final checks) share, besides `view`."""


class ScenarioFailure(Exception):
    pass


def lookup(data: Any, path: str) -> Any:
    """`data` at a dotted path; numeric parts index lists, `#` is a list's or table's
    length. MISSING when absent."""
    node = data
    for part in path.split("."):
        if part == "#" and isinstance(node, Mapping | list):
            node = len(node)
        elif isinstance(node, Mapping) and part in node:
            node = node[part]
        elif (
            isinstance(node, list)
            and re.fullmatch(r"-?[0-9]+", part)
            and -len(node) <= int(part) < len(node)
        ):
            node = node[int(part)]
        else:
            return MISSING
    return node


def flatten(table: Mapping[str, Any], prefix: str = "") -> Iterator[tuple[str, Any]]:
    """Nested TOML tables become dotted paths, so `a.b = 1` and `"a.b" = 1` mean the same."""
    for key, value in table.items():
        path = f"{prefix}{key}"
        if isinstance(value, Mapping) and value:
            yield from flatten(value, path + ".")
        else:
            yield path, value


def same(actual: Any, expected: Any) -> bool:
    """Equality that keeps booleans apart from numbers (TOML's `0` is not `false`)."""
    if isinstance(actual, bool) or isinstance(expected, bool):
        return type(actual) is type(expected) and actual == expected
    if isinstance(actual, Mapping) and isinstance(expected, Mapping):
        return actual.keys() == expected.keys() and all(
            same(actual[k], expected[k]) for k in actual
        )
    if isinstance(actual, list | tuple) and isinstance(expected, list | tuple):
        return len(actual) == len(expected) and all(
            same(a, e) for a, e in zip(actual, expected, strict=True)
        )
    return bool(actual == expected)


def mismatches(view: Any, wanted: Mapping[str, Any]) -> Iterator[tuple[str, Any, Any]]:
    """Each path of `wanted` (nested tables flattened) whose value `view` does not hold, in
    order: the path, the value wanted and the one found (MISSING when absent)."""
    for path, expected in flatten(wanted):
        actual = lookup(view, path)
        if actual is MISSING or not same(actual, expected):
            yield path, expected, actual


def _fits(kind: str, data: Mapping[str, Any], wanted: Any, key: str) -> bool:
    """Whether a type name, or a table `{type = ..., field = value}`, describes the event or
    action `kind(data)`: the fields it lists must be equal, the others may be anything."""
    if isinstance(wanted, str):
        return kind == wanted
    if not isinstance(wanted, Mapping) or not isinstance(wanted.get("type"), str):
        raise ScenarioFailure(f"{key} entries are type names or tables with 'type': {wanted!r}")
    return kind == wanted["type"] and all(
        field in data and same(data[field], value)
        for field, value in wanted.items()
        if field != "type"
    )


def _entries(spec: Mapping[str, Any], key: str) -> list[Any]:
    value = spec.get(key, [])
    if not isinstance(value, list):
        raise ScenarioFailure(f"{key} must be a list, got {value!r}")
    return value


def viewer_named(table: Table, name: str) -> Viewer:
    """`referee`, `public`, `team:<team>` (a team of `Game.teams`) or a seat's name."""
    if name == "referee":
        return Viewer.referee()
    if name == "public":
        return Viewer.public()
    if name.startswith("team:"):
        teams = table.game.teams(table.state)
        team = name.removeprefix("team:")
        if team not in teams:
            raise ScenarioFailure(f"view {name!r}: no such team (teams: {sorted(teams)})")
        return Viewer.team(team, teams[team])
    return Viewer.seat(seat_named(table, name, "view"))


def seat_named(table: Table, name: str, key: str) -> str:
    seats = table.game.seats(table.state)
    if name not in seats:
        raise ScenarioFailure(f"{key} {name!r}: not a seat of this table (seats: {seats})")
    return name


def _seen_by(viewer: Viewer) -> str:
    if viewer.kind in ("referee", "public"):
        return f"the {viewer.kind} view"
    return f"{viewer}'s view"


def _check_view(table: Table, viewer: Viewer, spec: Mapping[str, Any]) -> None:
    view = table.view(viewer)
    seen_by = _seen_by(viewer)
    expect = spec.get("expect", {})
    if not isinstance(expect, Mapping):
        raise ScenarioFailure(f"expect must be a table of paths, got {expect!r}")
    for path, expected, actual in mismatches(view, expect):
        if actual is MISSING:
            raise ScenarioFailure(f"{path}: not in {seen_by}")
        raise ScenarioFailure(f"{path}: expected {expected!r}, got {actual!r}")
    for path in _entries(spec, "expect_null"):
        actual = lookup(view, str(path))
        if actual is MISSING:
            raise ScenarioFailure(f"{path}: not in {seen_by}")
        if actual is not None:
            raise ScenarioFailure(f"{path}: expected null, got {actual!r}")
    for path in _entries(spec, "expect_absent"):
        actual = lookup(view, str(path))
        if actual is not MISSING:
            raise ScenarioFailure(f"{path}: expected absent from {seen_by}, got {actual!r}")
    text = json.dumps(view, ensure_ascii=False, default=str)
    for secret in _entries(spec, "expect_hidden"):
        if not isinstance(secret, str) or not secret:
            raise ScenarioFailure(f"expect_hidden entries are non-empty strings: {secret!r}")
        if secret in text:
            at = text.index(secret)
            shown = text[max(0, at - 40) : at + len(secret) + 40]
            raise ScenarioFailure(f"{secret!r} is in {seen_by}: …{shown}…")


def _listing(actions: list[dict[str, Any]], shown: int = 8) -> str:
    """The legal actions for a failure line: the first few, and how many there are."""
    text = ", ".join(map(str, actions[:shown]))
    return f"[{text}]" if len(actions) <= shown else f"[{text}, …] ({len(actions)} in all)"


def _check_legal(table: Table, seat: str, spec: Mapping[str, Any]) -> None:
    legal = [a.to_json() for a in table.game.legal_actions(table.state, seat)]

    def offered(key: str, wanted: Any) -> list[dict[str, Any]]:
        return [a for a in legal if _fits(str(a["type"]), a, wanted, key)]

    for wanted in _entries(spec, "expect_legal"):
        if not offered("expect_legal", wanted):
            raise ScenarioFailure(
                f"{wanted!r} is not among {seat}'s legal actions: {_listing(legal)}"
            )
    for wanted in _entries(spec, "expect_not_legal"):
        found = offered("expect_not_legal", wanted)
        if found:
            raise ScenarioFailure(f"{wanted!r} is legal for {seat}: {found[0]}")
    if "expect_only_legal" in spec:
        only = _entries(spec, "expect_only_legal")
        for wanted in only:
            if not offered("expect_only_legal", wanted):
                raise ScenarioFailure(
                    f"{wanted!r} is not among {seat}'s legal actions: {_listing(legal)}"
                )
        for action in legal:
            if not any(_fits(str(action["type"]), action, w, "expect_only_legal") for w in only):
                raise ScenarioFailure(f"{action} is legal for {seat}, expected only {only!r}")


def _check_events(events: list[Event], spec: Mapping[str, Any], seen_by: str) -> None:
    """`expect_events` occur in this order (others may come between); no event matches an
    entry of `expect_no_events`."""
    position = 0
    for wanted in _entries(spec, "expect_events"):
        while position < len(events) and not _fits(
            events[position].type, events[position].data, wanted, "expect_events"
        ):
            position += 1
        if position == len(events):
            raise ScenarioFailure(f"expected event {wanted!r} not found (in order) in {seen_by}")
        position += 1
    for wanted in _entries(spec, "expect_no_events"):
        for event in events:
            if _fits(event.type, event.data, wanted, "expect_no_events"):
                raise ScenarioFailure(
                    f"event {wanted!r} happened in {seen_by}: {event.type} {dict(event.data)}"
                )


def run_checks(
    table: Table,
    spec: Mapping[str, Any],
    *,
    events: list[Event] | None,
    seat: str | None,
    view: str,
) -> None:
    """The checks `spec` lists, against the table as it is now. `events`: those the checked
    step (or all steps) produced, None when there are none to check (no action was accepted);
    `seat`: whose legal actions the legal checks read; `view`: whose eyes, unless `spec`
    names its own `view`."""
    viewer = viewer_named(table, str(spec.get("view", view)))
    _check_view(table, viewer, spec)
    if LEGAL_CHECKS & spec.keys():
        if seat is None:
            raise ScenarioFailure(f"{sorted(LEGAL_CHECKS & spec.keys())} need a 'seat'")
        _check_legal(table, seat_named(table, seat, "seat"), spec)
    if EVENT_CHECKS & spec.keys():
        if events is None:
            raise ScenarioFailure(
                f"{sorted(EVENT_CHECKS & spec.keys())} need an action the game accepts"
            )
        _check_events(filter_events(events, viewer), spec, _seen_by(viewer))
