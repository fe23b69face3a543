"""`tavola trono ...`, the Trono command group contributed through the `tavola.commands` entry
point group: a whole refereed game on a record file, refusals that leave the file
byte-identical, private reports that keep other teams' secrets."""

import json

import pytest
from typer.testing import CliRunner

from tavola.cli import app
from tavola.core import IllegalAction
from tavola.games.trono.forum_parser import (
    formation_draw_date,
    normalise_target,
    parse_actions,
    parse_deploy,
    parse_numbers,
)

runner = CliRunner()

D = (
    "BA:05,17,33,48,90 CA:12,64,71,02,39 FI:88,23,56,44,09 GE:31,76,15,60,27 "
    "MI:47,03,82,19,68 NA:70,36,11,85,54 PA:25,58,90,07,42 RM:16,35,55,75,76 "
    "TO:01,49,63,28,80 VE:59,14,37,66,21"
)
USERS = [f"u{i:02d}" for i in range(1, 22)]  # 21 players → 7 teams: Tower, King and Hand
RANKING = "stark,lannister,tully,tyrell,greyjoy,arryn,martell,baratheon"


def trono(*args):
    return runner.invoke(app, ["trono", *[str(a) for a in args]])


def ok(*args):
    result = trono(*args)
    assert result.exit_code == 0, result.output
    return result.output


def refused(path, code, *args):
    """The command is refused with `code` and the file keeps every byte."""
    before = path.read_bytes()
    result = trono(*args)
    assert result.exit_code == 1, result.output
    assert result.output.startswith(f"{code}: "), result.output
    assert path.read_bytes() == before
    return result.output


def log_types(path):
    return [e["action"]["type"] for e in json.loads(path.read_text())["log"]]


@pytest.fixture(scope="module")
def ready(tmp_path_factory):
    """A live game after registration, formation draw and house rankings: turn 1 open."""
    folder = tmp_path_factory.mktemp("trono")
    config = folder / "small.toml"
    config.write_text('max_turns = 2\nformation_secret = "s3cr3t"\n')
    path = folder / "game.json"
    out = ok("new", path, "--config", config, "--seed", "5", "--start-at", "2025-03-01T09:00:00Z")
    assert "Partita creata" in out and "live" in out
    for user in USERS:
        ok("register", path, user, "--name", user.upper())
    ok("preferences", path, "u01", "--partner", "u02", "--avoid", "u07")
    ok("preferences", path, "u02", "--partner", "u01")
    refused(path, "E_PREF_SELF", "preferences", path, "u03", "--partner", "u03")
    refused(path, "E_AVOID_TOO_MANY", "preferences", path, "u03", "--avoid", "u04,u05,u06,u07")
    refused(path, "E_REFEREE_CANNOT_PLAY", "register", path, "arbitro")
    out = ok("close", path, "--at", "2025-03-01T10:00:00Z")
    assert "Iscrizioni chiuse: 21 giocatori" in out
    assert "draw --purpose formation con l'estrazione del 1º marzo 2025" in out
    refused(path, "E_DRAW_PURPOSE", "draw", path, "--purpose", "1", "--numbers", D)
    out = ok("draw", path, "--purpose", "formation", "--numbers", D, "--at", "2025-03-01T20:30Z")
    assert "Squadre formate:" in out and "BA 05 17 33 48 90" in out
    assert "Squadra 1: U01, U02" in out  # the mutual pair stays together
    for no in range(1, 8):
        out = ok("ranking", path, "--team", no, RANKING)
    assert "Casate assegnate:" in out and "Trono: Stark" in out and "Torre: Tyrell" in out
    out = ok("start", path, "--at", "2025-03-02T12:00:00Z", "--lang", "en")
    assert "Turn 1 opens." in out
    assert "Posts are due before Tuesday 4 March 2025, 19:50 (Rome time)." in out
    return path


def test_whole_referee_session_to_king_and_hand(ready, tmp_path):
    path = tmp_path / "game.json"
    path.write_bytes(ready.read_bytes())
    # turn 1: sealed posts, refusals that change nothing, the deadline
    refused(
        path,
        "E_ABANDON_RANGE",
        "post",
        path,
        "--team",
        "Stark",
        "attacca(tutti) difesa difesa",
        "--abandon",
        "40",
    )
    out = refused(
        path,
        "E_ATTACK_LIMIT",
        "post",
        path,
        "--team",
        "lannister",
        "attack(trono) attack(trono) attack(stark)",
        "--lang",
        "en",
    )
    assert "stark would be attacked 3 times" in out
    refused(path, "E_ACTION_COUNT", "post", path, "--team", "lannister", "attack(tully) tax")
    refused(path, "E_TARGET_UNKNOWN", "post", path, "--team", "lannister", "attack(bolton) tax tax")
    refused(path, "E_UNKNOWN_TEAM", "post", path, "--team", "bolton", "tax tax tax")
    out = ok(
        "post",
        path,
        "--team",
        "Stark",
        "attacca(tutti) difesa difesa",
        "--abandon",
        "30",
        "--at",
        "2025-03-03T10:00:00Z",
    )
    assert "Post di Stark per il turno 1 sigillato: lunedì 3 marzo 2025, 11:00 (ora di Roma)" in out
    assert "Azioni: Attacca tutti fuori dai seggi, Difesa, Difesa" in out
    assert "Condizione di abbandono: meno di 30 soldati" in out
    ok("post", path, "--team", "lannister", "attack(Tully) tax rally", "--at", "2025-03-03T11:00Z")
    refused(path, "E_ALREADY_SUBMITTED", "post", path, "--team", "lannister", "tax tax tax")
    ok("post", path, "--team", "tully", "hire(Alvise Guadalupo) attack(trono) rally")
    ok("post", path, "--team", "greyjoy", "assolda(nerea_salsedine) tassa tassa")
    ok(
        "post",
        path,
        "--team",
        "tyrell",
        "attack(stark) attack(stark) tax",
        "--at",
        "2025-03-04T18:49:59.999Z",
    )
    refused(
        path,
        "E_DEADLINE_PASSED",
        "post",
        path,
        "--team",
        "arryn",
        "tax tax tax",
        "--at",
        "2025-03-04T18:50:00Z",
    )
    refused(path, "E_TURN_NOT_LOCKED", "draw", path, "--numbers", D)
    refused(path, "E_BEFORE_DEADLINE", "resolve", path, "--at", "2025-03-04T18:00:00Z")
    out = ok("resolve", path)
    assert "Turno 1 chiuso" in out and "(estrazione del 4 marzo 2025)" in out
    refused(path, "E_DRAW_RANGE", "draw", path, "--numbers", D.replace("59", "91"))
    refused(path, "E_DRAW_DUPLICATE", "draw", path, "--numbers", D.replace("14", "59"))
    refused(path, "E_DRAW_INCOMPLETE", "draw", path, "--numbers", D.replace(",21", ""))
    refused(path, "E_DRAW_DATE_MISMATCH", "draw", path, "--numbers", D, "--date", "2025-03-05")
    out = ok("draw", path, "--purpose", "1", "--numbers", D, "--at", "2025-03-04T19:10:00Z")
    assert "Estrazione del turno 1 (4 marzo 2025):" in out
    assert "Turno 1 di 2" in out and "Si apre il turno 2." in out
    assert "Rapporti privati pronti" in out
    # private reports: values from draw D, and nothing of the other teams
    tully = ok("report", path, "--team", "tully")
    assert "Rapporto per Tully — turno 1" in tully
    assert "Azione 1: Assolda Alvise Guadalupo" in tully
    assert "Attacca il Trono — numero 17, valore base 1, valore finale 1" in tully
    assert "Nerea" not in tully
    greyjoy = ok("report", path, "--team", "greyjoy", "--lang", "en")
    assert "Report for Greyjoy — turn 1" in greyjoy and "Nerea Salsedine" in greyjoy
    assert "Alvise" not in greyjoy
    stark = ok("report", path, "--team", "1")
    assert "Battaglia: attacchi ricevuti" in stark
    for secret in ("alvise", "nerea", "number 47", "numero 47"):
        assert secret not in stark  # lannister's slot 1 number is its own
    # overrides: audited, with a reason
    refused(path, "E_REASON_REQUIRED", "override", path, "adjust_parameter", "arryn", "chests", "7")
    refused(path, "E_NOT_OVERRIDABLE", "override", path, "accept_late_post", "--reason", "x")
    out = ok("override", path, "adjust_parameter", "arryn", "chests", "7", "--reason", "manual fix")
    assert (
        "Intervento n. 1 (modifica di un parametro) — Casse di Arryn: 5 → 7, motivo: manual fix"
        in out
    )
    assert "Intervento arbitrale n. 1: modifica di un parametro (casse), da 5 a 7" in ok(
        "report", path, "--team", "arryn"
    )
    # turn 2: one post, a missing one everywhere else, an imported draw; the game ends
    ok("post", path, "--team", "lannister", "raduna raduna raduna", "--at", "2025-03-06T10:00Z")
    ok("resolve", path)
    draw_file = tmp_path / "d2.txt"
    wheels = D.replace(":", ",").split()
    draw_file.write_text("date,2025-03-08\n" + "\n".join(wheels) + "\nNazionale,1,2,3,4,5\n")
    # before 20:00 in Rome Saturday's draw has not happened yet: refused, naming it
    early = trono("draw", path, "--import", draw_file, "--lang", "en").output
    assert "The draw of Saturday 8 March 2025 has not happened yet" in early
    at = ("--at", "2025-03-08T19:10:00Z")
    out = trono("draw", path, "--import", draw_file, *at, "--lang", "en").output
    assert "Draw for turn 2 (8 March 2025):" in out
    assert "The game is over." in out and "King: Lannister" in out and "Hand: Tyrell" in out
    public = ok("report", path, "--public")
    assert "Re: Lannister" in public and "Primo Cavaliere: Tyrell" in public
    assert "soldati" not in public  # parameters stay private after the end (§8)
    board = ok("status", path)
    assert "Lannister > Tyrell" in board and "Segreto di formazione: s3cr3t" in board
    refused(path, "E_GAME_OVER", "post", path, "--team", "stark", "tax tax tax")
    types = log_types(path)
    assert types.count("register") == 21 and types[-1] == "import_draw"


def test_hash_mismatch_stops_every_command(ready, tmp_path):
    path = tmp_path / "game.json"
    record = json.loads(ready.read_text())
    record["log"][0]["action"]["display_name"] = "someone else"
    path.write_text(json.dumps(record))
    for args in (("status", path), ("post", path, "--team", "stark", "tax tax tax")):
        result = trono(*args)
        assert result.exit_code == 2 and result.output.startswith("E_HASH_MISMATCH"), args


def test_practice_table_by_hand_resolves_with_simulated_draws(tmp_path):
    path = tmp_path / "p.json"
    ok("new", path, "--mode", "practice", "--teams", "4", "--seed", "42", "--lang", "en")
    for no in range(1, 5):
        ok("ranking", path, "--team", f"team{no}", "stark,tully,tyrell,greyjoy")
    ok("start", path)
    ok("post", path, "--team", "stark", "attack(all) defend rally")
    out = ok("resolve", path, "--lang", "en")
    assert "Draw for turn 1" in out and "Turn 1 of 36" in out and "Turn 2 opens." in out
    status = ok("status", path, "--lang", "en")
    assert "phase: turn open" in status and "Waiting for: Greyjoy, Stark" in status


def test_under_review_the_referee_reads_the_reports_to_be_sent_and_the_public_none(tmp_path):
    """R45 on the command line: `report --team` gives the referee what publication will
    send, `report --public` still nothing of the turn; `publish` sends it."""
    config = tmp_path / "review.toml"
    config.write_text("review_before_publish = true\n")
    path = tmp_path / "p.json"
    ok("new", path, "--mode", "practice", "--teams", "4", "--seed", "42", "--config", config)
    for no in range(1, 5):
        ok("ranking", path, "--team", f"team{no}", "stark,tully,tyrell,greyjoy")
    ok("start", path)
    ok("post", path, "--team", "stark", "attack(all) defend rally")
    ok("resolve", path)
    assert "Rapporto per Stark — turno 1" in ok("report", path, "--team", "stark")
    public = ok("report", path, "--public")
    assert "risultati in revisione" in public and "Ultimo bollettino" not in public
    ok("publish", path)
    assert "Ultimo bollettino:\nTurno 1 di 36" in ok("report", path, "--public")


def test_text_helpers():
    assert parse_actions("attack(Lannister) defend tax") == [
        {"kind": "attack", "target": "lannister"},
        {"kind": "defend"},
        {"kind": "tax"},
    ]
    assert parse_actions("attacca( Casa Aurimonte ), difesa; assolda(Livia d'Altarocca)") == [
        {"kind": "attack", "target": "lannister"},
        {"kind": "defend"},
        {"kind": "hire", "character": "livia_d_altarocca"},
    ]
    names = {"Livia d'Altarocca": "livia_altarocca"}
    assert parse_actions("hire(livia d'altarocca)", names) == [
        {"kind": "hire", "character": "livia_altarocca"}
    ]
    assert parse_actions("fly tax") == [{"kind": "fly"}, {"kind": "tax"}]
    with pytest.raises(IllegalAction) as exc:
        parse_actions("attack(stark tax")
    assert exc.value.code == "E_UNKNOWN_ACTION"
    assert parse_deploy("ottone_il_cupo:Stark") == {
        "character": "ottone_il_cupo",
        "target": "stark",
    }
    assert parse_deploy("alvise_guadalupo:2") == {"character": "alvise_guadalupo", "slot": 2}
    assert parse_deploy("x:trono:3") == {"character": "x", "target": "trono", "slot": 3}
    assert normalise_target("Tutti") == "all" and normalise_target("Throne") == "trono"
    assert parse_numbers("Bari: 1, 2, 3, 4, 5; CA:6,7,8,9,10")["Bari"] == [1, 2, 3, 4, 5]
    with pytest.raises(IllegalAction):
        parse_numbers("BA 1 2 3")
    # R7: a close after Saturday's 20:00 Rome draw waits for Tuesday's (no Sunday draw)
    assert formation_draw_date(1740819600000) == "2025-03-01"  # 2025-03-01T09:00Z
    assert formation_draw_date(1740862800000) == "2025-03-04"  # 2025-03-01T21:00Z


def test_ranking_as_a_user_of_another_team_is_refused(tmp_path):
    """Issue 19: `--as` naming someone off `--team` was sent for the sender's own team."""
    path = tmp_path / "r.json"
    ok("new", path, "--seed", "5", "--start-at", "2025-03-01T09:00:00Z")
    for user in USERS[:12]:
        ok("register", path, user)
    ok("close", path, "--at", "2025-03-01T10:00:00Z")
    ok("draw", path, "--purpose", "formation", "--numbers", D, "--at", "2025-03-01T20:30Z")
    out = ok("status", path)
    first_of_team_1 = out.split("Squadra 1: ")[1].split(",")[0].strip()
    out = refused(
        path, "E_AS_NOT_MEMBER", "ranking", path, "--team", "2", "--as", first_of_team_1, RANKING
    )
    assert f"{first_of_team_1} non fa parte della squadra #2" in out
    ok("ranking", path, "--team", "1", "--as", first_of_team_1, RANKING)


def test_forum_post_with_invalid_parts_is_listed_then_recorded_as_written(ready, tmp_path):
    path = tmp_path / "game.json"
    path.write_bytes(ready.read_bytes())
    written = "attacca difesa tassa arruola"  # no target, then a fourth action
    out = refused(path, "E_ACTION_COUNT", "post", path, "--team", "lannister", written)
    # every part named as what it is, never by its code (issue 27, point 5)
    assert (
        "Azione 1, l'attacco di Lannister senza bersaglio, sarà nulla: un attacco richiede "
        "un bersaglio." in out
    )
    assert "E_TARGET_REQUIRED" not in out and "--as-written" in out
    check = trono("post", path, "--team", "lannister", written, "--check", "--lang", "en")
    assert check.exit_code == 1 and "E_" not in check.output
    assert "Action 1, Lannister's attack with no target, will be void: an attack needs" in (
        check.output
    )
    assert "Tutto in regola" in ok("post", path, "--team", "lannister", "tax tax tax", "--check")
    out = ok(
        "post", path, "--team", "lannister", written, "--as-written", "--at", "2025-03-03T12:00Z"
    )
    assert "Azioni: Attacca, Difesa, Tassa" in out
    assert "Azione 1: Attacca — nulla: un attacco richiede un bersaglio" in out
    assert "Azione 4 in più, Arruola — nulla: Un post contiene esattamente 3 azioni" in out
    assert log_types(path)[-1] == "record_post"


FORUM_POST = """[quote="Arbitro"]Si apre il turno 1.[/quote]
Ciao arbitri!
[b]Personaggi[/b]
Nerea (Stark)
[b]Azioni[/b]
1. Difendi
2. Tassa
3. Raduna
"""


def test_post_forum_reads_a_whole_forum_post_and_checks_it_as_the_console_does(ready, tmp_path):
    """Issue 27, point 5: `post --forum FILE` (or - for the input), the console's paste box."""
    path = tmp_path / "game.json"
    path.write_bytes(ready.read_bytes())
    written = tmp_path / "post.txt"
    written.write_text(FORUM_POST, encoding="utf-8")
    check = trono("post", path, "--team", "lannister", "--forum", written, "--check")
    assert check.exit_code == 1 and "E_" not in check.output
    assert check.output.splitlines() == [
        "Schieramento di Nerea Salsedine su Stark, sarà nullo: Nerea Salsedine non era "
        "posseduta a inizio turno.",
        "Riga non letta, non farà parte del post: «Ciao arbitri!»",
    ]
    before = path.read_bytes()
    refused_whole = trono("post", path, "--team", "lannister", "--forum", written)
    assert refused_whole.exit_code == 1 and "--as-written" in refused_whole.output
    assert path.read_bytes() == before
    clean = "Azioni: Difendi, Tassa, Raduna"
    out = runner.invoke(
        app,
        ["trono", "post", str(path), "--team", "lannister", "--forum", "-", "--check"],
        input=clean,
    )
    assert out.exit_code == 0 and "Tutto in regola" in out.output
    out = ok("post", path, "--team", "lannister", "--forum", written, "--as-written")
    assert "Azioni: Difesa, Tassa, Raduna" in out
    assert "Riga del post non letta: «Ciao arbitri!» — non ne fa parte" in out
    assert log_types(path)[-1] == "record_post"


def test_post_without_actions_nor_forum_is_refused_in_words(ready, tmp_path):
    path = tmp_path / "game.json"
    path.write_bytes(ready.read_bytes())
    out = refused(path, "E_POST_NOTHING", "post", path, "--team", "lannister")
    assert "--forum FILE" in out


def test_post_reads_deployments_as_the_forum_writes_them(ready, tmp_path):
    path = tmp_path / "game.json"
    path.write_bytes(ready.read_bytes())
    deployed = ("--deployments", "Nerea (Stark)")
    out = refused(
        path, "E_DEPLOY_NOT_OWNED", "post", path, "--team", "lannister", "tax tax tax", *deployed
    )
    assert "Nerea Salsedine non era posseduta a inizio turno." in out
