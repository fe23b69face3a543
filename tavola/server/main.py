"""The application instance uvicorn's workers import (configured by the environment)."""

from __future__ import annotations

import gc
import os

from .app import create_app

app = create_app(bot_delay=float(os.environ.get("TAVOLA_BOT_DELAY", "0.6")))

# The modules and the app live as long as the process: frozen, the collector's full passes
# no longer walk them. Young collections come less often, so the copies a move makes and
# drops die by reference counting before a collection has to look at them.
gc.collect()
gc.freeze()
gc.set_threshold(20_000, 20, 10)
