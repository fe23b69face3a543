"""Gioco del Trono live on the server (issue 19, points 1, 2 and the server side of 5): a
season a referee creates with several referee seats, every action on the server's clock,
forum posts copied with their Rome time, and teams checking and sealing their posts on
their own pages, hidden from every other team."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any
from zoneinfo import ZoneInfo

import httpx
import pytest
from fastapi.testclient import TestClient

from tavola.store import repo

from .api_helpers import act, bearer, running, view

ROME = ZoneInfo("Europe/Rome")
D = {  # the spec's reference draw (§7.2)
    "BA": [5, 17, 33, 48, 90],
    "CA": [12, 64, 71, 2, 39],
    "FI": [88, 23, 56, 44, 9],
    "GE": [31, 76, 15, 60, 27],
    "MI": [47, 3, 82, 19, 68],
    "NA": [70, 36, 11, 85, 54],
    "PA": [25, 58, 90, 7, 42],
    "RM": [16, 35, 55, 75, 76],
    "TO": [1, 49, 63, 28, 80],
    "VE": [59, 14, 37, 66, 21],
}
PLAYERS = [f"Giocatore {n}" for n in range(1, 13)]
REFEREES = ["Arbitra Uno", "Arbitro Due"]
FIRST, SECOND = "referee:arbitro01", "referee:arbitro02"


def rome(text: str) -> datetime:
    """A Rome wall-clock time (`2026-10-27 19:49`) as the UTC instant it is."""
    return datetime.fromisoformat(text).replace(tzinfo=ROME).astimezone(UTC)


class ServerClock:
    """The server's clock, set by the test (the server never reads the wall clock here)."""

    def __init__(self) -> None:
        self.at = rome("2026-10-20 11:00")

    def __call__(self) -> datetime:
        return self.at

    def set(self, text: str) -> None:
        self.at = rome(text)


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> ServerClock:
    found = ServerClock()
    monkeypatch.setattr(repo, "now", found)
    return found


@pytest.fixture
def client(tmp_path):
    with running(f"sqlite:///{tmp_path / 'tavola.db'}") as client:
        yield client


@dataclass
class Season:
    client: TestClient
    game_id: str
    tokens: dict[str, str]
    houses: dict[str, list[str]]
    """Each house's members' seats, in roster order."""

    def act(self, seat: str, action: dict[str, Any], version: int | None = None) -> Any:
        return act(self.client, self.game_id, self.tokens[seat], action, version)

    def ok(self, seat: str, action: dict[str, Any]) -> dict[str, Any]:
        response = self.act(seat, action)
        assert response.status_code == 200, response.text
        return dict(response.json())

    def view(self, seat: str | None) -> dict[str, Any]:
        token = self.tokens[seat] if seat else None
        return view(self.client, self.game_id, token)

    def check(self, seat: str, action: dict[str, Any], lang: str = "en") -> httpx.Response:
        return self.client.post(
            f"/api/games/{self.game_id}/check?lang={lang}",
            json={"action": action},
            headers=bearer(self.tokens[seat]),
        )

    def member(self, house: str, n: int = 0) -> str:
        return self.houses[house][n]

    def user(self, house: str, n: int = 0) -> str:
        return self.member(house, n).split(":", 1)[1]


def live_table(client: TestClient, review: bool = False) -> dict[str, Any]:
    seats = [{"name": name} for name in PLAYERS]
    seats += [{"name": name, "role": "referee"} for name in REFEREES]
    options = {"mode": "live", "review_before_publish": review}
    body = {"game": "trono", "options": options, "seats": seats, "creator_seat": 12}
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.text
    return dict(response.json())


def season(client: TestClient, clock: ServerClock, review: bool = False) -> Season:
    """A live season at its first open turn: twelve players registered, the registration
    closed and the teams formed from the reference draw, each team's house ranking, the
    game started on Monday 26 October 2026 (deadline Tuesday 27, 19:50 Rome). With
    `review`, the referees review each turn's results before publishing them (R45)."""
    clock.set("2026-10-20 11:00")
    made = live_table(client, review)
    game_id = made["game_id"]
    tokens = {s["seat"]: s["token"] for s in made["seats"] if s["token"]}
    for s in made["seats"]:
        if s.get("invite"):
            joined = client.post(
                f"/api/games/{game_id}/seats/{s['seat']}/join", json={"invite": s["invite"]}
            )
            tokens[s["seat"]] = joined.json()["token"]
    partial = Season(client, game_id, tokens, {})
    for n, name in enumerate(PLAYERS, start=1):
        partial.ok(f"player:p{n:02d}", {"type": "register", "display_name": name})
    clock.set("2026-10-20 12:00")
    partial.ok(FIRST, {"type": "close_registration"})
    clock.set("2026-10-20 20:30")  # the formation draw is entered once it has happened
    partial.ok(
        FIRST, {"type": "enter_draw", "purpose": "formation", "date": "2026-10-20", "numbers": D}
    )
    rosters = partial.view(FIRST)["view"]["teams"]
    wished = ["stark", "tyrell", "greyjoy", "lannister"]
    for (_, team), house in zip(sorted(rosters.items()), wished, strict=True):
        partial.ok(
            f"player:{team['members'][0]}", {"type": "submit_house_ranking", "houses": [house]}
        )
    clock.set("2026-10-26 10:00")
    partial.ok(SECOND, {"type": "start_game"})
    teams = partial.view(FIRST)["view"]["teams"]
    partial.houses = {h: [f"player:{m}" for m in t["members"]] for h, t in teams.items()}
    return partial


def post(house_actions: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    return {"type": "submit_post", "turn": 1, "actions": house_actions, **extra}


TAX3 = [{"kind": "tax"}, {"kind": "tax"}, {"kind": "rally"}]


# -- a live season on the server ------------------------------------------------------------


def test_a_live_season_seats_its_players_then_its_referees_all_people(client, clock):
    made = live_table(client)
    seats = {s["seat"]: s for s in made["seats"]}
    assert [s["seat"] for s in made["seats"]][-2:] == [FIRST, SECOND]
    assert seats[FIRST]["token"] and seats[SECOND]["invite"]  # the creator's and a share
    assert seats["player:p01"]["name"] == "Giocatore 1"
    assert all(s["kind"] == "human" for s in made["seats"])
    assert view(client, made["game_id"])["view"]["phase"] == "registration"


@pytest.mark.parametrize(
    ("seats", "field"),
    [
        ([{"name": n} for n in PLAYERS], "seats"),  # no referee
        ([{"role": "referee"}, *({"name": n} for n in PLAYERS)], "seats.1.role"),
        (
            [*({"name": n} for n in PLAYERS[:11]), {"kind": "reference"}, {"role": "referee"}],
            "seats.11.kind",
        ),
        ([*({"name": n} for n in PLAYERS[:11]), {"role": "referee"}], "seats"),  # 11 players
    ],
    ids=["no_referee", "referee_first", "a_bot", "too_few_players"],
)
def test_a_live_table_is_refused_unless_people_players_first_and_a_referee(client, seats, field):
    response = client.post(
        "/api/games", json={"game": "trono", "options": {"mode": "live"}, "seats": seats}
    )
    assert response.status_code == 422, response.text
    refusal = response.json()
    assert refusal["field"] == field and refusal["message"].startswith(f"{field}: ")


def test_every_action_is_stamped_with_the_servers_clock(client, clock):
    game = season(client, clock)
    clock.set("2026-10-27 09:15")
    game.ok(game.member("stark"), post(TAX3))
    seen = game.view(game.member("stark"))["view"]
    assert seen["now"] == "2026-10-27T08:15:00.000Z"  # Rome is UTC+1 after 25 October
    assert seen["team"]["post"]["local_at"] == "2026-10-27 09:15:00"


def test_a_seat_may_not_choose_its_own_instant(client, clock):
    game = season(client, clock)
    before = game.view(FIRST)["version"]
    response = game.act(game.member("stark"), post(TAX3, at="2026-10-26T09:00:00.000Z"))
    assert response.status_code == 422
    assert response.json()["code"] == "E_AT_FROM_SERVER"
    assert game.view(FIRST)["version"] == before


# -- several referees at once -----------------------------------------------------------------


def forum_post(game: Season, house: str, written: str, actions=None) -> dict[str, Any]:
    return {
        "type": "record_post",
        "team": house,
        "author": game.user(house),
        "turn": 1,
        "actions": actions or TAX3,
        "deploy": [],
        "posted_at": written,
    }


def test_two_referees_copying_posts_at_once_both_land_one_after_the_other(client, clock):
    game = season(client, clock)
    clock.set("2026-10-27 12:00")
    start = game.view(FIRST)["version"]
    work = [(FIRST, "greyjoy", "2026-10-27 11:02"), (SECOND, "lannister", "2026-10-27 11:40")]
    with ThreadPoolExecutor(2) as pool:
        answers = list(pool.map(lambda w: game.act(w[0], forum_post(game, w[1], w[2])), work))
    assert [a.status_code for a in answers] == [200, 200], [a.text for a in answers]
    assert sorted(a.json()["version"] for a in answers) == [start + 1, start + 2]
    posts = {p["id"]: p for p in game.view(FIRST)["view"]["posts"]}
    assert set(posts) == {"post:1:greyjoy", "post:1:lannister"}
    assert posts["post:1:greyjoy"]["recorded_by"] in ("arbitro01", "arbitro02")
    assert posts["post:1:lannister"]["local_at"] == "2026-10-27 11:40:00"


def test_a_referees_move_on_a_stale_version_is_refused_and_changes_nothing(client, clock):
    game = season(client, clock)
    clock.set("2026-10-27 12:00")
    seen = game.view(SECOND)["version"]
    game.ok(FIRST, forum_post(game, "greyjoy", "2026-10-27 11:02"))
    late = game.act(SECOND, forum_post(game, "lannister", "2026-10-27 11:40"), version=seen)
    assert late.status_code == 409 and late.json()["code"] == "STALE"
    assert [p["id"] for p in game.view(FIRST)["view"]["posts"]] == ["post:1:greyjoy"]


# -- forum posts in Rome time -------------------------------------------------------------------


def test_a_forum_post_keeps_the_forums_rome_time(client, clock):
    game = season(client, clock)
    clock.set("2026-10-27 19:55")  # copied after the deadline, before the draw
    game.ok(FIRST, forum_post(game, "tyrell", "2026-10-27 19:49"))
    sealed = game.view(game.member("tyrell"))["view"]["team"]["post"]
    assert datetime.fromtimestamp(sealed["at"] / 1000, tz=UTC) == rome("2026-10-27 19:49")
    assert sealed["local_at"] == "2026-10-27 19:49:00"
    assert game.view(FIRST)["view"]["phase"] == "turn_locked"


def test_forum_posts_copied_out_of_time_order_keep_each_its_own_time(client, clock):
    """R2 orders the actions by the instant they are recorded, on the server's clock; a
    copied post's own time is the forum's, which may come before a post copied earlier."""
    game = season(client, clock)
    clock.set("2026-10-27 18:00")
    game.ok(FIRST, forum_post(game, "greyjoy", "2026-10-27 17:30"))
    clock.set("2026-10-27 18:01")
    game.ok(SECOND, forum_post(game, "stark", "2026-10-26 22:10"))
    posts = {p["id"]: p["local_at"] for p in game.view(FIRST)["view"]["posts"]}
    assert posts == {"post:1:greyjoy": "2026-10-27 17:30:00", "post:1:stark": "2026-10-26 22:10:00"}


def test_a_forum_post_written_at_the_deadline_is_refused_saying_both_times(client, clock):
    game = season(client, clock)
    clock.set("2026-10-27 20:10")
    response = game.act(FIRST, forum_post(game, "tyrell", "2026-10-27 19:50"))
    assert response.status_code == 422
    refusal = response.json()
    assert refusal["code"] == "E_DEADLINE_PASSED"
    assert "martedì 27 ottobre 2026, 19:50 (ora di Roma)" in refusal["message_it"]
    assert "19:50:00" in refusal["message"]


def test_a_forum_time_later_than_its_copying_is_refused(client, clock):
    game = season(client, clock)
    clock.set("2026-10-27 12:00")
    response = game.act(FIRST, forum_post(game, "tyrell", "2026-10-27 12:30"))
    assert response.status_code == 422 and response.json()["code"] == "E_POSTED_LATER"
    assert "12:30" in response.json()["message"]


def test_a_forum_post_with_void_parts_is_recorded_as_written(client, clock):
    game = season(client, clock)
    clock.set("2026-10-27 12:00")
    written = [{"kind": "attack"}, {"kind": "tax"}, {"kind": "rally"}, {"kind": "tax"}]
    game.ok(FIRST, forum_post(game, "greyjoy", "2026-10-27 11:00", written))
    sealed = game.view(game.member("greyjoy"))["view"]["team"]["post"]
    assert sealed["actions"][0] == {"kind": "void", "written": {"kind": "attack"}}
    assert sorted(v["code"] for v in sealed["void"]) == ["E_ACTION_COUNT", "E_TARGET_REQUIRED"]


# -- the team's page: check, seal, hidden ---------------------------------------------------------


def test_a_team_is_told_every_problem_of_its_post_before_sealing(client, clock):
    game = season(client, clock)
    clock.set("2026-10-27 10:00")
    before = game.view(FIRST)["version"]
    draft = post(
        [{"kind": "attack"}, {"kind": "enlist"}, {"kind": "hire", "character": "ottone_il_cupo"}]
    )
    seat = game.member("greyjoy")
    answer = game.check(seat, draft, lang="it")
    assert answer.status_code == 200, answer.text
    problems = answer.json()["problems"]
    assert [p["code"] for p in problems] == ["E_TARGET_REQUIRED", "E_HIRE_WRONG_HOUSE"]
    assert (
        "Ottone il Cupo" in problems[1]["text"] and problems[1]["text"] == problems[1]["message_it"]
    )
    assert game.view(FIRST)["version"] == before
    assert game.view(seat)["view"]["team"]["post"] is None


def test_a_valid_post_checks_clean_and_seals(client, clock):
    game = season(client, clock)
    clock.set("2026-10-27 10:00")
    seat = game.member("greyjoy")
    draft = post([{"kind": "attack", "target": "trono"}, {"kind": "tax"}, {"kind": "rally"}])
    assert game.check(seat, draft).json()["problems"] == []
    game.ok(seat, draft)
    again = game.act(game.member("greyjoy", 1), post(TAX3))
    assert again.status_code == 422 and again.json()["code"] == "E_ALREADY_SUBMITTED"
    sealed = game.view(game.member("greyjoy", 2))["view"]["team"]["post"]  # a teammate sees it
    assert sealed["actions"][0] == {"kind": "attack", "target": "trono"}


def test_a_sealed_post_is_hidden_from_every_other_team_and_the_public(client, clock):
    game = season(client, clock)
    clock.set("2026-10-27 10:00")
    seat = game.member("greyjoy")
    game.ok(seat, post([{"kind": "attack", "target": "trono"}, {"kind": "tax"}, {"kind": "rally"}]))
    for house, members in game.houses.items():
        if house == "greyjoy":
            continue
        for other in members:
            seen = json.dumps(game.view(other)["view"])  # (its `legal`: its own posts)
            record = json.dumps(
                client.get(
                    f"/api/games/{game.game_id}/record", headers=bearer(game.tokens[other])
                ).json()
            )
            for text in (seen, record):
                assert "post:1:greyjoy" not in text and '"target": "trono"' not in text
    public = json.dumps(game.view(None))
    assert "post:1:greyjoy" not in public and "posted" not in public


def test_a_late_post_is_refused_with_the_deadline_and_its_time(client, clock):
    game = season(client, clock)
    clock.set("2026-10-27 19:50")
    seat = game.member("stark")
    before = game.view(FIRST)["version"]
    late = game.act(seat, post(TAX3))
    assert late.status_code == 422
    refusal = late.json()
    assert refusal["code"] == "E_DEADLINE_PASSED"
    assert refusal["message"] == (
        "The deadline of turn 1 was Tuesday 27 October 2026, 19:50 (Rome time): a post "
        "sent on Tuesday 27 October 2026, 19:50:00 (Rome time) is late and not valid."
    )
    assert game.check(seat, post(TAX3)).json()["problems"][0]["code"] == "E_DEADLINE_PASSED"
    assert game.view(FIRST)["version"] == before


def test_a_post_one_second_before_the_deadline_is_taken(client, clock):
    game = season(client, clock)
    clock.set("2026-10-27 19:49:59")
    game.ok(game.member("stark"), post(TAX3))


def test_checking_needs_a_seat_and_a_well_formed_action(client, clock):
    game = season(client, clock)
    public = client.post(f"/api/games/{game.game_id}/check", json={"action": post(TAX3)})
    assert public.status_code == 401 and public.json()["code"] == "bad_token"
    shapeless = game.check(game.member("stark"), {"kind": "tax"})  # type: ignore[arg-type]
    assert shapeless.status_code == 422 and shapeless.json()["code"] == "bad_request"


def test_the_team_page_lists_what_the_team_may_hire_and_deploy(client, clock):
    game = season(client, clock)
    team = game.view(game.member("greyjoy"))["view"]["team"]
    hired = {c["id"] for c in team["may_hire"]}
    assert "nerea_salsedine" in hired and "ottone_il_cupo" not in hired  # greyjoy's, bolton's
    assert all(c["cost"] <= 5 for c in team["may_hire"])
    assert team["may_deploy"] == [] and team["seated"] is False


def test_whether_a_team_has_posted_is_hidden_from_the_other_teams(client, clock):
    """§8: only the team and the referees know it; the others are told of their own."""
    game = season(client, clock)
    clock.set("2026-10-27 10:00")
    game.ok(game.member("greyjoy"), post(TAX3))
    stark = game.view(game.member("stark"))["to_act"]
    assert stark == sorted(game.houses["stark"])
    assert game.view(None)["to_act"] == []
    everyone = game.view(FIRST)["to_act"]
    assert not set(game.houses["greyjoy"]) & set(everyone)
    assert set(game.houses["tyrell"]) <= set(everyone)
    assert game.view(game.member("greyjoy"))["to_act"] == []
