"""Gioco del Trono's Done-when test (issue 19): a 12-player live season through two turns
entirely in the browser. The Italian referee sets the season up in the lobby from its
ready-made live season and everyone opens the link the lobby gives for their seat. Two
referees share the console — one in Italian on a desktop, the
other in English on a phone — and copy the forum's sign-ups (with a pair and avoidances)
while the last player signs up on their own page; one closes registration, the other
pastes the formation draw as a newspaper prints it and starts; the teams choose their
houses and post on their own pages, a post copied from the forum has a void action and
the rest stands, a slow team finds the turn closed at its deadline; one referee copies a post while
the other pastes the turn's draw; the results are reviewed and published; turn 2 again,
lighter, the widths swapped; the public page shows the announcements and the exports are
checked. The deadline is brought to a few seconds ahead by the console's override, as the
other Trono browser tests do: the server's clock is never faked."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

from playwright.sync_api import Page, expect

from .helpers import SERVER_CLOCK, Api, evening_comes, fits
from .test_trono_console import DESKTOP, NEWSPAPER, PHONE, PLAYERS, ROME, rome

REFEREES = ["referee:arbitro01", "referee:arbitro02"]
PUBLIC = {
    "it": {
        "opened": "Turno 3 aperto",
        "results": "Risultati del turno {}",
        "secret": ["Rapporto per", "Messaggio privato", "nulla:", "Prima: soldati"],
    },
    "en": {
        "opened": "Turn 3 is open",
        "results": "Results of turn {}",
        "secret": ["Report for", "Private message", "void:", "Before: soldiers"],
    },
}


def empty_season(page: Page) -> tuple[str, list[str]]:
    """The Italian referee sets a live season up in the lobby, from its ready-made table
    (twelve players' seats, then two referees'), names the seats, keeps none for
    themselves, and creates it: returns the game and the seats' links, as the lobby shows
    them to share."""
    page.goto("/")
    form = page.locator("form#create")
    form.locator("select[name=game]").select_option("trono")
    form.locator("select[name=preset]").select_option("live_season")
    rows = page.locator("#seat-rows li.seat-row")
    expect(rows).to_have_count(14)
    expect(form.locator("select[name=mode]")).to_have_value("live")
    expect(rows.nth(12).locator("select[name=role]")).to_have_value("referee")
    for n, name in enumerate([*PLAYERS, "Arbitra", "Umpire"]):
        rows.nth(n).locator("input[name=name]").fill(name)
    form.locator("select[name=language]").select_option("it")
    form.locator("input[name=creator_sits]").uncheck()  # a referee plays no player's seat
    expect(form.locator("input[name=invite_only]")).to_be_checked()  # the preset's
    form.locator("button[type=submit]").click()
    links = page.locator("#created #links li.link")
    expect(links).to_have_count(14)
    expect(links.nth(12)).to_contain_text("Arbitra")
    # Named people's seats: nobody can sit at a referee's seat from the open tables.
    expect(page.locator("#games li.game", has_text="Arbitra")).to_have_count(0)
    hrefs = [links.nth(n).locator("a.button").get_attribute("href") or "" for n in range(14)]
    return hrefs[0].split("/play/")[1].split("?")[0], hrefs


def open_link(page: Page, game_id: str, link: str, lang: str) -> tuple[str, str]:
    """A seat's link from the lobby opened in a browser: the seat is taken with its invite;
    returns the seat and the token this browser keeps for it."""
    page.goto(link.replace("lang=it", f"lang={lang}"))
    key = f"tavola.seat.{game_id}"
    seat = link.split("seat=")[1].split("&")[0].replace("%3A", ":")
    page.wait_for_function(
        "([key, seat]) => (JSON.parse(localStorage.getItem(key) || 'null') || {}).seat === seat",
        arg=[key, seat],
    )
    saved = page.evaluate("(key) => JSON.parse(localStorage.getItem(key))", key)
    return saved["seat"], saved["token"]


def visit(page: Page, game_id: str, tokens: dict[str, str], user: str, lang: str) -> Page:
    """A player's own link opened in a browser already at hand (its scripts cached)."""
    page.goto(f"/play/{game_id}?seat=player:{user}&lang={lang}#token={tokens['player:' + user]}")
    return page


def sign_up(console: Page, user: str, *, name: str = "", partner: str = "", avoid=()) -> None:
    """A referee copies one sign-up from the forum and waits until it is registered."""
    form = console.locator(".console-signup")
    form.locator('select[data-field="signup-user"]').select_option(user)
    if name:
        form.locator('input[data-field="signup-name"]').fill(name)
    if partner:
        form.locator('select[data-field="signup-partner"]').select_option(partner)
    for n, avoided in enumerate(avoid, start=1):
        form.locator(f'select[data-field="signup-avoid{n}"]').select_option(avoided)
    form.locator('[data-step="signup-send"]').click()
    expect(console.locator(f'.registrant[data-user="{user}"]')).to_be_visible()


def team_page(page: Page, game_id: str, tokens: dict[str, str], user: str, lang: str) -> Page:
    visit(page, game_id, tokens, user, lang)
    expect(page.locator(".team-page .post-form")).to_be_visible()
    return page


def fill_post(page: Page, kinds: list[str]) -> None:
    for n, kind in enumerate(kinds, start=1):
        page.select_option(f'[data-field="slot{n}-kind"]', kind)


def post_on_page(page: Page, kinds: list[str]) -> None:
    """A team builds its post on its page, checks it, confirms and seals it."""
    fill_post(page, kinds)
    page.locator('[data-step="seal-post"]').click()
    page.locator('[data-step="seal-now"]').click()
    expect(page.locator(".sealed-post .sealed-actions li")).to_have_count(len(kinds))


def copy_post(console: Page, house: str, author: str, posted_at: str, kinds: list[str]) -> None:
    """A referee copies a forum post as written (an attack without a target stays so)."""
    record = console.locator(".console-record")
    record.locator('select[data-field$="-team"]').select_option(house)
    record.locator('select[data-field$="-author"]').select_option(author)
    record.locator('input[data-field$="-posted_at"]').fill(posted_at)
    for n, kind in enumerate(kinds, start=1):
        record.locator(f'select[data-field$="-slot{n}"]').select_option(kind)
    record.locator('[data-step$="-send"]').click()
    if "attack" in kinds:  # its void part named first, then recorded as written (issue 27)
        expect(record.locator(".problems li")).to_contain_text(["sarà nulla"])
        record.locator('[data-step$="-as-written"]').click()
    expect(console.locator(f'.post-list li[data-house="{house}"].posted')).to_be_visible()


def reschedule(console: Page, *, seconds: int, reason: str) -> datetime:
    """The turn's deadline brought to `seconds` from now by the console's override (R69),
    in Rome time to the second as a referee types it; returns it."""
    ahead = SERVER_CLOCK.now().astimezone(ROME) + timedelta(seconds=seconds)
    deadline = ahead.replace(microsecond=0)
    if deadline.second == 0:  # off the minute, so that the refusal tells it to the second
        deadline += timedelta(seconds=1)
    overrides = console.locator(".console-overrides")
    overrides.locator('select[data-field="override-kind"]').select_option("reschedule_turn")
    overrides.locator('input[data-field="override-deadline"]').fill(rome(deadline))
    overrides.locator('[data-field="override-reason"]').fill(reason)
    overrides.locator('[data-step="override-send"]').click()
    expect(console.locator(".audit-list li").last).to_contain_text(reason)
    return deadline


def test_a_twelve_player_season_through_two_turns_in_the_browser(
    open_page, api: Api, artifacts: Path
) -> None:
    it = open_page(locale="it-IT", viewport=DESKTOP)
    game_id, links = empty_season(it)
    it.screenshot(path=artifacts / "trono-season-lobby-it-desktop.png", full_page=True)
    # Each player opens their link (one browser after another, the players' own tokens
    # kept for the later visits); the referees open theirs, one in English on a phone.
    phone = open_page(locale="it-IT", viewport=PHONE)
    desk = open_page(locale="en-GB", viewport=DESKTOP)
    tokens = dict(open_link(desk, game_id, link, "en") for link in links[:12])
    assert sorted(tokens) == sorted(f"player:p{n:02d}" for n in range(1, 13))
    en = open_page(locale="en-GB", viewport=PHONE)
    tokens.update(
        [open_link(it, game_id, links[12], "it"), open_link(en, game_id, links[13], "en")]
    )
    expect(it.locator(".console-signup h4")).to_have_text("Copia un'iscrizione dal forum")
    expect(en.locator(".console-signup h4")).to_have_text("Copy a sign-up from the forum")

    # Registration: the two referees copy the forum's sign-ups at once…
    sign_up(it, "p01", name="Lady Bianca", partner="p02", avoid=["p03"])
    sign_up(en, "p07", avoid=["p08", "p09"])
    sign_up(it, "p02", name="Ser Dario", partner="p01")
    for n in range(3, 7):
        sign_up(it, f"p{n:02d}")
        sign_up(en, f"p{n + 5:02d}")
    # …and the twelfth player signs up on their own page (Italian, on a phone), with a wish.
    visit(phone, game_id, tokens, "p12", "it")
    phone.locator('input[data-field="signup-name"]').fill("Corvo")
    phone.locator('[data-step="signup-send"]').click()
    expect(phone.locator(".signed-up")).to_have_text("Iscrizione registrata: giochi come Corvo.")
    phone.select_option('[data-field="signup-avoid1"]', "p11")
    saved = phone.locator('.sign-up .wishes-saved[aria-live="polite"]')
    expect(saved).to_have_text("")  # nothing is said before the wishes are saved
    phone.locator('[data-step="signup-wishes"]').click()
    expect(saved).to_have_text("Preferenze salvate.")
    expect(it.locator('.registrant[data-user="p12"]')).to_have_text(
        "Corvo — preferisce evitare Giocatore 11"
    )
    assert fits(phone)
    phone.screenshot(path=artifacts / "trono-season-signup-it-phone.png", full_page=True)
    expect(it.locator(".console-registration .count")).to_have_text("12 giocatori iscritti.")
    expect(it.locator('.registrant[data-user="p01"]')).to_have_text(
        "Lady Bianca — vorrebbe giocare con Ser Dario; preferisce evitare Giocatore 3"
    )
    expect(en.locator('.registrant[data-user="p07"]')).to_have_text(
        "Giocatore 7 — would rather avoid Giocatore 8, Giocatore 9"
    )
    expect(en.locator(".all-registered")).to_be_visible()
    it.screenshot(path=artifacts / "trono-season-registration-it-desktop.png", full_page=True)
    assert fits(en)
    en.screenshot(path=artifacts / "trono-season-registration-en-phone.png", full_page=True)

    # The Italian referee closes registration; the English one pastes the formation draw.
    it.locator('[data-step="close-send"]').click()
    expect(it.locator(".confirm-text")).to_contain_text("12 giocatori")
    it.locator('[data-step="close-confirm"]').click()
    expect(en.locator(".console-draw .expected-draw")).to_contain_text("Expected draw:")
    # a draw is entered once it has happened (20:00 Rome): the evening comes
    expected = api.view(game_id, tokens[REFEREES[0]])["view"]["calendar"]["expected_draw"]
    evening_comes(expected, it, en, phone, desk)
    en.locator('textarea[data-field^="draw-formation"]').fill(NEWSPAPER)
    en.locator('[data-step^="draw-formation"][data-step$="-send"]').click()
    expect(it.locator(".console-rankings")).to_be_visible()
    referee_view = api.view(game_id, tokens[REFEREES[0]])["view"]
    teams = sorted(referee_view["teams"].values(), key=lambda team: team["team_no"])
    assert any({"p01", "p02"} <= set(team["members"]) for team in teams)  # the mutual pair

    # Each team chooses its house on its own page (the players' two browsers, a phone and
    # a desktop, open one link after another); the first two teams want the same house.
    wanted = [["stark", "tyrell"], ["stark", "greyjoy"], ["lannister"], ["martell", "tully"]]
    looks = [("it", phone), ("en", desk), ("en", phone), ("it", desk)]
    for team, houses, (lang, page) in zip(teams, wanted, looks, strict=True):
        visit(page, game_id, tokens, team["members"][0], lang)
        title = {"it": "La vostra squadra: Squadra {}", "en": "Your team: Team {}"}[lang]
        expect(page.locator(".team-page h2")).to_have_text(title.format(team["team_no"]))
        for n, house in enumerate(houses, start=1):
            page.select_option(f'[data-field="ranking-{n}"]', house)
        page.locator('[data-step="send-ranking"]').click()
        # sent; the last one to send sees its house at once
        expect(page.locator(".ranking-sent, .team-params")).to_be_visible()
        if team["team_no"] == 1:
            assert fits(page)
            page.screenshot(path=artifacts / "trono-season-ranking-it-phone.png", full_page=True)

    # The houses are assigned: the English referee opens the first turn.
    expect(en.locator(".console-start")).to_be_visible()
    en.locator('[data-step="start-send"]').click()
    en.locator('[data-step="start-confirm"]').click()
    expect(it.locator(".console-posts h3")).to_have_text("Post del turno 1")
    season = api.view(game_id, tokens[REFEREES[0]])["view"]
    assert season["teams"]["stark"]["team_no"] == teams[0]["team_no"]  # sent first
    assert {"stark", "greyjoy", "lannister", "martell"} == set(season["teams"])
    assert season["seats"]["throne"] == "stark"  # R19: the formation draw ranks the houses
    member = {house: team["members"][0] for house, team in season["teams"].items()}

    # Turn 1. Stark seals its post on its own page (Italian, on a phone).
    stark = team_page(phone, game_id, tokens, member["stark"], "it")
    post_on_page(stark, ["defend", "tax", "rally"])
    stark.screenshot(path=artifacts / "trono-season-sealed-it-phone.png", full_page=True)

    # The Italian referee copies Greyjoy's forum post: an attack with no target is void,
    # the rest stands.
    copy_post(
        it,
        "greyjoy",
        member["greyjoy"],
        rome(SERVER_CLOCK.now() - timedelta(seconds=1)),
        ["attack", "tax", "rally"],
    )
    expect(it.locator('.post-list li[data-house="greyjoy"] .post-void')).to_have_text(
        "(1 azione nulla)"
    )
    expect(en.locator('.post-list li[data-house="greyjoy"]')).to_contain_text(
        "copied from the forum"
    )

    # Lannister fills its form in, too slowly: the English referee brings the deadline to a
    # few seconds from now, and at the deadline the server closes the turn by itself (issue
    # 27, point 4): the page says so and has no form left to seal (a post that reaches the
    # server after the deadline is refused to the second: test_trono_deadline_close).
    lannister = team_page(desk, game_id, tokens, member["lannister"], "en")
    fill_post(lannister, ["tax", "tax", "rally"])
    deadline = reschedule(en, seconds=5, reason="Prova della stagione")
    expect(lannister.locator("main")).to_contain_text(
        "The turn is closed: waiting for the Lotto draw."
    )
    expect(lannister.locator('[data-step="seal-post"]')).to_have_count(0)
    lannister.screenshot(path=artifacts / "trono-season-late-en-desktop.png", full_page=True)

    # The server closes the turn at the deadline by itself (issue 27, point 4); one referee
    # copies Martell's post (written before the deadline) while the other pastes the
    # evening's draw: neither loses what they typed.
    expect(en.locator(".console-draw h3")).to_have_text("Draw for turn 1")
    evening = api.view(game_id, tokens[REFEREES[0]])["view"]["draw_date"]
    evening_comes(evening, it, en, phone, desk)  # the first Lotto evening after the close
    en.locator('textarea[data-field^="draw-turn"]').fill(NEWSPAPER)
    copy_post(
        it,
        "martell",
        member["martell"],
        rome(deadline - timedelta(seconds=2)),
        ["defend", "tax", "rally"],
    )
    expect(en.locator('.post-list li[data-house="martell"]')).to_contain_text("copied from")
    expect(en.locator('textarea[data-field^="draw-turn"]')).to_have_value(NEWSPAPER)
    en.locator('[data-step^="draw-turn"][data-step$="-send"]').click()

    # Review, then publication.
    expect(it.locator(".console-review h3")).to_have_text("Revisione del turno 1")
    expect(en.locator(".review-table tr[data-house]")).to_have_count(4)
    assert fits(en)
    en.screenshot(path=artifacts / "trono-season-review-en-phone.png", full_page=True)
    it.locator('[data-step="publish-send"]').click()
    it.locator('[data-step="publish-confirm"]').click()
    expect(it.locator(".console-posts h3")).to_have_text("Post del turno 2")
    referee_view = api.view(game_id, tokens[REFEREES[0]])["view"]
    numbers = {team["team_no"]: house for house, team in referee_view["teams"].items()}
    posts = {numbers[p["team_no"]]: p for p in referee_view["posts"] if p["turn"] == 1}
    assert set(posts) == {"stark", "greyjoy", "martell"}  # Lannister was too late
    assert [a["kind"] for a in posts["greyjoy"]["actions"]] == ["void", "tax", "rally"]
    assert posts["martell"]["recorded_by"] == "arbitro01" and posts["stark"]["recorded_by"] is None

    # The texts for the forum, in Italian: Greyjoy's message gives the void action's reason.
    exports = it.locator("section.exports .export")
    expect(exports).to_have_count(1 + 4)
    public_post = exports.first.locator("textarea").input_value()
    assert public_post.startswith("[size=150][b]") and "turno 1" in public_post
    greyjoy = it.locator('.export[data-export="pm-greyjoy"] textarea').input_value()
    assert "Risultati del turno 1" in public_post and "Turno 2 aperto" in public_post
    assert "Messaggio privato per Greyjoy — turno 1" in greyjoy
    assert "Attacca — nulla: un attacco richiede un bersaglio" in greyjoy  # void, with why
    assert "Azione 2: Tassa — numero" in greyjoy  # …and the rest stands
    assert "Estrazione del turno 1 (" in public_post  # the draw the results came from
    it.screenshot(path=artifacts / "trono-season-exports-it-desktop.png", full_page=True)

    # Turn 2, lighter, the widths swapped: Greyjoy attacks the Throne from its page (in
    # English), the others do not post; the deadline passes, the draw is pasted in Italian
    # on the phone, and the English referee publishes on the desktop.
    it.set_viewport_size(PHONE)
    en.set_viewport_size(DESKTOP)
    greyjoy_page = team_page(desk, game_id, tokens, member["greyjoy"], "en")
    fill_post(greyjoy_page, ["attack", "tax", "rally"])
    greyjoy_page.select_option('[data-field="slot1-target"]', "trono")
    greyjoy_page.locator('[data-step="seal-post"]').click()
    greyjoy_page.locator('[data-step="seal-now"]').click()
    expect(greyjoy_page.locator(".sealed-actions li").first).to_have_text("Attack the Throne")
    expect(it.locator('.post-list li[data-house="greyjoy"]')).to_contain_text("dalla pagina")
    reschedule(it, seconds=4, reason="Secondo turno di prova")  # it closes by itself
    expect(it.locator(".console-draw h3")).to_have_text("Estrazione del turno 2")
    evening = api.view(game_id, tokens[REFEREES[0]])["view"]["draw_date"]
    evening_comes(evening, it, en, phone, desk)
    it.locator('textarea[data-field^="draw-turn"]').fill(NEWSPAPER)
    it.locator('[data-step^="draw-turn"][data-step$="-send"]').click()
    expect(en.locator(".console-review h3")).to_have_text("Review of turn 2")
    assert fits(it)
    it.screenshot(path=artifacts / "trono-season-review-it-phone.png", full_page=True)
    en.locator('[data-step="publish-send"]').click()
    en.locator('[data-step="publish-confirm"]').click()
    expect(it.locator(".console-posts h3")).to_have_text("Post del turno 3")
    en.screenshot(path=artifacts / "trono-season-turn3-en-desktop.png", full_page=True)

    # The public page: the announcements of both turns, nothing a team keeps secret.
    for lang, size, width in (("en", PHONE, "phone"), ("it", DESKTOP, "desktop")):
        public = open_page(locale="it-IT" if lang == "it" else "en-GB", viewport=size)
        public.goto(f"/play/{game_id}?lang={lang}")
        board = public.locator("section.announcements .announcement")
        words = PUBLIC[lang]
        expect(board.first).to_contain_text(words["opened"])
        expect(board.filter(has_text=words["results"].format(2))).to_have_count(1)
        expect(board.filter(has_text=words["results"].format(1))).to_have_count(1)
        expect(public.locator("section.standings .standing")).to_have_count(4)
        text = public.locator("body").inner_text()
        assert not any(secret in text for secret in words["secret"]), text
        assert fits(public)
        public.screenshot(
            path=artifacts / f"trono-season-public-{lang}-{width}.png", full_page=True
        )
        public.context.close()

    # The exports in English: the public post of turn 2 and each team's message.
    exports = en.locator("section.exports .export")
    expect(exports.first.locator("h3")).to_have_text("Public post — turn 2")
    public_post = exports.first.locator("textarea").input_value()
    assert "Results of turn 2" in public_post and "Turn 3 is open" in public_post
    for house, team in season["teams"].items():
        message = en.locator(f'.export[data-export="pm-{house}"] textarea').input_value()
        name = season["teams"][house]["display_name"]
        assert message.startswith(f"[size=150][b]Private message for {name} — turn 2[/b]")
        names = [p["display_name"] for p in season["registered"] if p["user_id"] in team["members"]]
        assert f"Send to: {', '.join(names)}" in message
        posted = "Action 1: Attack the Throne" if house == "greyjoy" else "No post sent"
        assert posted in message, message
    en.screenshot(path=artifacts / "trono-season-exports-en-desktop.png", full_page=True)
