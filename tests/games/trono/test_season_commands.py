"""`tavola trono add-player` and `tavola trono character`: the console's late player and
season's characters as commands (issue 27, point 7), each by name, refusals leaving the
record byte-identical."""

from __future__ import annotations

import json

from .test_commands import ok, ready, refused

__all__ = ["ready"]  # the fixture this module borrows


def test_add_player_places_a_late_player_by_r64_and_names_them(ready, tmp_path):
    path = tmp_path / "game.json"
    path.write_bytes(ready.read_bytes())
    out = ok("add-player", path, "Zeno Ritardatario", "--avoid", "stark", "--reason", "dal forum")
    assert "Zeno Ritardatario entra nella partita: squadra " in out
    assert "Zeno Ritardatario si unisce a " in out and "p01" not in out
    record = json.loads(path.read_text())
    assert record["log"][-1]["action"]["type"] == "add_player"
    refused(path, "E_NAME_TAKEN", "add-player", path, "Zeno Ritardatario")
    refused(path, "E_AVOID_INVALID", "add-player", path, "Altro", "--avoid", "a,b,c")


def test_character_creates_edits_and_removes_by_name(ready, tmp_path):
    path = tmp_path / "game.json"
    path.write_bytes(ready.read_bytes())
    out = ok(
        "character", path, "create", "Bianca Ventura", "--cost", "1", "--charges", "2",
        "--power", "gain resource=chests amount=2", "--summary", "Porta 2 casse",
    )  # fmt: skip
    assert "nuovo personaggio — Bianca Ventura: — → Bianca Ventura (neutrale), costo 1" in out
    out = ok(
        "character", path, "edit", "bianca ventura", "--house", "Tyrell", "--charges", "permanent"
    )
    assert "Bianca Ventura (Tyrell), costo 1, permanente" in out
    refused(path, "E_NO_CHARACTER", "character", path, "edit", "Nessuno", "--cost", "2")
    refused(path, "E_CHARACTER_INVALID", "character", path, "create", "X", "--cost", "30",
            "--power", "spy reveal=parameters")  # fmt: skip
    out = ok("character", path, "remove", "Bianca Ventura", "--lang", "en")
    assert (
        "character removed — Bianca Ventura: Bianca Ventura (Tyrell), cost 1, permanent → —" in out
    )
