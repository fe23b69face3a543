"""A whole seeded game against the Automatic Boss, its action log stored and compared: any
change to the rules or the boss policy that alters this game shows up here. After an
intended change, regenerate with TAVOLA_UPDATE_GOLDEN=1."""

import json
import os
from pathlib import Path

from tavola.bots import make_bot
from tavola.core import GameRecord, Table, replay
from tavola.games.legends.decks import deck_for

GOLDEN = Path(__file__).parent / "golden" / "boss_classic_seed5.json"


def boss_game() -> Table:
    config = {
        "mode": "classic",
        "sides": "good_vs_evil",
        "players": [
            {
                "name": "Eroe",
                "age": 12,
                "kind": "bot",
                "team": "good",
                "contribution": deck_for(0, "good").card_ids(),
            },
        ],
        "boss": {
            "main_card_id": "S1-023",
            "level": 2,
            "contribution": deck_for(0, "evil").card_ids(),
        },
    }
    table = Table("legends", config, 5)
    players = {s: make_bot("bot", table.game, 5, s) for s in table.game.seats(table.state)}
    table.play(players)
    return table


def test_golden_game_against_the_boss_is_unchanged():
    table = boss_game()
    record = table.record().to_json()
    if os.environ.get("TAVOLA_UPDATE_GOLDEN"):
        GOLDEN.write_text(json.dumps(record, indent=1, ensure_ascii=False) + "\n")
    stored = json.loads(GOLDEN.read_text())
    assert table.outcome is not None
    assert record["log"] == stored["log"]
    assert record["state_hash"] == stored["state_hash"]


def test_golden_record_replays_to_its_hash():
    stored = GameRecord.from_json(json.loads(GOLDEN.read_text()))
    assert replay(stored).hash == stored.state_hash
