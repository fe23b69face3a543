"""Issue 16, items 2, 6 and 8: every bad input gets a 4xx. Numbers JSON cannot hold and
text UTF-8 cannot carry are refused where the body is parsed; every option is bounded by
the game's models; a validation error is a 422 naming the field in a sentence; an error
body renders whatever a client sent; an action id reused for another action is refused;
a 405 lists the methods the path has; and a bounded fuzz of creating and acting finds no
5xx."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import func, select

from tavola.core import Action, ConfigError, get_game
from tavola.core.capabilities import TableBuilder, capability
from tavola.server.errors import SafeJSON
from tavola.server.refusal import Refusal
from tavola.server.security import hash_token, new_token
from tavola.store.models import GameRow

from ..api_helpers import (
    ANNA,
    BRUNO,
    CLASSIC,
    SIMPLIFIED,
    act,
    bearer,
    create,
    legal,
    running,
    view,
)

BOTS = [{"kind": "reference"}, {"kind": "reference"}]
TIMERS = ["flip_s", "turn_s", "response_s", "counter_s", "choice_s", "setup_s"]
NOT_JSON = ["NaN", "Infinity", "-Infinity", "1e400", "-1e400", '"\\ud800"', '"a\\udfffb"']
"""Values Python's parser reads and JSON's standard has not: no game can hold them."""


@pytest.fixture(scope="module")
def client(tmp_path_factory) -> Iterator[TestClient]:
    """A server on SQLite whose bots wait an hour: for checks where the database does not
    matter (parsing, the models' bounds, answers' shapes). Nothing bounds what one client
    creates, searching bots included: the fuzz makes tables whose bots never finish."""
    folder = tmp_path_factory.mktemp("inputs")
    url = f"sqlite:///{folder / 'tavola.db'}"
    with running(url, bot_delay=3600, create_limit=None, searching_seats=None) as client:
        yield client


def post_text(client: TestClient, path: str, text: str, token: str | None = None) -> Any:
    """POSTs `text` as it is, as a JSON body (a client's own serialiser, or none)."""
    headers = {"content-type": "application/json"}
    if token is not None:
        headers["Authorization"] = f"Bearer {token}"
    return client.post(path, content=text.encode("utf-8"), headers=headers)


def create_text(game: str, options: str, seats: list[dict[str, Any]] = BOTS) -> str:
    """A create request whose `options` are written by hand (`options` is JSON text)."""
    return f'{{"game": "{game}", "options": {options}, "seats": {json.dumps(seats)}}}'


def assert_refused(response: Any, status: int = 422, field: str | None = None) -> dict[str, Any]:
    """A refusal as every refusal is: the status, a code, a sentence naming the field."""
    assert response.status_code == status, response.text
    body = response.json()
    assert isinstance(body["code"], str) and body["code"]
    assert body["message"].endswith("."), body["message"]
    if field is not None:
        assert body["field"] == field, body
        assert body["message"].startswith(f"{field}: "), body["message"]
    return body


def stored_games(client: TestClient) -> int:
    with client.app.state.service.db.session() as session:
        return int(session.scalar(select(func.count()).select_from(GameRow)) or 0)


# -- item 2: numbers JSON cannot hold never reach a game, and a restart works ------------------


@pytest.mark.parametrize("timer", TIMERS)
def test_an_infinite_timer_is_refused_never_stored_and_the_server_restarts(db_url, timer):
    """Item 2: `Infinity` was stored as null, the next move answered 500 and a restart on
    that database aborted."""
    with running(db_url, bot_delay=3600) as client:
        for number in ("Infinity", "NaN", "1e400"):
            options = f'{{"mode": "classic", "timers": {{"{timer}": {number}}}}}'
            refusal = assert_refused(
                post_text(client, "/api/games", create_text("legends", options))
            )
            assert refusal["field"] == "body"
        assert stored_games(client) == 0
        created = create(client, {**CLASSIC, "timers": {timer: 30}}, [ANNA, BRUNO])
    with running(db_url) as client:  # the same database: the server starts and plays on
        seen = view(client, created["game_id"])
        seat = seen["to_act"][0]
        token = created["tokens"][seat]
        action = legal(client, created["game_id"], token)["actions"][0]
        assert act(client, created["game_id"], token, action, seen["version"]).status_code == 200
        assert stored_games(client) == 1


@pytest.mark.parametrize("number", NOT_JSON)
@pytest.mark.parametrize(
    "path", ["/api/games", "/api/games/g/actions", "/api/games/g/seats/P1/join"]
)
def test_a_body_json_cannot_hold_is_refused_where_it_is_parsed(client, path, number):
    """Item 2 and 8: one parser for every body: a 422 naming the body, never a 400 or
    a 500, whatever the route (the game's id need not even exist)."""
    text = f'{{"game": "legends", "options": {{"x": {number}}}, "action": {number}}}'
    assert_refused(post_text(client, path, text), field="body")


@pytest.mark.parametrize(
    "body",
    [b"\xff\xfe{}", b'{"game": "\xc3"}', b"\xef\xbb\xbf{}", b'{"game":', b"[1, 2", b"\x00"],
    ids=["utf16", "bad_utf8", "bom", "cut", "unclosed", "nul"],
)
def test_an_unparseable_body_is_a_documented_422_not_an_undocumented_400(client, body):
    """Item 8: FastAPI answered 400 ("There was an error parsing the body") to bytes that
    are not UTF-8; 422 is the refusal the schema documents."""
    response = client.post("/api/games", content=body, headers={"content-type": "application/json"})
    assert_refused(response, field="body")
    assert "422" in client.app.openapi()["paths"]["/api/games"]["post"]["responses"]


# -- item 6: every option bounded by the game's models -------------------------------------------


BOSS_TABLE = [{"kind": "human", "name": "Anna"}, {"kind": "boss"}]


@pytest.mark.parametrize(
    "value", ['"x"', "null", "[]", "{}", "true", '"3"', "2.5", "9223372036854775808"]
)
def test_a_boss_level_that_is_not_a_level_is_refused(client, value):
    text = create_text("legends", f'{{"mode": "classic", "boss_level": {value}}}', BOSS_TABLE)
    assert_refused(post_text(client, "/api/games", text), field="options.boss_level")


@pytest.mark.parametrize("value", ["NaN", "Infinity", "-Infinity", "1e400"])
def test_a_boss_level_json_cannot_hold_is_refused_at_parsing(client, value):
    text = create_text("legends", f'{{"mode": "classic", "boss_level": {value}}}', BOSS_TABLE)
    assert_refused(post_text(client, "/api/games", text), field="body")


@pytest.mark.parametrize(
    ("game", "options", "field"),
    [
        ("legends", '{"max_rounds": 9223372036854775808}', "options.max_rounds"),
        ("legends", '{"max_rounds": 18446744073709551616}', "options.max_rounds"),
        ("legends", '{"max_rounds": 100000000000000000000000}', "options.max_rounds"),
        (
            "legends",
            '{"simplified": {"max_clashes": 9223372036854775808}}',
            "options.simplified.max_clashes",
        ),
        ("legends", '{"initial_deal_size": 9223372036854775807}', "options.initial_deal_size"),
        (
            "legends",
            '{"timers": {"autopilot_after": 9223372036854775808}}',
            "options.timers.autopilot_after",
        ),
        ("legends", '{"timers": {"setup_s": 1e12}}', "options.timers.setup_s"),
        ("legends", '{"timers": {"setup_s": 9223372036854775808}}', "options.timers.setup_s"),
        ("legends", '{"timers": {"flip_s": 1e300}}', "options.timers.flip_s"),
        ("legends", '{"timers": {"turn_s": 86400.001}}', "options.timers.turn_s"),
        ("legends", '{"timers": {"turn_s": 0}}', "options.timers.turn_s"),
        ("legends", '{"max_rounds": true}', "options.max_rounds"),
        ("legends", '{"catalog": "../../etc/passwd"}', "options.catalog"),  # names, no paths
        ("legends", '{"catalog": "no_such_catalogue"}', "options.catalog"),
        ("trono", '{"max_turns": 9223372036854775808}', "options.max_turns"),
        ("trono", '{"victory_banners": false}', "options.victory_banners"),
        ("trono", '{"start_at": "9999-12-31T23:59:59Z"}', "options.start_at"),
        ("trono", '{"referees": ["arbitro"]}', "options.referees"),
        ("trono", '{"formation_secret": "s"}', "options.formation_secret"),
    ],
)
def test_an_option_outside_the_games_bounds_is_refused_naming_it(client, game, options, field):
    """Item 6 (28 answers were 500): integers of 2^63 and more, timers past a day, a date
    no clock reaches; options a table's host may not set at all are refused by name."""
    assert_refused(post_text(client, "/api/games", create_text(game, options)), field=field)


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("legends", '{"catalog": "\\ud800"}'),
        ("legends", '{"catalog": ["\\ud800"]}'),
        ("trono", '{"referees": ["\\ud800"]}'),
        ("trono", '{"formation_secret": "\\ud800"}'),
    ],
)
def test_a_lone_surrogate_in_an_option_is_refused_at_parsing(client, game, options):
    assert_refused(post_text(client, "/api/games", create_text(game, options)), field="body")


def test_a_lone_surrogate_in_an_actions_type_is_refused_not_crashed_on(client):
    """Item 6: the refusal quoted the type, and rendering it raised UnicodeEncodeError."""
    created = create(client, SIMPLIFIED, [ANNA, BRUNO])
    token = next(iter(created["tokens"].values()))
    path = f"/api/games/{created['game_id']}/actions"
    for action in ('{"type": "\\ud800"}', '"\\ud800"', '{"type": "cut_deck", "k": "\\udc00"}'):
        response = post_text(client, path, f'{{"action": {action}, "version": 0}}', token)
        assert_refused(response, field="body")
    assert view(client, created["game_id"])["version"] == 0


# The game's own models, whoever builds a config (a file, a scenario, the command line).
LEGENDS_PLAYERS = [{"name": "Anna", "age": 9}, {"name": "Bruno", "age": 30}]
TRONO_PRACTICE = {
    "mode": "practice",
    "draw_source": "simulated",
    "schedule": "manual",
    "target_team_size": 1,
    "min_teams": 2,
    "players": ["anna", "bruno"],
}


@pytest.mark.parametrize(
    ("game", "config", "field"),
    [
        ("legends", {"catalog": "\ud800"}, "catalog"),
        ("legends", {"catalog": ["starter_S1", {"id": "\ud800"}]}, "catalog"),
        ("legends", {"timers": {"flip_s": float("inf")}}, "timers.flip_s"),
        ("legends", {"timers": {"flip_s": float("nan")}}, "timers.flip_s"),
        ("legends", {"timers": {"setup_s": 1e12}}, "timers.setup_s"),
        ("legends", {"max_rounds": 2**63}, "max_rounds"),
        ("legends", {"simplified": {"max_clashes": 2**63}}, "simplified.max_clashes"),
        (
            "legends",
            {"players": [{"name": "\ud800", "age": 9}, LEGENDS_PLAYERS[1]]},
            "players[0].name",
        ),
        ("trono", {"referees": ["\ud800"]}, "referees[0]"),
        ("trono", {"formation_secret": "\ud800"}, "formation_secret"),
        ("trono", {"start_at": "9999-12-31T23:59:59Z"}, "start_at"),
        ("trono", {"start_at": "0001-01-01T00:00:00Z"}, "start_at"),
        ("trono", {"start_at": "\ud800"}, "start_at"),
        ("trono", {"target_team_size": 2**63}, "target_team_size"),
        ("trono", {"characters": [{"name": "\ud800"}]}, "characters"),
    ],
)
def test_the_games_config_models_bound_every_option(game, config, field):
    """Item 6, below the server: a config that no table could send is still refused by
    the game's model, naming the field, in text any page can show."""
    base = (
        {"mode": "simplified", "players": LEGENDS_PLAYERS} if game == "legends" else TRONO_PRACTICE
    )
    with pytest.raises(ConfigError) as refused:
        get_game(game).new({**base, **config}, 1)
    assert refused.value.field == field
    str(refused.value).encode("utf-8")  # printable: no lone surrogate quoted back


# -- item 8: validation errors, error bodies, the action id, the Allow header -------------------


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"seed": False}, "body.seed"),
        ({"seed": True}, "body.seed"),
        ({"seed": "5"}, "body.seed"),
        ({"seed": 2**53}, "body.seed"),
        ({"seed": -1}, "body.seed"),
        ({"game": 5}, "body.game"),
        ({"seats": [{"name": 5}]}, "body.seats.0.name"),
    ],
)
def test_a_validation_error_is_a_422_naming_the_field_in_a_sentence(client, body, field):
    """Item 8: `"seed": false` was taken for the seed 0."""
    request = {"game": "legends", "options": {}, "seats": BOTS, **body}
    assert_refused(client.post("/api/games", json=request), field=field)


@pytest.mark.parametrize("version", [True, "0", 2**53, -1, 0.5])
def test_an_actions_version_is_a_strict_integer(client, version):
    created = create(client, SIMPLIFIED, [ANNA, BRUNO])
    token = next(iter(created["tokens"].values()))
    response = act(client, created["game_id"], token, {"type": "cut_deck", "k": 10}, version)
    assert_refused(response, field="body.version")


def test_an_integer_is_json_schemas_integer(client):
    """`3.0` is an integer to JSON Schema (and to the published schema): the version is
    taken; `true` and `"0"` are not (above)."""
    created = create(client, SIMPLIFIED, [ANNA, BRUNO])
    seat = view(client, created["game_id"])["to_act"][0]
    token = created["tokens"][seat]
    action = legal(client, created["game_id"], token)["actions"][0]
    response = act(client, created["game_id"], token, action, 0.0)
    assert response.status_code == 200, response.text
    assert response.json()["version"] == 1


def test_a_trono_ranking_of_objects_is_refused_not_crashed_on(client):
    """Found by the fuzz below: `houses: [{}]` reached `set(houses)` and raised
    TypeError (500)."""
    game_id, tokens = trono_seat_tokens(client)
    seat = next(s for s in view(client, game_id)["to_act"] if s in tokens)
    for houses in ([{}], [[]], [None], "tully", [1.5]):
        body = {"action": {"type": "submit_house_ranking", "houses": houses}, "version": None}
        response = client.post(
            f"/api/games/{game_id}/actions", json=body, headers=bearer(tokens[seat])
        )
        assert response.status_code == 422, response.text
        assert response.json()["code"] == "E_RANKING_INVALID"


def test_an_error_body_renders_whatever_text_it_quotes():
    """A refusal quoting a lone surrogate (from any path: a socket, a file, a bot) is sent
    as U+FFFD, not raised on while being rendered."""
    refusal = Refusal(422, "unknown_action", "There is no action '\ud800'.", field="\udfff")
    rendered = SafeJSON(refusal.to_json()).body
    assert json.loads(rendered) == {
        "code": "unknown_action",
        "message": "There is no action '\ufffd'.",
        "field": "\ufffd",
    }
    assert json.loads(SafeJSON({"\ud800": ["\udc00"]}).body) == {"\ufffd": ["\ufffd"]}


def test_an_illegal_action_with_a_lone_surrogate_is_refused_in_printable_text(client):
    """The same through the engine: the game's refusal quotes the type it was sent."""
    created = create(client, SIMPLIFIED, [ANNA, BRUNO])
    service = client.app.state.service
    seat = view(client, created["game_id"])["to_act"][0]
    with pytest.raises(Refusal) as refused:
        service.moves.act(created["game_id"], seat, Action("\ud800"), 0)
    json.dumps(refused.value.to_json(), ensure_ascii=False).encode("utf-8")


def first_action(client: TestClient, game_id: str, tokens: dict[str, str]) -> tuple[str, Any, Any]:
    """The seat to act, its first legal action and another of its legal actions."""
    seen = view(client, game_id)
    seat = seen["to_act"][0]
    actions = legal(client, game_id, tokens[seat])["actions"]
    assert len(actions) >= 2
    return seat, actions[0], actions[1]


def test_an_action_id_reused_for_another_action_is_refused(db_url):
    """Item 8: the same `client_action_id` with a different action silently got the first
    action's answer, as if the second had been played."""
    with running(db_url, bot_delay=3600) as client:
        created = create(client, SIMPLIFIED, [ANNA, BRUNO])
        game_id, tokens = created["game_id"], created["tokens"]
        seat, first, other = first_action(client, game_id, tokens)
        answered = act(client, game_id, tokens[seat], first, 0, "move-1")
        assert answered.status_code == 200, answered.text
        again = act(client, game_id, tokens[seat], first, 0, "move-1")
        assert again.status_code == 200, again.text
        assert (again.json()["version"], again.json()["duplicate"]) == (1, True)
        reused = act(client, game_id, tokens[seat], other, 0, "move-1")
        refusal = assert_refused(reused, 409)
        assert refusal["code"] == "client_action_id_reused"
        assert refusal["message_it"]
        assert view(client, game_id)["version"] == 1


def test_an_action_id_reused_is_refused_by_a_server_that_did_not_see_the_first(db_url):
    """The check reads the log, not memory: a restarted server refuses it too."""
    with running(db_url, bot_delay=3600) as client:
        created = create(client, SIMPLIFIED, [ANNA, BRUNO])
        game_id, tokens = created["game_id"], created["tokens"]
        seat, first, other = first_action(client, game_id, tokens)
        assert act(client, game_id, tokens[seat], first, 0, "m").status_code == 200
    with running(db_url, bot_delay=3600) as client:
        refusal = assert_refused(act(client, game_id, tokens[seat], other, None, "m"), 409)
        assert refusal["code"] == "client_action_id_reused"
        assert act(client, game_id, tokens[seat], first, None, "m").json()["duplicate"] is True


@pytest.mark.parametrize(
    ("method", "path", "allowed"),
    [
        ("OPTIONS", "/api/games", "GET, POST"),
        ("PUT", "/api/games", "GET, POST"),
        ("OPTIONS", "/api/games/abc/actions", "POST"),
        ("DELETE", "/api/games/abc/view", "GET"),
        ("OPTIONS", "/api/games/abc/seats/P1/join", "POST"),
        ("PATCH", "/api/games/abc/replay/3", "GET"),
        ("GET", "/api/games/abc/actions", "POST"),
        ("GET", "/api/games/abc/seats/P1/join", "POST"),
    ],
)
def test_a_method_the_path_lacks_is_a_405_listing_the_methods_it_has(client, method, path, allowed):
    """Item 8: the browser's files, mounted at "/", answered every API path asked with
    a method it lacks: `Allow: GET, HEAD` to any other, 404 to GET."""
    response = client.request(method, path)
    assert response.status_code == 405
    assert response.headers["allow"] == allowed
    assert response.json()["code"] == "method_not_allowed"


# -- a bounded fuzz of creating and acting --------------------------------------------------------

NUMBERS = [0, 1, -1, 2, 10, 2**31, 2**53, 2**63, 2**64, 10**30, 0.5, 1e300, -1e-300, 86400.5]
EDGES = st.sampled_from(
    [*NUMBERS, True, False, None, "", "x", "3", "classic", "simplified", "teams", [], {}]
)
"""Values at and past every bound, and of every other type."""
JSON_VALUES = st.recursive(
    EDGES
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=8,
)


def valid(schema: dict[str, Any], defs: dict[str, Any]) -> st.SearchStrategy[Any]:
    """Values a JSON schema takes, its bounds often among them."""
    if "$ref" in schema:
        return valid(defs[schema["$ref"].rsplit("/", 1)[1]], defs)
    if "anyOf" in schema:
        return st.one_of([valid(s, defs) for s in schema["anyOf"]])
    kind = schema.get("type")
    if "enum" in schema:
        return st.sampled_from(schema["enum"])
    if kind == "integer":
        low, high = schema.get("minimum", -(2**40)), schema.get("maximum", 2**40)
        return st.integers(min_value=low, max_value=high) | st.sampled_from([low, high])
    if kind == "number":
        high = schema.get("maximum", 1e9)
        return st.floats(min_value=0.001, max_value=high) | st.sampled_from([high, 0.001])
    if kind == "boolean":
        return st.booleans()
    if kind == "null":
        return st.none()
    if kind == "string":
        low, high = schema.get("minLength", 0), schema.get("maxLength", 20)
        return st.text(min_size=low, max_size=high)
    if kind == "object":
        fields = {k: valid(v, defs) for k, v in schema.get("properties", {}).items()}
        return st.fixed_dictionaries({}, optional=fields)
    return JSON_VALUES


def with_one_wrong(values: st.SearchStrategy[Any], keys: list[str]) -> st.SearchStrategy[Any]:
    """Mostly `values` as they are; else one of `keys` set to anything at all."""
    wrong = st.builds(
        lambda good, key, bad: {**good, key: bad} if isinstance(good, dict) else good,
        values,
        st.sampled_from(keys),
        EDGES | JSON_VALUES,
    )
    return st.one_of(values, values, values, wrong)


def builder(game: str) -> type[Any]:
    found = capability(get_game(game), TableBuilder)
    assert found is not None
    return found  # type: ignore[return-value]


def options_for(game: str) -> st.SearchStrategy[Any]:
    """A table's options, now and then one wrong, or one a table may not set."""
    schema = builder(game).TableOptions.model_json_schema()
    keys = sorted(schema["properties"]) + sorted(
        get_game(game).Config.model_json_schema()["properties"]
    )
    return with_one_wrong(valid(schema, schema.get("$defs", {})), keys)


def seats_for(game: str) -> st.SearchStrategy[Any]:
    """As many seats as the game takes, of its kinds, now and then one wrong; or
    anything."""
    info = get_game(game).info
    schema = builder(game).SeatOptions.model_json_schema()
    fields = {k: valid(v, {}) for k, v in schema.get("properties", {}).items()}
    good = st.fixed_dictionaries({"kind": st.sampled_from(info.seat_kinds)}, optional=fields)
    wrong = with_one_wrong(good, ["kind", "name", "bot", "x", *fields])
    wanted = st.lists(good, min_size=info.min_seats, max_size=info.max_seats)
    # A small table of bots alone: what most games take without further conditions (a live
    # Trono season wants a dozen people and referees), so the fuzz keeps making tables.
    bots = [k for k in info.seat_kinds if k != "human"] or list(info.seat_kinds)
    plain = st.lists(
        st.fixed_dictionaries({"kind": st.sampled_from(bots)}),
        min_size=info.min_seats,
        max_size=min(info.max_seats, info.min_seats + 2),
    )
    one_wrong = st.builds(lambda seats, seat: [*seats[1:], seat], wanted, wrong)
    return st.one_of(wanted, plain, one_wrong, st.lists(wrong | EDGES, max_size=12))


SEEDS = st.one_of(st.none(), st.none(), st.none(), st.integers(0, 2**53 - 1), EDGES)


FUZZ = settings(
    max_examples=80,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    database=None,
    derandomize=True,
)
"""Bounded and the same at every run: a fuzz that finds a 5xx finds it again."""


def assert_no_server_error(response: Any) -> None:
    assert response.status_code < 500, response.text
    if response.status_code >= 400:
        body = response.json()
        assert body["code"] and body["message"], body


@pytest.mark.parametrize("game", ["legends", "trono"])
def test_fuzzing_table_creation_finds_no_server_error(client, game):
    answers: list[int] = []

    @FUZZ
    @given(options=options_for(game), seats=seats_for(game), seed=SEEDS)
    def create_any(options: Any, seats: Any, seed: Any) -> None:
        body: dict[str, Any] = {"game": game, "options": options, "seats": seats}
        if seed is not None:
            body["seed"] = seed
        response = post_text(client, "/api/games", json.dumps(body, allow_nan=False))
        answers.append(response.status_code)
        assert_no_server_error(response)

    create_any()
    assert answers.count(201) >= 5, answers  # the fuzz reaches tables that are made


@FUZZ
@given(body=st.binary(max_size=64))
def test_fuzzing_create_with_raw_bytes_finds_no_server_error(client, body):
    headers = {"content-type": "application/json"}
    assert_no_server_error(client.post("/api/games", content=body, headers=headers))


def trono_seat_tokens(client: TestClient) -> tuple[str, dict[str, str]]:
    """A Trono practice table (all bots, which wait an hour here) and a token for each
    seat, given in memory (on SQLite the server's truth): Trono seats no person, yet its
    engine must refuse whatever action a token could send."""
    service = client.app.state.service
    seats = [{"kind": "reference"}] * 4
    live, _ = service.tables.create("trono", {"max_turns": 3}, seats, seed=5)
    tokens = {}
    for seat, info in live.seats.items():
        tokens[seat] = new_token()
        info.token_hash = hash_token(tokens[seat])
    return live.game_id, tokens


def new_table(client: TestClient, table: str) -> tuple[str, dict[str, str]]:
    """A new game of `table`, the same at each call (its seed is the test's)."""
    if table == "trono":
        return trono_seat_tokens(client)
    if table == "legends_boss":
        created = create(client, {**CLASSIC, "boss_level": 3}, [ANNA, {"kind": "boss"}])
        return created["game_id"], created["tokens"]
    options = SIMPLIFIED if table == "legends_simplified" else CLASSIC
    created = create(client, options, [ANNA, BRUNO])
    return created["game_id"], created["tokens"]


def mutated(action: dict[str, Any]) -> st.SearchStrategy[Any]:
    """A legal action, as it is or with an argument changed, dropped or added."""
    keys = sorted(action)
    changed = st.builds(
        lambda key, value: {**action, key: value}, st.sampled_from([*keys, "extra"]), JSON_VALUES
    )
    dropped = st.sampled_from(keys).map(lambda key: {k: v for k, v in action.items() if k != key})
    return st.one_of(st.just(action), st.just(action), changed, dropped)


ACT_FUZZ = settings(FUZZ, max_examples=25)


@pytest.mark.parametrize(
    "table", ["legends_simplified", "legends_classic", "legends_boss", "trono"]
)
def test_fuzzing_actions_finds_no_server_error(client, table):
    """Each example plays a new game (the same one each time) for a few moves: legal
    actions (as they are, or changed), any type, any JSON, at the game's version or
    another, with action ids that repeat."""
    answers: list[int] = []

    @ACT_FUZZ
    @given(data=st.data(), moves=st.integers(min_value=1, max_value=8))
    def act_any(data: st.DataObject, moves: int) -> None:
        game_id, tokens = new_table(client, table)
        for _ in range(moves):
            seen = view(client, game_id)
            awaited = set(seen["to_act"]) & set(tokens)  # a bot's seat has no token
            seat = data.draw(st.sampled_from(sorted(awaited or tokens)))
            actions = legal(client, game_id, tokens[seat])["actions"]
            types = sorted({a["type"] for a in actions} | {"timeout", "autopilot", "concede"})
            any_type = st.builds(
                lambda t, args: {"type": t, **args},
                st.sampled_from(types),
                st.dictionaries(st.text(max_size=6), JSON_VALUES, max_size=2),
            )
            legal_ones = st.sampled_from(actions).flatmap(mutated) if actions else any_type
            action = data.draw(st.one_of(legal_ones, legal_ones, legal_ones, any_type, JSON_VALUES))
            version = data.draw(st.one_of(st.just(seen["version"]), st.none(), EDGES))
            body: dict[str, Any] = {"action": action, "version": version}
            action_id = data.draw(st.none() | st.sampled_from(["a", "b"]) | st.text(max_size=90))
            if action_id is not None:
                body["client_action_id"] = action_id
            path = f"/api/games/{game_id}/actions"
            response = post_text(client, path, json.dumps(body, allow_nan=False), tokens[seat])
            answers.append(response.status_code)
            assert_no_server_error(response)

    act_any()
    assert answers.count(200) >= 5, answers  # the fuzz plays games on
