"""No bot knows what its seat cannot see at a League custom table (issue 33, "Fair"): the
opponent's lineup was sealed in the game, so a searching bot's worlds must redraw its
unrevealed legends, their loadouts and its unseen cards from what is legal and consistent
with what has been revealed, never keep the real ones (§8). The worlds are drawn as a
search draws them: the game's `determinize` for the bot's seat, one RNG per world."""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Any

import pytest

from tavola.bots import make_bot
from tavola.core import Action, Rng, Table, Viewer, get_game
from tavola.core.conformance import check_determinize, check_determinize_blind
from tavola.games.league.content import starter
from tavola.games.league.content_model import Lineup, TeamEntry
from tavola.games.league.lineup import rule_problems
from tavola.games.league.state import LeagueState

WORLDS = 200
CHANCE = 0.05
"""The share of worlds that may redraw the real unseen team, loadouts or deck by chance:
a fair draw among the legal lineups does it far more rarely (a handful of the 200)."""

SEAT, THEIRS = "0", 1

SEALED = {
    "team": [
        {"legend_id": "L03", "abilities": ["A06", "A08"]},
        {"legend_id": "L06", "abilities": ["A05"]},
        {"legend_id": "L11", "abilities": ["A09", "A12"]},
        {"legend_id": "L14", "abilities": ["A14", "A16"]},
        {"legend_id": "L17", "abilities": ["A19", "A20"]},
        {"legend_id": "L19", "abilities": ["A17", "A22"]},
        {"legend_id": "L23", "abilities": ["A21"]},
    ],
    "gimmick": "none",
    "deck": ["C01", "C03", "C04", "C06", "C09", "C12", "C14", "C16", "C17", "C25"] * 3,
}
"""Seat 1's own lineup, built at the table (no preset): the opponent the bot faces."""

OWN = {
    "team": ["L01", "L02", "L04", "L05", "L07", "L18", "L22"],
    "gimmick": "galaxy",
    "deck": ["C02", "C05", "C10", "C11", "C13", "C15", "C18", "C23", "C27", "C31"] * 3,
}


def custom_table(seed: int) -> Table:
    """A custom table (no lineup in the config) where seat 1 seals `SEALED` first."""
    table = Table("league", {"lineups": [None, None]}, seed)
    table.act("1", Action("submit_lineup", **SEALED))
    return table


@cache
def positions() -> tuple[tuple[LeagueState, str], ...]:
    """Seat 0's decisions at a custom table: at the lineup step (seat 1 has sealed its own)
    and a few turns in, the opponent's team partly revealed."""
    found: list[tuple[LeagueState, str]] = []
    for seed in (0, 1):
        table = custom_table(seed)
        found.append((table.state.clone(), "lineup"))
        table.act(SEAT, Action("submit_lineup", **OWN))
        game = table.game
        bot = game.reference_bot(0)  # type: ignore[attr-defined]
        while table.outcome is None:
            state: LeagueState = table.state
            theirs = state.sides[THEIRS]
            if (
                SEAT in table.to_act
                and state.stage == "tactic"
                and theirs.revealed
                and len(theirs.revealed) < 5
            ):
                found.append((state.clone(), "in play"))
                break
            seat = sorted(table.to_act)[-1]
            table.act(seat, bot.choose(game, state, seat))
    assert [where for _, where in found] == ["lineup", "in play"] * 2
    return tuple(found)


def _unseen_team(state: LeagueState) -> list[dict[str, Any]]:
    side = state.sides[THEIRS]
    assert side.lineup is not None
    return sorted(
        [e.to_json() for e in side.lineup.team if e.legend_id not in side.revealed],
        key=lambda e: e["legend_id"],
    )


def _unseen_cards(state: LeagueState) -> Counter[str]:
    """The card ids of the opponent's cards nobody has seen (the whole deck list before
    the game is prepared)."""
    side = state.sides[THEIRS]
    assert side.lineup is not None
    if not state.cards:
        return Counter(side.lineup.deck)
    seen = set(side.exposed)
    places = side.hand + side.deck + [slot[0] for slot in side.zone]
    return Counter(state.cards[c] for c in places if c not in seen)


def _own(state: LeagueState) -> dict[str, Any]:
    """The bot's own side, its deck as a multiset (a world shuffles its deck)."""
    data = state.sides[0].dump()
    data["deck"] = sorted(data["deck"])
    return data


def test_worlds_at_a_custom_table_redraw_the_opponents_sealed_lineup():
    game = get_game("league")
    for state, where in positions():
        team, cards = _unseen_team(state), _unseen_cards(state)
        same_team = same_cards = 0
        for seed in range(WORLDS):
            world = game.determinize(state, SEAT, Rng(seed))
            same_team += _unseen_team(world) == team
            same_cards += _unseen_cards(world) == cards
        assert same_team <= CHANCE * WORLDS, (where, "team", same_team)
        assert same_cards <= CHANCE * WORLDS, (where, "cards", same_cards)


def disguised(state: LeagueState) -> LeagueState:
    """A state seat 0 cannot tell from `state`: the opponent sealed another lineup, one of
    its unrevealed legends (and its loadout) and one of its unseen cards swapped for others
    the rules allow."""
    content = starter()
    other = state.clone()
    side = other.sides[THEIRS]
    assert side.lineup is not None
    team = [e.legend_id for e in side.lineup.team]
    gone = min(legend for legend in team if legend not in side.revealed)
    cost = content.legends[gone].cost
    came = min(x for x, item in content.legends.items() if x not in team and item.cost <= cost)
    entries = tuple(
        TeamEntry(came, content.legends[came].default_abilities) if e.legend_id == gone else e
        for e in side.lineup.team
    )
    deck = list(side.lineup.deck)
    k = 0 if not other.cards else int(min(side.deck).split("-")[1])
    deck[k] = min(c for c in content.cards if c not in deck)
    side.lineup = Lineup(entries, side.lineup.gimmick, tuple(deck))
    assert rule_problems(side.lineup, content, other.config) == []
    side.waiting = [came if legend == gone else legend for legend in side.waiting]
    if side.designated == gone:
        side.designated = came
    if other.cards:
        other.cards = {**other.cards, f"1-{k:02d}": deck[k]}
    assert game_view(other) == game_view(state)
    assert get_game("league").dump(other) != get_game("league").dump(state)
    return other


def game_view(state: LeagueState) -> Any:
    return get_game("league").view(state, Viewer.seat(SEAT))


def test_worlds_of_custom_tables_a_seat_cannot_tell_apart_are_the_same():
    game = get_game("league")
    for state, where in positions():
        other = disguised(state)
        for seed in (1, 2):
            world = game.dump(game.determinize(state, SEAT, Rng(seed)))
            assert game.dump(game.determinize(other, SEAT, Rng(seed))) == world, where


@pytest.mark.parametrize("name", ["greedy", "ismcts:40"])
def test_a_searching_bot_plays_alike_against_lineups_it_cannot_tell_apart(name):
    game = get_game("league")
    for state, where in positions():
        first = make_bot(name, game, 7, SEAT).choose(game, state, SEAT)
        again = make_bot(name, game, 7, SEAT).choose(game, disguised(state), SEAT)
        assert first == again, (name, where)


def test_a_redrawn_lineup_is_legal_and_keeps_what_has_been_revealed():
    game = get_game("league")
    content = starter()
    for state, where in positions():
        real = state.sides[THEIRS]
        assert real.lineup is not None
        view = game.view(state, Viewer.seat(SEAT))
        for seed in range(40):
            world = game.determinize(state, SEAT, Rng(seed))
            side = world.sides[THEIRS]
            assert side.lineup is not None
            assert rule_problems(side.lineup, content, world.config) == [], (where, seed)
            assert side.lineup.gimmick == real.lineup.gimmick
            revealed = {e.legend_id: e for e in real.lineup.team if e.legend_id in real.revealed}
            assert {e.legend_id: e for e in side.lineup.team if e.legend_id in revealed} == (
                revealed
            )
            assert len(side.waiting) == len(real.waiting)
            assert set(side.waiting) <= {e.legend_id for e in side.lineup.team}
            if world.cards:
                ids = [f"1-{k:02d}" for k in range(len(side.lineup.deck))]
                assert [world.cards[i] for i in ids] == list(side.lineup.deck)
                for card in set(real.exposed) | set(real.discard):
                    assert world.cards[card] == state.cards[card]
                for card, _ in side.zone:
                    assert content.cards[world.cards[card]].kind == "tactic"
            assert _own(world) == _own(state)
            assert game.view(world, Viewer.seat(SEAT)) == view
            again = game.determinize(state, SEAT, Rng(seed))
            assert game.dump(again) == game.dump(world)


def test_the_view_and_blindness_checks_hold_through_a_custom_table():
    """The conformance checks every game runs (a world looks to its seat as the real state
    does; it depends only on what the seat sees), here at every decision of a custom table
    with lineups made at the table, played by the reference bot."""
    game = get_game("league")
    for seed in (0, 1):
        table = custom_table(seed)
        table.act(SEAT, Action("submit_lineup", **OWN))
        bot = game.reference_bot(0)  # type: ignore[attr-defined]
        rng = Rng(seed, stream=5)
        step = 0
        while table.outcome is None:
            context = f"custom table, seed {seed}, step {step}"
            check_determinize(game, table.state, rng, context)
            check_determinize_blind(game, table.state, rng, context)
            seat = sorted(table.to_act)[-1]
            table.act(seat, bot.choose(game, table.state, seat))
            step += 1
