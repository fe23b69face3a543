"""A table in play: numbered events, the action log, refusals, records and replay."""

import pytest

from tavola.core import (
    Action,
    GameRecord,
    IllegalAction,
    Table,
    game_names,
    get_game,
    replay,
)
from tavola.core.errors import UnknownGame

CONFIG = {"mode": "simplified", "players": [{"age": 10}, {"age": 20}], "deck_source": "starter"}


def _played_table(actions: int = 12) -> Table:
    """A table after a cut and `actions` more decisions, each the first legal action."""
    table = Table("legends", CONFIG, 11)
    table.act("P2", Action("cut_deck", k=17))
    for _ in range(actions):
        seat = min(table.to_act)
        table.act(seat, table.game.legal_actions(table.state, seat)[0])
    return table


def test_opening_events_are_numbered_from_one():
    table = Table("legends", CONFIG, 1)
    assert [e.seq for e in table.events] == list(range(1, len(table.events) + 1))
    assert table.events[0].seq == 1


def test_events_are_numbered_without_gaps_across_actions():
    table = _played_table()
    assert [e.seq for e in table.events] == list(range(1, len(table.events) + 1))


def test_act_returns_the_newly_numbered_events():
    table = Table("legends", CONFIG, 2)
    opening = len(table.events)
    events = table.act("P2", Action("cut_deck", k=5))
    assert events
    assert [e.seq for e in events] == list(range(opening + 1, opening + len(events) + 1))
    assert table.events[opening:] == events


def test_act_appends_to_the_log():
    table = Table("legends", CONFIG, 3)
    table.act("P2", Action("cut_deck", k=5))
    table.act("P1", Action("flip"))
    assert [(e.seat, e.action) for e in table.log] == [
        ("P2", Action("cut_deck", k=5)),
        ("P1", Action("flip")),
    ]


def test_refused_action_raises_illegal_action():
    table = Table("legends", CONFIG, 4)
    assert table.to_act == frozenset({"P2"})
    with pytest.raises(IllegalAction) as info:
        table.act("P1", Action("cut_deck", k=5))
    assert info.value.code == "not_your_decision"


def test_refused_action_logs_nothing_and_keeps_the_state():
    table = Table("legends", CONFIG, 4)
    before, events = table.hash, list(table.events)
    with pytest.raises(IllegalAction):
        table.act("P1", Action("cut_deck", k=5))
    assert table.log == []
    assert table.events == events
    assert table.hash == before


def test_refused_bad_cut_keeps_the_state():
    table = Table("legends", CONFIG, 4)
    before = table.hash
    with pytest.raises(IllegalAction) as info:
        table.act("P2", Action("cut_deck", k=0))
    assert info.value.code == "invalid_cut"
    assert table.hash == before


def test_accepted_action_changes_the_hash():
    table = Table("legends", CONFIG, 4)
    before = table.hash
    table.act("P2", Action("cut_deck", k=5))
    assert table.hash != before


def test_saved_record_replays_to_the_same_hash(tmp_path):
    table = _played_table()
    path = tmp_path / "game.json"
    table.record().save(path)
    loaded = GameRecord.load(path)
    replayed = replay(loaded)
    assert replayed.hash == table.hash == loaded.state_hash
    assert len(replayed.log) == len(table.log)


def test_replay_gives_the_same_events():
    table = _played_table()
    replayed = replay(table.record())
    assert [e.to_json() for e in replayed.events] == [e.to_json() for e in table.events]


def test_game_record_json_round_trip():
    record = _played_table(2).record()
    again = GameRecord.from_json(record.to_json())
    assert again == record
    assert again.to_json() == record.to_json()


def test_different_seeds_give_different_hashes():
    assert Table("legends", CONFIG, 1).hash != Table("legends", CONFIG, 2).hash


def test_get_game_of_unknown_name_lists_known_games():
    with pytest.raises(UnknownGame) as info:
        get_game("nope")
    assert info.value.code == "unknown_game"
    assert "'nope'" in info.value.message
    assert "legends" in info.value.message


def test_game_names_contains_legends():
    assert "legends" in game_names()
    assert get_game("legends").name == "legends"
