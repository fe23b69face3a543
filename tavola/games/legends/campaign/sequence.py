"""The campaign as plain data (R140) and its course: the order of the battles (R133), a
battle's end and its retries (R134, R139), the carry choices between battles (R135).

A campaign is a JSON object:

  config         the campaign's options (`CampaignConfig`)
  rng            the campaign RNG (battle seeds are drawn from it, R134, without a secret)
  secret         (absent without one) the hex secret each battle's seed is keyed by, with
                 the battle's place among those fought: the seeds of battles fought, which
                 are public, tell nothing of the next; never shown
  status         `choose_battle`, `battle`, `carry`, `won` or `lost`
  battle         the battle being fought or about to be (1-based), null while it is chosen
  attempt        1 for the first try of that battle, 2… for its retries
  battle_seed    the seed of that attempt
  retries_left   R134
  won            battles won, in the order won
  party          seat → {main_equipment, carried: [{card_id, equipment, damage}]}
  carry_options  seat → what it may carry out of the battle just won (R135)
  carry_pending  seats still to choose, in party order
  results        one entry per battle fought: {battle, attempt, seed, outcome, reason,
                 survivors, rounds}
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from tavola.core import Event, Rng
from tavola.core.rng import keyed_seed

from ..config import parse_config
from ..messages import refuse
from ..state import LegendsState
from . import carry
from .config import CampaignConfig, battle_config, leader, parse_campaign, party_seats

Campaign = dict[str, Any]


def new_campaign(config: Mapping[str, Any], seed: int, secret: str | None = None) -> Campaign:
    """From a known `seed` (practice, scenarios), or keyed by a `secret` (`seed` unused)."""
    parsed = parse_campaign(config)
    campaign: Campaign = {
        "config": parsed.model_dump(mode="json"),
        "rng": Rng(keyed_seed(secret, "stream") if secret is not None else seed).to_json(),
        **({"secret": secret} if secret is not None else {}),
        "status": "battle",
        "battle": None,
        "attempt": 1,
        "battle_seed": None,
        "retries_left": parsed.retries,
        "won": [],
        "party": {s: {"main_equipment": None, "carried": []} for s in party_seats(parsed)},
        "carry_options": {},
        "carry_pending": [],
        "results": [],
    }
    _next_battle(campaign, parsed)
    return campaign


def config_of(campaign: Mapping[str, Any]) -> CampaignConfig:
    return CampaignConfig.model_validate(campaign["config"])


def sealed(campaign: Mapping[str, Any], secret: str) -> Campaign:
    """A campaign stored before battle seeds were keyed, its battles from now on keyed by
    `secret` (one keyed already is returned as it is)."""
    if "secret" in campaign:
        return dict(campaign)
    return {**copy.deepcopy(dict(campaign)), "secret": secret}


def _draw_seed(campaign: Campaign, number: int, attempt: int) -> int:
    if "secret" in campaign:  # keyed by the battle's place among those fought: never twice
        return keyed_seed(campaign["secret"], "battle", len(campaign["results"]), number, attempt)
    rng = Rng.from_json(campaign["rng"])
    seed = rng.next_u32()
    campaign["rng"] = rng.to_json()
    return seed


def _start(campaign: Campaign, number: int, attempt: int) -> None:
    campaign.update(
        status="battle",
        battle=number,
        attempt=attempt,
        battle_seed=_draw_seed(campaign, number, attempt),
    )


def _next_battle(campaign: Campaign, config: CampaignConfig) -> None:
    """R133: the next battle in list order, or the party's choice; R139: won when none is
    left."""
    left = [n for n in range(1, len(config.battles) + 1) if n not in campaign["won"]]
    if not left:
        campaign.update(status="won", battle=None, battle_seed=None)
    elif config.sequence == "party_choice":
        campaign.update(status="choose_battle", battle=None, battle_seed=None)
    else:
        _start(campaign, left[0], 1)


def carry_in(campaign: Mapping[str, Any], config: CampaignConfig) -> dict[str, Any] | None:
    """The next battle's `carry_in` option (R136), null when nobody brings anything."""
    seats = {
        seat: {"cards": held["carried"], "main_equipment": held["main_equipment"]}
        for seat, held in campaign["party"].items()
        if held["carried"] or held["main_equipment"]
    }
    if not seats:
        return None
    return {"seats": seats, "equipment_counts": config.equipment_counts_toward_carry}


def next_battle_config(campaign: Mapping[str, Any]) -> dict[str, Any]:
    config = config_of(campaign)
    return battle_config(config, campaign["battle"], carry_in(campaign, config))


def awaited_seat(campaign: Mapping[str, Any]) -> str | None:
    """Whose choice the campaign waits for, if any."""
    if campaign["status"] == "choose_battle":
        return leader(config_of(campaign))
    if campaign["status"] == "carry":
        return str(campaign["carry_pending"][0])
    return None


def choose(
    campaign: Mapping[str, Any], seat: str, action_type: str, argument: Any
) -> tuple[Campaign, list[Event]]:
    """A19 `choose_carry(iids)`, A20 `choose_next_battle(index)`: checked, then applied to a
    copy (the campaign given never changes)."""
    config = config_of(campaign)
    status = campaign["status"]
    if status in ("won", "lost"):
        raise refuse("game_over")
    wanted = {"choose_battle": "choose_next_battle", "carry": "choose_carry"}.get(status)
    if seat != awaited_seat(campaign):
        raise refuse("not_your_decision", seat=seat)
    if action_type != wanted:
        raise refuse("wrong_phase", action=action_type, phase=status)
    after = copy.deepcopy(dict(campaign))
    if action_type == "choose_next_battle":
        return after, _choose_battle(after, config, seat, argument)
    return after, _choose_carry(after, config, seat, argument)


def _choose_battle(
    campaign: Campaign, config: CampaignConfig, seat: str, index: Any
) -> list[Event]:
    """R133: a battle of the list not yet won."""
    if (
        isinstance(index, bool)
        or not isinstance(index, int)
        or not 1 <= index <= len(config.battles)
        or index in campaign["won"]
    ):
        raise refuse("invalid_choice", choice=repr(index))
    _start(campaign, index, 1)
    return [Event("battle_chosen", {"seat": seat, "battle": index})]


def _choose_carry(campaign: Campaign, config: CampaignConfig, seat: str, iids: Any) -> list[Event]:
    """R135 checked; R136: what the seat will bring into its next battle."""
    chosen = carry.checked_choice(
        campaign["carry_options"][seat],
        iids,
        config.carry_limit,
        config.equipment_counts_toward_carry,
    )
    campaign["party"][seat]["carried"] = [carry.carried(o, config.carry_damage) for o in chosen]
    del campaign["carry_options"][seat]
    campaign["carry_pending"].remove(seat)
    cards = [o["card_id"] for o in chosen]
    events = [
        Event(
            "carry_chosen",
            {"seat": seat, "count": len(chosen), "cards": cards},
            visible_to=frozenset({seat}),
            public={"seat": seat, "count": len(chosen)},
        )
    ]
    if not campaign["carry_pending"]:
        _next_battle(campaign, config)
    return events


def record(campaign: Mapping[str, Any], state: LegendsState) -> tuple[Campaign, list[Event]]:
    """The battle the campaign waited for ended in `state`. R134: won → on (after the carry
    choices); lost or drawn → the same battle again with a new seed while retries are left,
    else the campaign is lost."""
    if campaign["status"] != "battle":
        raise refuse("wrong_phase", action="record_battle", phase=campaign["status"])
    expected = next_battle_config(campaign)
    if state.config.model_dump(mode="json") != _normalised(expected):
        raise refuse("not_this_battle")
    if state.result is None:
        raise refuse("battle_not_over")
    config = config_of(campaign)
    after = copy.deepcopy(dict(campaign))
    seats = party_seats(config)
    result = state.result
    won = not result.draw and any(s in result.winners for s in seats)
    survivors = [s for s in seats if not state.seats[s].eliminated]
    number = after["battle"]
    after["results"].append(
        {
            "battle": number,
            "attempt": after["attempt"],
            "seed": after["battle_seed"],
            "outcome": "won" if won else ("drawn" if result.draw else "lost"),
            "reason": result.reason,
            "survivors": survivors,
            "rounds": state.battle.round_no if state.battle else 0,
        }
    )
    events = [Event("battle_recorded", dict(after["results"][-1]))]
    if won:
        after["won"].append(number)
        _after_victory(after, config, state, survivors)
    elif after["retries_left"] > 0:
        after["retries_left"] -= 1
        _start(after, number, after["attempt"] + 1)
    else:
        after["status"] = "lost"
    if after["status"] in ("won", "lost"):
        events.append(Event("campaign_over", {"won": after["status"] == "won"}))
    return after, events


def _after_victory(
    campaign: Campaign, config: CampaignConfig, state: LegendsState, survivors: list[str]
) -> None:
    """R135: the survivors choose what to carry (the eliminated carry nothing and come back
    with their bare main); after the last battle there is nothing left to carry into."""
    for seat, held in campaign["party"].items():
        held["main_equipment"] = carry.main_equipment(state, seat)
        held["carried"] = []
    if len(campaign["won"]) == len(config.battles):
        campaign.update(status="won", battle=None, battle_seed=None)
        return
    options = {s: carry.carry_options(state, s) for s in survivors}
    pending = [s for s in survivors if options[s] and config.carry_limit > 0]
    if not pending:
        _next_battle(campaign, config)
        return
    campaign.update(
        status="carry",
        carry_options={s: options[s] for s in pending},
        carry_pending=pending,
        battle=None,
        battle_seed=None,
    )


def _normalised(config: Mapping[str, Any]) -> dict[str, Any]:
    return parse_config(config).model_dump(mode="json")


def result(campaign: Mapping[str, Any]) -> dict[str, Any] | None:
    """R139: won or lost, battles won, retries used and, per battle won, the party seats
    still in play at its end."""
    if campaign["status"] not in ("won", "lost"):
        return None
    config = config_of(campaign)
    fought = campaign["results"]
    return {
        "won": campaign["status"] == "won",
        "battles": len(config.battles),
        "battles_won": len(campaign["won"]),
        "retries_used": config.retries - campaign["retries_left"],
        "survivors": {str(r["battle"]): r["survivors"] for r in fought if r["outcome"] == "won"},
        "lost_at": None if campaign["status"] == "won" else fought[-1]["battle"],
    }
