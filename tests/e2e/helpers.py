"""Helpers for the browser tests: the REST API (to set tables up and to check what the page
shows against the server), waiting with a deadline, and a player who wins or loses a game by
clicking only, the way a person would."""

from __future__ import annotations

import random
import socket
import time
from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import urlsplit, urlunsplit
from zoneinfo import ZoneInfo

import httpx
from playwright.sync_api import Page, expect

T = TypeVar("T")

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
DEADLINE = 30.0
"""Seconds any wait for the server (bots, clocks) may take before the test fails."""

ADA = {"kind": "human", "name": "Ada", "age": 30}
BEA = {"kind": "human", "name": "Bea", "age": 35}
BOT = {"kind": "bot", "bot": "reference", "name": "Robo", "age": 40}
CLASSIC = {"mode": "classic"}


def sign_up(page: Page, name: str, password: str = "a long enough password") -> dict[str, str]:
    """A new account signed in in the page's browser, as the sign-up form does; returns the
    header its later writes carry (the session's CSRF token)."""
    if page.locator("#account-bar").count():
        # The page's own script asks /api/me too: an answer of its landing after ours
        # would replace the CSRF cookie read below. Its account corner shows it has come.
        expect(page.locator("#account-bar .account-link").first).to_be_visible()
    page.request.get("/api/me")  # the CSRF cookie, as a page gets it (not left to its script)
    answer = page.request.post(
        "/api/account/signup", data={"name": name, "password": password}, headers=csrf(page)
    )
    assert answer.status == 201, answer.text()
    return csrf(page)


def csrf(page: Page) -> dict[str, str]:
    """The header an account's write carries: the page's CSRF cookie, sent back."""
    cookies = {c["name"]: c["value"] for c in page.context.cookies()}
    return {"X-CSRF-Token": cookies.get("tavola_csrf", "")}


def local(url: str) -> str:
    """A link of the server's without its scheme and host (pages open it on `base_url`)."""
    parts = urlsplit(url)
    return urlunsplit(("", "", parts.path, parts.query, parts.fragment))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_until(
    probe: Callable[[], T | None], *, timeout: float = DEADLINE, what: str, interval: float = 0.1
) -> T:
    """Polls `probe` until it returns something truthy (returned), or fails after `timeout`."""
    deadline = time.monotonic() + timeout
    while True:
        value = probe()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout}s waiting for {what}")
        time.sleep(interval)


class Api:
    """The server's REST API, as the tests need it."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.http = httpx.Client(base_url=base, timeout=20)

    def __enter__(self) -> Api:
        return self

    def __exit__(self, *exc: object) -> None:
        self.http.close()

    def create(
        self,
        seats: list[dict[str, Any]],
        options: dict[str, Any] | None = None,
        seed: int | None = 7,
        game: str = "legends",
        *,
        claim: bool = True,
    ) -> dict[str, Any]:
        """A new table (a seed of the test's makes it a practice table); the answer gets
        `invites` and `urls` (seat → the join link, relative to the server) of its human
        seats. `claim`: every such seat is taken with its invite over the API, `tokens`
        (seat → token) are the seats' own and `urls` carry them, as the creator's own link
        does; else the links carry the invites, for a page to take the seat."""
        default = CLASSIC if game == "legends" else {}
        body: dict[str, Any] = {"game": game, "options": options or default, "seats": seats}
        if seed is not None:
            body |= {"seed": seed, "practice_seed_known": True}
        response = self.http.post("/api/games", json=body)
        assert response.status_code == 201, response.text
        created: dict[str, Any] = response.json()
        game_id = created["game_id"]
        created["invites"] = {s["seat"]: s["invite"] for s in created["seats"] if s["invite"]}
        created["urls"] = {
            s["seat"]: local(s["join_url"]) for s in created["seats"] if s["join_url"]
        }
        created["tokens"] = {}
        if claim:
            for seat, invite in created["invites"].items():
                joined = self.http.post(
                    f"/api/games/{game_id}/seats/{seat}/join", json={"invite": invite}
                )
                assert joined.status_code == 200, joined.text
                token = joined.json()["token"]
                created["tokens"][seat] = token
                created["urls"][seat] = f"/play/{game_id}?seat={seat}#token={token}"
        return created

    def catalog(self, lang: str = "en") -> list[dict[str, Any]]:
        """Every game the server offers, as the lobby reads it."""
        response = self.http.get("/api/catalog", params={"lang": lang})
        assert response.status_code == 200, response.text
        games: list[dict[str, Any]] = response.json()
        return games

    def view(self, game_id: str, token: str | None = None, lang: str = "en") -> dict[str, Any]:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        response = self.http.get(
            f"/api/games/{game_id}/view", params={"lang": lang}, headers=headers
        )
        assert response.status_code == 200, response.text
        result: dict[str, Any] = response.json()
        return result

    def act(
        self, game_id: str, token: str, action: dict[str, Any], version: int, lang: str = "en"
    ) -> httpx.Response:
        return self.http.post(
            f"/api/games/{game_id}/actions",
            params={"lang": lang},
            json={"action": action, "version": version},
            headers={"Authorization": f"Bearer {token}"},
        )

    def play(self, game_id: str, token: str, action: dict[str, Any]) -> dict[str, Any]:
        """Plays `action` at the current version; it must be accepted (a bot moving in
        between makes the version stale: then again, at the new one)."""
        for _ in range(20):
            version = self.view(game_id, token)["version"]
            response = self.act(game_id, token, action, version)
            if response.status_code == 200:
                result: dict[str, Any] = response.json()
                return result
            assert response.json().get("code") == "STALE", response.text
        raise AssertionError(f"{action} stayed stale")

    def wait_view(
        self,
        game_id: str,
        token: str | None,
        ready: Callable[[dict[str, Any]], bool],
        what: str,
    ) -> dict[str, Any]:
        """The seat's payload once `ready` holds for it (bots and clocks work meanwhile)."""

        def probe() -> dict[str, Any] | None:
            payload = self.view(game_id, token)
            return payload if ready(payload) else None

        return wait_until(probe, what=what)


def finish_by_api(api: Api, created: dict[str, Any], moves: int = 3) -> None:
    """Plays P1's first legal moves over the API (the bot answers), then concedes: a
    finished game in a moment."""
    game_id, token = created["game_id"], created["tokens"]["P1"]
    played = 0
    while True:
        payload = api.wait_view(
            game_id, token, lambda p: p["status"] == "over" or bool(p["legal"]), "P1's move"
        )
        if payload["status"] == "over":
            return
        legal = [a for a in payload["legal"] if a["type"] != "concede"]
        action = legal[0] if played < moves and legal else {"type": "concede"}
        response = api.act(game_id, token, action, payload["version"])
        if response.status_code == 200:
            played += 1
        else:  # the bot moved meanwhile: look again
            assert response.json().get("code") == "STALE", response.text


def open_table(
    make_page: Callable[..., Page], created: dict[str, Any], seat: str = "P1", **context: Any
) -> Page:
    """The seat's join link opened in a browser context of its own; returns once the
    table is drawn."""
    page = make_page(**context)
    page.goto(created["urls"][seat])
    expect(page.locator(f'#board section.seat[data-seat="{seat}"]')).to_be_visible()
    return page


# -- playing by clicking -------------------------------------------------------------------

PREFERRED_VERBS = [
    "o:main",
    "v:place_character",
    "v:play_card",
    "v:build",
    "v:defence_ready",
    "v:pass",
    "v:end_turn",
    "v:end_counter",
    "v:skip_attack",
]
NEVER = {"v:concede", "back", "result"}

SETTLED = """() => {
  if (document.getElementById('end').open) return 'end';
  const options = document.getElementById('options');
  if (options.querySelector('button:not([data-step="v:concede"])')) return 'move';
  return false;
}"""

SCENE = """() => ({
  steps: [...document.querySelectorAll('#options button')]
    .map((b) => ({ step: b.dataset.step || '', enabled: !b.disabled })),
  picks: [...document.querySelectorAll('.card.pickable')]
    .map((c) => ({ iid: c.dataset.iid, pressed: c.getAttribute('aria-pressed') })),
  select: [...document.querySelectorAll('#options select option')].map((o) => o.value),
})"""


def settle(page: Page, timeout: float = DEADLINE) -> str:
    """Waits until the game is over ("end") or the page offers this seat a choice ("move")."""
    handle = page.wait_for_function(SETTLED, timeout=timeout * 1000)
    return str(handle.json_value())


def click_step(page: Page, step: str) -> None:
    page.locator(f'#options [data-step="{step}"]').click()


def click_card(page: Page, iid: str) -> None:
    page.locator(f'.card.pickable[data-iid="{iid}"]').first.click()


def play_one(page: Page, rng: random.Random) -> str:
    """One click of a simple policy (attack when possible, place and play cards now and
    then, otherwise move on); returns "end" when the game is over instead."""
    if settle(page) == "end":
        return "end"
    scene = page.evaluate(SCENE)
    steps = {s["step"]: s["enabled"] for s in scene["steps"]}
    picks = scene["picks"]
    toggles = [p for p in picks if p["pressed"] is not None]
    if "confirm" in steps:  # a set of cards: toggle one or more, then confirm
        pressed = [p for p in toggles if p["pressed"] == "true"]
        loose = [p for p in toggles if p["pressed"] == "false"]
        if steps["confirm"] and (pressed or not loose):
            click_step(page, "confirm")
        elif loose:
            click_card(page, loose[0]["iid"])
        elif pressed:  # every card toggled and still no legal set: drop the first one
            click_card(page, pressed[0]["iid"])
        elif "back" in steps:
            click_step(page, "back")
        else:  # the page changed between the two looks: look again
            return "looked"
        return "clicked"
    if "select" in steps:  # many options in a list
        value = next(v for v in scene["select"] if v not in NEVER)
        page.locator("#options select").select_option(value)
        click_step(page, "select")
        return "clicked"
    if "v:declare_attack" in steps:
        click_step(page, "v:declare_attack")
        return "clicked"
    options = [s for s in steps if s.startswith("o:")]
    verbs = [v for v in PREFERRED_VERBS if v in steps]
    if picks and (not verbs or rng.random() < 0.5):
        click_card(page, rng.choice(picks)["iid"])
    elif verbs:
        click_step(page, verbs[0])
    elif options:
        click_step(page, options[0])
    else:
        others = [s for s in steps if s not in NEVER and steps[s]]
        if not others:  # the page changed between the two looks: look again
            return "looked"
        click_step(page, others[0])
    return "clicked"


def play_until(
    page: Page,
    done: Callable[[Page], bool],
    *,
    seed: int = 1,
    max_clicks: int = 1500,
) -> int:
    """Clicks by the policy until `done(page)` holds or the game is over; returns how many
    clicks it took."""
    rng = random.Random(seed)
    for clicks in range(max_clicks):
        if done(page) or play_one(page, rng) == "end":
            return clicks
    raise AssertionError(f"still playing after {max_clicks} clicks")


def game_over(page: Page) -> bool:
    return bool(page.evaluate("() => document.getElementById('end').open"))


def cards_out(page: Page) -> bool:
    """A round under way, cards in hand and characters on the table, nothing half chosen:
    a table mid-game, worth a picture."""
    return bool(
        page.evaluate(
            """() => document.querySelector('#status .round') !== null
              && document.querySelectorAll('#hand .card').length > 0
              && document.querySelectorAll('#board section.seat .characters .card').length >= 2
              && !document.querySelector('#options [data-step="back"]')"""
        )
    )


def board_iids(page: Page) -> list[str]:
    """The card instances the board and the hand show, in page order."""
    return list(
        page.evaluate(
            "() => [...document.querySelectorAll('#board [data-iid], #hand [data-iid]')]"
            ".map((c) => c.dataset.iid)"
        )
    )


def log_lines(page: Page) -> list[str]:
    return list(page.locator("#log li").all_inner_texts())


class ServerClock:
    """The browser tests' server clock: the real one, moved forward by a test when it
    needs an evening to have come (a Lotto draw is entered only after 20:00 Rome). Within a
    test it never goes back (the conftest puts it back after the test); the server reads
    it from `path` (`TAVOLA_CLOCK_OFFSET_FILE`)."""

    path: Path | None = None

    def ahead(self) -> float:
        if self.path is None:
            return 0.0
        try:
            return float(self.path.read_text(encoding="utf-8").strip() or 0)
        except (OSError, ValueError):
            return 0.0

    def now(self) -> datetime:
        return datetime.now(UTC) + timedelta(seconds=self.ahead())

    def after_draw(self, day: str) -> None:
        """To a minute after the Lotto's 20:00 draw of `day` (Rome), unless already later."""
        evening = datetime.combine(date.fromisoformat(day), datetime.min.time())
        moment = evening.replace(hour=20, minute=1, tzinfo=ZoneInfo("Europe/Rome"))
        needed = (moment - datetime.now(UTC)).total_seconds()
        assert self.path is not None, "the server runs without a movable clock"
        self.path.write_text(str(max(self.ahead(), needed)), encoding="utf-8")


SERVER_CLOCK = ServerClock()


def evening_comes(day: str, *pages: Page) -> None:
    """The server's clock and the pages' (for what a page counts down) to a minute after
    the Lotto's draw of `day`: the draw has happened and can be entered."""
    SERVER_CLOCK.after_draw(day)
    for page in pages:
        page.clock.set_system_time(SERVER_CLOCK.now())


def fits(page: Page) -> bool:
    """Nothing sticks out sideways: the page never scrolls horizontally."""
    return bool(page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth"))
