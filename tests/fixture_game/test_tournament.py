"""A tournament of the fixture game: nothing in the tournament code knows it, and Kuhn
poker brings nothing to register. Created, entrants registered with an empty
registration, every game played by bots and recorded, standings at the end: in the core
alone, and on the server with its tables."""

from __future__ import annotations

import pytest

from tavola.bots import make_bot
from tavola.core import ConfigError, Table, get_game
from tavola.core.capabilities import capability
from tavola.features.tournaments.format import (
    Entrant,
    new_tournament,
    parse_game_options,
    pending,
    public_view,
    record,
    register,
    start,
)
from tavola.features.tournaments.protocol import TournamentRules
from tests.server.api_helpers import running
from tests.server.tournament_helpers import bearer, wait_tournament

NAMES = ("Ada", "Bea", "Cleo", "Dario", "Ezio")


def test_a_round_robin_of_the_fixture_game_is_played_to_its_standings():
    game = get_game("kuhn")
    rules = capability(game, TournamentRules)
    assert rules is not None
    options = parse_game_options(rules.tournament_options(), {"ante": 2})
    t = new_tournament(
        {"format": "round_robin"},
        7,
        options.model_dump(mode="json"),
        rotate_opener=rules.rotates_opener(options),
        table_seats=rules.table_seats(),
    )
    for name in NAMES:
        brought = rules.registration().model_validate({}).model_dump(mode="json")
        entrant = Entrant(name=name, kind="random", registration=brought)
        register(t, entrant, lambda e: rules.check_entrant(e, options))
    start(t)
    played = 0
    while t.phase == "playing":
        slot = pending(t)[0]
        entrants = [t.entrants[e] for e in slot.entrants]
        table = Table(game, rules.tournament_table(entrants, options, slot.order), slot.seed)
        table.play({s: make_bot("random", game, slot.seed, s) for s in game.seats(table.state)})
        result = rules.table_result(table.state)
        record(t, slot.id, list(result.places))
        played += 1
    view = public_view(t)
    assert played == 10  # five entrants: everyone meets everyone once
    assert sorted(row["name"] for row in view["standings"]) == sorted(NAMES)
    assert view["champion"] == view["standings"][0]["name"]
    assert sum(row["points"] for row in view["standings"]) == 3 * 10 + 3 * 5  # games, byes


def test_a_table_of_three_is_refused_for_a_heads_up_game():
    rules = capability(get_game("kuhn"), TournamentRules)
    assert rules is not None
    with pytest.raises(ConfigError) as refused:
        new_tournament(
            {"format": "championship", "table_size": 3}, 1, table_seats=rules.table_seats()
        )
    assert refused.value.field == "tournament.table_size"


def test_a_fixture_game_tournament_runs_on_the_server_from_sign_up_to_standings(tmp_path):
    with running(f"sqlite:///{tmp_path / 't.db'}") as client:
        body = {"game": "kuhn", "options": {"format": "swiss"}, "seed": 3}
        made = client.post("/api/tournaments", json={**body, "practice_seed_known": True})
        assert made.status_code == 201, made.text
        tournament_id, organiser = made.json()["tournament_id"], made.json()["organiser_token"]
        form = client.get(f"/api/tournaments/{tournament_id}/registration?lang=it").json()
        assert form["schema"].get("properties", {}) == {} and form["module"] is None
        path = f"/api/tournaments/{tournament_id}/entrants"
        for name in NAMES[:4]:
            entrant = {"name": name, "kind": "random", "registration": {}}
            answer = client.post(path, json=entrant, headers=bearer(organiser))
            assert answer.status_code == 201, answer.text
        extra = {"name": "Furio", "kind": "random", "registration": {"deck": []}}
        refused = client.post(path, json=extra, headers=bearer(organiser))
        assert refused.status_code == 422 and refused.json()["field"] == "registration.deck"
        started = client.post(f"/api/tournaments/{tournament_id}/start", headers=bearer(organiser))
        assert started.status_code == 200, started.text
        over = wait_tournament(client, tournament_id, "the end", lambda v: v["status"] == "over")
    standings = over["public"]["standings"]
    assert sorted(row["name"] for row in standings) == sorted(NAMES[:4])
    assert over["public"]["champion"] == standings[0]["name"]
    assert all(table["status"] == "recorded" for table in over["tables"])
