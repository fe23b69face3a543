"""A person's mistake at the `tavola` command line is one line on stderr naming what is
wrong, and exit status 2 — never a traceback. Each case runs the real command in its own
process (`python -m tavola.cli`, as the `tavola` script does)."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]


def tavola(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "tavola.cli", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=120,
    )


@pytest.fixture(scope="module")
def files(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("mistakes")
    (folder / "latin1.csv").write_bytes("card_id,name\nS1-001,Città\n".encode("latin-1"))
    (folder / "broken.json").write_text("{not json")
    (folder / "no_config.json").write_text(json.dumps({"game": "legends", "seed": 1}))
    (folder / "unknown_game.json").write_text(
        json.dumps({"game": "scacchi", "config": {}, "seed": 1})
    )
    (folder / "utf16.json").write_bytes('{"game": "legends"}'.encode("utf-16"))
    return folder


CASES = [
    # (arguments, words the one line must hold)
    (["replay", "missing.json"], ["missing.json", "no such file"]),
    (["replay", "broken.json"], ["broken.json", "not JSON"]),
    (["replay", "no_config.json"], ["not a game record", "config"]),
    (["replay", "utf16.json"], ["utf16.json", "not UTF-8"]),
    (["replay", "unknown_game.json"], ["scacchi", "legends"]),
    (["cards", "import", "--csv", "missing.csv", "--out", "x.toml"], ["missing.csv", "no such"]),
    (["cards", "import", "--csv", "latin1.csv", "--out", "x.toml"], ["latin1.csv", "UTF-8"]),
    (["play", "scacchi"], ["scacchi", "legends"]),
    (["play", "legends", "--seats", "human,wizard"], ["wizard", "random"]),
    (["play", "legends", "--lang", "de"], ["'de'", "it, en"]),
    (["play", "league", "--lang", "de"], ["'de'", "it, en, ja"]),
    (["simulate", "scacchi", "--out", "runs"], ["scacchi", "legends"]),
    (["simulate", "legends", "--seats", "random,wizard", "--out", "runs"], ["wizard"]),
    (["bench", "--suite", "nope"], ["nope", "playout, engine, strength, growth"]),
    (["bench", "--game", "scacchi"], ["scacchi", "legends"]),
]


@pytest.mark.parametrize(("args", "words"), CASES, ids=[" ".join(a) for a, _ in CASES])
def test_a_mistake_is_one_line_naming_it_and_exit_2(files, args, words):
    done = tavola(*args, cwd=files)
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert "Traceback" not in done.stderr + done.stdout
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("tavola ")
    for word in words:
        assert word in lines[0]
