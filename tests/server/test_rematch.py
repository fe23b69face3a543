"""The same table again: one rematch per finished game, whoever opens it and wherever,
each seat kept for whoever held it."""

from __future__ import annotations

from sqlalchemy import func, select

from tavola.core import Action, Viewer
from tavola.server import tables as tables_module
from tavola.server.service import GameService
from tavola.store import Database
from tavola.store.models import GameRow

ANNA, BRUNO = {"name": "Anna", "age": 9}, {"name": "Bruno", "age": 30}


def finished(service: GameService) -> str:
    """A classic game of Anna (the creator's own seat) and Bruno (joined by his invite),
    conceded at once."""
    live, passes = service.tables.create(
        "legends", {"mode": "classic"}, [ANNA, BRUNO], creator_seat=0
    )
    service.tables.join(live.game_id, "P2", None, None, passes["P2"].invite)
    service.moves.act(live.game_id, "P1", Action.from_json({"type": "concede"}), None)
    assert live.status == "over"
    return live.game_id


def test_a_worker_that_finds_the_rematch_opened_meanwhile_joins_that_one(db_url, monkeypatch):
    database = Database(db_url)
    database.migrate()
    first, second = GameService(database, bot_delay=0), GameService(database, bot_delay=0)
    game_id = finished(first)
    new_id, token, opened = first.tables.rematch(first.games.get(game_id), "P1")
    assert opened
    # The second worker looked before the first recorded it: it opens one too, which the
    # record refuses, then takes its seat in the first's.
    looked = iter([None])
    real = tables_module.repo.rematch_of
    monkeypatch.setattr(
        tables_module.repo, "rematch_of", lambda session, gid: next(looked, real(session, gid))
    )
    again_id, again_token, again_opened = second.tables.rematch(second.games.get(game_id), "P2")
    assert (again_id, again_opened) == (new_id, False)
    assert list(second.games.live) == [game_id, new_id]  # its own opening left nothing behind
    with database.session() as session:
        assert session.scalar(select(func.count()).select_from(GameRow)) == 2
    assert first.tables.seat_for(first.games.get(new_id), token) == "P1"
    assert second.tables.seat_for(second.games.get(new_id), again_token) == "P2"
    database.dispose()


def test_a_rematch_keeps_each_seat_kind_and_holder_whatever_order_the_store_gives(db_url):
    """A person against a bot: the rematch read back from the store (PostgreSQL gives the
    seat the person took, an updated row, last) seats the person again where they sat,
    the bot stays a bot, and the game goes on at once."""
    database = Database(db_url)
    database.migrate()
    service = GameService(database, bot_delay=0)
    live, passes = service.tables.create(
        "legends", {"mode": "classic"}, [{"name": "Giulia"}, {"kind": "reference"}]
    )
    service.tables.join(live.game_id, "P1", None, None, passes["P1"].invite)
    service.moves.act(live.game_id, "P1", Action.from_json({"type": "concede"}), None)
    del service.games.live[live.game_id]  # read back from the store, as after a restart
    finished = service.games.get(live.game_id)
    new_id, token, _ = service.tables.rematch(finished, "P1")
    again = service.games.get(new_id)
    kinds = {s: (i.name, i.kind, i.bot) for s, i in again.seats.items()}
    assert kinds == {"P1": ("Giulia", "human", None), "P2": ("Bot 2", "bot", "reference")}
    assert service.tables.seat_for(again, token) == "P1"
    assert again.table.view(Viewer.seat("P1"))["seats"]["P1"]["kind"] == "human"
    database.dispose()


def test_a_solo_rematch_against_the_boss_seats_the_person_and_the_boss_again(db_url):
    database = Database(db_url)
    database.migrate()
    service = GameService(database, bot_delay=0)
    live, _ = service.tables.create(
        "legends", {"mode": "classic"}, [{"kind": "boss"}, {"name": "Giulia"}], creator_seat=1
    )
    service.moves.act(live.game_id, "P1", Action.from_json({"type": "concede"}), None)
    del service.games.live[live.game_id]
    new_id, token, _ = service.tables.rematch(service.games.get(live.game_id), "P1")
    again = service.games.get(new_id)
    assert {s: (i.kind, i.bot) for s, i in again.seats.items()} == {
        "P1": ("human", None),
        "B": ("bot", "boss"),
    }
    assert service.tables.seat_for(again, token) == "P1"
    assert again.table.to_act == {"P1"}  # the person's move: nobody else is awaited
    database.dispose()
