"""Timed games at the terminal: the countdown prompt, and what a silent player does."""

import io
import os
import sys

from rich.console import Console

from tavola.cli.prompt import Prompt
from tavola.core import Action, Table
from tavola.games.legends.messages import MESSAGES
from tavola.games.legends.terminal.battle import BattleScreen
from tavola.games.legends.terminal.human import LegendsHuman


class Silent:
    """A prompt whose clock always runs out."""

    def ask(self, prompt, seconds=None):
        assert seconds is not None, "a timed table must give the prompt a clock"
        return None


def timed_table(**timers):
    players = [
        {"age": 10, "main_card_id": "S1-001", "contribution": ["S1-003"] * 6},
        {"age": 20, "main_card_id": "S1-002", "contribution": ["S1-005"] * 6},
    ]
    config = {"mode": "classic", "players": players, "timers": timers}
    table = Table("legends", config, 3)
    while table.state.phase != "main":
        seat = sorted(table.to_act)[0]
        table.act(seat, table.game.legal_actions(table.state, seat)[0])
    return table


def human():
    screen = BattleScreen(Console(file=io.StringIO()), MESSAGES, "en")
    return LegendsHuman(screen, Silent(), hotseat=False)


def test_a_silent_player_gets_the_games_timeout_action():
    table = timed_table(turn_s=5)
    seat = table.state.battle.active_seat
    action = human().choose(table.game, table.state, seat)
    assert action == Action("timeout", decision_id=f"turn-{table.state.battle.turn_no}")
    table.act(seat, action)
    assert table.state.battle.active_seat != seat or table.state.phase != "main"


def test_a_silent_player_on_autopilot_gets_the_reference_bots_move():
    table = timed_table(turn_s=5, autopilot_after=1)
    seat = table.state.battle.active_seat
    table.act(seat, table.game.timeout_action(table.state, seat))
    waiting = sorted(table.to_act)[0]
    while not table.state.seats[waiting].autopilot:
        table.act(waiting, table.game.timeout_action(table.state, waiting))
        waiting = sorted(table.to_act)[0]
    action = human().choose(table.game, table.state, waiting)
    assert action.type == "autopilot"
    table.act(waiting, action)
    assert table.state.seats[waiting].autopilot


def test_countdown_prompt_returns_nothing_when_time_runs_out(monkeypatch):
    leader, follower = os.openpty()
    terminal = os.fdopen(follower, "r")
    monkeypatch.setattr(sys, "stdin", terminal)
    out = io.StringIO()
    try:
        assert Prompt(Console(file=out)).ask("go", seconds=0.3) is None
    finally:
        terminal.close()
        os.close(leader)
    assert "go" in out.getvalue()


def test_countdown_prompt_reads_a_line_typed_in_time(monkeypatch):
    leader, follower = os.openpty()
    terminal = os.fdopen(follower, "r")
    monkeypatch.setattr(sys, "stdin", terminal)
    os.write(leader, b"2\n")
    try:
        assert Prompt(Console(file=io.StringIO())).ask("go", seconds=5) == "2"
    finally:
        terminal.close()
        os.close(leader)
