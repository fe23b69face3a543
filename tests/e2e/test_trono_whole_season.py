"""Gioco del Trono's Done-when test of issue 27: a whole season of four turns, played in
the browser by two referees at once and four teams, in Italian, on SQLite and on
PostgreSQL. Every turn the teams post on their pages; a referee closes the turn; the
draw's evening comes on the server's clock; a draw pasted too early, or dated a later
evening, is refused naming the evening expected (point 2), the draw is pasted under its
heading in words and its numbers are shown as printed (point 10); under review the teams'
pages and the public page show nothing of the results until a referee publishes
(point 1); the review board shows who attacked whom (point 6); both referees change the
same value and the one made on the older version is refused with who, when and what, then
"Ricarica" (point 3); the private reports with their recipients and in one file (point 8);
the public post names the draw's date and numbers. The console lists the teams that have
not posted with the forum's reminder, and the turn closes by itself at its deadline
(point 4); a referee pastes a team's whole forum post and sees every problem at once
(point 5); a referee defines a character and adds a late player, who opens their own link
and posts for their team (point 7); "Controlla il post" answers straight after typing in a
field (point 9).

The season is set up over the API up to its closed registration (the journey from the
lobby is test_trono_season.py's); from then on everything a referee or a team does is
done on their pages. Each turn's steps are functions; `turn` says which turn plays which
of the points that need doing once."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .helpers import SERVER_CLOCK, Api, evening_comes, fits
from .test_trono_console_review import no_raw_ids
from .test_trono_season import reschedule
from .trono_steps import (
    DESKTOP,
    PHONE,
    day_of,
    day_words,
    next_lotto_evening,
    printed_draw,
    refusal,
    registered_season,
)

TURNS = 4
REFEREES = {"referee:arbitro01": "Arbitra Bianchi", "referee:arbitro02": "Arbitro Rossi"}
HOUSES = ["stark", "tyrell", "greyjoy", "lannister"]
"""The house each team asks for, in the order of the teams' keys."""
WHEEL = {"stark": "TO", "tyrell": "FI", "greyjoy": "CA", "lannister": "MI"}
WHEEL_NAME = {"TO": "Torino", "FI": "Firenze", "CA": "Cagliari", "MI": "Milano"}
TAX = [("tax", ""), ("tax", ""), ("rally", "")]


@dataclass
class Season:
    """The season as the test plays it: the referees' two consoles (open at once), a page
    of each team's, the public page, and the evenings of the draws entered so far."""

    api: Api
    game_id: str
    tokens: dict[str, str]
    referees: list[Page]
    public: Page
    teams: dict[str, Page] = field(default_factory=dict)
    evenings: list[str] = field(default_factory=list)
    before: dict[str, list[str]] = field(default_factory=dict)
    """Each team's parameters as its page showed them before the turn's draw."""

    def view(self) -> dict[str, Any]:
        """The game as the referees know it (read to check the pages against it)."""
        view: dict[str, Any] = self.api.view(self.game_id, self.tokens["referee:arbitro01"])["view"]
        return view

    def pages(self) -> list[Page]:
        return [*self.referees, self.public, *self.teams.values()]

    def name(self, house: str) -> str:
        return str(self.view()["teams"][house]["display_name"])

    def pair(self, n: int) -> tuple[Page, Page]:
        """Turn n's referees: the one who closes the turn and edits first, and the other
        (who pastes the draw and publishes); they swap every turn."""
        first, second = self.referees
        return (first, second) if n % 2 else (second, first)


@pytest.fixture
def api_on(any_server: str) -> Iterator[Api]:
    with Api(any_server) as client:
        yield client


def console(open_page: Callable[..., Page], base: str, game_id: str, seat: str, token: str) -> Page:
    page: Page = open_page(base_url=base, locale="it-IT", viewport=DESKTOP)
    page.goto(f"/play/{game_id}?seat={seat}&lang=it#token={token}")
    expect(page.locator(".referee-console h2")).to_have_text("Tavolo degli arbitri")
    return page


# -- the set-up ------------------------------------------------------------------------------


def open_season(open_page: Callable[..., Page], api: Api, base: str) -> Season:
    """Twelve players registered over the API; the two referees' consoles and the public
    page opened in browsers of their own, in Italian."""
    options = {"review_before_publish": True, "max_turns": TURNS}
    game_id, tokens = registered_season(api, list(REFEREES.values()), options)
    referees = [console(open_page, base, game_id, seat, tokens[seat]) for seat in REFEREES]
    public = open_page(base_url=base, locale="it-IT", viewport=PHONE)
    public.goto(f"/play/{game_id}?lang=it")
    expect(public.locator("section.announcements")).to_be_visible()
    return Season(api, game_id, tokens, referees, public)


def form_teams(season: Season, open_page: Callable[..., Page], base: str) -> None:
    """One referee closes registration; the formation draw pasted before its evening is
    refused, naming it (point 2), and pasted by the other once the evening has come, under
    its heading in words (point 10); the teams choose their houses on their pages and a
    referee starts the season."""
    first, second = season.referees
    first.locator('[data-step="close-send"]').click()
    expect(first.locator(".confirm-text")).to_contain_text("12 giocatori")
    first.locator('[data-step="close-confirm"]').click()
    for page in season.referees:  # the close has reached both consoles
        expect(page.locator(".console-draw .expected-draw")).to_be_visible()
    expected = season.view()["calendar"]["expected_draw"]
    for page in season.referees:
        expect(page.locator(".console-draw .expected-draw")).to_contain_text(day_words(expected))

    text, _ = printed_draw(expected)
    form = first.locator(".console-draw")
    form.locator('textarea[data-field^="draw-formation"]').fill(text)
    form.locator('[data-step^="draw-formation"][data-step$="-check"]').click()
    too_early = refusal(form)
    expect(too_early).to_contain_text(f"L'estrazione di {day_words(expected)} non è ancora")
    expect(too_early).to_contain_text("il Lotto estrae alle 20:00")

    evening_comes(expected, *season.pages())
    second.locator('textarea[data-field^="draw-formation"]').fill(text)
    second.locator('[data-step^="draw-formation"][data-step$="-send"]').click()
    expect(first.locator(".console-rankings")).to_be_visible()
    season.evenings.append(expected)

    teams = sorted(season.view()["teams"].items())
    sizes = [PHONE, DESKTOP]
    for n, ((_, team), house) in enumerate(zip(teams, HOUSES, strict=True)):
        member = team["members"][0]
        token = season.tokens[f"player:{member}"]
        page = open_page(base_url=base, locale="it-IT", viewport=sizes[n % 2])
        page.clock.set_system_time(SERVER_CLOCK.now())  # the evening the others' pages see
        page.goto(f"/play/{season.game_id}?seat=player:{member}&lang=it#token={token}")
        expect(page.locator(".team-page h2")).to_have_text(f"La vostra squadra: Squadra {n + 1}")
        page.select_option('[data-field="ranking-1"]', house)
        page.locator('[data-step="send-ranking"]').click()
        expect(page.locator(".ranking-sent, .team-params")).to_be_visible()
        season.teams[house] = page

    expect(second.locator(".console-start")).to_be_visible()
    second.locator('[data-step="start-send"]').click()
    second.locator('[data-step="start-confirm"]').click()
    for page in season.referees:
        expect(page.locator(".console-posts h3")).to_have_text("Post del turno 1")
    for house, page in season.teams.items():
        expect(page.locator(".team-page h2")).to_have_text(
            f"La vostra casata: {season.name(house)}"
        )


# -- a turn ----------------------------------------------------------------------------------


def posts_for(view: dict[str, Any], n: int) -> dict[str, list[tuple[str, str]]]:
    """Each active house's post: a seated house taxes; the others attack the Throne, but in
    an even turn the first of them attacks the last instead (a battle between two houses)."""
    seated = {view["seats"]["throne"], view["seats"].get("tower")}
    active = [h for h in HOUSES if view["teams"][h]["status"] == "active"]
    out = [h for h in active if h not in seated]
    posts = {house: TAX if house in seated else [("attack", "trono"), *TAX[1:]] for house in active}
    if n % 2 == 0 and len(out) >= 2:
        posts[out[0]] = [("attack", out[-1]), *TAX[1:]]
    return posts


def post_on_pages(season: Season, n: int, *, pasted: str = "", checked: str = "") -> None:
    """Every team builds its post on its own page, seals it and sees it sealed; both
    consoles list it as sent from the page. The `pasted` house's post is the referee's to
    copy from the forum; on the `checked` house's page the abandonment condition is typed
    and "Controlla il post" clicked at once (point 9): it answers."""
    view = season.view()
    for house, actions in posts_for(view, n).items():
        if house == pasted:
            continue
        page = season.teams[house]
        expect(page.locator(".team-page .deadline")).to_contain_text(f"Il turno {n} si chiude")
        season.before[house] = page.locator(".team-params dd").all_inner_texts()
        for slot, (kind, target) in enumerate(actions, start=1):
            page.select_option(f'[data-field="slot{slot}-kind"]', kind)
            if target:
                page.select_option(f'[data-field="slot{slot}-target"]', target)
        if house == checked:
            answers_straight_after_typing(page)
        page.locator('[data-step="seal-post"]').click()
        page.locator('[data-step="seal-now"]').click()
        expect(page.locator(".sealed-post .sealed-actions li")).to_have_count(len(actions))
        for referee in season.referees:
            item = referee.locator(f'.post-list li[data-house="{house}"]')
            expect(item).to_contain_text("dalla pagina")


def answers_straight_after_typing(page: Page) -> None:
    """Point 9: a seated team types its abandonment condition and clicks "Controlla il
    post" at once (the click is what makes the field save): the check answers, each time."""
    field = page.locator('[data-field="abandon"]')
    field.fill("99")
    page.locator('[data-step="check-post"]').click()
    expect(page.locator(".problems li").first).to_contain_text("Condizione di abbandono a 99")
    field.fill("1")
    page.locator('[data-step="check-post"]').click()
    expect(page.locator(".verdict .valid")).to_have_text("Il post è valido: potete sigillarlo.")


def close_turn(season: Season, n: int, referee: Page) -> None:
    """The referee brings the deadline to two seconds from now (R69, an audited override);
    nobody clicks: the turn closes by itself at its deadline on the server's clock
    (point 4), and the log says so."""
    reschedule(referee, seconds=2, reason=f"Chiusura anticipata del turno {n}")
    for page in season.referees:
        expect(page.locator(".console-draw h3")).to_have_text(f"Estrazione del turno {n}")
    expect(season.public.locator("#log")).to_contain_text(
        f"Il turno {n} si è chiuso da solo alla scadenza"
    )


def missing_posts(season: Season, n: int, referee: Page) -> None:
    """Point 4: with the deadline an hour away, past the reminder's time (two hours before
    it, the season's setting), both consoles list the teams that have not posted, by name,
    with the reminder to copy to the forum; only the referees see it."""
    reschedule(referee, seconds=3600, reason=f"Scadenza del turno {n} fra un'ora")
    active = [h for h in HOUSES if season.view()["teams"][h]["status"] == "active"]
    for page in season.referees:
        listed = page.locator(".console-missing")
        expect(listed.locator("h3")).to_have_text(f"Post mancanti del turno {n}")
        expect(listed.locator(".missing-team")).to_have_count(len(active))
        for house in active:
            expect(listed.locator(f'.missing-team[data-house="{house}"]')).to_contain_text(
                season.name(house)
            )
    reminder = referee.locator(".console-missing textarea.reminder-text").input_value()
    assert all(season.name(house) in reminder for house in active), reminder
    no_raw_ids(referee)
    for page in [season.public, *season.teams.values()]:
        expect(page.locator(".console-missing")).to_have_count(0)
        expect(page.locator("body")).not_to_contain_text("Post mancanti")


def posts_all_in(season: Season) -> None:
    """Once every team has posted, no team is missing any more."""
    for page in season.referees:
        expect(page.locator(".console-missing .missing-team")).to_have_count(0)


def paste_draw(season: Season, n: int, referee: Page) -> dict[str, list[str]]:
    """Turn n's evening is after the last draw's (point 2) and both consoles name it; its
    draw pasted before the evening has come is refused, and so is a draw of a later
    evening, each naming the evening expected; once the evening has come the draw is
    pasted as a Lotto site prints it, its heading's date in words (point 10). Returns the
    numbers as printed."""
    evening = season.view()["draw_date"]
    assert evening > season.evenings[-1], (evening, season.evenings)
    for page in season.referees:
        expect(page.locator(".console-draw .expected-draw")).to_contain_text(day_words(evening))
    form = referee.locator(".console-draw")
    paste = form.locator('textarea[data-field^="draw-turn"]')
    check = form.locator('[data-step^="draw-turn"][data-step$="-check"]')
    text, printed = printed_draw(evening, shift=n)

    paste.fill(text)
    check.click()
    expect(refusal(form)).to_contain_text(f"L'estrazione di {day_words(evening)} non è ancora")

    evening_comes(evening, *season.pages())
    later = next_lotto_evening(evening)
    form.locator('input[data-field^="draw-turn"][type="date"]').fill("")  # the heading dates it
    paste.fill(printed_draw(later, shift=n)[0])
    check.click()
    expect(refusal(form)).to_contain_text(
        f"L'estrazione inserita è {day_of(later)}, ma quella di questo turno è {day_of(evening)}:"
        " la prima estrazione del Lotto dopo la scadenza del turno"
    )

    paste.fill(text)
    form.locator('[data-step^="draw-turn"][data-step$="-send"]').click()
    for page in season.referees:
        expect(page.locator(".console-review h3")).to_have_text(f"Revisione del turno {n}")
    season.evenings.append(evening)
    return printed


def nothing_before_publication(season: Season, n: int) -> None:
    """Under review (R45, point 1) every team's page and the public page say the results
    are "in revisione" and show none of them: no report, no drawn numbers, the
    parameters as they were."""
    for house, page in [*season.teams.items(), ("", season.public)]:
        board = page.locator("section.announcements")
        expect(board.locator(".announcement").first).to_contain_text(
            f"Turno {n}: risultati in revisione"
        )
        expect(board).not_to_contain_text(f"Risultati del turno {n}")
        expect(page.locator(".bulletin")).to_contain_text("Gli arbitri stanno controllando")
        expect(page.locator("section.houses")).not_to_contain_text(f"Turno {n}, estratti su")
        if house:
            report = page.locator(".team-report")
            expect(report).not_to_contain_text(f"Rapporto per {season.name(house)} — turno {n}")
            expect(page.locator(".team-params dd")).to_have_text(season.before[house])


def battles_in_one_look(season: Season, n: int) -> None:
    """The review board (point 6): each house attacked, by whom with how many, and the
    Throne's succession, on both consoles."""
    view = season.view()
    resolution = next(r for r in reversed(view["resolutions"]) if r["turn"] == n)
    for page in season.referees:
        board = page.locator(".battle-board")
        expect(board.locator("h4").first).to_have_text("Battaglie del turno")
        for house in resolution["battle"]:
            row = board.locator(f'tr[data-house="{house}"]')
            attackers = resolution.get("op", {}).get(house, {})
            for attacker, count in attackers.items():
                expect(row).to_contain_text(f"{season.name(attacker)} ({count})")
            if not attackers:
                expect(row).to_contain_text("nessun attacco")
        expect(board.locator(".succession-throne")).to_contain_text(re.compile(r"^Trono: "))


def override_chests(page: Page, house: str, to: int, reason: str) -> None:
    """A referee starts changing a house's chests in the console's override form."""
    form = page.locator(".console-overrides")
    form.locator('select[data-field="override-kind"]').select_option("adjust_parameter")
    form.locator('select[data-field="override-house"]').select_option(house)
    form.locator('select[data-field="override-param"]').select_option("chests")
    form.locator('input[data-field="override-to"]').fill(str(to))
    form.locator('[data-field="override-reason"]').fill(reason)


def edits_never_overwritten(season: Season, n: int, first: Page, second: Page) -> None:
    """Point 3: the first referee starts changing a house's chests; the second changes
    them first; the first's change, made on the older version, is refused naming who,
    when and what, and goes through after "Ricarica"."""
    house = HOUSES[(n - 1) % len(HOUSES)]
    name, chests = season.name(house), season.view()["teams"][house]["chests"]
    audit = len(season.view()["audit"])
    for page in season.referees:
        expect(page.locator(".audit-list li")).to_have_count(audit)
    names = dict(zip([id(page) for page in season.referees], REFEREES.values(), strict=True))
    first_name, second_name = names[id(first)], names[id(second)]

    override_chests(first, house, chests + 2, f"Premio del turno {n}")
    override_chests(second, house, chests + 1, "Errore di trascrizione")
    second.locator('.console-overrides [data-step="override-send"]').click()
    for page in season.referees:
        expect(page.locator(".audit-list li")).to_have_count(audit + 1)
    form = first.locator(".console-overrides")
    form.locator('[data-step="override-send"]').click()
    expect(refusal(form)).to_contain_text(
        re.compile(
            rf"{second_name} ha già cambiato le casse di {name} (il .+ )?alle \d\d:\d\d "
            rf"\({chests} → {chests + 1}\): ricarica per vedere il valore attuale\."
        )
    )
    reload = form.locator('[data-step="override-reload"]')
    expect(reload).to_have_text("Ricarica")
    reload.click()
    expect(form.locator(".verdict .problem")).to_have_count(0)
    form.locator('[data-step="override-send"]').click()
    last = second.locator(".audit-list li").last
    expect(last).to_contain_text(f"Casse di {name}): {chests + 1} → {chests + 2}")
    expect(last).to_contain_text(f"{first_name} · ")
    assert season.view()["teams"][house]["chests"] == chests + 2


def reports_in_one_step(season: Season, n: int, page: Page, artifacts: Path) -> None:
    """Point 8: each team's private message with its recipients ready to copy, and all of
    them in one file."""
    view = season.view()
    people = {p["user_id"]: p["display_name"] for p in view["registered"]}
    forum = page.locator("section.exports")
    active = [h for h in HOUSES if view["teams"][h]["status"] == "active"]
    for house in active:
        item = forum.locator(f'li.export[data-export="pm-{house}"]')
        members = ", ".join(people[m] for m in view["teams"][house]["members"])
        expect(item.locator(".recipients-text")).to_have_value(members)
        expect(item.locator("button.copy-recipients")).to_have_text("Copia destinatari")
    with page.expect_download() as caught:
        forum.locator("a.download-all-messages").click()
    download = caught.value
    assert download.suggested_filename == f"trono-turno-{n}-messaggi-privati.txt"
    text = Path(download.path()).read_text(encoding="utf-8")
    assert text.count("===== Messaggio privato per ") == len(active)
    for house in active:
        assert f"Rapporto per {season.name(house)} — turno {n}" in text
    no_raw_ids(page)
    assert fits(page)
    page.screenshot(path=artifacts / f"trono-whole-season-review-{n}.png", full_page=True)


def publish(season: Season, n: int, referee: Page, printed: dict[str, list[str]]) -> None:
    """A referee publishes: the teams' pages and the public page show the results at once,
    each house's numbers as the Lotto printed them (point 10)."""
    referee.locator('[data-step="publish-send"]').click()
    referee.locator('[data-step="publish-confirm"]').click()
    for page in season.referees:
        if n < TURNS:
            expect(page.locator(".console-posts h3")).to_have_text(f"Post del turno {n + 1}")
        else:
            expect(page.locator(".console-phase")).to_have_text("La partita è finita.")
    for house, page in [*season.teams.items(), ("", season.public)]:
        expect(page.locator("section.announcements")).to_contain_text(f"Risultati del turno {n}")
        if house:
            report = page.locator(".team-report")
            expect(report).to_contain_text(f"Rapporto per {season.name(house)} — turno {n}")
        for shown, wheel in WHEEL.items():
            numbers = page.locator(f'li.house[data-house="{shown}"] .numbers')
            expect(numbers).to_contain_text(f"Turno {n}, estratti su {WHEEL_NAME[wheel]}")
            expect(numbers.locator(".number")).to_have_text(printed[wheel])
    public_post(season, n, referee, printed)


def public_post(season: Season, n: int, referee: Page, printed: dict[str, list[str]]) -> None:
    """The public post for the forum names the turn's draw, its date and its numbers as
    printed."""
    evening = day_words(season.evenings[-1]).split(" ", 1)[1]  # "15 dicembre 2026"
    post = referee.locator('section.exports li.export[data-export="public"] textarea')
    expect(post).to_have_value(re.compile(rf"Estrazione del turno {n} \({evening}\):"))
    for wheel, numbers in printed.items():
        expect(post).to_have_value(re.compile(rf"\b{wheel} {' '.join(numbers)}\b"))


def turn(
    season: Season, n: int, artifacts: Path, open_page: Callable[..., Page], base: str
) -> None:
    """Turn n of the season, from the teams' posts to the published results. Every turn
    plays points 1, 2, 3, 4 (the close), 6, 8 and 10; the points done once are spread over
    the season: the characters and the missing posts in turn 1, the late player in turn
    2, a pasted forum post in turn 3, "Controlla il post" in turn 4."""
    closer, other = season.pair(n)
    if n == 1:
        define_a_character(season, closer, other)
        missing_posts(season, n, closer)
    if n == 2:
        late_player(season, closer, open_page, base)
    view = season.view()
    pasted = view["seats"]["throne"] if n == 3 else ""
    post_on_pages(season, n, pasted=pasted, checked=view["seats"]["throne"] if n == 4 else "")
    if pasted:
        paste_a_forum_post(season, n, other, pasted)
    if n == 1:
        posts_all_in(season)
    close_turn(season, n, closer)
    printed = paste_draw(season, n, other)
    nothing_before_publication(season, n)
    battles_in_one_look(season, n)
    edits_never_overwritten(season, n, closer, other)
    reports_in_one_step(season, n, other, artifacts)
    publish(season, n, other, printed)


def define_a_character(season: Season, referee: Page, other: Page) -> None:
    """Point 7: a referee defines one of the season's characters in the console; the other
    referee's console and the teams' pages show it by its name, never an id."""
    referee.locator('[data-field="character-name"]').fill("Bianca Ventura")
    referee.select_option('[data-field="character-house"]', "")
    referee.locator('[data-field="character-cost"]').fill("1")
    referee.locator('[data-field="character-charges"]').fill("2")
    referee.select_option('[data-field="character-power1"]', "gain")
    referee.select_option('[data-field="character-power1_resource"]', "chests")
    referee.select_option('[data-field="character-power1_amount"]', "2")
    referee.locator('[data-field="character-summary"]').fill("Porta 2 casse alla squadra")
    referee.locator('[data-step="character-send"]').click()
    for page in season.referees:
        entry = page.locator('.console-characters .character[data-character="bianca_ventura"]')
        expect(entry).to_contain_text("(neutrale) — costo 1, 2 cariche — Porta 2 casse")
        created = page.locator(".audit-list li").last  # no reason given: no "motivo:" either
        expect(created).to_contain_text("Nuovo personaggio (Bianca Ventura)")
        expect(created).not_to_contain_text("motivo")
    for page in season.teams.values():
        expect(page.locator(".team-page")).to_contain_text("Bianca Ventura")
    for page in [*season.referees, *season.teams.values()]:
        expect(page.locator("body")).not_to_contain_text("bianca_ventura")


def late_player(season: Season, referee: Page, open_page: Callable[..., Page], base: str) -> None:
    """Point 7: a player who arrives in turn 2 is added by a referee with no seat prepared
    (R63–R65: placed in a smallest team, a member at once); the console gives their own
    link, they open it and, from then on, post for their team."""
    late = referee.locator(".console-late")
    referee.locator('[data-field="late-name"]').fill("Zeno Ritardatario")
    referee.locator('[data-step="late-send"]').click()
    link = late.locator(".late-link input.late-url")
    expect(link).to_have_value(re.compile(rf"/play/{season.game_id}\?seat=player%3Ap13#invite=."))
    url = link.input_value()
    view = season.view()
    house = next(h for h in HOUSES if "p13" in view["teams"][h]["members"])
    for page in season.referees:
        expect(page.locator(".console-joiners")).to_contain_text(
            f"Zeno Ritardatario ora gioca per {season.name(house)}"
        )
    player: Page = open_page(base_url=base, locale="it-IT", viewport=PHONE)
    player.clock.set_system_time(SERVER_CLOCK.now())
    player.goto(url.replace("?seat=", "?lang=it&seat=", 1))
    expect(player.locator(".team-page h2")).to_have_text(f"La vostra casata: {season.name(house)}")
    season.teams[house] = player  # their team's posts are theirs to send now


def paste_a_forum_post(season: Season, n: int, referee: Page, house: str) -> None:
    """Point 5: the team sitting on the Throne posted on the forum only; a referee pastes
    its post whole and is told every problem at once (a greeting nobody can read as an
    order, a fourth action), then pastes it as corrected on the forum: "Tutto in regola",
    and it is recorded as the team's post."""
    name = season.name(house)
    season.before[house] = season.teams[house].locator(".team-params dd").all_inner_texts()
    paste = referee.locator(".console-paste")
    text = paste.locator('textarea[data-field$="-post_text"]')
    paste.locator('select[data-field$="-team"]').select_option(house)
    text.fill(
        "Ciao arbitri, ecco il nostro post!\n[b]Azioni[/b]\n1. Tassa\n2. Tassa\n3. Raduna\n4. Tassa"
    )
    paste.locator('[data-step$="-check"]').click()
    expect(paste.locator(".problems li")).to_have_text(
        [
            re.compile(rf"^Azione 4 in più, la tassa di {name}, sarà nulla: "),
            "Riga non letta, non farà parte del post: «Ciao arbitri, ecco il nostro post!»",
        ]
    )
    text.fill("[b]Azioni[/b]\n1. Tassa\n2. Tassa\n3. Raduna")
    paste.locator('[data-step$="-check"]').click()
    expect(paste.locator(".valid")).to_have_text(
        "Tutto in regola: nessuna parte del post sarà nulla."
    )
    paste.locator('[data-step$="-send"]').click()
    for page in season.referees:
        row = page.locator(f'.post-list li[data-house="{house}"]')
        expect(row.locator(".post-actions")).to_contain_text("Tassa")
        expect(row.locator(".post-void")).to_have_count(0)


def the_season_ends(season: Season) -> None:
    """After the last turn the season is over, on every page."""
    for page in [season.public, *season.teams.values()]:
        expect(page.locator(".ending h3")).to_have_text("La partita è finita")
    assert season.view()["phase"] == "over"
    assert season.evenings == sorted(set(season.evenings))  # every evening after the last


def test_two_referees_and_four_teams_play_a_whole_season_in_italian(
    open_page, any_server: str, api_on: Api, artifacts: Path
) -> None:
    season = open_season(open_page, api_on, any_server)
    form_teams(season, open_page, any_server)
    for n in range(1, TURNS + 1):
        turn(season, n, artifacts, open_page, any_server)
    the_season_ends(season)
