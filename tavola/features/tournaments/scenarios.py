"""Tournament scenarios (`kind = "tournament"`): entrants and options, then round by round
the pairings expected and the results given, and what the public view must show.
No game is played: results are data, so the format's rules are tested alone. With `game`,
entrants register through that game's `TournamentRules`: its registration model
reads each entrant's `registration`, its check accepts it. See docs/scenarios.md."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tavola.core.capabilities import capability
from tavola.core.errors import TavolaError
from tavola.core.registry import get_game
from tavola.core.scenario_checks import MISSING, ScenarioFailure, flatten, lookup, same
from tavola.features.tournaments.format import (
    MAX_TABLE,
    Entrant,
    Tournament,
    new_tournament,
    parse_game_options,
    pending,
    public_view,
    record,
    register,
    start,
)
from tavola.features.tournaments.protocol import TournamentRules

KEYS = frozenset({"title", "kind", "game", "seed", "tournament", "entrants", "round"}) | {
    "expect",
    "expect_standings",
    "expect_points",
}
ROUND_KEYS = frozenset(
    {"expect_pairings", "results", "expect", "expect_standings", "expect_points"}
)


def build(data: Mapping[str, Any]) -> Tournament:
    """The tournament, its entrants registered (through the game when named), started."""
    options = data.get("tournament", {})
    game_options: dict[str, Any] = {}
    check = None
    rotate = False
    seats = (2, MAX_TABLE)
    if "game" in data:
        rules = capability(get_game(str(data["game"])), TournamentRules)
        if rules is None:
            raise ScenarioFailure(f"{data['game']} has no tournaments")
        parsed = parse_game_options(rules.tournament_options(), options)
        game_options = parsed.model_dump(mode="json")
        rotate = rules.rotates_opener(parsed)
        seats = rules.table_seats()
        model = rules.registration()

        def check(e: Entrant) -> Entrant:
            read = model.model_validate(e.registration).model_dump(mode="json")
            return rules.check_entrant(e.model_copy(update={"registration": read}), parsed)

    t = new_tournament(
        options, int(data.get("seed", 0)), game_options, rotate_opener=rotate, table_seats=seats
    )
    for raw in data.get("entrants", []):
        register(t, Entrant.model_validate(raw), check)
    start(t)
    return t


def _names(t: Tournament) -> dict[str, int]:
    return {e.name: i for i, e in enumerate(t.entrants)}


def _apply(t: Tournament, entry: Any) -> None:
    """One result: `"A > B"` (A first), `"A = B"` (shared place), `"A > B = C > D"`, or a
    table `{ result = "A > B", absent = ["B"] }` (a no-show)."""
    text, absent = (
        (entry["result"], entry.get("absent", [])) if isinstance(entry, Mapping) else (entry, [])
    )
    names = _names(t)
    places: dict[int, int] = {}
    seen = 0
    for group in str(text).split(">"):
        members = [name.strip() for name in group.split("=")]
        for name in members:
            if name not in names:
                raise ScenarioFailure(f"result {text!r}: no entrant {name!r}")
            places[names[name]] = seen + 1
        seen += len(members)
    game = next((g for g in pending(t) if set(g.entrants) == set(places)), None)
    if game is None:
        raise ScenarioFailure(f"result {text!r}: no game waits between exactly these entrants")
    record(
        t,
        game.id,
        [places[e] for e in game.entrants],
        forfeits=[names[name] for name in absent],
    )


def _check(t: Tournament, spec: Mapping[str, Any]) -> None:
    view = public_view(t)
    for path, wanted in flatten(spec.get("expect", {})):
        actual = lookup(view, path)
        if actual is MISSING or not same(actual, wanted):
            shown = "absent" if actual is MISSING else repr(actual)
            raise ScenarioFailure(f"{path}: expected {wanted!r}, got {shown}")
    standings = view.get("standings", [])
    if "expect_standings" in spec:
        order = [row["name"] for row in standings]
        if order != list(spec["expect_standings"]):
            raise ScenarioFailure(f"standings: expected {spec['expect_standings']}, got {order}")
    points = {row["name"]: row.get("points") for row in standings}
    for name, wanted in spec.get("expect_points", {}).items():
        if points.get(name) != wanted:
            raise ScenarioFailure(f"points of {name}: expected {wanted}, got {points.get(name)}")


def _round(t: Tournament, number: int, spec: Any) -> None:
    if not isinstance(spec, Mapping):
        raise ScenarioFailure("a round is a table")
    unknown = sorted(set(spec) - ROUND_KEYS)
    if unknown:
        raise ScenarioFailure(f"unknown keys {unknown}; allowed: {sorted(ROUND_KEYS)}")
    if len(t.rounds) < number:
        raise ScenarioFailure(f"the tournament has no round {number} ({t.phase})")
    if "expect_pairings" in spec:
        names = [e.name for e in t.entrants]
        pairings = [[names[e] for e in m.entrants] for m in t.rounds[number - 1].matches]
        if pairings != [list(p) for p in spec["expect_pairings"]]:
            raise ScenarioFailure(f"pairings: expected {spec['expect_pairings']}, got {pairings}")
    for entry in spec.get("results", []):
        _apply(t, entry)
    _check(t, spec)


def run_tournament(data: Mapping[str, Any]) -> None:
    """Raises `ScenarioFailure` (or the tournament's `TavolaError`) at the first miss."""
    unknown = sorted(set(data) - KEYS)
    if unknown:
        raise ScenarioFailure(f"unknown keys {unknown}; allowed: {sorted(KEYS)}")
    t = build(data)
    for number, spec in enumerate(list(data.get("round", [])), start=1):
        try:
            _round(t, number, spec)
        except (ScenarioFailure, TavolaError) as exc:
            raise ScenarioFailure(f"round {number}: {exc}") from None
    _check(t, data)


def is_tournament(data: Mapping[str, Any]) -> bool:
    return data.get("kind") == "tournament"


__all__ = ["is_tournament", "run_tournament"]
