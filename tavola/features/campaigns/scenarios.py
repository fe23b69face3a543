"""Campaign scenarios (`kind = "campaign"`): a campaign config instead of a game config,
and steps that are either moves in the game being played or choices between games.
See docs/scenarios.md, "Campaign scenarios".

The game the campaign waits for opens at the first step that acts in it, with the
campaign's own config, seed and setup, or with `table_setup`, a scripted position of the
game's `[setup]` kind. When it ends it is recorded in the campaign at once. A step that
acts while no game is awaited is a choice between games."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from tavola.core.actions import Action, Event
from tavola.core.capabilities import capability
from tavola.core.errors import IllegalAction
from tavola.core.registry import get_game
from tavola.core.scenario_checks import (
    CHECKS,
    MISSING,
    ScenarioFailure,
    mismatches,
    run_checks,
)
from tavola.core.table import Table
from tavola.core.viewer import Viewer
from tavola.features.campaigns.protocol import CampaignGame, Campaigns

KEYS = frozenset({"title", "game", "kind", "seed", "campaign", "step", "view", "expect_campaign"})
STEP_KEYS = (
    frozenset({"seat", "action", "by", "expect_action", "refused", "view"})
    | CHECKS
    | {"table_setup", "expect_campaign"}
)


class CampaignRun:
    def __init__(self, data: Mapping[str, Any]) -> None:
        game = get_game(str(data["game"]))
        campaigns = capability(game, Campaigns)
        if campaigns is None:
            raise ScenarioFailure(f"{game.name} has no campaigns")
        self.game = game
        self.campaigns = campaigns
        self.campaign = campaigns.new_campaign(data.get("campaign", {}), int(data.get("seed", 0)))
        self.table: Table | None = None
        self.last: Table | None = None

    def _awaited(self) -> CampaignGame | None:
        step = self.campaigns.campaign_next(self.campaign, "en")
        return step if isinstance(step, CampaignGame) else None

    def open_table(self, setup: Mapping[str, Any] | None) -> None:
        awaited = self._awaited()
        if awaited is None or self.table is not None:
            raise ScenarioFailure("no game is awaited now")
        given = awaited.setup if setup is None else setup
        self.table = Table(self.game, awaited.config, awaited.seed, given)

    def step(self, step: Mapping[str, Any], view: str) -> None:
        from tavola.core.scenario import _act  # the same action step as a game scenario's

        unknown = sorted(set(step) - STEP_KEYS)
        if unknown:
            raise ScenarioFailure(f"unknown keys {unknown}; allowed: {sorted(STEP_KEYS)}")
        if "table_setup" in step:
            self.open_table(step["table_setup"])
        events: list[Event] | None = None
        if "action" in step or "by" in step:
            if self.table is None and self._awaited() is not None:
                self.open_table(None)
            if self.table is not None:
                events = _act(self.table, step)
                self._record_if_over()
            else:
                self._choose(step)
        table = self.table or self.last
        if CHECKS & step.keys():
            if table is None:
                raise ScenarioFailure("no game has been played to check")
            seat = str(step["seat"]) if "seat" in step else None
            run_checks(table, step, events=events, seat=seat, view=str(step.get("view", view)))
        self.check_campaign(step)

    def _record_if_over(self) -> None:
        table = self.table
        assert table is not None
        if table.to_act or table.outcome is None:
            return
        self.campaign, _ = self.campaigns.campaign_record(self.campaign, table.state)
        self.last, self.table = table, None

    def _choose(self, step: Mapping[str, Any]) -> None:
        if "seat" not in step or "action" not in step:
            raise ScenarioFailure("a choice between games needs 'seat' and 'action'")
        try:
            action = Action.from_json(step["action"])
        except (KeyError, ValueError, TypeError) as exc:
            raise ScenarioFailure(f"bad action: {exc}") from None
        refusal = step.get("refused")
        before = json.dumps(self.campaign, sort_keys=True)
        try:
            self.campaign, _ = self.campaigns.campaign_choose(
                self.campaign, str(step["seat"]), action
            )
        except IllegalAction as exc:
            if refusal is None:
                raise ScenarioFailure(f"{step['seat']} {action!r}: refused {exc.code}") from None
            if exc.code != refusal:
                raise ScenarioFailure(f"refused with {exc.code}, expected {refusal}") from None
            if json.dumps(self.campaign, sort_keys=True) != before:
                raise ScenarioFailure("refused but the campaign changed") from None
            return
        if refusal is not None:
            raise ScenarioFailure(f"{step['seat']} {action!r}: accepted, expected {refusal}")

    def check_campaign(self, checks: Mapping[str, Any]) -> None:
        """`expect_campaign`: paths into the campaign's referee view → values."""
        wanted = checks.get("expect_campaign")
        if wanted is None:
            return
        view = self.campaigns.campaign_view(self.campaign, Viewer.referee(), "en")
        for path, value, actual in mismatches(view, wanted):
            if actual is MISSING:
                raise ScenarioFailure(f"campaign {path}: expected {value!r}, absent")
            raise ScenarioFailure(f"campaign {path}: expected {value!r}, got {actual!r}")


def run_campaign(data: Mapping[str, Any]) -> None:
    """Runs a campaign scenario; `ScenarioFailure` at the first difference."""
    unknown = sorted(set(data) - KEYS)
    if unknown:
        raise ScenarioFailure(f"unknown keys {unknown}; allowed: {sorted(KEYS)}")
    if "game" not in data:
        raise ScenarioFailure("missing 'game'")
    run = CampaignRun(data)
    view = str(data.get("view", "referee"))
    for number, step in enumerate(list(data.get("step", [])), start=1):
        if not isinstance(step, Mapping):
            raise ScenarioFailure(f"step {number}: a table of keys")
        try:
            run.step(step, view)
        except ScenarioFailure as exc:
            raise ScenarioFailure(f"step {number}: {exc}") from None
    run.check_campaign(data)
