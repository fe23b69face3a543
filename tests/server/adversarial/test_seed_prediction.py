"""Issue 28, finding 1: tournament and campaign deals were predictable. Each game's seed was
the next output of one PCG32 stream started from a 31-bit seed, and finished games' seeds
are public (the tournament's and the campaign's views, a game's record): two of them gave
the stream's seed by a search over 2**31 seeds (`bench/attacks/seed_prediction.py` times
it), and with it the seed, hence the deal, of every game not yet played.

The tests take the stream's start from the stored state by stepping the generator back (the
shortcut for that search: PCG32 is invertible), then attack as anyone could: rebuild the
tournament from its public view and that seed, and compare. Now every game's seed is keyed
by a 256-bit secret the server keeps, which nothing it shows contains."""

from __future__ import annotations

import json
from contextlib import contextmanager
from typing import Any

from sqlalchemy import update

from tavola.core import Rng
from tavola.features.campaigns.tables import CampaignRow
from tavola.features.tournaments.format import (
    Entrant,
    new_tournament,
    pending,
    record,
    register,
    start,
)
from tavola.features.tournaments.tables import TournamentRow
from tavola.store import Database
from tavola.store.models import GameRow
from tests.server.api_helpers import running
from tests.server.campaign_helpers import (
    ADA,
    ROBO,
    SHORT,
    bearer,
    campaign,
    play_battle,
    wait_campaign,
)
from tests.server.tournament_helpers import (
    DECK,
    MAIN,
    add_bots,
    wait_tournament,
)
from tests.server.tournament_helpers import start as start_tournament

MASK = (1 << 64) - 1
MULT = 6364136223846793005
UNMULT = pow(MULT, -1, 1 << 64)
STEPS_BACK = 500
"""Draws a stream is stepped back at most: far more than a small tournament makes."""
OPTIONS = {"format": "single_elimination", "deck_size": 6, "max_rounds": 3}


def stream_start(rng: dict[str, int]) -> int | None:
    """The 31-bit seed a stored PCG32 state was started from, if it was: each draw stepped
    back, the start solved for (`Rng.__init__`: state = (inc + seed) * MULT + inc)."""
    state, inc = rng["state"], rng["inc"]
    for _ in range(STEPS_BACK):
        seed = ((state - inc) * UNMULT - inc) & MASK
        if seed < 2**31:
            return seed
        state = ((state - inc) * UNMULT) & MASK
    return None


def rebuilt_seeds(public: dict[str, Any], options: dict[str, Any], seed: int) -> dict[str, int]:
    """The attack: the tournament rebuilt from `seed` and what its public view shows (its
    entrants, each finished game's places), every game's seed as it was drawn, each before
    that game was played."""
    t = new_tournament(options, seed)
    for name in public["entrants"]:
        register(t, Entrant(name=name))
    start(t)
    shown = {g["id"]: g for r in public["rounds"] for m in r.get("matches", []) for g in m["games"]}
    seeds: dict[str, int] = {}
    while t.phase == "playing":
        game = pending(t)[0]
        seeds[game.id] = game.seed
        if game.id not in shown:
            break
        names = [public["entrants"][e] for e in game.entrants]
        record(t, game.id, [shown[game.id]["places"][n] for n in names])
    return seeds


def published_seeds(public: dict[str, Any]) -> dict[str, int]:
    return {g["id"]: g["seed"] for r in public["rounds"] for m in r["matches"] for g in m["games"]}


@contextmanager
def database(db_url: str) -> Any:
    db = Database(db_url)
    try:
        with db.session() as session:
            yield session
    finally:
        db.dispose()


def stored_tournament(db_url: str, tournament_id: str) -> dict[str, Any]:
    with database(db_url) as session:
        row = session.get(TournamentRow, tournament_id)
        assert row is not None
        return dict(row.tournament)


def stored_campaign(db_url: str, campaign_id: str) -> dict[str, Any]:
    with database(db_url) as session:
        row = session.get(CampaignRow, campaign_id)
        assert row is not None
        return dict(row.campaign)


def new_tournament_of_bots(client: Any) -> tuple[str, str]:
    """A tournament as anyone makes it: the server draws its seed."""
    answer = client.post("/api/tournaments", json={"game": "legends", "options": OPTIONS})
    assert answer.status_code == 201, answer.text
    created = answer.json()
    return created["tournament_id"], created["organiser_token"]


def played_tournament(client: Any) -> tuple[str, str, dict[str, Any]]:
    tournament_id, organiser = new_tournament_of_bots(client)
    add_bots(client, tournament_id, organiser)
    assert start_tournament(client, tournament_id, organiser).status_code == 200
    seen = wait_tournament(client, tournament_id, "the end", lambda v: v["status"] == "over")
    return tournament_id, organiser, seen


def everything_shown(client: Any, paths: list[str], token: str | None = None) -> str:
    """Every answer of the API's reading routes on these paths, as one text."""
    texts = []
    for path in paths:
        for who in (None, token):
            answer = client.get(path, headers=bearer(who))
            assert answer.status_code == 200, f"{path}: {answer.text}"
            texts.append(answer.text)
    return "\n".join(texts)


def game_paths(game_ids: list[str]) -> list[str]:
    return [f"/api/games/{g}/{what}" for g in game_ids for what in ("view", "record")]


# -- tournaments -------------------------------------------------------------------------------


def test_finding1_a_tournaments_published_seeds_do_not_give_its_next_games_seed(db_url):
    with running(db_url) as client:
        tournament_id, _, seen = played_tournament(client)
    public = seen["public"]
    published = published_seeds(public)
    assert len(published) == 3  # two semi-finals, then the final
    start_seed = stream_start(stored_tournament(db_url, tournament_id)["rng"])
    # Before: the stream began at a 31-bit seed, and the tournament rebuilt from it and the
    # public view drew every game's seed, the final's before its semi-finals ended.
    predicted = rebuilt_seeds(public, OPTIONS, start_seed) if start_seed is not None else {}
    assert predicted != published


def test_finding1_a_tournaments_secret_is_256_bits_and_nothing_shown_contains_it(db_url):
    with running(db_url) as client:
        tournament_id, organiser, seen = played_tournament(client)
        paths = [f"/api/tournaments/{tournament_id}", "/api/tournaments"]
        shown = everything_shown(client, paths, organiser)
        shown += everything_shown(client, game_paths([t["game_id"] for t in seen["tables"]]))
    secret = stored_tournament(db_url, tournament_id).get("secret")
    assert isinstance(secret, str) and len(bytes.fromhex(secret)) * 8 >= 256
    assert secret not in shown


def test_finding1_the_first_games_seed_is_no_function_of_what_is_public():
    """Two tournaments alike in all that is public before a game ends (options, entrants,
    seeding, lottery tickets): their first games' seeds still differ."""
    from tavola.core.rng import new_secret

    def started(secret: str) -> Any:
        t = new_tournament(OPTIONS, None, secret=secret)
        for name in ("Ada", "Bea"):
            register(t, Entrant(name=name, registration={"main": MAIN, "deck": DECK}))
        start(t)
        return t

    first = started(new_secret())
    while True:  # 1 in 4 draws seeds and tickets two entrants the same way
        second = started(new_secret())
        if (second.seeding, second.tickets) == (first.seeding, first.tickets):
            break
    assert pending(first)[0].seed != pending(second)[0].seed


def test_finding1_a_tournament_stored_before_keeps_playing_and_its_later_games_are_keyed(
    db_url,
):
    """A row as the server stored it before: a 31-bit seed's stream, no secret. It starts
    and plays to its champion; the games it schedules from then on are keyed."""
    old_seed = 1_234_567
    with running(db_url) as client:
        tournament_id, organiser = new_tournament_of_bots(client)
        add_bots(client, tournament_id, organiser)
        with database(db_url) as session:
            row = session.get(TournamentRow, tournament_id)
            assert row is not None
            stored = {**row.tournament, "rng": Rng(old_seed).to_json()}
            stored.pop("secret", None)
            session.execute(
                update(TournamentRow)
                .where(TournamentRow.id == tournament_id)
                .values(tournament=stored)
            )
            session.commit()
        assert start_tournament(client, tournament_id, organiser).status_code == 200
        seen = wait_tournament(client, tournament_id, "the end", lambda v: v["status"] == "over")
    public = seen["public"]
    assert public["champion"] in public["entrants"]
    published = published_seeds(public)
    predicted = rebuilt_seeds(public, OPTIONS, old_seed)
    assert not set(predicted.values()) & set(published.values())
    assert stored_tournament(db_url, tournament_id).get("secret")


# -- campaigns ---------------------------------------------------------------------------------


def stream_outputs(seed: int, count: int) -> list[int]:
    rng = Rng(seed)
    return [rng.next_u32() for _ in range(count)]


def test_finding1_a_campaigns_fought_battles_do_not_give_the_next_battles_seed(db_url):
    """A party of bots, its seed drawn by the server, plays to the end; each battle's seed
    is then public in the campaign's view."""
    with running(db_url) as client:
        bots = [ROBO, {"kind": "bot", "name": "Bip"}]
        body = {"game": "legends", "options": SHORT, "party": bots}
        answer = client.post("/api/campaigns", json=body)
        assert answer.status_code == 201, answer.text
        campaign_id = answer.json()["campaign_id"]
        over = wait_campaign(client, campaign_id, None, "the end", lambda v: v["status"] == "over")
        shown = everything_shown(client, [f"/api/campaigns/{campaign_id}"])
        shown += everything_shown(client, game_paths([b["game_id"] for b in over["tables"]]))
    seeds = [r["seed"] for r in over["view"]["results"]]
    assert len(seeds) >= 2
    stored = stored_campaign(db_url, campaign_id)
    start_seed = stream_start(stored["rng"])
    # Before: the battles' seeds were the stream's first outputs, one after the other.
    predicted = stream_outputs(start_seed, len(seeds)) if start_seed is not None else []
    assert predicted != seeds
    secret = stored.get("secret")
    assert isinstance(secret, str) and len(bytes.fromhex(secret)) * 8 >= 256
    assert secret not in shown


def test_finding1_a_campaign_stored_before_keeps_playing_and_its_later_battles_are_keyed(
    db_url,
):
    """A campaign row as the server stored it before (a 31-bit seed's stream, its first
    battle's seed its first output): the battle is played, and the next battle's seed is
    keyed, not the stream's next output."""
    old_seed = 7_654_321
    with running(db_url) as client:
        body = {"game": "legends", "options": SHORT, "party": [ADA, ROBO], "creator_seat": 0}
        answer = client.post("/api/campaigns", json=body)
        assert answer.status_code == 201, answer.text
        created = answer.json()
        campaign_id = created["campaign_id"]
        token = next(s["token"] for s in created["seats"] if s["seat"] == "P1")
        seen = wait_campaign(client, campaign_id, token, "the battle", lambda v: v["table"])
        rng = Rng(old_seed)
        first = rng.next_u32()
        with database(db_url) as session:
            row = session.get(CampaignRow, campaign_id)
            assert row is not None
            stored = {**row.campaign, "rng": rng.to_json(), "battle_seed": first}
            stored.pop("secret", None)
            session.execute(
                update(CampaignRow).where(CampaignRow.id == campaign_id).values(campaign=stored)
            )
            session.commit()
        opened = seen["table"]
        play_battle(client, opened["game_id"], token)
        after = wait_campaign(
            client, campaign_id, token, "the battle recorded", lambda v: v["table"] != opened
        )
        if after["choice"] is not None:  # won: nothing carried, the next battle opens
            choice = {"action": {"type": "choose_carry", "iids": []}, "version": after["version"]}
            answer = client.post(
                f"/api/campaigns/{campaign_id}/choices", json=choice, headers=bearer(token)
            )
            assert answer.status_code == 200, answer.text
        playing = campaign(client, campaign_id, token)
        assert playing["status"] == "playing"
        assert playing["view"]["results"][0]["seed"] == first
    stored = stored_campaign(db_url, campaign_id)
    assert stored.get("secret")
    assert stored["battle_seed"] not in stream_outputs(old_seed, 50)
    with database(db_url) as session:
        table = session.get(GameRow, playing["table"]["game_id"])
        assert table is not None and table.seed == stored["battle_seed"]


def test_finding1_a_practice_campaigns_known_seed_still_rebuilds_it():
    """A seed someone chose is known anyway: its battles' seeds follow it as before, so
    the same seed gives the same campaign."""
    from tests.games.legends.campaign_tables import new

    one, two = new(seed=11), new(seed=11)
    assert json.dumps(one, sort_keys=True) == json.dumps(two, sort_keys=True)
    assert "secret" not in one
    assert one["battle_seed"] == stream_outputs(11, 1)[0]
