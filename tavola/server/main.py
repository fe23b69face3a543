"""The application instance uvicorn's workers import (configured by the environment)."""

from __future__ import annotations

import gc
import os

from .app import create_app
from .loading import IDLE_SECONDS
from .ratelimit import limit_from, trusted_from
from .searching import searching_seats_from
from .socket_limit import socket_limit_from
from .thinking import THINK_SECONDS

app = create_app(
    bot_delay=float(os.environ.get("TAVOLA_BOT_DELAY", "0.6")),
    create_limit=limit_from(os.environ),
    trusted_proxies=trusted_from(os.environ),
    socket_limit=socket_limit_from(os.environ),
    idle_seconds=float(os.environ.get("TAVOLA_IDLE_SECONDS", IDLE_SECONDS)),
    think_seconds=float(os.environ.get("TAVOLA_THINK_SECONDS", THINK_SECONDS)),
    searching_seats=searching_seats_from(os.environ),
)

# The modules and the app live as long as the process: frozen, the collector's full passes
# no longer walk them. Young collections come less often, so the copies a move makes and
# drops die by reference counting before a collection has to look at them.
gc.collect()
gc.freeze()
gc.set_threshold(20_000, 20, 10)
