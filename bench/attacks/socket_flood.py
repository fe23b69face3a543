"""Issue 28, finding 3 (memory): one loopback client opens `--sockets` public WebSockets
on one game, holds them, then closes them all.

    PYTHONPATH=. python bench/attacks/socket_flood.py [--sockets 500] [--env K=V ...]

Prints how many the server kept open (and how the rest were refused), and its memory
(RSS) before, with them open, and after they closed; `--rounds` floods again after each
close (memory reused, not grown, shows nothing of the closed sockets is kept)."""

from __future__ import annotations

import argparse
import asyncio
import time
from collections import Counter

import websockets
from served import Served, serve


async def one_socket(url: str, opened: list[object], outcome: Counter[str]) -> None:
    try:
        socket = await websockets.connect(url, open_timeout=30, max_size=None)
    except Exception as exc:  # a refused handshake, a reset: counted by kind
        outcome[f"handshake refused ({type(exc).__name__})"] += 1
        return
    try:
        await asyncio.wait_for(socket.recv(), timeout=30)
    except websockets.ConnectionClosed as closed:
        received = closed.rcvd
        outcome[f"closed {received.code} {received.reason}" if received else "closed"] += 1
        return
    outcome["open"] += 1
    opened.append(socket)


async def attack(server: Served, sockets: int, hold: float, rounds: int) -> None:
    game_id = server.new_game()
    url = f"ws://127.0.0.1:{server.port}/api/games/{game_id}/ws"
    await asyncio.sleep(1)
    before = server.rss_mb()
    print(f"RSS before: {before:.0f} MB")
    for round_ in range(1, rounds + 1):
        opened: list[websockets.ClientConnection] = []
        outcome: Counter[str] = Counter()
        for start in range(0, sockets, 50):  # fifty at a time: the loop is the server's too
            batch = min(50, sockets - start)
            await asyncio.gather(*(one_socket(url, opened, outcome) for _ in range(batch)))  # type: ignore[arg-type]
        await asyncio.sleep(hold)
        during = server.rss_mb()
        await asyncio.gather(*(socket.close() for socket in opened))
        lowest = during
        settled_at = time.monotonic() + 10
        while time.monotonic() < settled_at:  # the memory the server gives back within 10 s
            await asyncio.sleep(0.5)
            lowest = min(lowest, server.rss_mb())
        print(f"round {round_}: sockets {dict(outcome)}")
        print(f"  RSS with {len(opened)} open {during:.0f} MB, 10 s after closing {lowest:.0f} MB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sockets", type=int, default=500)
    parser.add_argument("--hold", type=float, default=2.0)
    parser.add_argument("--rounds", type=int, default=1, help="floods one after the other")
    parser.add_argument("--env", action="append", default=[], help="K=V for the server")
    args = parser.parse_args()
    env = dict(pair.split("=", 1) for pair in args.env)
    with serve(env) as server:
        asyncio.run(attack(server, args.sockets, args.hold, args.rounds))


if __name__ == "__main__":
    main()
