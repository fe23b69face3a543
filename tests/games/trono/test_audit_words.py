"""R66 on the referees' console (issue 19, point 3): every override the engine has, each
with its reason, is shown in the audit trail in words — houses, people, characters, seats,
days and phases by name, never an id or a table — in Italian and English."""

from __future__ import annotations

from typing import Any

from tavola.core import Table, Viewer
from tavola.games.trono.forum_boards import referee_lines
from tavola.games.trono.forum_words import with_names
from tavola.games.trono.state import catalogue_of

from .tables import D, g4, override, ref, turn


def said(table: Table, lang: str = "it", index: int = -1) -> dict[str, str]:
    return table.view(Viewer.referee())["audit_words"][lang][index]


def test_r66_a_parameter_change_names_the_parameter_and_the_house():
    table = g4(greyjoy={"chests": 7})
    override(table, "adjust_parameter", "greyjoy", {"param": "chests", "to": 10})
    assert said(table) == {
        "kind": "modifica di un parametro",
        "about": "Casse di Greyjoy",
        "before": "7",
        "after": "10",
    }
    assert said(table, "en")["about"] == "Greyjoy's chests"
    # the referees' board (`tavola trono report --referee`) lists it the same way
    override(table, "adjust_parameter", "greyjoy", {"param": "soldiers", "to": 3})
    view = with_names(table.view(Viewer.referee()), catalogue_of(table.state.config))
    lines = referee_lines(view, [], "it")
    assert "– Casse di Greyjoy: 7 → 10, motivo: r" in lines
    assert any(line.startswith("– Soldati di Greyjoy: ") for line in lines)


def test_r66_a_granted_character_is_named_with_its_charges():
    table = g4()
    override(table, "grant_character", "tyrell", {"character": "brina_valdinebbia"})
    words = said(table, "en")
    assert (words["about"], words["before"]) == ("Tyrell", "—")
    assert words["after"] == "Brina Valdinebbia (4 charges)"


def test_r66_a_revoked_character_is_named():
    table = g4(greyjoy={"characters": [{"id": "nerea_salsedine", "charges": 1}]})
    override(table, "revoke_character", "greyjoy", {"character": "nerea_salsedine"})
    assert said(table)["before"] == "Nerea Salsedine (1 carica)"


def test_r66_a_seat_is_said_in_words():
    table = g4()
    override(table, "set_seat", "throne", {"seat": "throne", "house": "greyjoy"})
    assert said(table) == {
        "kind": "assegnazione di un seggio",
        "about": "Trono",
        "before": "Stark",
        "after": "Greyjoy",
    }


def test_r66_a_moved_and_a_removed_player_are_named():
    table = g4(tyrell={"members": ["tyrell1", "tyrell2"]})
    override(table, "move_player", "tyrell2", {"house": "lannister"})
    assert said(table)["about"] == "tyrell2"
    assert (said(table)["before"], said(table)["after"]) == ("Tyrell", "Lannister")
    override(table, "remove_player", "tyrell2")
    assert (said(table, "en")["before"], said(table, "en")["after"]) == ("member", "removed")


def test_r66_a_disqualified_team_is_said_in_words():
    table = g4()
    override(table, "disqualify_team", "lannister")
    assert said(table)["about"] == "Lannister"
    assert (said(table)["before"], said(table)["after"]) == ("attiva", "squalificata")


def test_r69_a_new_deadline_names_the_turn_and_reads_in_rome_time():
    table = g4("calendar")
    deadline = {"deadline": "2025-03-08T18:50:00Z", "draw_date": "2025-03-08"}
    override(table, "reschedule_turn", "1", deadline)
    words = said(table)
    assert words["about"] == "turno 1"
    assert words["before"] == "martedì 4 marzo 2025, 19:50 (ora di Roma)"
    assert words["after"] == "sabato 8 marzo 2025, 19:50 (ora di Roma)"


def test_r68_a_corrected_draw_shows_the_numbers_by_wheel():
    table = g4()
    turn(table, {"tyrell": ["tax"] * 3}, {**D, "FI": [38, 23, 56, 44, 9]})
    override(table, "correct_draw", "turn1", {"numbers": D})
    assert said(table)["about"] == "turno 1"
    assert said(table)["before"].startswith("BA 05 17 33 48 90; CA")
    assert "FI 88 23 56 44 09" in said(table)["after"]


def test_r66_a_moved_lotto_draw_reads_as_days():
    table = g4("calendar")
    ref(table, "shift_draw", regular="2025-03-08", moved_to="2025-03-10", reason="festa")
    words = said(table)
    assert (words["about"], words["after"]) == ("8 marzo 2025", "10 marzo 2025")


def test_r71_the_end_of_the_game_names_the_phase():
    table = g4()
    override(table, "end_game", None)
    assert said(table)["before"] == "turno aperto"


EVENING = "2025-03-04T19:10:00Z"
"""20:10 in Rome: the formation draw of Tuesday 4 March 2025 has happened."""


def test_a_house_assigned_by_hand_names_the_team():
    setup: dict[str, Any] = {"registered": [f"u{i:02d}" for i in range(1, 14)]}
    table = Table("trono", {"formation_secret": "s3cr3t"}, 1, setup)
    ref(table, "close_registration")
    ref(table, "enter_draw", purpose="formation", date="2025-03-04", numbers=D, at=EVENING)
    override(table, "assign_house", "2", {"house": "martell"})
    assert said(table, "en")["about"] == "team 2"
    assert said(table, "en")["after"] == "Martell"


def test_every_override_kind_has_its_console_words():
    from pathlib import Path

    from tavola.games.trono.overrides import KINDS

    web = Path(__file__).resolve().parents[3] / "tavola" / "games" / "trono" / "web"
    source = (web / "console.js").read_text(encoding="utf-8")
    listed = source[
        source.index("const OVERRIDES = [") : source.index("];", source.index("const OVERRIDES"))
    ]
    assert {kind for kind in KINDS if f'"{kind}"' in listed} == set(KINDS)


def test_the_referees_view_lists_the_catalogue_for_the_overrides():
    catalogue = g4().view(Viewer.referee())["catalogue"]
    brina = next(c for c in catalogue if c["id"] == "brina_valdinebbia")
    assert brina["name"] == "Brina Valdinebbia" and brina["house_id"] == "stark"
    assert "catalogue" not in g4().view(Viewer.public())


def test_r66_a_player_moves_between_teams_before_the_houses_are_assigned():
    setup: dict[str, Any] = {"registered": [f"u{i:02d}" for i in range(1, 14)]}
    table = Table("trono", {"formation_secret": "s3cr3t"}, 1, setup)
    ref(table, "close_registration")
    ref(table, "enter_draw", purpose="formation", date="2025-03-04", numbers=D, at=EVENING)
    mover = table.state.teams[0].members[0]
    override(table, "move_player", mover, {"house": "team2"})
    assert table.state.team_of(mover).team_no == 2
    assert said(table, "en")["after"] == "team 2"
    assert said(table, "it")["before"] == "squadra 1"
