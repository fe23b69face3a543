"""Rule scenarios written as data (TOML), run against any registered game.

A scenario names a game, a seed, a config and an optional setup, lists steps (a seat and an
action, optionally the refusal code expected), and states what the referee view must hold
at the end (`[expect]`, dotted paths) and which events must have happened in that order
(`expect_events`). See docs/scenarios.md.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .actions import Action, Event
from .capabilities import ReferencePlayer, capability
from .errors import IllegalAction, TavolaError
from .table import Table
from .viewer import Viewer

MISSING = object()
KEYS = frozenset({"title", "game", "seed", "config", "setup", "step", "expect", "expect_events"})


@dataclass(frozen=True, slots=True)
class ScenarioResult:
    source: str
    title: str
    passed: bool
    detail: str = ""

    def line(self) -> str:
        status = "PASS" if self.passed else "FAIL"
        text = f"{status} {self.source} — {self.title}"
        return text if self.passed else f"{text}: {self.detail}"


class ScenarioFailure(Exception):
    pass


def scenario_files(paths: Iterable[str | Path]) -> list[Path]:
    """The TOML files named, and those found (recursively, sorted) in the folders named."""
    files: list[Path] = []
    for path in map(Path, paths):
        files.extend(sorted(path.rglob("*.toml")) if path.is_dir() else [path])
    return files


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


def _matches(event: Event, wanted: Any) -> bool:
    if isinstance(wanted, str):
        return event.type == wanted
    if not isinstance(wanted, Mapping) or "type" not in wanted:
        raise ScenarioFailure(
            f"expect_events entries are type names or tables with 'type': {wanted!r}"
        )
    data = dict(event.data)
    return event.type == wanted["type"] and all(
        key in data and same(data[key], value) for key, value in wanted.items() if key != "type"
    )


def _check_events(events: list[Event], wanted: list[Any]) -> None:
    """Every wanted event occurs, in this order (other events may come between)."""
    position = 0
    for item in wanted:
        while position < len(events) and not _matches(events[position], item):
            position += 1
        if position == len(events):
            raise ScenarioFailure(f"expected event {item!r} not found (in order)")
        position += 1


def _bot_choice(table: Table, step: Mapping[str, Any], number: int) -> Action:
    """A step played by the game's reference bot (`by = "reference"`); `expect_action`, when
    given, is what it must choose."""
    reference = capability(table.game, ReferencePlayer)
    if step["by"] != "reference" or reference is None:
        raise ScenarioFailure(f"step {number}: 'by' names the game's reference bot: \"reference\"")
    bot = reference.reference_bot(table.seed)
    action: Action = bot.choose(table.game, table.state, str(step["seat"]))
    wanted = step.get("expect_action")
    expected = Action.from_json(wanted) if wanted is not None else None
    if expected is not None and not same(action.to_json(), expected.to_json()):
        raise ScenarioFailure(f"step {number}: the bot chose {action!r}, expected {expected!r}")
    return action


def _run_steps(table: Table, steps: list[Any]) -> list[Event]:
    emitted: list[Event] = []
    for number, step in enumerate(steps, start=1):
        if not isinstance(step, Mapping) or "seat" not in step:
            raise ScenarioFailure(f"step {number}: needs 'seat' and 'action' (or 'by')")
        if "by" in step:
            action = _bot_choice(table, step, number)
        else:
            try:
                action = Action.from_json(step["action"])
            except (KeyError, ValueError, TypeError) as exc:
                raise ScenarioFailure(f"step {number}: bad or missing action: {exc}") from None
        refusal = step.get("refused")
        before = table.hash
        try:
            events = table.act(str(step["seat"]), action)
        except IllegalAction as exc:
            if refusal is None:
                raise ScenarioFailure(
                    f"step {number} ({step['seat']} {action!r}): refused {exc.code}: {exc.message}"
                ) from None
            if exc.code != refusal:
                raise ScenarioFailure(
                    f"step {number}: refused with {exc.code}, expected {refusal}"
                ) from None
            if table.hash != before:
                raise ScenarioFailure(f"step {number}: refused but the state changed") from None
            continue
        if refusal is not None:
            raise ScenarioFailure(f"step {number} ({action!r}): accepted, expected {refusal}")
        emitted.extend(events)
    return emitted


def run_scenario(data: Mapping[str, Any], source: str) -> ScenarioResult:
    title = str(data.get("title", "(untitled)"))
    try:
        unknown = sorted(set(data) - KEYS)
        if unknown:
            raise ScenarioFailure(f"unknown keys {unknown}; allowed: {sorted(KEYS)}")
        if "game" not in data:
            raise ScenarioFailure("missing 'game'")
        table = Table(
            str(data["game"]), data.get("config", {}), int(data.get("seed", 0)), data.get("setup")
        )
        emitted = _run_steps(table, list(data.get("step", [])))
        view = table.view(Viewer.referee())
        for path, expected in flatten(data.get("expect", {})):
            actual = lookup(view, path)
            if actual is MISSING:
                raise ScenarioFailure(f"{path}: not in the referee view")
            if not same(actual, expected):
                raise ScenarioFailure(f"{path}: expected {expected!r}, got {actual!r}")
        _check_events(emitted, list(data.get("expect_events", [])))
    except ScenarioFailure as exc:
        return ScenarioResult(source, title, False, str(exc))
    except TavolaError as exc:
        return ScenarioResult(source, title, False, f"{exc.code}: {exc.message}")
    return ScenarioResult(source, title, True)


def run_file(path: Path) -> ScenarioResult:
    try:
        with path.open("rb") as fh:
            data = tomllib.load(fh)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        return ScenarioResult(str(path), "(unreadable)", False, str(exc))
    return run_scenario(data, str(path))
