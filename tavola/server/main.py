"""The application instance uvicorn's workers import (configured by the environment)."""

from __future__ import annotations

import os

from .app import create_app

app = create_app(bot_delay=float(os.environ.get("TAVOLA_BOT_DELAY", "0.6")))
