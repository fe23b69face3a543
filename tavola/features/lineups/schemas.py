"""The saved lineups' request and response bodies. A lineup is the game's own JSON: its
check (`Lineups.check_lineup`) says what it must hold."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict


class LineupBody(BaseModel):
    """A lineup sent to be checked or saved (bounded by the server's body limit)."""

    model_config = ConfigDict(extra="forbid")

    lineup: Any


class Problem(BaseModel):
    code: str
    field: str
    """Where in the lineup (a dotted path such as `team.3.abilities.1`)."""
    text: dict[str, str]
    """The sentence in each of the game's languages."""


class Checked(BaseModel):
    ok: bool
    problems: list[Problem]
    """Every problem at once, in the game's order."""
    summary: dict[str, Any]
    """The lineup's figures against the rules' limits, as the game counts them."""


class SavedLineup(BaseModel):
    name: str
    lineup: dict[str, Any]
    """As the game's check spelled it out."""
    updated_at: str


class Deleted(BaseModel):
    name: str
    deleted: bool
