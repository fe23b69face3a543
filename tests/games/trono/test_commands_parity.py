"""The commands that match the console's steps (issue 27: the console and `tavola trono …`
stay in step): `signup` copies a forum sign-up as the console's "Copia un'iscrizione dal
forum" does, `move-draw` moves a Lotto draw as its "Calendario del Lotto", `export` writes the
texts its "Testi per il forum" offers, and `close --when` reopens registration after a failed
formation. Each refusal is the console's, in Italian and English, and leaves the file as it
was."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from tavola.cli import app
from tavola.core import Viewer
from tavola.core.record_file import load_table
from tavola.games.trono.exports import exports_for

runner = CliRunner()


def trono(*args: object) -> str:
    result = runner.invoke(app, ["trono", *[str(a) for a in args]])
    assert result.exit_code == 0, result.output
    return result.output


def refused(path: Path, code: str, *args: object, status: int = 1) -> str:
    """Refused with `code` on one line, exit `status`, the file keeping every byte."""
    before = path.read_bytes()
    result = runner.invoke(app, ["trono", *[str(a) for a in args]])
    assert result.exit_code == status, result.output
    assert result.output.startswith(f"{code}: ") and result.output.count("\n") == 1, result.output
    assert path.read_bytes() == before
    return result.output


def log_types(path: Path) -> list[str]:
    return [e["action"]["type"] for e in json.loads(path.read_text())["log"]]


def live(tmp_path: Path, players: int) -> Path:
    path = tmp_path / "game.json"
    trono("new", path, "--seed", "5", "--start-at", "2025-03-01T09:00:00Z")
    for n in range(1, players + 1):
        trono("register", path, f"u{n:02d}")
    return path


def test_signup_records_a_forum_sign_up_with_its_wishes_all_or_nothing(tmp_path: Path) -> None:
    path = live(tmp_path, 3)
    out = trono(
        "signup", path, "u04", "--name", "Nerea Salsedine", "--partner", "u01", "--avoid", "u02"
    )
    assert out.startswith("Accettato: iscrizione copiata dal forum.")
    assert log_types(path)[-1] == "record_registration"
    state = load_table(path).state
    player = state.players["u04"]
    assert (player.display_name, player.preferred_partner, player.avoid) == (
        "Nerea Salsedine",
        "u01",
        ["u02"],
    )
    # a wish refused refuses the whole copy (DECISIONS 34): nobody is registered
    out = refused(path, "E_PREF_SELF", "signup", path, "u05", "--partner", "u05")
    assert "te stesso" in out
    assert "u05" not in load_table(path).state.players
    out = refused(path, "E_REFEREE_CANNOT_PLAY", "signup", path, "arbitro", "--lang", "en")
    assert "referee" in out
    refused(path, "E_ALREADY_REGISTERED", "signup", path, "u04")


def test_close_when_sets_the_close_and_after_a_failed_formation_reopens(tmp_path: Path) -> None:
    path = live(tmp_path, 3)
    refused(path, "E_CLOSE_IN_PAST", "close", path, "--when", "2025-03-01T08:00:00Z")
    trono("close", path, "--when", "2025-03-02T18:00:00Z")
    assert log_types(path)[-1] == "set_close"
    out = trono("close", path, "--at", "2025-03-01T10:00:00Z")  # 3 players: no teams (R8)
    assert load_table(path).state.formation_attempts == 1, out
    out = trono("close", path, "--when", "2025-03-05T18:00:00Z", "--lang", "en")
    assert out.startswith("Accepted: registration reopening."), out
    assert log_types(path)[-1] == "reopen_registration"


def test_move_draw_moves_a_lotto_draw_audited_and_refuses_as_the_console(tmp_path: Path) -> None:
    path = live(tmp_path, 12)
    trono("close", path, "--at", "2025-03-01T10:00:00Z")  # the formation waits for Saturday's
    out = trono("move-draw", path, "2025-03-01", "2025-03-03", "--reason", "Festività")
    assert log_types(path)[-1] == "shift_draw"
    assert "Intervento n. 1 (spostamento di un'estrazione)" in out, out
    assert "motivo: Festività" in out and "3 marzo 2025" in out, out
    assert "draw --purpose formation con l'estrazione del 3 marzo 2025" in out, out
    refused(path, "E_REASON_REQUIRED", "move-draw", path, "2025-03-04", "2025-03-05")
    out = refused(
        path, "E_SHIFT_INVALID", "move-draw", path, "2025-03-04", "2025-03-06", "--reason", "x"
    )
    assert "giovedì 6 marzo 2025" in out, out
    # another referee moved that draw after the 0 entries this one had read (point 3)
    out = refused(
        path,
        "E_EDIT_STALE",
        "move-draw",
        path,
        "2025-03-01",
        "--reason",
        "back",
        "--seen",
        "0",
        "--lang",
        "en",
    )
    # the draw back on its day, with the version read
    trono("move-draw", path, "2025-03-01", "--reason", "Nessuna festività", "--seen", "1")
    assert load_table(path).state.draw_shifts == {}


def test_export_gives_the_texts_of_the_referees_page_under_their_file_names(
    tmp_path: Path,
) -> None:
    path = tmp_path / "p.json"
    trono("new", path, "--mode", "practice", "--teams", "4", "--seed", "42")
    for no in range(1, 5):
        trono("ranking", path, "--team", f"team{no}", "stark,tully,tyrell,greyjoy")
    trono("start", path)
    refused(path, "E_NO_EXPORT", "export", path, "--text", "stark")
    trono("post", path, "--team", "stark", "attack(all) defend rally")
    trono("resolve", path)
    state = load_table(path).state
    texts = exports_for(state, Viewer.referee(), "it")
    assert {t.name for t in texts} >= {"public", "pm-stark"}
    out = trono("export", path)
    for text in texts:
        assert f"===== {text.title} =====\n{text.text}" in out
    stark = next(t for t in texts if t.name == "pm-stark")
    assert trono("export", path, "--text", "Stark") == f"===== {stark.title} =====\n{stark.text}"
    folder = tmp_path / "testi"
    written = trono("export", path, "--out", folder).split()
    assert sorted(written) == sorted(str(folder / f"{t.filename}.txt") for t in texts)
    for text in texts:
        assert (folder / f"{text.filename}.txt").read_text(encoding="utf-8") == text.text
    english = exports_for(state, Viewer.referee(), "en")[0]
    assert trono("export", path, "--text", "public", "--lang", "en") == (
        f"===== {english.title} =====\n{english.text}"
    )
    refused(path, "E_UNKNOWN_TEAM", "export", path, "--text", "bolton")
    blocked = tmp_path / "file"
    blocked.write_text("")
    refused(path, "E_OUT_FOLDER", "export", path, "--out", blocked, status=2)


D = (
    "BA:05,17,33,48,90 CA:12,64,71,02,39 FI:88,23,56,44,09 GE:31,76,15,60,27 "
    "MI:47,03,82,19,68 NA:70,36,11,85,54 PA:25,58,90,07,42 RM:16,35,55,75,76 "
    "TO:01,49,63,28,80 VE:59,14,37,66,21"
)


def test_withdraw_from_the_forum_is_a_referee_copy_of_the_players_own(tmp_path: Path) -> None:
    path = live(tmp_path, 3)
    out = trono("withdraw", path, "u02", "--from-forum")
    assert out.startswith("Accettato: ritiro copiato dal forum."), out
    assert log_types(path)[-1] == "record_withdrawal"
    assert load_table(path).state.players["u02"].status == "withdrawn"
    out = refused(path, "E_NOT_REGISTERED", "withdraw", path, "u02", "--from-forum")
    assert "non è iscritto" in out
    out = refused(path, "E_NOT_REGISTERED", "withdraw", path, "u09", "--from-forum", "--lang", "en")
    assert "is not registered" in out
    trono("signup", path, "u02", "--name", "Di nuovo")  # a withdrawn player signs up again
    assert load_table(path).state.players["u02"].status == "registered"


def test_ranking_from_the_forum_is_the_teams_own_r16_ranking(tmp_path: Path) -> None:
    path = live(tmp_path, 12)
    trono("close", path, "--at", "2025-03-01T10:00:00Z")
    trono("draw", path, "--numbers", D, "--at", "2025-03-01T20:30:00Z")
    out = trono("ranking", path, "--team", "1", "Stark,Tully", "--from-forum")
    assert out.startswith("Accettato: classifica delle casate copiata dal forum."), out
    assert log_types(path)[-1] == "record_ranking"
    assert load_table(path).state.team_by_no(1).house_ranking == ["stark", "tully"]
    out = refused(
        path, "E_RANKING_SUBMITTED", "ranking", path, "--team", "1", "stark", "--from-forum"
    )
    assert "La squadra 1 ha già inviato la classifica delle casate." in out
    out = refused(
        path, "E_RANKING_INVALID", "ranking", path, "--team", "2", "stark,Stark", "--from-forum"
    )
    assert "non è valida" in out
    refused(path, "E_UNKNOWN_TEAM", "ranking", path, "--team", "9", "stark", "--from-forum")
    for no in (2, 3, 4):
        out = trono("ranking", path, "--team", no, "tyrell,greyjoy", "--from-forum")
    assert "Casate assegnate:" in out


def test_the_copies_refuse_what_is_not_a_registered_user_or_a_team() -> None:
    from tavola.core import Action, IllegalAction, Table

    table = Table("trono", {"start_at": "2025-03-01T09:00:00Z"}, 1)
    for kind, args in (
        ("record_withdrawal", {}),
        ("record_withdrawal", {"user": ""}),
        ("record_ranking", {"team_no": 1, "houses": ["stark"]}),  # no teams yet: the phase
    ):
        try:
            table.act("referee:arbitro", Action(kind, **args))
        except IllegalAction as exc:
            assert exc.code in ("E_MALFORMED", "E_PHASE"), (kind, exc.code)
        else:  # pragma: no cover - the assertion names it
            raise AssertionError(f"{kind} {args} was accepted")


def test_check_says_what_the_consoles_controlla_says_and_records_nothing(tmp_path: Path) -> None:
    path = live(tmp_path, 12)
    before = path.read_bytes()
    out = trono("signup", path, "u13", "--name", "Nerea Salsedine", "--check")
    assert out == (
        "Tutto in regola (iscrizione copiata dal forum): si può inviare. "
        "Non è stato registrato nulla.\n"
    )
    out = trono("close", path, "--when", "2025-03-02T18:00:00Z", "--check", "--lang", "en")
    assert out == "All in order (registration closing time): ready to send. Nothing was recorded.\n"
    assert path.read_bytes() == before
    refused(path, "E_PREF_SELF", "signup", path, "u13", "--partner", "u13", "--check")
    trono("close", path, "--at", "2025-03-01T10:00:00Z")
    before = path.read_bytes()
    trono("move-draw", path, "2025-03-01", "2025-03-03", "--reason", "Festività", "--check")
    short = D.replace(" VE:59,14,37,66,21", "")
    refused(path, "E_DRAW_INCOMPLETE", "draw", path, "--numbers", short, "--check")
    trono("draw", path, "--numbers", D, "--at", "2025-03-01T20:30:00Z", "--check")
    # no teams yet: the draw was only checked
    refused(path, "E_UNKNOWN_TEAM", "ranking", path, "--team", "1", "stark", "--check")
    assert path.read_bytes() == before
    trono("draw", path, "--numbers", D, "--at", "2025-03-01T20:30:00Z")
    after_draw = path.read_bytes()
    trono("ranking", path, "--team", "1", "stark", "--from-forum", "--check")
    out = trono("override", path, "assign_house", "1", "house=stark", "--reason", "x", "--check")
    assert out.startswith("Tutto in regola (intervento arbitrale)"), out
    refused(
        path, "E_REASON_REQUIRED", "override", path, "assign_house", "1", "house=stark", "--check"
    )
    assert path.read_bytes() == after_draw
