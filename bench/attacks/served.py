"""A `tavola serve` on a free loopback port for the attack scripts beside this file, with
its descriptors and memory as /proc tells them. The server is whatever `tavola` the
PYTHONPATH gives (run a script with PYTHONPATH pointing at an old checkout to measure it).
The scripts attack only 127.0.0.1 and 127.0.0.2, with bounded counts and times."""

from __future__ import annotations

import contextlib
import os
import resource
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx

ANNA = {"name": "Anna", "age": 9}
BRUNO = {"name": "Bruno", "age": 30}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Served:
    process: subprocess.Popen[bytes]
    port: int
    log: Path

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def descriptors(self) -> int:
        return len(os.listdir(f"/proc/{self.process.pid}/fd"))

    def rss_mb(self) -> float:
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        return 0.0

    def new_game(self) -> str:
        body = {
            "game": "legends",
            "options": {"mode": "simplified"},
            "seats": [ANNA, BRUNO],
            "seed": 5,
            "practice_seed_known": True,
        }
        created = httpx.post(f"{self.url}/api/games", json=body, timeout=30)
        created.raise_for_status()
        return str(created.json()["game_id"])


def _lower_descriptors(limit: int | None) -> None:
    if limit is not None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (limit, limit))


@contextlib.contextmanager
def serve(env: dict[str, str] | None = None, fd_limit: int | None = None) -> Iterator[Served]:
    """The server, ready; stopped (its process group) at the end. A server that does not
    start raises RuntimeError with the end of its log."""
    folder = Path(tempfile.mkdtemp(prefix="tavola-attack-"))
    port = free_port()
    log = folder / "server.log"
    environ = {**os.environ, **(env or {}), "DATABASE_URL": f"sqlite:///{folder / 'tavola.db'}"}
    command = [sys.executable, "-m", "tavola.cli", "serve", "--port", str(port)]
    with log.open("wb") as out:
        process = subprocess.Popen(
            [*command, "--bot-delay", "0"],
            cwd=folder,
            env=environ,
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
            preexec_fn=lambda: _lower_descriptors(fd_limit),
        )
    served = Served(process, port, log)
    try:
        deadline = time.monotonic() + 60
        while True:
            if process.poll() is not None or time.monotonic() > deadline:
                tail = log.read_text(errors="replace").strip().splitlines()[-3:]
                raise RuntimeError("the server did not start: " + " | ".join(tail))
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"{served.url}/api/games", timeout=2).status_code == 200:
                    break
            time.sleep(0.1)
        yield served
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=10)
