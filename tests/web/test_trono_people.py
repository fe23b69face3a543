"""Issue 27: the Trono pages name people and seats as a person reads them — by the name
they registered with or their seat's name, a seat nobody named by its role and place in
the game's words ("Giocatore 4", "Arbitro 2"), never by an account id ("p04",
"arbitro02"); the lobby never calls a referee's seat "Giocatore 14"."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TRONO_WEB = ROOT / "tavola" / "games" / "trono" / "web"
PEOPLE = TRONO_WEB / "people.js"
SEAT_NAMES = ROOT / "tavola" / "web" / "js" / "seat-names.js"
NODE = shutil.which("node")


def _words(lang: str) -> dict[str, str]:
    shell = json.loads((ROOT / "tavola" / "web" / "i18n" / f"{lang}.json").read_text("utf-8"))
    game = json.loads((TRONO_WEB / "i18n" / f"{lang}.json").read_text("utf-8"))
    return {**shell, **game}


def run(module: Path, lang: str, script: str) -> object:
    """`script` after `module`, its i18n imports given the shell's and Trono's words."""
    stub = (
        f"const WORDS = {json.dumps(_words(lang), ensure_ascii=False)};\n"
        "const fill = (s, p) => s.replace(/\\{(\\w+)\\}/g, (m, k) => (k in p ? p[k] : m));\n"
        "const t = (key, p = {}) => fill(WORDS[key] ?? key, p);\n"
        "const tg = (game, key, p = {}) => t(key, p);\n"
        "const has = (key) => key in WORDS;\n"
    )
    source = re.sub(
        r'^import \{[^}]*\} from "[^"]*i18n\.js";$', "", module.read_text("utf-8"), flags=re.M
    )
    done = subprocess.run(
        [str(NODE), "--input-type=module", "-e", f"{stub}{source}\n{script}"],
        capture_output=True,
        text=True,
        check=True,
        timeout=30,
    )
    return json.loads(done.stdout)


needs_node = pytest.mark.skipif(NODE is None, reason="needs Node.js to run the module")
PAYLOAD = {
    "seats": {
        "player:p04": {"name": None},
        "player:p05": {"name": "Volpe"},
        "referee:arbitro01": {"name": "referee:arbitro01"},
        "referee:arbitro02": {"name": "Marta"},
    }
}
VIEW = {"registered": [{"user_id": "p07", "display_name": "Lupo Grigio"}]}


@needs_node
@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("it", ["Giocatore 4", "Volpe", "Lupo Grigio", "Arbitro 1", "Marta", "Un arbitro"]),
        ("en", ["Player 4", "Volpe", "Lupo Grigio", "Referee 1", "Marta", "A referee"]),
    ],
)
def test_people_and_referees_are_named_never_by_their_account(lang, expected):
    script = (
        f"const p = {json.dumps(PAYLOAD)}, v = {json.dumps(VIEW)};\n"
        "console.log(JSON.stringify([personName(p, v, 'p04'), personName(p, v, 'p05'),"
        " personName(p, v, 'p07'), refereeName(p, 'arbitro01'), refereeName(p, 'arbitro02'),"
        " refereeName(p, 'arbitro')]));"
    )
    assert run(PEOPLE, lang, script) == expected


@needs_node
def test_the_lobby_calls_a_referees_seat_by_its_role():
    script = (
        "console.log(JSON.stringify(["
        "seatLabel('trono', {seat: 'referee:arbitro02', name: null, kind: 'human', place: 14}),"
        "seatLabel('trono', {seat: 'referee:arbitro01', name: 'arbitro01', kind: 'human',"
        " place: 13}),"
        "seatLabel('trono', {seat: 'player:p04', name: null, kind: 'human', place: 4}),"
        "seatLabel('trono', {seat: 'referee:arbitro02', name: 'Marta', kind: 'human', place: 14}),"
        "]));"
    )
    assert run(SEAT_NAMES, "it", script) == ["Arbitro 2", "Arbitro 1", "Giocatore 4", "Marta"]


RAW_FALLBACK = re.compile(r"\|\|\s*(?:user|u|seat|id)\s*[;)]|:\s*user\s*;")


def test_no_trono_page_falls_back_to_an_account_id():
    """A name looked up and not found is never shown as the id it was looked up by."""
    for path in sorted(TRONO_WEB.glob("*.js")):
        for no, line in enumerate(path.read_text("utf-8").splitlines(), start=1):
            if "name" in line.lower() or "display" in line:
                assert not RAW_FALLBACK.search(line), f"{path.name}:{no}: {line.strip()}"
