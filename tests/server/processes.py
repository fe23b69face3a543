"""The real server as a subprocess (`tavola serve`), for tests that need separate processes:
crashes (SIGKILL), restarts, several workers. Also tiny HTTP helpers and an in-process replay
to compare a server's game with.

Every server writes its output to a log file (never a pipe nobody reads); `Server.stop` and
`Server.kill` end its whole process group, so uvicorn's worker processes go too."""

from __future__ import annotations

import contextlib
import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import httpx
from sqlalchemy import create_engine, select
from websockets.sync.client import connect as ws_connect

from tavola.core import Action, GameRecord, LogEntry, Table, Viewer, get_game, replay
from tavola.server.loading import Games
from tavola.server.seating import plan_table
from tavola.store import Database
from tavola.store.models import ActionRow, DeadlineRow, GameRow, SnapshotRow

ROOT = Path(__file__).resolve().parents[2]
START_TIMEOUT = 30.0

SEATS: list[dict[str, Any]] = [{"name": "Anna", "age": 9}, {"name": "Ben", "age": 12}]
CLASSIC: dict[str, Any] = {"mode": "classic"}

T = TypeVar("T")


def tavola_command() -> list[str]:
    """The `tavola` script of the Python running the tests (the project's venv)."""
    for candidate in (Path(sys.executable).parent / "tavola", ROOT / ".venv" / "bin" / "tavola"):
        if candidate.exists():
            return [str(candidate)]
    return [sys.executable, "-m", "tavola.cli"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_until(
    probe: Callable[[], T | None], *, timeout: float, what: str, interval: float = 0.05
) -> T:
    """Polls `probe` until it returns something truthy (returned), or fails after `timeout`."""
    deadline = time.monotonic() + timeout
    while True:
        value = probe()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout}s waiting for {what}")
        time.sleep(interval)


@dataclass
class Server:
    """One `tavola serve` process (and its workers) on a free local port."""

    database_url: str
    folder: Path
    """Where the log goes (and the working directory)."""
    workers: int = 1
    env: dict[str, str] = field(default_factory=dict)
    """More environment for the process (on top of the tests' own)."""
    port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None
    log_path: Path | None = None
    _starts: int = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def command(self) -> list[str]:
        return [
            *tavola_command(),
            "serve",
            "--port",
            str(self.port),
            "--bot-delay",
            "0",
            "--workers",
            str(self.workers),
        ]

    def launch(self) -> subprocess.Popen[bytes]:
        """Starts the process without waiting for it to answer."""
        assert self.process is None or self.process.poll() is not None, "already running"
        self._starts += 1
        self.folder.mkdir(parents=True, exist_ok=True)
        self.log_path = self.folder / f"server-{self.port}-{self._starts}.log"
        env = {**os.environ, **self.env, "DATABASE_URL": self.database_url}
        env.pop("PYTHONUNBUFFERED", None)  # the banner must be flushed by `tavola serve` itself
        with self.log_path.open("wb") as log:
            self.process = subprocess.Popen(
                self.command(),
                cwd=self.folder,
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,  # its own process group: killpg reaches the workers
            )
        return self.process

    def start(self, timeout: float = START_TIMEOUT) -> Server:
        """Starts the server and waits until `GET /api/games` answers (a new port is tried if
        another process took this one meanwhile)."""
        for _ in range(3):
            self.launch()
            if self._wait_ready(timeout):
                return self
            if "address already in use" not in self.log().lower():
                break
            self.port = free_port()
        raise AssertionError(f"the server did not start:\n{self.log()}")

    def _wait_ready(self, timeout: float) -> bool:
        assert self.process is not None
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                return False
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"{self.url}/api/games", timeout=2).status_code == 200:
                    return True
            time.sleep(0.05)
        self.stop()
        return False

    def restart(self, timeout: float = START_TIMEOUT) -> Server:
        """A new process on the same database (the old one must have ended)."""
        assert self.process is None or self.process.poll() is not None, "still running"
        self.port = free_port()
        return self.start(timeout)

    def _signal_group(self, sig: signal.Signals) -> None:
        assert self.process is not None
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.process.pid, sig)

    def kill(self) -> None:
        """SIGKILL to the whole process group: no shutdown code runs."""
        if self.process is None:
            return
        self._signal_group(signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self, timeout: float = 10.0) -> int | None:
        """A graceful stop (SIGTERM, as a service manager does); SIGKILL after `timeout`.
        Returns the exit code."""
        if self.process is None:
            return None
        if self.process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                self._signal_group(signal.SIGKILL)
                self.process.wait(timeout=10)
        self._signal_group(signal.SIGKILL)  # any worker left behind
        return self.process.returncode

    def log(self) -> str:
        if self.log_path is None or not self.log_path.exists():
            return ""
        return self.log_path.read_text(errors="replace")

    def client(self) -> httpx.Client:
        return httpx.Client(base_url=self.url, timeout=15)


@contextlib.contextmanager
def servers() -> Iterator[list[Server]]:
    """Collects servers and stops every one of them at the end, even after a failure."""
    started: list[Server] = []
    try:
        yield started
    finally:
        for server in started:
            with contextlib.suppress(Exception):
                server.stop(timeout=5)


# -- HTTP ------------------------------------------------------------------------------------


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@dataclass(frozen=True)
class CreatedGame:
    game_id: str
    tokens: dict[str, str]
    options: dict[str, Any]
    seats: list[dict[str, Any]]
    seed: int


def create_game(
    client: httpx.Client,
    options: Mapping[str, Any] = CLASSIC,
    seats: Sequence[Mapping[str, Any]] = SEATS,
    seed: int = 5,
) -> CreatedGame:
    body = {
        "game": "legends",
        "options": dict(options),
        "seats": list(seats),
        "seed": seed,
        "practice_seed_known": True,  # a table with a person takes a seed only so
    }
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.text
    data = response.json()
    tokens = {}
    for entry in data["seats"]:  # every person's seat taken with its invite
        if entry["invite"]:
            url = f"/api/games/{data['game_id']}/seats/{entry['seat']}/join"
            joined = client.post(url, json={"invite": entry["invite"]})
            assert joined.status_code == 200, joined.text
            tokens[entry["seat"]] = joined.json()["token"]
    return CreatedGame(data["game_id"], tokens, dict(options), [dict(s) for s in seats], seed)


def view(client: httpx.Client, game: CreatedGame, seat: str | None = None) -> dict[str, Any]:
    headers = auth(game.tokens[seat]) if seat else {}
    response = client.get(f"/api/games/{game.game_id}/view", headers=headers)
    assert response.status_code == 200, response.text
    return dict(response.json())


def legal(client: httpx.Client, game: CreatedGame, seat: str) -> dict[str, Any]:
    response = client.get(f"/api/games/{game.game_id}/legal", headers=auth(game.tokens[seat]))
    assert response.status_code == 200, response.text
    return dict(response.json())


def record(client: httpx.Client, game: CreatedGame) -> dict[str, Any]:
    response = client.get(f"/api/games/{game.game_id}/record")
    assert response.status_code == 200, response.text
    return dict(response.json())


def act(
    client: httpx.Client,
    game: CreatedGame,
    seat: str,
    action: Mapping[str, Any],
    version: int,
    client_action_id: str | None = None,
) -> httpx.Response:
    body = {"action": dict(action), "version": version, "client_action_id": client_action_id}
    return client.post(
        f"/api/games/{game.game_id}/actions", json=body, headers=auth(game.tokens[seat])
    )


@dataclass(frozen=True)
class Move:
    seat: str
    action: dict[str, Any]
    version: int
    """The version the move was played at (it makes the game `version + 1`)."""


def next_move(client: httpx.Client, game: CreatedGame, rng: random.Random) -> Move:
    """A legal move of the first seat the game awaits (picked by `rng`; never a concession,
    so that the game goes on)."""
    to_act = view(client, game)["to_act"]
    assert to_act, "the game awaits nobody"
    seat = to_act[0]
    options = legal(client, game, seat)
    playable = [a for a in options["actions"] if a["type"] != "concede"]
    assert playable, f"{seat} is awaited but has no legal action"
    return Move(seat, rng.choice(playable), options["version"])


def play(
    client: httpx.Client,
    game: CreatedGame,
    rng: random.Random,
    count: int,
    acknowledged: list[Move],
) -> None:
    """Plays `count` legal moves one after the other; each acknowledged one is appended."""
    for _ in range(count):
        move = next_move(client, game, rng)
        response = act(
            client, game, move.seat, move.action, move.version, f"m{len(acknowledged) + 1}"
        )
        assert response.status_code == 200, response.text
        assert response.json()["version"] == move.version + 1
        acknowledged.append(move)


def play_over_sockets(
    server: Server,
    game: CreatedGame,
    rng: random.Random,
    count: int,
    acknowledged: list[Move],
) -> None:
    """As `play`, but each move is sent over its seat's WebSocket (the moves the server
    plays on its event loop) and is acknowledged by the socket's "result" message."""
    with contextlib.ExitStack() as stack:
        sockets = {
            seat: stack.enter_context(
                ws_connect(f"{server.ws_url}/api/games/{game.game_id}/ws?token={token}")
            )
            for seat, token in game.tokens.items()
        }
        with server.client() as client:
            for _ in range(count):
                move = next_move(client, game, rng)
                request = {"type": "action", "action": move.action, "version": move.version}
                socket = sockets[move.seat]
                socket.send(json.dumps(request))
                while (answer := json.loads(socket.recv(timeout=10)))["type"] not in (
                    "result",
                    "refused",
                ):
                    pass
                assert answer == {
                    "type": "result",
                    "version": move.version + 1,
                    "duplicate": False,
                    "client_action_id": None,
                }, answer
                acknowledged.append(move)


# -- what the database holds, and the same game replayed here --------------------------------


@dataclass(frozen=True)
class Stored:
    version: int
    state_hash: str
    """The hash of the state the database rebuilds (its latest snapshot, or the opening,
    and the moves after it), read back as a restarted server reads it, with its check of
    the hash kept there."""
    status: str
    log: list[tuple[str, dict[str, Any]]]
    deadlines: list[dict[str, Any]]
    """decision_id, seat, kind, due_at (None while paused), remaining."""
    snapshots: list[int]
    """The versions with a stored snapshot."""


def stored(database_url: str, game_id: str) -> Stored:
    """The game as the database holds it (read with a fresh engine)."""
    engine = create_engine(database_url)
    try:
        with engine.connect() as connection:
            row = connection.execute(
                select(GameRow.version, GameRow.status).where(GameRow.id == game_id)
            ).one()
            actions = connection.execute(
                select(ActionRow.seat, ActionRow.action)
                .where(ActionRow.game_id == game_id)
                .order_by(ActionRow.seq)
            ).all()
            deadlines = connection.execute(
                select(
                    DeadlineRow.decision_id,
                    DeadlineRow.seat,
                    DeadlineRow.kind,
                    DeadlineRow.due_at,
                    DeadlineRow.remaining,
                ).where(DeadlineRow.game_id == game_id)
            ).all()
            snapshots = connection.scalars(
                select(SnapshotRow.version)
                .where(SnapshotRow.game_id == game_id)
                .order_by(SnapshotRow.version)
            ).all()
    finally:
        engine.dispose()
    return Stored(
        row.version,
        _rebuilt_hash(database_url, game_id),
        row.status,
        [(a.seat, dict(a.action)) for a in actions],
        [dict(d._mapping) for d in deadlines],
        list(snapshots),
    )


def _rebuilt_hash(database_url: str, game_id: str) -> str:
    database = Database(database_url)
    try:
        return Games(database, lambda _live: None).load(game_id).table.hash
    finally:
        database.dispose()


def replayed(game: CreatedGame, moves: Sequence[tuple[str, Mapping[str, Any]]]) -> Table:
    """The same game rebuilt in this process from a record: the same config (built as the
    server builds it), the same seed, the same actions."""
    config = plan_table(get_game("legends"), game.options, game.seats).config
    log = [LogEntry(seat, Action.from_json(dict(action))) for seat, action in moves]
    return replay(GameRecord("legends", config, game.seed, None, log))


def public_events(table: Table) -> list[dict[str, Any]]:
    return [e.to_json() for e in table.events_for(Viewer.public())]


def public_view(table: Table) -> dict[str, Any]:
    """The public view as it travels over HTTP (JSON types)."""
    return dict(json.loads(json.dumps(table.view(Viewer.public()))))
