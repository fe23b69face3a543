"""The season's characters defined by the referees (issue 27, point 7; DECISIONS 45):
created, changed and removed as §3.5 allows, by name (their id made once from it), audited
and carrying `seen`; a hired character and a turn's posts keep what they were judged on."""

from __future__ import annotations

from typing import Any

from tavola.core import Action, Table, Viewer
from tavola.games.trono.state import catalogue_of

from .tables import REF, g4, post, refused, turn

BIANCA = {
    "name": "Bianca Ventura",
    "cost": 1,
    "charges": 2,
    "effects": [{"kind": "gain", "resource": "chests", "amount": 2}],
    "summary": "Porta 2 casse",
}


def edit(table: Table, op: str, **args: Any) -> Any:
    return table.act(REF, Action("edit_character", op=op, **args))


def test_a_created_character_is_hired_and_named_everywhere():
    table = g4()
    edit(table, "create", **BIANCA)
    catalogue = catalogue_of(table.state)
    assert catalogue["bianca_ventura"].name == "Bianca Ventura"
    assert catalogue["bianca_ventura"].kind == "neutral"
    team_view = table.view(Viewer.seat("player:tyrell1"))
    assert "Bianca Ventura" in [c["name"] for c in team_view["team"]["may_hire"]]
    post(table, "tyrell", [("hire", "bianca_ventura"), "tax", "tax"])
    turn(table)
    lines = table.view(Viewer.seat("player:tyrell1"))["team"]["report_text"]["it"]
    assert any("Bianca Ventura" in line for line in lines)
    assert not any("bianca_ventura" in line for line in lines)


def test_an_edit_is_audited_with_the_characters_words_and_a_removal_too():
    table = g4()
    edit(table, "create", **BIANCA)
    edit(table, "edit", character="bianca_ventura", house="tyrell", cost=3, reason="bilanciamento")
    edit(table, "remove", character="bianca_ventura")
    assert "bianca_ventura" not in catalogue_of(table.state)
    said = table.view(Viewer.seat(REF))["audit_words"]["it"]
    assert said[-3:] == [
        {
            "kind": "nuovo personaggio",
            "about": "Bianca Ventura",
            "before": "—",
            "after": "Bianca Ventura (neutrale), costo 1, 2 cariche",
        },
        {
            "kind": "personaggio modificato",
            "about": "Bianca Ventura",
            "before": "Bianca Ventura (neutrale), costo 1, 2 cariche",
            "after": "Bianca Ventura (Tyrell), costo 3, 2 cariche",
        },
        {
            "kind": "personaggio eliminato",
            "about": "Bianca Ventura",
            "before": "Bianca Ventura (Tyrell), costo 3, 2 cariche",
            "after": "—",
        },
    ]


def test_powers_outside_the_rules_are_refused_naming_the_field():
    table = g4()
    bad = {**BIANCA, "effects": [{"kind": "gain", "resource": "chests", "amount": 7}]}
    error = refused("E_CHARACTER_INVALID", edit, table, "create", **bad)
    assert error.localized("it").startswith("Personaggio non valido: i poteri (uno o due")
    error = refused("E_CHARACTER_INVALID", edit, table, "create", **{**BIANCA, "cost": 30})
    assert error.localized("it") == "Personaggio non valido: il costo (da 1 a 20 casse)."
    refused("E_CHARACTER_INVALID", edit, table, "create", **{**BIANCA, "house": "atlantide"})
    refused(
        "E_CHARACTER_NAME_TAKEN", edit, table, "create", **{**BIANCA, "name": "nerea salsedine"}
    )
    refused("E_CHARACTER_UNKNOWN", edit, table, "edit", character="nessuno", cost=2)
    refused("E_CHARACTER_OP", edit, table, "rename")
    refused("E_NOT_REFEREE", table.act, "player:stark1", Action("edit_character", op="create"))


def test_r59_a_hired_character_keeps_its_powers_but_may_be_renamed():
    table = g4(tyrell={"characters": ["gemma_tagliaborse"]})
    error = refused("E_CHARACTER_HIRED", edit, table, "edit", character="gemma_tagliaborse", cost=9)
    assert "Gemma Tagliaborse è già stato assoldato" in error.localized("it")
    refused("E_CHARACTER_HIRED", edit, table, "remove", character="gemma_tagliaborse")
    edit(table, "edit", character="gemma_tagliaborse", name="Gemma Lestadita")
    assert catalogue_of(table.state)["gemma_tagliaborse"].name == "Gemma Lestadita"
    assert catalogue_of(table.state)["gemma_tagliaborse"].cost == 2


def test_r25_once_a_turns_posts_are_in_only_the_words_may_change():
    table = g4()
    post(table, "stark", ["tax", "tax", "rally"])
    error = refused("E_CHARACTER_TURN_POSTED", edit, table, "create", **BIANCA)
    assert "Nel turno 1 ci sono già dei post" in error.localized("it")
    edit(table, "edit", character="nerea_salsedine", summary="Ruba 3 casse")
    turn(table)  # resolved: the next turn's catalogue may change again
    edit(table, "create", **BIANCA)


def test_a_second_referees_edit_on_an_older_version_is_refused():
    table = g4(config={"referees": ["uno", "due"], "referee_names": {"uno": "Arbitra Uno"}})
    seen = len(table.state.audit)
    table.act(
        "referee:uno",
        Action("edit_character", op="edit", character="nerea_salsedine", cost=5, seen=seen),
    )
    late = Action("edit_character", op="edit", character="nerea_salsedine", cost=6, seen=seen)
    error = refused("E_EDIT_STALE", table.act, "referee:due", late)
    assert error.localized("it").startswith(
        "Arbitra Uno ha già cambiato il personaggio Nerea Salsedine"
    )


def test_a_game_whose_characters_were_never_edited_dumps_as_before():
    table = g4()
    assert "characters" not in table.game.dump(table.state)
    edit(table, "create", **BIANCA)
    dumped = table.game.dump(table.state)
    assert dumped["characters"][-1]["id"] == "bianca_ventura"
    assert table.game.load(dumped).characters == table.state.characters


def test_a_hired_characters_words_change_when_sent_whole_as_the_console_does():
    # the console sends every field again: the file's defaults left out are no change
    table = g4(tyrell={"characters": ["aurelio_fulgenzi"]})
    whole = {
        "name": "Aurelio il Dorato",
        "house": "lannister",
        "cost": 6,
        "charges": None,
        "consume_on_failure": True,
        "effects": [{"kind": "gain", "resource": "chests", "amount": 2}],
        "summary": "Due casse a turno",
    }
    edit(table, "edit", character="aurelio_fulgenzi", **whole)
    assert catalogue_of(table.state)["aurelio_fulgenzi"].name == "Aurelio il Dorato"
