"""Steps the Gioco del Trono browser tests share: a live season's seats taken and its
players registered over the API, a Lotto draw as a newspaper prints it under a heading
with its date in words, and a console form's refusal read as a referee reads it."""

from __future__ import annotations

from datetime import date
from typing import Any

from playwright.sync_api import Locator, expect

from .helpers import SERVER_CLOCK, Api

PHONE = {"width": 375, "height": 800}
DESKTOP = {"width": 1280, "height": 900}
PLAYERS = [f"Giocatore {n}" for n in range(1, 13)]
D = {  # the spec's reference draw (§7.2), as the formation draw
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


def ok(api: Api, game_id: str, token: str, action: dict[str, Any]) -> None:
    response = api.http.post(
        f"/api/games/{game_id}/actions",
        json={"action": action},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert response.status_code == 200, response.text


NEWSPAPER = """Estrazione del Lotto
BARI      05 17 33 48 90
CAGLIARI  12 64 71 02 39
FIRENZE   88 23 56 44 09
Genova\t31\t76\t15\t60\t27
MI 47.03.82.19.68
NAPOLI    70 36 11 85 54
PALERMO   25 58 90 07 42
RO        16 35 55 75 76
TORINO    01 49 63 28 80
VENEZIA   59 14 37 66 21
NAZIONALE 11 22 33 44 55"""
"""A draw as a newspaper prints it: wheels by name or short, dots, tabs, a Nazionale line."""

WEEKDAYS = ["lunedì", "martedì", "mercoledì", "giovedì", "venerdì", "sabato", "domenica"]
MONTHS = [
    "gennaio",
    "febbraio",
    "marzo",
    "aprile",
    "maggio",
    "giugno",
    "luglio",
    "agosto",
    "settembre",
    "ottobre",
    "novembre",
    "dicembre",
]
WHEELS = ["BA", "CA", "FI", "GE", "MI", "NA", "PA", "RM", "TO", "VE"]
"""The wheels in NEWSPAPER's order (§3.1)."""
LOTTO_WEEKDAYS = (1, 3, 4, 5)
"""The Lotto draws on Tuesday, Thursday, Friday and Saturday evenings."""


def registered_season(
    api: Api, referees: list[str], options: dict[str, Any]
) -> tuple[str, dict[str, str]]:
    """A live season of twelve players and `referees` (their seats' names), invite only (as
    the lobby's preset makes it), every seat taken with its invite and every player
    registered; returns the game and the seats' tokens."""
    seats: list[dict[str, Any]] = [{"name": name} for name in PLAYERS]
    seats += [{"name": name, "role": "referee"} for name in referees]
    body = {"game": "trono", "options": {"mode": "live", **options}, "seats": seats}
    body["invite_only"] = True  # a forum season's seats go by their links (late players too)
    made = api.http.post("/api/games", json={**body, "creator_seat": 12}).json()
    game_id = made["game_id"]
    tokens = {s["seat"]: s["token"] for s in made["seats"] if s["token"]}
    for s in made["seats"]:
        if s.get("invite"):
            joined = api.http.post(
                f"/api/games/{game_id}/seats/{s['seat']}/join", json={"invite": s["invite"]}
            )
            tokens[s["seat"]] = joined.json()["token"]
    for n, name in enumerate(PLAYERS, start=1):
        ok(api, game_id, tokens[f"player:p{n:02d}"], {"type": "register", "display_name": name})
    return game_id, tokens


def live_season(api: Api, review: bool = False) -> tuple[str, dict[str, str], dict[str, Any]]:
    """A live season at its first open turn, on the server's own clock: twelve players
    registered, teams formed, houses ranked, the game started by the referee. With
    `review`, the referee reviews each turn's results before publishing them (R45)."""
    game_id, tokens = registered_season(api, ["Arbitra"], {"review_before_publish": review})
    referee = tokens["referee:arbitro01"]
    ok(api, game_id, referee, {"type": "close_registration"})
    # the first Lotto evening after the close: the server refuses a day without a draw (R7)
    evening = api.view(game_id, referee)["view"]["calendar"]["expected_draw"]
    SERVER_CLOCK.after_draw(evening)  # the draw is entered once it has happened
    formation = {"type": "enter_draw", "purpose": "formation", "date": evening, "numbers": D}
    ok(api, game_id, referee, formation)
    teams = api.view(game_id, referee)["view"]["teams"]
    for (_, team), house in zip(
        sorted(teams.items()), ["stark", "tyrell", "greyjoy", "lannister"], strict=True
    ):
        ok(
            api,
            game_id,
            tokens[f"player:{team['members'][0]}"],
            {"type": "submit_house_ranking", "houses": [house]},
        )
    ok(api, game_id, referee, {"type": "start_game"})
    return game_id, tokens, api.view(game_id, referee)["view"]


def day_words(day: str) -> str:
    """ "martedì 15 dicembre 2026" (the first of the month "1º", as an Italian reads it)."""
    when = date.fromisoformat(day)
    number = "1º" if when.day == 1 else str(when.day)
    return f"{WEEKDAYS[when.weekday()]} {number} {MONTHS[when.month - 1]} {when.year}"


def day_of(day: str) -> str:
    """A day after "of", as the Italian texts write it: "del 15 dicembre 2026", "dell'8
    dicembre 2026", "dell'11…", "del 1º gennaio 2027"."""
    when = date.fromisoformat(day)
    words = day_words(day).split(" ", 1)[1]
    return ("dell'" if when.day in (8, 11) else "del ") + words


def next_lotto_evening(day: str) -> str:
    """The Lotto's regular evening after `day` (a draw the Lotto moved is not known here)."""
    when = date.fromisoformat(day)
    while True:
        when = date.fromordinal(when.toordinal() + 1)
        if when.weekday() in LOTTO_WEEKDAYS:
            return when.isoformat()


def printed_draw(day: str, shift: int = 0) -> tuple[str, dict[str, list[str]]]:
    """A draw as a Lotto site prints it, under the heading "LOTTO - Estrazione di martedì
    15 dicembre 2026", its numbers written with their zeros ("05"); `shift` gives each
    wheel the numbers of the wheel `shift` lines below in NEWSPAPER (another evening's
    draw). Returns the text and each wheel's numbers as printed."""
    lines = [line.replace(".", " ").split() for line in NEWSPAPER.splitlines()[1:11]]
    names = [line[0] for line in lines]  # the ten wheels, as the paper names them
    numbers = [line[1:] for line in lines]
    moved = numbers[shift % 10 :] + numbers[: shift % 10]
    text = "\n".join(
        [f"LOTTO - Estrazione di {day_words(day)}"]
        + [f"{name:<10}{' '.join(drawn)}" for name, drawn in zip(names, moved, strict=True)]
    )
    return text, dict(zip(WHEELS, moved, strict=True))


def refusal(form: Locator) -> Locator:
    """The problem a console form shows after its check: a refusal's words."""
    problem = form.locator(".verdict .problem")
    expect(problem.first).to_be_visible()
    return problem
