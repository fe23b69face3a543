"""Legend.a.League in tournaments: an entrant registers with a lineup (a ready-made one or
its own), checked by R1–R6 with the game's refusals; battles are heads-up and play each
entrant's registered lineup; a Swiss of four bots is played to its standings."""

from __future__ import annotations

import pytest

from tavola.bots import make_bot
from tavola.core import ConfigError, IllegalAction, Table, get_game
from tavola.core.capabilities import capability
from tavola.features.tournaments.format import (
    Entrant,
    new_tournament,
    parse_game_options,
    pending,
    public_view,
    record,
    register,
    start,
)
from tavola.features.tournaments.protocol import TournamentRules
from tavola.games.league.content import starter

GAME = get_game("league")
RULES = capability(GAME, TournamentRules)


def options(**chosen):
    return parse_game_options(RULES.tournament_options(), {"max_turns": 8, **chosen})


def entrant(name, lineup="preset_a", kind="random"):
    return Entrant(name=name, kind=kind, registration={"lineup": lineup})


def test_a_ready_made_lineup_is_registered_spelled_out():
    kept = RULES.check_entrant(entrant("Ada", "preset_b"), options())
    assert kept.registration == {"lineup": starter().presets["preset_b"].lineup.to_json()}


def test_an_entrant_without_a_lineup_is_refused_in_both_languages():
    with pytest.raises(IllegalAction) as refused:
        RULES.check_entrant(Entrant(name="Ada"), options())
    assert refused.value.code == "LINEUP_REQUIRED"
    assert "lineup" in refused.value.message and "formazione" in refused.value.message_it


def test_a_lineup_breaking_r3_is_refused_with_the_game_code():
    raw = starter().presets["preset_b"].lineup.to_json()
    with pytest.raises(IllegalAction) as refused:
        RULES.check_entrant(entrant("Ada", {**raw, "gimmick": "none"}), options())
    assert refused.value.code == "TEAM_COST_EXCEEDED"


def test_a_table_seats_two_and_plays_the_registered_lineups():
    assert RULES.table_seats() == (2, 2)
    assert not RULES.rotates_opener(options())
    ada = RULES.check_entrant(entrant("Ada", "preset_a", kind="human"), options())
    bea = RULES.check_entrant(entrant("Bea", "preset_b"), options())
    config = RULES.tournament_table([ada, bea], options(), None)
    assert config["lineups"] == [ada.registration["lineup"], bea.registration["lineup"]]
    assert config["seats"] == ["human", "bot:random"] and config["max_turns"] == 8
    with pytest.raises(ConfigError):
        new_tournament({"format": "championship", "table_size": 3}, 1, table_seats=(2, 2))


def test_a_swiss_of_four_bots_is_played_to_its_standings():
    chosen = options()
    t = new_tournament(
        {"format": "swiss"}, 4, chosen.model_dump(mode="json"), table_seats=RULES.table_seats()
    )
    for name, lineup in (
        ("Ada", "preset_a"),
        ("Bea", "preset_b"),
        ("Cleo", "preset_a"),
        ("Dan", "preset_b"),
    ):
        register(t, entrant(name, lineup), lambda e: RULES.check_entrant(e, chosen))
    start(t)
    while t.phase == "playing":
        slot = pending(t)[0]
        seated = [t.entrants[e] for e in slot.entrants]
        table = Table(GAME, RULES.tournament_table(seated, chosen, None), slot.seed)
        table.play({s: make_bot("random", GAME, slot.seed, s) for s in GAME.seats(table.state)})
        record(t, slot.id, list(RULES.table_result(table.state).places))
    view = public_view(t)
    assert [row["place"] for row in view["standings"]] == [1, 2, 3, 4]
    assert view["champion"] == view["standings"][0]["name"]
