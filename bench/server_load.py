"""Server load: N concurrent games, every seat a bot-speed client over a WebSocket on
127.0.0.1, for a bounded time; prints actions/s and p50/p95/p99 latency (from sending an
action to its acknowledgement).

    python bench/server_load.py [--games 200] [--rate 1000] [--seconds 20] [--postgres]
        [--workers N | --compare-workers] [--idle-games 1000]

Every client sends each move as the browser's table does (`play.js`): over the game's
WebSocket, with its version and a fresh `client_action_id`. Before the load, --idle-games
games are created and left alone: the server's memory per idle game, and per game being
played (at the end of the run), are printed with the machine, the commit and the options.

Each game is paced at games/rate seconds per action (bot speed: the load a server with
that many games sees), so the latency is the server's answer time at that load, not the
queue a flood of clients makes; --rate 0 plays as fast as the answers come (capacity).
A finished game is replaced by a new one; the first --warmup seconds are not measured.

With --postgres a throw-away PostgreSQL cluster is started (Debian's postgresql), which
syncs every commit to the disk as a real one does (as SQLite does, synchronous=FULL).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import platform
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import httpx
import orjson
import websockets

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(url: str, port: int, workers: int) -> subprocess.Popen[bytes]:
    # One client creates every game and holds every socket: the per-client limits are lifted.
    env = {
        **os.environ,
        "DATABASE_URL": url,
        "TAVOLA_CREATE_PER_MINUTE": "0",
        "TAVOLA_CONNECTIONS_PER_CLIENT": "0",
        "TAVOLA_SOCKETS_PER_CLIENT": "0",
    }
    command = ["serve", "--port", str(port), "--bot-delay", "0", "--workers", str(workers)]
    server = subprocess.Popen(
        [sys.executable, "-m", "tavola.cli", *command],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,  # its workers are stopped with it
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1)
            return server
        except httpx.HTTPError:
            time.sleep(0.2)
    server.kill()
    raise RuntimeError("the server did not start")


Answer = tuple[float, float, str, str, int, str]
"""When an action was sent, how long its answer took, its refusal code ("ok": accepted),
the game, the version it was sent at and the seat's token."""


class Pace:
    """A game's rhythm: one action every `interval` seconds at most (0: no wait)."""

    def __init__(self, interval: float, rng: random.Random) -> None:
        self.interval = interval
        # Games start at a random point of their rhythm, not all in step.
        self.next_at = time.monotonic() + rng.uniform(0, interval)

    async def wait(self) -> None:
        now = time.monotonic()
        if self.next_at > now:
            await asyncio.sleep(self.next_at - now)
        self.next_at = max(now, self.next_at) + self.interval


async def seat_client(
    base: str, game_id: str, token: str, pace: Pace, stop: float, answers: list[Answer]
) -> None:
    """Plays one seat: a random legal action (never conceding) whenever the seat is
    awaited, at the game's pace; each answer is noted in `answers`."""
    rng = random.Random(token)
    acted_at = -1  # the version last acted on: each view is acted on once
    uri = base.replace("http", "ws") + f"/api/games/{game_id}/ws?token={token}"
    async with websockets.connect(uri, max_size=None) as ws:
        sent_at: float | None = None
        sent = 0
        latest: dict[str, Any] | None = None  # the newest view; an update may beat a result
        while time.monotonic() < stop:
            try:
                message = orjson.loads(  # the client shares the CPUs: it parses lean
                    await asyncio.wait_for(ws.recv(), timeout=stop - time.monotonic())
                )
            except (TimeoutError, websockets.ConnectionClosed):
                break
            if message["type"] in ("result", "refused"):
                if sent_at is not None:
                    code = message.get("code", "ok")  # STALE: the other seat moved first
                    took = time.monotonic() - sent_at
                    answers.append((sent_at, took, code, game_id, acted_at, token))
                    sent_at = None
            else:
                latest = message
            if latest is None or sent_at is not None:
                continue
            if latest.get("status") == "over":
                break
            if latest["seat"] not in latest["to_act"] or latest["version"] == acted_at:
                continue
            choices = [a for a in latest["legal"] if a["type"] != "concede"] or latest["legal"]
            action = rng.choice(choices)
            await pace.wait()
            sent_at, acted_at = time.monotonic(), latest["version"]
            sent += 1  # an id with every move, as play.js sends it
            request = {
                "type": "action",
                "action": action,
                "version": latest["version"],
                "client_action_id": f"{token[:8]}-{sent}",
            }
            await ws.send(orjson.dumps(request).decode())  # a text frame, as browsers send


async def take(http: httpx.AsyncClient, game_id: str, seat: dict[str, Any]) -> str:
    """A seat taken with its invite, as its player's page does: the seat's token."""
    url = f"/api/games/{game_id}/seats/{seat['seat']}/join"
    response = await http.post(url, json={"invite": seat["invite"]})
    if response.status_code != 200:
        raise RuntimeError(f"taking a seat: {response.status_code} {response.text[:300]}")
    return str(response.json()["token"])


async def table(
    http: httpx.AsyncClient, number: int, interval: float, stop: float, answers: list[Answer]
) -> None:
    """One of the concurrent games: played to its end, then another one, until `stop`."""
    seed = number * 1000
    while time.monotonic() < stop:
        response = await http.post("/api/games", json=_body(seed))
        if response.status_code != 201:
            raise RuntimeError(f"creating a game: {response.status_code} {response.text[:300]}")
        created = response.json()
        pace = Pace(interval, random.Random(seed))
        base = str(http.base_url).rstrip("/")
        seats = [await take(http, created["game_id"], s) for s in created["seats"] if s["invite"]]
        clients = [seat_client(base, created["game_id"], t, pace, stop, answers) for t in seats]
        await asyncio.gather(*clients)
        seed += 1


def rss(group: int) -> int:
    """Bytes of memory the server's processes (its process group) hold."""
    total = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            if int(fields[2]) != group:  # the process group, after state and parent
                continue
            status = (stat.parent / "status").read_text()
        except (OSError, IndexError, ValueError):
            continue  # gone meanwhile
        for line in status.splitlines():
            if line.startswith("VmRSS:"):
                total += int(line.split()[1]) * 1024
    return total


async def idle_games(base: str, count: int) -> None:
    """`count` games created and their seats taken, then left alone (in memory, idle)."""
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        for number in range(count):
            created = (await http.post("/api/games", json=_body(10_000_000 + number))).json()
            for seat in created["seats"]:
                if seat["invite"]:
                    await take(http, created["game_id"], seat)


def _body(seed: int) -> dict[str, Any]:
    return {
        "game": "legends",
        "options": {"mode": "classic"},
        "seats": [{"name": "A", "age": 20}, {"name": "B", "age": 30}],
        "seed": seed,
        "practice_seed_known": True,  # the same deals every run
    }


async def run(
    base: str, games: int, seconds: float, rate: float, warmup: float, memory: Callable[[], int]
) -> dict[str, Any]:
    interval = games / rate if rate else 0.0
    answers: list[Answer] = []
    # A small pool: httpx scans every pooled connection for each request it places.
    limits = httpx.Limits(max_connections=16)
    # The client's own collector pauses would be counted as the server's latency: it is off
    # for the run, which is bounded (its garbage is some tens of megabytes at most).
    gc.collect()
    gc.disable()
    try:
        async with httpx.AsyncClient(base_url=base, timeout=30, limits=limits) as http:
            start = time.monotonic()
            stop = start + warmup + seconds
            playing = [table(http, i, interval, stop, answers) for i in range(games)]
            held = [0]

            async def measured_memory() -> None:  # near the end, every game being played
                await asyncio.sleep(max(0.0, stop - 1 - time.monotonic()))
                held[0] = memory()

            await asyncio.gather(measured_memory(), *playing)
    finally:
        gc.enable()
    measured = [a for a in answers if a[0] >= start + warmup]
    ordered = sorted(a[1] for a in measured)
    codes = Counter(a[2] for a in measured)
    accepted = codes.pop("ok", 0)
    # A STALE refusal is the bench's own when the game's other seat moved at that same
    # version (both were awaited at once, and the other's move came first).
    moved = {(game, version, token) for _, _, code, game, version, token in answers if code == "ok"}
    raced = {(game, version): token for game, version, token in moved}
    others = sum(
        1
        for _, _, code, game, version, token in measured
        if code == "STALE" and raced.get((game, version), token) == token
    )

    def percentile(p: float) -> float:
        return 1000 * ordered[min(len(ordered) - 1, int(p * len(ordered)))] if ordered else 0.0

    return {
        "games": games,
        "offered_per_s": rate or "as fast as answered",
        "seconds": seconds,
        "actions": accepted,
        "refused": dict(codes),
        "stale_not_raced_by_own_clients": others,
        "actions_per_s": round(accepted / seconds, 1),
        "p50_ms": round(percentile(0.50), 1),
        "p95_ms": round(percentile(0.95), 1),
        "p99_ms": round(percentile(0.99), 1),
        "mean_ms": round(1000 * statistics.fmean(ordered), 1) if ordered else 0.0,
        "server_bytes_while_playing": held[0],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=20, help="measured seconds")
    parser.add_argument("--warmup", type=float, default=3, help="seconds played, not measured")
    parser.add_argument(
        "--rate",
        type=float,
        default=1000,
        help="actions/s offered in all (each game paced at games/rate s); 0: as fast as answered",
    )
    parser.add_argument(
        "--idle-games", type=int, default=1000, help="games created and left idle first"
    )
    parser.add_argument("--postgres", action="store_true")
    parser.add_argument("--workers", type=int, default=1, help="server processes (PostgreSQL)")
    parser.add_argument(
        "--compare-workers",
        action="store_true",
        help="with --postgres: 1 worker, then 2, in the same run; prints both and their ratio",
    )
    args = parser.parse_args()
    if not args.compare_workers:
        print(json.dumps({**measure(args, args.workers), **_run_by(args)}))
        return
    one, two = measure(args, 1), measure(args, 2)
    ratio = round(two["actions_per_s"] / max(one["actions_per_s"], 0.1), 2)
    print(json.dumps({"one_worker": one, "two_workers": two, "ratio": ratio, **_run_by(args)}))


def measure(args: argparse.Namespace, workers: int) -> dict[str, Any]:
    """One server (on a fresh database), its idle games, then the load run."""
    with ExitStack() as stack:
        if args.postgres:
            sys.path.insert(0, str(ROOT))
            from tests.server.pg import cluster

            url = stack.enter_context(cluster(durable=True))  # commits synced, as SQLite's
        else:
            folder = stack.enter_context(tempfile.TemporaryDirectory())
            url = f"sqlite:///{folder}/bench.db"
        port = free_port()
        server = start_server(url, port, workers)
        stack.callback(os.killpg, server.pid, signal.SIGKILL)
        base = f"http://127.0.0.1:{port}"
        started = rss(server.pid)
        asyncio.run(idle_games(base, args.idle_games))
        idle = rss(server.pid)
        figures = asyncio.run(
            run(base, args.games, args.seconds, args.rate, args.warmup, lambda: rss(server.pid))
        )
    playing = figures.pop("server_bytes_while_playing")
    figures["bytes_per_idle_game"] = (idle - started) // max(1, args.idle_games)
    figures["bytes_per_live_game"] = (playing - idle) // args.games
    figures["workers"] = workers
    return figures


def _run_by(args: argparse.Namespace) -> dict[str, Any]:
    """What the figures were measured on and with."""
    commit = subprocess.run(
        ["git", "describe", "--always", "--dirty"], cwd=ROOT, capture_output=True, text=True
    ).stdout.strip()
    return {
        "database": "postgresql" if args.postgres else "sqlite",
        "options": vars(args),
        "commit": commit or "unknown",
        "machine": f"{platform.machine()}, {os.cpu_count()} CPUs, {platform.platform()}",
        "python": platform.python_version(),
    }


if __name__ == "__main__":
    main()
