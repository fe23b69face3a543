"""Campaigns for the campaign tests: a small party against a boss, battles ended on purpose
(won from a scripted position, or lost by conceding)."""

from __future__ import annotations

from typing import Any

from tavola.core import Action, Table, get_game
from tavola.features.campaigns.protocol import CampaignChoice, CampaignGame

GAME = get_game("legends")

HERO = {
    "card_id": "X-HERO",
    "name": "Eroe",
    "name_en": "Hero",
    "type": "character",
    "rarity": "C",
    "series": "X",
    "alignment": "lawful_good",
    "sub_type": "pure",
    "hp": 500,
    "str": 10,
    "mp": 60,
    "def": 10,
}
BOSS = {
    **HERO,
    "card_id": "X-BOSS",
    "name": "Tiranno",
    "name_en": "Tyrant",
    "alignment": "lawful_evil",
    "sub_type": "dominator",
    "hp": 800,
    "mp": 0,
}
CATALOG = ["starter_S1", HERO, BOSS]
STRIKER = "S1-005"
"""Nino Fiondalesta, good, STR 60: one hit finishes a boss left at 1 HP."""


def campaign_config(**overrides: Any) -> dict[str, Any]:
    config: dict[str, Any] = {
        "party": [
            {"name": "Giulia", "age": 40, "kind": "bot", "main_card_id": "X-HERO"},
            {"name": "Marco", "age": 12, "kind": "bot", "main_card_id": "X-HERO"},
        ],
        "battles": [{"boss": {"main_card_id": "X-BOSS"}} for _ in range(3)],
        "options": {"catalog": CATALOG, "deck_source": "starter", "max_rounds": 8},
    }
    config.update(overrides)
    return config


def new(seed: int = 1, **overrides: Any) -> dict[str, Any]:
    return GAME.new_campaign(campaign_config(**overrides), seed)


def next_battle(campaign: dict[str, Any]) -> CampaignGame:
    step = GAME.campaign_next(campaign, "en")
    assert isinstance(step, CampaignGame), step
    return step


def next_choice(campaign: dict[str, Any]) -> CampaignChoice:
    step = GAME.campaign_next(campaign, "en")
    assert isinstance(step, CampaignChoice), step
    return step


def _finish(table: Table, party_action: Action) -> None:
    """Party seats play `party_action` whenever they must act (a pass, a concession); the
    boss plays as the rules say."""
    boss = GAME.automaton("boss", 0)
    while table.to_act:
        seat = sorted(table.to_act)[0]
        action = boss.choose(GAME, table.state, seat) if seat == "B" else party_action
        table.act(seat, action)


def won_battle(campaign: dict[str, Any], seats: dict[str, Any] | None = None) -> Table:
    """The campaign's next battle from a scripted position (`seats`: the party's tables and
    hands), won at once: P1's striker hits the boss's main, left at 1 HP."""
    step = next_battle(campaign)
    position = {"P1": {}, **(seats or {})}
    position["P1"] = {**position["P1"]}
    position["P1"]["table"] = [*position["P1"].get("table", []), {"card": STRIKER, "iid": "S"}]
    setup = {
        "turn_order": ["P1", "P2", "B"],
        "active": "P1",
        "discard": position.pop("discard", []),
        "seats": {**position, "B": {"main": {"card": "X-BOSS", "damage": 799}}},
    }
    table = Table(GAME, step.config, step.seed, setup)
    table.act("P1", Action("declare_attack", attackers=[{"iid": "S", "stat": "str"}], target="mB"))
    _finish(table, Action("pass"))
    assert table.outcome is not None and "P1" in table.outcome.winners
    return table


def lost_battle(campaign: dict[str, Any]) -> Table:
    """The campaign's next battle, with its real setup, lost: every party seat concedes."""
    step = next_battle(campaign)
    table = Table(GAME, step.config, step.seed, step.setup)
    _finish(table, Action("concede"))
    assert table.outcome is not None and table.outcome.winners == ("B",)
    return table


def started_battle(campaign: dict[str, Any]) -> Table:
    """The campaign's next battle, set up for real until the formation."""
    step = next_battle(campaign)
    table = Table(GAME, step.config, step.seed, step.setup)
    table.act(table.state.cutter, Action("cut_deck", k=1))
    assert table.state.phase == "setup_formation"
    return table


def record(campaign: dict[str, Any], table: Table) -> dict[str, Any]:
    after, _ = GAME.campaign_record(campaign, table.state)
    return after


def choose(campaign: dict[str, Any], seat: str, action: Action) -> dict[str, Any]:
    after, _ = GAME.campaign_choose(campaign, seat, action)
    return after


def carry_nothing(campaign: dict[str, Any]) -> dict[str, Any]:
    while campaign["status"] == "carry":
        seat = campaign["carry_pending"][0]
        campaign = choose(campaign, seat, Action("choose_carry", iids=[]))
    return campaign
