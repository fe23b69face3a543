"""The connection limits of one client across server processes (workers, machines) on a
database server. Each process counts the connections it holds, as it always did, and
answers a new one from memory: no database trip on any connection. Once a second it
publishes the clients holding a fair part of their limit (`share_from`) and learns what the
other processes published; a client is refused when what it holds here and elsewhere
reaches the limit. A process's rows live 10 seconds unless renewed, so a dead one's go.

What this gives up: a second's lag (a client may open up to its limit on each process
within the second before the others learn of it), and up to `share_from` - 1 unpublished
connections per process (a sixteenth of the limit: a few processes together stay near it)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Mapping
from typing import Protocol

from tavola.store import Database, held_counts

SHARE_SECONDS = 1.0
LEASE_SECONDS = 10.0
"""How long a process's published counts live without being renewed (ten rounds)."""

log = logging.getLogger(__name__)


def share_from(most: int) -> int:
    """What a client must hold in one process, under a limit of `most`, to be published."""
    return max(1, most // 16)


class Shared(Protocol):
    """A process's counts by client that other processes may add to."""

    others: dict[str, int]
    """What the other processes hold, by client (as last learned)."""

    def to_share(self) -> dict[str, int]:
        """The clients worth publishing and what this process holds of each."""
        ...


class Sharing:
    """This process's part in the exchange, by kind of count (`connections`, `sockets`)."""

    def __init__(self, db: Database, counts: Mapping[str, Shared]) -> None:
        self.engine = db.engine
        self.counts = counts
        self.worker = secrets.token_hex(8)

    def exchange(self, mine: held_counts.Held) -> dict[str, dict[str, int]]:
        """Publishes this process's counts, answers the others' (waits for the database)."""
        with self.engine.begin() as connection:
            return held_counts.exchange(connection, self.worker, mine, LEASE_SECONDS)

    def learn(self, others: Mapping[str, dict[str, int]]) -> None:
        for kind, counts in self.counts.items():
            counts.others = others.get(kind, {})

    def withdraw(self) -> None:
        with self.engine.begin() as connection:
            held_counts.withdraw(connection, self.worker)

    async def run(self, every: float = SHARE_SECONDS) -> None:
        """Exchanges every `every` seconds for as long as the process serves (the counts
        are read and written on the loop that changes them; the database waited for in a
        worker thread)."""
        while True:
            mine = {kind: counts.to_share() for kind, counts in self.counts.items()}
            exchanging = asyncio.ensure_future(asyncio.to_thread(self.exchange, mine))
            try:
                self.learn(await asyncio.shield(exchanging))
            except asyncio.CancelledError:  # stopped: the exchange under way ends first, so
                with contextlib.suppress(Exception):  # that `withdraw` comes after it
                    await exchanging
                raise
            except Exception:  # the database away a moment: the last counts learned stand
                log.warning("sharing connection counts failed; again in %s s", every, exc_info=True)
            await asyncio.sleep(every)
