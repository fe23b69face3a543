"""Shared tables for the Gioco del Trono tests: draw D, games G4 and G8 (§7, §12)."""

from __future__ import annotations

from typing import Any

from tavola.core import Action, Table

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


def g4(schedule: str = "manual", **teams: dict[str, Any]) -> Table:
    """G4 after S3–S4: stark (Throne), tyrell, greyjoy, lannister; 20 soldiers, 5 chests."""
    rows = [{"house": h, **teams.get(h, {})} for h in ("stark", "tyrell", "greyjoy", "lannister")]
    setup = {"teams": rows, "throne": "stark", "now": "2025-03-03T00:00:00Z"}
    return Table("trono", {"schedule": schedule}, 1, setup)


def g8(tower: str | None = "tyrell", throne: str = "baratheon", **teams: dict[str, Any]) -> Table:
    rows = [{"house": h, **teams.get(h, {})} for h in G8_HOUSES]
    setup: dict[str, Any] = {"teams": rows, "throne": throne, "now": "2025-03-03T00:00:00Z"}
    if tower:
        setup["tower"] = tower
    return Table("trono", {"schedule": "manual"}, 1, setup)


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
