"""Attack (issue 28, finding 4): one client floods the server with tables of searching
bots; how long does another person's greedy opponent take to answer?

    PYTHONPATH=. python bench/attacks/bot_starvation.py [--tables 20] [--searching-seats N]

Starts the real server (uvicorn, on 127.0.0.1 only, a throw-away SQLite database, no bot
delay, the default 3 s thinking budget), then:
1. the person (from 127.0.0.2, another client) opens a Legends table against a greedy bot
   and times the bot's replies to their moves, quiet;
2. the flooder (from 127.0.0.1) opens `--tables` Legends battles of four ISMCTS bots each
   (refusals counted);
3. the person times the replies again, under the flood.
Bounded to about two minutes. `--searching-seats` sets TAVOLA_SEARCHING_SEATS for the
server (0: no bound); a server that predates it ignores it. Run it against another
checkout by pointing PYTHONPATH there."""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx

PERSON = {"name": "Anna", "age": 9}
QUICK = {"mode": "simplified", "simplified": {"max_clashes": 40}}
BATTLE = {"mode": "classic"}
UVICORN = [sys.executable, "-m", "uvicorn", "tavola.server.main:app", "--host", "127.0.0.1"]
UVICORN += ["--log-level", "warning"]
REPLY_TIMEOUT = 60.0
"""Seconds a reply is waited for at most (the issue saw 18 s)."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def server(folder: Path, searching_seats: int | None) -> Iterator[str]:
    """The server of whatever `tavola` PYTHONPATH gives, on a free loopback port."""
    port = free_port()
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{folder / 'tavola.db'}",
        "TAVOLA_BOT_DELAY": "0",
        "TAVOLA_THINK_SECONDS": "3",
    }
    if searching_seats is not None:
        env["TAVOLA_SEARCHING_SEATS"] = str(searching_seats)
    log = (folder / "server.log").open("wb")
    process = subprocess.Popen(
        [*UVICORN, "--port", str(port)],
        cwd=folder,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"{url}/api/games", timeout=2).status_code == 200:
                    break
            if process.poll() is not None or time.monotonic() > deadline:
                raise SystemExit(f"the server did not start: {(folder / 'server.log').read_text()}")
            time.sleep(0.1)
        yield url
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
        log.close()


def client_from(url: str, address: str) -> httpx.Client:
    """An HTTP client whose connections come from `address` (another client to the server)."""
    transport = httpx.HTTPTransport(local_address=address)
    return httpx.Client(base_url=url, transport=transport, timeout=30)


class Person:
    """A person at a table against a greedy bot, timing the bot's replies."""

    def __init__(self, http: httpx.Client) -> None:
        self.http = http
        body = {
            "game": "legends",
            "options": QUICK,
            "seats": [PERSON, {"kind": "greedy"}],
            "creator_seat": 0,
        }
        created = http.post("/api/games", json=body)
        created.raise_for_status()
        answer = created.json()
        self.game_id = answer["game_id"]
        own = next(s for s in answer["seats"] if s["token"])
        self.seat, self.headers = own["seat"], {"Authorization": f"Bearer {own['token']}"}

    def view(self) -> dict[str, Any]:
        got = self.http.get(f"/api/games/{self.game_id}/view", headers=self.headers)
        got.raise_for_status()
        return dict(got.json())

    def bot_reply(self, seen: dict[str, Any], since: float, until: float) -> tuple[float, bool]:
        """The seconds from `since` until the bot, to act in `seen`, has moved, and
        whether it has (else: not within the timeout, or by the time `until`)."""
        while time.monotonic() - since < REPLY_TIMEOUT and time.monotonic() < until:
            if self.view()["version"] > seen["version"]:
                return time.monotonic() - since, True
            time.sleep(0.02)
        return time.monotonic() - since, False

    def replies(self, count: int, until: float) -> tuple[list[float], float | None]:
        """The bot's reply times, to the table's opening (if the bot moves first) and to
        the person's moves, until `count` or the time `until`; and how long the person
        had waited for a reply that had not come at the end (None: none)."""
        times: list[float] = []
        since = time.monotonic()
        while len(times) < count and time.monotonic() < until:
            seen = self.view()
            if seen["status"] != "active":
                break
            if self.seat not in seen["to_act"]:
                took, came = self.bot_reply(seen, since, until)
                if not came:
                    return times, took
                times.append(took)
                continue
            legal = self.http.get(f"/api/games/{self.game_id}/legal", headers=self.headers)
            actions = [a for a in legal.json()["actions"] if a["type"] != "concede"]
            body = {"action": actions[0], "version": seen["version"]}
            self.http.post(f"/api/games/{self.game_id}/actions", json=body, headers=self.headers)
            since = time.monotonic()
        return times, None


def flood(http: httpx.Client, tables: int, bots: int) -> Counter[int]:
    body = {"game": "legends", "options": BATTLE, "seats": [{"kind": "ismcts"}] * bots}
    return Counter(http.post("/api/games", json=body).status_code for _ in range(tables))


def shown(measured: tuple[list[float], float | None]) -> str:
    times, waiting = measured
    each = [f"{t:.2f}" for t in times]
    if waiting is not None:
        each.append(f"still waiting after {waiting:.2f}")
    if not times:
        return f"none  ({', '.join(each)})"
    return f"median {statistics.median(times):.2f} s, max {max(times):.2f} s  ({', '.join(each)})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--bots", type=int, default=4, help="ISMCTS bots a flood table")
    parser.add_argument("--replies", type=int, default=4, help="replies timed under the flood")
    parser.add_argument("--searching-seats", type=int, default=None)
    args = parser.parse_args()
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as folder, server(Path(folder), args.searching_seats) as url:
        import tavola  # the code PYTHONPATH gives, as the server's

        print(f"server: {Path(tavola.__file__).parent.parent}")
        with client_from(url, "127.0.0.2") as people, client_from(url, "127.0.0.1") as flooder:
            person = Person(people)
            quiet = person.replies(3, time.monotonic() + 30)
            print(f"greedy bot's reply, quiet:        {shown(quiet)}")
            codes = flood(flooder, args.tables, args.bots)
            print(f"flood of {args.tables} tables x {args.bots} ISMCTS bots: {dict(codes)}")
            time.sleep(3.0)  # the flood's questions are asked, the thinking process is up
            person = Person(people)
            loud = person.replies(args.replies, started + 105)
            print(f"greedy bot's reply, under flood:  {shown(loud)}")
    print(f"({time.monotonic() - started:.0f} s in all)")


if __name__ == "__main__":
    main()
