"""No bot looks at what its seat cannot see at a Gioco del Trono practice table (§8): given two
states the seat sees alike (the other one with the other teams' soldiers, chests, banners,
counter, characters and posts changed, other users' preferences, the formation secret and
the RNG too), a bot with the same seed plays the same action. The search bots use Trono's own
`evaluate`, which reads the whole state it is given: only their determinized worlds keep it
from reading the hidden values."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest

from tavola.bots import make_bot
from tavola.core import Game, Rng, Table, Viewer, get_game
from tavola.core.playout import random_action
from tavola.games.trono.state import CharacterInstance, TronoState

from .twins import Peeking, Twin, a_peeking_search_tells_twins_apart
from .twins import twins as shared_twins

BOTS = ["random", "reference", "greedy", "ismcts:40"]
TEAMS = 5


def practice_config(game: Game[Any]) -> dict[str, Any]:
    """A practice table of one-bot teams, as `tavola simulate trono` seats it."""
    seats = [{"name": f"bot{i:02d}", "kind": "bot"} for i in range(1, TEAMS + 1)]
    return game.table_config({"max_turns": 5}, seats)  # type: ignore[attr-defined]


@cache
def positions() -> tuple[tuple[Table, str], ...]:
    """Sealed posts reached by reference play, with other teams already posted: (table, seat)."""
    found: list[tuple[Table, str]] = []
    for seed, turn in ((1, 2), (2, 3), (3, 3), (4, 4)):
        game = get_game("trono")
        table = Table(game, practice_config(game), seed)
        bot = game.reference_bot(0)  # type: ignore[attr-defined]
        while table.outcome is None:
            seat = sorted(table.to_act)[0]
            state = table.state
            if state.phase == "turn_open" and state.turn >= turn and len(table.to_act) <= 2:
                found.append((table, seat))
                break
            table.act(seat, bot.choose(game, state, seat))
    assert len(found) == 4
    return tuple(found)


def disguised(state: TronoState, seat: str, seed: int) -> TronoState:
    """A state `seat` cannot tell from `state`: every other team's hidden values changed
    (parameters, counter, characters, posts, reports), other users' preferences, the
    formation secret and the RNG."""
    other = state.clone()
    rng = Rng(seed)
    own = other.team_of(seat.partition(":")[2])
    for team in other.teams:
        if team is own:
            continue
        if team.active:
            team.soldiers = 1 + rng.below(other.soldier_max // 4)  # too weak to attack (§10)
        team.chests += 1 + rng.below(4)
        team.banners += 1 + rng.below(2)
        team.turns_without_attack = (team.turns_without_attack + 1) % 3
        herald = CharacterInstance(character_id="ponzio_araldo", charges_left=1, hired_turn=1)
        team.characters = [herald] if team.active else []
        team.hired_ever = ["ponzio_araldo", *team.hired_ever[1:]]
        team.reports, team.notices = [], [{"seq": 1, "kind": "x"}]
        other.opening["teams"][team.key] = {
            "soldiers": team.soldiers,
            "chests": team.chests,
            "characters": [c.character_id for c in team.characters],
        }
    mine = own.team_no if own is not None else None
    other.posts = {k: p for k, p in other.posts.items() if p.team_no == mine}
    other.post_history = [p for p in other.post_history if p.team_no == mine]
    for uid, player in other.players.items():
        if f"player:{uid}" != seat:
            player.preferred_partner = "someone"
    other.formation_secret = "f" * 32
    other.decisions += 17
    other.rng = Rng(seed + 1).to_json()
    return other


def twins() -> list[Twin]:
    return shared_twins(positions(), disguised)


@pytest.mark.parametrize("name", BOTS)
def test_a_bot_posts_alike_in_trono_states_its_seat_cannot_tell_apart(name):
    for game, state, other, seat in twins():
        first = make_bot(name, game, 7, seat).choose(game, state, seat)
        second = make_bot(name, game, 7, seat).choose(game, other, seat)
        assert first == second, (name, state.turn, seat)


def test_worlds_of_states_a_seat_cannot_tell_apart_are_the_same():
    for game, state, other, seat in twins():
        for seed in (1, 2):
            world = game.determinize(state, seat, Rng(seed))
            assert game.dump(world) == game.dump(game.determinize(other, seat, Rng(seed)))


def _hidden(state: TronoState, seat: str) -> list[tuple[Any, ...]]:
    own = state.team_of(seat.partition(":")[2])
    return [
        (t.soldiers, t.chests, t.banners, t.turns_without_attack, t.hired_ever, t.characters)
        for t in state.teams
        if t is not own
    ]


def test_a_world_guesses_other_teams_hidden_values_instead_of_copying_them():
    for game, state, _, seat in twins():
        world = game.determinize(state, seat, Rng(5))
        assert _hidden(world, seat) != _hidden(state, seat)
        own = state.team_of(seat.partition(":")[2])
        assert all(p.team_no == own.team_no for p in world.posts.values())
        assert world.rng != state.rng


def test_a_world_keeps_the_public_facts_and_plays_on_to_the_end():
    for game, state, _, seat in twins():
        world = game.determinize(state, seat, Rng(3))
        public = game.view(state, Viewer.public())
        assert game.view(world, Viewer.public()) == public
        for team in world.teams:
            assert (team.soldiers > 0) == team.active
        rng = Rng(4)
        for _ in range(game.max_decisions(world)):  # type: ignore[attr-defined]
            waiting = sorted(game.to_act(world))
            if not waiting:
                break
            mover = waiting[rng.below(len(waiting))]
            game.apply(world, mover, random_action(game, world, mover, rng))
        assert game.outcome(world) is not None


def test_a_referee_world_is_the_real_state():
    game, state, _, _ = twins()[0]
    world = game.determinize(state, "referee:arbitro", Rng(1))
    assert game.dump(world) == game.dump(state)


class OldWorlds(Peeking):
    """Trono as a cheat sees it: the old determinize, which dropped other teams' posts and
    reseeded the RNG but kept their real parameters and characters."""

    def determinize(self, state: TronoState, seat: str, rng: Rng) -> TronoState:
        world = state.clone()
        own = state.team_of(seat.partition(":")[2])
        world.posts = {k: p for k, p in world.posts.items() if own and p.team_no == own.team_no}
        world.rng = Rng(rng.next_u32()).to_json()
        return world


def test_the_check_catches_bots_searching_worlds_that_peek_at_the_real_state():
    assert a_peeking_search_tells_twins_apart(twins(), OldWorlds)


def test_the_old_determinize_would_fail_the_world_check():
    game, state, other, seat = twins()[0]
    cheat = OldWorlds(game)
    world = cheat.determinize(state, seat, Rng(1))
    assert game.dump(world) != game.dump(cheat.determinize(other, seat, Rng(1)))
