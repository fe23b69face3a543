"""Tournaments on the server: created with an organiser's token, registration checked by the
game (R146) with every refusal a 4xx and the tournament unchanged, 4-bot tournaments run
to the end through the server (single elimination and round robin), each round's games
opened as ordinary tables and recorded at their end, rating seeding from accounts (R143),
a person's seat link and the no-show forfeit (R151), the public view (R153), a restart,
and attack paths."""

from __future__ import annotations

from datetime import timedelta

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import select, update

from tavola.features.ratings.skill import Skill
from tavola.features.ratings.tables import RatingRow
from tavola.features.tournaments.service import TournamentService
from tavola.features.tournaments.tables import TournamentGameRow, TournamentRow
from tavola.store.models import AccountRow, Base
from tavola.store.repo import now

from .account_helpers import another, browser, csrf, signed_up
from .api_helpers import running, wait_for
from .tournament_helpers import (
    add_bots,
    bearer,
    create,
    entrant,
    register,
    start,
    view,
    wait_tournament,
)

TOURNAMENT_TABLES = {"tournaments", "tournament_entrants", "tournament_games"}


@pytest.fixture
def sqlite_url(tmp_path):
    """One database kind is enough where the rule, not the database, is under test."""
    return f"sqlite:///{tmp_path / 'tavola.db'}"


def refused(answer, status, code):
    assert answer.status_code == status, answer.text
    assert answer.json()["code"] == code, answer.text
    assert answer.json()["message"]


def over(seen):
    return seen["status"] == "over"


# -- bots to the end ---------------------------------------------------------------------------


def test_r143_r144_a_four_bot_bracket_runs_to_its_champion_through_the_server(db_url):
    with running(db_url) as client:
        tournament_id, organiser = create(client)
        add_bots(client, tournament_id, organiser)
        assert start(client, tournament_id, organiser).status_code == 200
        seen = wait_tournament(client, tournament_id, "the champion", over)
        public = seen["public"]
        assert [len(r["matches"]) for r in public["rounds"]] == [2, 1]
        final = public["rounds"][1]["matches"][0]
        assert final["label"] == "final" and public["champion"] == final["winner"]
        assert public["standings"][0] == {"name": public["champion"], "place": 1}
        assert [t["status"] for t in seen["tables"]] == ["recorded"] * 3
        for table in seen["tables"]:  # each an ordinary table, its end the tournament's
            game = client.get(f"/api/games/{table['game_id']}/view").json()
            assert game["status"] == "over"
            assert sorted(s["name"] for s in game["seats"].values()) == sorted(table["entrants"])


def test_r145_r147_a_four_bot_round_robin_plays_six_games_and_ranks_by_points(sqlite_url):
    with running(sqlite_url) as client:
        tournament_id, organiser = create(client, "round_robin")
        add_bots(client, tournament_id, organiser)
        start(client, tournament_id, organiser)
        seen = wait_tournament(client, tournament_id, "the last round", over)
        public = seen["public"]
        assert public["system"] == "round_robin" and len(public["rounds"]) == 3
        assert len(seen["tables"]) == 6
        points = [row["points"] for row in public["standings"]]
        assert points == sorted(points, reverse=True) and sum(points) in range(12, 19)
        assert public["champion"] == public["standings"][0]["name"]


def test_r153_a_round_being_played_shows_its_pairings_but_no_result(sqlite_url):
    with running(sqlite_url) as client:
        tournament_id, organiser = create(client, "round_robin")
        add_bots(client, tournament_id, organiser, ("reference",) * 3)
        ada = register(client, tournament_id, entrant("Ada")).json()  # never starts
        start(client, tournament_id, organiser)
        seen = wait_tournament(
            client,
            tournament_id,
            "the bots' game of round 1 recorded",
            lambda v: "recorded" in [t["status"] for t in v["tables"]],
        )
        first = seen["public"]["rounds"][0]
        assert not first["finished"]
        assert all("games" not in m and "winner" not in m for m in first["matches"])
        assert "Ada" in [n for m in first["matches"] for n in m["entrants"]]
        assert all(row["points"] == 0 for row in seen["public"]["standings"])
        mine = view(client, tournament_id, ada["token"])["you"]
        assert mine["name"] == "Ada" and mine["games"][0]["status"] == "waiting"


# -- people ------------------------------------------------------------------------------------


def test_a_person_starts_its_game_and_its_entrant_token_opens_its_seat(sqlite_url):
    with running(sqlite_url) as client:
        tournament_id, organiser = create(client)
        ada = register(client, tournament_id, entrant("Ada")).json()
        assert ada["url"] == f"/tournaments/{tournament_id}#entrant={ada['token']}"
        add_bots(client, tournament_id, organiser, ("reference",))
        start(client, tournament_id, organiser)
        slot = view(client, tournament_id, ada["token"])["you"]["games"][0]
        assert slot["status"] == "waiting" and slot["game_id"] is None
        path = f"/api/tournaments/{tournament_id}/games/{slot['slot']}/ready"
        mine = client.post(path, headers=bearer(ada["token"])).json()["games"][0]
        assert mine["status"] == "playing" and mine["ready"]
        game = client.get(f"/api/games/{mine['game_id']}/view", headers=bearer(ada["token"]))
        assert game.json()["seat"] == mine["seat"]
        assert game.json()["seats"][mine["seat"]]["name"] == "Ada"
        playing = [g["game_id"] for g in client.get("/api/games/playing").json()]
        assert mine["game_id"] in playing  # the lobby lists it, to watch
        taken = client.post(f"/api/games/{mine['game_id']}/seats/{mine['seat']}/join")
        assert taken.status_code == 409  # nobody else takes an entrant's seat


def test_r151_a_person_who_does_not_start_in_time_loses_by_forfeit(sqlite_url):
    with running(sqlite_url) as client:
        tournament_id, organiser = create(client, no_show_seconds=30)
        register(client, tournament_id, entrant("Ada"))
        add_bots(client, tournament_id, organiser, ("reference",))
        start(client, tournament_id, organiser)
        waiting = view(client, tournament_id)["tables"][0]
        assert waiting["status"] == "waiting" and waiting["due_at"] is not None
        with client.app.state.service.db.session() as session:  # the limit runs out
            session.execute(
                update(TournamentGameRow)
                .where(TournamentGameRow.tournament_id == tournament_id)
                .values(due_at=now() - timedelta(seconds=1))
            )
            session.commit()
        seen = wait_tournament(client, tournament_id, "the forfeit", over)
        game = seen["public"]["rounds"][0]["matches"][0]["games"][0]
        assert game["forfeits"] == ["Ada"] and game["places"] == {"Ada": 2, "Bot 1": 1}
        assert seen["public"]["champion"] == "Bot 1"
        assert seen["tables"][0]["game_id"] is None  # no table was opened for nobody


def test_r143_seeding_by_rating_orders_signed_in_entrants_by_their_rating(sqlite_url):
    with browser(sqlite_url) as client:
        tournament_id, organiser = create(client, options={"seeding": "rating"})
        ratings = {"Carla": 30.0, "Ada": 10.0, "Bruno": 20.0}
        for i, name in enumerate(ratings):
            person = another(client, f"198.51.100.{40 + i}")
            signed_up(person, name)
            path = f"/api/tournaments/{tournament_id}/entrants"
            answer = person.post(path, json=entrant(name), headers=csrf(person))
            assert answer.status_code == 201, answer.text
        add_bots(client, tournament_id, organiser, ("reference",))
        with client.app.state.service.db.session() as session:
            for name, ordinal in ratings.items():
                account = session.scalars(select(AccountRow).where(AccountRow.name == name))
                skill = Skill(ordinal + 3.0, 1.0, 5)
                session.add(
                    RatingRow(
                        account_id=account.one().id,
                        game="legends",
                        mu=skill.mu,
                        sigma=skill.sigma,
                        ordinal=skill.ordinal,
                        games=skill.games,
                        updated_at=now(),
                    )
                )
            session.commit()
        assert start(client, tournament_id, organiser).status_code == 200
        seeding = view(client, tournament_id)["public"]["seeding"]
        assert seeding == ["Carla", "Bruno", "Ada", "Bot 1"]  # a bot has no rating: last


# -- restarts ----------------------------------------------------------------------------------


def test_a_restarted_server_carries_the_tournament_on(sqlite_url):
    with running(sqlite_url) as client:
        tournament_id, organiser = create(client)
        ada = register(client, tournament_id, entrant("Ada")).json()
        add_bots(client, tournament_id, organiser, ("reference", "random", "random"))
        start(client, tournament_id, organiser)
        before = view(client, tournament_id, ada["token"])
    with running(sqlite_url) as client:
        again = view(client, tournament_id, ada["token"])
        assert again["public"] == before["public"] and again["you"]["name"] == "Ada"
        slot = again["you"]["games"][0]["slot"]
        path = f"/api/tournaments/{tournament_id}/games/{slot}/ready"
        game_id = client.post(path, headers=bearer(ada["token"])).json()["games"][0]["game_id"]
        concede = {"action": {"type": "concede"}}

        def conceded():
            answer = client.post(
                f"/api/games/{game_id}/actions", json=concede, headers=bearer(ada["token"])
            )
            return answer.status_code == 200

        wait_for(conceded, "Ada's concession")
        seen = wait_tournament(client, tournament_id, "the champion", over)
        assert seen["public"]["champion"] != "Ada"


def test_a_round_a_crash_left_without_tables_opens_them_at_start_up(sqlite_url):
    with running(sqlite_url) as client:
        tournament_id, organiser = create(client)
        add_bots(client, tournament_id, organiser, ("reference", "random"))
        schedule = client.app.state.service.part(TournamentService).schedule
        schedule.open_tournament = schedule.open_due = lambda *_: None  # the crash
        assert start(client, tournament_id, organiser).status_code == 200
    with client.app.state.service.db.session() as session:
        assert session.get(TournamentRow, tournament_id).status == "playing"
        # Read from the store, not through a server: a server's start-up would open them.
        waiting = select(TournamentGameRow).where(TournamentGameRow.tournament_id == tournament_id)
        assert list(session.scalars(waiting)) == []
    with running(sqlite_url) as client:
        seen = wait_tournament(client, tournament_id, "the champion", over)
        assert seen["tables"][0]["status"] == "recorded"


# -- refusals ----------------------------------------------------------------------------------


def test_r146_registration_refusals_name_the_rule_and_change_nothing(sqlite_url):
    with running(sqlite_url) as client:
        tournament_id, organiser = create(client, options={"max_copies": 1})
        assert register(client, tournament_id, entrant("Ada")).status_code == 201
        cases = [
            (entrant("Bea", deck=["S1-001"] * 6), 422, "too_many_copies"),
            (entrant("Bea", deck=["S1-001"]), 422, "deck_size"),
            (entrant("Bea", deck=["NOPE-1"] * 6), 422, "unknown_card"),
            (entrant("Bea", main="S1-037"), 422, "wrong_card_type"),
            (entrant("Bea", age=0), 422, "invalid_age"),
            (entrant("Bea", main=None), 422, "main_required"),
            (entrant("ada"), 409, "name_taken"),
            (entrant("   "), 422, "bad_request"),
            (entrant("Bea", kind="dragon"), 403, "organiser_only"),
        ]
        for body, status, code in cases:
            refused(register(client, tournament_id, body), status, code)
        refused(
            register(client, tournament_id, entrant("Bot", kind="boss"), organiser),
            422,
            "bad_request",
        )
        refused(
            register(client, tournament_id, entrant("Bot", kind="dragon"), organiser),
            422,
            "bad_request",
        )
        seen = view(client, tournament_id)
        assert [e["name"] for e in seen["entrants"]] == ["Ada"] and seen["version"] == 1


def test_registration_closes_at_the_start_and_a_start_needs_two(sqlite_url):
    with running(sqlite_url) as client:
        tournament_id, organiser = create(client)
        add_bots(client, tournament_id, organiser, ("reference",))
        refused(start(client, tournament_id, organiser), 409, "too_few_entrants")
        register(client, tournament_id, entrant("Ada"))
        assert start(client, tournament_id, organiser).status_code == 200
        refused(register(client, tournament_id, entrant("Bea")), 409, "registration_closed")
        refused(start(client, tournament_id, organiser), 409, "registration_closed")


def test_only_the_organiser_starts_and_wrong_tokens_are_refused(sqlite_url):
    with running(sqlite_url) as client:
        tournament_id, organiser = create(client)
        ada = register(client, tournament_id, entrant("Ada")).json()
        add_bots(client, tournament_id, organiser, ("reference",))
        refused(start(client, tournament_id, ada["token"]), 403, "organiser_only")
        refused(start(client, tournament_id, None), 403, "organiser_only")
        refused(start(client, tournament_id, "guess"), 401, "bad_token")
        path = f"/api/tournaments/{tournament_id}"
        refused(client.get(path, headers=bearer("guess")), 401, "bad_token")
        refused(client.get(path, headers={"Authorization": "Basic x"}), 401, "bad_token")
        start(client, tournament_id, organiser)
        ready = f"{path}/games/r1.m1.g1/ready"
        refused(client.post(ready, headers=bearer(organiser)), 401, "bad_token")
        refused(
            client.post(f"{path}/games/r9.m1.g1/ready", headers=bearer(ada["token"])),
            404,
            "unknown_game",
        )
        assert (
            client.post(f"{path}/games/nope/ready", headers=bearer(ada["token"])).status_code == 422
        )


def test_bad_tournament_requests_are_4xx_with_a_code(sqlite_url):
    with running(sqlite_url) as client:

        def post(body):
            return client.post("/api/tournaments", json={"game": "legends", **body})

        refused(post({"game": "nope", "options": {"format": "swiss"}}), 404, "unknown_game")
        refused(post({"game": "trono", "options": {"format": "swiss"}}), 422, "no_tournaments")
        for options, field in [
            ({}, "options.format"),
            ({"format": "swiss", "best_of": 2}, "options.best_of"),
            ({"format": "swiss", "deck_size": 0}, "options.deck_size"),
            ({"format": "swiss", "surprise": 1}, "options.surprise"),
        ]:
            answer = post({"options": options})
            refused(answer, 422, "invalid_config")
            assert answer.json()["field"] == field and answer.json()["message"].startswith(field)
        refused(post({"options": {"format": "swiss"}, "seed": 4}), 422, "bad_request")
        refused(post({"options": {"format": "swiss"}, "no_show_seconds": 5}), 422, "bad_request")
        assert post({"options": {"format": "swiss"}, "surprise": 1}).status_code == 422
        refused(client.get("/api/tournaments/00000000deadbeef"), 404, "unknown_tournament")
        assert client.get("/api/tournaments/NOT-HEX").status_code == 422
        assert client.get("/api/tournaments/" + "a" * 41).status_code == 422
        refused(client.get("/api/tournaments/options/trono"), 422, "no_tournaments")
        tournament_id, _ = create(client)
        long_name = entrant("x" * 61)
        refused(register(client, tournament_id, long_name), 422, "bad_request")
        huge = entrant("Bea", deck=["S1-001"] * 1001)
        assert register(client, tournament_id, huge).status_code in (413, 422)


def test_the_lists_and_the_options_schemas_are_public(sqlite_url):
    with running(sqlite_url) as client:
        tournament_id, _ = create(client, "swiss")
        listed = client.get("/api/tournaments", params={"game": "legends"}).json()
        assert listed[0]["tournament_id"] == tournament_id and listed[0]["format"] == "swiss"
        schemas = client.get("/api/tournaments/options/legends").json()
        assert "deck_size" in schemas["game_schema"]["properties"]
        assert "best_of" in schemas["format_schema"]["properties"]
        assert "boss" not in schemas["bots"] and "reference" in schemas["bots"]


def test_the_tournament_tables_match_the_models(sqlite_url):
    with running(sqlite_url) as client:
        engine = client.app.state.service.db.engine
        with engine.connect() as connection:
            differences = compare_metadata(MigrationContext.configure(connection), Base.metadata)
    assert [d for d in differences if _table_of(d) in TOURNAMENT_TABLES] == []


def _table_of(difference):
    item = difference[0] if isinstance(difference, list) else difference
    kind, subject = item[0], item[1]
    if kind in ("add_table", "remove_table"):
        return str(subject.name)
    if kind.endswith("_column") or kind.startswith("modify_"):
        return str(item[2])
    table = getattr(subject, "table", None)
    return str(table.name) if table is not None else None


def test_the_registration_form_is_the_games_in_the_readers_language(sqlite_url):
    with running(sqlite_url) as client:
        tournament_id, _ = create(client, "swiss")
        form = client.get(f"/api/tournaments/{tournament_id}/registration?lang=it").json()
        assert form["module"] == "/games/legends/web/tournament.js"
        assert client.get(form["module"]).status_code == 200
        assert set(form["schema"]["properties"]) == {"age", "main", "deck"}
        mains = {c["id"]: c["name"] for c in form["choices"]["mains"]}
        assert mains["S1-001"] == "Sentinella della Torre Chiara"
        assert form["choices"]["deck_size"] == 6 and form["choices"]["max_copies"] == 3
        english = client.get(f"/api/tournaments/{tournament_id}/registration?lang=en").json()
        assert {c["id"]: c["name"] for c in english["choices"]["mains"]}["S1-001"] == (
            "Sentinel of the Clear Tower"
        )


def test_a_registration_the_games_model_refuses_names_its_field(sqlite_url):
    with running(sqlite_url) as client:
        tournament_id, _ = create(client, "swiss")
        flat = {"name": "Ada", "age": 30, "main": "S1-001", "deck": []}  # before registrations
        refused(register(client, tournament_id, flat), 422, "bad_request")
        wrong = entrant("Ada", age="thirty")
        answer = register(client, tournament_id, wrong)
        refused(answer, 422, "invalid_registration")
        assert answer.json()["field"] == "registration.age" and answer.json()["message_it"]
        assert view(client, tournament_id)["entrants"] == []


def test_an_entrant_sees_its_own_registration_as_the_game_keeps_it(sqlite_url):
    with running(sqlite_url) as client:
        tournament_id, _ = create(client, "swiss")
        body = entrant("Ada", deck=["S1-001*2", "S1-002*2", "S1-003", "S1-009"])
        ada = register(client, tournament_id, body).json()
        you = view(client, tournament_id, ada["token"])["you"]
        written = ["S1-001", "S1-001", "S1-002", "S1-002", "S1-003", "S1-009"]
        assert you["registration"]["deck"] == written
        assert view(client, tournament_id)["you"] is None  # nobody else sees it


def test_a_league_tournament_seats_two_and_registers_a_lineup(sqlite_url):
    with running(sqlite_url) as client:
        body = {"game": "league", "seed": 2, "practice_seed_known": True}
        too_many = {**body, "options": {"format": "championship", "table_size": 3}}
        answer = client.post("/api/tournaments", json=too_many)
        assert answer.status_code == 422 and answer.json()["field"] == "options.table_size"
        made = client.post("/api/tournaments", json={**body, "options": {"format": "swiss"}})
        assert made.status_code == 201, made.text
        tournament_id = made.json()["tournament_id"]
        path = f"/api/tournaments/{tournament_id}/entrants"
        missing = client.post(path, json={"name": "Ada", "registration": {}})
        refused(missing, 422, "LINEUP_REQUIRED")
        assert "formazione" in missing.json()["message_it"]
        ada = client.post(path, json={"name": "Ada", "registration": {"lineup": "preset_a"}})
        assert ada.status_code == 201, ada.text
        you = view(client, tournament_id, ada.json()["token"])["you"]
        assert you["registration"]["lineup"]["team"][0]["legend_id"].startswith("L")
