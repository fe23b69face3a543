"""Seasons' table for the lobby and the server (`table_options.py`): the presets, the bounded
options, and a one-seat table created from a lobby's request, its events told in words."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from tavola.core import ConfigError
from tavola.core.capabilities import TableBuilder, capability
from tavola.games.seasons.game import INFO, game
from tavola.games.seasons.table_options import SeasonsTableOptions
from tests.server.api_helpers import running, take_seat, ws_receive


def builder() -> TableBuilder:
    found = capability(game, TableBuilder)
    assert found is not None
    return found


def test_s10_the_presets_put_the_wizard_companion_first_then_the_levels_and_practice() -> None:
    presets = builder().presets()
    assert [p.id for p in presets] == [
        "companion_wizard",
        "companion_apprentice",
        "companion_archmage",
        "practice_wizard",
    ]
    assert presets[0].options == {"mode": "companion", "difficulty": "wizard"}
    assert presets[3].options == {"mode": "practice", "difficulty": "wizard"}
    assert all(p.seats == ("human",) for p in presets)
    assert presets[0].title == {"it": "Al tavolo · Mago", "en": "At the table · Wizard"}


def test_s3_5_the_table_options_are_bounded_to_the_spec_values() -> None:
    with pytest.raises(ValidationError):
        SeasonsTableOptions.model_validate({"difficulty": "grandmaster"})
    with pytest.raises(ValidationError):
        SeasonsTableOptions.model_validate({"max_rounds": 12})  # not a table's choice
    with pytest.raises(ValidationError):
        SeasonsTableOptions.model_validate({"show_dummbot_hand": "yes"})


def test_s3_5_a_practice_table_with_table_rolls_is_refused_when_asked_for() -> None:
    with pytest.raises(ConfigError) as refused:
        builder().table_config({"mode": "practice", "dice_source": "table_rolls"}, [{}])
    assert refused.value.field == "dice_source"
    config = builder().table_config({"difficulty": "archmage"}, [{"kind": "human"}])
    assert config == {"difficulty": "archmage"}


def test_s10_the_server_sets_a_one_seat_companion_table_with_its_page(tmp_path: Path) -> None:
    """(§10, R1) The lobby's first preset makes a table with one seat, the person's; the
    catalogue names the page's module; the first prompt is told in the reader's words."""
    with running(f"sqlite:///{tmp_path / 'db.sqlite'}") as client:
        catalog = client.get("/api/catalog", params={"lang": "it"}).json()
        entry = next(g for g in catalog if g["name"] == "seasons")
        assert entry["table_module"] == "/games/seasons/web/table.js"
        assert entry["presets"][0]["title"]["it"] == "Al tavolo · Mago"
        assert "table_builder" in entry["capabilities"] and INFO.web is not None
        assert client.get("/games/seasons/web/i18n/it.json").status_code == 200
        preset = entry["presets"][0]
        seats = [{"kind": kind} for kind in preset["seats"]]
        body = {"game": "seasons", "options": preset["options"], "seats": seats}
        created = client.post("/api/games", json=body)
        assert created.status_code == 201, created.text
        (seat,) = created.json()["seats"]
        assert seat["seat"] == "human" and seat["kind"] == "human"
        token = take_seat(client, created.json()["game_id"], "human", seat["invite"])
        with client.websocket_connect(
            f"/api/games/{created.json()['game_id']}/ws?token={token}&lang=it"
        ) as socket:
            state = ws_receive(socket)
        assert state["type"] == "state" and state["view"]["prompt"]["kind"] == "name_cards"
        told = [e["text"] for e in state["events"] if e["text"]]
        assert told == ["Preludio: scrivi i nomi delle 6 carte che hai dato a Dummbot"]
