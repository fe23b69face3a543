"""How many games one client may create: a token bucket per client address.

The client is the connection's peer; `X-Forwarded-For` is believed only when that peer is
a configured trusted proxy (anyone else could write any address there). IPv6 clients are
counted by their /64, which one host usually holds whole.

On SQLite (one process) the buckets are in memory; on a database server they are rows there,
shared by every process and machine on it (`tavola.store.buckets`), taken in a worker
thread: creation is not a move, and one round trip is cheap beside making a table."""

from __future__ import annotations

import ipaddress
import math
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from starlette.concurrency import run_in_threadpool
from starlette.requests import HTTPConnection

from tavola.store import Database, buckets

from .refusal import TryLater
from .settings import number

Address = ipaddress.IPv4Address | ipaddress.IPv6Address
Network = ipaddress.IPv4Network | ipaddress.IPv6Network

MOST_CLIENTS = 100_000
"""Buckets kept at most: the least recently used go first (a bucket forgotten is full)."""
FORGET_FULL_SECONDS = 600.0
"""Seconds between two sweeps of the stored buckets full again."""


@dataclass(frozen=True, slots=True)
class CreationLimit:
    """`burst` games at once, then `per_minute` more each minute, per client.
    `trusted_proxies`: addresses or networks (`10.0.0.0/8`) of the proxies in front of
    the server, whose `X-Forwarded-For` names the client."""

    burst: int = 30
    per_minute: float = 12.0
    trusted_proxies: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.burst < 1 or not (math.isfinite(self.per_minute) and self.per_minute > 0):
            raise ValueError("a creation limit needs burst >= 1 and per_minute > 0")
        for proxy in self.trusted_proxies:
            ipaddress.ip_network(proxy, strict=False)  # a bad one stops the start, named


DEFAULT_CREATION_LIMIT = CreationLimit()


def limit_from(environ: Mapping[str, str]) -> CreationLimit | None:
    """The limit a served process is given: `TAVOLA_CREATE_BURST` and
    `TAVOLA_CREATE_PER_MINUTE` (either 0: no limit) and `TAVOLA_TRUSTED_PROXIES`; the
    defaults for what is not set. A bad value raises ValueError, naming it."""
    default = DEFAULT_CREATION_LIMIT
    per_minute = number(environ, "TAVOLA_CREATE_PER_MINUTE", default.per_minute, float)
    burst = number(environ, "TAVOLA_CREATE_BURST", default.burst, int)
    if per_minute == math.inf:
        raise ValueError("TAVOLA_CREATE_PER_MINUTE: 0 is no limit, not infinity")
    if per_minute == 0 or burst == 0:
        return None
    return CreationLimit(burst=burst, per_minute=per_minute, trusted_proxies=trusted_from(environ))


def trusted_from(environ: Mapping[str, str]) -> tuple[str, ...]:
    """`TAVOLA_TRUSTED_PROXIES`: comma-separated addresses or networks, each written as a
    network (`10.0.0.0/8`, `127.0.0.1/32`); a bad one raises ValueError, naming it."""
    proxies = environ.get("TAVOLA_TRUSTED_PROXIES", "")
    networks = []
    for proxy in (p.strip() for p in proxies.split(",")):
        if proxy:
            try:
                networks.append(str(ipaddress.ip_network(proxy, strict=False)))
            except ValueError:
                raise ValueError(f"TAVOLA_TRUSTED_PROXIES: {proxy!r} is no address") from None
    return tuple(networks)


def trusted_networks(proxies: Iterable[str]) -> list[Network]:
    return [ipaddress.ip_network(p, strict=False) for p in proxies]


def trusted_of(connection: HTTPConnection) -> list[Network]:
    """The trusted proxies of the connection's app (set by `install`)."""
    trusted: list[Network] = getattr(connection.app.state, "trusted_proxies", [])
    return trusted


class TooManyGames(TryLater):
    def __init__(self, seconds: int) -> None:
        super().__init__(
            "too_many_games",
            "Too many new games from your address",
            "Troppe partite nuove dal tuo indirizzo",
            seconds,
        )


class Buckets:
    """A token bucket per key: `burst` tokens, refilled at `per_second`."""

    def __init__(
        self,
        burst: int,
        per_second: float,
        clock: Callable[[], float] = time.monotonic,
        most: int = MOST_CLIENTS,
    ) -> None:
        self.burst = burst
        self.per_second = per_second
        self.clock = clock
        self.most = most
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()
        """Key: (tokens left, when counted)."""

    def take(self, key: str) -> float:
        """Takes a token for `key`: 0.0, or the seconds until one is there (none taken)."""
        moment = self.clock()
        tokens, at = self._buckets.pop(key, (float(self.burst), moment))
        tokens = min(float(self.burst), tokens + (moment - at) * self.per_second)
        wait = 0.0
        if tokens >= 1.0:
            tokens -= 1.0
        else:
            wait = (1.0 - tokens) / self.per_second
        self._buckets[key] = (tokens, moment)
        while len(self._buckets) > self.most:
            self._buckets.popitem(last=False)
        return wait


class StoredBuckets:
    """A token bucket per key under the limit `name`, in the database server's table:
    every process on it takes from the same buckets. `take` waits for the database (call
    it from a worker thread)."""

    def __init__(self, db: Database, name: str, burst: int, per_second: float) -> None:
        self.engine = db.engine.execution_options(isolation_level="AUTOCOMMIT")
        self.name = name
        self.burst = burst
        self.per_second = per_second
        self._forget_at = 0.0

    def take(self, key: str) -> float:
        """Takes a token for `key`: 0.0, or the seconds until one is there (none taken)."""
        with self.engine.connect() as connection:
            wait = buckets.take(connection, self.name, key, self.burst, self.per_second)
            if time.monotonic() >= self._forget_at:  # a race here sweeps twice: harmless
                self._forget_at = time.monotonic() + FORGET_FULL_SECONDS
                buckets.forget_full(connection)
        return wait


class CreationThrottle:
    """The creation limit: in this process's memory (`db` None or SQLite), else shared
    by every process on the database server."""

    def __init__(
        self,
        limit: CreationLimit,
        clock: Callable[[], float] = time.monotonic,
        db: Database | None = None,
    ) -> None:
        per_second = limit.per_minute / 60.0
        self.buckets: Buckets | StoredBuckets = (
            Buckets(limit.burst, per_second, clock)
            if db is None or db.is_sqlite
            else StoredBuckets(db, "games", limit.burst, per_second)
        )
        self.waits_for_database = isinstance(self.buckets, StoredBuckets)
        self.trusted = trusted_networks(limit.trusted_proxies)

    def check(self, connection: HTTPConnection) -> None:
        """Counts a creation by the connection's client, or refuses it (429)."""
        wait = self.buckets.take(client_key(connection, self.trusted))
        if wait > 0:
            raise TooManyGames(max(1, math.ceil(wait)))


def client_key(connection: HTTPConnection, trusted: Iterable[Network] = ()) -> str:
    """Who is asking: the peer's address, or, from a trusted proxy, the nearest address
    in `X-Forwarded-For` that is not one of the trusted proxies."""
    peer = connection.client.host if connection.client else ""
    address = _address(peer)
    trusted = list(trusted)
    if address is not None and _within(address, trusted):
        hops = [
            hop.strip()
            for header in connection.headers.getlist("x-forwarded-for")
            for hop in header.split(",")
        ]
        for hop in reversed(hops):  # the nearest first: each was added by the next proxy
            seen = _address(hop)
            if seen is None:
                break  # not an address: what lies beyond it is not believed either
            address = seen
            if not _within(seen, trusted):
                break
    return peer if address is None else _counted_as(address)


def peer_key(host: str) -> str:
    """A peer address as counts take it: IPv6 by its /64."""
    address = _address(host)
    return host if address is None else _counted_as(address)


def is_trusted(host: str, trusted: Iterable[Network]) -> bool:
    address = _address(host)
    return address is not None and _within(address, list(trusted))


def _counted_as(address: Address) -> str:
    if address.version == 6:
        return str(ipaddress.ip_network(f"{address}/64", strict=False))
    return str(address)


def _address(text: str) -> Address | None:
    try:
        address = ipaddress.ip_address(text)
    except ValueError:
        return None
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped
    return address


def _within(address: Address, networks: list[Network]) -> bool:
    return any(address in network for network in networks)


def install(
    app: FastAPI,
    limit: CreationLimit | None,
    trusted_proxies: Iterable[str],
    db: Database | None = None,
) -> None:
    """The app's creation limit (None: none; shared on `db` when that is a database
    server), its trusted proxies (for every count by client, the limit or none) and its
    429's `Retry-After`."""
    app.state.create_throttle = CreationThrottle(limit, db=db) if limit is not None else None
    app.state.trusted_proxies = trusted_networks(trusted_proxies)

    @app.exception_handler(TooManyGames)
    async def too_many(_: Request, exc: TooManyGames) -> JSONResponse:
        headers = {"Retry-After": str(exc.seconds)}
        return JSONResponse(exc.to_json(), status_code=exc.status, headers=headers)


def client_of(connection: HTTPConnection) -> str:
    """Who is asking, as the creation limit counts it."""
    return client_key(connection, getattr(connection.app.state, "trusted_proxies", ()))


async def may_create(connection: HTTPConnection) -> None:
    """A route dependency: counts a creation by its client, or refuses it (429)."""
    throttle: CreationThrottle | None = getattr(connection.app.state, "create_throttle", None)
    if throttle is None:
        return
    if throttle.waits_for_database:
        await run_in_threadpool(throttle.check, connection)
    else:
        throttle.check(connection)
