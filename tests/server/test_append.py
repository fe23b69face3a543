"""The log's appends: a group's moves are written together (with PostgreSQL in one
statement), each under its own version check, and only the moves that passed it exist."""

from __future__ import annotations

import dataclasses

import pytest
from sqlalchemy import select

from tavola.store import Database, repo
from tavola.store.models import ActionRow, GameRow, SnapshotRow

from .api_helpers import run_in_own_loop


def _games(database: Database, count: int) -> None:
    with database.session() as session:
        for i in range(count):
            stamp = repo.now()
            session.add(
                GameRow(
                    id=f"g{i}",
                    game="legends",
                    config={},
                    seed=1,
                    setup=None,
                    status="active",
                    version=0,
                    opening=[],
                    outcome=None,
                    state_hash="0" * 64,
                    created_at=stamp,
                    updated_at=stamp,
                )
            )
        session.commit()


def _move(game: str, expected: int) -> repo.Append:
    row = {
        "game_id": game,
        "seq": expected + 1,
        "seat": "P1",
        "action": {"type": "pass", "args": {"note": "é"}},
        "client_action_id": None,
        "events": [{"type": "passed", "data": {"seat": "P1"}}],
        "created_at": repo.now(),
    }
    return repo.Append(game, expected, row, "active", None, "1" * 64)


def test_each_move_of_a_group_is_appended_under_its_own_version_check(database):
    _games(database, 3)
    with database.session() as session:
        assert repo.append_actions(session, [_move("g0", 0), _move("g1", 0)]) == [True, True]
        session.commit()
    over = repo.Append("g2", 0, _move("g2", 0).row, "over", {"winner": "P1"}, "2" * 64)
    with database.session() as session:  # g0 is at version 1 now: its second move is stale
        took = repo.append_actions(session, [_move("g0", 0), _move("g1", 1), over])
        session.commit()
    assert took == [False, True, True]
    with database.session() as session:
        logs = {
            game: [(a.seq, a.action, a.events) for a in repo.actions_after(session, game, 0)]
            for game in ("g0", "g1", "g2")
        }
        games = {g.id: g for g in session.scalars(select(GameRow))}
        stored = session.scalars(select(ActionRow.client_action_id)).all()
    assert [seq for seq, _, _ in logs["g0"]] == [1]
    assert [seq for seq, _, _ in logs["g1"]] == [1, 2]
    assert logs["g2"] == [
        (
            1,
            {"type": "pass", "args": {"note": "é"}},
            [{"type": "passed", "data": {"seat": "P1"}}],
        )
    ]
    assert (games["g0"].version, games["g1"].version, games["g2"].version) == (1, 2, 1)
    assert (games["g2"].status, games["g2"].outcome, games["g2"].state_hash) == (
        "over",
        {"winner": "P1"},
        "2" * 64,
    )
    assert stored == [None] * 4


def _snapshots(database: Database) -> list[tuple[str, int, dict, str]]:
    with database.session() as session:
        rows = session.scalars(select(SnapshotRow).order_by(SnapshotRow.game_id))
        return [(s.game_id, s.version, s.state, s.state_hash) for s in rows]


def _with_snapshot(move: repo.Append) -> repo.Append:
    return dataclasses.replace(move, snapshot={"deck": ["c1", "c2"], "note": "è"})


def test_a_snapshot_is_kept_with_its_move_and_only_when_the_move_took(database):
    _games(database, 2)
    with database.session() as session:
        repo.append_actions(session, [_move("g1", 0)])
        session.commit()
    with database.session() as session:  # g1 is at version 1: its move and snapshot are stale
        moves = [_with_snapshot(_move("g0", 0)), _with_snapshot(_move("g1", 0))]
        assert repo.append_actions(session, moves) == [True, False]
        session.commit()
    assert _snapshots(database) == [("g0", 1, {"deck": ["c1", "c2"], "note": "è"}, "1" * 64)]


@pytest.mark.parametrize("db_url", ["postgresql"], indirect=True)
def test_awaited_appends_are_committed_by_their_one_statement(database):
    """The event loop's way with a database server: a connection that commits each
    statement, the group's moves in one of them."""
    _games(database, 2)

    async def main():
        awaited = database.awaited()
        try:
            first = await awaited.batch([_with_snapshot(_move("g0", 0)), _move("g1", 0)])
            again = await awaited.batch([_move("g0", 0), _move("g1", 1)])
        finally:
            await database.dispose_awaited()
        return first, again

    assert run_in_own_loop(main()) == ([True, True], [False, True])
    with database.session() as session:  # another connection: committed rows only
        versions = {g.id: g.version for g in session.scalars(select(GameRow))}
    assert versions == {"g0": 1, "g1": 2}
    assert [(game, version) for game, version, _, _ in _snapshots(database)] == [("g0", 1)]


def test_an_appended_move_reads_back_as_one_written_through_the_orm(database):
    """The append writes its values itself (SQLite: on the driver's cursor): a row must
    read back exactly as SQLAlchemy's own write of the same values does."""
    _games(database, 2)
    move = _with_snapshot(_move("g1", 0))
    with database.session() as session:
        row = {**move.row, "game_id": "g0"}
        session.add(ActionRow(**row))
        session.add(
            SnapshotRow(
                game_id="g0",
                version=1,
                state=move.snapshot,
                state_hash=move.state_hash,
                created_at=row["created_at"],
            )
        )
        assert repo.append_actions(session, [move]) == [True]
        session.commit()
    with database.session() as session:
        logged = [repo.actions_after(session, game, 0)[0] for game in ("g0", "g1")]
        kept = [repo.latest_snapshot(session, game, 1) for game in ("g0", "g1")]
        g1 = repo.game(session, "g1")
    columns = ("seq", "seat", "action", "client_action_id", "events", "created_at")
    assert [getattr(logged[1], c) for c in columns] == [getattr(logged[0], c) for c in columns]
    columns = ("version", "state", "state_hash", "created_at")
    assert [getattr(kept[1], c) for c in columns] == [getattr(kept[0], c) for c in columns]
    assert g1 is not None and g1.updated_at.replace(tzinfo=None) >= g1.created_at.replace(
        tzinfo=None
    )


def test_a_move_without_a_hash_keeps_the_one_kept_last(database):
    """The hash is kept with snapshots and at the end: a move between leaves it as it was."""
    _games(database, 1)
    with database.session() as session:
        took = repo.append_actions(session, [dataclasses.replace(_move("g0", 0), state_hash=None)])
        session.commit()
    with database.session() as session:
        game = session.get(GameRow, "g0")
        assert (took, game.version, game.state_hash) == ([True], 1, "0" * 64)


def _with_id(move: repo.Append, client_action_id: str) -> repo.Append:
    return dataclasses.replace(move, row={**move.row, "client_action_id": client_action_id})


def test_a_move_whose_action_id_an_earlier_move_has_is_not_taken(database):
    """The database's check behind the ids a game remembers: an older move's id, sent with
    a new action, writes nothing (its sender is answered with that move), while the
    others of its group are taken."""
    _games(database, 2)
    with database.session() as session:
        repo.append_actions(session, [_with_id(_move("g0", 0), "a-1")])
        session.commit()
    with database.session() as session:
        moves = [_with_id(_move("g0", 1), "a-1"), _with_id(_move("g1", 0), "a-1")]
        took = repo.append_actions(session, moves)
        session.commit()
    with database.session() as session:
        versions = [session.get(GameRow, g).version for g in ("g0", "g1")]
    assert (took, versions) == ([False, True], [1, 1])
