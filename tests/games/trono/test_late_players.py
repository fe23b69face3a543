"""A referee adds a late player (issue 27, point 7; R63–R65, DECISIONS 44): a new account
and seat with no seat prepared, placed by R64 at once (queued before the houses), a
member who may post at once (R65); refusals say why in Italian and English; audited."""

from __future__ import annotations

from typing import Any

from tavola.core import Action, Table, Viewer
from tavola.games.trono.game import game

from .tables import REF, g4, refused


def live(**teams: Any) -> Table:
    """G4 as a live season (the manual schedule, so no deadline stops the test)."""
    return g4(config={"mode": "live"}, **teams)


def add(table: Table, name: str, **args: Any) -> Any:
    return table.act(REF, Action("add_player", display_name=name, **args))


def test_r64_a_late_player_gets_a_new_seat_and_joins_a_smallest_team_at_once():
    table = live(stark={"members": ["a1", "a2"]})  # stark has 2, the others 1
    before = game.seats(table.state)
    events = add(table, "Zeno Ritardatario")
    assert game.seats(table.state) == [*before[:-1], "player:p01", before[-1]]
    player = table.state.players["p01"]
    assert player.display_name == "Zeno Ritardatario" and player.joined_late
    house = table.state.team_of("p01").house_id
    assert house in ("tyrell", "greyjoy", "lannister")  # the teams with the fewest members
    joined = [e for e in events if e.type == "player_joined"]
    assert joined[0].data == {"user": "p01", "team": house} and joined[0].visible_to is None
    # R65: a member at once, who may send the team's post for the open turn
    table.act(
        "player:p01", Action("submit_post", team=house, turn=1, actions=[{"kind": "tax"}] * 3)
    )
    assert str(table.state.team(house).team_no) in table.state.posts


def test_r64_avoided_houses_honoured_as_the_rule_counts_them():
    # four smallest teams (S = 4): one avoided house is honoured, the second is not
    for seed in range(1, 8):
        table = g4(config={"mode": "live"}, seed=seed)
        add(table, "Zeno", avoid_houses=["stark", "tyrell"])
        assert table.state.team_of("p01").house_id != "stark"


def test_r63_before_the_houses_a_late_player_is_queued_and_in_registration_registers():
    table = Table("trono", {"mode": "live"}, 3, {"registered": ["u1", "u2"]})
    add(table, "Nuova Iscritta")
    assert table.state.players["p01"].status == "registered"
    assert not table.state.players["p01"].joined_late  # a sign-up like the others
    refused("E_JOIN_AVOID_EARLY", add, table, "Altra", avoid_houses=["stark"])


def test_a_late_player_is_audited_by_name_and_the_board_names_them():
    table = live()
    add(table, "Zeno Ritardatario", reason="arrivato dal forum")
    entry = table.state.audit[-1]
    assert (entry.kind, entry.subject, entry.reason) == ("add_player", "p01", "arrivato dal forum")
    view = table.view(Viewer.seat(REF))
    words = view["audit_words"]["it"][-1]
    assert words["kind"] == "giocatore aggiunto" and words["about"] == "Zeno Ritardatario"
    from tavola.games.trono.forum_announce import announce

    events = table.events[-1:]
    lines = announce(events, table.view(Viewer.public()), "it")
    assert lines and "Zeno Ritardatario si unisce a" in lines[0] and "p01" not in lines[0]


def test_refusals_say_why_in_both_languages_and_change_nothing():
    table = live(stark={"members": ["a1", "a2"], "status": "active"})
    table.state.players["a1"].display_name = "Giocatore Uno"
    error = refused("E_NAME_TAKEN", add, table, "giocatore uno")
    assert error.localized("it") == (
        "Al tavolo c'è già un giocatore di nome giocatore uno: scegli un nome che lo distingua."
    )
    assert error.localized("en").startswith("A player called giocatore uno is already")
    refused("E_PLAYER_NAME", add, table, "   ")
    refused("E_PLAYER_NAME", add, table, "x" * 61)
    refused("E_AVOID_INVALID", add, table, "Zeno", avoid_houses=["atlantide"])
    error = refused("E_NOT_REFEREE", table.act, "player:a1", Action("add_player", display_name="Z"))
    assert "Solo un arbitro" in error.localized("it")
    practice = Table("trono", game.sample_configs()[0], 1)
    refused("E_NOT_LIVE", add, practice, "Zeno")


def test_r63_a_name_of_an_eliminated_teams_member_is_a_rejoin():
    table = live(lannister={"status": "eliminated", "eliminated_turn": 0})
    table.state.players["lannister1"].display_name = "Caduto"
    refused("E_REJOIN_FORBIDDEN", add, table, "Caduto")
