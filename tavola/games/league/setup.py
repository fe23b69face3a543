"""A new game (§4): the config, the configured lineups, and then preparation and turn 1;
or, with `setup` (tests and scenarios, docs/scenarios.md), an explicit position.

Setup keys: `dice_script` alone keeps the real preparation. Any other key places a position
and skips preparation: `start` (`turn_start` default, `tactic`, `entry`), `turn`,
`attacker`, `actor`, `pools`, `dice`, `designated`, and per seat under `seats.<0|1>`:
`life`, `deck`, `hand`, `zone`, `discard` (card ids), `waiting`, `rest` (legend ids),
`loadouts` ({legend: [abilities]}), `uses`, `pending_die_mod`, `revealed`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import orjson
from pydantic import BaseModel

from tavola.core import ConfigError, Event, IllegalAction, Rng

from .config import LeagueConfig, bad_config, parse_config
from .content import starter
from .content_model import Lineup, TeamEntry
from .effects import seat_of
from .flow import advance
from .lineup import eff_cost, validate_lineup
from .state import SEATS, LeagueState

SETUP_KEYS = frozenset(
    {"dice_script", "start", "turn", "attacker", "actor", "pools", "dice", "designated", "seats"}
)
SEAT_KEYS = frozenset(
    {
        "life",
        "deck",
        "hand",
        "zone",
        "discard",
        "waiting",
        "rest",
        "loadouts",
        "uses",
        "pending_die_mod",
        "revealed",
    }
)
DEFAULT_POOL = 12


READY_BOUND = 256
"""How many distinct configs `_ready` remembers (a batch plays one table many times)."""
_READY: dict[bytes, tuple[LeagueConfig, tuple[Lineup | None, ...]]] = {}


def _ready(config: Mapping[str, Any] | BaseModel) -> tuple[LeagueConfig, tuple[Lineup | None, ...]]:
    """The parsed config and its configured lineups, validated once per distinct config
    mapping: both are frozen values, and a batch of games would otherwise spend a tenth of
    its time validating the same table again."""
    key = None
    if isinstance(config, Mapping):
        try:
            key = orjson.dumps(config, option=orjson.OPT_SORT_KEYS)
        except TypeError:
            key = None  # not plain JSON: parsed every time
        if key is not None and key in _READY:
            return _READY[key]
    cfg = parse_config(config)
    lineups: list[Lineup | None] = []
    for side, raw in enumerate(cfg.lineups):
        if raw is None:
            lineups.append(None)
            continue
        try:
            lineups.append(validate_lineup(raw, starter(), cfg))
        except IllegalAction as exc:
            raise bad_config(f"lineups.{side}", f"{exc.code}: {exc.message}") from None
    ready = (cfg, tuple(lineups))
    if key is not None:
        if len(_READY) >= READY_BOUND:
            _READY.clear()
        _READY[key] = ready
    return ready


def new_state(
    config: Mapping[str, Any] | BaseModel, seed: int, setup: Mapping[str, Any] | None = None
) -> LeagueState:
    cfg, lineups = _ready(config)
    state = LeagueState(cfg, Rng(seed))
    events: list[Event] = []
    for side, lineup in enumerate(lineups):
        if lineup is not None:
            state.sides[side].lineup = lineup
            events.append(
                Event("LINEUP_ACCEPTED", {"seat": seat_of(side), "gimmick": lineup.gimmick})
            )
    setup = dict(setup or {})
    unknown = sorted(set(setup) - SETUP_KEYS)
    if unknown:
        raise _bad_setup(unknown[0], "is not a setup key")
    script = setup.pop("dice_script", [])
    if not isinstance(script, list) or not all(_face(f, cfg) for f in script):
        raise _bad_setup("dice_script", f"must list faces from 1 to {cfg.die_faces}")
    state.dice_script = [int(f) for f in script]
    if setup:
        _position(state, setup)
    elif all(s.lineup is not None for s in state.sides):
        state.stage = "prepare"
    advance(state, events)
    state.opening = events
    return state


def _face(value: Any, cfg: LeagueConfig) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= cfg.die_faces


def _bad_setup(key: str, reason: str) -> ConfigError:
    return ConfigError("BAD_SETUP", f"setup.{key}: {reason}", field=f"setup.{key}")


def _ids(value: Any, key: str, known: Mapping[str, Any]) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) and v in known for v in value):
        raise _bad_setup(key, "must list known ids")
    return [str(v) for v in value]


def _position(state: LeagueState, setup: dict[str, Any]) -> None:
    cfg = state.config
    if any(s.lineup is None for s in state.sides):
        raise _bad_setup("seats", "a position needs both lineups in config.lineups")
    start = setup.get("start", "turn_start")
    if start not in ("turn_start", "tactic", "entry"):
        raise _bad_setup("start", "must be turn_start, tactic or entry")
    turn = setup.get("turn", 1)
    if not isinstance(turn, int) or not 1 <= turn <= cfg.max_turns + 1:
        raise _bad_setup("turn", "must be a turn number")
    seats = setup.get("seats", {})
    if not isinstance(seats, Mapping) or set(seats) - set(SEATS):
        raise _bad_setup("seats", 'must be a table keyed "0" and "1"')
    designated = setup.get("designated", {})
    if not isinstance(designated, Mapping) or set(designated) - set(SEATS):
        raise _bad_setup("designated", 'must be a table keyed "0" and "1"')
    for side, seat in enumerate(SEATS):
        _place_seat(state, side, dict(seats.get(seat, {})), designated.get(seat))
    if start == "turn_start":
        state.turn_no = turn - 1
        state.stage = "turn_start"
        return
    attacker = setup.get("attacker", 0)
    if attacker not in (0, 1):
        raise _bad_setup("attacker", "must be 0 or 1")
    state.turn_no = turn
    state.attacker = attacker
    pools = setup.get("pools", [DEFAULT_POOL, DEFAULT_POOL])
    dice = setup.get("dice", [None, None])
    if not (isinstance(pools, list) and len(pools) == 2 and all(isinstance(p, int) for p in pools)):
        raise _bad_setup("pools", "must list two whole numbers")
    for side, player in enumerate(state.sides):
        player.pool = int(pools[side])
        player.die = dice[side] if isinstance(dice, list) and len(dice) == 2 else None
    if start == "entry":
        state.stage = "entry"
        for side, player in enumerate(state.sides):
            _check_affordable(state, side, player.designated)
        return
    actor = setup.get("actor", attacker)
    if actor not in (0, 1):
        raise _bad_setup("actor", "must be 0 or 1")
    state.stage = "tactic"
    state.actor = actor
    if actor != attacker:
        _check_affordable(state, attacker, state.sides[attacker].designated)


def _check_affordable(state: LeagueState, side: int, legend: str | None) -> None:
    if legend is None:
        raise _bad_setup("designated", f"seat {side} must designate a legend or none")
    if legend == "none":
        return
    player = state.sides[side]
    if eff_cost(starter().legends[legend], player.gimmick, state.config) > player.pool:
        raise _bad_setup("pools", f"seat {side} cannot afford {legend}")


def _place_seat(state: LeagueState, side: int, data: dict[str, Any], designated: Any) -> None:
    content = starter()
    unknown = sorted(set(data) - SEAT_KEYS)
    if unknown:
        raise _bad_setup(f"seats.{side}.{unknown[0]}", "is not a seat key")
    player = state.sides[side]
    lineup = player.lineup
    assert lineup is not None
    key = f"seats.{side}"
    hand = _ids(data.get("hand", []), f"{key}.hand", content.cards)
    zone_raw = data.get("zone", [])
    zone_cards = [z["card"] if isinstance(z, Mapping) else z for z in zone_raw]
    zone = _ids(zone_cards, f"{key}.zone", content.cards)
    discard = _ids(data.get("discard", []), f"{key}.discard", content.cards)
    if "deck" in data:
        deck = _ids(data["deck"], f"{key}.deck", content.cards)
    else:
        deck = list(lineup.deck)
        for card in hand + zone + discard:
            if card in deck:
                deck.remove(card)
    cards = deck + hand + zone + discard
    ids = [f"{side}-{k:02d}" for k in range(len(cards))]
    state.cards.update(zip(ids, cards, strict=True))
    player.deck = ids[: len(deck)]
    player.hand = ids[len(deck) : len(deck) + len(hand)]
    zone_ids = ids[len(deck) + len(hand) : len(deck) + len(hand) + len(zone)]
    player.zone = [
        [iid, int(z.get("set_turn", 1)) if isinstance(z, Mapping) else 1]
        for iid, z in zip(zone_ids, zone_raw, strict=True)
    ]
    player.discard = ids[len(deck) + len(hand) + len(zone) :]
    player.exposed = list(player.discard)
    rest = _ids(data.get("rest", []), f"{key}.rest", content.legends)
    chosen = [designated] if isinstance(designated, str) and designated != "none" else []
    _ids(chosen, "designated", content.legends)
    team = [e.legend_id for e in lineup.team]
    default_waiting = [legend for legend in team if legend not in rest]
    waiting = _ids(data.get("waiting", default_waiting), f"{key}.waiting", content.legends)
    for legend in chosen:
        if legend not in waiting:
            waiting.append(legend)
    loadouts = data.get("loadouts", {})
    if not isinstance(loadouts, Mapping):
        raise _bad_setup(f"{key}.loadouts", "must be a table legend = [abilities]")
    entries = {e.legend_id: e for e in lineup.team}
    for legend in waiting + rest:
        entries.setdefault(legend, TeamEntry(legend, content.legends[legend].default_abilities))
    for legend, abilities in loadouts.items():
        _ids([legend], f"{key}.loadouts", content.legends)
        entries[legend] = TeamEntry(
            legend, tuple(_ids(abilities, f"{key}.loadouts.{legend}", content.abilities))
        )
    player.lineup = Lineup(tuple(entries.values()), lineup.gimmick, tuple(cards))
    player.waiting = waiting
    player.rest = rest
    player.designated = designated if isinstance(designated, str) else None
    player.life = int(data.get("life", state.config.life_start))
    player.uses = int(data.get("uses", state.config.override_uses))
    player.pending_die_mod = int(data.get("pending_die_mod", 0))
    revealed = _ids(data.get("revealed", []), f"{key}.revealed", content.legends)
    player.revealed = list(dict.fromkeys(rest + revealed))
    if state.config.open_teams:
        player.revealed = list(entries)
