"""Rule scenarios written as data (TOML), run against any registered game.

A scenario names a game, a seed, a config and an optional setup, and lists steps: a seat and
an action (optionally the refusal code expected), or the game's reference bot, or checks
alone. After any step, and at the end, it may check what a viewer sees (dotted paths, absent
paths, hidden text), a seat's legal actions, and the events that did or did not happen
(`scenario_checks`). See docs/scenarios.md.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .actions import Action, Event
from .capabilities import ReferencePlayer, capability
from .errors import IllegalAction, TavolaError
from .scenario_campaign import run_campaign
from .scenario_checks import CHECKS, ScenarioFailure, run_checks, same
from .scenario_tournament import is_tournament, run_tournament
from .table import Table

KEYS = frozenset({"title", "game", "seed", "config", "setup", "step", "seat", "view"}) | CHECKS
STEP_KEYS = frozenset({"seat", "action", "by", "expect_action", "refused", "view"}) | CHECKS


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


def scenario_files(paths: Iterable[str | Path]) -> list[Path]:
    """The TOML files named, and those found (recursively, sorted) in the folders named."""
    files: list[Path] = []
    for path in map(Path, paths):
        files.extend(sorted(path.rglob("*.toml")) if path.is_dir() else [path])
    return files


def _bot_choice(table: Table, step: Mapping[str, Any]) -> Action:
    """A step played by the game's reference bot (`by = "reference"`); `expect_action`, when
    given, is what it must choose."""
    reference = capability(table.game, ReferencePlayer)
    if step["by"] != "reference" or reference is None:
        raise ScenarioFailure("'by' names the game's reference bot: \"reference\"")
    bot = reference.reference_bot(table.seed)
    action: Action = bot.choose(table.game, table.state, str(step["seat"]))
    wanted = step.get("expect_action")
    expected = Action.from_json(wanted) if wanted is not None else None
    if expected is not None and not same(action.to_json(), expected.to_json()):
        raise ScenarioFailure(f"the bot chose {action!r}, expected {expected!r}")
    return action


def _act(table: Table, step: Mapping[str, Any]) -> list[Event] | None:
    """Plays the step's action: its events, or None when it was refused as expected."""
    if "seat" not in step:
        raise ScenarioFailure("needs 'seat' and 'action' (or 'by')")
    if "action" in step and "by" in step:
        raise ScenarioFailure("'action' or 'by', not both")
    if "by" in step:
        action = _bot_choice(table, step)
    else:
        try:
            action = Action.from_json(step["action"])
        except (KeyError, ValueError, TypeError) as exc:
            raise ScenarioFailure(f"bad or missing action: {exc}") from None
    refusal = step.get("refused")
    before = table.hash
    try:
        events = table.act(str(step["seat"]), action)
    except IllegalAction as exc:
        if refusal is None:
            raise ScenarioFailure(
                f"{step['seat']} {action!r}: refused {exc.code}: {exc.message}"
            ) from None
        if exc.code != refusal:
            raise ScenarioFailure(f"refused with {exc.code}, expected {refusal}") from None
        if table.hash != before:
            raise ScenarioFailure("refused but the state changed") from None
        return None
    if refusal is not None:
        raise ScenarioFailure(f"{step['seat']} {action!r}: accepted, expected {refusal}")
    return events


def _step(table: Table, step: Any, view: str) -> list[Event]:
    """One step: an action (checked afterwards against the table as it then is), or checks
    alone. Returns the events it produced."""
    if not isinstance(step, Mapping):
        raise ScenarioFailure("needs 'seat' and 'action' (or 'by')")
    unknown = sorted(set(step) - STEP_KEYS)
    if unknown:
        raise ScenarioFailure(f"unknown keys {unknown}; allowed: {sorted(STEP_KEYS)}")
    acts = "action" in step or "by" in step
    if not acts and not CHECKS & step.keys():
        if "seat" in step:
            raise ScenarioFailure("needs 'seat' and 'action' (or 'by')")
        raise ScenarioFailure("neither an action nor a check")
    if not acts and ("refused" in step or "expect_action" in step):
        raise ScenarioFailure("'refused' and 'expect_action' need an action")
    events = _act(table, step) if acts else None
    seat = str(step["seat"]) if "seat" in step else None
    if CHECKS & step.keys():
        run_checks(table, step, events=events, seat=seat, view=view)
    return events or []


def run_scenario(data: Mapping[str, Any], source: str) -> ScenarioResult:
    title = str(data.get("title", "(untitled)"))
    if is_tournament(data):  # a format's rules, results given: its own runner
        try:
            run_tournament(data)
        except (ScenarioFailure, TavolaError) as exc:
            return ScenarioResult(source, title, False, str(exc))
        return ScenarioResult(source, title, True)
    if data.get("kind") == "campaign":  # choices between games too (scenario_campaign)
        try:
            run_campaign(data)
        except ScenarioFailure as exc:
            return ScenarioResult(source, title, False, str(exc))
        except TavolaError as exc:
            return ScenarioResult(source, title, False, f"{exc.code}: {exc.message}")
        return ScenarioResult(source, title, True)
    try:
        unknown = sorted(set(data) - KEYS)
        if unknown:
            raise ScenarioFailure(f"unknown keys {unknown}; allowed: {sorted(KEYS)}")
        if "game" not in data:
            raise ScenarioFailure("missing 'game'")
        table = Table(
            str(data["game"]), data.get("config", {}), int(data.get("seed", 0)), data.get("setup")
        )
        view = str(data.get("view", "referee"))
        emitted: list[Event] = []
        for number, step in enumerate(list(data.get("step", [])), start=1):
            try:
                emitted.extend(_step(table, step, view))
            except ScenarioFailure as exc:
                raise ScenarioFailure(f"step {number}: {exc}") from None
        seat = str(data["seat"]) if "seat" in data else None
        run_checks(table, data, events=emitted, seat=seat, view=view)
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
