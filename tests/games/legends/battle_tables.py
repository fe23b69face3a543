"""Builders for classic and epic battle positions in tests (the scripted setup of
`tavola.games.legends.battle_scripted`), and small readers of the resulting state."""

from __future__ import annotations

from typing import Any

import pytest

from tavola.core import Action, IllegalAction, Table
from tavola.games.legends import stats

ALIGNMENTS = {
    "good": ("lawful_good", "pure"),
    "neutral": ("true_neutral", "balanced"),
    "evil": ("lawful_evil", "dominator"),
}


def char(
    card_id: str, hp: int = 300, str_: int = 10, mp: int = 0, def_: int = 10, side: str = "neutral"
) -> dict[str, Any]:
    """An inline character card: name(HP/STR/MP/DEF) of the spec's scenarios."""
    alignment, sub_type = ALIGNMENTS[side]
    return {
        "card_id": card_id,
        "name": card_id,
        "type": "character",
        "rarity": "C",
        "series": "X",
        "alignment": alignment,
        "sub_type": sub_type,
        "hp": hp,
        "str": str_,
        "mp": mp,
        "def": def_,
    }


MAIN = char("X-MAIN", hp=500, str_=10, mp=0, def_=10)
"""The default main of every scripted seat: a neutral 500-HP character."""

POTION = "S1-038"  # a neutral potion: a card any seat may hold (it makes the hand non-empty)
GOOD_CHAR, EVIL_CHAR, NEUTRAL_CHAR = "S1-001", "S1-017", "S1-012"
EVIL_POTION, GOOD_POTION = "S1-039", "S1-037"


def on(card: str, iid: str, **status: Any) -> dict[str, Any]:
    """A card entry for a table (or a main): `on("X-A", "A1", exhausted=True)`."""
    return {"card": card, "iid": iid, **status}


def battle(
    seats: dict[str, dict[str, Any]],
    *,
    cards: list[dict[str, Any]] | tuple[dict[str, Any], ...] = (),
    mode: str = "classic",
    turn_order: list[str] | None = None,
    teams: dict[str, str] | None = None,
    ages: dict[str, int] | None = None,
    seed: int = 0,
    deck: list[str] | None = None,
    discard: list[str] | None = None,
    active: str | None = None,
    start: str | None = None,
    round_no: int | None = None,
    **options: Any,
) -> Table:
    """A scripted battle. `seats` maps P1…Pn to {main, hand, table}; a seat without a
    main gets `MAIN` as `m<seat>`. `teams` sets `sides` to `teams` (or `good_vs_evil`
    when the team names are good and evil)."""
    names = sorted(seats, key=lambda s: int(s[1:]))
    players = []
    for i, seat in enumerate(names):
        player: dict[str, Any] = {"name": seat, "age": (ages or {}).get(seat, 10 + 10 * i)}
        if teams:
            player["team"] = teams[seat]
        players.append(player)
    if teams and "sides" not in options:
        options["sides"] = "good_vs_evil" if set(teams.values()) <= {"good", "evil"} else "teams"
    config = {
        "mode": mode,
        "players": players,
        "catalog": ["starter_S1", MAIN, *cards],
        **options,
    }
    setup: dict[str, Any] = {
        "turn_order": turn_order or names,
        "seats": {s: {"main": "X-MAIN", **spec} for s, spec in seats.items()},
    }
    for key, value in (
        ("deck", deck),
        ("discard", discard),
        ("active", active),
        ("start", start),
        ("round_no", round_no),
    ):
        if value is not None:
            setup[key] = value
    return Table("legends", config, seed, setup)


def attack(*attackers: str | tuple[str, str], target: str) -> Action:
    """`attack("A1", ("A2", "mp"), target="X")`: stats omitted unless given."""
    entries = [{"iid": a} if isinstance(a, str) else {"iid": a[0], "stat": a[1]} for a in attackers]
    return Action("declare_attack", attackers=entries, target=target)


PASS = Action("pass")
END_TURN = Action("end_turn")
END_COUNTER = Action("end_counter")
CONCEDE = Action("concede")


def refused(table: Table, seat: str, action: Action) -> str:
    """The refusal code of an action that must be refused; also checks that the state and
    the event log are left exactly as they were (§6)."""
    before, count = table.hash, len(table.events)
    with pytest.raises(IllegalAction) as exc:
        table.act(seat, action)
    assert table.hash == before
    assert len(table.events) == count
    return exc.value.code


def pass_all(table: Table, *, limit: int = 20) -> None:
    """Every seat holding priority (or setting up its defence) passes until the combat ends."""
    for _ in range(limit):
        phase = table.state.phase
        if phase not in ("window", "defence_setup"):
            return
        (seat,) = table.to_act
        table.act(seat, PASS if phase == "window" else Action("defence_ready"))
    raise AssertionError("the combat did not end")


def fight(table: Table, seat: str, action: Action) -> dict[str, Any]:
    """Declares an attack, lets everyone pass, and returns the `attack_resolved` data."""
    count = len(table.events)
    table.act(seat, action)
    pass_all(table)
    resolved = [e for e in table.events[count:] if e.type == "attack_resolved"]
    assert len(resolved) == 1
    return dict(resolved[0].data)


def ch(table: Table, iid: str):
    """The character `iid` on a table (None once it left)."""
    return table.state.battle.characters.get(iid)


def hp(table: Table, iid: str) -> int:
    return stats.current_hp(table.state, ch(table, iid))


def events(table: Table, kind: str, since: int = 0) -> list[dict[str, Any]]:
    return [dict(e.data) for e in table.events[since:] if e.type == kind]


def types(table: Table, since: int = 0) -> list[str]:
    return [e.type for e in table.events[since:]]


def hand(table: Table, seat: str) -> list[str]:
    return list(table.state.seats[seat].hand)


def cards_of(table: Table, iids: list[str]) -> list[str]:
    return [table.state.instances[i] for i in iids]
