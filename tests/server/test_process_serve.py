"""`tavola serve`: what it prints, what it refuses, and that `make run` is it."""

from __future__ import annotations

import os
import re
import shlex
import subprocess

import httpx
import pytest

from .processes import ROOT, Server, servers, tavola_command, wait_until


def test_serve_prints_the_url_it_answers_at(tmp_path):
    with servers() as started:
        server = Server(f"sqlite:///{tmp_path / 'tavola.db'}", tmp_path / "server")
        started.append(server)
        server.start()
        banner = wait_until(
            lambda: re.search(r"Tavola is running at (http://\S+)", server.log()),
            timeout=5,
            what="the banner",
        )
        assert banner[1] == f"http://localhost:{server.port}/"
        assert httpx.get(f"{banner[1]}api/games", timeout=10).status_code == 200


@pytest.mark.parametrize("database", ["explicit", "default"])
def test_serve_with_two_workers_on_sqlite_refuses_naming_postgresql(tmp_path, database):
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    env["TAVOLA_DATA"] = str(tmp_path / "data")  # the default database: SQLite in here
    if database == "explicit":
        env["DATABASE_URL"] = f"sqlite:///{tmp_path / 'tavola.db'}"
    done = subprocess.run(
        [*tavola_command(), "serve", "--workers", "2", "--port", "1"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2, done.stdout + done.stderr
    assert "PostgreSQL" in done.stdout + done.stderr


def _recipe(makefile: str, target: str) -> list[str]:
    """The command lines of a Makefile target (tab-indented lines after `target:`)."""
    lines = makefile.splitlines()
    start = next(i for i, line in enumerate(lines) if re.match(rf"{target}\s*:(?!=)", line))
    recipe = []
    for line in lines[start + 1 :]:
        if not line.startswith("\t"):
            break
        recipe.append(line.strip())
    return recipe


def test_make_run_runs_tavola_serve():
    recipe = _recipe((ROOT / "Makefile").read_text(), "run")
    assert len(recipe) == 1, recipe
    program, *arguments = shlex.split(recipe[0].lstrip("@"))
    assert program in ("tavola", "$(BIN)/tavola", ".venv/bin/tavola"), recipe
    assert arguments[:1] == ["serve"], recipe
