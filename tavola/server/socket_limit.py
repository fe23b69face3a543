"""How many WebSockets one client may hold open: each costs the server its buffers, its
outbox and its share of every push, for as long as it stays."""

from __future__ import annotations

from collections.abc import Mapping

from .settings import number
from .sharing import share_from

SOCKETS_PER_CLIENT = 64
"""A family, or a classroom behind one address, each at a table or two, stays well under."""

TOO_MANY_SOCKETS = 4429
"""The close code of a socket over its client's limit (reason `too_many_sockets`): the
page tries again later, as after any other close but 4401/4404/4409."""


def socket_limit_from(environ: Mapping[str, str]) -> int:
    """`TAVOLA_SOCKETS_PER_CLIENT` (0: no limit), else the default."""
    return number(environ, "TAVOLA_SOCKETS_PER_CLIENT", SOCKETS_PER_CLIENT, int)


class SocketCounts:
    """The open sockets of each client (by `ratelimit.client_key`) in this process; a
    client with none is not kept. On a database server, what the other processes hold
    counts too (`sharing`)."""

    def __init__(self, most: int) -> None:
        self.most = most
        self.open: dict[str, int] = {}
        self.others: dict[str, int] = {}

    def take(self, client: str) -> bool:
        """Counts one more socket of `client`, or False (none counted) at its limit."""
        held = self.open.get(client, 0)
        if self.most and held + self.others.get(client, 0) >= self.most:
            return False
        self.open[client] = held + 1
        return True

    def to_share(self) -> dict[str, int]:
        """The clients holding a fair part of their limit here, for the other processes."""
        if not self.most:
            return {}
        least = share_from(self.most)
        return {client: held for client, held in self.open.items() if held >= least}

    def give_back(self, client: str) -> None:
        held = self.open.get(client, 0) - 1
        if held > 0:
            self.open[client] = held
        else:
            self.open.pop(client, None)
