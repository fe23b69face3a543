"""The turn under review on the command line (issue 27, points 6 and 8): `report
--referee` gives who attacked whom with each battle's figures and the succession, as the
console's review shows them."""

from __future__ import annotations

from .test_commands import ok, trono


def reviewed(tmp_path):
    config = tmp_path / "review.toml"
    config.write_text("review_before_publish = true\n")
    path = tmp_path / "p.json"
    ok("new", path, "--mode", "practice", "--teams", "4", "--seed", "42", "--config", config)
    for no in range(1, 5):
        ok("ranking", path, "--team", f"team{no}", "stark,tully,tyrell,greyjoy")
    ok("start", path)
    ok("post", path, "--team", "tully", "attack(trono) attack(trono) defend")
    ok("post", path, "--team", "greyjoy", "attack(tully) tax rally")
    ok("resolve", path)
    return path


def test_under_review_report_referee_shows_the_battles_and_the_succession(tmp_path):
    path = reviewed(tmp_path)
    board = ok("report", path, "--referee")
    assert "Revisione del turno 1: battaglie e successione" in board
    assert "Tully — attaccata da Greyjoy (" in board
    assert "attacchi ricevuti" in board and "scudo 0 → danni" in board
    assert "Tyrell: nessun attacco" in board
    assert "Trono: resta a Stark" in board
    english = ok("report", path, "--referee", "--lang", "en")
    assert "Review of turn 1: battles and succession" in english
    assert "Tully — attacked by Greyjoy (" in english
    for raw in ("team1", "player:", "referee:"):
        assert raw not in board and raw not in english
    ok("publish", path)
    assert "Revisione del turno" not in ok("report", path, "--referee")


def test_teams_all_prints_every_private_message_with_its_recipients(tmp_path):
    path = reviewed(tmp_path)
    out = ok("report", path, "--teams-all")
    titles = [line for line in out.splitlines() if line.startswith("===== ")]
    assert len(titles) == 4
    assert "===== Messaggio privato per Stark — turno 1 =====" in titles
    assert out.count("\nDestinatari: ") + out.startswith("Destinatari") == 4
    # each message as the team's own report, the one `--team` gives
    assert "Rapporto per Tully — turno 1" in out
    english = ok("report", path, "--teams-all", "--lang", "en")
    assert "Recipients: " in english and "Private message for Greyjoy — turn 1" in english
    for raw in ("team1", "player:", "referee:"):
        assert raw not in out


def test_override_seen_refuses_a_change_made_after_what_the_referee_read(tmp_path):
    """`override --seen N` (issue 27, point 3): the console's version check on the
    command line; another thing changed meanwhile does not stop it."""
    path = reviewed(tmp_path)
    ok("override", path, "adjust_parameter", "stark", "chests", "7", "--reason", "a", "--seen", "0")
    result = trono(
        "override", path, "adjust_parameter", "stark", "chests", "9", "--reason", "b", "--seen", "0"
    )
    assert result.exit_code == 1, result.output
    assert result.output.startswith("E_EDIT_STALE: ")
    assert (
        "Un arbitro ha già cambiato le casse di Stark" in result.output and "→ 7)" in result.output
    )
    out = ok(
        "override", path, "adjust_parameter", "tully", "chests", "8", "--reason", "c", "--seen", "0"
    )
    assert "Casse di Tully: 5 → 8, motivo: c" in out
