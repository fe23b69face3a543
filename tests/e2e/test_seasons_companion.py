"""Seasons solo in the browser (issue 18): the companion page on a phone (390×844). A person
sets a Wizard companion table up in the lobby and plays a whole game against Dummbot by
tapping: the prelude's names typed with search-as-you-type (§4.5), a die chosen each round
(R6), the drawn and summoned cards named when asked (R14, R15), the turn and the round
ended (R7, R19), one step undone, the page reloaded mid-game, the final score entered and
the verdict shown (§9). Then an Italian pass that adds a card missing from the catalogue
(§3.3, §6.1). Screenshots go to tests/e2e/artifacts/seasons_*.png."""

from __future__ import annotations

import re
from itertools import cycle
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from tavola.games.seasons.catalogue import base_catalogue

from .helpers import Api, fits

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
NO_RAW = re.compile(
    r"base_\d|\b(?:wi|sp|su|au)\d\b|name_cards|[{}]|\bhuman\b|\bundefined\b|\bnull\b"
)
"""What the page must never show: card or die ids, action names, JSON, unfilled words."""

SETTLED = """(before) => {
  const root = document.querySelector('.seasons');
  return Boolean(root) && Number(root.dataset.version) > before && root.dataset.busy === 'false';
}"""


class Companion:
    """The person at the physical table, tapping the companion page."""

    def __init__(self, page: Page) -> None:
        self.page = page
        # Every base card in catalogue order, twice at most (2 copies each): never a copy
        # too many, whatever Dummbot draws.
        self.names = cycle([c.name for c in base_catalogue()])
        self.named = 0

    def state(self) -> dict[str, Any]:
        root = self.page.locator(".seasons")
        expect(root).to_have_attribute("data-busy", "false")
        data: dict[str, Any] = self.page.evaluate(
            "() => ({...document.querySelector('.seasons').dataset})"
        )
        data["version"] = int(data["version"])
        return data

    def tap(self, selector: str) -> dict[str, Any]:
        """Taps a control that sends an action, and waits for the game's answer."""
        before = self.state()["version"]
        self.page.locator(selector).click()
        self.page.wait_for_function(SETTLED, arg=before)
        return self.state()

    def crystals(self) -> str:
        return self.page.locator(".sn-crystals-figure .sn-figure-n").inner_text()

    def history(self) -> list[str]:
        return self.page.locator(".sn-history-lines li").all_inner_texts()

    def type_name(self, name: str, typed: str | None = None) -> None:
        """Types the start of a name as a person would (lower case, no apostrophe) and
        taps the card among the suggestions."""
        search = self.page.locator(".sn-search").first
        search.press_sequentially(typed or name.lower().replace("'", "")[:7])
        self.page.locator(f'.sn-suggestion[data-card="{name}"]').click()

    def name_cards(self, picture: Path | None = None) -> dict[str, Any]:
        """Names every card the prompt asks for, then confirms."""
        while self.page.locator(".sn-search").count():
            name = next(self.names)
            if picture is not None:
                self.page.locator(".sn-search").press_sequentially(name.lower()[:4])
                expect(self.page.locator(".sn-suggestion").first).to_be_visible()
                self.page.screenshot(path=picture)
                picture = None
                self.page.locator(f'.sn-suggestion[data-card="{name}"]').click()
            else:
                self.type_name(name)
            self.named += 1
        return self.tap('[data-act="name_cards"]')

    def no_raw_text(self) -> None:
        shown = self.page.locator("#board").inner_text()
        assert not NO_RAW.search(shown), NO_RAW.search(shown)


def test_r1_a_whole_wizard_companion_game_by_tapping_on_a_phone(
    open_page, api: Api, artifacts: Path
) -> None:
    """(R1–R34, §9) The lobby's first Seasons table is the Wizard companion, one seat; the
    whole game is played on the page, with an undo (the state really goes back, and the
    same step redone draws the same) and a reload that resumes where it was."""
    page = open_page(viewport=PHONE)
    page.goto("/")
    page.locator('#catalog li.game-card[data-game="seasons"] button').click()
    form = page.locator("form#create")
    expect(form.locator("select[name=preset]")).to_have_value("companion_wizard")
    expect(form.locator("select[name=difficulty]")).to_have_value("wizard")
    expect(page.locator("#seat-rows li.seat-row")).to_have_count(1)
    expect(page.locator("#seat-rows select[name=kind]")).to_have_value("human")
    form.locator("select[name=language]").select_option("en")
    page.screenshot(path=artifacts / "seasons_lobby.png", full_page=True)
    form.locator("button[type=submit]").click()
    links = page.locator("#created #links li.link")
    expect(links).to_have_count(1)
    links.nth(0).locator("a.button").click()

    me = Companion(page)
    expect(page).to_have_url(re.compile(r"/play/\w+\?seat=human&lang=en$"))
    game_id = page.url.split("/play/")[1].split("?")[0]
    expect(page.locator("#title")).to_have_text("Seasons · Dummbot, Wizard")
    naming = page.locator(".sn-naming")
    expect(naming.locator(".sn-ask")).to_have_text(
        "Prelude: type the names of the 6 cards you gave Dummbot"
    )
    expect(page.locator("#choices")).to_be_hidden()  # every action is on the page itself
    assert fits(page)

    # The prelude (§4.5): typed as the name is normalised (case, apostrophes), then picked.
    me.type_name("Olaf's Blessed Statue", "OLAFS BLESS")
    expect(page.locator(".sn-slot-name").first).to_have_text("Olaf's Blessed Statue")
    me.page.locator(".sn-slot-remove").first.click()  # a wrong tap is taken back
    expect(page.locator(".sn-slot")).to_have_count(0)
    me.type_name("Olaf's Blessed Statue", "olaf")
    for _ in range(5):
        me.type_name(next(me.names))
    state = me.tap('[data-act="name_cards"]')
    assert state["phase"] == "CHOOSE_DIE"
    expect(page.locator(".sn-hand-figure .sn-figure-n")).to_have_text("6")
    expect(page.locator(".sn-hand-known li")).to_have_count(6)  # the prelude's, seen (§4.7)

    shots: set[str] = set()
    undone = reloaded = False
    rounds = 0
    while True:
        state = me.state()
        phase, prompt = state["phase"], state["prompt"]
        if phase == "FINISHED":
            break
        if phase == "GAME_OVER":
            final = page.locator(".sn-score-figure .sn-figure-n").inner_text()
            expect(page.locator(".sn-dummbot-final")).to_contain_text(f"= {final}")
            page.locator("input[name=score-total]").fill(str(int(final) + 1))
            me.tap('[data-act="report_human_score"]')
            expect(page.locator(".sn-verdict-line")).to_have_text(
                f"You win, {int(final) + 1} to {final}!"
            )
            continue
        if prompt == "name_cards":
            picture = None
            if "naming" not in shots:
                shots.add("naming")
                picture = artifacts / "seasons_naming.png"
            me.name_cards(picture)
        elif prompt in ("instruction", "amount"):
            me.tap('[data-act="resolve_instruction"], [data-act="amount:0"]')
        elif phase == "CHOOSE_DIE":
            rounds += 1
            expect(page.locator(".sn-die")).to_have_count(2)
            if "first_roll" not in shots:
                shots.add("first_roll")
                page.screenshot(path=artifacts / "seasons_first_roll.png")
                me.no_raw_text()
            if rounds == 6 and not reloaded:
                reloaded = True
                resumed(page, me, artifacts)
            me.tap(f'[data-act="choose_die:{rounds % 2}"]')
        elif phase == "HUMAN_TURN":
            expect(page.locator(".sn-dice-owned .sn-die")).to_have_count(2)
            before = me.crystals()
            after = me.tap('[data-act="end_human_turn"]')
            if not undone and rounds >= 2 and after["phase"] == "END_OF_ROUND":
                undone = True
                undo_end_of_turn(page, me, before)
        elif phase == "END_OF_ROUND":
            me.tap('[data-act="end_round"]')
            season_change = page.locator(".sn-just .sn-line-season_changed")
            if "season" not in shots and season_change.count():
                shots.add("season")
                expect(season_change).to_contain_text("Season change: winter → spring")
                page.screenshot(path=artifacts / "seasons_season_change.png")
                me.no_raw_text()
                assert fits(page)
        else:
            raise AssertionError(f"nothing to tap in {state}")

    assert undone and reloaded and shots == {"first_roll", "naming", "season"}
    assert 12 <= rounds <= 36  # R34, without manual moves
    view = api.view(game_id)["view"]  # the public view
    assert view["phase"] == "FINISHED" and view["result"]["winner"] == "human"
    dialog = page.locator("dialog#end")
    expect(dialog).to_be_visible()
    expect(page.locator("#end-verdict")).to_contain_text("Winner: You")
    expect(page.locator("#end-reason")).to_have_text("You scored more than Dummbot.")
    page.locator("#end-close").click()
    expect(page.locator(".sn-won")).to_be_visible()
    expect(page.locator(".sn-undo")).to_be_disabled()  # the result is final
    me.no_raw_text()
    assert fits(page)
    page.evaluate("() => window.scrollTo(0, 0)")
    page.screenshot(path=artifacts / "seasons_end.png")


def undo_end_of_turn(page: Page, me: Companion, before: str) -> None:
    """(Undo) One tap takes Dummbot's turn back: his crystals as they were, the turn to end
    again; ended again, it gives the same crystals (the RNG came back with the state)."""
    after = me.crystals()
    state = me.tap('[data-act="undo"]')
    assert state["phase"] == "HUMAN_TURN"
    assert me.crystals() == before
    assert me.history()[0] == "Step undone: end of turn"
    state = me.tap('[data-act="end_human_turn"]')
    assert state["phase"] == "END_OF_ROUND"
    assert me.crystals() == after


def resumed(page: Page, me: Companion, artifacts: Path) -> None:
    """A reload (the phone put away and taken out again) resumes exactly where it was: the
    round, the wheel, Dummbot's figures, the dice and what had just happened."""
    shown = ".sn-top, .sn-figures, .sn-dice, .sn-just, .sn-history, #status .round"

    def texts() -> list[str]:
        return page.locator(shown).all_inner_texts()

    before = texts()
    page.reload()
    expect(page.locator(".seasons")).to_have_attribute("data-phase", "CHOOSE_DIE")
    expect(page.locator(".sn-die")).to_have_count(2)
    assert texts() == before
    page.set_viewport_size(DESKTOP)
    expect(page.locator(".sn-wheel-svg")).to_be_visible()
    page.screenshot(path=artifacts / "seasons_desktop.png")
    page.set_viewport_size(PHONE)
    me.no_raw_text()


def test_s3_3_the_companion_in_italian_adds_a_card_missing_from_the_catalogue(
    open_page, api: Api, artifacts: Path
) -> None:
    """(§3.3, §6.1) In Italian: the prelude asked in Italian; a name the catalogue lacks is
    sent as typed, the server refuses it, the page offers to add the card; once added, the
    same names are accepted and the first roll is asked in Italian."""
    created = api.create([{"kind": "human"}], seed=11, game="seasons", claim=False)
    page = open_page(viewport=PHONE, locale="it-IT")
    page.goto(created["urls"]["human"])
    me = Companion(page)
    expect(page.locator(".sn-naming .sn-ask")).to_have_text(
        "Preludio: scrivi i nomi delle 6 carte che hai dato a Dummbot"
    )
    expect(page.locator(".sn-slot-next")).to_have_text("Carta 1 di 6: scrivi il nome")
    search = page.locator(".sn-search")
    search.press_sequentially("Amuleto del Cielo")
    expect(page.locator(".sn-no-match")).to_have_text("Nessuna carta del catalogo corrisponde.")
    page.locator(".sn-as-typed").click()
    expect(page.locator(".sn-slot-unknown")).to_have_text("non è nel catalogo")
    for _ in range(5):
        me.type_name(next(me.names))
    version = me.state()["version"]
    page.locator('[data-act="name_cards"]').click()
    add = page.locator(".sn-naming .sn-add")
    expect(add.locator(".sn-add-title")).to_have_text(
        "«Amuleto del Cielo» non è nel catalogo delle carte. Aggiungila:"
    )
    expect(page.locator("#toast")).to_contain_text("Questo nome non è nel catalogo")
    assert me.state()["version"] == version  # refused: nothing changed
    add.locator("input[name=add-prestige]").fill("5")
    page.screenshot(path=artifacts / "seasons_it_add_card.png")
    me.tap('.sn-naming [data-act="add_catalogue_card"]')
    expect(page.locator(".sn-just")).to_contain_text(
        "Aggiunta al catalogo delle carte: Amuleto del Cielo"
    )
    expect(page.locator(".sn-slot-unknown")).to_have_count(0)
    state = me.tap('[data-act="name_cards"]')
    assert state["phase"] == "CHOOSE_DIE"
    expect(page.locator(".sn-choose .sn-head")).to_have_text("Quale dado prendi?")
    expect(page.locator('[data-act="choose_die:0"]')).to_have_text("Prendo il dado 1")
    expect(page.locator(".sn-hand-known")).to_contain_text("Amuleto del Cielo")
    me.no_raw_text()
    assert fits(page)
    page.evaluate("() => window.scrollTo(0, 0)")
    page.screenshot(path=artifacts / "seasons_it_first_roll.png")


def test_s4_6_practice_prelude_and_adjustments_by_tapping(open_page, api: Api) -> None:
    """(§4.6, §6.3) Practice: each prelude deal shared out by tapping the card for the hand,
    then library II and library III (the other two go to Dummbot); in the person's turn,
    the adjustments drawer gives Dummbot crystals and draws a card for the person; Undo
    takes the draw back."""
    created = api.create([{"kind": "human"}], {"mode": "practice"}, seed=3, game="seasons")
    page = open_page(viewport=PHONE)
    page.goto(created["urls"]["human"])
    me = Companion(page)
    expect(page.locator("#title")).to_have_text("Seasons · Dummbot, Wizard · practice")
    for deal in range(3):
        expect(page.locator(".sn-just")).to_contain_text(f"Prelude, deal {deal + 1} of 3")
        offer = page.locator(".sn-offer-card")
        expect(offer).to_have_count(5)
        expect(page.locator(".sn-prelude .sn-hint")).to_have_text("Tap the card for your hand.")
        for i in range(3):
            offer.nth(i).click()
        expect(offer.nth(0).locator(".sn-offer-role")).to_have_text("your hand")
        expect(offer.nth(2).locator(".sn-offer-role")).to_have_text("library III")
        expect(offer.nth(4).locator(".sn-offer-role")).to_have_text("to Dummbot")
        state = me.tap('[data-act="prelude_assign"]')
    assert state["phase"] == "CHOOSE_DIE"
    expect(page.locator(".sn-hand-figure .sn-figure-n")).to_have_text("6")
    expect(page.locator(".sn-mine li")).to_have_count(9)
    expect(page.locator(".sn-deck")).to_have_text("Draw pile: 85 cards")

    me.tap('[data-act="choose_die:0"]')
    page.locator(".sn-adjust summary").click()
    page.locator("input[name=adjust-crystals]").fill("3")
    me.tap('[data-act="crystals:+"]')
    expect(page.locator(".sn-crystals-figure .sn-figure-n")).to_have_text("3")
    expect(page.locator(".sn-just")).to_contain_text("Dummbot gains 3 crystals: he now has 3")
    me.tap('[data-act="human_draw:1"]')
    expect(page.locator(".sn-mine li")).to_have_count(10)
    expect(page.locator(".sn-just .sn-line")).to_have_text(re.compile(r"^You draw \S"))
    me.tap('[data-act="undo"]')
    expect(page.locator(".sn-mine li")).to_have_count(9)
    expect(page.locator(".sn-crystals-figure .sn-figure-n")).to_have_text("3")
    me.no_raw_text()


def test_r5_faces_rolled_at_the_table_are_tapped_or_typed(open_page, api: Api) -> None:
    """(R5, §12 scenario 27) With the dice rolled at the table, the page offers the faces of
    the season's dice: one tapped, the other typed as a code; both become the round's dice."""
    options = {"dice_source": "table_rolls", "hand_tracking": "blind_until_revealed"}
    created = api.create([{"kind": "human"}], options, seed=3, game="seasons")
    page = open_page(viewport=PHONE)
    page.goto(created["urls"]["human"])
    me = Companion(page)
    report = page.locator(".sn-report")
    expect(report.locator(".sn-ask")).to_have_text(
        "Take 2 winter dice at random and roll them, then tap the face each one shows."
    )
    go = page.locator('[data-act="report_dice"]')
    expect(go).to_be_disabled()
    first, second = page.locator(".sn-report-die").nth(0), page.locator(".sn-report-die").nth(1)
    first.locator('[data-face="2W * /2"]').click()
    expect(first.locator('[data-face="2W * /2"]')).to_have_attribute("aria-pressed", "true")
    second.locator("input").fill("+6c /3")
    expect(second.locator(".sn-hint")).to_have_text("6 crystals (3 pips)")
    state = me.tap('[data-act="report_dice"]')
    assert state["phase"] == "CHOOSE_DIE"
    expect(page.locator(".sn-die-text")).to_have_text(
        ["2 water energy + star (2 pips)", "6 crystals (3 pips)"]
    )
    me.no_raw_text()
