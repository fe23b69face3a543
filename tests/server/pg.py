"""A throw-away PostgreSQL cluster for tests: initdb as the postgres user in a temporary
folder, started on a free local port, stopped and removed afterwards."""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

BIN_DIRS = sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True)


def available() -> bool:
    return bool(BIN_DIRS) and shutil.which("runuser") is not None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _as_postgres(*args: str) -> None:
    subprocess.run(["runuser", "-u", "postgres", "--", *args], check=True, capture_output=True)


@contextlib.contextmanager
def cluster(*, durable: bool = False) -> Iterator[str]:
    """Yields a SQLAlchemy URL of a fresh, empty PostgreSQL cluster. `durable`: every
    commit reaches the disk before it is answered, as on a real server (else, for tests,
    nothing is synced)."""
    binaries = BIN_DIRS[0]
    folder = Path(tempfile.mkdtemp(prefix="tavola-pg-"))
    os.chmod(folder, 0o777)
    shutil.chown(folder, "postgres", "postgres")
    data = folder / "data"
    port = _free_port()
    _as_postgres(
        str(binaries / "initdb"),
        "-D",
        str(data),
        "-U",
        "postgres",
        "-A",
        "trust",
        "-E",
        "UTF8",
        "--no-sync",
    )
    options = f"-c listen_addresses=127.0.0.1 -p {port} -k {folder} -c max_connections=200"
    if not durable:  # tests: nothing needs to outlive the cluster
        options += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
    _as_postgres(
        str(binaries / "pg_ctl"),
        "-D",
        str(data),
        "-l",
        str(folder / "server.log"),
        "-w",
        "-t",
        "30",
        "-o",
        options,
        "start",
    )
    try:
        yield f"postgresql+psycopg://postgres@127.0.0.1:{port}/postgres"
    finally:
        with contextlib.suppress(subprocess.CalledProcessError):
            _as_postgres(str(binaries / "pg_ctl"), "-D", str(data), "-m", "fast", "-w", "stop")
        shutil.rmtree(folder, ignore_errors=True)
