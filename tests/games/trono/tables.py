"""Shared tables for the Gioco del Trono tests: draw D, games G4 and G8 (§7, §12)."""

from __future__ import annotations

from typing import Any

import pytest

from tavola.core import Action, IllegalAction, Table

D = {
    "BA": [5, 17, 33, 48, 90],
    "CA": [12, 64, 71, 2, 39],
    "FI": [88, 23, 56, 44, 9],
    "GE": [31, 76, 15, 60, 27],
    "MI": [47, 3, 82, 19, 68],
    "NA": [70, 36, 11, 85, 54],
    "PA": [25, 58, 90, 7, 42],
    "RM": [16, 35, 55, 75, 76],
    "TO": [1, 49, 63, 28, 80],
    "VE": [59, 14, 37, 66, 21],
}
REF = "referee:arbitro"
G8_HOUSES = [
    "tully",
    "greyjoy",
    "tyrell",
    "arryn",
    "lannister",
    "targaryen",
    "martell",
    "baratheon",
]


def d_text(day: str = "2025-03-04") -> str:
    lines = [f"date,{day}"] + [f"{w}," + ",".join(f"{n:02d}" for n in ns) for w, ns in D.items()]
    return "\n".join(lines)


def g4(
    schedule: str = "manual",
    *,
    throne: str = "stark",
    setup: dict[str, Any] | None = None,
    config: dict[str, Any] | None = None,
    seed: int = 1,
    **teams: dict[str, Any],
) -> Table:
    """G4 after S3–S4: stark (Throne), tyrell, greyjoy, lannister; 20 soldiers, 5 chests."""
    rows = [{"house": h, **teams.get(h, {})} for h in ("stark", "tyrell", "greyjoy", "lannister")]
    full = {"teams": rows, "throne": throne, "now": "2025-03-03T00:00:00Z", **(setup or {})}
    return Table("trono", {"schedule": schedule, **(config or {})}, seed, full)


def g8(
    tower: str | None = "tyrell",
    throne: str = "baratheon",
    *,
    setup: dict[str, Any] | None = None,
    config: dict[str, Any] | None = None,
    seed: int = 1,
    **teams: dict[str, Any],
) -> Table:
    """G8 (§7.7): eight houses, 40 soldiers; baratheon on the Throne, tyrell on the Tower."""
    rows = [{"house": h, **teams.get(h, {})} for h in G8_HOUSES]
    full: dict[str, Any] = {"teams": rows, "throne": throne, "now": "2025-03-03T00:00:00Z"}
    if tower:
        full["tower"] = tower
    full.update(setup or {})
    return Table("trono", {"schedule": "manual", **(config or {})}, seed, full)


def refused(code: str, fn: Any, *args: Any, **kwargs: Any) -> IllegalAction:
    """Calls `fn`, which must be refused with `code` and leave the table's state unchanged."""
    table = getattr(fn, "__self__", None)
    if not isinstance(table, Table):
        table = next((a for a in args if isinstance(a, Table)), None)
    before = table.hash if table is not None else None
    with pytest.raises(IllegalAction) as info:
        fn(*args, **kwargs)
    assert info.value.code == code, info.value
    if table is not None:
        assert table.hash == before
    return info.value


def ref(table: Table, kind: str, **args: Any) -> Any:
    return table.act(REF, Action(kind, **args))


def override(table: Table, kind: str, subject: Any, value: Any = None, reason: str = "r") -> Any:
    args: dict[str, Any] = {"kind": kind, "subject": subject, "reason": reason}
    if value is not None:
        args["value"] = value
    return table.act(REF, Action("override", **args))


def turn(
    table: Table,
    posts: dict[str, Any] | None = None,
    numbers: dict[str, list[int]] | None = None,
) -> Any:
    """One manual-schedule turn: the posts (house → actions, or a table of `post` arguments
    with `actions`), the lock, the draw; returns the draw's events."""
    for house, spec in (posts or {}).items():
        if isinstance(spec, dict):
            extra = {k: v for k, v in spec.items() if k != "actions"}
            post(table, house, spec["actions"], **extra)
        else:
            post(table, house, spec)
    close(table)
    return draw(table, numbers)


def report(table: Table, house: str, index: int = -1) -> dict[str, Any]:
    return team(table, house).reports[index]


def post(
    table: Table,
    house: str,
    actions: list[Any],
    *,
    at: str | None = None,
    deploy: list[dict[str, Any]] | None = None,
    abandon: int | None = None,
) -> Any:
    """Sends `house`'s post; actions: "tax" or ("attack", "stark") or ("hire", "x")."""
    slots = []
    for a in actions:
        if isinstance(a, str):
            slots.append({"kind": a})
        elif a[0] == "attack":
            slots.append({"kind": "attack", "target": a[1]})
        else:
            slots.append({"kind": "hire", "character": a[1]})
    args: dict[str, Any] = {
        "team": house,
        "turn": table.state.turn,
        "actions": slots,
        "deploy": deploy or [],
    }
    if abandon is not None:
        args["abandon_threshold"] = abandon
    if at is not None:
        args["at"] = at
    return table.act(f"player:{house}1", Action("submit_post", **args))


def draw(
    table: Table,
    numbers: dict[str, list[int]] | None = None,
    day: str = "2025-03-04",
    at: str | None = None,
) -> Any:
    args: dict[str, Any] = {"purpose": "turn", "date": day, "numbers": numbers or D}
    if at is not None:
        args["at"] = at
    return table.act(REF, Action("enter_draw", **args))


def close(table: Table) -> Any:
    """Locks a manual-schedule turn (it locks by itself once every team has posted)."""
    if table.state.phase == "turn_open":
        return table.act(REF, Action("close_turn"))
    return []


def team(table: Table, house: str) -> Any:
    found = table.state.team(house)
    assert found is not None
    return found


def with_values(base: dict[str, list[int]], wheel: str, values: list[int]) -> dict[str, list[int]]:
    """A copy of `base` whose wheel gives these values (one number per value)."""
    pick = {
        0: [1, 2, 3, 4, 5],
        1: [16, 17, 18, 19, 20],
        2: [36, 37, 38, 39, 40],
        3: [56, 57, 58, 59, 60],
        4: [76, 77, 78, 79, 80],
    }
    used: dict[int, int] = {}
    numbers = []
    for v in values:
        numbers.append(pick[v][used.get(v, 0)])
        used[v] = used.get(v, 0) + 1
    return {**base, wheel: numbers}
