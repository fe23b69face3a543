"""The `Campaigns` capability of Legends of AZ, mixed into the game object."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tavola.core import Action, Event, Viewer
from tavola.core.capabilities import HUMAN
from tavola.features.campaigns.protocol import CampaignChoice, CampaignGame, CampaignOption

from ..messages import only_args, refuse
from ..state import LegendsState
from . import bot, ready, sequence, view
from .config import CampaignConfig, campaign_catalog

CHOICES = {"choose_next_battle": "index", "choose_carry": "iids"}
"""A20 and A19: each between-battle action and its one argument."""


def _player(kind: str) -> str:
    """Who plays a seat of the kind a campaign's player spec names: a bot seat is the
    game's reference bot."""
    return HUMAN if kind == HUMAN else "reference"


def battle_seats(config: CampaignConfig, number: int) -> tuple[str, ...]:
    battle = config.battles[number - 1]
    seats = [_player(m.kind) for m in config.party] + [_player(e.kind) for e in battle.evil]
    return (*seats, *(("boss",) if battle.boss is not None else ()))


class LegendsCampaigns:
    def campaign_config(
        self, options: Mapping[str, Any], party: Sequence[Mapping[str, Any]]
    ) -> dict[str, Any]:
        return ready.campaign_config(options, party)

    def campaign_options(self) -> type[CampaignConfig]:
        return CampaignConfig

    def new_campaign(
        self, config: Mapping[str, Any], seed: int, secret: str | None = None
    ) -> dict[str, Any]:
        return sequence.new_campaign(config, seed, secret)

    def campaign_sealed(self, campaign: Mapping[str, Any], secret: str) -> dict[str, Any]:
        return sequence.sealed(campaign, secret)

    def campaign_next(
        self, campaign: Mapping[str, Any], lang: str
    ) -> CampaignGame | CampaignChoice | None:
        config = sequence.config_of(campaign)
        words = view.Words(config, lang)
        status = campaign["status"]
        if status == "battle":
            number, attempt = campaign["battle"], campaign["attempt"]
            return CampaignGame(
                number=number,
                attempt=attempt,
                config=sequence.next_battle_config(campaign),
                seed=campaign["battle_seed"],
                setup=None,
                seats=battle_seats(config, number),
                title=words.battle_title(number, attempt),
            )
        seat = sequence.awaited_seat(campaign)
        if seat is None:
            return None
        kind = _player(config.party[int(seat[1:]) - 1].kind)
        name = words.seat(seat)
        if status == "choose_battle":  # the battles not yet won, by their first title
            left = [n for n in range(1, len(config.battles) + 1) if n not in campaign["won"]]
            action, argument, limit = "choose_next_battle", "index", None
            options = tuple(CampaignOption(n, words.battle_title(n, 1)) for n in left)
            question = view.say(lang, "ask_battle", name=name)
        else:  # the cards this seat may carry into the next battle
            carried = campaign["carry_options"][seat]
            action, argument, limit = "choose_carry", "iids", config.carry_limit
            options = tuple(CampaignOption(o["iid"], words.option(o)) for o in carried)
            question = view.say(lang, "ask_carry", name=name, limit=limit)
        return CampaignChoice(seat, name, kind, action, argument, options, limit, question)

    def campaign_choose(
        self, campaign: Mapping[str, Any], seat: str, action: Action
    ) -> tuple[dict[str, Any], list[Event]]:
        argument = CHOICES.get(action.type)
        if argument is None:
            raise refuse("unknown_action", action=action.type)
        only_args(action.type, action.args, argument)
        value = action.get(argument)
        if isinstance(value, tuple):
            value = list(value)
        return sequence.choose(campaign, seat, action.type, value)

    def campaign_bot_choice(self, campaign: Mapping[str, Any], seat: str) -> Action:
        config = sequence.config_of(campaign)
        if seat != sequence.awaited_seat(campaign):
            raise refuse("not_your_decision", seat=seat)
        if campaign["status"] == "choose_battle":
            return bot.next_battle(len(config.battles), campaign["won"])
        return bot.carry(
            campaign["carry_options"][seat],
            campaign_catalog(config),
            config.carry_limit,
            config.equipment_counts_toward_carry,
        )

    def campaign_record(
        self, campaign: Mapping[str, Any], state: LegendsState
    ) -> tuple[dict[str, Any], list[Event]]:
        return sequence.record(campaign, state)

    def campaign_view(
        self, campaign: Mapping[str, Any], viewer: Viewer, lang: str
    ) -> dict[str, Any]:
        return view.view(campaign, viewer, lang)

    def campaign_lines(self, campaign: Mapping[str, Any], viewer: Viewer, lang: str) -> list[str]:
        return view.lines(campaign, viewer, lang)

    def campaign_result(self, campaign: Mapping[str, Any]) -> dict[str, Any] | None:
        return sequence.result(campaign)
