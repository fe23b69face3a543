"""Migration 0013 on a database the old code filled: a tournament open for registration,
its entrants stored with their age, main and deck beside their name and its format's
options holding `first_player = "alternate"`. After the upgrade the entrants bring all
three in their `registration`, the opener's rule is the game's, and the server starts the
tournament and plays it to its end, each game of the match opened by the other entrant."""

from __future__ import annotations

import json
from itertools import pairwise

from sqlalchemy import select

from tavola.features.tournaments.format import Tournament
from tavola.features.tournaments.tables import TournamentRow

from .api_helpers import running
from .migration_helpers import migrated_from
from .tournament_helpers import start, wait_tournament

DECK = ["S1-001", "S1-002", "S1-003", "S1-009", "S1-010", "S1-011"]
ORGANISER = "organiser-of-the-old-cup"
WHEN = "'2024-01-01 00:00:00+00:00'"
OLD_TOURNAMENT = {  # as the code before 0013 wrote it (2 bots, best of 3, alternate)
    "options": {
        "format": "single_elimination",
        "seeding": "lottery",
        "best_of": 3,
        "max_replays": 2,
        "third_place_match": False,
        "first_player": "alternate",
        "double": False,
        "rounds": None,
        "table_size": 2,
    },
    "game_options": {
        "deck_size": 6,
        "max_copies": 3,
        "allowed_series": None,
        "mode": "classic",
        "max_rounds": 3,
        "timers": None,
        "catalog": "starter_S1",
    },
    "rng": {"state": 14482196709443386939, "inc": 48603},
    "secret": None,
    "phase": "registration",
    "entrants": [
        {
            "name": "Ada",
            "age": 12,
            "rating": None,
            "kind": "reference",
            "main": "S1-001",
            "deck": DECK,
        },
        {
            "name": "Bruno",
            "age": 60,
            "rating": None,
            "kind": "random",
            "main": "S1-001",
            "deck": DECK,
        },
    ],
    "system": None,
    "seeding": [],
    "tickets": [],
    "bracket_size": 0,
    "planned_rounds": 0,
    "schedule": [],
    "rounds": [],
}
OLD_OPTIONS = {"format": "single_elimination", "best_of": 3, "first_player": "alternate"}
OLD_ROW = (
    "INSERT INTO tournaments (id, game, options, tournament, status, organiser_hash,"
    " no_show_seconds, seed_known, version, created_at, updated_at) VALUES ("
    f"'c0ffee', 'legends', '{json.dumps({**OLD_OPTIONS, 'deck_size': 6, 'max_rounds': 3})}',"
    f" '{json.dumps(OLD_TOURNAMENT)}', 'registration',"
    " 'f3f49a3976614c6f85987f0d66c3ec416772063ca824daa14e3d9adc7ee2c7eb',"
    f" 600, true, 2, {WHEN}, {WHEN})"
)


def test_old_entrants_bring_their_age_main_and_deck_in_their_registration(db_url):
    database = migrated_from(db_url, "0012", (OLD_ROW,))
    with database.session() as session:
        stored = session.scalars(select(TournamentRow)).one().tournament
    database.dispose()
    t = Tournament.model_validate(stored)
    assert [e.registration for e in t.entrants] == [
        {"age": 12, "main": "S1-001", "deck": DECK},
        {"age": 60, "main": "S1-001", "deck": DECK},
    ]
    assert [(e.name, e.kind) for e in t.entrants] == [("Ada", "reference"), ("Bruno", "random")]
    assert "first_player" not in stored["options"]
    assert t.game_options["first_player"] == "alternate" and t.rotate_opener


def test_an_old_tournament_is_started_and_played_to_its_end_after_the_upgrade(db_url):
    migrated_from(db_url, "0012", (OLD_ROW,)).dispose()
    with running(db_url) as client:
        assert start(client, "c0ffee", ORGANISER).status_code == 200
        over = wait_tournament(client, "c0ffee", "the end", lambda v: v["status"] == "over")
    games = over["public"]["rounds"][0]["matches"][0]["games"]
    openers = [g["first"] for g in games]
    assert len(openers) >= 2
    assert all(a != b for a, b in pairwise(openers))  # alternate
    assert openers[0] == "Ada"  # the first game by age: the youngest opens
