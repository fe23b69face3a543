"""Ratings per account and game: counted once in the commit that ends a rated game (two
seats, free-for-all, teams), never for games that do not count, read back through the
leaderboard, an account's own list and `ratings_for`; and the endpoint's refusals."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import func, select

from tavola.features.ratings import NEWCOMER, ratings_for
from tavola.features.ratings.counting import count_ending
from tavola.features.ratings.ending import ending_of
from tavola.features.ratings.skill import Skill, rate
from tavola.features.ratings.tables import RatedGameRow
from tavola.store.models import AccountRow, Base
from tavola.store.repo import now

from .account_helpers import browser, csrf
from .api_helpers import ANNA, BRUNO, CARLA, ROBO, running
from .rating_helpers import QUICK, concede_in_turn, people, table_of

DARIO = {"name": "Dario", "age": 20}
RATING_TABLES = {"ratings", "rated_games"}


@pytest.fixture
def sqlite_url(tmp_path):
    """One database kind is enough where the rule, not the database, is under test."""
    return f"sqlite:///{tmp_path / 'tavola.db'}"


def mine(client) -> dict[str, dict]:
    response = client.get("/api/me/ratings")
    assert response.status_code == 200, response.text
    return {r["game"]: r for r in response.json()}


def board(client, game: str = "legends", **params) -> dict:
    response = client.get(f"/api/ratings/{game}", params=params)
    assert response.status_code == 200, response.text
    return response.json()


def rated_games(client) -> int:
    with client.app.state.service.db.session() as session:
        return session.scalar(select(func.count()).select_from(RatedGameRow)) or 0


def account_ids(client, *names: str) -> list[str]:
    with client.app.state.service.db.session() as session:
        ids = {row.name: row.id for row in session.scalars(select(AccountRow))}
    return [ids[n] for n in names]


# -- games that count ------------------------------------------------------------------------


def test_a_finished_two_seat_game_moves_both_accounts_once(db_url):
    with browser(db_url) as client:
        anna, bruno = people(client, ["Anna", "Bruno"])
        game_id, tokens = table_of([anna, bruno], [ANNA, BRUNO])
        concede_in_turn(client, game_id, tokens, ["P2"])
        won, lost = mine(anna)["legends"], mine(bruno)["legends"]
        assert won["games"] == lost["games"] == 1
        assert won["mu"] > NEWCOMER.mu > lost["mu"]
        assert won["sigma"] < NEWCOMER.sigma and lost["sigma"] < NEWCOMER.sigma
        assert (won["rank"], lost["rank"]) == (1, 2)
        assert rated_games(client) == 1


def test_a_restart_does_not_count_a_finished_game_again(db_url):
    with browser(db_url) as client:
        anna, bruno = people(client, ["Anna", "Bruno"])
        game_id, tokens = table_of([anna, bruno], [ANNA, BRUNO])
        concede_in_turn(client, game_id, tokens, ["P1"])
        before = board(client)
    with running(db_url) as restarted:  # every game read back from the log
        assert restarted.get(f"/api/games/{game_id}/view").status_code == 200
        assert board(restarted) == before
        assert rated_games(restarted) == 1


def test_meeting_a_counted_end_again_changes_nothing(sqlite_url):
    with browser(sqlite_url) as client:
        anna, bruno = people(client, ["Anna", "Bruno"])
        game_id, tokens = table_of([anna, bruno], [ANNA, BRUNO])
        concede_in_turn(client, game_id, tokens, ["P2"])
        before = board(client)
        live = client.app.state.service.games.get(game_id)
        ending = ending_of(
            game_id,
            "legends",
            live.table.outcome.to_json(),
            live.game.teams(live.table.state),
            ["P1", "P2"],
            seed_known=False,
        )
        assert ending is not None
        db = client.app.state.service.db
        with db.session() as session:
            assert count_ending(session, ending, now()) is None
            session.commit()
        assert board(client) == before


def test_a_free_for_all_ranks_each_account_by_its_place(sqlite_url):
    with browser(sqlite_url) as client:
        anna, bruno, carla = people(client, ["Anna", "Bruno", "Carla"])
        options = {**QUICK, "sides": "free_for_all"}
        game_id, tokens = table_of([anna, bruno, carla], [ANNA, BRUNO, CARLA], options)
        concede_in_turn(client, game_id, tokens, ["P3", "P2"])  # Carla out first: last
        first, second, third = (mine(b)["legends"] for b in (anna, bruno, carla))
        assert first["rating"] > second["rating"] > third["rating"]
        assert [e["name"] for e in board(client)["entries"]] == ["Anna", "Bruno", "Carla"]


def test_a_team_game_moves_teammates_together(sqlite_url):
    with browser(sqlite_url) as client:
        names = ["Anna", "Bruno", "Carla", "Dario"]
        browsers = people(client, names)
        seats = [{**ANNA, "team": "A"}, {**BRUNO, "team": "B"}]
        seats += [{**CARLA, "team": "A"}, {**DARIO, "team": "B"}]
        game_id, tokens = table_of(browsers, seats, {**QUICK, "sides": "teams"})
        concede_in_turn(client, game_id, tokens, ["P2", "P4"])  # team B gives up
        anna, bruno, carla, dario = (mine(b)["legends"] for b in browsers)
        assert anna["mu"] == pytest.approx(carla["mu"]) and anna["mu"] > NEWCOMER.mu
        assert bruno["mu"] == pytest.approx(dario["mu"]) and bruno["mu"] < NEWCOMER.mu
        assert {anna["rank"], carla["rank"]} == {1}
        assert {bruno["rank"], dario["rank"]} == {3}


# -- games that do not count -----------------------------------------------------------------


def test_a_practice_table_with_a_known_seed_leaves_ratings_alone(sqlite_url):
    with browser(sqlite_url) as client:
        anna, bruno = people(client, ["Anna", "Bruno"])
        body = {
            "game": "legends",
            "options": QUICK,
            "seats": [ANNA, BRUNO],
            "creator_seat": 0,
            "seed": 7,
            "practice_seed_known": True,
        }
        created = anna.post("/api/games", json=body, headers=csrf(anna)).json()
        game_id, invite = created["game_id"], created["seats"][1]["invite"]
        path = f"/api/games/{game_id}/seats/P2/join"
        token = bruno.post(path, json={"invite": invite}, headers=csrf(bruno)).json()["token"]
        concede_in_turn(client, game_id, {"P1": created["seats"][0]["token"], "P2": token}, ["P2"])
        assert mine(anna) == mine(bruno) == {}
        assert board(client)["total"] == 0


def test_a_game_against_a_bot_leaves_ratings_alone(sqlite_url):
    with browser(sqlite_url) as client:
        [anna] = people(client, ["Anna"])
        game_id, tokens = table_of([anna], [ANNA, ROBO])
        concede_in_turn(client, game_id, tokens, ["P1"])
        assert mine(anna) == {}
        assert rated_games(client) == 0


def test_a_seat_taken_without_an_account_is_not_rated_against(sqlite_url):
    with browser(sqlite_url) as client:
        [anna] = people(client, ["Anna"])
        game_id, tokens = table_of([anna, None], [ANNA, BRUNO])
        concede_in_turn(client, game_id, tokens, ["P2"])
        assert mine(anna) == {}


def test_one_account_at_two_seats_is_not_rated_against_itself(sqlite_url):
    with browser(sqlite_url) as client:
        [anna] = people(client, ["Anna"])
        game_id, tokens = table_of([anna, anna], [ANNA, BRUNO])
        concede_in_turn(client, game_id, tokens, ["P2"])
        assert mine(anna) == {}


def test_teammates_alone_with_accounts_are_not_rated(sqlite_url):
    with browser(sqlite_url) as client:
        anna, carla = people(client, ["Anna", "Carla"])
        seats = [{**ANNA, "team": "A"}, {**CARLA, "team": "A"}, {**ROBO, "team": "B"}]
        game_id, tokens = table_of([anna, carla], seats, {**QUICK, "sides": "teams"})
        concede_in_turn(client, game_id, tokens, ["P1", "P2"])
        assert mine(anna) == mine(carla) == {}


# -- reading ---------------------------------------------------------------------------------


def test_ratings_for_gives_stored_ratings_and_newcomers(sqlite_url):
    with browser(sqlite_url) as client:
        anna, bruno, _carla = people(client, ["Anna", "Bruno", "Carla"])
        game_id, tokens = table_of([anna, bruno], [ANNA, BRUNO])
        concede_in_turn(client, game_id, tokens, ["P2"])
        ids = account_ids(client, "Anna", "Bruno", "Carla")
        found = ratings_for(client.app.state.service.db, "legends", ids)
        assert found[ids[0]].ordinal > found[ids[2]].ordinal > found[ids[1]].ordinal
        assert found[ids[2]] == NEWCOMER
        assert ratings_for(client.app.state.service.db, "trono", ids[:1]) == {ids[0]: NEWCOMER}


def test_the_leaderboard_pages_best_first(sqlite_url):
    with browser(sqlite_url) as client:
        anna, bruno, carla = people(client, ["Anna", "Bruno", "Carla"])
        game_id, tokens = table_of([anna, bruno, carla], [ANNA, BRUNO, CARLA])
        concede_in_turn(client, game_id, tokens, ["P3", "P2"])
        first = board(client, limit=2)
        assert (first["total"], first["limit"], first["offset"]) == (3, 2, 0)
        assert [e["name"] for e in first["entries"]] == ["Anna", "Bruno"]
        assert [e["rank"] for e in first["entries"]] == [1, 2]
        rest = board(client, limit=2, offset=2)
        assert [(e["rank"], e["name"]) for e in rest["entries"]] == [(3, "Carla")]
        assert set(rest["entries"][0]) == {"rank", "name", "rating", "mu", "sigma", "games"}
        assert board(client, "trono")["entries"] == []


def test_my_ratings_need_an_account(sqlite_url):
    with browser(sqlite_url) as client:
        response = client.get("/api/me/ratings")
        assert response.status_code == 401
        assert response.json()["code"] == "signed_out"


@pytest.mark.parametrize(
    ("path", "status", "code"),
    [
        ("/api/ratings/chess", 404, "unknown_game"),
        ("/api/ratings/" + "a" * 33, 422, "bad_request"),
        ("/api/ratings/Legends%00", 422, "bad_request"),
        ("/api/ratings/legends?limit=100000000000000000000", 422, "bad_request"),
        ("/api/ratings/legends?limit=101", 422, "bad_request"),
        ("/api/ratings/legends?limit=0", 422, "bad_request"),
        ("/api/ratings/legends?offset=-1", 422, "bad_request"),
        ("/api/ratings/legends?offset=100001", 422, "bad_request"),
        ("/api/ratings/legends?offset=1e3", 422, "bad_request"),
    ],
)
def test_the_leaderboard_refuses_bad_requests_with_a_code(sqlite_url, path, status, code):
    with running(sqlite_url) as client:
        response = client.get(path)
        assert response.status_code == status, response.text
        assert response.json()["code"] == code
        assert response.json()["message"]


def test_the_leaderboard_page_is_served(sqlite_url):
    with running(sqlite_url) as client:
        response = client.get("/leaderboard")
        assert response.status_code == 200
        assert 'src="/js/leaderboard.js"' in response.text


def test_the_rating_tables_match_the_migration(database):
    with database.engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), Base.metadata)
    ours = [d for d in differences if _table_of(d) in RATING_TABLES]
    assert ours == []


def _table_of(difference) -> str | None:
    item = difference[0] if isinstance(difference, list) else difference
    kind, subject = item[0], item[1]
    if kind in ("add_table", "remove_table"):
        return str(subject.name)
    if kind.endswith("_column") or kind.startswith("modify_"):
        return str(item[2])
    table = getattr(subject, "table", None)
    return str(table.name) if table is not None else None


# -- the rule, without a server --------------------------------------------------------------


def test_a_tie_leaves_equal_players_equal():
    after = rate([["a"], ["b"]], [1, 1], {})
    assert after["a"] == after["b"] == Skill(NEWCOMER.mu, after["a"].sigma, 1)
    assert after["a"].sigma < NEWCOMER.sigma


def test_a_known_seed_or_a_lone_side_is_no_rated_ending():
    outcome = {"placements": {"P1": 1, "P2": 2}}
    teams = {"good": ["P1", "P2"]}
    assert ending_of("g", "legends", outcome, {}, ["P1", "P2"], seed_known=True) is None
    assert ending_of("g", "legends", outcome, teams, ["P1", "P2"], seed_known=False) is None
    assert ending_of("g", "legends", outcome, {}, ["P1"], seed_known=False) is None
    found = ending_of("g", "legends", outcome, {}, ["P1", "P2"], seed_known=False)
    assert found is not None and dict(found.sides) == {"P1": "seat:P1", "P2": "seat:P2"}


@pytest.mark.parametrize("db_url", ["postgresql"], indirect=True)
def test_two_games_of_one_account_ending_at_once_both_count(db_url):
    with browser(db_url) as client:
        anna, bruno, carla = people(client, ["Anna", "Bruno", "Carla"])
        tables = [table_of([anna, rival], [ANNA, BRUNO]) for rival in (bruno, carla)]
        with ThreadPoolExecutor(2) as pool:
            ends = [
                pool.submit(concede_in_turn, client, game_id, tokens, ["P2"])
                for game_id, tokens in tables
            ]
            for end in ends:
                end.result()
        assert mine(anna)["legends"]["games"] == 2
        assert rated_games(client) == 2
