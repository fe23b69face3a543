"""Server load: N concurrent games, every seat a bot-speed client over a WebSocket on
127.0.0.1, for a bounded time; prints actions/s and p50/p95/p99 latency (from sending an
action to its acknowledgement).

    python bench/server_load.py [--games 200] [--seconds 20] [--postgres]

With --postgres a throw-away PostgreSQL cluster is started (Debian's postgresql).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path

import httpx
import websockets

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(url: str, port: int) -> subprocess.Popen[bytes]:
    env = {**os.environ, "DATABASE_URL": url}
    server = subprocess.Popen(
        [sys.executable, "-m", "tavola.cli", "serve", "--port", str(port), "--bot-delay", "0"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
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


async def seat_client(
    base: str, game_id: str, token: str, stop: float, latencies: list[float]
) -> int:
    """Plays one seat as fast as the server answers: a random legal action (never
    conceding) whenever the seat is awaited."""
    rng = random.Random(token)
    moves = 0
    uri = base.replace("http", "ws") + f"/api/games/{game_id}/ws?token={token}"
    async with websockets.connect(uri, max_size=None) as ws:
        sent_at: float | None = None
        while time.monotonic() < stop:
            try:
                message = json.loads(
                    await asyncio.wait_for(ws.recv(), timeout=stop - time.monotonic())
                )
            except (TimeoutError, websockets.ConnectionClosed):
                break
            if message["type"] in ("result", "refused"):
                if sent_at is not None:
                    latencies.append(time.monotonic() - sent_at)
                    sent_at = None
                    moves += message["type"] == "result"
                continue
            if message.get("status") == "over":
                break
            if message["seat"] not in message["to_act"] or sent_at is not None:
                continue
            choices = [a for a in message["legal"] if a["type"] != "concede"] or message["legal"]
            action = rng.choice(choices)
            sent_at = time.monotonic()
            await ws.send(
                json.dumps({"type": "action", "action": action, "version": message["version"]})
            )
    return moves


async def run(base: str, games: int, seconds: float) -> dict[str, float]:
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        created = []
        for i in range(games):
            body = {
                "game": "legends",
                "options": {"mode": "classic"},
                "seats": [{"name": "A", "age": 20}, {"name": "B", "age": 30}],
                "seed": i,
            }
            created.append((await http.post("/api/games", json=body)).json())
    latencies: list[float] = []
    start = time.monotonic()
    stop = start + seconds
    tasks = [
        seat_client(base, game["game_id"], seat["token"], stop, latencies)
        for game in created
        for seat in game["seats"]
        if seat["token"]
    ]
    moves = sum(await asyncio.gather(*tasks))
    elapsed = time.monotonic() - start
    ordered = sorted(latencies)

    def percentile(p: float) -> float:
        return 1000 * ordered[min(len(ordered) - 1, int(p * len(ordered)))] if ordered else 0.0

    return {
        "games": games,
        "seconds": round(elapsed, 1),
        "actions": moves,
        "actions_per_s": round(moves / elapsed, 1),
        "p50_ms": round(percentile(0.50), 1),
        "p95_ms": round(percentile(0.95), 1),
        "p99_ms": round(percentile(0.99), 1),
        "mean_ms": round(1000 * statistics.fmean(ordered), 1) if ordered else 0.0,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--postgres", action="store_true")
    args = parser.parse_args()
    with ExitStack() as stack:
        if args.postgres:
            sys.path.insert(0, str(ROOT))
            from tests.server.pg import cluster

            url = stack.enter_context(cluster())
        else:
            folder = stack.enter_context(tempfile.TemporaryDirectory())
            url = f"sqlite:///{folder}/bench.db"
        port = free_port()
        server = start_server(url, port)
        stack.callback(server.kill)
        figures = asyncio.run(run(f"http://127.0.0.1:{port}", args.games, args.seconds))
    figures["database"] = "postgresql" if args.postgres else "sqlite"
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
