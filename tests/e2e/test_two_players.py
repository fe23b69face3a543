"""Two people at one table, each in a browser of their own: each sees only their own hand."""

from __future__ import annotations

import json
import re
from typing import Any

from playwright.sync_api import Page, WebSocket, expect

from .helpers import ADA, BEA, Api


def hand_iids(payload: dict[str, Any]) -> set[str]:
    return {c["iid"] for c in payload["view"]["seats"][payload["seat"]]["hand"]}


def listen(page: Page) -> list[str]:
    """Every WebSocket message the page receives, from now on."""
    frames: list[str] = []

    def watch(socket: WebSocket) -> None:
        socket.on("framereceived", lambda payload: frames.append(str(payload)))

    page.on("websocket", watch)
    return frames


def test_each_player_sees_only_their_own_hand(open_page, api: Api) -> None:
    created = api.create([ADA, BEA], seed=7)
    game_id, tokens = created["game_id"], created["tokens"]
    # Both choose a main and the deck is cut: the hands are dealt.
    for seat in ("P1", "P2"):
        candidates = api.view(game_id, tokens[seat])["view"]["main_candidates"]
        api.play(
            game_id, tokens[seat], {"type": "choose_main", "card_id": candidates[0]["card_id"]}
        )
    payload = api.view(game_id, tokens["P2"])
    cut = next(a for a in payload["legal"] if a["type"] == "cut_deck")
    api.play(game_id, tokens["P2"], cut)
    payloads = {
        seat: api.wait_view(game_id, tokens[seat], lambda p: bool(hand_iids(p)), "hands dealt")
        for seat in ("P1", "P2")
    }
    hands = {seat: hand_iids(p) for seat, p in payloads.items()}
    assert hands["P1"] and hands["P2"] and not hands["P1"] & hands["P2"]

    for seat, other in (("P1", "P2"), ("P2", "P1")):
        page = open_page()
        frames = listen(page)
        page.goto(created["urls"][seat])
        mine = page.locator("#hand .card")
        expect(mine).to_have_count(len(hands[seat]))
        shown = {mine.nth(i).get_attribute("data-iid") for i in range(mine.count())}
        assert shown == hands[seat]

        # The other hand: its size only, nowhere a card of it.
        other_seat = page.locator(f'#board section.seat[data-seat="{other}"]')
        size = len(hands[other])
        words = "1 card in hand" if size == 1 else f"{size} cards in hand"
        expect(other_seat.locator(".badge-hand")).to_have_text(words)
        iids = page.evaluate(
            "() => [...document.querySelectorAll('[data-iid]')].map((c) => c.dataset.iid)"
        )
        assert not set(iids) & hands[other]
        html = page.content()
        for iid in hands[other]:
            assert not re.search(rf"(?<![\w-]){iid}(?![\w-])", html), f"{iid} is in the page"
        # Nor did the server send it to this browser.
        assert frames
        for iid in hands[other]:
            assert not any(f'"{iid}"' in frame for frame in frames), f"{iid} was sent"
        first = json.loads(frames[0])
        assert first["type"] == "state" and first["seat"] == seat


def test_an_invite_seats_the_first_to_open_it_and_the_next_one_watches(open_page, api: Api) -> None:
    created = api.create([ADA, BEA], seed=None, claim=False)
    game_id, link = created["game_id"], created["urls"]["P2"]
    assert "#invite=" in link
    first = open_page()
    first.goto(link)
    expect(first.locator("#board section.seat.mine")).to_have_attribute("data-seat", "P2")
    expect(first).to_have_url(re.compile(rf"/play/{game_id}\?seat=P2$"))  # the invite is gone
    # Whoever opens the same link next (the creator, who saw it) only watches.
    second = open_page()
    second.goto(link)
    expect(second.locator("#banner")).to_have_text(
        "This seat has already been taken by Bea: you are watching."
    )
    expect(second.locator("#board section.seat")).to_have_count(2)
    expect(second.locator("#board section.seat.mine")).to_have_count(0)
    expect(second.locator("#hand")).to_have_count(0)
    assert api.view(game_id)["seats"]["P2"]["joined"] is True
    # The table says whether its seed is known: here the server drew it.
    expect(first.locator("#status .practice")).to_have_count(0)


def test_a_practice_table_tells_every_seat_its_seed_is_known(open_page, api: Api) -> None:
    created = api.create([ADA, BEA], seed=7)
    for seat in ("P1", "P2"):
        page = open_page()
        page.goto(created["urls"][seat])
        expect(page.locator("#status .practice")).to_have_text("Practice: the seed is known")
